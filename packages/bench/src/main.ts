/**
 * `pnpm bench [--pages N] [--runs R] [--threads T] [--out bench-results] [--keep]`: docgen's
 * benchmark. Generates a synthetic site, builds it with `docgen build` as a child process (cold,
 * warm, after one edit), measures the output, times `serve --watch` from save to reload, builds
 * the same markdown with Hugo where it is installed, and checks the budgets of DESIGN.md.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { generateSite, type GeneratedSite } from './generateSite.js';
import { countHtmlFiles, generateHugoSite, getHugoVersion } from './hugoSite.js';
import { getOutputSiblings, measureOutputSize, measurePage, type OutputSize, type PageMeasurement } from './measureOutput.js';
import { measureWatch, type WatchMeasurement } from './measureWatch.js';
import { formatTable, summarize, type Budget, type Metric, type Summary } from './report.js';
import { hasGnuTime, runMeasured, type ProcessRun } from './runProcess.js';
import { createTrash, type Trash } from './trash.js';

const USAGE = `Usage: pnpm bench [--pages N] [--runs R] [--threads T] [--out DIR] [--keep]

  --pages N     doc pages of the synthetic site (default 2000)
  --runs R      runs of each measurement; the table shows the median (default 3)
  --threads T   set DOCGEN_THREADS=T (worker threads) for every docgen process
  --out DIR     folder of the JSON results, bench-<N>.json (default bench-results)
  --keep        keep the generated site and outputs (their folder is printed)
`;

/** DESIGN.md "Performance budgets". */
const BUDGETS = {
  docusaurusColdMs: 285_000,
  fasterThanDocusaurus: 20,
  /** The site size of the build and `serve --watch` budgets (the others hold at any size). */
  docusaurusPages: 2000,
  hugoRatio: 3,
  peakRssBytes: 1e9,
  firstLoadJsGzip: 95_000,
  watchReloadMs: 300,
};
const SOURCE = 'DESIGN.md "Performance budgets"';

