/**
 * `pnpm bench [--pages N] [--runs R] [--shape docgen|docusaurus|both] [--threads T] [--out DIR] [--keep] [--git-only]`:
 * docgen's benchmark. For each site shape, generates a synthetic site, builds it cold with
 * `docgen build` and Hugo in turn, rebuilds it warm and after one edit, measures the output and a
 * page against the same page of a 300-page site, times `serve --watch` as a user feels it, and
 * checks the budgets of the manual (packages/docs/docs/contributing/budgets.md). Then times the git
 * pass of last-updated dates on a site of N pages in a git repository (measureGitDates.ts).
 *
 * `pnpm bench --case search [--search-pages 2000,10000]`: docgen's search beside Pagefind (searchBench.ts).
 *
 * `pnpm bench --case mdx [--pages N] [--runs R] [--no-mdx-features]`: the same site as `.md` and as `.mdx`, the
 * `.mdx` build's CPU against the `.md` one's (mdxBench.ts).
 *
 * `pnpm bench --case flat [--siblings 50,5000,50000]`: a folder of N sibling pages built for each N, the page's
 * HTML against the folder of 50's (flatBench.ts).
 */
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { benchShape, type BenchOptions } from './benchShape.js';
import { DOCGEN_SHAPE } from './docgenShape.js';
import { DOCUSAURUS_SHAPE } from './docusaurusShape.js';
import { measureGitDates } from './measureGitDates.js';
import { benchFlat } from './flatBench.js';
import { benchMdx } from './mdxBench.js';
import { formatTable } from './report.js';
import { toJsonMetrics, writeResults } from './results.js';
import { hasGnuTime } from './runProcess.js';
import { benchSearch } from './searchBench.js';
import { SHAPE_NAMES, type ShapeName, type SiteShape } from './siteShape.js';

const USAGE = `Usage: pnpm bench [--pages N] [--runs R] [--shape docgen|docusaurus|both] [--threads T] [--out DIR] [--keep] [--git-only]
       pnpm bench --case search [--search-pages N,M] [--threads T] [--keep]
       pnpm bench --case mdx [--pages N] [--runs R] [--threads T] [--out DIR] [--keep] [--no-mdx-features]
       pnpm bench --case flat [--siblings N,M,...] [--threads T] [--out DIR] [--keep]

  --pages N     doc pages of the synthetic site (default 2000, at least 100)
  --runs R      runs of each measurement; the table shows the median (default 3)
  --shape S     docgen (docs-content's shape), docusaurus (Docusaurus's defaults) or both, in turn (default both)
  --threads T   set DOCGEN_THREADS=T (worker threads) for every docgen process
  --out DIR     folder of the JSON results, bench-<shape>-<N>.json (default bench-results)
  --keep        keep the generated sites and outputs (their folders are printed)
  --case C      build (default); search: docgen's search beside Pagefind on the one-sidebar Korean site;
                mdx: that site's pages as .md and as .mdx, the .mdx build's CPU against the .md one's (bench-mdx-<N>.json);
                flat: a folder of N sibling pages for each N of --siblings, its page HTML against the folder of 50's (bench-flat.json)
  --search-pages N,M  sizes of the search case (default 2000,10000)
  --siblings N,M,...  sizes of the flat case (default 50,5000,50000)
  --no-mdx-features   mdx case: no page uses MDX's features (JSON import, export, Tabs, .map()), only its syntax
  --git-only    only the cost of last-updated dates (the git pass on a cold build and a rebuild)
`;

const SHAPES: Record<ShapeName, SiteShape> = { docgen: DOCGEN_SHAPE, docusaurus: DOCUSAURUS_SHAPE };

