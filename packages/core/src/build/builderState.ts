/**
 * The builder's state, in one place: what `createSiteBuilder` makes once and its runs read and
 * update (the threads, the compile store's index, the caches of read files and resolved links,
 * what the last run built from), and the types of a run.
 */
import { join, resolve } from 'node:path';
import type { CompiledMarkdown, Diagnostic, SiteManifest } from '@docgen/types';
import { readCompileIndex, type IndexOnDisk } from '../compile/mainThread.js';
import {
  ContentCache,
  FRONT_MATTER_KEYS,
  readFrontMatterCheckerKey,
  readFrontMatterMemo,
  type FileChange,
  type FrontMatterMemo,
} from '../content/index.js';
import { LinkCache } from '../manifest/index.js';
import { findCacheDir } from '../processes/index.js';
import { createSeoFiles } from '../seo/index.js';
import { DOCGEN_VERSION } from '../version.js';
import { createBundleCopies, createBuildThreads } from './builderResources.js';
import { createRouteInputHasher, type OutputState, type RouteInputHasher } from './buildPlan.js';
import { createSourceKeys, type SourceKeys } from './compileKeys.js';
import type { toEditSnapshot } from './editSnapshot.js';
import type { LastRun } from './renderAhead.js';
import type { RenderControl } from './renderInDemandOrder.js';
import { createSearchQueue } from './searchThreads.js';

/** How far a stage of a build is: `done` of `total` bodies compiled, routes rendered, search indexes written. */
export interface BuildProgress {
  stage: 'compiling' | 'rendering' | 'search' | 'seo';
  done: number;
  total: number;
}

export interface BuilderOptions {
  siteDir: string;
  /** Locales to render; all when absent. The manifest always holds every locale. */
  locales?: string[];
  includeDrafts?: boolean;
  /** A fixed build id (the dev server), instead of one derived from docgen, config and theme. */
  buildId?: string;
  threads?: number;
  /** Where the server bundle and (unless `storeDir` is given) the compile store live; the site's cache folder when absent. */
  cacheDir?: string;
  /** The cache the sites of this docgen share (see findSharedCacheDir), for portable theme bundles; none when absent. */
  sharedCacheDir?: string;
  /** The compile store; `<cacheDir>/compiled` when absent. */
  storeDir?: string;
  onStage?: (stage: string, milliseconds: number) => void;
  onProgress?: (progress: BuildProgress) => void;
  /**
   * The builder runs again after every save (the dev server): it keeps what the last run built
   * from, so that a page whose text alone changed is rendered ahead of the rest of the rebuild.
   */
  watching?: boolean;
  /**
   * With `watching`: when a first run has this many bodies or more to compile, it previews the
   * pages asked for (`onRenderStart`) before the site is compiled (see renderPreview.ts).
   */
  previewFrom?: number;
}

export interface RebuildResult {
  pageCount: number;
  /** Routes rendered by this run; the others were unchanged and kept. */
  renderedPaths: string[];
  diagnostics: Diagnostic[];
  manifest: SiteManifest;
  state: OutputState;
  /**
   * A builder that runs again (`watching`) writes the run's search indexes after it returns:
   * settled once they are written (or given up for a newer run's).
   */
  searched?: Promise<void>;
  /** What a `docgen build` records for the next build's text edits (see editSnapshot.ts); none for a builder that runs again. */
  textEdit?: ReturnType<typeof toEditSnapshot>;
}

export interface RunHooks {
  /**
   * Called once every page, sidebar and static file is written, before search indexes and seo
   * files (the dev server reloads the browser here: a page does not wait for them). The run goes
   * on when what it returns settles: the dev server holds it until the reloading pages are served.
   */
  onPagesWritten?: (written: PagesWritten) => void | Promise<void>;
  /**
   * Called when the run starts rendering, with a control that finds the route of a URL and
   * renders a route asked for ahead of the rest (the dev server serves pages before its first
   * build is done). With it, the run renders in small chunks in the order routes are asked for,
   * and on the first run copies the static files before rendering as well. A first run that
   * previews (`previewFrom`) calls it earlier too, with the preview's control.
   */
  onRenderStart?: (control: RenderControl) => void;
  /**
   * URL paths asked for and not answered yet (the dev server's first requests): a preview
   * compiles first the pages they seem to name (see guessSourceKeys).
   */
  wantedPaths?: () => Iterable<string>;
}