const log = (line: string) => process.stderr.write(`${line}\n`);

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      pages: { type: 'string', default: '2000' },
      runs: { type: 'string', default: '3' },
      threads: { type: 'string' },
      out: { type: 'string', default: 'bench-results' },
      keep: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    process.stdout.write(USAGE);
    return;
  }
  const pages = toInteger('--pages', values.pages, 20);
  const runs = toInteger('--runs', values.runs, 1);
  const threads = values.threads === undefined ? undefined : toInteger('--threads', values.threads, 1);
  const resultsDir = resolve(values.out);

  const distDir = dirname(fileURLToPath(import.meta.url));
  const repoRoot = resolve(distDir, '../../..');
  const docgenBin = join(repoRoot, 'bin', 'docgen');
  const docgenVersion = (JSON.parse(readFileSync(join(repoRoot, 'packages/core/package.json'), 'utf8')) as { version: string }).version;
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1' };
  if (threads !== undefined) env.DOCGEN_THREADS = String(threads);

  const workDir = mkdtempSync(join(tmpdir(), `docgen-bench-${pages}-`));
  const siteDir = join(workDir, 'site');
  const outDir = join(workDir, 'out');
  const trash = createTrash(join(workDir, 'trash'));
  try {
    log(`docgen bench: ${pages} pages, ${runs} run${runs === 1 ? '' : 's'}${threads ? `, DOCGEN_THREADS=${threads}` : ''}, in ${workDir}`);
    const generateStart = performance.now();
    const site = generateSite(siteDir, pages);
    const translated = site.docs.filter((page) => page.translated).length;
    log(
      `generated the site in ${((performance.now() - generateStart) / 1000).toFixed(1)} s: ${site.docs.length} pages ` +
        `(${site.docs.filter((page) => page.version === 'current').length} current, ${translated} translated), ` +
        `${site.categories} categories, ${site.blogPosts} blog posts`,
    );
    if (!hasGnuTime) log('GNU time (/usr/bin/time) is missing: peak RSS comes from a build child reporting its own maxRSS');

    const buildOnce = async (what: string): Promise<BuildRun> => {
      const [command, args] = hasGnuTime
        ? [process.execPath, [docgenBin, 'build', siteDir, '--out-dir', outDir]]
        : [process.execPath, [join(distDir, 'buildChild.js'), siteDir, outDir]];
      const run = await runMeasured(command, args, { env });
      if (run.exitCode !== 0) throw new Error(`docgen build failed (${what}, exit code ${run.exitCode}):\n${run.stdout}\n${run.stderr}`);
      const routes = Number(/Built (\d+) pages/.exec(run.stdout)?.[1] ?? NaN);
      const warnings = run.stderr === '' ? 0 : Number(/^(\d+) warnings?$/m.exec(run.stderr)?.[1] ?? run.stderr.split('\n').length);
      if (warnings > 0) log(`  docgen printed ${warnings} warning(s) (${what}):\n${run.stderr.split('\n').slice(0, 20).join('\n')}`);
      log(
        `  ${what}: ${(run.milliseconds / 1000).toFixed(2)} s, CPU ${(run.cpuMs / 1000).toFixed(1)} s, peak RSS ${(run.maxRssKb / 1024).toFixed(0)} MiB`,
      );
      return { ...run, routes, warnings };
    };

    const cold: BuildRun[] = [];
    const warm: BuildRun[] = [];
    const edited: BuildRun[] = [];
    let outputSize: OutputSize | undefined;
    let page: PageMeasurement | undefined;
    const editFile = join(siteDir, site.editPage.sitePath);
    const editOriginal = readFileSync(editFile, 'utf8');
    for (let run = 1; run <= runs; run++) {
      setAsideOutputAndCaches(trash, siteDir, outDir);
      cold.push(await buildOnce(`cold build ${run}/${runs}`));
      if (run === 1) {
        outputSize = measureOutputSize(outDir);
        page = measurePage(outDir, site.samplePage.route);
      }
      warm.push(await buildOnce(`warm rebuild ${run}/${runs}`));
      writeFileSync(editFile, `${editOriginal}\n벤치마크 편집 ${run}번째 문단입니다.\n`);
      try {
        edited.push(await buildOnce(`rebuild after editing ${site.editPage.sitePath} ${run}/${runs}`));
      } finally {
        writeFileSync(editFile, editOriginal);
      }
    }
    setAsideOutputAndCaches(trash, siteDir, outDir);

    log('serve --watch: starting the dev server');
    const watch = await measureWatch({
      docgenBin,
      siteDir,
      route: site.samplePage.route,
      pageFile: site.editPage.sitePath,
      edits: runs,
      env,
      log,
    });

    const hugo = await runHugo(site, workDir, runs, trash);

    const metrics = toMetrics({ pages, site, cold, warm, edited, outputSize: outputSize!, page: page!, watch, hugo });
    const table = formatTable(metrics);
    process.stdout.write(`\ndocgen ${docgenVersion} bench: ${pages} pages, ${runs} runs (median; min .. max)\n${table}\n`);

    mkdirSync(resultsDir, { recursive: true });
    const jsonFile = join(resultsDir, `bench-${pages}.json`);
    const json = {
      benchmark: 'docgen',
      date: new Date().toISOString(),
      docgenVersion,
      options: { pages, runs, threads: threads ?? null },
      machine: {
        node: process.version,
        platform: `${process.platform} ${process.arch}`,
        cpus: cpus().length,
        cpuModel: cpus()[0]?.model,
        memoryBytes: totalmem(),
      },
      rssSource: hasGnuTime ? '/usr/bin/time -f %M' : 'process.resourceUsage().maxRSS of a build child',
      site: {
        docPages: site.docs.length,
        currentVersionPages: site.docs.filter((doc) => doc.version === 'current').length,
        frozenVersionPages: site.docs.filter((doc) => doc.version !== 'current').length,
        translatedPages: translated,
        categories: site.categories,
        blogPosts: site.blogPosts,
        routesBuilt: cold[0]!.routes,
        samplePage: site.samplePage.route,
        editedPage: site.editPage.sitePath,
      },
      metrics: metrics.map(({ id, label, unit, value, budget, note }) => ({
        id,
        label,
        unit,
        ...(typeof value === 'number' ? { value } : value),
        budget: budget ?? null,
        note: note ?? null,
      })),
      page,
      outputSize,
      watch,
      hugo: hugo ?? null,
      table,
    };
    writeFileSync(jsonFile, `${JSON.stringify(json, null, 2)}\n`);
    log(`\nwrote ${jsonFile}`);
    if (metrics.some((metric) => metric.budget && !metric.budget.pass)) log('Some budgets are not met (FAIL above).');
  } finally {
    if (values.keep) log(`kept ${workDir}`);
    else rmSync(workDir, { recursive: true, force: true });
  }
}

interface BuildRun extends ProcessRun {
  /** Pages docgen reports it built (every route of every locale). */
  routes: number;
  warnings: number;
}

