import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { measurePage } from '@docgen/bench/measureOutput';
import { launchBrowser, openPage, openRecording } from '../src/browser.js';

const siteUrl = inject('siteUrl');
const outDir = inject('outDir');

/**
 * The most first-load JavaScript (gzip, level 9, as `pnpm bench` measures it) a doc page may load:
 * the manual's budget (packages/docs/docs/contributing/budgets.md). React and react-dom are 68.8 KB
 * of it; the rest is what the theme and docgen's client need to render and hydrate the page.
 * Everything else loads in chunks of its own, when a route or the reader needs it or right after
 * hydration (the tests below).
 */
const FIRST_LOAD_BUDGET = 80_000;

/** The URL path of the one chunk of the build whose code holds `marker` (chunk names are hashes). */
function chunkHolding(marker: string): string {
  const assets = join(outDir, 'assets');
  const names = readdirSync(assets).filter((name) => name.endsWith('.js') && readFileSync(join(assets, name), 'utf8').includes(marker));
  expect(names, marker).toHaveLength(1);
  return `/assets/${names[0]}`;
}

const searchChunk = () => chunkHolding('search-modal__input');
const blogChunk = () => chunkHolding('blog-summaries');
/** The mobile menu, with what it does while open (scroll lock, Escape, closing on a desktop-wide viewport). */
const mobileMenuChunk = () => chunkHolding('navbar-sidebar__backdrop');
/** What the page's controls do once used, and the table of contents following the reader (behaviours/). */
const behavioursChunk = () => chunkHolding('prefers-reduced-motion');
/** What a page shows when it is slow or failed: progress bar, load error, crash page. */
const statusChunk = () => chunkHolding('progress-bar__bar');
/** The banners of doc pages (an older version's, unlisted, draft, untranslated). */
const bannersChunk = () => chunkHolding('version-banner');
/** docgen's navigation code: loading the next page (its page-data reader knows `tocLevels`), its document head, prefetching. */
const navigationChunk = () => chunkHolding('tocLevels');

describe('first-load JavaScript', () => {
  it(`stays within ${FIRST_LOAD_BUDGET} bytes (gzip) on a doc page, in the entry and one shared chunk`, () => {
    const measured = measurePage(outDir, '/docs/guide/overview');
    console.log(`first-load JS of a doc page: ${measured.scripts.map((script) => `${script.url} ${script.gzip}`).join(', ')}`);
    expect(measured.firstLoadJsGzip).toBeLessThanOrEqual(FIRST_LOAD_BUDGET);
    // More files would mean a module loaded on demand imports first-load code around firstLoad.ts.
    expect(measured.scripts).toHaveLength(2);
  });

  it('leaves the search dialog, the blog screens, the banners and the code loaded after hydration out of it, on a doc page and on a blog page', () => {
    for (const route of ['/docs/guide/overview', '/blog/mdx-blog-post']) {
      const scripts = measurePage(outDir, route).scripts.map((script) => script.url);
      expect(scripts).not.toContain(searchChunk());
      expect(scripts).not.toContain(blogChunk());
      expect(scripts).not.toContain(navigationChunk());
      expect(scripts).not.toContain(bannersChunk());
      expect(scripts).not.toContain(statusChunk());
      expect(scripts).not.toContain(mobileMenuChunk());
      expect(scripts).not.toContain(behavioursChunk());
    }
  });
});

