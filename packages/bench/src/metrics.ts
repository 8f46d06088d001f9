import type { BuildRun } from './builds.js';
import type { OutputSize, PageMeasurement } from './measureOutput.js';
import type { WatchMeasurement } from './measureWatch.js';
import { REFERENCE_PAGES, type PageHtml } from './pageWeight.js';
import { summarize, type Budget, type Metric } from './report.js';
import type { ProcessRun } from './runProcess.js';

/** docgen's performance budgets (the manual's "Budgets": packages/docs/docs/contributing/budgets.md). */
export const BUDGETS = {
  /** docgen's cold build CPU over Hugo's, median of the per-pair ratios, by the size it is judged at. */
  cpuToHugo: { 2000: 1.5, 10_000: 1.0 } as Record<number, number>,
  /** Peak RSS of a cold build, in MiB: below `small` up to `smallPages` pages, below `large` above. */
  peakRssMib: { small: 600, smallPages: 2000, large: 1024 },
  /** First-load JavaScript of a doc page, gzip, in bytes. */
  firstLoadJsGzip: 80_000,
  /** The sample page's HTML (raw and gzip) at N pages over the same page at REFERENCE_PAGES. */
  pageHtmlGrowth: 1.2,
  /** docgen's output on disk over Hugo's. */
  outputToHugo: 3,
  /** The files docgen's cold build writes over Hugo's. */
  filesToHugo: 2,
  /** A rebuild after a one-line edit of one page, wall and CPU in ms, at `editPages` pages. */
  editBuildMs: 2000,
  editBuildCpuMs: 3000,
  editPages: 10_000,
  /**
   * `serve --watch`: spawn to the first page served (without, and with the compile store an
   * earlier run kept), and save to the new page over HTTP, in ms.
   */
  watchFirstPageMs: 3000,
  watchFirstPageWarmMs: 1500,
  watchPageReceivedMs: 200,
  /** The sizes the `serve --watch` budgets are judged at. */
  watchPages: [2000, 10_000],
  /** CPU per page at 10,000 pages over CPU per page at 2,000 (from bench-<shape>-2000.json). */
  cpuPerPageGrowth: 1.2,
  cpuPerPageGrowthPages: [2000, 10_000],
  /** The mdx case: the `.mdx` site's cold build CPU over the `.md` site's, median of the per-pair ratios. */
  mdxToMdCpu: 1.5,
} as const;

/** Hugo's side of the interleaved cold builds. */
export interface HugoRuns {
  version: string;
  /** One per docgen cold build, in the same order (pair i: docgen cold build i, then Hugo's). */
  builds: ProcessRun[];
  htmlFiles: number;
  outputSize: OutputSize;
}

/** Everything one shape's run measured. */
export interface Measurements {
  pages: number;
  cold: BuildRun[];
  warm: BuildRun[];
  edited: BuildRun[];
  /** Rebuilds after a one-line edit of the same page's title, which its sidebar shows. */
  retitled: BuildRun[];
  /** Rebuilds after a new page was added beside it. */
  added: BuildRun[];
  /** Warnings of the reference site's build (they count against "build warnings" too). */
  referenceWarnings: number;
  outputSize: OutputSize;
  page: PageMeasurement;
  /** The sample page's HTML at N pages and at REFERENCE_PAGES. */
  pageHtml: { measured: PageHtml; reference: PageHtml };
  watch: WatchMeasurement;
  /** `serve --watch` started again on the site (its compile store from the first run kept). */
  watchRestart: WatchMeasurement;
  hugo: HugoRuns | undefined;
  /** CPU per page of the cold build at 2,000 pages (bench-<shape>-2000.json), when this run is at 10,000 and that file exists, in ms. */
  cpuPerPageAt2000Ms: number | undefined;
}

const number = (value: number) => value.toLocaleString('en-US');
const sizes = (pages: readonly number[]) => pages.map(number).join(' and ');

/** A budget judged only when `judged` (at the sizes its text names). */
function budget(text: string, judged: boolean, pass: () => boolean): Budget {
  return { text, pass: judged ? pass() : undefined };
}