interface HugoResult {
  version: string;
  contentFiles: number;
  htmlFiles: number;
  coldMs: Summary;
  cpuMs: Summary;
  maxRssKb: Summary;
}

/** Builds the same markdown with Hugo, cold, `runs` times; undefined where Hugo is not installed. */
async function runHugo(site: GeneratedSite, workDir: string, runs: number, trash: Trash): Promise<HugoResult | undefined> {
  const version = getHugoVersion();
  if (!version) {
    log('hugo: not installed (apt-get install hugo), skipped');
    return undefined;
  }
  const hugoDir = join(workDir, 'hugo-site');
  const destination = join(workDir, 'hugo-out');
  const { contentFiles } = generateHugoSite(site, hugoDir);
  const builds: ProcessRun[] = [];
  for (let run = 1; run <= runs; run++) {
    trash.setAside(destination);
    trash.setAside(join(hugoDir, 'resources'));
    const result = await runMeasured('hugo', ['--quiet', '--destination', destination], { cwd: hugoDir });
    if (result.exitCode !== 0) throw new Error(`hugo failed (exit code ${result.exitCode}):\n${result.stdout}\n${result.stderr}`);
    log(
      `  hugo cold build ${run}/${runs}: ${(result.milliseconds / 1000).toFixed(2)} s, CPU ${(result.cpuMs / 1000).toFixed(1)} s, peak RSS ${(result.maxRssKb / 1024).toFixed(0)} MiB`,
    );
    builds.push(result);
  }
  return {
    version,
    contentFiles,
    htmlFiles: countHtmlFiles(destination),
    coldMs: summarize(builds.map((build) => build.milliseconds)),
    cpuMs: summarize(builds.map((build) => build.cpuMs)),
    maxRssKb: summarize(builds.map((build) => build.maxRssKb)),
  };
}

