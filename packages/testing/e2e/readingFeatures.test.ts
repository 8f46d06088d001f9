/**
 * Math, diagrams and the reading comforts, in Chromium on a site built here by the real CLI and
 * served by a plain static server: KaTeX's HTML is in the page with JavaScript off and its
 * stylesheet is loaded only by pages with math (client navigation included); a mermaid block is
 * drawn as SVG, in the colour mode's colours, and mermaid is loaded by no other page; the
 * back-to-top button and the image zoom work from the keyboard; `<kbd>` is styled.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gotoReady, launchBrowser, openPage } from '../src/browser.js';
import { runDocgen } from '../src/cli.js';
import { getMinimalSiteFiles, writeSiteFiles } from '../src/fixtureSite.js';
import { startPlainServer, type PlainServer } from '../src/plainServer.js';

const scratch = mkdtempSync(join(tmpdir(), 'docgen-reading-'));
const site = join(scratch, 'site');
const VIEWPORT = { width: 1280, height: 800 };
const LONG = Array.from({ length: 80 }, (_, index) => `Paragraph ${index + 1} of a long page, with enough words to fill a line.`).join(
  '\n\n',
);

let browser: Browser;
let server: PlainServer;
let buildOutput = '';

beforeAll(async () => {
  const files = getMinimalSiteFiles('Reading');
  writeSiteFiles(site, {
    ...files,
    'docgen.config.yaml': `${files['docgen.config.yaml']}markdown:\n  math: true\n`,
    'docs/a-plain.md': `---\nsidebar_position: 1\n---\n# Plain\n\nNo formulas here.\n\n${LONG}\n`,
    'docs/b-math.md':
      '---\nsidebar_position: 2\n---\n# Math\n\nEnergy $E = mc^2$ inline.\n\n$$\n\\int_0^1 x\\,dx = \\frac{1}{2}\n$$\n\nBroken: $\\frac{1}{$ stays.\n',
    'docs/c-diagram.md':
      '---\nsidebar_position: 3\n---\n# Diagram\n\n```mermaid\ngraph TD\n  Start --> Finish\n```\n\nPress <kbd>Ctrl</kbd> + <kbd>K</kbd>.\n\n![A teal box](/box.svg)\n',
    'static/box.svg': '<svg xmlns="http://www.w3.org/2000/svg" width="240" height="120"><rect width="240" height="120" fill="teal"/></svg>',
  });
  const built = await runDocgen(['build', site]);
  buildOutput = built.stdout + built.stderr;
  expect(built.code, buildOutput).toBe(0);
  server = await startPlainServer(join(site, 'build'));
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  rmSync(scratch, { recursive: true, force: true });
});

/** Opens `path`, recording the paths of the requests made under /assets/. */
async function open(path: string, options: Parameters<typeof openPage>[1] = {}) {
  const opened = await openPage(browser, { viewport: VIEWPORT, ...options });
  const requests: string[] = [];
  opened.page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/assets/')) requests.push(pathname);
  });
  await gotoReady(opened.page, server.url + path);
  return { ...opened, requests };
}

const katexLinks = (page: Page) => page.locator('link[rel="stylesheet"][href*="/assets/katex-"]').count();
const mathFont = (page: Page) =>
  page
    .locator('.katex')
    .first()
    .evaluate((element) => getComputedStyle(element).fontFamily);
const activeElement = (page: Page) => page.evaluate(() => document.activeElement?.outerHTML.slice(0, 80) ?? '');

/** Presses Tab until `selector` has focus (at most `limit` times); true when it got it. */
async function tabTo(page: Page, selector: string, limit = 60): Promise<boolean> {
  for (let count = 0; count < limit; count++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate((wanted) => document.activeElement?.matches(wanted) ?? false, selector)) return true;
  }
  return false;
}

