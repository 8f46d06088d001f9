import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openPage } from '../src/browser.js';

const siteUrl = inject('siteUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const DATA = '/_docgen/data/';
const isDataRequest = (request: Request, route?: string) =>
  request.url().includes(DATA) && (route === undefined || decodeURIComponent(request.url()).endsWith(`${route}.json`));

async function open(path: string, setup?: (context: BrowserContext, page: Page) => Promise<void>) {
  const opened = await openPage(browser, { viewport: { width: 1280, height: 900 } });
  await setup?.(opened.context, opened.page);
  await opened.page.goto(siteUrl + path, { waitUntil: 'networkidle' });
  return opened;
}

const mark = (page: Page) => page.evaluate(() => ((window as unknown as { docgenMarker: number }).docgenMarker = 1));
const marked = (page: Page) => page.evaluate(() => (window as unknown as { docgenMarker?: number }).docgenMarker === 1);

describe('navigation', () => {
  it('updates title, lang, description and canonical, moves focus to the heading, and scrolls to the top', async () => {
    const { context, page, problems } = await open('/en/docs/guide/overview');
    await mark(page);
    await page.mouse.wheel(0, 3000);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
    await page.locator('.pagination-nav__link--next').click();
    await expect.poll(() => page.locator('main h1').textContent()).toBe('빠른 시작');
    expect(await marked(page)).toBe(true);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(await page.title()).toBe('빠른 시작 | Example Analysis Developer Docs');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en-US');
    const description = await page.locator('meta[name="description"]').getAttribute('content');
    expect(description).toBe(
      await (await fetch(`${siteUrl}/en/docs/guide/start`)).text().then((html) => /name="description" content="([^"]*)"/.exec(html)![1]),
    );
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe('https://docs.example.com/docs/guide/start');
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('restores what page data leaves out for the client to derive: canonical URL, markdown twin, flags', async () => {
    const { context, page, problems } = await open('/docs/guide/overview');
    await mark(page);
    await page.locator('.pagination-nav__link--next').click();
    await expect.poll(() => page.locator('main h1').textContent()).toBe('빠른 시작');
    expect(await marked(page)).toBe(true);
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe('https://docs.example.com/docs/guide/start');
    expect(await page.locator('button.copy-markdown').count()).toBe(1);
    expect(await page.locator('meta[name="robots"]').count()).toBe(0);
    expect(await page.locator('.doc-banner, .version-banner').count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('restores the scroll position on Back and Forward', async () => {
    const { context, page } = await open('/en/docs/guide/overview');
    await page.evaluate(() => window.scrollTo(0, 1600));
    await page.locator('.pagination-nav__link--next').evaluate((link) => (link as HTMLAnchorElement).click());
    await expect.poll(() => page.locator('main h1').textContent()).toBe('빠른 시작');
    await page.evaluate(() => window.scrollTo(0, 700));
    await page.goBack();
    await expect.poll(() => page.locator('main h1').textContent()).toBe('Understanding the Product');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(1600);
    await page.goForward();
    await expect.poll(() => page.locator('main h1').textContent()).toBe('빠른 시작');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(700);
    await context.close();
  });

  it('strips a trailing index.html or .html from the path', async () => {
    const { context, page } = await open('/en/docs/guide/overview/index.html');
    expect(new URL(page.url()).pathname).toBe('/en/docs/guide/overview/');
    expect(await page.locator('main h1').textContent()).toBe('Understanding the Product');
    await page.goto(`${siteUrl}/en/docs/guide/start.html`, { waitUntil: 'networkidle' });
    expect(new URL(page.url()).pathname).toBe('/en/docs/guide/start');
    expect(await page.locator('main h1').textContent()).toBe('빠른 시작');
    await context.close();
  });
});

describe('page data', () => {
  it('does not fetch or inline the page content for hydration, and reuses data already fetched', async () => {
    const requests: string[] = [];
    const { context, page } = await open('/docs/guide/overview', async (_context, page) => {
      page.on('request', (request) => request.resourceType() === 'fetch' && isDataRequest(request) && requests.push(request.url()));
    });
    expect(requests).toEqual([]);
    const payload = await page.locator('#__docgen-data').textContent();
    const paragraph = (await page.locator('.markdown p').first().textContent())!;
    expect(payload).not.toContain(paragraph.slice(0, 40));
    expect(payload!.length).toBeLessThan(12_000);
    const sidebar = page.locator('.doc-sidebar');
    await sidebar.locator('a', { hasText: '빠른 시작' }).click();
    await expect.poll(() => page.locator('main h1').textContent()).toBe('빠른 시작');
    await sidebar.locator('a', { hasText: '제품 이해하기' }).click();
    await expect.poll(() => page.locator('main h1').textContent()).toBe('제품 이해하기');
    await sidebar.locator('a', { hasText: '빠른 시작' }).click();
    await expect.poll(() => page.locator('main h1').textContent()).toBe('빠른 시작');
    expect(requests.filter((url) => url.endsWith('/docs/guide/start.json'))).toHaveLength(1);
    expect(requests.filter((url) => url.endsWith('/docs/guide/overview.json'))).toHaveLength(1);
    await context.close();
  });
});

describe('progress bar and loader', () => {
  it('shows the progress bar only when a navigation takes longer than 200 ms', async () => {
    const { context, page } = await open('/docs/guide/overview');
    await page.evaluate(() => {
      const seen: number[] = [];
      (window as unknown as { progressSeen: number[] }).progressSeen = seen;
      new MutationObserver(() => {
        const bar = document.querySelector('[role="progressbar"]');
        if (bar) seen.push(Number(bar.getAttribute('aria-valuenow')));
      }).observe(document.body, { subtree: true, childList: true, attributes: true });
    });
    await page.locator('.doc-sidebar a', { hasText: '빠른 시작' }).click();
    await expect.poll(() => page.locator('main h1').textContent()).toBe('빠른 시작');
    expect(await page.evaluate(() => (window as unknown as { progressSeen: number[] }).progressSeen)).toEqual([]);

    await page.route('**/_docgen/data/**', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.locator('.pagination-nav__link--next').click();
    const bar = page.getByRole('progressbar');
    await bar.waitFor({ state: 'visible', timeout: 1000 });
    expect(Number(await bar.getAttribute('aria-valuenow'))).toBeGreaterThanOrEqual(8);
    await expect.poll(() => page.locator('main h1').textContent(), { timeout: 5000 }).not.toBe('빠른 시작');
    await bar.waitFor({ state: 'detached', timeout: 2000 });
    const seen = await page.evaluate(() => (window as unknown as { progressSeen: number[] }).progressSeen);
    expect(Math.min(...seen)).toBe(8);
    expect(seen[seen.length - 1]).toBe(100);
    await context.close();
  });

  it('shows a spinner where the sidebar is still loading, after 200 ms and not before', async () => {
    const { context, page } = await open('/docs/guide/overview');
    await page.route('**/_docgen/sidebars/**', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.locator('.navbar .dropdown__toggle', { hasText: '2508.1' }).click();
    await page.locator('.dropdown--show .dropdown__link', { hasText: '2506.1' }).click();
    await expect.poll(() => page.url()).toBe(`${siteUrl}/docs/2506.1/guide/overview`);
    await page.locator('.docs-sidebar-container').waitFor();
    expect(await page.getByRole('status').count()).toBe(0);
    await page.getByRole('status').waitFor({ state: 'visible', timeout: 1000 });
    await page.locator('.doc-sidebar').waitFor({ state: 'visible', timeout: 5000 });
    expect(await page.getByRole('status').count()).toBe(0);
    await context.close();
  });
});

describe('failures', () => {
  it('shows a red box with Retry in the content area when page data fails, and Retry recovers', async () => {
    const { context, page, problems } = await open('/en/docs/guide/overview');
    await mark(page);
    await page.route('**/_docgen/data/**', (route) => route.abort());
    await page.locator('.pagination-nav__link--next').click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.evaluate((element) => getComputedStyle(element).borderTopColor)).toBe('rgb(179, 38, 30)');
    expect(await page.locator('nav.navbar').isVisible()).toBe(true);
    await page.unroute('**/_docgen/data/**');
    await alert.getByRole('button', { name: 'Retry' }).click();
    await expect.poll(() => page.locator('main h1').textContent()).toBe('빠른 시작');
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(await marked(page)).toBe(true);
    expect(
      problems.filter((problem) => !problem.includes('could not load the page') && !problem.includes('Failed to load resource')),
    ).toEqual([]);
    await context.close();
  });

  it('logs a warning and reloads the target page when preloading its code fails', async () => {
    const { context, page, problems } = await open('/en/docs/guide/overview');
    await mark(page);
    await page.route('**/assets/chunk-*.js', (route) => route.abort());
    await page.evaluate(() => {
      const link = Object.assign(document.createElement('a'), { href: '/en/versions', id: 'to-versions', textContent: 'versions' });
      document.querySelector('main')!.prepend(link);
    });
    await page.click('#to-versions');
    await page.waitForURL(`${siteUrl}/en/versions`);
    await expect.poll(() => page.locator('main h1').textContent()).toBe('Documentation versions');
    expect(await marked(page)).toBe(false);
    expect(problems.some((problem) => problem.startsWith('warning: docgen: preloading /en/versions failed'))).toBe(true);
    await context.close();
  });
});

describe('prefetch', () => {
  const emulate = (connection: { saveData?: boolean; effectiveType?: string } | undefined) => async (context: BrowserContext) => {
    if (connection) {
      await context.addInitScript((value) => {
        Object.defineProperty(navigator, 'connection', { value, configurable: true });
      }, connection);
    }
  };

  async function hoverCount(connection?: { saveData?: boolean; effectiveType?: string }) {
    const requested: string[] = [];
    const { context, page } = await open('/docs/guide/overview', async (context, page) => {
      await emulate(connection)(context);
      page.on('request', (request) => isDataRequest(request) && requested.push(decodeURIComponent(request.url())));
    });
    await page.waitForTimeout(300);
    const before = requested.length;
    await page.locator('.doc-sidebar a', { hasText: '빠른 시작' }).hover();
    await page.waitForTimeout(1500);
    const forTarget = requested.filter((url) => url.endsWith('/docs/guide/start.json')).length;
    await context.close();
    return { before, forTarget, total: requested.length };
  }

  it('prefetches the data of a hovered link once', async () => {
    expect((await hoverCount()).forTarget).toBe(1);
  });

  // Side by side: each waits out the time a prefetch would take to show (see hoverCount).
  it.concurrent.for([
    ['saveData is on', { saveData: true }],
    ['the connection is 2g', { effectiveType: '2g' }],
    ['the connection is slow-2g', { effectiveType: 'slow-2g' }],
  ] as const)('prefetches nothing when %s', async ([, connection], { expect }) => {
    expect((await hoverCount(connection)).total).toBe(0);
  });

  it('prefetches links of the article as they scroll into view, a few at a time', async () => {
    const requested: string[] = [];
    const { context, page } = await open('/docs/category/api-guide', async (_context, page) => {
      page.on('request', (request) => isDataRequest(request) && requested.push(decodeURIComponent(request.url())));
    });
    await expect.poll(() => requested.length, { timeout: 5000 }).toBeGreaterThan(3);
    expect(requested.some((url) => url.endsWith('/docs/guide/api/analyzeCode.json'))).toBe(true);
    expect(new Set(requested).size).toBe(requested.length);
    await context.close();
  });

  it('serves prefetched page data from the cache when the navigation follows', async () => {
    const { context, page } = await open('/docs/guide/overview');
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    const responses: { type: string; cached: boolean }[] = [];
    cdp.on('Network.responseReceived', (event) => {
      if (!decodeURIComponent(event.response.url).endsWith('/docs/guide/start.json')) return;
      responses.push({ type: event.type, cached: Boolean(event.response.fromPrefetchCache || event.response.fromDiskCache) });
    });
    await page.locator('.doc-sidebar a', { hasText: '빠른 시작' }).hover();
    await expect.poll(() => responses.length).toBe(1);
    expect(responses[0]).toEqual({ type: 'Other', cached: false });
    await page.locator('.doc-sidebar a', { hasText: '빠른 시작' }).click();
    await expect.poll(() => page.locator('main h1').textContent()).toBe('빠른 시작');
    expect(responses[1]).toEqual({ type: 'Fetch', cached: true });
    await context.close();
  });
});

describe('preferred version', () => {
  it('remembers the version chosen in the dropdown and points navbar doc links into it', async () => {
    const { context, page } = await open('/docs/guide/sdk/Java');
    await page.locator('.navbar .dropdown__toggle', { hasText: '2508.1' }).click();
    await page.locator('.dropdown--show .dropdown__link', { hasText: '2504.1' }).click();
    await expect.poll(() => page.url()).toBe(`${siteUrl}/docs/2504.1/guide/sdk/Java`);
    expect(await page.evaluate(() => localStorage.getItem('docs-preferred-version-default'))).toBe('2504.1');
    await page.locator('.navbar__brand').click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    await expect
      .poll(() => page.locator('.navbar__link', { hasText: '가이드' }).getAttribute('href'))
      .toBe('/docs/2504.1/guide/guide/token');
    expect(await page.locator('.navbar__link', { hasText: '릴리스 노트' }).getAttribute('href')).toBe('/docs/2504.1/release-note/2504.1');
    await context.close();
  });

  it('removes a stored version that no longer exists', async () => {
    const { context, page } = await open('/', async (context) => {
      await context.addInitScript(() => localStorage.setItem('docs-preferred-version-default', '2401.1'));
    });
    await expect.poll(() => page.evaluate(() => localStorage.getItem('docs-preferred-version-default'))).toBeNull();
    expect(await page.locator('.navbar__link', { hasText: '가이드' }).getAttribute('href')).toBe('/docs/guide/overview');
    await context.close();
  });
});
