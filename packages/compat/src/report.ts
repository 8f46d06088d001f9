import { relative } from 'node:path';
import type { Comparison, PageComparison } from './compare.js';
import type { Screenshot } from './screenshots.js';

const percent = (part: number, whole: number) => (whole === 0 ? '-' : `${((100 * part) / whole).toFixed(1)}%`);

/** A page's share of its article's words in docgen's build. */
const wordShare = (page: PageComparison) => (page.words && page.words.reference > 0 ? page.words.found / page.words.reference : 1);

/** compat-report.md: the totals, then each route that falls short, worst first, then the screenshots. */
export function formatReport(input: {
  siteDir: string;
  referenceDir: string;
  outDir: string;
  buildCode: number;
  comparison: Comparison;
  screenshots: Screenshot[];
}): string {
  const { comparison } = input;
  const lines = [
    '# docgen compared with Docusaurus',
    '',
    `Site: \`${input.siteDir}\`; Docusaurus's build: \`${input.referenceDir}\`; docgen's: \`${relative(input.outDir, `${input.outDir}/site/build`)}\` (exit code of \`docgen build\`: ${input.buildCode}; its output in build.log, the migration's in migrate.log and site/MIGRATION.md).`,
    '',
    '| what | Docusaurus | docgen | share |',
    '| --- | --- | --- | --- |',
    `| routes served | ${comparison.routes.reference} | ${comparison.routes.served} | ${percent(comparison.routes.served, comparison.routes.reference)} |`,
    `| pages whose article's words docgen's page carries (at least ${comparison.articles.threshold * 100}% of them) | ${comparison.articles.reference} | ${comparison.articles.passing} | ${percent(comparison.articles.passing, comparison.articles.reference)} |`,
    `| heading ids of the articles | ${comparison.headingIds.reference} | ${comparison.headingIds.found} | ${percent(comparison.headingIds.found, comparison.headingIds.reference)} |`,
    `| links of the articles leading where Docusaurus's do | ${comparison.links.compared} | ${comparison.links.same} | ${percent(comparison.links.same, comparison.links.compared)} |`,
    '',
  ];
  const unserved = comparison.pages.filter((page) => !page.served);
  if (unserved.length > 0) {
    lines.push(`## Routes docgen does not serve (${unserved.length})`, '', ...unserved.map((page) => `- \`${page.route}\``), '');
  }
  const short = comparison.pages
    .filter((page) => page.served && wordShare(page) < comparison.articles.threshold)
    .sort((a, b) => wordShare(a) - wordShare(b));
  if (short.length > 0) {
    lines.push(`## Pages whose article docgen shows short (${short.length})`, '');
    for (const page of short) {
      const missing = [...new Set(page.words!.missing)].slice(0, 12).join(', ');
      lines.push(
        `- \`${page.route}\`: ${page.words!.found} of ${page.words!.reference} words (${percent(page.words!.found, page.words!.reference)}); missing: ${missing}`,
      );
    }
    lines.push('');
  }
  const headings = comparison.pages.filter((page) => page.served && page.headings.missing.length > 0);
  if (headings.length > 0) {
    lines.push(`## Pages without some of their heading ids (${headings.length})`, '');
    for (const page of headings) lines.push(`- \`${page.route}\`: ${page.headings.missing.map((id) => `#${id}`).join(', ')}`);
    lines.push('');
  }
  const links = comparison.pages.filter((page) => page.links && page.links.differing.length > 0);
  if (links.length > 0) {
    lines.push(`## Pages with links that lead elsewhere than Docusaurus's (${links.length})`, '');
    for (const page of links) {
      const shown = page.links!.differing.map((link) => `"${link.text}" to \`${link.docgen}\`, not \`${link.reference}\``);
      lines.push(`- \`${page.route}\`: ${shown.join('; ')}`);
    }
    lines.push('');
  }
  if (input.screenshots.length > 0) {
    lines.push('## Screenshots', '', '| route | Docusaurus | docgen |', '| --- | --- | --- |');
    for (const shot of input.screenshots) lines.push(`| \`${shot.route}\` | ![](${shot.docusaurus}) | ![](${shot.docgen}) |`);
    lines.push('');
  }
  return `${lines.join('\n')}\n`;
}
