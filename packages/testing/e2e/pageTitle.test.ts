/**
 * A page's title and its first heading, as Docusaurus shows them: a leading `# heading` is the
 * page's h1 (with its id, so links to it work), the front matter `title` names the page (<title>,
 * sidebar, pagination) and is shown only when the body has no leading heading; a blog post's
 * header shows the title and leaves the heading out. Built and served by a plain static file server.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage } from '../src/browser.js';
import { useServedBuild } from '../src/servedBuild.js';

/** Paragraphs enough to make a page scroll well past one screen. */
const filler = (what: string) => Array.from({ length: 40 }, (_, index) => `${what}, paragraph ${index + 1}.`).join('\n\n');

function writeSite(siteDir: string): void {
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(siteDir, path)), { recursive: true });
    writeFileSync(join(siteDir, path), text);
  };
  write('docgen.config.yaml', 'title: Titles\nurl: https://titles.example.com\ni18n:\n  defaultLocale: en\n  locales: [en]\n');
  write('sidebars.yaml', 'docs:\n  - home\n  - other\n  - plain\n');
  write(
    'docs/home.md',
    `---\ntitle: Home\n---\n\n# Welcome to My Docs\n\n${filler('Home')}\n\n## Details\n\n${filler('Details')}\n\n[Back to the top](#welcome-to-my-docs)\n`,
  );
  write('docs/other.md', `---\ntitle: Other\n---\n\n${filler('Other')}\n\nSee [the welcome](./home.md#welcome-to-my-docs).\n`);
  write('docs/plain.md', '---\ntitle: Plain\n---\n\nNo heading of its own.\n');
  write('pages/index.md', '---\ntitle: Start\n---\n\nRead [the docs](/docs/home).\n');
  write('pages/about.md', '---\ntitle: About\n---\n\n# About this site\n\nText.\n');
  write('blog/2025-01-01-post.md', '---\ntitle: Post title\n---\n\n# Heading in the post\n\nText of the post.\n');
}

const served = useServedBuild('docgen-titles-', (root) => {
  writeSite(join(root, 'site'));
  return join(root, 'site');
});

/** The page's h1 elements: their text and id. */
const headingsOf = (page: Page) =>
  page.locator('h1').evaluateAll((elements) => elements.map((element) => ({ text: element.textContent, id: element.id })));

/** Whether an element is within the viewport (top edge below the fixed navbar's top, above the bottom). */
const inViewport = (page: Page, selector: string) =>
  page.locator(selector).evaluate((element) => {
    const { top, bottom } = element.getBoundingClientRect();
    return top >= 0 && bottom <= window.innerHeight;
  });

describe('a doc with a front matter title and a leading # heading', () => {
  it('builds without a broken anchor: the heading keeps its id', () => {
    expect(served.diagnostics.map((diagnostic) => diagnostic.message)).toEqual([]);
  });

  it('shows the heading as its one h1, with its id, and names the page by the front matter title', async () => {
    const { context, page, problems } = await openPage(served.browser, { viewport: { width: 1280, height: 800 } });
    await page.goto(`${served.server.url}/docs/home`);
    expect(await headingsOf(page)).toEqual([{ text: 'Welcome to My Docs', id: 'welcome-to-my-docs' }]);
    expect(await page.title()).toBe('Home | Titles');
    expect(await page.locator('.doc-sidebar a[aria-current="page"]').textContent()).toBe('Home');
    expect(await page.locator('.pagination-nav__link--next .pagination-nav__label').textContent()).toBe('Other');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('scrolls to the heading when a link to #welcome-to-my-docs is followed, from the page and from another', async () => {
    const { context, page, problems } = await openPage(served.browser, { viewport: { width: 1280, height: 800 } });
    await page.goto(`${served.server.url}/docs/home`);
    await page.locator('a', { hasText: 'Back to the top' }).scrollIntoViewIfNeeded();
    expect(await inViewport(page, 'h1')).toBe(false);
    await page.locator('a', { hasText: 'Back to the top' }).click();
    await expect.poll(() => inViewport(page, 'h1#welcome-to-my-docs')).toBe(true);
    expect(new URL(page.url()).hash).toBe('#welcome-to-my-docs');

    // Opened at the address: the heading is the target.
    await page.goto(`${served.server.url}/docs/other`);
    await page.goto(`${served.server.url}/docs/home#welcome-to-my-docs`);
    expect(await page.evaluate(() => document.querySelector(':target')?.outerHTML)).toMatch(/^<h1 id="welcome-to-my-docs">/);

    // From another page, by client navigation.
    await page.goto(`${served.server.url}/docs/other`);
    await page.locator('a', { hasText: 'the welcome' }).click();
    await page.waitForURL(`${served.server.url}/docs/home#welcome-to-my-docs`);
    await expect.poll(() => inViewport(page, 'h1#welcome-to-my-docs')).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('keeps the heading as its h1 after a client navigation back to it', async () => {
    const { context, page, problems } = await openPage(served.browser, { viewport: { width: 1280, height: 800 } });
    await page.goto(`${served.server.url}/docs/plain`);
    expect(await headingsOf(page)).toEqual([{ text: 'Plain', id: '' }]);
    await page.locator('.doc-sidebar a', { hasText: 'Home' }).click();
    await page.waitForURL(`${served.server.url}/docs/home`);
    await expect.poll(() => headingsOf(page)).toEqual([{ text: 'Welcome to My Docs', id: 'welcome-to-my-docs' }]);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('other pages of markdown', () => {
  it('a markdown page shows its leading # heading as its one h1', async () => {
    const { context, page } = await openPage(served.browser);
    await page.goto(`${served.server.url}/about`);
    expect(await headingsOf(page)).toEqual([{ text: 'About this site', id: 'about-this-site' }]);
    expect(await page.title()).toBe('About | Titles');
    await context.close();
  });

  it("a blog post's header shows its title, and the post leaves its leading # heading out", async () => {
    const { context, page } = await openPage(served.browser);
    await page.goto(`${served.server.url}/blog/post`);
    expect((await headingsOf(page)).map((heading) => heading.text)).toEqual(['Post title']);
    expect(await page.locator('main').textContent()).not.toContain('Heading in the post');
    await context.close();
  });
});
