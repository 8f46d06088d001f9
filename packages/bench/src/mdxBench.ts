/**
 * `pnpm bench --case mdx`: what reading `.mdx` costs docgen against `.md`. Generates the
 * one-sidebar Korean site (the docusaurus shape, as the build case does) twice from the same
 * pages: once as `.md`, once as `.mdx` (mdxPages.ts: the same text, and on one page in ten a block
 * of MDX features, written out in markdown on the `.md` twin). Builds both cold, interleaved,
 * checks that they show the same text, and judges the `.mdx` build's CPU against the `.md` one's.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BenchOptions } from './benchShape.js';
import { createDocgenBuilder, setAsideDocgenOutput, type BuildRun } from './builds.js';
import { DOCUSAURUS_SHAPE } from './docusaurusShape.js';
import { generateSite, getSamplePageIndex, type GeneratedSite } from './generateSite.js';
import { getElement } from './measureOutput.js';
import { getFeatureTexts, isFeaturePage, MDX_FEATURE_EVERY, type PageFormat } from './mdxPages.js';
import { BUDGETS } from './metrics.js';
import { formatTable, summarize, type Metric } from './report.js';
import { getMachine, getResultsFile, readMetricMedian, toJsonMetrics, writeResults } from './results.js';
import { hasGnuTime, type ProcessRun } from './runProcess.js';
import { createTrash } from './trash.js';

export interface MdxBenchOptions extends BenchOptions {
  /** Whether one page in MDX_FEATURE_EVERY carries the MDX feature block (`--no-mdx-features` turns it off). */
  featurePages: boolean;
}

/** One of the two sites and its cold builds. */
interface Variant {
  format: PageFormat;
  site: GeneratedSite;
  siteDir: string;
  outDir: string;
  builds: BuildRun[];
}

/** How the two sites' built pages compare (see compareOutputs). */
interface TextComparison {
  /** Pages without the feature block whose article text is not the same in both outputs. */
  differing: string[];
  /** Feature pages whose article lacks some of the block's text, in either output. */
  featuresMissing: string[];
}

/**
 * Runs the mdx case: both sites, `runs` pairs of cold builds (`.md`, then `.mdx`), the text check,
 * the table and `bench-mdx-<pages>.json`. Returns whether every budget passed.
 */
