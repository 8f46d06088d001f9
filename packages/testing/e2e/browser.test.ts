import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { gotoReady, launchBrowser, openPage } from '../src/browser.js';

const siteUrl = inject('siteUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Loads a page and waits until the client has hydrated it (the toggle reads the real mode). */
async function visit(page: Page, path: string) {
  await gotoReady(page, siteUrl + path);
}

describe('Chromium as the tests and docgen pdf start it', () => {
  it("turns off every feature playwright-core turns off, and the omnibox's popups, which cost a renderer a page", async () => {
    const { context, page } = await openPage(browser);
    await page.goto('chrome://version');
    const commandLine = (await page.locator('#command_line').textContent()) ?? '';
    // Chromium keeps the last --disable-features alone: it must hold the names of the others.
    const lists = [...commandLine.matchAll(/--disable-features=(\S+)/g)].map((match) => match[1]!.split(','));
    expect(lists.length).toBeGreaterThan(1);
    const kept = new Set(lists.at(-1));
    expect(lists.flat().filter((feature) => !kept.has(feature))).toEqual([]);
    // No window's omnibox popup is loaded as a page of its own (a renderer of its own).
    const cdp = await browser.newBrowserCDPSession();
    const { targetInfos } = (await cdp.send('Target.getTargets')) as { targetInfos: { type: string; url: string }[] };
    expect(targetInfos.filter((target) => target.url.startsWith('chrome://omnibox'))).toEqual([]);
    expect(targetInfos.some((target) => target.url === 'chrome://version/')).toBe(true);
    await cdp.detach();
    await context.close();
  });
});

describe('hydration', () => {
  it.each([
    '/',
    '/docs/guide/api/analyzeCode',
    '/docs/category/api-guide',
    '/blog/mdx-blog-post',
    '/blog',
    '/versions',
    '/en/docs/guide/overview',
    '/en/',
    '/markdown-page',
    '/docs/2504.1/guide/api/',
  ])('hydrates %s without console errors or warnings', async (path) => {
    const { context, page, problems } = await openPage(browser);
    await visit(page, path);
    // A client-only behaviour proves hydration happened: the colour toggle reacts.
    const before = await page.evaluate(() => document.documentElement.dataset.theme);
    await page.locator('.navbar__inner .color-mode-toggle').click();
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).not.toBe(undefined);
    expect(await page.evaluate(() => document.documentElement.dataset.themeChoice)).not.toBe('system');
    expect(before).toBeDefined();
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('navigation with JavaScript on', () => {
  it('follows sidebar, pagination and markdown links without a page load, and Back restores the page', async () => {
    const { context, page, problems } = await openPage(browser);
    await visit(page, '/docs/guide/overview');
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
    const categoryToggle = page.getByRole('button', { name: "'API 가이드' 분류 펼치기/접기" });
    expect(await categoryToggle.getAttribute('aria-expanded')).toBe('false');
    expect(await page.locator('.doc-sidebar a', { hasText: 'analyzeCode' }).isVisible()).toBe(false);
    await categoryToggle.click();
    expect(await categoryToggle.getAttribute('aria-expanded')).toBe('true');
    await page.locator('.doc-sidebar a', { hasText: 'analyzeCode' }).first().click();
    await expect.poll(() => page.url()).toBe(`${siteUrl}/docs/guide/api/analyzeCode`);
    await expect.poll(() => page.locator('main h1').textContent()).toBe('analyzeCode');
    expect(await page.title()).toBe('analyzeCode | Example Analysis 개발자 문서');
    // A link inside the markdown content.
    await page.locator('.markdown a[href="/docs/guide/api/viewRequest#response"]').first().click();
    await expect.poll(() => page.locator('main h1').textContent()).toBe('viewRequest');
    expect(decodeURIComponent(new URL(page.url()).hash)).toBe('#response');
    const headingTop = await page.evaluate(() => document.getElementById('response')!.getBoundingClientRect().top);
    expect(headingTop).toBeLessThan(200);
    await page.goBack();
    await expect.poll(() => page.locator('main h1').textContent()).toBe('analyzeCode');
    await page.goBack();
    await expect.poll(() => page.locator('main h1').textContent()).toBe('제품 이해하기');
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('leaves modified clicks and external links to the browser', async () => {
    const { context, page } = await openPage(browser);
    await visit(page, '/docs/guide/overview');
    const external = page.locator('.navbar a[href^="https://support.example.com"]').first();
    expect(await external.getAttribute('target')).toBe('_blank');
    expect(await external.getAttribute('rel')).toBe('noopener noreferrer');
    const popup = context.waitForEvent('page');
    await page
      .locator('.doc-sidebar a', { hasText: '빠른 시작' })
      .first()
      .click({ modifiers: ['Control'] });
    const opened = await popup;
    await opened.waitForLoadState();
    expect(opened.url()).toBe(`${siteUrl}/docs/guide/start`);
    expect(page.url()).toBe(`${siteUrl}/docs/guide/overview`);
    await context.close();
  });

  it('switches versions and locales from the navbar dropdowns', async () => {
    const { context, page, problems } = await openPage(browser);
    await visit(page, '/docs/guide/sdk/Java');
    const versionToggle = page.locator('.navbar .dropdown__toggle', { hasText: '2508.1' });
    await versionToggle.click();
    expect(await versionToggle.getAttribute('aria-expanded')).toBe('true');
    const items = page.locator('.dropdown--show .dropdown__link');
    expect(await items.allTextContents()).toEqual(['2508.1', '2506.1', '2504.1']);
    expect(await items.nth(1).getAttribute('href')).toBe('/docs/2506.1/guide/sdk/Java');
    await page.keyboard.press('Escape');
    expect(await versionToggle.getAttribute('aria-expanded')).toBe('false');
    await visit(page, '/docs/guide/overview');
    await page.locator('.navbar .dropdown__toggle', { hasText: '2508.1' }).click();
    // guide/overview does not exist in 2504.1: its item links to that version's main doc.
    expect(await page.locator('.dropdown--show .dropdown__link', { hasText: '2504.1' }).getAttribute('href')).toBe(
      '/docs/2504.1/guide/guide/token',
    );
    await page.locator('.dropdown--show .dropdown__link', { hasText: '2506.1' }).click();
    await expect.poll(() => page.url()).toBe(`${siteUrl}/docs/2506.1/guide/overview`);
    await expect.poll(() => page.locator('.version-banner').count()).toBe(1);
    await page.locator('.navbar .dropdown__toggle', { hasText: '한국어' }).click();
    await page.locator('.dropdown--show .dropdown__link', { hasText: 'English' }).click();
    await page.waitForURL(`${siteUrl}/en/docs/2506.1/guide/overview`);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en-US');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('shows the not-found page for an unknown path reached by a click, without a reload', async () => {
    const { context, page } = await openPage(browser);
    await visit(page, '/docs/guide/overview');
    await page.evaluate(() => {
      (window as unknown as { marker: number }).marker = 7;
      const link = document.createElement('a');
      link.href = '/docs/does-not-exist';
      link.id = 'planted';
      link.textContent = 'planted';
      document.querySelector('main')!.prepend(link);
    });
    await page.click('#planted');
    await expect.poll(() => page.locator('main h1').textContent()).toBe('페이지를 찾을 수 없습니다');
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(7);
    await context.close();
  });
});

describe('interactive content', () => {
  it('shares the Java/Node tab choice across the page and remembers it', async () => {
    const { context, page } = await openPage(browser);
    await visit(page, '/docs/guide/api/analyzeCode');
    const groups = page.locator('.tabs-container[data-group-id="sdk"]');
    expect(await groups.count()).toBeGreaterThan(0);
    await groups.first().locator('[role="tab"]', { hasText: 'Node' }).click();
    expect(await groups.first().locator('[role="tab"][aria-selected="true"]').textContent()).toBe('Node');
    expect(await page.evaluate(() => localStorage.getItem('docgen.tab.sdk'))).toBe('node');
    await visit(page, '/docs/guide/api/viewRequest');
    const selected = await page.locator('.tabs-container[data-group-id="sdk"] [role="tab"][aria-selected="true"]').allTextContents();
    expect(selected.length).toBeGreaterThan(0);
    expect(new Set(selected)).toEqual(new Set(['Node']));
    await context.close();
  });

  it('copies a code block to the clipboard', async () => {
    const { context, page } = await openPage(browser);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: siteUrl });
    await visit(page, '/docs/guide/sdk/Node');
    const block = page.locator('.code-block').first();
    await block.hover();
    await block.locator('.copy-button').click();
    const expected = (await block.locator('code').textContent())!.replace(/\n$/, '');
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(expected);
    await context.close();
  });

  it('keeps the colour mode across reloads under the localStorage key "theme"', async () => {
    const { context, page } = await openPage(browser);
    await visit(page, '/');
    const toggle = page.locator('.navbar__inner .color-mode-toggle');
    // Light by default: one press for dark.
    await toggle.click();
    expect(await page.evaluate(() => [document.documentElement.dataset.theme, localStorage.getItem('theme')])).toEqual(['dark', 'dark']);
    expect(await toggle.getAttribute('aria-label')).toContain('어두운 모드');
    await page.reload({ waitUntil: 'domcontentloaded' });
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await context.close();
  });
});

describe('with JavaScript off', () => {
  it('is readable and navigable: content, sidebar, TOC and links work', async () => {
    const { context, page } = await openPage(browser, { javaScriptEnabled: false });
    await page.goto(`${siteUrl}/docs/guide/overview`);
    expect(await page.locator('main h1').textContent()).toBe('제품 이해하기');
    expect(await page.locator('.markdown p').count()).toBeGreaterThan(3);
    expect(await page.locator('.table-of-contents a').count()).toBeGreaterThan(3);
    // A closed category is not expanded in the HTML (pages carry the open path of the sidebar
    // only); its link leads to its generated index, which lists its pages.
    expect(await page.locator('.doc-sidebar a', { hasText: 'viewAnalysis' }).count()).toBe(0);
    await page.locator('.doc-sidebar a', { hasText: 'API 가이드' }).click();
    await page.waitForURL(`${siteUrl}/docs/category/api-guide`);
    await page.locator('.card', { hasText: 'viewAnalysis' }).click();
    await page.waitForURL(`${siteUrl}/docs/guide/api/viewAnalysis`);
    expect(await page.locator('main h1').textContent()).toBe('viewAnalysis');
    // The open path of the sidebar is in the HTML: the page's category shows its siblings.
    expect(await page.locator('.doc-sidebar a', { hasText: 'stopAnalysis' }).isVisible()).toBe(true);
    await context.close();
  });
});
