import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openRecording } from '../src/browser.js';

// Served as any static host serves it: nothing here may work only because docgen serves it.
const siteUrl = inject('plainUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Opens a page and records the URL of every search file it requests. */
async function open(path: string) {
  // A detail chunk is a byte range of its pack: the range is part of what was asked.
  const { requests, ...opened } = await openRecording(browser, siteUrl + path, (url, headers) =>
    url.pathname.includes('/_docgen/search/') ? `${url.href}${headers.range ? ` ${headers.range}` : ''}` : undefined,
  );
  return { ...opened, searchRequests: requests };
}

/** Types a query and returns the first results as "title › heading", with the time to results. */
async function search(page: Page, query: string) {
  const input = page.getByRole('combobox');
  await input.fill('');
  await input.fill(query);
  const options = page.getByRole('option');
  await options.first().waitFor({ timeout: 10_000 });
  return (await options.evaluateAll((nodes) =>
    nodes.map((node) => {
      const title = node.querySelector('.search-hit__title')?.firstChild?.textContent ?? '';
      const heading = node.querySelector('.search-hit__heading')?.textContent ?? '';
      return `${title} › ${heading}`;
    }),
  )) as string[];
}

describe('search', () => {
  it('loads no index and no search code before the search box is used, and the manifest when the pointer is over its button', async () => {
    const { context, page, searchRequests } = await open('/docs/guide/overview');
    const scripts = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((entry) => entry.name)
        .filter((name) => name.endsWith('.js')),
    );
    // The entry and the shared chunk; after hydration, the navigation code, the status screens, the
    // page's behaviours, the wiring of the code blocks and the page's source (edit link, last update).
    expect(scripts.length).toBeLessThanOrEqual(7);
    for (const script of scripts) expect(await (await fetch(script)).text(), script).not.toContain('MiniSearch');
    await page.waitForTimeout(500);
    expect(searchRequests).toEqual([]);
    // The pointer over the button fetches the manifest of the index the dialog opens with; the click, nothing more.
    await page.getByRole('button', { name: '검색 Ctrl K' }).hover();
    await expect.poll(() => searchRequests.length).toBe(1);
    expect(searchRequests[0]).toMatch(/\/_docgen\/search\/[^/]+\/ko-docs-current\.json$/);
    await page.getByRole('button', { name: '검색 Ctrl K' }).click();
    await page.getByRole('combobox').waitFor();
    await page.waitForTimeout(300);
    expect(searchRequests.length).toBe(1);
    await context.close();
  });

  it.each([
    ['/docs/2504.1/guide/guide/token', '분석옵션', '분석 옵션 › '],
    ['/docs/2504.1/guide/guide/token', '분석 옵션', '분석 옵션 › '],
    ['/docs/2504.1/guide/guide/token', '토큰', '토큰 발급과 인증 › '],
    ['/docs/guide/overview', '토큰으로', '빠른 시작 › 1단계: 토큰 발급하기'],
    ['/docs/guide/overview', 'analyzecode', 'analyzeCode › '],
    ['/docs/guide/overview', 'STOPANALYSIS', 'stopAnalysis › '],
    ['/docs/guide/overview', '웹훅', '고급 사용법 › 웹훅'],
    ['/docs/guide/overview', 'CycloneDX', 'licenseNotice + SBOM › '],
    ['/en/docs/guide/overview', 'Gradle', 'Java SDK › Gradle'],
  ])('on %s, "%s" puts "%s" first', async (path, query, expected) => {
    const { context, page } = await open(path);
    await page.keyboard.press('Control+K');
    const results = await search(page, query);
    expect(results[0]!.startsWith(expected), results.slice(0, 3).join(' | ')).toBe(true);
    await context.close();
  });

  it('marks the matches in the snippet, also across Korean spacing variants', async () => {
    const { context, page } = await open('/docs/2504.1/guide/guide/token');
    await page.keyboard.press('/');
    await search(page, '분석옵션');
    const marks = await page.locator('.search-hit mark').allTextContents();
    expect(marks.length).toBeGreaterThan(0);
    expect(marks.every((mark) => mark.replace(/\s/g, '') === '분석옵션')).toBe(true);
    await context.close();
  });

  it('works from the keyboard alone and opens a result at its heading', async () => {
    const { context, page } = await open('/docs/guide/overview');
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    await page.keyboard.press('/');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('combobox');
    await page.keyboard.type('Retry-After');
    await page.getByRole('option').first().waitFor();
    await page.keyboard.press('ArrowDown');
    const second = page.getByRole('option').nth(1);
    expect(await second.getAttribute('aria-selected')).toBe('true');
    expect(await page.getByRole('combobox').getAttribute('aria-activedescendant')).toBe(await second.getAttribute('id'));
    await page.keyboard.press('ArrowUp');
    const first = page.getByRole('option').first();
    const url = await first.locator('[data-url]').getAttribute('data-url');
    await page.keyboard.press('Enter');
    await expect.poll(() => decodeURIComponent(new URL(page.url()).pathname + new URL(page.url()).hash)).toBe(url);
    const id = decodeURIComponent(url!.split('#')[1]!);
    await expect
      .poll(() => page.evaluate((target) => Math.round(document.getElementById(target)!.getBoundingClientRect().top), id))
      .toBeLessThan(120);
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
    expect(await page.getByRole('dialog').count()).toBe(0);
    await context.close();
  });

  it('searches the version being read, and all versions and the blog with the switch', async () => {
    const { context, page, searchRequests } = await open('/docs/guide/overview');
    await page.keyboard.press('Control+K');
    await page.getByRole('combobox').fill('분석 결과 코드');
    await expect.poll(() => page.getByRole('status').last().textContent()).toContain('결과가 없습니다');
    await page.getByLabel('모든 버전과 블로그에서 검색').check();
    const results = await search(page, '분석 결과 코드');
    expect(results[0]).toContain('분석 결과 코드');
    expect(await page.locator('.search-hit__scope').first().textContent()).toBe('2504.1');
    // The manifests of the four scopes (the shards and details are under files/).
    expect(searchRequests.filter((url) => !url.includes('/_docgen/search/files/')).length).toBe(4);
    await page.getByRole('combobox').fill('블로그');
    await expect.poll(async () => (await page.locator('.search-hit__scope').allTextContents()).includes('블로그')).toBe(true);
    await page.keyboard.press('Escape');
    expect(await page.getByRole('dialog').count()).toBe(0);
    await context.close();
  });

  it('answers the first keystroke with the shards of its terms, and fetches nothing again for the same shards', async () => {
    const { context, page, searchRequests } = await open('/docs/guide/overview');
    await page.keyboard.press('Control+K');
    await page.getByRole('combobox').waitFor();
    await expect.poll(() => searchRequests.length).toBe(1);
    await page.waitForLoadState('networkidle');
    // One input event, as the first key typed into the box gives: no debounce.
    const type = (query: string) =>
      page.evaluate(async (value) => {
        const input = document.querySelector<HTMLInputElement>('[role="combobox"]')!;
        const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
        setter.call(input, value);
        input.dispatchEvent(new Event('input', { bubbles: true }));
        const marks = () =>
          [...document.querySelectorAll('[role="option"]')].map((option) =>
            [...option.querySelectorAll('mark')].map((mark) => mark.textContent),
          );
        while (value !== '' && !marks().some((marked) => marked.includes(value)))
          await new Promise((resolve) => requestAnimationFrame(resolve));
        return marks();
      }, query);
    const hits = await type('토큰');
    expect(hits.length).toBeGreaterThanOrEqual(3);
    expect(hits.slice(0, 3).every((marks) => marks.includes('토큰'))).toBe(true);
    // The manifest, the shards of the query's terms, the directories of the results' details
    // and their chunks, each a byte range of its pack.
    const files = searchRequests.slice(1);
    expect(files.length).toBeGreaterThan(0);
    expect(files.every((url) => /\/_docgen\/search\/files\/[0-9a-f]{12}(\.json|\.bin bytes=\d+-\d+)$/.test(url))).toBe(true);
    expect(files.filter((url) => url.includes('.bin ')).length).toBeGreaterThan(0);
    expect(new Set(files).size).toBe(files.length);
    await type('');
    await type('토큰');
    expect(searchRequests.length).toBe(files.length + 1);
    await context.close();
  });

  it('is a modal dialog for the keyboard: focus cycles inside, Escape closes from anywhere, focus returns to its opener', async () => {
    const { context, page } = await open('/en/docs/guide/overview');
    const button = page.getByRole('button', { name: /^Search/ });
    await button.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await page.getByRole('combobox').waitFor();
    const focusInDialog = () => page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'));
    // Around the dialog's controls, both ways, never out of it.
    for (const key of ['Tab', 'Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
      await page.keyboard.press(key);
      expect(await focusInDialog(), key).toBe(true);
    }
    // Escape from a control other than the input.
    await page.locator('.search-modal__scope input').focus();
    await page.keyboard.press('Escape');
    expect(await dialog.count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.classList.contains('search-button'))).toBe(true);
    // Ctrl+K opens and closes it.
    await page.keyboard.press('Control+K');
    await page.getByRole('combobox').waitFor();
    expect(await focusInDialog()).toBe(true);
    await page.keyboard.press('Control+K');
    expect(await dialog.count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.classList.contains('search-button'))).toBe(true);
    await context.close();
  });
});