export interface PagesWritten {
  /** Whether a page the run's preview wrote came out differently (a reader of it should reload). */
  previewChanged: boolean;
}

/** The builder's seo writer: it captures each page's summary as the page is rendered or kept, then writes. */
export type SeoFiles = ReturnType<typeof createSeoFiles>;

/** The builder's state: made once by createSiteBuilder, read by each run and updated as it ends. */
export interface BuilderState {
  options: BuilderOptions;
  siteDir: string;
  cacheDir: string;
  /** The compile store. */
  storeDir: string;
  watching: boolean;
  threads: ReturnType<typeof createBuildThreads>;
  bundles: ReturnType<typeof createBundleCopies>;
  hasher: RouteInputHasher;
  /** The compile store's index: compiled bodies by compile key. */
  compiled: Map<string, CompiledMarkdown>;
  /** What the store's index files hold, as this builder last read or wrote them (see writeCompileIndex). */
  indexOnDisk: IndexOnDisk | undefined;
  frontMatterMemo: FrontMatterMemo;
  sourceKeys: SourceKeys;
  seoFiles: SeoFiles;
  /** Sources read by earlier runs, until `forget` is told they changed. */
  contentCache: ContentCache;
  linkCache: LinkCache;
  /** What the last successful run built from (`watching`). */
  lastRun: LastRun | undefined;
  /** The files changed since the last run. */
  changedSince: FileChange[] | 'all';
  /** Routes rendered ahead by a run that then failed (their files no longer match the state). */
  renderedAhead: Set<string>;
  searchQueue: ReturnType<typeof createSearchQueue>;
  /** Runs a stage, reporting its duration (`onStage`). */
  timed<T>(stage: string, run: () => Promise<T> | T): Promise<T>;
}

/** Runs a stage of a build, reporting its duration in milliseconds to `onStage`. */
export async function timeStage<T>(
  onStage: ((stage: string, milliseconds: number) => void) | undefined,
  stage: string,
  run: () => Promise<T> | T,
): Promise<T> {
  const start = performance.now();
  const result = await run();
  onStage?.(stage, performance.now() - start);
  return result;
}

export function createBuilderState(options: BuilderOptions): BuilderState {
  const siteDir = resolve(options.siteDir);
  const cacheDir = options.cacheDir ?? findCacheDir(siteDir);
  const buildStoreDir = join(cacheDir, 'compiled');
  const storeDir = options.storeDir ?? buildStoreDir;
  const watching = options.watching ?? false;
  const index = readCompileIndex(storeDir);
  const memoSalt = `${DOCGEN_VERSION}\0${FRONT_MATTER_KEYS}\0${readFrontMatterCheckerKey()}`;
  return {
    options,
    siteDir,
    cacheDir,
    storeDir,
    watching,
    threads: createBuildThreads({ storeDir, threads: options.threads }),
    bundles: createBundleCopies({ siteDir, cacheDir, sharedCacheDir: options.sharedCacheDir }),
    hasher: createRouteInputHasher(),
    compiled: index.entries,
    indexOnDisk: index.onDisk,
    // A store of its own (the dev server's) starts from the memo of `docgen build`'s.
    frontMatterMemo: readFrontMatterMemo(storeDir, memoSalt, storeDir === buildStoreDir ? undefined : buildStoreDir),
    sourceKeys: createSourceKeys(),
    seoFiles: createSeoFiles({ keepTwinTexts: watching }),
    contentCache: new ContentCache(),
    linkCache: new LinkCache(),
    lastRun: undefined,
    changedSince: 'all',
    renderedAhead: new Set(),
    searchQueue: createSearchQueue(),
    timed: (stage, run) => timeStage(options.onStage, stage, run),
  };
}