export async function benchMdx(options: MdxBenchOptions): Promise<boolean> {
  const { pages, runs, featurePages, log } = options;
  const workDir = mkdtempSync(join(tmpdir(), `docgen-bench-mdx-${pages}-`));
  const trash = createTrash(join(workDir, 'trash'));
  try {
    log(
      `\n[mdx] ${pages} pages as .md and as .mdx, ${runs} run${runs === 1 ? '' : 's'}, feature pages ` +
        `${featurePages ? `on (1 in ${MDX_FEATURE_EVERY})` : 'off'}, in ${workDir}`,
    );
    const sampleIndex = getSamplePageIndex(DOCUSAURUS_SHAPE, [pages]);
    const variants = (['md', 'mdx'] as const).map((extension): Variant => {
      const siteDir = join(workDir, `${extension}-site`);
      const format: PageFormat = { extension, featurePages };
      const site = generateSite(siteDir, DOCUSAURUS_SHAPE, pages, sampleIndex, format);
      return { format, site, siteDir, outDir: join(workDir, `${extension}-out`), builds: [] };
    });
    const [md, mdx] = variants as [Variant, Variant];
    const features = featurePages ? md.site.docs.filter(isFeaturePage).length : 0;
    log(`  generated both sites: ${md.site.docs.length} doc pages each, ${features} with the feature block`);

    // Cold builds alternate .md, .mdx, .md...: a noisy machine slows both alike.
    const builders = variants.map(({ siteDir, outDir }) =>
      createDocgenBuilder({ docgenBin: options.docgenBin, env: options.env, log, distDir: options.distDir, siteDir, outDir }),
    );
    for (let run = 1; run <= runs; run++) {
      for (const [i, variant] of variants.entries()) {
        setAsideDocgenOutput(trash, variant.siteDir, variant.outDir);
        try {
          variant.builds.push(await builders[i]!(`.${variant.format.extension} cold build ${run}/${runs}`));
        } catch (error) {
          if (variant.format.extension === 'mdx' && featurePages) {
            throw new Error(
              `The .mdx site did not build. Its feature pages (1 in ${MDX_FEATURE_EVERY}) import JSON, export a const and ` +
                'call .map(), which need docgen to compile real MDX; --no-mdx-features measures without them.',
              { cause: error },
            );
          }
          throw error;
        }
      }
    }
    const comparison = compareOutputs(md, mdx, featurePages);
    if (comparison.differing.length > 0) log(`  the text differs between .md and .mdx on ${comparison.differing.slice(0, 5).join(', ')}`);
    if (comparison.featuresMissing.length > 0) {
      log(`  feature pages without the block's text: ${comparison.featuresMissing.slice(0, 5).join(', ')}`);
    }

    const buildCaseFile = getResultsFile(options.resultsDir, DOCUSAURUS_SHAPE.name, pages);
    const buildCaseCpuMs = readMetricMedian(buildCaseFile, 'coldBuildCpuMs');
    const metrics = toMdxMetrics({ md: md.builds, mdx: mdx.builds, comparison, featurePages, buildCaseCpuMs, buildCaseFile });
    const table = formatTable(metrics);
    const mdCpuMs = summarize(md.builds.map((build) => build.cpuMs)).median;
    const buildCaseLine =
      buildCaseCpuMs === undefined
        ? `no ${buildCaseFile}: \`pnpm bench --shape docusaurus --pages ${pages}\` writes the build case's figure to compare with`
        : `the build case's cold build CPU (${buildCaseFile}) is ${seconds(buildCaseCpuMs)}: this .md build is ${(mdCpuMs / buildCaseCpuMs).toFixed(2)}x of it`;
    process.stdout.write(
      `\ndocgen ${options.docgenVersion} bench, mdx: ${pages} pages as .md and as .mdx, ${runs} run${runs === 1 ? '' : 's'}, ` +
        `feature pages ${featurePages ? 'on' : 'off'} (median; min .. max)\n${table}\n` +
        `.md cold build CPU ${seconds(mdCpuMs)}; ${buildCaseLine}\n`,
    );

    const jsonFile = join(options.resultsDir, `bench-mdx-${pages}.json`);
    writeResults(jsonFile, {
      benchmark: 'docgen-mdx',
      shape: DOCUSAURUS_SHAPE.name,
      date: new Date().toISOString(),
      docgenVersion: options.docgenVersion,
      options: { pages, runs, threads: options.threads ?? null, featurePages },
      machine: getMachine(),
      cpuSource: hasGnuTime ? '/usr/bin/time -f %U+%S' : 'process.resourceUsage() of a build child',
      site: {
        docPages: md.site.docs.length,
        featurePages: features,
        routesBuilt: { md: md.builds[0]!.routes, mdx: mdx.builds[0]!.routes },
      },
      metrics: toJsonMetrics(metrics),
      buildCase: buildCaseCpuMs === undefined ? null : { file: buildCaseFile, coldBuildCpuMs: buildCaseCpuMs },
      textComparison: comparison,
      table,
    });
    log(`  wrote ${jsonFile}`);
    return metrics.every((metric) => metric.budget?.pass !== false);
  } finally {
    if (options.keep) log(`  kept ${workDir}`);
    else rmSync(workDir, { recursive: true, force: true });
  }
}