describe('math', () => {
  it('is HTML in the page with JavaScript off, styled by KaTeX CSS that only math pages load', async () => {
    expect(buildOutput).toMatch(/docs\/b-math\.md:12:9 {2}Invalid TeX/);
    const math = await open('/docs/b-math', { javaScriptEnabled: false });
    expect(await math.page.locator('.katex').count()).toBe(2);
    // Invalid TeX shows as written.
    expect(await math.page.locator('.katex-error').textContent()).toBe('\\frac{1}{');
    expect(await math.page.locator('.katex-display').count()).toBe(1);
    expect(await math.page.locator('.katex mfrac').count()).toBe(1);
    expect(await katexLinks(math.page)).toBe(1);
    expect(await mathFont(math.page)).toContain('KaTeX_Main');
    // Its fonts are served from the site, under content-hashed names.
    expect(math.requests.some((path) => /^\/assets\/asset-[A-Z0-9]+\.woff2$/.test(path))).toBe(true);
    await math.context.close();

    const plain = await open('/docs/a-plain', { javaScriptEnabled: false });
    expect(await plain.page.locator('.katex').count()).toBe(0);
    expect(await katexLinks(plain.page)).toBe(0);
    expect(plain.requests.filter((path) => path.includes('katex'))).toEqual([]);
    await plain.context.close();
  });

  it('gets its stylesheet when client navigation shows a math page', async () => {
    const { context, page, problems } = await open('/docs/a-plain');
    expect(await katexLinks(page)).toBe(0);
    await page.locator('.menu a', { hasText: 'Math' }).first().click();
    await page.waitForURL('**/docs/b-math');
    await page.locator('.katex').first().waitFor();
    // Added by the content's code (enhanceContent) from the page data's stylesheets.
    await page.waitForFunction(() => document.querySelectorAll('link[rel="stylesheet"][href*="/assets/katex-"]').length > 0);
    expect(await katexLinks(page)).toBe(1);
    await page.waitForFunction(() => getComputedStyle(document.querySelector('.katex')!).fontFamily.includes('KaTeX_Main'));
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('mermaid', () => {
  it('draws the diagram as SVG, again in the new colours when the colour mode changes', async () => {
    const { context, page, requests, problems } = await open('/docs/c-diagram');
    const diagram = page.locator('.diagram[data-diagram="mermaid"]');
    await diagram.locator('.diagram__drawing svg').waitFor();
    expect(await diagram.getAttribute('data-drawn')).toBe('light');
    expect(await diagram.locator('.diagram__drawing svg').textContent()).toContain('Finish');
    expect(await diagram.locator('.code-block').isVisible()).toBe(false);
    expect(requests.some((path) => path.startsWith('/assets/browser-only/mermaid-'))).toBe(true);
    await page.locator('.navbar__inner .color-mode-toggle').click();
    await page.waitForFunction(() => document.querySelector('.diagram')?.getAttribute('data-drawn') === 'dark');
    expect(await diagram.locator('.diagram__drawing svg').count()).toBe(1);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('shows the source as a code block without JavaScript, and is not loaded by other pages', async () => {
    const noScript = await open('/docs/c-diagram', { javaScriptEnabled: false });
    const block = noScript.page.locator('.diagram .code-block');
    expect(await block.isVisible()).toBe(true);
    expect(await block.textContent()).toContain('Start --> Finish');
    await noScript.context.close();

    const other = await open('/docs/b-math');
    expect(other.requests.length).toBeGreaterThan(0);
    expect(other.requests.filter((path) => path.includes('browser-only'))).toEqual([]);
    await other.context.close();
  });
});

describe('reading comfort', () => {
  it('shows back-to-top after scrolling a long page; from the keyboard it goes to the top and focus to the content', async () => {
    const { context, page, problems } = await open('/docs/a-plain');
    const button = page.locator('.back-to-top');
    expect(await button.isVisible()).toBe(false);
    await page.keyboard.press('End');
    await button.waitFor({ state: 'visible' });
    expect(await button.getAttribute('aria-label')).toBe('Back to top');
    // Reached with Tab from the end of the content.
    await page.locator('article p').last().click();
    expect(await tabTo(page, '.back-to-top'), await activeElement(page)).toBe(true);
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => window.scrollY === 0);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('__docgen-main');
    await button.waitFor({ state: 'hidden' });
    expect(problems).toEqual([]);
    await context.close();
  });

  it('zooms an image from the keyboard; Escape and a click close it and focus goes back to the image', async () => {
    const { context, page, problems } = await open('/docs/c-diagram', { reducedMotion: 'reduce' });
    const image = page.locator('article img[alt="A teal box"]');
    expect(await tabTo(page, 'article img'), await activeElement(page)).toBe(true);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'A teal box' });
    await dialog.waitFor();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Close the enlarged image');
    // Reduced motion: no zoom animation.
    expect(await dialog.evaluate((element) => getComputedStyle(element).animationName)).toBe('none');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Close the enlarged image');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await image.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.press(' ');
    await dialog.waitFor();
    await page.mouse.click(20, 20);
    await dialog.waitFor({ state: 'detached' });
    expect(await image.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('styles <kbd> as a key', async () => {
    const { context, page } = await open('/docs/c-diagram');
    const style = await page
      .locator('article kbd')
      .first()
      .evaluate((element) => {
        const computed = getComputedStyle(element);
        return { border: computed.borderBottomWidth, font: computed.fontFamily };
      });
    expect(style.border).toBe('2px');
    expect(style.font).toMatch(/monospace/);
    await context.close();
  });
});
