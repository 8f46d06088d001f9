import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createDocgenBuilder, createHugoBuilder, setAsideDocgenOutput, setAsideHugoOutput, type BuildRun } from './builds.js';
import { generateSite, getSamplePageIndex } from './generateSite.js';
import { countHtmlFiles, generateHugoSite, getHugoVersion } from './hugoSite.js';
import { measureOutputSize, measurePage, type OutputSize, type PageMeasurement } from './measureOutput.js';
import { measureWatch } from './measureWatch.js';
import { BUDGETS, toMetrics, type HugoRuns } from './metrics.js';
import { measureReferencePage, REFERENCE_PAGES, toPageHtml, type PageHtml } from './pageWeight.js';
import { formatTable } from './report.js';
import { getMachine, getResultsFile, readMetricMedian, toJsonMetrics, writeResults } from './results.js';
import { hasGnuTime, type ProcessRun } from './runProcess.js';
import type { SiteShape } from './siteShape.js';
import { createTrash } from './trash.js';

/** What every shape's run shares: the options of `pnpm bench` and docgen's installation. */
export interface BenchOptions {
  pages: number;
  runs: number;
  /** DOCGEN_THREADS of every docgen process, when set. */
  threads: number | undefined;
  resultsDir: string;
  keep: boolean;
  /** `bin/docgen` of the repository. */
  docgenBin: string;
  /** The bench's dist folder. */
  distDir: string;
  docgenVersion: string;
  env: NodeJS.ProcessEnv;
  log: (line: string) => void;
}

/**
 * Benchmarks one site shape: generates the site (and its Hugo twin), runs `runs` pairs of cold
 * builds (docgen, then Hugo) each followed by docgen's warm rebuild and one-page-edit rebuild,
 * measures the output and the sample page, builds the 300-page reference site to compare that
 * page's HTML, times `serve --watch`, then prints the table and writes
 * `bench-<shape>-<pages>.json`. Returns whether every judged budget passed.
 */
