import type { Diagnostic } from '@docgen/types';
import type { MissingPackage } from './componentPackages.js';
import type { Mdx1Rewrite } from './mdx1.js';
import { formatSeconds, type GuestRun } from './loadDocusaurusModule.js';
import { SKIPPED_FOLDERS, type SourceChange } from './sourceState.js';

/** One thing of the Docusaurus site that the migration did not convert, where it is, and what to do. */
export interface MigrationNote {
  /** Path in the Docusaurus site, `/`-separated. */
  file: string;
  line?: number;
  what: string;
  todo: string;
}

/** Line (1-based) of the first match of `pattern` in `text`, or undefined. */
export function findLine(text: string, pattern: RegExp | string): number | undefined {
  const index = typeof pattern === 'string' ? text.indexOf(pattern) : text.search(pattern);
  return index < 0 ? undefined : text.slice(0, index).split('\n').length;
}

/** Line (1-based) of the nth match (1-based) of a global `pattern`. */
export function findNthLine(text: string, pattern: RegExp, nth: number): number | undefined {
  const match = [...text.matchAll(pattern)][nth - 1];
  return match?.index === undefined ? undefined : text.slice(0, match.index).split('\n').length;
}

export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Line (1-based) of an index of `text`. */
const lineAt = (text: string, index: number) => text.slice(0, index).split('\n').length;

/** Where a config key (`key:`, `'key':` or `"key":`) is written in a config file's text; the first after the key `within` when given. */
function findKeyIndex(text: string, key: string, within?: string): number | undefined {
  const pattern = (name: string) => new RegExp(`(^|[\\s{,])['"]?${escapeRegExp(name)}['"]?\\s*:`, 'm');
  // The key itself, after the character before it.
  const find = (name: string, from = 0) => {
    const match = pattern(name).exec(text.slice(from));
    return match ? from + match.index + match[1]!.length : undefined;
  };
  const start = within === undefined ? undefined : find(within);
  return (start === undefined ? undefined : find(key, start)) ?? find(key);
}

/** Line of a config key (`key:`, `'key':` or `"key":`) in a config file's text; the first after the key `within` when given. */
export function findKeyLine(text: string, key: string, within?: string): number | undefined {
  const index = findKeyIndex(text, key, within);
  return index === undefined ? undefined : lineAt(text, index);
}

/**
 * Lines of the elements of the array literal written after a config key (`items: [...]`, the
 * first after `within` when given), as findKeyLine finds the key: each element's first line,
 * strings, template literals, comments and nested brackets stepped over. Undefined when no array
 * literal follows the key.
 */
