/**
 * `pnpm bench --case search`: docgen's search beside Pagefind on the same built HTML. For each
 * size, generates the one-sidebar Korean site (the docusaurus shape), builds it with docgen (the
 * search stage's time, from `--verbose`), runs Pagefind on the output, and in headless Chromium
 * measures, for four kinds of query, the bytes (gzip, level 9, of every response) from opening
 * search to the first results and the time it took. Then Pagefind's score on the relevance list
 * (packages/testing/test/fixtures/search/relevance.json) over docs-content. Pagefind comes from
 * the `pagefind` npm package; when it cannot run, the report says so and measures docgen alone.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, startStaticServer } from '@docgen/core';
import { DOCUSAURUS_SHAPE } from './docusaurusShape.js';
import { generateSite, getSamplePageIndex } from './generateSite.js';
import { recordResponseBytes } from './responseBytes.js';
import { runMeasured, type DocgenCommand } from './runProcess.js';

/** The four kinds of query the budgets name. */
export const SEARCH_QUERIES = [
  { kind: 'frequent', query: '분석' },
  { kind: 'rare', query: '거쳐' },
  { kind: 'english', query: 'POST' },
  { kind: 'particle', query: '토큰을' },
] as const;

interface QueryCost {
  kind: string;
  query: string;
  bytes: number;
  ms: number;
  results: number;
}

interface EngineReport {
  indexBuildMs: number;
  indexBytes: number;
  indexFiles: number;
  queries: QueryCost[];
}

export interface SearchBenchSize {
  pages: number;
  docgen: EngineReport;
  pagefind: EngineReport | { error: string };
}

const CHROMIUM = process.env.DOCGEN_CHROMIUM ?? '/usr/bin/chromium';

function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    // docgen's own flags: among them, no renderer of its own for each window's omnibox popup (see CHROMIUM_ARGS).
    args: [...CHROMIUM_ARGS],
  });
}

/** The Pagefind binary of the `pagefind` npm package, or why there is none. */
function findPagefind(): { bin: string } | { error: string } {
  let entry: string;
  try {
    entry = fileURLToPath(import.meta.resolve('pagefind'));
  } catch (error) {
    return { error: `the pagefind npm package is not installed (${(error as Error).message.split('\n')[0]})` };
  }
  // lib/index.js; the CLI that runs the platform's binary is lib/runner/bin.cjs.
  const bin = join(dirname(entry), 'runner', 'bin.cjs');
  if (!existsSync(bin)) return { error: `pagefind is installed but ${bin} is missing` };
  const run = spawnSync(process.execPath, [bin, '--version'], { encoding: 'utf8' });
  if (run.status !== 0) return { error: `pagefind --version failed: ${(run.stderr || run.stdout).trim()}` };
  return { bin };
}

function folderSize(dir: string): { bytes: number; files: number } {
  let bytes = 0;
  let files = 0;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    bytes += statSync(join(entry.parentPath, entry.name)).size;
    files++;
  }
  return { bytes, files };
}

/** docgen: opens the dialog with its button, types the query, waits for the first results. */
async function docgenQuery(browser: Browser, url: string, query: string): Promise<{ bytes: number; ms: number; results: number }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(url, { waitUntil: 'networkidle' });
  const take = recordResponseBytes(page);
  const start = performance.now();
  await page.getByRole('button', { name: /^검색/ }).click();
  await page.getByRole('combobox').fill(query);
  await page.getByRole('option').first().waitFor({ timeout: 60_000 });
  const ms = performance.now() - start;
  const results = await page.getByRole('option').count();
  const bytes = await take();
  await context.close();
  return { bytes, ms, results };
}

/** Pagefind: loads its API as its UI does, searches, and loads the first ten results' data. */
async function pagefindQuery(
  browser: Browser,
  url: string,
  base: string,
  query: string,
): Promise<{ bytes: number; ms: number; results: number }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(url, { waitUntil: 'networkidle' });
  const take = recordResponseBytes(page);
  const start = performance.now();
  const results = await page.evaluate(
    async ({ base, query }) => {
      const pagefind = await import(`${base}pagefind/pagefind.js`);
      const search = await pagefind.search(query);
      await Promise.all(search.results.slice(0, 10).map((result: { data(): Promise<unknown> }) => result.data()));
      return search.results.length as number;
    },
    { base, query },
  );
  const ms = performance.now() - start;
  const bytes = await take();
  await context.close();
  return { bytes, ms, results };
}