export async function benchShape(shape: SiteShape, options: BenchOptions): Promise<boolean> {
  const { pages, runs, log } = options;
  const workDir = mkdtempSync(join(tmpdir(), `docgen-bench-${shape.name}-${pages}-`));
  const siteDir = join(workDir, 'site');
  const outDir = join(workDir, 'out');
  const trash = createTrash(join(workDir, 'trash'));
  try {
    log(`\n[${shape.name}] ${shape.description}\n  ${pages} pages, ${runs} run${runs === 1 ? '' : 's'}, in ${workDir}`);
    const generateStart = performance.now();
    const sampleIndex = getSamplePageIndex(shape, [pages, REFERENCE_PAGES]);
    const site = generateSite(siteDir, shape, pages, sampleIndex);
    const translated = site.docs.filter((page) => page.translated).length;
    log(
      `  generated the site in ${((performance.now() - generateStart) / 1000).toFixed(1)} s: ${site.docs.length} pages ` +
        `(${site.versions.map((version) => `${version.pages} ${version.name}`).join(', ')}, ${translated} translated), ` +
        `${site.categories} categories, ${site.indexPages} index.md, ${site.blogPosts} blog posts; sample page ${site.samplePage.route}`,
    );

    const docgen = { docgenBin: options.docgenBin, env: options.env, log };
    const createBuilder = (forSite: string, into: string) =>
      createDocgenBuilder({ ...docgen, distDir: options.distDir, siteDir: forSite, outDir: into });
    const buildDocgen = createBuilder(siteDir, outDir);
    const hugoVersion = getHugoVersion();
    const hugoDir = join(workDir, 'hugo-site');
    const hugoOut = join(workDir, 'hugo-out');
    if (hugoVersion) generateHugoSite(site, hugoDir);
    else log('  hugo: not installed (apt-get install hugo), skipped');
    const buildHugo = createHugoBuilder({ hugoDir, destination: hugoOut, log });

    // Cold builds alternate docgen, Hugo, docgen, Hugo...: a noisy machine slows both alike.
    const cold: BuildRun[] = [];
    const warm: BuildRun[] = [];
    const edited: BuildRun[] = [];
    const retitled: BuildRun[] = [];
    const added: BuildRun[] = [];
    const hugoBuilds: ProcessRun[] = [];
    let outputSize: OutputSize | undefined;
    let hugoOutputSize: OutputSize | undefined;
    let page: PageMeasurement | undefined;
    const editFile = join(siteDir, site.editPage.sitePath);
    const editOriginal = readFileSync(editFile, 'utf8');
    const addedFile = join(dirname(editFile), 'bench-added.md');
    for (let run = 1; run <= runs; run++) {
      setAsideDocgenOutput(trash, siteDir, outDir);
      cold.push(await buildDocgen(`cold build ${run}/${runs}`));
      if (run === 1) {
        outputSize = measureOutputSize(outDir);
        page = measurePage(outDir, site.samplePage.route);
      }
      if (hugoVersion) {
        setAsideHugoOutput(trash, hugoDir, hugoOut);
        hugoBuilds.push(await buildHugo(`cold build ${run}/${runs}`));
        if (run === 1) hugoOutputSize = measureOutputSize(hugoOut);
      }
      warm.push(await buildDocgen(`warm rebuild ${run}/${runs}`));
      writeFileSync(editFile, `${editOriginal}\n벤치마크 편집 ${run}번째 문단입니다.\n`);
      try {
        edited.push(await buildDocgen(`rebuild after editing ${site.editPage.sitePath} ${run}/${runs}`));
        // Its title is its sidebar label too: the other pages of its sidebar show it, or not.
        writeFileSync(editFile, retitle(editOriginal, run));
        retitled.push(await buildDocgen(`rebuild after editing the title of ${site.editPage.sitePath} ${run}/${runs}`));
        // A new page beside it: its category's pages list it.
        writeFileSync(addedFile, `---\ntitle: "벤치마크 새 문서 ${run}"\n---\n\n벤치마크가 ${run}번째로 더한 문서입니다.\n`);
        added.push(await buildDocgen(`rebuild after adding ${addedFile.slice(siteDir.length + 1)} ${run}/${runs}`));
      } finally {
        writeFileSync(editFile, editOriginal);
        rmSync(addedFile, { force: true });
      }
    }
    const measuredHtml = toPageHtml(page!, pages);
    setAsideDocgenOutput(trash, siteDir, outDir);

    log('  serve --watch: starting the dev server');
    const watchInput = {
      ...docgen,
      siteDir,
      route: site.samplePage.route,
      routeText: site.samplePage.title[0],
      pageFile: site.editPage.sitePath,
      pageRoute: site.editPage.route,
    };
    const watch = await measureWatch({ ...watchInput, edits: runs });
    log('  serve --watch: starting it again (its compile store kept)');
    // Saves too: the first run of a restarted server renders no page, and its first save must not wait for a whole run.
    const watchRestart = await measureWatch({ ...watchInput, edits: runs });

    const reference =
      pages === REFERENCE_PAGES
        ? { ...measuredHtml, warnings: 0 }
        : await measureReferencePage({ shape, dir: join(workDir, 'reference'), sampleIndex, createBuilder });
    const hugo: HugoRuns | undefined = hugoVersion
      ? { version: hugoVersion, builds: hugoBuilds, htmlFiles: countHtmlFiles(hugoOut), outputSize: hugoOutputSize! }
      : undefined;
    const [basePages, grownPages] = BUDGETS.cpuPerPageGrowthPages;
    const cpuPerPageAt2000Ms =
      pages === grownPages ? readMetricMedian(getResultsFile(options.resultsDir, shape.name, basePages), 'cpuPerPageMs') : undefined;
    const metrics = toMetrics({
      pages,
      cold,
      warm,
      edited,
      retitled,
      added,
      referenceWarnings: reference.warnings,
      outputSize: outputSize!,
      page: page!,
      pageHtml: { measured: measuredHtml, reference },
      watch,
      watchRestart,
      hugo,
      cpuPerPageAt2000Ms,
    });

    const table = formatTable(metrics);
    const warnings = getPageHtmlWarning(measuredHtml, reference);
    process.stdout.write(
      `\ndocgen ${options.docgenVersion} bench, shape ${shape.name}: ${pages} pages, ${runs} run${runs === 1 ? '' : 's'} (median; min .. max)\n${table}\n${warnings}`,
    );
    if (pages === grownPages && cpuPerPageAt2000Ms === undefined) {
      log(`  (no ${getResultsFile(options.resultsDir, shape.name, basePages)}: CPU per page is not compared with ${basePages} pages)`);
    }

    const jsonFile = getResultsFile(options.resultsDir, shape.name, pages);
    writeResults(jsonFile, {
      benchmark: 'docgen',
      shape: shape.name,
      shapeDescription: shape.description,
      date: new Date().toISOString(),
      docgenVersion: options.docgenVersion,
      options: { pages, runs, threads: options.threads ?? null },
      machine: getMachine(),
      rssSource: hasGnuTime ? '/usr/bin/time -f %M' : 'process.resourceUsage().maxRSS of a build child',
      site: {
        docPages: site.docs.length,
        versions: site.versions,
        locales: site.locales,
        translatedPages: translated,
        categories: site.categories,
        indexPages: site.indexPages,
        blogPosts: site.blogPosts,
        routesBuilt: cold[0]!.routes,
        samplePage: site.samplePage.route,
        editedPage: site.editPage.sitePath,
      },
      metrics: toJsonMetrics(metrics),
      page,
      pageHtml: { measured: measuredHtml, reference },
      outputSize,
      watch,
      watchRestart,
      hugo: hugo ?? null,
      table,
    });
    log(`  wrote ${jsonFile}`);
    return metrics.every((metric) => metric.budget?.pass !== false);
  } finally {
    if (options.keep) log(`  kept ${workDir}`);
    else rmSync(workDir, { recursive: true, force: true });
  }
}

/** A line for each of raw and gzip HTML that grew past the budget, or ''. */
function getPageHtmlWarning(measured: PageHtml, reference: PageHtml): string {
  return (['htmlBytes', 'htmlGzip'] as const)
    .filter((key) => measured[key] > BUDGETS.pageHtmlGrowth * reference[key])
    .map(
      (key) =>
        `WARNING: page HTML grows with N: ${measured.route} is ${measured[key]} bytes (${key === 'htmlBytes' ? 'raw' : 'gzip'}) at ` +
        `${measured.pages} pages against ${reference[key]} bytes for the same page (${reference.route}) at ${reference.pages} pages ` +
        `(${(measured[key] / reference[key]).toFixed(2)}x > ${BUDGETS.pageHtmlGrowth}x).\n`,
    )
    .join('');
}

/** A page's source with its front matter's title changed: a one-line edit (run `run` of the bench). */
export function retitle(source: string, run: number): string {
  const retitled = source.replace(/^title: "(.*)"$/m, (_, title: string) => `title: "${title} (${run})"`);
  if (retitled === source) throw new Error('The edited page has no title in its front matter');
  return retitled;
}
