/**
 * A folder of hundreds of pages (generated API references often are one): a page's HTML carries a
 * window of its siblings, not all of them, so it is as large as a page of a folder of 50; readers
 * without JavaScript reach the others through the category's page, and with JavaScript the whole
 * list follows from the sidebar file the pages share. Built by the real CLI, served by a plain
 * static server, read in Chromium.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gotoReady, launchBrowser, openPage } from '../src/browser.js';
import { runDocgen } from '../src/cli.js';
import { getMinimalSiteFiles, writeSiteFiles } from '../src/fixtureSite.js';
import { startPlainServer, type PlainServer } from '../src/plainServer.js';

const scratch = mkdtempSync(join(tmpdir(), 'docgen-flat-'));
const site = join(scratch, 'site');
const MANY = 600;
const FEW = 50;

let browser: Browser;
let server: PlainServer;

/** A folder of `count` pages, each with the same text (only the number differs). */
const folder = (name: string, count: number) =>
  Object.fromEntries(
    Array.from({ length: count }, (_, index) => [
      `docs/${name}/page-${String(index).padStart(4, '0')}.md`,
      `# ${name} page ${index}\n\nThe reference of operation ${index}.\n`,
    ]),
  );

beforeAll(async () => {
  const files = getMinimalSiteFiles('Flat');
  writeSiteFiles(site, {
    ...files,
    'docs/intro.md': '---\nsidebar_position: 1\n---\n# Intro\n\nStart here.\n',
    // Generated index pages list every page of their folder.
    'docs/many/_category_.yaml': 'label: Many\nposition: 2\nlink:\n  type: generated-index\n',
    'docs/few/_category_.yaml': 'label: Few\nposition: 3\n',
    ...folder('many', MANY),
    ...folder('few', FEW),
  });
  const built = await runDocgen(['build', site]);
  expect(built.code, built.stderr).toBe(0);
  server = await startPlainServer(join(site, 'build'));
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  rmSync(scratch, { recursive: true, force: true });
});

const html = (path: string) => readFileSync(join(site, 'build', path, 'index.html'), 'utf8');

describe('a folder of hundreds of pages', () => {
  it('gives its pages HTML as large as those of a folder of 50', () => {
    const many = html('docs/many/page-0300').length;
    const few = html('docs/few/page-0025').length;
    expect(many / few).toBeLessThan(1.2);
    // The page's own neighbours are in it; pages far away are not.
    expect(html('docs/many/page-0300')).toContain('href="/docs/many/page-0299"');
    expect(html('docs/many/page-0300')).not.toContain('href="/docs/many/page-0100"');
  });

  it('shows the window and links the category page for the rest without JavaScript', async () => {
    const { context, page } = await openPage(browser, { javaScriptEnabled: false });
    await page.goto(`${server.url}/docs/many/page-0300`);
    const sidebar = page.locator('.doc-sidebar');
    expect(await sidebar.locator('a[href^="/docs/many/page-"]').count()).toBe(40);
    const more = sidebar.getByRole('link', { name: '280 more pages' });
    expect(await more.count()).toBe(2);
    expect(await more.first().getAttribute('href')).toBe('/docs/category/many');
    await more.first().click();
    await page.waitForURL(/\/docs\/category\/many$/);
    // The category page lists every page of the folder.
    expect(await page.locator('.card-grid a.card[href^="/docs/many/page-"]').count()).toBe(MANY);
    await context.close();
  });

  it('lists every page once the sidebar file is loaded, the page current, and navigates to a far one', async () => {
    const { context, page, problems } = await openPage(browser);
    await gotoReady(page, `${server.url}/docs/many/page-0300`);
    const sidebar = page.locator('.doc-sidebar');
    await expect.poll(() => sidebar.locator('a[href^="/docs/many/page-"]').count()).toBe(MANY);
    expect(await sidebar.getByRole('link', { name: /more pages/ }).count()).toBe(0);
    expect(await sidebar.locator('a[aria-current="page"]').getAttribute('href')).toBe('/docs/many/page-0300');
    await sidebar.locator('a[href="/docs/many/page-0005"]').click();
    await page.waitForURL(/\/docs\/many\/page-0005$/);
    await expect.poll(() => page.locator('h1').textContent()).toBe('many page 5');
    expect(await sidebar.locator('a[aria-current="page"]').getAttribute('href')).toBe('/docs/many/page-0005');
    expect(problems).toEqual([]);
    await context.close();
  });
});