export function findArrayElementLines(text: string, key: string, within?: string): number[] | undefined {
  const keyAt = findKeyIndex(text, key, within);
  const open = keyAt === undefined ? null : /^[^:]*:\s*\[/.exec(text.slice(keyAt));
  if (keyAt === undefined || !open) return undefined;
  const lines: number[] = [];
  let depth = 0;
  let expectElement = false;
  for (let index = keyAt + open[0].length - 1; index < text.length; index++) {
    const char = text[index]!;
    if (char === '/' && (text[index + 1] === '/' || text[index + 1] === '*')) {
      // A comment: to its end.
      const end = text[index + 1] === '/' ? text.indexOf('\n', index) : text.indexOf('*/', index + 2) + 1;
      index = end <= 0 ? text.length : end;
      continue;
    }
    if (/\s/.test(char)) continue;
    if (depth === 1 && expectElement && char !== ']') {
      lines.push(lineAt(text, index));
      expectElement = false;
    }
    if (char === '"' || char === "'" || char === '`') index = skipString(text, index);
    else if (char === '[' || char === '{' || char === '(') {
      depth++;
      if (depth === 1) expectElement = true;
    } else if (char === ']' || char === '}' || char === ')') {
      depth--;
      if (depth === 0) return lines;
    } else if (char === ',' && depth === 1) expectElement = true;
  }
  return undefined;
}

/** The index of the quote that closes the string or template literal opened at `start` (a template's `${}` holds no backquote). */
function skipString(text: string, start: number): number {
  const quote = text[start];
  for (let index = start + 1; index < text.length; index++) {
    if (text[index] === '\\') index++;
    else if (text[index] === quote) return index;
  }
  return text.length;
}

export const formatWhere = (note: MigrationNote) => `${note.file}${note.line === undefined ? '' : `:${note.line}`}`;

/** What MIGRATION.md says. */
export interface ReportInput {
  from: string;
  notes: MigrationNote[];
  /** Packages the config imports that were not installed (given stand-ins). */
  stubs: string[];
  /** The `.md` files that use MDX, written as `.mdx`, by their path in the new site. */
  renamed: string[];
  /** The places of markdown files that MDX 1 (Docusaurus 2) read differently from MDX 3, rewritten, by file of the Docusaurus site. */
  mdx1Rewrites: Array<{ file: string; rewrites: Mdx1Rewrite[] }>;
  /** What `docgen build` reports reading, compiling and linking the migrated pages, at their files in the new site. */
  problems: Diagnostic[];
  /** Whether the links were checked (only once every page compiles). */
  linksChecked: boolean;
  /** Packages the site's components import that the new site does not have. */
  packages: MissingPackage[];
  /** Each run of the site's code (config, sidebars, sidebarItemsGenerator). */
  runs: GuestRun[];
  /** What changed in the Docusaurus site while its code ran. */
  sourceChanges: SourceChange[];
}

/**
 * MIGRATION.md: what was converted, then every note, grouped by file; what a build reports in the
 * migrated pages; the packages to install for the site's components.
 */
export function formatReport({
  from,
  notes,
  stubs,
  renamed,
  mdx1Rewrites,
  problems,
  linksChecked,
  packages,
  runs,
  sourceChanges,
}: ReportInput): string {
  let text = `# Migration from Docusaurus\n\n`;
  text += `Converted from \`${from}\` by \`docgen migrate docusaurus\`.`;
  text +=
    sourceChanges.length === 0
      ? ' The Docusaurus site was not changed.\n\n'
      : ' Its code changed the Docusaurus site as it ran (below).\n\n';
  text += `Install its packages with \`npm install\` in it (its package.json has docgen's scripts), then build it with \`docgen build\` (\`npm run build\`), or preview it with \`docgen serve --watch\` (\`npm run dev\`).\n\n`;
  text += formatSourceChanges(sourceChanges);
  text += formatRuns(runs, sourceChanges.length);
  if (stubs.length > 0) {
    text += `## Packages the config imports that are not installed\n\n`;
    text += `The config was loaded with empty stand-ins for them; what it read from them is not migrated.\n\n`;
    for (const stub of stubs) text += `- \`${stub}\`\n`;
    text += '\n';
  }
  text += `## Not converted (${notes.length})\n\n`;
  if (notes.length === 0) text += 'Everything was converted.\n';
  for (const note of notes) text += `- \`${formatWhere(note)}\` ${note.what}. ${note.todo}\n`;
  if (renamed.length > 0) {
    text += `\n## .md files written as .mdx (${renamed.length})\n\n`;
    text += 'Docusaurus reads .md files as MDX (`markdown.format: mdx`, its default); docgen reads them as plain markdown. ';
    text += 'These use MDX (import or export statements, JSX components), so they were written as .mdx, ';
    text += 'which docgen builds as MDX: their URLs, ids, translations and the links to them are unchanged.\n\n';
    for (const path of renamed) text += `- \`${path}\`\n`;
  }
  text += formatMdx1Rewrites(mdx1Rewrites);
  text += formatProblems(problems, linksChecked);
  text += formatPackages(packages);
  return text;
}

/** The files of the Docusaurus site that its code created, changed or deleted as migrate ran it. */
function formatSourceChanges(changes: SourceChange[]): string {
  if (changes.length === 0) return '';
  let text = `## Warning: the Docusaurus site was changed (${plural(changes.length, 'file')})\n\n`;
  text += "migrate itself writes nothing there, but it runs the site's config and sidebars with your rights, in the site's folder, ";
  text += 'and these files of the site were created, changed or deleted while they ran. Check them (`git status` in the site) ';
  text += 'and restore what should not have changed.\n\n';
  for (const { file, change } of changes) text += `- ${change}: \`${file}\`\n`;
  return `${text}\n`;
}

/** The site's code that migrate ran, with which environment and time limit, what it read of the environment that it did not have, and whether it changed the site. */
function formatRuns(runs: GuestRun[], changed: number): string {
  if (runs.length === 0) return '';
  const files = [...new Set(runs.filter((run) => !run.generator).map((run) => run.file))];
  const generator = runs.some((run) => run.generator);
  const [first] = runs as [GuestRun];
  const names = first.passed.map((name) =>
    name.toUpperCase() === 'NODE_ENV' && first.nodeEnvSet ? '`NODE_ENV` (`production`, as `docusaurus build` sets it)' : `\`${name}\``,
  );
  const code = (list: string[]) => list.map((item) => `\`${item}\``).join(', ');
  let text = `## The site's code that migrate ran\n\n`;
  const one = files.length + (generator ? 1 : 0) === 1;
  text += `${files.map((file) => `\`${file}\``).join(' and ')}${generator ? " (and the config's `sidebarItemsGenerator`)" : ''} ran `;
  text += `${one ? 'in a child Node process' : 'each in a child Node process of its own'}, in the site's folder, with your rights `;
  text += `and a time limit of ${formatSeconds(first.timeoutMs)}${one ? '' : ' each'}. `;
  text += `${one ? 'It' : 'They'} ran with these environment variables only: ${names.join(', ')}; `;
  text += `${plural(first.dropped, 'other')} of docgen's environment ${first.dropped === 1 ? 'was' : 'were'} not passed. `;
  text += `The site's files (${code(SKIPPED_FOLDERS)} aside) were compared before and after: `;
  text += changed === 0 ? 'nothing was changed.\n' : `${plural(changed, 'file')} changed (see the warning above).\n`;
  const withheld = [...new Set(runs.flatMap((run) => run.withheld))].sort();
  const unset = [...new Set(runs.flatMap((run) => run.environment.unset))].filter((name) => !withheld.includes(name)).sort();
  if (withheld.length > 0) {
    text += `\nThe site's code read ${withheld.length === 1 ? 'this variable' : 'these variables'} of docgen's environment, which ${withheld.length === 1 ? 'was' : 'were'} not passed to it: `;
    text += `${code(withheld)}. It ran as if ${withheld.length === 1 ? 'it were' : 'they were'} unset, and the new site has what it gave then; `;
    text += `docgen's config reads no environment variables: write any value that depends on ${withheld.length === 1 ? 'it' : 'them'} into the new site yourself.\n`;
  }
  if (unset.length > 0) text += `\nThe site's code also read ${code(unset)}, which docgen's environment does not set either.\n`;
  const leftOut = runs.reduce((count, run) => count + run.environment.leftOut.length, 0);
  if (leftOut > 0) {
    text += `\n${plural(leftOut, 'value')} that held the value of an environment variable the site's code read ${leftOut === 1 ? 'is' : 'are'} left out of the new site, `;
    text += 'each noted under "Not converted" below: migrate writes no value read from the environment.\n';
  }
  return `${text}\n`;
}