const log = (line: string) => process.stderr.write(`${line}\n`);

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      pages: { type: 'string', default: '2000' },
      runs: { type: 'string', default: '3' },
      shape: { type: 'string', default: 'both' },
      threads: { type: 'string' },
      out: { type: 'string', default: 'bench-results' },
      keep: { type: 'boolean', default: false },
      case: { type: 'string', default: 'build' },
      'search-pages': { type: 'string', default: '2000,10000' },
      siblings: { type: 'string', default: '50,5000,50000' },
      'git-only': { type: 'boolean', default: false },
      'mdx-features': { type: 'boolean', default: true },
      help: { type: 'boolean', short: 'h', default: false },
    },
    allowNegative: true,
  });
  if (values.help) {
    process.stdout.write(USAGE);
    return;
  }
  if (!['build', 'search', 'mdx', 'flat'].includes(values.case))
    usageError(`--case must be build, search, mdx or flat, not "${values.case}"`);
  const pages = toInteger('--pages', values.pages, 100);
  const runs = toInteger('--runs', values.runs, 1);
  const threads = values.threads === undefined ? undefined : toInteger('--threads', values.threads, 1);
  const shapes = values.shape === 'both' ? SHAPE_NAMES : SHAPE_NAMES.filter((name) => name === values.shape);
  if (shapes.length === 0) usageError(`--shape must be docgen, docusaurus or both, not "${values.shape}"`);

  const distDir = dirname(fileURLToPath(import.meta.url));
  const repoRoot = resolve(distDir, '../../..');
  const docgenVersion = (JSON.parse(readFileSync(join(repoRoot, 'packages/core/package.json'), 'utf8')) as { version: string }).version;
  // Cold means cold: no theme bundle from another site of the machine's shared cache either
  // (a bench site's bundle is portable, so its second cold build would take it from there).
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1', DOCGEN_SHARED_CACHE: 'off' };
  if (threads !== undefined) env.DOCGEN_THREADS = String(threads);

  if (values.case === 'search') {
    const sizes = values['search-pages'].split(',').map((size) => toInteger('--search-pages', size.trim(), 100));
    log(`docgen bench, search: ${sizes.join(' and ')} pages`);
    const passed = await benchSearch(sizes, { docgenBin: join(repoRoot, 'bin', 'docgen'), env, log, repoRoot, keep: values.keep });
    if (!passed) log('\nSome search budgets are not met (FAIL above).');
    return;
  }
  const options: BenchOptions = {
    pages,
    runs,
    threads,
    resultsDir: resolve(values.out),
    keep: values.keep,
    docgenBin: join(repoRoot, 'bin', 'docgen'),
    distDir,
    docgenVersion,
    env,
    log,
  };
  if (values.case === 'flat') {
    const siblings = values.siblings.split(',').map((size) => toInteger('--siblings', size.trim(), 1));
    log(`docgen bench, flat: ${siblings.join(', ')} siblings`);
    const passed = await benchFlat({
      siblings,
      resultsDir: resolve(values.out),
      keep: values.keep,
      docgenBin: options.docgenBin,
      env,
      log,
      docgenVersion,
    });
    if (!passed) log('\nSome flat-folder budgets are not met (FAIL above).');
    return;
  }
  if (values.case === 'mdx') {
    log(`docgen bench, mdx${threads ? `: DOCGEN_THREADS=${threads}` : ''}`);
    if (!hasGnuTime) log('GNU time (/usr/bin/time) is missing: peak RSS and CPU come from a build child reporting its own usage');
    const passed = await benchMdx({ ...options, featurePages: values['mdx-features'] });
    if (!passed) log('\nSome mdx budgets are not met (FAIL above).');
    return;
  }
  log(
    `docgen bench: ${pages} pages, ${runs} run${runs === 1 ? '' : 's'}, shape ${shapes.join(' then ')}${threads ? `, DOCGEN_THREADS=${threads}` : ''}`,
  );
  if (!hasGnuTime) log('GNU time (/usr/bin/time) is missing: peak RSS and CPU come from a build child reporting its own usage');
  let passed = true;
  for (const name of values['git-only'] ? [] : shapes) {
    const shapePassed = await benchShape(SHAPES[name], options);
    passed &&= shapePassed;
  }
  const git = await measureGitDates({ pages, runs, keep: values.keep, docgenBin: join(repoRoot, 'bin', 'docgen'), env, log });
  process.stdout.write(
    `\ndocgen ${docgenVersion} bench, last-updated dates: ${pages} pages, ${git.files} files in git\n${formatTable(git.metrics)}\n`,
  );
  const gitFile = join(resolve(values.out), `bench-git-${pages}.json`);
  writeResults(gitFile, { docgenVersion, pages, files: git.files, metrics: toJsonMetrics(git.metrics) });
  log(`  results: ${gitFile}`);
  passed &&= git.passed;
  if (!passed) log('\nSome budgets are not met (FAIL above).');
}

function toInteger(flag: string, value: string, min: number): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number < min) usageError(`${flag} must be a whole number of at least ${min}, not "${value}"`);
  return number;
}

function usageError(message: string): never {
  process.stderr.write(`${message}\n\n${USAGE}`);
  process.exit(2);
}

try {
  await main();
} catch (error) {
  // The cause carries what failed underneath (a build's own errors, for one), cut short: a build
  // that fails on every page repeats the same error hundreds of times.
  let causes = '';
  for (let cause = (error as Error)?.cause; cause !== undefined; cause = (cause as Error)?.cause) {
    const lines = ((cause as Error)?.message ?? String(cause)).split('\n');
    causes += `\ncaused by: ${lines.slice(0, 40).join('\n')}${lines.length > 40 ? `\n(${lines.length - 40} more lines)` : ''}`;
  }
  process.stderr.write(`bench failed: ${(error as Error)?.stack ?? String(error)}${causes}\n`);
  process.exitCode = 1;
}