/** The rows of the table, with their budgets judged for this run's size. */
export function toMetrics(input: Measurements): Metric[] {
  const { pages, cold, warm, edited, retitled, added, outputSize, page, pageHtml, watch, watchRestart, hugo } = input;
  const coldCpu = summarize(cold.map((run) => run.cpuMs));
  const peakRss = summarize(cold.map((run) => run.maxRssKb));
  /** A row of the one-page edit's rebuilds: `of` each run, within `limitMs` at BUDGETS.editPages. */
  const editRow = (id: string, label: string, of: (run: BuildRun) => number, limitMs: number, runs = edited): Metric => {
    const value = summarize(runs.map(of));
    return {
      id,
      label,
      unit: 'ms',
      inSeconds: true,
      value,
      budget: budget(
        `≤ ${limitMs / 1000} s (at ${number(BUDGETS.editPages)} pages)`,
        pages === BUDGETS.editPages,
        () => value.median <= limitMs,
      ),
    };
  };
  const rssLimitMib = pages <= BUDGETS.peakRssMib.smallPages ? BUDGETS.peakRssMib.small : BUDGETS.peakRssMib.large;
  const allBuilds = [...cold, ...warm, ...edited, ...retitled, ...added];
  const warnings = Math.max(input.referenceWarnings, ...allBuilds.map((run) => run.warnings));
  const metrics: Metric[] = [
    {
      id: 'coldBuildMs',
      label: 'docgen cold build (wall)',
      unit: 'ms',
      inSeconds: true,
      value: summarize(cold.map((run) => run.milliseconds)),
    },
    {
      id: 'coldBuildCpuMs',
      label: 'docgen cold build CPU (user + system)',
      unit: 'ms',
      inSeconds: true,
      value: coldCpu,
      note: 'all threads of the build process',
    },
  ];
  if (hugo) {
    const pairs = (of: (run: ProcessRun) => number) => summarize(cold.map((run, i) => of(run) / of(hugo.builds[i]!)));
    const cpuRatio = pairs((run) => run.cpuMs);
    const judged = BUDGETS.cpuToHugo[pages] !== undefined;
    metrics.push(
      {
        id: 'hugoColdBuildMs',
        label: `hugo cold build (wall; ${number(hugo.htmlFiles)} HTML files)`,
        unit: 'ms',
        inSeconds: true,
        value: summarize(hugo.builds.map((run) => run.milliseconds)),
        note: hugo.version,
      },
      {
        id: 'hugoCpuMs',
        label: 'hugo cold build CPU (user + system)',
        unit: 'ms',
        inSeconds: true,
        value: summarize(hugo.builds.map((run) => run.cpuMs)),
      },
      {
        id: 'cpuToHugo',
        label: 'docgen / hugo cold build CPU, per pair',
        unit: 'ratio',
        value: cpuRatio,
        budget: budget(
          Object.entries(BUDGETS.cpuToHugo)
            .map(([size, limit]) => `≤ ${limit.toFixed(1)}x at ${number(Number(size))}`)
            .join(', '),
          judged,
          () => cpuRatio.median <= BUDGETS.cpuToHugo[pages]!,
        ),
      },
      { id: 'wallToHugo', label: 'docgen / hugo cold build wall, per pair', unit: 'ratio', value: pairs((run) => run.milliseconds) },
    );
  }
  const cpuPerPage = summarize(cold.map((run) => run.cpuMs / pages));
  const [basePages, grownPages] = BUDGETS.cpuPerPageGrowthPages;
  const previous = input.cpuPerPageAt2000Ms;
  metrics.push(
    {
      id: 'cpuPerPageMs',
      label: 'docgen cold build CPU per doc page',
      unit: 'ms',
      value: cpuPerPage,
      budget:
        previous === undefined
          ? undefined
          : budget(
              `≤ ${BUDGETS.cpuPerPageGrowth}x ${number(basePages)} pages' ${previous.toFixed(1)} ms (at ${number(grownPages)})`,
              true,
              () => cpuPerPage.median <= BUDGETS.cpuPerPageGrowth * previous,
            ),
    },
    {
      id: 'pagesPerSecond',
      label: 'pages per second (cold, wall)',
      unit: 'per-second',
      value: summarize(cold.map((run) => pages / (run.milliseconds / 1000))),
      note: `${pages} doc pages (markdown files); docgen renders ${cold[0]!.routes} routes`,
    },
    { id: 'routesBuilt', label: 'routes built (every locale)', unit: 'count', value: cold[0]!.routes },
    {
      id: 'peakRssKb',
      label: 'docgen peak RSS (cold build)',
      unit: 'kib',
      value: peakRss,
      budget: budget(
        `< ${rssLimitMib} MiB (${pages <= BUDGETS.peakRssMib.smallPages ? `≤ ${number(BUDGETS.peakRssMib.smallPages)}` : `> ${number(BUDGETS.peakRssMib.smallPages)}`} pages)`,
        true,
        () => peakRss.median < rssLimitMib * 1024,
      ),
    },
  );
  if (hugo)
    metrics.push({ id: 'hugoPeakRssKb', label: 'hugo peak RSS', unit: 'kib', value: summarize(hugo.builds.map((run) => run.maxRssKb)) });
  metrics.push(
    {
      id: 'warmBuildMs',
      label: 'docgen warm rebuild, nothing changed',
      unit: 'ms',
      inSeconds: true,
      value: summarize(warm.map((run) => run.milliseconds)),
    },
    editRow('editBuildMs', 'docgen rebuild after editing one page', (run) => run.milliseconds, BUDGETS.editBuildMs),
    editRow('editBuildCpuMs', 'docgen rebuild after editing one page, CPU', (run) => run.cpuMs, BUDGETS.editBuildCpuMs),
    editRow('retitleBuildMs', "docgen rebuild after editing one page's title", (run) => run.milliseconds, BUDGETS.editBuildMs, retitled),
    editRow(
      'retitleBuildCpuMs',
      "docgen rebuild after editing one page's title, CPU",
      (run) => run.cpuMs,
      BUDGETS.editBuildCpuMs,
      retitled,
    ),
    editRow('addBuildMs', 'docgen rebuild after adding one page', (run) => run.milliseconds, BUDGETS.editBuildMs, added),
    editRow('addBuildCpuMs', 'docgen rebuild after adding one page, CPU', (run) => run.cpuMs, BUDGETS.editBuildCpuMs, added),
    {
      id: 'buildWarnings',
      label: 'build warnings',
      unit: 'count',
      value: warnings,
      budget: budget('0', true, () => warnings === 0),
    },
    {
      id: 'outputBytes',
      label: `docgen output on disk (${number(outputSize.files)} files)`,
      unit: 'bytes',
      value: outputSize.diskBytes,
      note: `${outputSize.bytes} bytes in files`,
    },
  );
  if (hugo) {
    const ratio = outputSize.diskBytes / hugo.outputSize.diskBytes;
    const filesRatio = outputSize.files / hugo.outputSize.files;
    metrics.push(
      {
        id: 'hugoOutputBytes',
        label: `hugo output on disk (${number(hugo.outputSize.files)} files)`,
        unit: 'bytes',
        value: hugo.outputSize.diskBytes,
        note: `${hugo.outputSize.bytes} bytes in files`,
      },
      {
        id: 'outputToHugo',
        label: 'docgen / hugo output on disk',
        unit: 'ratio',
        value: ratio,
        budget: budget(`≤ ${BUDGETS.outputToHugo}x`, true, () => ratio <= BUDGETS.outputToHugo),
      },
      {
        id: 'filesToHugo',
        label: `docgen / hugo files written (${number(outputSize.files)} / ${number(hugo.outputSize.files)})`,
        unit: 'ratio',
        value: filesRatio,
        budget: budget(`≤ ${BUDGETS.filesToHugo}x`, true, () => filesRatio <= BUDGETS.filesToHugo),
      },
    );
  }
  metrics.push(
    {
      id: 'firstLoadJsGzip',
      label: 'first-load JS of a doc page (gzip)',
      unit: 'bytes',
      value: page.firstLoadJsGzip,
      budget: budget(`≤ ${BUDGETS.firstLoadJsGzip / 1000} KB`, true, () => page.firstLoadJsGzip <= BUDGETS.firstLoadJsGzip),
      note: page.scripts.map((script) => `${script.url} ${script.gzip}`).join(', '),
    },
    { id: 'firstLoadScripts', label: 'first-load script requests', unit: 'count', value: page.scripts.length },
    ...toPageHtmlMetrics(pageHtml),
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
      budget: budget('≤ 1.00x', true, () => page.pageData.gzip <= page.article.gzip),
    },
  );
  if (page.sidebar) {
    metrics.push({
      id: 'sidebarGzip',
      label: 'sidebar data, once per sidebar (gzip)',
      unit: 'bytes',
      value: page.sidebar.gzip,
      note: page.sidebar.file,
    });
  }
  const atWatchSize = (BUDGETS.watchPages as readonly number[]).includes(pages);
  const received = summarize(watch.pageReceivedMs);
  const receivedAgain = summarize(watchRestart.pageReceivedMs);
  const at = ` (at ${sizes(BUDGETS.watchPages)} pages)`;
  metrics.push(
    {
      id: 'watchFirstPageMs',
      label: 'serve --watch: first page served',
      unit: 'ms',
      inSeconds: true,
      value: watch.firstPageMs,
      budget: budget(`≤ ${BUDGETS.watchFirstPageMs / 1000} s${at}`, atWatchSize, () => watch.firstPageMs <= BUDGETS.watchFirstPageMs),
      note: 'from spawning docgen serve --watch to the first HTTP 200 of the sample page',
    },
    {
      id: 'watchFirstPageWarmMs',
      label: 'serve --watch again: first page served',
      unit: 'ms',
      inSeconds: true,
      value: watchRestart.firstPageMs,
      budget: budget(
        `≤ ${BUDGETS.watchFirstPageWarmMs / 1000} s${at}`,
        atWatchSize,
        () => watchRestart.firstPageMs <= BUDGETS.watchFirstPageWarmMs,
      ),
      note: 'the same, started again after the first run stopped: its compile store kept',
    },
    {
      id: 'watchStartupMs',
      label: 'serve --watch: whole first build',
      unit: 'ms',
      inSeconds: true,
      value: watch.startupMs,
      note: 'from spawning to its first "Built N pages" line',
    },
    { id: 'watchReloadMs', label: 'serve --watch: save to reload event', unit: 'ms', value: summarize(watch.latenciesMs) },
    {
      id: 'watchPageReceivedMs',
      label: 'serve --watch: save to new page over HTTP',
      unit: 'ms',
      value: received,
      budget: budget(`< ${BUDGETS.watchPageReceivedMs} ms${at}`, atWatchSize, () => received.median < BUDGETS.watchPageReceivedMs),
    },
    {
      id: 'watchRestartPageReceivedMs',
      label: 'serve --watch again: save to new page over HTTP',
      unit: 'ms',
      value: receivedAgain,
      budget: budget(`< ${BUDGETS.watchPageReceivedMs} ms${at}`, atWatchSize, () => receivedAgain.median < BUDGETS.watchPageReceivedMs),
      note: 'the saves of the server started again, whose first run rendered no page',
    },
    { id: 'watchRebuildMs', label: "serve --watch: docgen's rebuild time", unit: 'ms', value: summarize(watch.rebuildMs) },
  );
  return metrics;
}

