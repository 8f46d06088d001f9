import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import * as esbuild from 'esbuild';
import { writingFile } from '../diagnostics/index.js';
import { getTemporaryName, getTemporaryOwner, hashOwnCode, isProcessAlive } from '../processes/index.js';
import { bundleClient, bundleServer, type BundleInput, type ClientBundle } from './bundleTheme.js';

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
  /** Every file esbuild read (absolute path) -> hash of its bytes. */
  inputs: Record<string, string>;
  client: ClientBundle;
}

const RECORD_FILE = 'record.json';

const hashOf = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');

/** What bundling depends on besides the files esbuild reads: its version, and this folder's code (options, plugins). */
function readBundlerKey(): string {
  return `${esbuild.version}\0${hashOwnCode(['bundleTheme', 'bundleCache', 'themeOverrides', 'codeTheme', 'sass'].map((name) => new URL(`./${name}`, import.meta.url)))}`;
}

function getEntriesKey(input: BundleInput): string {
  const pages = Object.entries(input.pages)
    .map(([key, path]): [string, string] => [key, relative(input.siteDir, path)])
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const overrides = Object.entries(input.overrides ?? {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify({ pages, customCss: input.customCss ?? [], overrides, codeThemeCss: input.codeThemeCss ?? '' });
}

/** The record of the bundle in `dir` when every file it was made from is byte-identical today. */
function readValidRecord(dir: string, bundler: string, entries: string): BundleRecord | undefined {
  let record: BundleRecord;
  try {
    record = JSON.parse(readFileSync(join(dir, RECORD_FILE), 'utf8')) as BundleRecord;
  } catch {
    return undefined;
  }
  if (record.bundler !== bundler || record.entries !== entries) return undefined;
  for (const [file, hash] of Object.entries(record.inputs)) {
    try {
      if (hashOf(readFileSync(file)) !== hash) return undefined;
    } catch {
      return undefined;
    }
  }
  return record;
}

/**
 * The theme bundle (client files and server module) for `input`, from `<cacheDir>/bundles/<key>/`
 * when one is there that was made from byte-identical files (every file esbuild read: the theme,
 * the site's page components, stylesheets and component overrides, docgen's browser runtime,
 * React) for the same entries by the same bundling code; else
 * bundled now and kept there, replacing the folder whole. `key` names the theme's inputs (see
 * readThemeKey); bundles of other keys are removed. Callers copy the files they use: another
 * process may replace the folder later.
 */
export async function readThemeBundle(input: BundleInput, cacheDir: string, key: string): Promise<CachedBundle> {
  const root = join(cacheDir, 'bundles');
  const dir = join(root, key);
  const bundler = readBundlerKey();
  const entries = getEntriesKey(input);
  const siteDir = input.siteDir + sep;
  const located = (client: ClientBundle, reused: boolean, inputs: Record<string, string>): CachedBundle => ({
    client,
    clientDir: join(dir, 'client'),
    serverFile: join(dir, 'server.mjs'),
    reused,
    siteFiles: Object.keys(inputs).filter((file) => file.startsWith(siteDir) && !file.includes(`${sep}node_modules${sep}`)),
  });
  const cached = readValidRecord(dir, bundler, entries);
  if (cached) return located(cached.client, true, cached.inputs);

  mkdirSync(root, { recursive: true });
  const temporary = join(root, getTemporaryName('.'));
  try {
    const [client, serverInputs] = await Promise.all([
      bundleClient(input, join(temporary, 'client')),
      bundleServer(input, join(temporary, 'server.mjs')),
    ]);
    const inputs: Record<string, string> = {};
    for (const file of [...client.inputs, ...serverInputs].sort()) inputs[file] ??= hashOf(readFileSync(file));
    const record = join(temporary, RECORD_FILE);
    writingFile(record, () => writeFileSync(record, JSON.stringify({ bundler, entries, inputs, client } satisfies BundleRecord)));
    // Replaced whole: set the old folder aside first, so that the name never holds half of each.
    const aside = `${temporary}-old`;
    try {
      renameSync(dir, aside);
    } catch {
      // There was none.
    }
    renameSync(temporary, dir);
    // Other bundles go, except those another running process is writing.
    for (const name of readdirSync(root)) {
      const path = join(root, name);
      const owner = getTemporaryOwner(name);
      if (name === key || (path !== aside && owner !== undefined && isProcessAlive(owner))) continue;
      rmSync(path, { recursive: true, force: true });
    }
    return located(client, false, inputs);
  } finally {
    rmSync(temporary, { recursive: true, force: true });
  }
}
