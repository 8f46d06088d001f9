/**
 * What `docgen build` remembers in the cache about the folder it last wrote, and the fingerprint
 * of its inputs that lets an unchanged site skip the build entirely.
 */
import { createHash, randomUUID } from 'node:crypto';
import { existsSync, rmSync, statSync, type Stats } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Diagnostic, SiteConfig } from '@docgen/types';
import { DATA_DIR } from '@docgen/shared/pageData';
import type { OutputState, RouteRecord } from './buildPlan.js';
import { readGitHead, showsLastUpdates } from '../content/index.js';
import { listFileStamps, readFolderFiles } from '../files/index.js';
import { readFileStart, readWholeText, writeFileWhole } from '../processes/index.js';
import { DOCGEN_VERSION } from '../version.js';
import { appendJournalLine, findKeyedLines, readJournalLines, readKeyedLines, writeKeyedLines } from './keyedLines.js';

/**
 * What `docgen build` records in the cache about the folder it last built. Its routes (five
 * megabytes of JSON at 10,000 pages) are kept apart: a build with nothing changed never reads
 * them, a text edit reads the few it renders (readRecordedRoutes) and appends what it changed,
 * a whole build reads them all (readRecordedState).
 */
export interface BuildRecord {
  docgenVersion: string;
  outDir: string;
  /** docgen's own code that wrote it (see getOwnCode): a docgen built anew at the same version renders every page again. */
  docgenCode: string;
  /** Every input of the build (see readInputFingerprint); equal means nothing to do. */
  fingerprint: string;
  pageCount: number;
  diagnostics: Diagnostic[];
  /** The output state but its routes. */
  state: Omit<OutputState, 'routes'>;
  /** Names the routes written with the record, and the changes of them appended since. */
  routesBase: string;
}

/** A record as a whole build writes it: with every route. */
export type WholeBuildRecord = Omit<BuildRecord, 'state' | 'routesBase'> & { state: OutputState };

const RECORD_FILE = 'last-build.json';
/** The routes, by route key (see keyedLines.ts). */
const ROUTES_FILE = 'last-build.routes.json';
/** The routes text edits changed since, a JSON line each: `{ base, routes }`. */
const ROUTES_JOURNAL_FILE = 'last-build.routes.journal';

/** The record of the last build as written (whichever folder and docgen it was); undefined when there is none or it cannot be read. */
export function readBuildRecord(cacheDir: string): BuildRecord | undefined {
  try {
    const record = JSON.parse(readWholeText(join(cacheDir, RECORD_FILE))) as BuildRecord;
    return typeof record.routesBase === 'string' ? record : undefined;
  } catch {
    return undefined;
  }
}

/** The whole output state `record` describes, with its routes; undefined when they cannot be read as it wrote them. */
export function readRecordedState(cacheDir: string, record: BuildRecord): OutputState | undefined {
  const routes = readKeyedLines<RouteRecord>(join(cacheDir, ROUTES_FILE), record.routesBase);
  const journal = routes && readRoutesJournal(cacheDir, record);
  if (!journal) return undefined;
  for (const line of journal) Object.assign(routes, line);
  return { ...record.state, routes };
}

/** The routes of `keys` as `record` has them (a key it lacks is left out); undefined when its routes cannot be read. */
export function readRecordedRoutes(cacheDir: string, record: BuildRecord, keys: readonly string[]): Map<string, RouteRecord> | undefined {
  const routes = findKeyedLines<RouteRecord>(join(cacheDir, ROUTES_FILE), record.routesBase, keys);
  const journal = routes && readRoutesJournal(cacheDir, record);
  if (!journal) return undefined;
  for (const line of journal) for (const key of keys) if (line[key]) routes.set(key, line[key]);
  return routes;
}

/** The routes text edits changed since `record`'s routes were written, in order; undefined when a line cannot be read (cut short by a killed process). */
function readRoutesJournal(cacheDir: string, record: BuildRecord): Record<string, RouteRecord>[] | undefined {
  const lines = readJournalLines<{ base: string; routes: Record<string, RouteRecord> }>(join(cacheDir, ROUTES_JOURNAL_FILE), record.routesBase);
  return lines?.map((line) => line.routes);
}