function toMetrics(input: {
  pages: number;
  site: GeneratedSite;
  cold: BuildRun[];
  warm: BuildRun[];
  edited: BuildRun[];
  outputSize: OutputSize;
  page: PageMeasurement;
  watch: WatchMeasurement;
  hugo: HugoResult | undefined;
}): Metric[] {
  const { pages, cold, warm, edited, outputSize, page, watch, hugo } = input;
  const coldMs = summarize(cold.map((run) => run.milliseconds));
  const peakRss = summarize(cold.map((run) => run.maxRssKb));
  const budget = (text: string, pass: boolean): Budget => ({ text, source: SOURCE, pass });
  // At another size, build times and watch latency are reported without a verdict.
  const atBudgetSize = pages === BUDGETS.docusaurusPages;
  const metrics: Metric[] = [
    {
      id: 'coldBuildMs',
      label: 'cold build',
      unit: 'ms',
      inSeconds: true,
      value: coldMs,
      budget: atBudgetSize
        ? budget(
            `≤ ${(BUDGETS.docusaurusColdMs / BUDGETS.fasterThanDocusaurus / 1000).toFixed(2)} s (Docusaurus 285 s / 20)`,
            coldMs.median <= BUDGETS.docusaurusColdMs / BUDGETS.fasterThanDocusaurus,
          )
        : undefined,
    },
    {
      id: 'coldBuildCpuMs',
      label: 'cold build CPU (user + system)',
      unit: 'ms',
      inSeconds: true,
      value: summarize(cold.map((run) => run.cpuMs)),
      note: 'all threads of the build process; the wall time is at least this over the cores',
    },
    {
      id: 'warmBuildMs',
      label: 'warm rebuild, nothing changed',
      unit: 'ms',
      inSeconds: true,
      value: summarize(warm.map((run) => run.milliseconds)),
    },
    {
      id: 'editBuildMs',
      label: 'rebuild after editing one page',
      unit: 'ms',
      inSeconds: true,
      value: summarize(edited.map((run) => run.milliseconds)),
    },
    {
      id: 'pagesPerSecond',
      label: 'pages per second (cold)',
      unit: 'per-second',
      value: summarize(cold.map((run) => pages / (run.milliseconds / 1000))),
      note: `${pages} doc pages (markdown files); docgen renders ${cold[0]!.routes} routes of both locales`,
    },
    { id: 'routesBuilt', label: 'routes built (both locales)', unit: 'count', value: cold[0]!.routes },
    {
      id: 'peakRssKb',
      label: 'peak RSS (cold build)',
      unit: 'kib',
      value: peakRss,
      budget: budget('< 1 GB, flat in pages', peakRss.median * 1024 < BUDGETS.peakRssBytes),
    },
    {
      id: 'buildWarnings',
      label: 'build warnings',
      unit: 'count',
      value: Math.max(...[...cold, ...warm, ...edited].map((run) => run.warnings)),
      budget: budget(
        '0',
        [...cold, ...warm, ...edited].every((run) => run.warnings === 0),
      ),
    },
    {
      id: 'outputBytes',
      label: `output size on disk (${outputSize.files} files)`,
      unit: 'bytes',
      value: outputSize.diskBytes,
      note: `${outputSize.bytes} bytes in files`,
    },
    {
      id: 'firstLoadJsGzip',
      label: 'first-load JS of a doc page (gzip)',
      unit: 'bytes',
      value: page.firstLoadJsGzip,
      budget: budget('≤ 95 KB', page.firstLoadJsGzip <= BUDGETS.firstLoadJsGzip),
      note: page.scripts.map((script) => `${script.url} ${script.gzip}`).join(', '),
    },
    { id: 'firstLoadScripts', label: 'first-load script requests', unit: 'count', value: page.scripts.length },
    { id: 'pageHtmlGzip', label: 'doc page HTML (gzip)', unit: 'bytes', value: page.htmlGzip, note: page.route },
    { id: 'articleGzip', label: 'article HTML of the page (gzip)', unit: 'bytes', value: page.article.gzip },
    {
      id: 'pageDataGzip',
      label: 'page data of a client navigation (gzip)',
      unit: 'bytes',
      value: page.pageData.gzip,
      note: page.pageData.file,
    },
    {
      id: 'pageDataToArticle',
      label: 'page data / article (gzip)',
      unit: 'ratio',
      value: page.pageData.gzip / page.article.gzip,
      budget: budget('≤ 1.00x', page.pageData.gzip <= page.article.gzip),
    },
  ];
  if (page.sidebar) {
    metrics.push({
      id: 'sidebarGzip',
      label: 'sidebar data, once per sidebar (gzip)',
      unit: 'bytes',
      value: page.sidebar.gzip,
      note: page.sidebar.file,
    });
  }
  const latency = summarize(watch.latenciesMs);
  metrics.push(
    { id: 'watchStartupMs', label: 'serve --watch: first build to serving', unit: 'ms', inSeconds: true, value: watch.startupMs },
    {
      id: 'watchReloadMs',
      label: 'serve --watch: save to reload event',
      unit: 'ms',
      value: latency,
      budget: atBudgetSize ? budget(`< ${BUDGETS.watchReloadMs} ms`, latency.median < BUDGETS.watchReloadMs) : undefined,
    },
  );
  if (hugo) {
    const ratio = summarize(cold.map((run) => run.milliseconds / hugo.coldMs.median));
    metrics.push(
      {
        id: 'hugoColdBuildMs',
        label: `hugo cold build (${hugo.htmlFiles} HTML files)`,
        unit: 'ms',
        inSeconds: true,
        value: hugo.coldMs,
        note: hugo.version,
      },
      { id: 'hugoCpuMs', label: 'hugo cold build CPU (user + system)', unit: 'ms', inSeconds: true, value: hugo.cpuMs },
      { id: 'hugoPeakRssKb', label: 'hugo peak RSS', unit: 'kib', value: hugo.maxRssKb },
      {
        id: 'coldBuildToHugo',
        label: 'docgen cold build / hugo',
        unit: 'ratio',
        value: ratio,
        budget: atBudgetSize ? budget(`≤ ${BUDGETS.hugoRatio.toFixed(2)}x`, ratio.median <= BUDGETS.hugoRatio) : undefined,
      },
    );
  }
  return metrics;
}

/** A cold build starts from nothing: no output, no staging folders, no docgen cache (see trash.ts). */
function setAsideOutputAndCaches(trash: Trash, siteDir: string, outDir: string): void {
  for (const path of [outDir, ...getOutputSiblings(outDir), join(siteDir, '.docgen'), join(siteDir, 'node_modules', '.cache', 'docgen')]) {
    trash.setAside(path);
  }
}

function toInteger(flag: string, value: string, min: number): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number < min) {
    process.stderr.write(`${flag} must be a whole number of at least ${min}, not "${value}"\n\n${USAGE}`);
    process.exit(2);
  }
  return number;
}

try {
  await main();
} catch (error) {
  process.stderr.write(`bench failed: ${(error as Error)?.stack ?? String(error)}\n`);
  process.exitCode = 1;
}