/** Measures docgen and Pagefind on a generated site of `pages` pages. */
async function measureSize(pages: number, root: string, command: DocgenCommand): Promise<SearchBenchSize> {
  const siteDir = join(root, `site-${pages}`);
  const outDir = join(siteDir, 'build');
  const site = generateSite(siteDir, DOCUSAURUS_SHAPE, pages, getSamplePageIndex(DOCUSAURUS_SHAPE, [pages]));
  command.log(`search: ${pages} pages generated; building with docgen`);
  const built = await runMeasured(process.execPath, [command.docgenBin, 'build', siteDir, '--no-cache', '--verbose'], { env: command.env });
  if (built.exitCode !== 0) throw new Error(`docgen build failed:\n${built.stderr}`);
  const searchMs = Number(/^\s*search\s+(\d+) ms/m.exec(built.stdout)?.[1] ?? NaN);
  const docgenSize = folderSize(join(outDir, '_docgen/search'));

  const pagefindBin = findPagefind();
  let pagefindBuild: { ms: number } | { error: string };
  if ('bin' in pagefindBin) {
    command.log(`search: running Pagefind on the same ${pages} pages`);
    const run = await runMeasured(process.execPath, [pagefindBin.bin, '--site', outDir], { env: command.env });
    pagefindBuild =
      run.exitCode === 0 ? { ms: run.milliseconds } : { error: `pagefind failed: ${run.stderr.trim().split('\n').slice(-3).join(' ')}` };
  } else pagefindBuild = pagefindBin;

  const server = await startStaticServer({ root: outDir, host: '127.0.0.1', port: 0 });
  const browser = await launch();
  try {
    const base = server.url.endsWith('/') ? server.url : `${server.url}/`;
    const url = base + site.samplePage.route.replace(/^\//, '');
    const docgenQueries: QueryCost[] = [];
    for (const { kind, query } of SEARCH_QUERIES) docgenQueries.push({ kind, query, ...(await docgenQuery(browser, url, query)) });
    let pagefind: SearchBenchSize['pagefind'];
    if ('ms' in pagefindBuild) {
      const pagefindQueries: QueryCost[] = [];
      for (const { kind, query } of SEARCH_QUERIES)
        pagefindQueries.push({ kind, query, ...(await pagefindQuery(browser, url, base, query)) });
      const size = folderSize(join(outDir, 'pagefind'));
      pagefind = { indexBuildMs: pagefindBuild.ms, indexBytes: size.bytes, indexFiles: size.files, queries: pagefindQueries };
    } else pagefind = pagefindBuild;
    return {
      pages,
      docgen: { indexBuildMs: searchMs, indexBytes: docgenSize.bytes, indexFiles: docgenSize.files, queries: docgenQueries },
      pagefind,
    };
  } finally {
    await browser.close();
    await server.close();
  }
}

interface RelevanceQuery {
  index: string;
  query: string;
  expect: string;
}

/** Pagefind's score on the relevance list: docs-content built, Pagefind run on it, each query's first three results. */
async function pagefindRelevance(root: string, repoRoot: string, command: DocgenCommand): Promise<string> {
  const pagefindBin = findPagefind();
  if (!('bin' in pagefindBin)) return `not measured: ${pagefindBin.error}`;
  const outDir = join(root, 'docs-content-build');
  const built = await runMeasured(
    process.execPath,
    [command.docgenBin, 'build', join(repoRoot, 'docs-content'), '--out-dir', outDir, '--no-cache'],
    {
      env: command.env,
    },
  );
  if (built.exitCode !== 0) return `not measured: docs-content did not build`;
  const run = await runMeasured(process.execPath, [pagefindBin.bin, '--site', outDir], { env: command.env });
  if (run.exitCode !== 0) return `not measured: pagefind failed`;
  const { queries } = JSON.parse(readFileSync(join(repoRoot, 'packages/testing/test/fixtures/search/relevance.json'), 'utf8')) as {
    queries: RelevanceQuery[];
  };
  const server = await startStaticServer({ root: outDir, host: '127.0.0.1', port: 0 });
  const browser = await launch();
  try {
    const base = server.url.endsWith('/') ? server.url : `${server.url}/`;
    const page = await (await browser.newContext()).newPage();
    let passed = 0;
    for (const { index, query, expect } of queries) {
      // The scope as docgen's dialog has it: the locale (Pagefind splits by <html lang>), and the version or blog by URL.
      const locale = index.split('-')[0]!;
      const scope = index.slice(locale.length + 1);
      await page.goto(base + (locale === 'en' ? 'en/' : ''), { waitUntil: 'networkidle' });
      const urls = await page.evaluate(
        async ({ base, query }) => {
          const pagefind = await import(`${base}pagefind/pagefind.js`);
          const search = await pagefind.search(query);
          type Data = { url: string; sub_results?: { url: string }[] };
          const data: Data[] = await Promise.all(search.results.slice(0, 30).map((result: { data(): Promise<Data> }) => result.data()));
          return data.map((result) => [result.url, ...(result.sub_results ?? []).map((sub) => sub.url)]);
        },
        { base, query },
      );
      const inScope = (url: string) => {
        const path = decodeURIComponent(new URL(url, base).pathname.replace(/\/$/, ''));
        if (scope === 'blog') return !path.includes('/docs/');
        const version = scope.slice('docs-'.length);
        const versioned = /\/docs\/(\d{4}\.\d)\//.exec(path)?.[1];
        return path.includes('/docs/') && (version === 'current' ? versioned === undefined : versioned === version);
      };
      const top = urls.filter(([url]) => inScope(url!)).slice(0, 3);
      const matches = (url: string) => {
        const full = new URL(url, base);
        const path = decodeURIComponent(full.pathname.replace(/\/$/, '')) + decodeURIComponent(full.hash);
        return expect.includes('#') ? path === expect : path.split('#')[0] === expect;
      };
      if (top.some((result) => (expect.includes('#') ? result.slice(1, 2).some(matches) || result.some(matches) : matches(result[0]!))))
        passed++;
    }
    return `${passed} of ${queries.length} queries have the expected page or section in the first three`;
  } finally {
    await browser.close();
    await server.close();
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** Runs the search case at each size and prints the report; returns whether docgen met its budgets. */
export async function benchSearch(
  sizes: readonly number[],
  options: DocgenCommand & { repoRoot: string; keep: boolean },
): Promise<boolean> {
  const root = mkdtempSync(join(tmpdir(), 'docgen-bench-search-'));
  const { log } = options;
  let passed = true;
  try {
    const measured: SearchBenchSize[] = [];
    for (const pages of sizes) measured.push(await measureSize(pages, root, options));
    log('\nsearch: from opening search to the first results (gzip, code included), time to results');
    for (const size of measured) {
      log(`\n${size.pages} pages`);
      log(`  docgen    index build ${size.docgen.indexBuildMs} ms, ${kb(size.docgen.indexBytes)} in ${size.docgen.indexFiles} files`);
      if ('error' in size.pagefind) log(`  pagefind  ${size.pagefind.error}`);
      else
        log(
          `  pagefind  index build ${size.pagefind.indexBuildMs.toFixed(0)} ms, ${kb(size.pagefind.indexBytes)} in ${size.pagefind.indexFiles} files`,
        );
      for (const [index, cost] of size.docgen.queries.entries()) {
        const other = 'error' in size.pagefind ? undefined : size.pagefind.queries[index];
        const fails = cost.bytes > 150 * 1024;
        passed &&= !fails;
        log(
          `  ${cost.kind.padEnd(9)} ${cost.query.padEnd(8)} docgen ${kb(cost.bytes).padStart(9)} ${cost.ms.toFixed(0).padStart(6)} ms ${String(cost.results).padStart(3)} shown${fails ? ' FAIL (over 150 KB)' : ''}` +
            (other ? ` | pagefind ${kb(other.bytes).padStart(9)} ${other.ms.toFixed(0).padStart(6)} ms ${other.results} results` : ''),
        );
      }
    }
    if (measured.length > 1) {
      const [small, large] = [measured[0]!, measured[measured.length - 1]!];
      for (const [index, cost] of small.docgen.queries.entries()) {
        const ratio = large.docgen.queries[index]!.bytes / cost.bytes;
        const fails = ratio > 1.2;
        passed &&= !fails;
        log(
          `  ${cost.kind} at ${large.pages} pages: ${(ratio * 100).toFixed(0)} % of ${small.pages} pages${fails ? ' FAIL (over 120 %)' : ''}`,
        );
      }
    }
    log(`\nPagefind on the relevance list: ${await pagefindRelevance(root, options.repoRoot, options)}`);
  } finally {
    if (options.keep) log(`search: kept ${root}`);
    else rmSync(root, { recursive: true, force: true });
  }
  return passed;
}