/** The rows of the mdx case's table; every budget is judged at every size. */
function toMdxMetrics(input: {
  md: BuildRun[];
  mdx: BuildRun[];
  comparison: TextComparison;
  featurePages: boolean;
  buildCaseCpuMs: number | undefined;
  buildCaseFile: string;
}): Metric[] {
  const { md, mdx, comparison } = input;
  const perPair = (of: (run: ProcessRun) => number) => summarize(md.map((run, i) => of(mdx[i]!) / of(run)));
  const cpuRatio = perPair((run) => run.cpuMs);
  const warnings = Math.max(...[...md, ...mdx].map((run) => run.warnings));
  const differing = comparison.differing.length;
  const metrics: Metric[] = [];
  for (const [name, builds] of [
    ['md', md],
    ['mdx', mdx],
  ] as const) {
    metrics.push(
      {
        id: `${name}ColdBuildMs`,
        label: `.${name} cold build (wall)`,
        unit: 'ms',
        inSeconds: true,
        value: summarize(builds.map((run) => run.milliseconds)),
      },
      {
        id: `${name}ColdBuildCpuMs`,
        label: `.${name} cold build CPU (user + system)`,
        unit: 'ms',
        inSeconds: true,
        value: summarize(builds.map((run) => run.cpuMs)),
        note: 'all threads of the build process',
      },
    );
  }
  metrics.push(
    {
      id: 'mdxToMdCpu',
      label: '.mdx / .md cold build CPU, per pair',
      unit: 'ratio',
      value: cpuRatio,
      budget: { text: `≤ ${BUDGETS.mdxToMdCpu}x`, pass: cpuRatio.median <= BUDGETS.mdxToMdCpu },
    },
    { id: 'mdxToMdWall', label: '.mdx / .md cold build wall, per pair', unit: 'ratio', value: perPair((run) => run.milliseconds) },
    { id: 'mdPeakRssKb', label: '.md peak RSS', unit: 'kib', value: summarize(md.map((run) => run.maxRssKb)) },
    { id: 'mdxPeakRssKb', label: '.mdx peak RSS', unit: 'kib', value: summarize(mdx.map((run) => run.maxRssKb)) },
    { id: 'routesBuilt', label: 'routes built (.md)', unit: 'count', value: md[0]!.routes, note: `.mdx: ${mdx[0]!.routes}` },
    {
      id: 'pagesWithDifferentText',
      label: 'doc pages whose text differs',
      unit: 'count',
      value: differing,
      budget: { text: '0', pass: differing === 0 },
      note: "the article's text of each page without the feature block, .md against .mdx",
    },
  );
  if (input.featurePages) {
    const missing = comparison.featuresMissing.length;
    metrics.push({
      id: 'featurePagesMissingText',
      label: 'feature pages missing text',
      unit: 'count',
      value: missing,
      budget: { text: '0', pass: missing === 0 },
      note: "the feature block's text (version, tabs, list) looked for in both outputs",
    });
  }
  metrics.push({
    id: 'buildWarnings',
    label: 'build warnings',
    unit: 'count',
    value: warnings,
    budget: { text: '0', pass: warnings === 0 },
  });
  if (input.buildCaseCpuMs !== undefined) {
    metrics.push({
      id: 'buildCaseCpuMs',
      label: "build case's cold build CPU (not judged)",
      unit: 'ms',
      inSeconds: true,
      value: input.buildCaseCpuMs,
      note: input.buildCaseFile,
    });
  }
  return metrics;
}

/**
 * The article text of every doc page of the default locale in both outputs: pages without the
 * feature block must read the same; a feature page's block is laid out differently (tabs against
 * paragraphs), so its text is looked for instead.
 */
function compareOutputs(md: Variant, mdx: Variant, featurePages: boolean): TextComparison {
  const comparison: TextComparison = { differing: [], featuresMissing: [] };
  for (const page of md.site.docs) {
    const mdText = readArticleText(md.outDir, page.route);
    const mdxText = readArticleText(mdx.outDir, page.route);
    if (featurePages && isFeaturePage(page)) {
      const texts = getFeatureTexts(page);
      if (!texts.every((text) => mdText.includes(text) && mdxText.includes(text))) comparison.featuresMissing.push(page.route);
    } else if (mdText !== mdxText) comparison.differing.push(page.route);
  }
  return comparison;
}

/** The text of a built page's `<article>`: tags taken out, white space collapsed. */
function readArticleText(outDir: string, route: string): string {
  const htmlFile = join(outDir, route.replace(/^\/+|\/+$/g, ''), 'index.html');
  const article = getElement(readFileSync(htmlFile, 'utf8'), 'article');
  if (article === undefined) throw new Error(`No <article> element in ${htmlFile}`);
  return article
    .replace(/<(script|style)\b[\s\S]*?<\/\1>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