/** The places written differently because Docusaurus 2 read them as MDX 1. */
function formatMdx1Rewrites(files: Array<{ file: string; rewrites: Mdx1Rewrite[] }>): string {
  if (files.length === 0) return '';
  const count = files.reduce((sum, entry) => sum + entry.rewrites.length, 0);
  let text = `\n## MDX 1 written as MDX 3 (${plural(count, 'place')} in ${plural(files.length, 'file')})\n\n`;
  text += 'Docusaurus 2 reads markdown as MDX 1, docgen as MDX 3 (as Docusaurus 3 does). These places read differently ';
  text += 'in MDX 3, so they were written as MDX 3 reads what MDX 1 read: the page shows what it showed.\n\n';
  for (const { file, rewrites } of files)
    for (const rewrite of rewrites) text += `- \`${file}:${rewrite.line}:${rewrite.column}\` ${rewrite.what}\n`;
  return text;
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** The errors and warnings of the migrated pages, as `docgen build` gives them, at their place in the new site. */
function formatProblems(problems: Diagnostic[], linksChecked: boolean): string {
  const errors = problems.filter((problem) => problem.severity === 'error').length;
  let text = `\n## What \`docgen build\` reports in the migrated pages (${plural(errors, 'error')}, ${plural(problems.length - errors, 'warning')})\n\n`;
  text += 'The new site was built as `docgen build` builds it, into a folder thrown away: every page compiled';
  text += linksChecked
    ? ' and its links checked, the theme and the components bundled, every page rendered. The paths are those of the new site. '
    : ', and the stages that could run after what stopped it. The paths are those of the new site. Its links are checked once every page compiles: run `docgen check-links` then. ';
  if (problems.length === 0) return `${text}Nothing to report.\n`;
  text += 'An error stops the build until it is fixed; a warning is printed by every build.\n\n';
  for (const problem of sortDiagnostics(problems)) {
    const where = problem.location ? `\`${problem.location.file}:${problem.location.line}:${problem.location.column}\` ` : '';
    text += `- ${where}${problem.severity}: ${problem.message.replace(/\.$/, '')}.${problem.hint ? ` ${problem.hint}` : ''}\n`;
  }
  return text;
}

const sortDiagnostics = (diagnostics: Diagnostic[]) =>
  [...diagnostics].sort(
    (a, b) =>
      (a.location?.file ?? '').localeCompare(b.location?.file ?? '') ||
      (a.location?.line ?? 0) - (b.location?.line ?? 0) ||
      (a.location?.column ?? 0) - (b.location?.column ?? 0),
  );

/**
 * What an MDX page makes of a package's components (Redux's YouTube player): HTML made at build
 * time, whose browser code does not run, which a reader would not otherwise learn until a click
 * did nothing. A component of the site runs in the browser (an island), with what it imports.
 */
function shownAtBuild(entry: MissingPackage): string {
  if (!entry.files.some((file) => /\.mdx?$/.test(file))) return '';
  return `; an MDX page shows a package's components as HTML made at build time, without their browser code (a click or their state does nothing): to run them in the browser, import them from a component of src/components and show that`;
}

/** The packages the site's components import that are to be installed, and the Docusaurus modules that are to be ported. */
function formatPackages(packages: MissingPackage[]): string {
  if (packages.length === 0) return '';
  const install = packages.filter((entry) => !entry.docusaurus);
  const ported = packages.filter((entry) => entry.docusaurus);
  let text = `\n## Packages the site's components import that are not installed (${packages.length})\n\n`;
  text += "docgen bundles the site's components with the packages installed in the site (React comes with docgen).";
  const listed = install.filter((entry) => entry.version !== undefined);
  const unlisted = install.filter((entry) => entry.version === undefined);
  if (listed.length > 0)
    text += " The new site's package.json lists those the Docusaurus site's did, at its versions: `npm install` in it installs them.";
  if (unlisted.length > 0) text += ` Add the others to it: \`npm install ${unlisted.map((entry) => entry.name).join(' ')}\` in it.`;
  text += '\n\n';
  for (const entry of install) {
    const version = entry.version ? ` (${entry.version} in the Docusaurus site's package.json)` : '';
    text += `- \`${entry.name}\`${version}, imported by ${entry.files.join(', ')}${shownAtBuild(entry)}\n`;
  }
  for (const entry of ported) {
    const rewrite = entry.name === '@docusaurus/Link' ? 'write a plain `<a>` instead' : 'rewrite what the component takes from it';
    text += `- \`${entry.name}\`, imported by ${entry.files.join(', ')}, is a module of Docusaurus itself: nothing to install; ${rewrite}.\n`;
  }
  return text;
}