/** The sample page's HTML, raw and gzip, at N and at REFERENCE_PAGES pages, and their ratios. */
function toPageHtmlMetrics({ measured, reference }: { measured: PageHtml; reference: PageHtml }): Metric[] {
  const limit = BUDGETS.pageHtmlGrowth;
  return (['htmlBytes', 'htmlGzip'] as const).flatMap((key): Metric[] => {
    const kind = key === 'htmlBytes' ? 'raw' : 'gzip';
    const ratio = measured[key] / reference[key];
    return [
      {
        id: `pageHtml.${key}`,
        label: `doc page HTML (${kind}), ${number(measured.pages)} pages`,
        unit: 'bytes',
        value: measured[key],
        note: measured.route,
      },
      {
        id: `pageHtmlReference.${key}`,
        label: `same page HTML (${kind}), ${number(REFERENCE_PAGES)} pages`,
        unit: 'bytes',
        value: reference[key],
        note: reference.route,
      },
      {
        id: `pageHtmlGrowth.${key}`,
        label: `page HTML (${kind}) at ${number(measured.pages)} / at ${number(REFERENCE_PAGES)}`,
        unit: 'ratio',
        value: ratio,
        budget: budget(`≤ ${limit.toFixed(2)}x`, true, () => ratio <= limit),
      },
    ];
  });
}
