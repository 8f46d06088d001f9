import { join } from 'node:path';
import type { BuildRun, Builder } from './builds.js';
import { generateSite } from './generateSite.js';
import { measurePage, type PageMeasurement } from './measureOutput.js';
import type { SiteShape } from './siteShape.js';

/** The size of the reference site the sample page's HTML is compared with. */
export const REFERENCE_PAGES = 300;

/** The HTML of the sample page in one build, in bytes. */
export interface PageHtml {
  /** Doc pages of the site it was built in. */
  pages: number;
  route: string;
  htmlBytes: number;
  /** Gzipped at level 9. */
  htmlGzip: number;
}

/** The HTML sizes of a measured page of a site of `pages` doc pages. */
export function toPageHtml({ route, htmlBytes, htmlGzip }: PageMeasurement, pages: number): PageHtml {
  return { pages, route, htmlBytes, htmlGzip };
}

/**
 * Generates the REFERENCE_PAGES-page site of `shape` in `dir`, builds it once (cold) with the
 * builder `createBuilder` makes for its site and output folders, and measures the HTML of page
 * `sampleIndex` there: the same page as the sample page of the measured site, so that the two
 * tell whether a page's HTML grows with the number of pages.
 */
export async function measureReferencePage(options: {
  shape: SiteShape;
  dir: string;
  sampleIndex: number;
  createBuilder: (siteDir: string, outDir: string) => Builder<BuildRun>;
}): Promise<PageHtml & { warnings: number }> {
  const siteDir = join(options.dir, 'site');
  const outDir = join(options.dir, 'out');
  const site = generateSite(siteDir, options.shape, REFERENCE_PAGES, options.sampleIndex);
  const run = await options.createBuilder(siteDir, outDir)(`cold build of the ${REFERENCE_PAGES}-page reference site`);
  return { ...toPageHtml(measurePage(outDir, site.samplePage.route), REFERENCE_PAGES), warnings: run.warnings };
}
