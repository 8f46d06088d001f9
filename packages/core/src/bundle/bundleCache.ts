import { createHash } from 'node:crypto';
import { cpSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { writingFile } from '../diagnostics/index.js';
import { getTemporaryName, getTemporaryOwner, hashOwnCode, isProcessAlive } from '../processes/index.js';
import { bundleClient, bundleServer, isSiteFile, type BundleInput, type ClientBundle } from './bundleTheme.js';
import { ESBUILD_VERSION } from './esbuildCommon.js';

/** A theme bundle in the cache: its client files under `clientDir` (`client.files` are relative to it) and its server module. */
export interface CachedBundle {
  client: ClientBundle;
  clientDir: string;
  serverFile: string;
  /** Whether it was taken from the cache (false: bundled by this call). */
  reused: boolean;
  /**
   * The site's own files it was made from (its component pages and what they import, its
   * stylesheets and their Sass partials), not its packages': what a builder that runs again
   * checks before it keeps the bundle (the theme key does not name them all).
   */
  siteFiles: string[];
}

/** What a bundle in the cache was made from. */
interface BundleRecord {
  bundler: string;
  /** What the generated entries are made of: the component pages (site-relative key and path), the site's stylesheets and overrides. */
  entries: string;
  /**
   * Every file esbuild read -> hash of its bytes: by absolute path, except the site's own files of
   * a portable bundle, by site-relative path after `./` (see isPortable in bundleTheme.ts).
   */
  inputs: Record<string, string>;
  /** Whether any site with the same files at the same site paths gets the same bundle. */
  portable: boolean;
  client: ClientBundle;
}

const RECORD_FILE = 'record.json';
const SITE_PREFIX = `.${sep}`;

/**
 * Bundles kept in the shared cache: the most recently used. A bundle is about 4 MB (most of it
 * React DOM and the theme, minified, with the server module's source map).
 */
const SHARED_BUNDLES = 8;

const hashOf = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');

/** What bundling depends on besides the files esbuild reads: its version, and this folder's code (options, plugins). */
function readBundlerKey(): string {
  return `${ESBUILD_VERSION}\0${hashOwnCode(['bundleTheme', 'bundleCache', 'themeOverrides', 'codeTheme', 'sass'].map((name) => new URL(`./${name}`, import.meta.url)))}`;
}

function getEntriesKey(input: BundleInput): string {
  const pages = Object.entries(input.pages)
    .map(([key, path]): [string, string] => [key, relative(input.siteDir, path)])
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const overrides = Object.entries(input.overrides ?? {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify({ pages, customCss: input.customCss ?? [], overrides, codeThemeCss: input.codeThemeCss ?? '' });
}

/** A record's file name as the path of a file of `siteDir` when it names one (see BundleRecord.inputs). */
const toInputPath = (siteDir: string, name: string) => (name.startsWith(SITE_PREFIX) ? join(siteDir, name) : name);

/** The record of the bundle in `dir` when every file it was made from is byte-identical today. */
function readValidRecord(dir: string, bundler: string, entries: string, siteDir: string): BundleRecord | undefined {
  let record: BundleRecord;
  try {
    record = JSON.parse(readFileSync(join(dir, RECORD_FILE), 'utf8')) as BundleRecord;
  } catch {
    return undefined;
  }
  if (record.bundler !== bundler || record.entries !== entries) return undefined;
  for (const [name, hash] of Object.entries(record.inputs)) {
    try {
      if (hashOf(readFileSync(toInputPath(siteDir, name))) !== hash) return undefined;
    } catch {
      return undefined;
    }
  }
  return record;
}

/**
 * Puts the folder `from` (a bundle) in place as `dir` of `root`, replaced whole: the old one is
 * set aside first, so that the name never holds half of each. Then removes the other bundles of
 * `root` but those `keep` names, and the temporaries of processes that are gone (another running
 * process may be writing its own).
 */
function replaceBundleDir(root: string, dir: string, from: string, keep: (names: string[]) => Set<string>): void {
  const aside = `${from}-old`;
  try {
    renameSync(dir, aside);
  } catch {
    // There was none.
  }
  renameSync(from, dir);
  const names = readdirSync(root);
  const kept = keep(names.filter((name) => getTemporaryOwner(name) === undefined));
  for (const name of names) {
    const path = join(root, name);
    const owner = getTemporaryOwner(name);
    if (kept.has(name) || (path !== aside && owner !== undefined && isProcessAlive(owner))) continue;
    rmSync(path, { recursive: true, force: true });
  }
}

/**
 * The bundles of the shared cache to keep: the SHARED_BUNDLES most recently used (a bundle taken
 * from it has its record touched).
 */
function keepRecent(root: string, names: string[]): Set<string> {
  const used = names.map((name) => {
    try {
      return { name, time: statSync(join(root, name, RECORD_FILE)).mtimeMs };
    } catch {
      return { name, time: 0 };
    }
  });
  return new Set(
    used
      .sort((a, b) => b.time - a.time)
      .slice(0, SHARED_BUNDLES)
      .map(({ name }) => name),
  );
}

/**
 * The folder of the shared cache for the bundle of `key` made with the theme in `themeDir`: a
 * site's bundle is portable between site folders, not between docgen installations (the theme's
 * packages are read by their absolute paths).
 */
const getSharedName = (key: string, themeDir: string) => hashOf(`${key}\0${themeDir}`).slice(0, 16);

/**
 * The theme bundle (client files and server module) for `input`, from `<cacheDir>/bundles/<key>/`
 * when one is there that was made from byte-identical files (every file esbuild read: the theme,
 * the site's page components, stylesheets and component overrides, docgen's browser runtime,
 * React) for the same entries by the same bundling code; else from the shared cache
 * (`<sharedCacheDir>/bundles/`, see findSharedCacheDir) when a portable one is there (see
 * isPortable in bundleTheme.ts): any site with the same files at the same site paths gets the
 * same bytes, so another copy of a site, or another site made from the same template, does not
 * bundle again; else bundled now. Kept in `<cacheDir>/bundles/<key>/`, replacing
 * the folder whole, and a portable bundle in the shared cache too. `key` names the theme's inputs
 * (see readThemeKey); bundles of other keys are removed from the site's cache, the least recently
 * used ones from the shared cache. Callers copy the files they use: another process may replace
 * the folder later.
 */
export async function readThemeBundle(input: BundleInput, cacheDir: string, key: string, sharedCacheDir?: string): Promise<CachedBundle> {
  const root = join(cacheDir, 'bundles');
  const dir = join(root, key);
  const bundler = readBundlerKey();
  const entries = getEntriesKey(input);
  const located = (record: BundleRecord, reused: boolean): CachedBundle => ({
    client: record.client,
    clientDir: join(dir, 'client'),
    serverFile: join(dir, 'server.mjs'),
    reused,
    siteFiles: Object.keys(record.inputs)
      .map((name) => toInputPath(input.siteDir, name))
      .filter((file) => isSiteFile(input.siteDir, file)),
  });
  const cached = readValidRecord(dir, bundler, entries, input.siteDir);
  if (cached) return located(cached, true);

  const sharedDir = sharedCacheDir === undefined ? undefined : join(sharedCacheDir, 'bundles', getSharedName(key, input.themeDir));
  mkdirSync(root, { recursive: true });
  const temporary = join(root, getTemporaryName('.'));
  try {
    const shared = sharedDir === undefined ? undefined : copySharedBundle(sharedDir, temporary, bundler, entries, input.siteDir);
    const record = shared ?? (await makeBundle(input, temporary, bundler, entries));
    replaceBundleDir(root, dir, temporary, () => new Set([key]));
    if (!shared && record.portable && sharedDir !== undefined) shareBundle(sharedDir, dir);
    return located(record, shared !== undefined);
  } finally {
    rmSync(temporary, { recursive: true, force: true });
  }
}

/** Bundles `input` into the folder `dir`, with its record. */
async function makeBundle(input: BundleInput, dir: string, bundler: string, entries: string): Promise<BundleRecord> {
  const [{ client, inputs: clientInputs }, serverInputs] = await Promise.all([
    bundleClient(input, join(dir, 'client')),
    bundleServer(input, join(dir, 'server.mjs')),
  ]);
  const portable = clientInputs.portable && serverInputs.portable;
  const inputs: Record<string, string> = {};
  for (const file of [...clientInputs.files, ...serverInputs.files].sort()) {
    const name = portable && isSiteFile(input.siteDir, file) ? SITE_PREFIX + relative(input.siteDir, file) : file;
    inputs[name] ??= hashOf(readFileSync(file));
  }
  const record: BundleRecord = { bundler, entries, inputs, portable, client };
  const recordFile = join(dir, RECORD_FILE);
  writingFile(recordFile, () => writeFileSync(recordFile, JSON.stringify(record)));
  return record;
}

/**
 * Copies the shared cache's bundle in `sharedDir` to `dir` when it is valid for the site (see
 * readValidRecord), and marks it used. Never throws: a shared bundle that cannot be read (gone,
 * being replaced) is bundled anew.
 */
function copySharedBundle(sharedDir: string, dir: string, bundler: string, entries: string, siteDir: string): BundleRecord | undefined {
  try {
    const record = readValidRecord(sharedDir, bundler, entries, siteDir);
    if (!record?.portable) return undefined;
    cpSync(sharedDir, dir, { recursive: true });
    const now = new Date();
    utimesSync(join(sharedDir, RECORD_FILE), now, now);
    return record;
  } catch {
    rmSync(dir, { recursive: true, force: true });
    return undefined;
  }
}

/** Copies the site's portable bundle in `dir` into the shared cache. Never throws: the shared cache is a help, not a need. */
function shareBundle(sharedDir: string, dir: string): void {
  const sharedRoot = dirname(sharedDir);
  const temporary = join(sharedRoot, getTemporaryName('.'));
  try {
    mkdirSync(sharedRoot, { recursive: true });
    cpSync(dir, temporary, { recursive: true });
    replaceBundleDir(sharedRoot, sharedDir, temporary, (names) => keepRecent(sharedRoot, names));
  } catch {
    // Another process replaced it meanwhile, or the folder cannot be written: bundled again next time.
  } finally {
    rmSync(temporary, { recursive: true, force: true });
  }
}
