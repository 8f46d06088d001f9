import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type * as esbuild from 'esbuild';
import { getTemporaryName } from '../processes/index.js';
import { BASE_OPTIONS, ESBUILD_VERSION, loadEsbuild } from './esbuildCommon.js';
import { findSharedCacheDir } from './sharedCache.js';

/**
 * The packages a theme loads only in the browser, on demand (`docgen.browserOnly` of its
 * package.json: mermaid in docgen's theme). Each is bundled with esbuild once, on its own, into
 * a folder of docgen's own cache that every site shares (megabytes that would otherwise be
 * bundled again with each site's theme), and served from the site's `assets/browser-only/<name>/`,
 * a folder whose name changes with the package's version. The theme's bundles import it there.
 */
export interface BrowserOnlyBundle {
  /** The package name. */
  name: string;
  /** The output folder's name under `assets/`, and the URL of its entry relative to the theme's chunks. */
  folder: string;
  entry: string;
  /** The package.json the key was made from (a bundle input: a new version makes a new bundle). */
  manifestFile: string;
}

const BUNDLE_FOLDER = 'browser-only';
const DONE_FILE = '.done';

/** The browser-only packages of the theme in `themeDir`, with the folder each is served from. */
export function getBrowserOnlyBundles(themeDir: string, names: readonly string[]): BrowserOnlyBundle[] {
  const require = createRequire(join(themeDir, 'package.json'));
  return names.map((name) => {
    const manifestFile = findManifest(require.resolve(name), name);
    const version = (JSON.parse(readFileSync(manifestFile, 'utf8')) as { version?: string }).version ?? '0';
    const key = createHash('sha256')
      .update(`${name}\0${version}\0${ESBUILD_VERSION}\0`)
      .update(readFileSync(fileURLToPath(import.meta.url)))
      .update(JSON.stringify(BASE_OPTIONS))
      .digest('hex')
      .slice(0, 12);
    const folder = `${BUNDLE_FOLDER}/${name.replace(/[^a-z0-9-]/gi, '_')}-${key}`;
    return { name, folder, entry: `./${folder}/index.js`, manifestFile };
  });
}

/** The package.json of the package whose entry is `entryFile`. */
function findManifest(entryFile: string, name: string): string {
  for (let dir = dirname(entryFile); dirname(dir) !== dir; dir = dirname(dir)) {
    const candidate = join(dir, 'package.json');
    if (existsSync(candidate) && (JSON.parse(readFileSync(candidate, 'utf8')) as { name?: string }).name === name) return candidate;
  }
  throw new Error(`No package.json found for ${name} above ${entryFile}`);
}

/**
 * The folder holding the built bundle of `bundle` (files relative to it), bundled now unless it is
 * there already. Written under a temporary name and renamed: a reader never sees half of it.
 */
export async function readBrowserOnlyBundle(
  bundle: BrowserOnlyBundle,
  themeDir: string,
  siteCacheDir: string,
): Promise<{ dir: string; files: string[] }> {
  const dir = join(findSharedCacheDir() ?? siteCacheDir, bundle.folder);
  if (!existsSync(join(dir, DONE_FILE))) {
    mkdirSync(dirname(dir), { recursive: true });
    const temporary = `${dir}${getTemporaryName('.')}`;
    try {
      await (
        await loadEsbuild()
      ).build({
        // What `import(name)` gives: its named exports and its default one.
        stdin: {
          contents: `export * from ${JSON.stringify(bundle.name)};\nexport { default } from ${JSON.stringify(bundle.name)};`,
          resolveDir: themeDir,
          loader: 'js',
          sourcefile: 'index.js',
        },
        ...BASE_OPTIONS,
        platform: 'browser',
        splitting: true,
        minify: true,
        legalComments: 'none',
        absWorkingDir: themeDir,
        outdir: temporary,
        entryNames: 'index',
        chunkNames: 'chunk-[hash]',
        assetNames: 'asset-[hash]',
      });
      writeFileSync(join(temporary, DONE_FILE), '');
      try {
        renameSync(temporary, dir);
      } catch (error) {
        // Another process put it there first: theirs is the same.
        if (!existsSync(join(dir, DONE_FILE))) throw error;
      }
    } finally {
      rmSync(temporary, { recursive: true, force: true });
    }
  }
  return { dir, files: listFiles(dir).filter((file) => file !== DONE_FILE) };
}

function listFiles(dir: string, base = dir): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? listFiles(path, base) : [relative(base, path).split('\\').join('/')];
  });
}
