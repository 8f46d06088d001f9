import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUSAURUS_SHAPE } from '@docgen/bench/docusaurusShape';
import { generateSite, getSamplePageIndex } from '@docgen/bench/generateSite';
import { recordResponseBytes } from '@docgen/bench/responseBytes';
import { build, startStaticServer, type StaticServer } from '@docgen/core';
import { launchBrowser } from '../src/browser.js';

/**
 * The bytes search costs on a site of real size: the bench's one-sidebar Korean site at 2,000
 * pages, generated and built here. From opening the search dialog to the first results of a
 * query, everything fetched (the dialog's code, the manifest, the shards, the details), counted
 * gzipped as a static host serves it, must stay under the budget; so must each further keystroke.
 * The time is reported, not asserted.
 */
const PAGES = 2000;
const FIRST_RESULTS_BUDGET = 150 * 1024;
const KEYSTROKE_BUDGET = 50 * 1024;

/** The four kinds of query, and a keystroke that extends each. */
const QUERIES = [
  { kind: 'frequent', query: '분석', next: '분석 요' },
  { kind: 'rare', query: '거쳐', next: '거쳐야' },
  { kind: 'english', query: 'POST', next: 'POST analyses' },
  { kind: 'particle', query: '토큰을', next: '토큰을 발' },
];

let root: string;
let server: StaticServer;
let browser: Browser;
let samplePath: string;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'docgen-search-budget-'));
  const siteDir = join(root, 'site');
  const site = generateSite(siteDir, DOCUSAURUS_SHAPE, PAGES, getSamplePageIndex(DOCUSAURUS_SHAPE, [PAGES]));
  samplePath = site.samplePage.route;
  await build({ siteDir, outDir: join(root, 'build') });
  server = await startStaticServer({ root: join(root, 'build'), host: '127.0.0.1', port: 0 });
  browser = await launchBrowser();
}, 600_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  if (root) rmSync(root, { recursive: true, force: true });
});

/** Types `query` into the box and waits for results showing it: the milliseconds it took. */
async function typeAndWait(page: Page, query: string) {
  const started = Date.now();
  await page.getByRole('combobox').fill(query);
  await page.waitForFunction(
    (typed) =>
      (document.querySelector('[role="status"]')?.textContent ?? '') === '' &&
      document.querySelector('[role="combobox"]') instanceof HTMLInputElement &&
      (document.querySelector('[role="combobox"]') as HTMLInputElement).value === typed &&
      document.querySelectorAll('[role="option"]').length > 0,
    query,
    { timeout: 30_000 },
  );
  return Date.now() - started;
}

describe(`search on a ${PAGES}-page site`, () => {
  it.each(QUERIES)(
    'fetches at most 150 KB gzip to the first results of a $kind query ($query), 50 KB a keystroke more',
    async ({ kind, query, next }) => {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(server.url.replace(/\/$/, '') + samplePath, { waitUntil: 'networkidle' });
      const bytes = recordResponseBytes(page);
      await page.getByRole('button', { name: /^검색/ }).click();
      await page.getByRole('combobox').waitFor();
      const firstTime = await typeAndWait(page, query);
      const first = await bytes();
      const nextTime = await typeAndWait(page, next);
      const more = await bytes();
      // The same query again: its shards and details are there.
      await page.getByRole('combobox').fill('');
      const againTime = await typeAndWait(page, query);
      const again = await bytes();
      console.log(
        `search ${kind} "${query}": ${(first / 1024).toFixed(1)} KB gzip in ${firstTime} ms; "${next}": +${(more / 1024).toFixed(1)} KB in ${nextTime} ms; again: +${again} B in ${againTime} ms`,
      );
      expect(first).toBeLessThanOrEqual(FIRST_RESULTS_BUDGET);
      expect(more).toBeLessThanOrEqual(KEYSTROKE_BUDGET);
      expect(again).toBe(0);
      await context.close();
    },
  );
});
