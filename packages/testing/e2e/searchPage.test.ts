/**
 * The search page (`search.page: true`, as a migrated Docusaurus site with a search theme has
 * one): `/search?q=` searches as the dialog does and lists every result as a link, in each locale,
 * served by a plain static server and driven in Chromium.
 */
import { mkdtempSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage } from '../src/browser.js';
import { runDocgen } from '../src/cli.js';
import { writeSiteFiles } from '../src/fixtureSite.js';
import { startPlainServer, type PlainServer } from '../src/plainServer.js';

const scratch = mkdtempSync(join(tmpdir(), 'docgen-search-page-'));
const site = join(scratch, 'site');
let server: PlainServer;
let browser: Browser;

beforeAll(async () => {
  writeSiteFiles(site, {
    'docgen.config.yaml': [
      'title: Widgets',
      'url: https://widgets.example.com',
      'i18n:',
      '  defaultLocale: en',
      '  locales: [en, ko]',
      'search:',
      '  page: true',
      '',
    ].join('\n'),
    'docs/intro.md': '# Intro\n\nWidgets are small. Install the widget CLI first.\n\n## Setup\n\nSetup of widgets takes a minute.\n',
    'docs/gadgets.md': '# Gadgets\n\nGadgets are not widgets.\n',
    'i18n/ko/docs/current/intro.md': '# 소개\n\n위젯은 작습니다.\n',
  });
  const built = await runDocgen(['build', site]);
  expect(built.code, built.stderr).toBe(0);
  [server, browser] = await Promise.all([startPlainServer(join(site, 'build')), launchBrowser()]);
}, 120_000);
afterAll(async () => {
  await Promise.all([browser?.close(), server?.close()]);
  rmSync(scratch, { recursive: true, force: true });
});

describe('the search page', () => {
  it('is a page of each locale, titled, kept out of search engines and the sitemap', () => {
    const html = readFileSync(join(site, 'build/search/index.html'), 'utf8');
    expect(html).toContain('<title>Search the documentation | Widgets</title>');
    expect(html).toContain('<meta name="robots" content="noindex');
    expect(html).toContain('<h1>Search the documentation</h1>');
    expect(existsSync(join(site, 'build/ko/search/index.html'))).toBe(true);
    expect(readFileSync(join(site, 'build/sitemap.xml'), 'utf8')).not.toContain('/search');
  });

  it('searches the query of ?q=, follows the query in the URL, and opens a result', async () => {
    const { page, problems } = await openPage(browser);
    await page.goto(`${server.url}/search?q=setup`);
    const titles = page.locator('.search-page__title');
    await expect.poll(() => titles.allTextContents()).toContain('Intro › Setup');
    expect(await page.locator('.search-page__input').inputValue()).toBe('setup');
    await expect.poll(() => page.getByRole('status').textContent()).toBe('One result for "setup"');
    await page.locator('.search-page__input').fill('gadgets');
    await expect.poll(() => titles.allTextContents()).toEqual(['Gadgets']);
    expect(new URL(page.url()).search).toBe('?q=gadgets');
    await page.locator('.search-page__title a').first().click();
    await page.waitForURL(`${server.url}/docs/gadgets`);
    await expect.poll(() => page.locator('h1').textContent()).toBe('Gadgets');
    await page.goto(`${server.url}/search?q=nothing-like-this`);
    await expect.poll(() => page.getByRole('status').textContent()).toBe('No results for "nothing-like-this"');
    expect(problems).toEqual([]);
  });

  it("speaks the page's locale", async () => {
    const { page, problems } = await openPage(browser);
    await page.goto(`${server.url}/ko/search?q=${encodeURIComponent('위젯')}`);
    await expect.poll(() => page.locator('.search-page__title').allTextContents()).toEqual(['소개']);
    expect(await page.locator('h1').textContent()).toBe('문서 검색');
    expect(problems).toEqual([]);
  });
});
