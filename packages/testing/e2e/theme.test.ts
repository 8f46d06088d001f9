import { readFileSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { gotoReady, launchBrowser, openPage } from '../src/browser.js';
import { REPO_ROOT } from '../src/paths.js';

// Served as any static host serves it: nothing here may work only because docgen serves it.
const siteUrl = inject('plainUrl');
const variantUrl = inject('variantUrl');
const outDir = inject('outDir');
const SCREENSHOTS = join(REPO_ROOT, 'test-results', 'screenshots');
const DESKTOP = { width: 1280, height: 900 };
const MOBILE = { width: 800, height: 900 };

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function open(path: string, options: Parameters<typeof openPage>[1] = {}, base = siteUrl) {
  const opened = await openPage(browser, { viewport: DESKTOP, ...options });
  await gotoReady(opened.page, base + path);
  return opened;
}

const isVisible = (page: Page, selector: string) => page.locator(selector).first().isVisible();

describe('layout', () => {
  it.each([DESKTOP, MOBILE])('makes "Skip to main content" the first focusable element (%o)', async (viewport) => {
    const { context, page } = await open('/en/docs/guide/overview', { viewport });
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to main content');
    await page.keyboard.press('Enter');
    // Focus moves into the main content: the next Tab lands on its first link, not the announcement bar.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('__docgen-main');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('main')?.id)).toBe('__docgen-main');
    expect(await page.evaluate(() => document.activeElement?.matches('a[href], button'))).toBe(true);
    await context.close();
  });

  it('shows the announcement bar in its colours, and remembers its dismissal until the id changes, with no flash', async () => {
    const { context, page } = await open('/en/');
    const bar = page.locator('.announcement-bar');
    expect(await bar.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe('rgb(31, 79, 209)');
    expect(await bar.evaluate((element) => getComputedStyle(element).color)).toBe('rgb(255, 255, 255)');
    await page.getByRole('button', { name: 'Close', exact: true }).click();
    expect(await bar.isVisible()).toBe(false);
    expect(await page.evaluate(() => localStorage.getItem('docgen.announcement.dismiss'))).toBe('release-2508-1');
    // Reload with scripts of the bundle blocked: the inline head script alone must hide the bar.
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.reload({ waitUntil: 'domcontentloaded' });
    expect(await bar.isVisible()).toBe(false);
    await page.unroute('**/assets/*.js');
    await page.evaluate(() => localStorage.setItem('docgen.announcement.dismiss', 'an-older-bar'));
    await gotoReady(page);
    expect(await bar.isVisible()).toBe(true);
    await context.close();
  });

  it('keeps the navbar fixed at the top and shows the footer with links, logo and copyright', async () => {
    const { context, page } = await open('/en/docs/guide/overview');
    await page.mouse.wheel(0, 2500);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
    expect(await page.locator('nav.navbar').evaluate((element) => element.getBoundingClientRect().top)).toBe(0);
    const footer = page.locator('footer.footer');
    expect(await footer.getAttribute('class')).toContain('footer--dark');
    expect(await footer.locator('.footer__title').allTextContents()).toEqual(['Docs', 'SDK', 'More']);
    expect(await footer.locator('.footer__logo').getAttribute('src')).toBe('/img/logo.svg');
    expect(await footer.locator('.footer__copyright').textContent()).toBe('Copyright © 2025 Example Analysis Inc.');
    await context.close();
  });
});

describe('navbar', () => {
  it('places items left and right (right by default) and marks external links', async () => {
    const { context, page } = await open('/en/');
    expect(await page.locator('.navbar__items:not(.navbar__items--right) > .navbar__link').allTextContents()).toEqual([
      'Guide',
      'Release notes',
      'Blog',
    ]);
    const external = page.locator('.navbar__items--right > a.navbar__link');
    expect(await external.textContent()).toContain('Customer center');
    expect(await external.locator('.external-link-icon').count()).toBe(1);
    expect(await external.getAttribute('rel')).toBe('noopener noreferrer');
    await context.close();
  });

  it('opens dropdowns with Enter and closes them on outside mousedown, on focus leaving and on Escape', async () => {
    const { context, page } = await open('/en/docs/guide/overview');
    const toggle = page.locator('.navbar .dropdown__toggle', { hasText: 'English' });
    await toggle.focus();
    await page.keyboard.press('Enter');
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    expect(await page.locator('.dropdown--show .dropdown__link').allTextContents()).toEqual(['한국어', 'English']);
    await page.mouse.click(600, 600);
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.click();
    await page.keyboard.press('Escape');
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('English');
    // Focus on the button does not keep a closed menu on screen.
    await expect.poll(() => toggle.locator('xpath=..').locator('.dropdown__menu').isVisible()).toBe(false);
    await context.close();
  });

  it('shows the menu of a dropdown clicked before the page is hydrated, with links that work, and keeps it open after', async () => {
    const { context, page } = await openPage(browser, { viewport: DESKTOP });
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/*.js', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(siteUrl + '/en/docs/guide/overview', { waitUntil: 'commit' });
    // Styled, as a reader sees it: the menu's position and fade-in are the stylesheet's.
    await page.waitForFunction(() => {
      const links = [...document.querySelectorAll<HTMLLinkElement>('link[rel=stylesheet]')];
      return document.readyState !== 'loading' && links.length > 0 && links.every((link) => link.sheet);
    });
    const toggle = page.locator('.navbar .dropdown__toggle', { hasText: 'English' });
    const menu = toggle.locator('xpath=..').locator('.dropdown__menu');
    await toggle.click();
    // Within its fade-in: the first frame after the click may still be the hidden one.
    await expect.poll(() => menu.isVisible()).toBe(true);
    // The link takes the pointer: what lies beneath the menu does not.
    const korean = menu.locator('.dropdown__link', { hasText: '한국어' });
    expect(
      await korean.evaluate((link) => {
        const box = link.getBoundingClientRect();
        return document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2)?.closest('a') === link;
      }),
    ).toBe(true);
    // Hydrated with focus still in it, the dropdown is open and the button closes it.
    release();
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('true');
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await expect.poll(() => menu.isVisible()).toBe(false);
    await toggle.click();
    await korean.click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/docs/guide/overview');
    await context.close();
  });

  it('hides on scroll down and shows on scroll up when hideOnScroll is set', async () => {
    const { context, page } = await open('/en/docs/guide/overview', {}, variantUrl);
    const navbar = page.locator('nav.navbar');
    await page.mouse.wheel(0, 1500);
    await expect.poll(() => navbar.getAttribute('class')).toContain('navbar--hidden');
    await page.mouse.wheel(0, -400);
    await expect.poll(() => navbar.getAttribute('class')).not.toContain('navbar--hidden');
    await context.close();
  });
});

describe('mobile navigation (800 px)', () => {
  it('opens a panel with the navbar items and the doc sidebar, traps focus, locks scrolling and closes on Escape', async () => {
    const { context, page, problems } = await open('/en/docs/guide/api/analyzeCode', { viewport: MOBILE });
    expect(await isVisible(page, '.navbar__items > .navbar__link')).toBe(false);
    expect(await isVisible(page, '.docs-sidebar-container')).toBe(false);
    const toggle = page.getByRole('button', { name: 'Toggle navigation bar' });
    await toggle.click();
    // The menu's code loads when the button is pressed: the panel opens once it has arrived.
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('hidden');
    // On a doc page the secondary menu (the doc sidebar) shows first, with a way back.
    expect(await dialog.locator('.menu__link--active').textContent()).toBe('analyzeCode');
    await dialog.getByRole('button', { name: '← Back to main menu' }).click();
    expect(await dialog.locator('.navbar-sidebar__primary .menu__link').first().textContent()).toBe('Guide');
    for (let index = 0; index < 25; index++) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Toggle navigation bar');
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('closes the panel on navigation and when the viewport becomes desktop-wide', async () => {
    const { context, page } = await open('/en/docs/guide/overview', { viewport: MOBILE });
    await page.getByRole('button', { name: 'Toggle navigation bar' }).click();
    await page.getByRole('dialog').locator('a', { hasText: 'Quick start' }).first().click();
    await expect.poll(() => page.url()).toBe(`${siteUrl}/en/docs/guide/start`);
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    // After navigation focus goes to the new page's heading, not back to the menu button.
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
    await page.getByRole('button', { name: 'Toggle navigation bar' }).click();
    expect(await page.getByRole('dialog').count()).toBe(1);
    await page.setViewportSize(DESKTOP);
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await context.close();
  });

  it('collapses the table of contents on mobile', async () => {
    const { context, page } = await open('/en/docs/guide/api/analyzeCode', { viewport: MOBILE });
    expect(await isVisible(page, '.table-of-contents')).toBe(false);
    const details = page.locator('details.toc-mobile');
    expect(await details.getAttribute('open')).toBeNull();
    await details.locator('summary').click();
    expect(await details.locator('a').first().isVisible()).toBe(true);
    await context.close();
  });
});

describe('doc page', () => {
  it('highlights the active item, expands its category and shows breadcrumbs and previous/next links', async () => {
    const { context, page } = await open('/en/docs/guide/api/viewAnalysis');
    expect(await page.locator('.doc-sidebar [aria-current="page"]').textContent()).toBe('viewAnalysis');
    expect(
      await page.getByRole('button', { name: "Toggle the collapsible sidebar category 'API guide'" }).getAttribute('aria-expanded'),
    ).toBe('true');
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumbs' });
    expect(await crumbs.locator('li').allTextContents()).toEqual(['', 'API guide', 'viewAnalysis']);
    expect(await crumbs.locator('a', { hasText: 'API guide' }).getAttribute('href')).toBe('/en/docs/category/api-guide');
    expect(await page.locator('.pagination-nav__link--prev').getAttribute('href')).toBe('/en/docs/guide/api/viewRequest');
    expect(await page.locator('.pagination-nav__link--next').getAttribute('href')).toBe('/en/docs/guide/api/stopAnalysis');
    await context.close();
  });

  it('animates a category open and closed with ease-in-out, longer for taller content', async () => {
    const { context, page } = await open('/en/docs/guide/overview');
    const durationOf = async (label: string) => {
      const toggle = page.getByRole('button', { name: `Toggle the collapsible sidebar category '${label}'` });
      // A closed category's region is rendered when it first opens.
      expect(await toggle.getAttribute('aria-controls')).toBeNull();
      // The transition is recorded as it is set: on a slow machine the animation may be over
      // before the test could read it afterwards.
      await page.evaluate(() => {
        const seen: string[] = [];
        (window as unknown as { transitions: string[] }).transitions = seen;
        new MutationObserver((mutations) => {
          for (const { target } of mutations) {
            const transition = (target as HTMLElement).style?.transition;
            if (transition && (target as HTMLElement).classList.contains('menu__collapsible')) seen.push(transition);
          }
        }).observe(document.body, { subtree: true, attributes: true, attributeFilter: ['style'] });
      });
      await toggle.click();
      await expect.poll(() => toggle.getAttribute('aria-controls')).not.toBeNull();
      const list = page.locator(`#${await toggle.getAttribute('aria-controls')}`.replace(/:/g, '\\:'));
      await expect.poll(() => page.evaluate(() => (window as unknown as { transitions: string[] }).transitions.length)).toBeGreaterThan(0);
      const [transition] = await page.evaluate(() => (window as unknown as { transitions: string[] }).transitions);
      expect(transition).toMatch(/^height \d+ms ease-in-out$/);
      await expect.poll(() => list.getAttribute('data-animating')).toBeNull();
      expect(await list.isVisible()).toBe(true);
      await toggle.click();
      await expect.poll(() => list.isVisible()).toBe(false);
      return Number(/(\d+)ms/.exec(transition)![1]);
    };
    const small = await durationOf('SDK guide');
    const large = await durationOf('API guide');
    expect(large).toBeGreaterThan(small);
    await context.close();
  });

  it('skips the animation when the reader prefers reduced motion', async () => {
    const { context, page } = await open('/en/docs/guide/overview', { reducedMotion: 'reduce' });
    const toggle = page.getByRole('button', { name: "Toggle the collapsible sidebar category 'API guide'" });
    await toggle.click();
    const list = page.locator('.menu__collapsible', { has: page.locator('a', { hasText: 'analyzeCode' }) });
    expect(await list.evaluate((element) => [(element as HTMLElement).style.transition, element.getAttribute('data-animating')])).toEqual([
      '',
      null,
    ]);
    expect(await list.isVisible()).toBe(true);
    await context.close();
  });

  it('lists h2-h3 in the table of contents and highlights the heading being read', async () => {
    const { context, page } = await open('/en/docs/guide/api/analyzeCode');
    const toc = page.locator('.table-of-contents');
    const entries = await toc.locator('a').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    const levels = await page.evaluate(
      (hrefs) => hrefs.map((href) => document.getElementById(decodeURIComponent(href!.slice(1)))!.tagName),
      entries,
    );
    expect(new Set(levels)).toEqual(new Set(['H2', 'H3']));
    expect(await page.locator('.markdown h4').count()).toBeGreaterThan(0);
    const target = entries[4]!;
    await page.evaluate((id) => document.getElementById(id)!.scrollIntoView(), decodeURIComponent(target.slice(1)));
    await expect.poll(() => toc.locator('.table-of-contents__link--active').getAttribute('href')).toBe(target);
    await context.close();
  });

  it('gives headings anchor links', async () => {
    const { context, page } = await open('/en/docs/guide/api/analyzeCode');
    const heading = page.locator('.markdown h2').first();
    const id = await heading.getAttribute('id');
    expect(await heading.locator('a.hash-link').getAttribute('href')).toBe(`#${id}`);
    await heading.hover();
    await heading.locator('a.hash-link').click();
    expect(decodeURIComponent(new URL(page.url()).hash)).toBe(`#${id}`);
    await context.close();
  });

  it('highlights code differently in light and dark mode', async () => {
    const colours: string[] = [];
    for (const colorScheme of ['light', 'dark'] as const) {
      const { context, page } = await open('/en/docs/guide/sdk/Java', { colorMode: colorScheme });
      expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(colorScheme);
      colours.push(
        await page
          .locator('.language-java .token.keyword')
          .first()
          .evaluate((element) => getComputedStyle(element).color),
      );
      await context.close();
    }
    expect(colours[0]).not.toBe(colours[1]);
  });

  it("draws the markup of a code block as text, not as the page's tags (Prism's token tag shares their class)", async () => {
    const { context, page } = await open('/en/docs/guide/sdk/Java');
    const tag = page.locator('.language-xml .token.tag').first();
    expect(await tag.evaluate((element) => getComputedStyle(element).borderTopWidth)).toBe('0px');
    expect(await tag.evaluate((element) => getComputedStyle(element).display)).toBe('inline');
    await context.close();
  });

  it("sizes a code block's code and inline code as Infima does: --ifm-code-font-size of the text, once", async () => {
    const { context, page } = await open('/en/docs/guide/sdk/Java');
    const sizes = await page.evaluate(() => {
      const size = (selector: string) => parseFloat(getComputedStyle(document.querySelector(selector)!).fontSize);
      const ratio = parseFloat(getComputedStyle(document.documentElement).getPropertyValue('--ifm-code-font-size')) / 100;
      return { block: size('.code-block__pre code'), inline: size('.markdown p > code'), text: size('.markdown p'), ratio };
    });
    expect(sizes.ratio).toBe(0.9);
    expect(sizes.block).toBeCloseTo(sizes.text * sizes.ratio, 1);
    expect(sizes.inline).toBeCloseTo(sizes.text * sizes.ratio, 1);
    await context.close();
  });
});

describe('tables', () => {
  /**
   * Words of table cells that the browser broke between two letters or digits (`opt|ions`, `아|니요`),
   * as `word@index`. A prose word may still wrap after its hyphen (`soon-to-|be`); code never wraps.
   */
  const splitWords = (page: Page) =>
    page.evaluate(() => {
      const split: string[] = [];
      const lineOf = (node: Text, index: number) => {
        const range = document.createRange();
        range.setStart(node, index);
        range.setEnd(node, index + 1);
        return Math.round(range.getBoundingClientRect().top);
      };
      for (const cell of document.querySelectorAll('.markdown td, .markdown th')) {
        const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
          const text = node.data;
          const inCode = !!node.parentElement?.closest('code');
          for (const match of text.matchAll(/\S+/g)) {
            for (let index = match.index + 1; index < match.index + match[0].length; index++) {
              if (lineOf(node, index) === lineOf(node, index - 1)) continue;
              if (inCode || (/[\p{L}\p{N}]/u.test(text[index - 1]!) && /[\p{L}\p{N}]/u.test(text[index]!)))
                split.push(`${match[0]}@${index - match.index}`);
            }
          }
        }
      }
      return split;
    });

  it.each([DESKTOP, { width: 390, height: 844 }])('keep every word of a cell whole and scroll inside their box (%o)', async (viewport) => {
    for (const path of ['/en/docs/guide/api/analyzeCode', '/docs/guide/api/analyzeCode', '/docs/guide/api/downloadFile']) {
      const { context, page } = await open(path, { viewport });
      expect(await page.locator('.markdown table').count(), path).toBeGreaterThan(0);
      expect(await splitWords(page), path).toEqual([]);
      // The page itself never scrolls sideways: long tables, URLs and identifiers stay in the column.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), path).toBe(true);
      await context.close();
    }
  });
});

describe('banners', () => {
  it('marks unlisted pages and leaves drafts out of the production build', async () => {
    const { context, page } = await open('/en/docs/guide/faq');
    expect(await page.locator('.doc-banner').first().textContent()).toContain('This page is unlisted');
    const draft = await fetch(`${siteUrl}/docs/guide/roadmap-draft`);
    expect(draft.status).toBe(404);
    await context.close();
  });

  it('shows the unmaintained banner on older versions, linking to the same doc or the main doc of the latest', async () => {
    const { context, page } = await open('/en/docs/2506.1/guide/sdk/Java');
    const banner = page.locator('.version-banner');
    expect(await banner.textContent()).toContain('no longer actively maintained');
    expect(await banner.locator('a').getAttribute('href')).toBe('/en/docs/guide/sdk/Java');
    await page.goto(`${siteUrl}/en/docs/2504.1/guide/guide/token`);
    expect(await page.locator('.version-banner a').getAttribute('href')).toBe('/en/docs/guide/overview');
    await page.goto(`${siteUrl}/en/docs/guide/overview`);
    expect(await page.locator('.version-banner').count()).toBe(0);
    await context.close();
  });

  it('shows the unreleased banner on a version marked unreleased', async () => {
    const { context, page } = await open('/en/docs/2506.1/guide/overview', {}, variantUrl);
    expect(await page.locator('.version-banner').textContent()).toContain('This is unreleased documentation for');
    await context.close();
  });

  it('says when an English page shows the Korean source, with a link to the Korean page', async () => {
    const { context, page } = await open('/en/docs/guide/start');
    const notice = page.locator('.doc-banner', { hasText: 'has not been translated yet' });
    expect(await notice.textContent()).toContain('shown in 한국어');
    expect(await notice.locator('a').getAttribute('href')).toBe('/docs/guide/start');
    expect(await page.locator('article [lang="ko-KR"]').count()).toBe(1);
    await context.close();
  });
});

describe('admonitions', () => {
  it('show an SVG icon hidden from screen readers, and announce their kind by their title', async () => {
    const { context, page } = await open('/en/blog/mdx-blog-post');
    const admonitions = page.locator('.admonition');
    expect(await admonitions.count()).toBeGreaterThan(0);
    for (const admonition of await admonitions.all()) {
      const icon = admonition.locator('.admonition-heading > svg.admonition-icon');
      expect(await icon.getAttribute('aria-hidden')).toBe('true');
      expect(await icon.evaluate((element) => element.getBoundingClientRect().width)).toBe(16);
      // No emoji or other glyph that needs a font: the heading's text is its title alone.
      expect(await admonition.locator('.admonition-heading').textContent()).not.toMatch(/\p{Extended_Pictographic}|[\u2139\u26a0]/u);
    }
    await context.close();
  });
});

describe('colour mode', () => {
  it('is light by default, whatever the system prefers, and the toggle switches light <-> dark', async () => {
    const { context, page } = await open('/en/', { colorScheme: 'dark' });
    const toggle = page.locator('.navbar__inner .color-mode-toggle');
    const state = () => page.evaluate(() => [document.documentElement.dataset.theme, localStorage.getItem('theme')]);
    expect(await state()).toEqual(['light', null]);
    await toggle.click();
    expect(await state()).toEqual(['dark', 'dark']);
    await toggle.click();
    expect(await state()).toEqual(['light', 'light']);
    await context.close();
  });

  it('on a site that respects the system: follows it at first paint and cycles system -> light -> dark -> system', async () => {
    const { context, page } = await open('/en/', { colorScheme: 'dark' }, variantUrl);
    const toggle = page.locator('.navbar__inner .color-mode-toggle');
    const state = () => page.evaluate(() => [document.documentElement.dataset.theme, localStorage.getItem('theme')]);
    expect(await state()).toEqual(['dark', null]);
    expect(await toggle.getAttribute('aria-label')).toBe('Switch between dark and light mode (currently system mode)');
    await toggle.click();
    expect(await state()).toEqual(['light', 'light']);
    expect(await toggle.getAttribute('aria-label')).toBe('Switch between dark and light mode (currently light mode)');
    await toggle.click();
    expect(await state()).toEqual(['dark', 'dark']);
    await toggle.click();
    expect(await state()).toEqual(['dark', null]);
    await context.close();
  });
});

describe('blog', () => {
  it('lists posts newest first with excerpts cut at the truncation marker and "Read more" links', async () => {
    const { context, page } = await open('/en/blog');
    const dates = await page.locator('.blog-post--excerpt time').evaluateAll((nodes) => nodes.map((node) => node.getAttribute('datetime')));
    expect(dates).toEqual([...dates].sort().reverse());
    expect(await page.locator('.blog-post__read-more').count()).toBe(4);
    const long = page.locator('.blog-post--excerpt', { has: page.locator('a[href="/en/blog/long-blog-post"]') });
    const excerptLength = (await long.locator('.markdown').textContent())!.length;
    await long.getByRole('link', { name: /Read more about/ }).click();
    await expect.poll(() => page.url()).toBe(`${siteUrl}/en/blog/long-blog-post`);
    expect((await page.locator('.markdown').textContent())!.length).toBeGreaterThan(excerptLength * 3);
    await context.close();
  });

  it('shows a post with authors and avatars, date, reading time, tags, neighbours and a TOC', async () => {
    const { context, page } = await open('/en/blog/long-blog-post');
    expect(await page.locator('.avatar__name').allTextContents()).toEqual(['Jihoon Kim']);
    expect(await page.locator('.avatar__photo').getAttribute('src')).toBe('/img/authors/jihoon.svg');
    expect(await page.locator('.blog-post__meta').textContent()).toMatch(/June 30, 2025 · \d+ min read/);
    expect(await page.locator('.blog-tags a').allTextContents()).toEqual(['hello', 'docusaurus']);
    expect(await page.locator('.pagination-nav a').count()).toBe(2);
    expect(await page.locator('.table-of-contents a').count()).toBeGreaterThan(3);
    await context.close();
  });

  it('has an archive by year, author pages and tag pages', async () => {
    const { context, page } = await open('/en/blog/archive');
    expect(await page.locator('main h2').allTextContents()).toEqual(['2025']);
    expect(await page.locator('.blog-summaries li').count()).toBe(4);
    await gotoReady(page, `${siteUrl}/en/blog/authors`);
    expect(await page.locator('.avatar__name').allTextContents()).toEqual(['Jihoon Kim', 'Sora Lee']);
    await page.locator('.avatar__name', { hasText: 'Sora Lee' }).click();
    await expect.poll(() => page.locator('main h1').textContent()).toBe('Posts by Sora Lee');
    await gotoReady(page, `${siteUrl}/en/blog/tags`);
    expect(await page.locator('.tag-list a').count()).toBe(4);
    await page.locator('.tag-list a', { hasText: 'hola' }).click();
    await expect.poll(() => page.locator('main h1').textContent()).toBe('One post tagged with "hola"');
    await context.close();
  });

  it('shows the recent posts beside a post by year, marks the post read, follows a link in place and hides them on mobile', async () => {
    const { context, page, problems } = await open('/en/blog/long-blog-post');
    const sidebar = page.getByRole('navigation', { name: 'Blog recent posts navigation' });
    expect(await sidebar.locator('.blog-sidebar__title').textContent()).toBe('Recent posts');
    expect(await sidebar.getByRole('heading').allTextContents()).toEqual(['2025']);
    const links = sidebar.getByRole('link');
    expect(await links.count()).toBe(4);
    expect(await sidebar.locator('[aria-current="page"]').getAttribute('href')).toBe('/en/blog/long-blog-post');
    const other = links.filter({ hasNot: page.locator('[aria-current]') }).first();
    const href = await other.getAttribute('href');
    await page.evaluate(() => ((window as unknown as { beforeNavigation: boolean }).beforeNavigation = true));
    await other.click();
    await expect.poll(() => page.url()).toBe(siteUrl + href);
    await expect.poll(() => sidebar.locator('[aria-current="page"]').getAttribute('href')).toBe(href);
    // A client navigation: the page was not loaded again.
    expect(await page.evaluate(() => (window as unknown as { beforeNavigation?: boolean }).beforeNavigation)).toBe(true);
    // The archive lists every post, without the sidebar.
    await gotoReady(page, `${siteUrl}/en/blog/archive`);
    expect(await page.locator('.blog-sidebar').count()).toBe(0);
    await gotoReady(page, `${siteUrl}/blog`);
    expect(await page.locator('.blog-sidebar__title').textContent()).toBe('최근 글');
    await page.setViewportSize(MOBILE);
    expect(await isVisible(page, '.blog-sidebar')).toBe(false);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('errors', () => {
  it('catches a crash anywhere in a page and renders it again on "Try again"', async () => {
    const { context, page, problems } = await open('/en/crash-test', {}, variantUrl);
    await page.getByRole('button', { name: 'Crash this page' }).click();
    expect(await page.locator('main h1').textContent()).toBe('This page crashed.');
    expect(await page.title()).toBe('Page Error');
    expect(await page.locator('nav.navbar').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Try again' }).click();
    expect(await page.locator('main h1').textContent()).toBe('Crash test');
    expect(problems.some((problem) => problem.includes('Deliberate crash'))).toBe(true);
    await context.close();
  });

  it('explains a baseUrl that does not match where the site is served', async () => {
    // Serve the build under /preview/, while the config says baseUrl: /
    const server: Server = createServer((request, response) => {
      const path = (request.url ?? '/').replace(/^\/preview/, '') || '/';
      const file = path.endsWith('/') ? `${path}index.html` : path;
      try {
        response.writeHead(200, { 'Content-Type': file.endsWith('.html') ? 'text/html; charset=utf-8' : 'text/plain' });
        response.end(readFileSync(join(outDir, file)));
      } catch {
        response.writeHead(404).end();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as { port: number }).port;
    const { context, page } = await openPage(browser, { viewport: DESKTOP });
    await page.goto(`http://127.0.0.1:${port}/preview/`, { waitUntil: 'load' });
    const banner = page.locator('#__docgen-base-url-issue');
    await expect.poll(() => banner.count()).toBe(1);
    expect(await banner.getAttribute('role')).toBe('alert');
    expect(await banner.textContent()).toContain('Set baseUrl: /preview/ in docgen.config.yaml');
    await context.close();
    server.close();
    // Served where the config says, the home page shows no banner.
    const normal = await open('/');
    expect(await normal.page.locator('#__docgen-base-url-issue').count()).toBe(0);
    await normal.context.close();
  });
});

describe('English sidebars', () => {
  it('label every item in English, in every version, also of pages not translated yet', async () => {
    for (const path of ['/en/docs/guide/overview', '/en/docs/2506.1/guide/overview', '/en/docs/2504.1/guide/guide/token']) {
      const { context, page } = await open(path);
      // Every category open: the whole sidebar is on the page.
      for (let round = 0; round < 8; round++) {
        const closed = page.locator('.doc-sidebar button[aria-expanded="false"]').filter({ visible: true });
        if ((await closed.count()) === 0) break;
        await closed.first().click();
      }
      const labels = await page.locator('.doc-sidebar a, .doc-sidebar button').allTextContents();
      expect(labels.length, path).toBeGreaterThan(5);
      expect(
        labels.filter((label) => /[\uac00-\ud7a3]/.test(label)),
        path,
      ).toEqual([]);
      await context.close();
    }
  });
});

describe('UI strings', () => {
  it('come from the locale table, and a site can override one in i18n/<locale>/theme.yaml', async () => {
    const ko = await open('/docs/guide/overview');
    expect(await ko.page.locator('.table-of-contents__title').textContent()).toBe('이 페이지의 내용');
    await ko.context.close();
    const en = await open('/en/docs/guide/overview');
    expect(await en.page.locator('.table-of-contents__title').textContent()).toBe('On this page');
    await en.context.close();
    const overridden = await open('/en/docs/guide/overview', {}, variantUrl);
    expect(await overridden.page.locator('.table-of-contents__title').textContent()).toBe('Contents of this page');
    await overridden.context.close();
  });
});

describe('accessibility', () => {
  const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  const pages = [
    '/en/',
    '/en/docs/guide/api/analyzeCode',
    '/en/blog/long-blog-post',
    '/en/versions',
    '/en/no-such-page',
    '/docs/guide/overview',
    '/en/blog',
    '/en/blog/mdx-blog-post',
    '/en/blog/tags',
    '/en/blog/tags/docusaurus',
    '/en/blog/authors',
    '/en/blog/archive',
    '/blog',
  ];
  // The two modes side by side: each page loads and runs axe in a renderer of its own (the pair
  // took 27 s so, against 34 s one after the other). What a mode changes is colours: dark mode is
  // checked by axe's rules of colour (they took about half of a page's full run). Axe details only
  // the violations (`resultTypes`): it took 10 s for seven pages so, against 13 to 18 s.
  const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];
  it.concurrent.for(['light', 'dark'] as const)('has no serious or critical axe violations in %s mode', async (colorScheme, { expect }) => {
    const { context, page } = await openPage(browser, { viewport: DESKTOP, colorMode: colorScheme });
    await context.addInitScript({ content: axeSource });
    const found: string[] = [];
    // Every page kind, and a doc page with the search dialog open on results.
    for (const path of [...pages, 'search']) {
      if (path === 'search') {
        await gotoReady(page, `${siteUrl}/en/docs/guide/overview`);
        await page.keyboard.press('Control+K');
        await page.getByRole('combobox').fill('token');
        await page.getByRole('option').first().waitFor();
      } else {
        await gotoReady(page, siteUrl + path);
      }
      expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(colorScheme);
      const rules = colorScheme === 'dark' ? COLOUR_RULES : undefined;
      const violations = await page.evaluate(async (only) => {
        const result = await (
          window as unknown as {
            axe: {
              run(options: {
                runOnly?: string[];
                resultTypes: string[];
              }): Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }>;
            };
          }
        ).axe.run({ ...(only ? { runOnly: only } : {}), resultTypes: ['violations'] });
        return result.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
      }, rules);
      found.push(
        ...violations.map(
          (violation) =>
            `${path} ${violation.id}: ${violation.nodes
              .map((node) => node.target.join(' '))
              .slice(0, 3)
              .join(' | ')}`,
        ),
      );
    }
    expect(found).toEqual([]);
    await context.close();
  });
});

// Pictures for a person to look at, not a check: `pnpm screenshots` takes them (about 15 s of the
// run's browser time otherwise).
describe.runIf(process.env.DOCGEN_SCREENSHOTS === '1')('screenshots for review (test-results/screenshots)', () => {
  it.each(['light', 'dark'] as const)('captures home, doc, blog post and the mobile menu in %s mode', async (colorScheme) => {
    const shots: [string, string, typeof DESKTOP][] = [
      ['home', '/', DESKTOP],
      ['doc', '/docs/guide/api/analyzeCode', DESKTOP],
      ['blog-post', '/blog/mdx-blog-post', DESKTOP],
      ['mobile-menu', '/docs/guide/api/analyzeCode', MOBILE],
    ];
    for (const [name, path, viewport] of shots) {
      const { context, page } = await open(path, { viewport, colorMode: colorScheme });
      if (name === 'mobile-menu') {
        await page.getByRole('button', { name: '탐색 메뉴 열기/닫기' }).click();
        await page.getByRole('dialog').waitFor();
      }
      mkdirSync(SCREENSHOTS, { recursive: true });
      const file = join(SCREENSHOTS, `${name}-${colorScheme}.png`);
      await page.screenshot({ path: file });
      expect(readFileSync(file).length).toBeGreaterThan(10_000);
      await context.close();
    }
  });
});