/** The start of a record as writeBuildRecord writes it: its docgen version, then its output folder (JSON strings). */
const RECORD_START = /^\{"docgenVersion":"(?:[^"\\]|\\.)*","outDir":("(?:[^"\\]|\\.)*")/;

/**
 * The output folder of the last build's record, read from the start of the file: the record is
 * megabytes at 10,000 pages (its output state), and the clean-up of every command needs only this.
 */
export function readRecordedOutDir(cacheDir: string): string | undefined {
  const start = readFileStart(join(cacheDir, RECORD_FILE), RECORD_HEAD_BYTES);
  if (!start) return undefined;
  const found = RECORD_START.exec(start.toString('utf8'));
  if (found) return JSON.parse(found[1]!) as string;
  // Written otherwise (an output path longer than the bytes read): the whole record.
  return readBuildRecord(cacheDir)?.outDir;
}

const RECORD_HEAD_BYTES = 16 * 1024;

/**
 * Whether `record` describes `outDir` as it is: written there by this docgen (its version and its
 * code: a page is kept when its inputs are as they were, and docgen's code is none of them), and
 * the folder still a build.
 */
export function describesOutput(record: BuildRecord, outDir: string): boolean {
  return (
    record.docgenVersion === DOCGEN_VERSION &&
    record.docgenCode === getOwnCode().stamp &&
    record.outDir === outDir &&
    existsSync(join(outDir, DATA_DIR))
  );
}

/**
 * docgen's own code as it is on disk: the path, size and modification time of each file of core
 * and of @docgen/shared (search, page data and the other code both sides share), a line each
 * (`lines`), and a hash of them (`stamp`): what a build record names, so that docgen built anew at
 * the same version does not keep the pages other code wrote (see describesOutput). Listed once a
 * process: the code that runs does not change while it runs.
 */
export function getOwnCode(): { lines: string; stamp: string } {
  if (!ownCode) {
    const shared = dirname(createRequire(import.meta.url).resolve('@docgen/shared/search'));
    const lines = listFileStamps(fileURLToPath(new URL('..', import.meta.url)), 'core/') + listFileStamps(shared, 'shared/');
    ownCode = { lines, stamp: createHash('sha256').update(lines).digest('hex').slice(0, 32) };
  }
  return ownCode;
}

let ownCode: { lines: string; stamp: string } | undefined;

/** Forgets the record (its routes, which no record names then, stay until the next is written). */
export function forgetBuildRecord(cacheDir: string): void {
  rmSync(join(cacheDir, RECORD_FILE), { force: true });
}

/** What readInputFingerprints gives: the fingerprint, and what a frame of it is made from (see getFrame). */
export interface InputFingerprints {
  fingerprint: string;
  /** A hash of every input but the site's files (options, docgen, the theme, the site's plugins, git's commit, symbolic links). */
  base: string;
  /** Each file of the site, by site path: its size and modification time as the fingerprint holds them. */
  stamps: Map<string, string>;
}

/** readInputFingerprints' fingerprint alone. */
export function readInputFingerprint(input: Parameters<typeof readInputFingerprints>[0]): string {
  return readInputFingerprints(input).fingerprint;
}

/**
 * A hash of every input of a build but the files of `leftOut` (site paths): equal frames, and
 * the same files of `leftOut` there, mean that nothing changed but those files' contents.
 */
export function getFrame(fingerprints: InputFingerprints, leftOut: ReadonlySet<string>): string {
  const digest = createHash('sha256').update(fingerprints.base);
  for (const [path, stamp] of fingerprints.stamps) if (!leftOut.has(path)) digest.update(`${path}\0${stamp}\n`);
  return digest.digest('hex');
}

/**
 * A fingerprint of everything a build reads: the options, docgen itself, and the path, size and
 * modification time of every file of the site and the theme (outputs and caches excluded). The
 * site's files are listed under the symlink rule, as reading the content lists them: a link out
 * of the site or into a loop is not walked, and where a followed link leads is part of it.
 */
export function readInputFingerprints(input: {
  siteDir: string;
  outDir: string;
  /** The build's config: where the theme is. */
  config: SiteConfig;
  locales: string[] | undefined;
  includeDrafts: boolean | undefined;
  /** What else is no input, by absolute path (the dev server leaves out what its watcher does: every build output of the site). */
  ignore?: (path: string) => boolean;
  /** Filled with the stats of the site's files, by absolute path: reading the content takes them from here (see RunInput.fileStats). */
  stats?: Map<string, Stats>;
}): InputFingerprints {
  const { siteDir, outDir, config } = input;
  // A commit changes the last-updated dates and translation statuses without changing any file.
  const head = showsLastUpdates(config) || config.i18n.status ? (readGitHead(siteDir) ?? null) : null;
  const start = JSON.stringify([DOCGEN_VERSION, input.locales ?? null, input.includeDrafts ?? false, head]);
  const digest = createHash('sha256').update(start);
  // The same, but the site's files: see getFrame.
  const base = createHash('sha256').update(start);
  const update = (text: string) => {
    digest.update(text);
    base.update(text);
  };
  const outInSite = relative(siteDir, outDir).split(sep).join('/');
  const ignore = (path: string) =>
    /(^|\/)node_modules(\/|$)|^(\.docgen|\.git|\.[^/]*\.docgen-[^/]*)(\/|$)|docgen-tmp-/.test(path) ||
    path === outInSite ||
    path.startsWith(`${outInSite}/`) ||
    (input.ignore?.(join(siteDir, path)) ?? false);
  const site = readFolderFiles({ siteDir, dir: siteDir, kind: 'static', ignore });
  const stamps = new Map<string, string>();
  for (const path of site.files) {
    try {
      const file = join(siteDir, path);
      const stats = statSync(file);
      input.stats?.set(file, stats);
      const stamp = `${stats.size}\0${stats.mtimeMs}`;
      stamps.set(path, stamp);
      digest.update(`${path}\0${stamp}\n`);
    } catch {
      // Deleted meanwhile: the build will not read it either.
    }
  }
  for (const [realPath, linkPath] of site.links) update(`${linkPath}\0${realPath}\n`);
  if (relative(siteDir, config.themeDir).startsWith('..')) update(listFileStamps(config.themeDir, '', ['**/node_modules/**', 'dist/**']));
  // The site's markdown plugins live in node_modules, which is not read above: their versions and entry modules.
  for (const plugin of [...config.markdown.remarkPlugins, ...config.markdown.rehypePlugins]) {
    const stats = statSync(plugin.entryFile, { throwIfNoEntry: false });
    update(`${plugin.name}\0${plugin.version}\0${plugin.codeKey ?? ''}\0${stats?.size}\0${stats?.mtimeMs}\n`);
  }
  // docgen's own code: a rebuilt docgen of the same version must not reuse an older build.
  update(getOwnCode().lines);
  return { fingerprint: digest.digest('hex'), base: base.digest('hex'), stamps };
}

/**
 * Records `record` as the description of the folder the last build wrote: its routes under a new
 * base first (a record of the build before does not name them), then the record.
 */
export function writeBuildRecord(cacheDir: string, record: WholeBuildRecord): void {
  const { routes, ...state } = record.state;
  const routesBase = randomUUID();
  writeKeyedLines(join(cacheDir, ROUTES_FILE), routesBase, Object.entries(routes));
  rmSync(join(cacheDir, ROUTES_JOURNAL_FILE), { force: true });
  writeHead(cacheDir, { ...record, state, routesBase });
}

/**
 * Records the output of a text edit of the build `record` describes: the routes it changed
 * appended to the record's, then the record (`record`'s routes base with the edit's fingerprint
 * and state). The record is forgotten until then (forgetBuildRecord): a line appended by an edit
 * that did not record is of no record.
 */
export function updateBuildRecord(cacheDir: string, record: BuildRecord, changed: Record<string, RouteRecord>): void {
  appendJournalLine(join(cacheDir, ROUTES_JOURNAL_FILE), { base: record.routesBase, routes: changed });
  writeHead(cacheDir, record);
}

function writeHead(cacheDir: string, record: BuildRecord): void {
  // Its version and output folder first, whatever the order of `record`'s keys: see readRecordedOutDir.
  const { docgenVersion, outDir, ...rest } = record;
  writeFileWhole(join(cacheDir, RECORD_FILE), JSON.stringify({ docgenVersion, outDir, ...rest }));
}