describe('code loaded on demand', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  /** Opens a page and records the path of every script it requests. */
  async function open(path: string) {
    const { requests, ...opened } = await openRecording(browser, siteUrl + path, (url) =>
      url.pathname.endsWith('.js') ? url.pathname : undefined,
    );
    return { ...opened, scripts: requests };
  }

  /** A client-only behaviour proves the page hydrated: the colour toggle switches the mode. */
  async function expectHydrated(page: Page) {
    await page.locator('.navbar__inner .color-mode-toggle').click();
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.themeChoice)).not.toBe('system');
  }

  it('loads the search code on a doc page only when the reader goes for the search button, and then searches', async () => {
    const { context, page, problems, scripts } = await open('/docs/guide/overview');
    await expectHydrated(page);
    expect(scripts).not.toContain(searchChunk());
    expect(scripts).not.toContain(blogChunk());
    const button = page.getByRole('button', { name: '검색 Ctrl K' });
    await button.hover();
    await expect.poll(() => scripts).toContain(searchChunk());
    await button.click();
    await page.getByRole('combobox').fill('analyzeCode');
    await page.getByRole('option').first().waitFor();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('combobox');
    expect(scripts.filter((script) => script === searchChunk())).toHaveLength(1);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('loads the blog screens before hydrating a blog page, which hydrates without console errors or warnings', async () => {
    const { context, page, problems, scripts } = await open('/blog/mdx-blog-post');
    await expect.poll(() => scripts).toContain(blogChunk());
    await expectHydrated(page);
    expect(await page.locator('.blog-post__title').textContent()).toBeTruthy();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('loads the navigation code and the status screens after hydration, once, and navigates and prefetches with it', async () => {
    const { context, page, problems, scripts } = await open('/docs/guide/overview');
    await expect.poll(() => scripts).toContain(navigationChunk());
    await expect.poll(() => scripts).toContain(statusChunk());
    const dataRequests: string[] = [];
    page.on('request', (request) => request.url().includes('/_docgen/data/') && dataRequests.push(decodeURIComponent(request.url())));
    const link = page.locator('.doc-sidebar a', { hasText: '빠른 시작' });
    await link.hover();
    await expect.poll(() => dataRequests).toContainEqual(expect.stringMatching(/\/docs\/guide\/start\.json$/));
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    await link.click();
    await expect.poll(() => page.locator('main h1').textContent()).toBe('빠른 시작');
    expect(await page.title()).toBe('빠른 시작 | Example Analysis 개발자 문서');
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
    expect(scripts.filter((script) => script === navigationChunk())).toHaveLength(1);
    expect(scripts.filter((script) => script === statusChunk())).toHaveLength(1);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('falls back to page loads when the navigation code cannot be loaded', async () => {
    const { context, page, problems } = await openPage(browser, { viewport: { width: 1280, height: 900 } });
    await page.route(`**${navigationChunk()}`, (route) => route.abort());
    await page.goto(siteUrl + '/docs/guide/overview', { waitUntil: 'networkidle' });
    await expectHydrated(page);
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    await page.locator('.pagination-nav__link--next').click();
    await page.waitForURL(`${siteUrl}/docs/guide/start`);
    await expect.poll(() => page.locator('main h1').textContent()).toBe('빠른 시작');
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBeUndefined();
    expect(problems.some((problem) => problem.startsWith('warning: docgen: loading the navigation code failed'))).toBe(true);
    await context.close();
  });

  it('loads the behaviours after hydration, once; a control used before they arrive acts when they do', async () => {
    const { context, page, problems } = await openPage(browser, { viewport: { width: 1280, height: 900 } });
    const scripts: string[] = [];
    page.on('request', (request) => scripts.push(new URL(request.url()).pathname));
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(`**${behavioursChunk()}`, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(siteUrl + '/docs/guide/overview');
    // The navigation code is loaded right after hydration: the page is interactive.
    await expect.poll(() => scripts).toContain(navigationChunk());
    await expect.poll(() => scripts).toContain(behavioursChunk());
    await page.locator('.navbar__inner .color-mode-toggle').click();
    const toggle = page.locator('.navbar .dropdown__toggle', { hasText: '2508.1' });
    await toggle.click();
    expect(await page.evaluate(() => document.documentElement.dataset.themeChoice)).toBe('system');
    release();
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.themeChoice)).toBe('dark');
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await page.mouse.click(5, 800);
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');
    await expect.poll(() => page.locator('.table-of-contents__link--active').count()).toBe(1);
    expect(scripts.filter((script) => script === behavioursChunk())).toHaveLength(1);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('loads the mobile menu when its button is pressed, which then locks scrolling and closes on Escape', async () => {
    const { context, page, problems } = await openPage(browser, { viewport: { width: 800, height: 900 } });
    const scripts: string[] = [];
    page.on('request', (request) => scripts.push(new URL(request.url()).pathname));
    await page.goto(siteUrl + '/docs/guide/overview', { waitUntil: 'networkidle' });
    expect(scripts).not.toContain(mobileMenuChunk());
    await page.locator('.navbar__toggle').click();
    await page.locator('.navbar-sidebar').waitFor();
    expect(scripts).toContain(mobileMenuChunk());
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('hidden');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('.navbar-sidebar').count()).toBe(0);
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('');
    await expect.poll(() => page.evaluate(() => document.activeElement?.className)).toBe('navbar__toggle');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('loads the banners before hydrating a page that shows one, and on a navigation to such a page only', async () => {
    const older = await open('/docs/2504.1/guide/api/');
    await expect.poll(() => older.scripts).toContain(bannersChunk());
    await expectHydrated(older.page);
    expect(await older.page.locator('.version-banner').count()).toBe(1);
    expect(older.problems).toEqual([]);
    await older.context.close();

    const { context, page, problems, scripts } = await open('/docs/guide/overview');
    await page.locator('.pagination-nav__link--next').click();
    await expect.poll(() => new URL(page.url()).pathname).not.toBe('/docs/guide/overview');
    await page.locator('main h1').waitFor();
    expect(scripts).not.toContain(bannersChunk());
    await page.locator('.navbar .dropdown__toggle', { hasText: '2508.1' }).click();
    await page.locator('.dropdown--show .dropdown__link', { hasText: '2504.1' }).click();
    await page.locator('.version-banner').waitFor();
    expect(scripts).toContain(bannersChunk());
    expect(problems).toEqual([]);
    await context.close();
  });

  it('loads the blog screens on a client navigation from a doc page to the blog', async () => {
    const { context, page, problems, scripts } = await open('/docs/guide/overview');
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    await page.locator('.navbar__link', { hasText: '블로그' }).first().click();
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/blog\/?$/);
    await page.locator('.blog-post--excerpt').first().waitFor();
    expect(scripts).toContain(blogChunk());
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
    expect(problems).toEqual([]);
    await context.close();
  });
});
