/**
 * docs-content on a static host that knows nothing of docgen (see plainServer.ts): a page asked
 * for by its `.html` or `/index.html` address gets the locale's 404.html, whose runtime shows
 * the page of the clean path instead (spec: a trailing index.html or .html is stripped), with
 * the clean URL, and without showing the not-found text first. Unknown paths stay not found.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { gotoReady, launchBrowser, openPage } from '../src/browser.js';

const plainUrl = inject('plainUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/**
 * Opens `path` and returns the page, with whether the not-found text was ever painted: the main
 * element is checked when the document is parsed and on every change until the page settles.
 */
async function openRecordingNotFound(path: string) {
  const opened = await openPage(browser, { viewport: { width: 1280, height: 900 } });
  await opened.page.addInitScript(() => {
    const seen = ((window as unknown as { __notFoundShown: boolean }).__notFoundShown = false);
    void seen;
    const check = () => {
      const main = document.querySelector('main');
      if (
        main &&
        getComputedStyle(main).visibility !== 'hidden' &&
        /Page Not Found|페이지를 찾을 수 없습니다/.test(main.textContent ?? '')
      ) {
        (window as unknown as { __notFoundShown: boolean }).__notFoundShown = true;
      }
    };
    document.addEventListener('DOMContentLoaded', () => {
      check();
      new MutationObserver(check).observe(document.documentElement, { subtree: true, childList: true, attributes: true });
    });
  });
  const response = await gotoReady(opened.page, plainUrl + path);
  return {
    ...opened,
    status: response?.status(),
    notFoundShown: () => opened.page.evaluate(() => (window as unknown as { __notFoundShown: boolean }).__notFoundShown),
  };
}

const heading = (page: Page) => page.locator('main h1').first().textContent();

describe('.html and /index.html addresses on a plain static host', () => {
  it.each([
    // The host answers 404 with the locale's 404.html: its runtime shows the page.
    ['/en/docs/guide/overview.html', 404, '/en/docs/guide/overview', 'Understanding the Product'],
    ['/docs/guide/overview.html', 404, '/docs/guide/overview', '제품 이해하기'],
    // The host serves the file itself: the page cleans its address.
    ['/en/docs/guide/sdk/Java/index.html', 200, '/en/docs/guide/sdk/Java/', 'Java SDK'],
    ['/docs/2504.1/guide/api/index.html', 200, '/docs/2504.1/guide/api/', 'API 레퍼런스'],
    ['/en/docs/guide/index.html', 404, undefined, undefined],
  ])('%s (%i) shows the page of its clean path, at its clean URL', async (path, expectedStatus, clean, title) => {
    const { context, page, status, notFoundShown } = await openRecordingNotFound(path);
    expect(status).toBe(expectedStatus);
    if (clean === undefined) {
      expect(await heading(page)).toMatch(/Page Not Found/);
    } else {
      await expect.poll(() => new URL(page.url()).pathname).toBe(clean);
      expect(await heading(page)).toBe(title);
      expect(await notFoundShown()).toBe(false);
      // The page works as any other: its sidebar marks it, and a link leads on by client navigation.
      expect(await page.locator('.doc-sidebar [aria-current="page"]').count()).toBe(1);
    }
    await context.close();
  });

  it('keeps the not-found page for an unknown path, .html or not', async () => {
    for (const path of ['/en/docs/no-such-page.html', '/docs/no-such-page/index.html', '/en/docs/no-such-page']) {
      const { context, page, notFoundShown } = await openRecordingNotFound(path);
      expect(await heading(page), path).toMatch(/Page Not Found|페이지를 찾을 수 없습니다/);
      expect(await notFoundShown(), path).toBe(true);
      expect(new URL(page.url()).pathname).toBe(path);
      await context.close();
    }
  });
});

describe('search on a plain static host', () => {
  it('shows the details of results from whole packs where the host answers no byte range, each pack fetched once', async () => {
    const { context, page } = await openPage(browser, { viewport: { width: 1280, height: 900 } });
    const packs: { url: string; status: number; range: string | undefined }[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith('.bin'))
        packs.push({ url: response.url(), status: response.status(), range: response.request().headers().range });
    });
    await gotoReady(page, `${plainUrl}/en/docs/guide/overview`);
    await page.keyboard.press('Control+K');
    await page.getByRole('combobox').fill('token');
    const options = page.getByRole('option');
    await options.first().waitFor({ timeout: 10_000 });
    // Each result shows its page's title and leads to a page of the site.
    const links = await options.evaluateAll((nodes) =>
      nodes.map((node) => node.querySelector('[data-url]')?.getAttribute('data-url') ?? ''),
    );
    expect(links.length).toBeGreaterThanOrEqual(3);
    expect(links.every((href) => href.startsWith('/en/docs/'))).toBe(true);
    expect((await options.first().textContent())?.trim()).not.toBe('');
    // The chunks were asked for as ranges; the host sent whole packs (200), each once.
    expect(packs.length).toBeGreaterThan(0);
    expect(packs.every(({ status, range }) => status === 200 && range?.startsWith('bytes='))).toBe(true);
    expect(new Set(packs.map(({ url }) => url)).size).toBe(packs.length);
    await context.close();
  });
});
