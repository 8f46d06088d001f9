import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { setImmediate } from 'node:timers/promises';
import { join, resolve } from 'node:path';
import type {
  CompiledMarkdown,
  Diagnostic,
  LocaleManifest,
  ManifestRoute,
  SearchScope,
  SiteConfig,
  SiteContent,
  SiteManifest,
} from '@docgen/types';
import { getSidebarFilePath } from '@docgen/shared/outputPaths';
import { getSearchIndexFilePath } from '@docgen/shared/search';
import { createBundleCopies, createBuildThreads, type RunBundle } from './builderResources.js';
import {
  createRouteInputHasher,
  getRemovedFiles,
  hashText,
  planBuild,
  toRouteKey,
  type BuildPlan,
  type OutputState,
  type PlanLocale,
  type RouteInputHasher,
  type RouteInputs,
} from './buildPlan.js';
import { describesOutput, forgetBuildRecord, readBuildRecord, readInputFingerprint, writeBuildRecord } from './buildRecord.js';
import { compilePageModule, readCompileIndex, writeCompileIndex } from '../compile/mainThread.js';
import { readConfig } from '../config/index.js';
import {
  ContentCache,
  findComponentPages,
  FRONT_MATTER_KEYS,
  FRONT_MATTER_MEMO_FILE,
  readFrontMatterMemo,
  readFrontMatterCheckerKey,
  readGitLastUpdates,
  readSiteContent,
  showsLastUpdates,
  type FileChange,
} from '../content/index.js';
import { getBrokenLinks } from '../links/index.js';
import {
  createSourceKeys,
  getBuildId,
  getIslandSite,
  getMarkdownSources,
  loadHtmlSanitizer,
  loadSite,
  readCompileSalt,
  readThemeKey,
} from './loadSite.js';
import { LinkCache } from '../manifest/index.js';
import { assertSafeOutDir, copyStaticFiles, createStagingDir, keepIfThere, lockOutputDir, type OutputWriter } from '../output/index.js';
import { bundleIslands } from '../bundle/index.js';
import { getTemporaryName, type LockWait } from '../processes/index.js';
import { renderAhead, toSourceRecords, type LastRun } from './renderAhead.js';
import { renderInDemandOrder, type RenderControl } from './renderInDemandOrder.js';
import { startPreview, type Preview } from './renderPreview.js';
import { createSearchQueue, createWeightLimit, planSearchThreads, type SearchWrite } from './searchThreads.js';
import { getIndexFiles, removeOtherSearchStates } from '../search/index.js';
import { createSeoFiles } from '../seo/index.js';
import { findCacheDir, lockSiteCache, type Debris } from './siteCache.js';
import { DOCGEN_VERSION } from '../version.js';
import { inOrder, type Locate, type TaskPool } from '../workers/pool.js';
import type { RenderTask } from '../workers/tasks.js';

export type { OutputState } from './buildPlan.js';

type SeoFiles = ReturnType<typeof createSeoFiles>;

/** How far a stage of a build is: `done` of `total` bodies compiled, routes rendered, search indexes written. */
export interface BuildProgress {
  stage: 'compiling' | 'rendering' | 'search' | 'seo';
  done: number;
  total: number;
}

export interface BuildOptions {
  siteDir: string;
  /** Output folder; `<siteDir>/build` when absent. */
  outDir?: string;
  /** Build only these locales; all when absent. Other locales of an earlier build in the folder are kept. */
  locales?: string[];
  /** Include draft pages (development). */
  includeDrafts?: boolean;
  /** Threads that compile and render; one per core when absent. */
  threads?: number;
  /** False: ignore and do not write the build cache (`--no-cache`). */
  cache?: boolean;
  /** Called with the duration of each stage, in milliseconds. */
  onStage?: (stage: string, milliseconds: number) => void;
  /** Called as a stage goes (often: the caller throttles what it shows). */
  onProgress?: (progress: BuildProgress) => void;
  /** Called when the build waits for another docgen process using the same output folder or site cache. */
  onWait?: (wait: LockWait) => void;
  /**
   * For a caller that may end the process before the build ends (the CLI on SIGINT or SIGTERM):
   * called with what removes each temporary of this run (staging folder, `--no-cache` folder) and
   * releases each lock, as the build makes them. The caller runs them newest first, waiting for
   * each (the staging folder's first stops the threads that write into it); the function it
   * returns forgets one, once the build has done it itself.
   */
  onTemporary?: (cleanup: () => void | Promise<void>) => () => void;
}

export interface BuildResult {
  outDir: string;
  pageCount: number;
  /** Pages rendered by this build; the others were unchanged since the last build and were kept. */
  renderedCount: number;
  /** Warnings: markdown problems and broken links. */
  diagnostics: Diagnostic[];
}

/**
 * `docgen build`: config -> content -> compile -> manifest -> bundle -> render -> write -> links.
 * What it writes goes beside the output and is moved in only when everything succeeded.
 * With the cache (the default) a build reuses compiled content and keeps every page of the last
 * build whose inputs did not change; when no input changed at all it does nothing.
 *
 * Builds into one output folder, and builds and checks of one site, run one after the other: a
 * build holds the output folder's lock and then the site cache's lock (always in that order),
 * waiting while another process holds either (`onWait`). Once it holds them, it cleans up after
 * killed docgen processes (see removeDebris) and reports what it undid as warnings.
 */
export async function build(options: BuildOptions): Promise<BuildResult> {
  const siteDir = resolve(options.siteDir);
  const outDir = resolve(siteDir, options.outDir ?? 'build');
  assertSafeOutDir(siteDir, outDir);
  const outputLock = await lockOutputDir(outDir, options.onWait);
  const forgetOutputLock = options.onTemporary?.(() => outputLock.release());
  try {
    const cache = await lockSiteCache(siteDir, options.onWait);
    const forgetCacheLock = options.onTemporary?.(() => cache.lock.release());
    try {
      const result = await buildLocked({ siteDir, outDir, options });
      return { ...result, diagnostics: [...getDebrisWarnings(cache.debris), ...result.diagnostics] };
    } finally {
      cache.lock.release();
      forgetCacheLock?.();
    }
  } finally {
    outputLock.release();
    forgetOutputLock?.();
  }
}

/** Version cuts that a killed process left unfinished and that were undone, as warnings. */
function getDebrisWarnings(debris: Debris): Diagnostic[] {
  return debris.cuts.map(({ what, pid, leftovers }) => ({
    severity: 'warning',
    code: 'interrupted-cut',
    message:
      leftovers.length === 0
        ? `A ${what} that did not finish (process ${pid}, no longer running) was undone: the site is as it was before it`
        : `A ${what} that did not finish (process ${pid}, no longer running) could not be fully undone`,
    hint: leftovers.length === 0 ? 'Run the cut again.' : `Remove or restore these by hand: ${leftovers.join(', ')}`,
  }));
}

/** `build` once it holds the locks. */
async function buildLocked(input: { siteDir: string; outDir: string; options: BuildOptions }): Promise<BuildResult> {
  const { siteDir, outDir, options } = input;
  const useCache = options.cache !== false;
  const cacheDir = findCacheDir(siteDir);
  // Read once for the whole build: the fingerprint, the theme and every stage use this one.
  const config = readConfig(siteDir);
  // Read once: what a cached build starts from, and (whatever it was written by) the record to
  // delete before this build replaces the folder it describes.
  const recorded = readBuildRecord(cacheDir);
  const record = useCache && recorded && describesOutput(recorded, outDir) ? recorded : undefined;
  const fingerprint = useCache
    ? readInputFingerprint({ siteDir, outDir, config, locales: options.locales, includeDrafts: options.includeDrafts })
    : '';
  if (record && record.fingerprint === fingerprint) {
    return { outDir, pageCount: record.pageCount, renderedCount: 0, diagnostics: record.diagnostics };
  }
  // Without the cache, compiled content and the bundle go to a temporary folder, deleted afterwards.
  const temporaryCache = useCache ? undefined : mkdtempSync(join(tmpdir(), `${getTemporaryName('cache.', { unique: false })}-`));
  const removeTemporaryCache = () => {
    if (temporaryCache) rmSync(temporaryCache, { recursive: true, force: true, maxRetries: 3 });
  };
  const forgetTemporaryCache = temporaryCache ? options.onTemporary?.(removeTemporaryCache) : undefined;
  const builder = createSiteBuilder({
    siteDir,
    locales: options.locales,
    includeDrafts: options.includeDrafts,
    threads: options.threads,
    cacheDir: temporaryCache,
    onStage: options.onStage,
    onProgress: options.onProgress,
  });
  const staging = createStagingDir(outDir);
  // The render threads write pages into the staging folder (and make its folders again when they
  // are gone): they are stopped before it is removed.
  const forgetStaging = options.onTemporary?.(async () => {
    await builder.close();
    staging.discard();
  });
  try {
    const result = await builder.run({ output: staging, previous: record?.state, config });
    // The record describes the output: from here until the new one is written, none does (a build
    // stopped halfway through the commit leaves an output that the next build makes again).
    if (recorded?.outDir === outDir) forgetBuildRecord(cacheDir);
    staging.commit();
    forgetStaging?.();
    if (useCache) {
      builder.saveCache();
      writeBuildRecord(cacheDir, {
        docgenVersion: DOCGEN_VERSION,
        outDir,
        fingerprint,
        pageCount: result.pageCount,
        diagnostics: result.diagnostics,
        state: result.state,
      });
    }
    return { outDir, pageCount: result.pageCount, renderedCount: result.renderedPaths.length, diagnostics: result.diagnostics };
  } catch (error) {
    staging.discard();
    forgetStaging?.();
    throw error;
  } finally {
    await builder.close();
    removeTemporaryCache();
    forgetTemporaryCache?.();
  }
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
}

export interface PagesWritten {
  /** Whether a page the run's preview wrote came out differently (a reader of it should reload). */
  previewChanged: boolean;
}

/** What `run` builds into, and from. */
export interface RunInput {
  output: OutputWriter;
  /**
   * What `output` already holds (the same output for the dev server, the last build's folder for
   * `docgen build`): routes whose inputs did not change are kept from it (`output.keep`) instead
   * of being rendered again.
   */
  previous?: OutputState;
  hooks?: RunHooks;
  /** The site's config, when the caller has read it for this build; read from the site when absent. */
  config?: SiteConfig;
}

/**
 * A builder that can run again after changes. Compiled markdown lives in the compile store (by
 * content hash), the theme bundle is kept until a theme or page-component file changes, and a
 * hash of every route's inputs decides which pages are rendered again (see planBuild): a page is
 * rendered when anything it shows changed (its content, its sidebar, a linked page's title, the
 * theme, the config).
 */
export function createSiteBuilder(options: BuilderOptions) {
  const siteDir = resolve(options.siteDir);
  const cacheDir = options.cacheDir ?? findCacheDir(siteDir);
  const storeDir = options.storeDir ?? join(cacheDir, 'compiled');
  const watching = options.watching ?? false;
  const threads = createBuildThreads({ storeDir, threads: options.threads });
  const bundles = createBundleCopies({ siteDir, cacheDir });
  const hasher = createRouteInputHasher();
  const compiled = new Map<string, CompiledMarkdown>(readCompileIndex(storeDir));
  const frontMatterMemo = readFrontMatterMemo(storeDir, `${DOCGEN_VERSION}\0${FRONT_MATTER_KEYS}\0${readFrontMatterCheckerKey()}`);
  const sourceKeys = createSourceKeys();
  const seoFiles = createSeoFiles({ keepTwinTexts: watching });
  // Sources read by earlier runs, until `forget` is told they changed.
  const contentCache = new ContentCache();
  const linkCache = new LinkCache();
  // What the last successful run built from (`watching`), the files changed since, and routes
  // rendered ahead by a run that then failed (their files no longer match the state).
  let lastRun: LastRun | undefined;
  let changedSince: FileChange[] | 'all' = 'all';
  const renderedAhead = new Set<string>();
  const searchQueue = createSearchQueue();

  const timed = async <T>(stage: string, run: () => Promise<T> | T): Promise<T> => {
    const start = performance.now();
    const result = await run();
    options.onStage?.(stage, performance.now() - start);
    return result;
  };

  /** Whether a run previews pages (see `previewFrom`): the dev server's first, with much to compile and threads to spare. */
  function startsPreview(input: { config: SiteConfig; content: SiteContent; pool: TaskPool; hooks: RunHooks }): boolean {
    const { config, content, pool, hooks } = input;
    if (!watching || options.previewFrom === undefined || lastRun || !hooks.onRenderStart || pool.threads < 2) return false;
    const salt = readCompileSalt(config);
    return getMarkdownSources(content).filter((source) => !compiled.has(sourceKeys.keyOf(salt, source))).length >= options.previewFrom;
  }

  /** A whole run, once its content is read and the pages `renderAhead` rendered are written. */
  async function runAll(input: LoadedRun): Promise<RebuildResult> {
    const { config, pool, output, previous, hooks, ahead, bundled, themeKey, preview } = input;
    // While a preview answers the dev server's first pages, the site is compiled once the theme is
    // bundled: a page asked for waits for the bundle, whose esbuild threads would otherwise share
    // the machine with every compile thread (a page 0.8 s sooner on 2 cores, the build no later).
    if (preview) await bundled.catch(() => {});
    const site = await timed('load', () =>
      loadSite({
        siteDir,
        config,
        includeDrafts: options.includeDrafts,
        buildId: options.buildId,
        pool,
        storeDir,
        compiled,
        content: input.content,
        linkCache,
        sourceKeys,
        themeKey,
        onProgress: options.onProgress,
      }),
    );
    const { content, manifest } = site;
    const locate = (key: string) => site.getCompiled(key).stored;
    const renderLocales = new Set(options.locales ?? manifest.locales.map((locale) => locale.locale));
    const bundle = await bundled;
    await bundles.copyExtras({ config: site.config, output, uses: site.uses });
    const assets = {
      script: bundle.client.script,
      stylesheet: bundle.client.stylesheet,
      mathStylesheet: site.config.markdown.math ? bundle.client.math.stylesheet : undefined,
      siteBaseUrl: site.config.baseUrl,
    };
    const islands = await timed('islands', () => writeIslands({ siteDir, site, cacheDir, output }));

    const planned = await timed('sidebars', () => {
      // The dev server's first run renders every page, in the order readers ask for them: the hashes
      // of route inputs decide nothing then, and are made once the pages are under way.
      const deferRouteHashes = hooks.onRenderStart !== undefined && !previous;
      const modelled = toPlanLocales({
        manifest,
        buildId: site.buildId,
        renderLocales,
        previous,
        hasher,
        siteInputs: [assets, themeKey, islands?.key ?? ''],
        searchInput: islands?.key,
        deferRouteHashes,
      });
      const plan = planBuild({ previous, locales: modelled.locales, rerender: renderedAhead });
      for (const file of plan.carried) {
        // A carried search index keeps its shards and detail chunks with its manifest.
        if (previous?.searchIndexes[file] !== undefined) keepSearchFiles(output, file);
        else output.keep(file);
      }
      return { ...modelled, plan, sidebarsWritten: writeSidebars({ manifest, plan, output }) };
    });
    const { plan } = planned;
    const copyFiles = () => copySiteFiles({ output, content, manifest });

    // The threads' locale setups become the run's own.
    await preview?.stop();
    const rendered = await timed('render', () => {
      const setLocale = (locale: LocaleManifest) =>
        threads.setLocale(
          {
            locale: locale.locale,
            site: locale.site,
            sidebarFiles: locale.sidebarFiles,
            assets,
            themeFile: bundle.serverFile,
            themeKey,
            islands: islands?.setup,
          },
          // Sidebar file names are hashes of their content: the names stand for the sidebars.
          JSON.stringify([planned.siteKeys.get(locale.locale), bundle.serverFile, islands?.key, Object.keys(locale.sidebarFiles)]),
        );
      // The dev server's first run serves static files while it renders.
      if (hooks.onRenderStart && !previous) copyFiles();
      return renderRoutes({
        manifest,
        plan,
        output,
        pool,
        locate,
        seoFiles,
        setLocale,
        onRenderStart: hooks.onRenderStart,
        onProgress: options.onProgress,
      });
    });
    for (const [key, inputs] of planned.hashRouteInputs?.() ?? []) plan.state.routes[key]!.inputs = inputs;
    for (const file of getRemovedFiles(previous, plan.state)) output.remove(file);
    // After the pages: a static file wins over a page written at the same path.
    await timed('write', copyFiles);
    // Reloaded already, unless this run wrote more than the pages rendered ahead.
    if (!ahead || planned.sidebarsWritten || rendered.keys.some((key) => !ahead.has(key))) {
      await pagesWritten(hooks, { previewChanged: preview?.changed(output) ?? false });
    }

    // Search indexes are serialised on threads; only those whose pages changed (see planSearchThreads).
    const writes = toSearchWrites({ plan, scopes: planned.scopes, output, isUnfinished: searchQueue.isUnfinished });
    const sizing = planSearchThreads({
      largestIndexPages: Math.max(0, ...writes.map(({ pages }) => pages.length)),
      renderedRoutes: rendered.keys.length,
      watching,
    });
    if (!sizing.reuseRenderThreads) await threads.close();
    const writeIndexes = (toWrite: typeof writes) =>
      timed('search', async () => {
        if (toWrite.length === 0) return;
        const searchPool = sizing.reuseRenderThreads
          ? pool
          : threads.start(site.config, output.path, { threads: sizing.threads, compiles: false });
        const limit = createWeightLimit(sizing.pagesAtOnce);
        let done = 0;
        const written = () => options.onProgress?.({ stage: 'search', done: ++done, total: toWrite.length });
        const islandsFile = islands?.setup.serverFile;
        await inOrder(
          toWrite.map(({ file, pages }) =>
            limit(pages.length, async () => {
              // The files of the index written before stay, unless the new index no longer names them.
              const existing = [...keepSearchFiles(output, file).kept];
              const files = new Set(await searchPool.search(file, pages, locate, existing, islandsFile));
              for (const path of existing) if (!files.has(path)) output.remove(path);
              written();
            }),
          ),
        );
      });
    // A builder that runs again returns before its indexes are written: the next save's pages do not wait for them.
    const searched = watching ? searchQueue.add(writes, writeIndexes) : writeIndexes(writes);
    // Awaited after the seo files: a failure meanwhile (threads stopped by Ctrl-C) must not go unhandled.
    searched.catch(() => {});
    // The seo files are written on this thread meanwhile, unless an index is so large that it is
    // written alone (it sets the build's peak memory): then on this thread (less memory than a
    // thread of its own), before them.
    if (sizing.alone) {
      await searched;
      await threads.close();
    }
    try {
      // Once the search tasks are on their threads.
      await setImmediate();
      options.onProgress?.({ stage: 'seo', done: 0, total: 1 });
      await timed('seo', () =>
        writeSeoFiles({ seoFiles, manifest, content, output, state: plan.state, previous, rendered, renderLocales }),
      );
    } finally {
      if (!watching) await searched;
    }
    // The threads' work is done: a build that does not run again frees their memory, and the
    // search tables of indexes neither it nor the last build has (a locale not built this time
    // keeps its tables).
    if (!watching) {
      await threads.close();
      removeOtherSearchStates(storeDir, [...Object.keys(plan.state.searchIndexes), ...Object.keys(previous?.searchIndexes ?? {})]);
    }
    hasher.commit();
    if (watching) lastRun = { manifest, sources: toSourceRecords({ content, salt: readCompileSalt(site.config), sourceKeys }) };
    return {
      pageCount: rendered.pageCount,
      renderedPaths: rendered.paths,
      diagnostics: [...site.diagnostics, ...getBrokenLinks(manifest)],
      manifest,
      state: plan.state,
      searched: watching && writes.length > 0 ? searched : undefined,
    };
  }

  return {
    /** Builds into `output` (see RunInput). */
    async run(input: RunInput): Promise<RebuildResult> {
      const { output, previous, hooks = {} } = input;
      const config = input.config ?? readConfig(siteDir);
      // Threads load the markdown pipeline as they start only when there is surely much to
      // compile (an empty store); otherwise with the first compile task, if one comes.
      const pool = threads.start(config, output.path, { compiles: compiled.size === 0 });
      // The theme is bundled (by esbuild's own threads) while the content is read and compiled.
      const componentPages = findComponentPages(siteDir, contentCache);
      const themeKey = readThemeKey(config, siteDir, componentPages);
      const bundled = timed('bundle', () => bundles.copy({ config, pages: componentPages, key: themeKey, output }));
      // The threads load the theme's server code while the content is read and the site model
      // made: the first page rendered (the dev server's first page) does not wait for it. The
      // bundle is awaited once the content is loaded; this handler also keeps a failed one from
      // going unhandled meanwhile.
      bundled.then(
        ({ serverFile }) => pool.loadTheme(serverFile, themeKey),
        () => {},
      );
      let content: SiteContent;
      try {
        // One git log pass for the whole site, kept in the cache by commit (its own stage: pnpm bench times it).
        const git = showsLastUpdates(config) ? await timed('git', () => readGitLastUpdates(siteDir, cacheDir)) : undefined;
        content = readSiteContent(siteDir, config, contentCache, frontMatterMemo, { git });
        // The MDX pages' runtime (esbuild, as the theme): their compile keys hold it.
        await sourceKeys.prepareMdx({ siteDir, config, content, storeDir });
      } catch (error) {
        // The bundle is copied into the output: a failed run waits for it, or it would write into
        // a staging folder after the build discarded it.
        await bundled.catch(() => {});
        throw error;
      }
      const ahead = await timed('ahead', () =>
        renderAhead({
          lastRun,
          changes: changedSince,
          config,
          content,
          pool,
          compiled,
          sourceKeys,
          locales: options.locales,
          hasLocaleSetup: (locale) => threads.hasLocale(locale),
        }),
      );
      if (ahead) await pagesWritten(hooks, { previewChanged: false });
      const preview = startsPreview({ config, content, pool, hooks })
        ? startPreview(
            {
              siteDir,
              config,
              content,
              includeDrafts: options.includeDrafts ?? false,
              locales: options.locales,
              buildId: options.buildId ?? getBuildId(config, themeKey),
              themeKey,
              compiled,
              sourceKeys,
              linkCache,
              pool,
              output,
              bundled,
              copyExtras: (uses) => bundles.copyExtras({ config, output, uses }),
              onLocaleSetup: (locale) => threads.forgetLocale(locale),
              sanitizeHtml: await loadHtmlSanitizer(config, content),
            },
            hooks.onRenderStart!,
          )
        : undefined;
      try {
        const result = await runAll({ config, content, pool, output, previous, hooks, ahead, bundled, themeKey, preview });
        // The next save compiles a page: the threads of a run with nothing to compile (a warm
        // start) load the markdown pipeline now, not when that page is waited for.
        if (watching) pool.prepareCompile();
        changedSince = [];
        renderedAhead.clear();
        return result;
      } catch (error) {
        hasher.discard();
        // Written, but not recorded in any state: the next run renders them again.
        for (const key of ahead ?? []) renderedAhead.add(key);
        await preview?.stop();
        await bundled.catch(() => {});
        throw error;
      }
    },

    /** Tells the builder which files changed since the last run (the file watcher's events); `all` when unknown. */
    forget(reported: FileChange[] | 'all'): void {
      // A file read through a symbolic link changed where the watcher saw it and where it was read.
      const changes = reported === 'all' ? reported : contentCache.withLinkedPaths(reported);
      changedSince = changes === 'all' || changedSince === 'all' ? 'all' : [...changedSince, ...changes];
      if (changes === 'all') contentCache.clear();
      else contentCache.forget(changes);
      // An added or removed file may be what a link points at.
      if (changes === 'all' || changes.some((change) => change.kind !== 'change')) linkCache.clear();
    },

    /** Files and folders read by the runs so far that changed on disk since `since` (see ContentCache.findChangedSince). */
    findChangedSince(since: number): FileChange[] {
      return contentCache.findChangedSince(since);
    },

    /** Records the compiled content of the last run as the store's index (and drops what it no longer needs). */
    saveCache(): void {
      writeCompileIndex(storeDir, compiled, [FRONT_MATTER_MEMO_FILE]);
      frontMatterMemo.write(storeDir);
    },

    async close(): Promise<void> {
      await threads.close();
      bundles.close();
    },
  };
}

/** What a whole run works from, once its content is read (see `run`). */
interface LoadedRun {
  config: SiteConfig;
  content: SiteContent;
  pool: TaskPool;
  output: OutputWriter;
  previous: OutputState | undefined;
  hooks: RunHooks;
  /** The pages `renderAhead` rendered (their `locale\0path`), if it did. */
  ahead: Set<string> | undefined;
  /** The theme bundle, under way; `themeKey` names its inputs. */
  bundled: Promise<RunBundle>;
  themeKey: string;
  /** Pages served before the site was compiled, if any: stopped before the run renders. */
  preview: Preview | undefined;
}

/**
 * The site model as planBuild sees it: every locale's routes with the hash of their inputs (built
 * locales only), sidebar files and search indexes.
 */
function toPlanLocales(input: {
  manifest: SiteManifest;
  buildId: string;
  renderLocales: ReadonlySet<string>;
  previous: OutputState | undefined;
  hasher: RouteInputHasher;
  /** What every page of the site shows besides its locale's site data: the assets and the theme. */
  siteInputs: unknown[];
  /**
   * Routes get no hash of their inputs yet (there is no previous output to compare with):
   * `hashRouteInputs` makes them, by route key, once the caller has started rendering.
   */
  deferRouteHashes?: boolean;
  /** What every search index shows besides its pages' content: the site components' bundle, whose text the index holds. */
  searchInput?: string;
}) {
  const { manifest, buildId, renderLocales, previous, hasher } = input;
  const searchKey = (scope: SearchScope) => (input.searchInput ? hashText(`${scope.key}\0${input.searchInput}`) : scope.key);
  const scopes = new Map<string, SearchScope[]>();
  const siteKeys = new Map<string, string>();
  const deferred: (() => [key: string, inputs: string])[] = [];
  const locales = manifest.locales.map((locale): PlanLocale => {
    const localeScopes = locale.searchScopes;
    scopes.set(locale.locale, localeScopes);
    const built = renderLocales.has(locale.locale);
    const siteKey = hashText(JSON.stringify([locale.site, ...input.siteInputs]));
    siteKeys.set(locale.locale, siteKey);
    const routes = built
      ? locale.routes.map((route) => {
          const key = toRouteKey(locale.locale, route.path);
          // The sidebar's URL (in route.data) is a hash of its content, so it stands for the sidebar.
          const inputs: RouteInputs = [siteKey, route.data, route.slots, route.componentModule];
          const hash = () => hasher.hash(key, inputs, previous?.routes[key]?.inputs);
          if (!input.deferRouteHashes) return { path: route.path, inputs: hash() };
          deferred.push(() => [key, hash()]);
          return { path: route.path, inputs: '' };
        })
      : [];
    return {
      locale: locale.locale,
      built,
      routes,
      sidebarFiles: Object.keys(locale.sidebarFiles).map((fileName) => getSidebarFilePath(fileName)),
      searchIndexes: localeScopes.map((scope) => ({
        file: getSearchIndexFilePath(buildId, locale.locale, scope.scope),
        key: searchKey(scope),
      })),
    };
  });
  const hashRouteInputs = input.deferRouteHashes ? () => deferred.map((make) => make()) : undefined;
  return { locales, scopes, siteKeys, hashRouteInputs };
}

/** Writes the sidebars the plan does not reuse from the output; whether it wrote any. */
function writeSidebars(input: { manifest: SiteManifest; plan: BuildPlan; output: OutputWriter }): boolean {
  const { manifest, plan, output } = input;
  let written = false;
  for (const locale of plan.locales) {
    const { sidebarFiles } = manifest.locales.find((candidate) => candidate.locale === locale.locale)!;
    for (const { file, reuse } of locale.sidebars) {
      if (reuse && output.keep(file)) continue;
      output.write(file, JSON.stringify(sidebarFiles[file.slice(getSidebarFilePath('').length)]));
      written = true;
    }
  }
  return written;
}

/** What renderRoutes rendered; the plan's state holds every route of the built locales by then. */
interface RenderedRoutes {
  /** Routes of the built locales, rendered or kept. */
  pageCount: number;
  /** Paths and keys (`locale\0path`) of the routes rendered, in the order rendered. */
  paths: string[];
  keys: string[];
}

/**
 * Renders the routes the plan does not keep (a kept route whose files the output lost is rendered
 * too), on the pool's threads, and records each in the plan's state. With `onRenderStart`
 * (the dev server), in the order routes are asked for (see renderInDemandOrder).
 */
async function renderRoutes(input: {
  manifest: SiteManifest;
  plan: BuildPlan;
  output: OutputWriter;
  pool: TaskPool;
  locate: Locate;
  seoFiles: SeoFiles;
  /** Sends a locale's setup to the threads (before its routes are rendered). */
  setLocale: (locale: LocaleManifest) => void;
  onRenderStart: RunHooks['onRenderStart'];
  onProgress?: (progress: BuildProgress) => void;
}): Promise<RenderedRoutes> {
  const { manifest, plan, output, pool, locate, seoFiles } = input;
  const { state } = plan;
  const tasks: RenderTask[] = [];
  let pageCount = 0;
  for (const locale of plan.locales) {
    const manifestLocale = manifest.locales.find((candidate) => candidate.locale === locale.locale)!;
    const changed: ManifestRoute[] = [];
    for (const [index, route] of locale.routes.entries()) {
      pageCount++;
      if (route.kept?.files.every((file) => output.keep(file))) {
        state.routes[route.key] = route.kept;
        seoFiles.capture({ path: route.path, ...route.kept.summary });
        continue;
      }
      state.routes[route.key] = { locale: locale.locale, inputs: route.inputs, files: [], summary: { title: '', description: '' } };
      changed.push(manifestLocale.routes[index]!);
    }
    if (changed.length === 0) continue;
    input.setLocale(manifestLocale);
    for (const route of changed) tasks.push({ locale: locale.locale, route });
  }
  let done = 0;
  if (tasks.length > 0) input.onProgress?.({ stage: 'rendering', done, total: tasks.length });
  const results = input.onRenderStart
    ? await renderInDemandOrder({
        pool,
        tasks,
        locate,
        keysByPath: getRouteKeys(manifest, new Set(plan.locales.map((locale) => locale.locale))),
        onStart: input.onRenderStart,
      })
    : await pool.render(tasks, locate, 'normal', (count) => {
        done += count;
        input.onProgress?.({ stage: 'rendering', done, total: tasks.length });
      });
  const rendered: RenderedRoutes = { pageCount, paths: [], keys: [] };
  for (const [index, result] of results.entries()) {
    const { path, files, ...summary } = result;
    const key = toRouteKey(tasks[index]!.locale, path);
    state.routes[key] = { ...state.routes[key]!, files, summary };
    seoFiles.capture(result);
    rendered.paths.push(path);
    rendered.keys.push(key);
  }
  return rendered;
}

/**
 * Keeps a search index of the previous output: its manifest (`manifestFile`), and the shards,
 * directories and detail chunks it names that are there (`kept`, the manifest left out).
 * `complete` when all of them are: the index may be used as it is. Otherwise what is kept is
 * where a new index of the same scope need not write the files it shares with the old one.
 */
function keepSearchFiles(output: OutputWriter, manifestFile: string): { kept: Set<string>; complete: boolean } {
  const kept = new Set<string>();
  const keep = (path: string) => keepIfThere(output, path);
  if (!keep(manifestFile)) return { kept, complete: false };
  const files = getIndexFiles(output.read(manifestFile), (path) => {
    if (!keep(path)) throw new Error(`No file ${path}`);
    return output.read(path);
  });
  if (!files) return { kept, complete: false };
  let complete = true;
  for (const path of files) {
    if (keep(path)) kept.add(path);
    else complete = false;
  }
  return { kept, complete };
}

/**
 * The search indexes to write: those the plan does not reuse from the output, with their pages,
 * and those an earlier run has not written yet (`isUnfinished`).
 */
function toSearchWrites(input: {
  plan: BuildPlan;
  scopes: ReadonlyMap<string, SearchScope[]>;
  output: OutputWriter;
  isUnfinished: (file: string) => boolean;
}): SearchWrite[] {
  const writes: SearchWrite[] = [];
  for (const locale of input.plan.locales) {
    const scopes = input.scopes.get(locale.locale)!;
    for (const [index, { file, reuse }] of locale.searchIndexes.entries()) {
      if (reuse && !input.isUnfinished(file) && keepSearchFiles(input.output, file).complete) continue;
      writes.push({ file, pages: scopes[index]!.pages });
    }
  }
  return writes;
}

/**
 * Writes sitemap.xml, robots.txt, blog feeds, llms.txt and markdown twins (after rendering: they
 * use what pages rendered), and records the files in the state: a locale's with the locale, a
 * twin with its route (kept and removed with its files).
 */
async function writeSeoFiles(input: {
  seoFiles: SeoFiles;
  manifest: SiteManifest;
  content: SiteContent;
  output: OutputWriter;
  state: OutputState;
  previous: OutputState | undefined;
  rendered: RenderedRoutes;
  renderLocales: ReadonlySet<string>;
}): Promise<void> {
  const { manifest, state, renderLocales } = input;
  const rendered = new Set(input.rendered.keys);
  const keptRoutes = Object.entries(state.routes).filter(([key]) => !rendered.has(key));
  const written = await input.seoFiles.write({
    manifest,
    content: input.content,
    output: input.output,
    renderedPaths: input.rendered.paths,
    keptFiles: new Set(keptRoutes.flatMap(([, entry]) => entry.files)),
    locales: renderLocales,
    llmsFull: input.previous?.llmsFull,
  });
  state.llmsFull = { ...input.previous?.llmsFull, ...written.llmsFull };
  for (const [locale, files] of Object.entries(written.localeFiles)) {
    state.localeFiles[locale] = [...(state.localeFiles[locale] ?? []), ...files];
  }
  for (const locale of manifest.locales) {
    if (!renderLocales.has(locale.locale)) continue;
    for (const route of locale.routes) {
      const twin = written.twins.get(route.path);
      const key = toRouteKey(locale.locale, route.path);
      const entry = state.routes[key];
      if (twin !== undefined && entry && !entry.files.includes(twin)) state.routes[key] = { ...entry, files: [...entry.files, twin] };
    }
  }
}

/**
 * The site components MDX pages show (islands), when they show any: bundled (bundle/islands.ts),
 * their browser code written into the output, and what the render threads need to render them.
 */
async function writeIslands(input: {
  siteDir: string;
  site: { components: string[]; config: SiteConfig; content: SiteContent };
  cacheDir: string;
  output: OutputWriter;
}) {
  const { siteDir, site, cacheDir, output } = input;
  if (site.components.length === 0) return undefined;
  const bundle = await bundleIslands({
    siteDir,
    themeDir: site.config.themeDir,
    components: site.components,
    cacheDir: join(cacheDir, 'islands'),
    baseUrl: site.config.baseUrl,
    compilePage: (text, path) => compilePageModule(text, path, site.config.markdown.mdx1Compat),
    site: getIslandSite(site.config, site.content),
  });
  for (const [path, contents] of bundle.files) output.write(path, contents);
  const toUrls = (paths: Record<string, string>) =>
    Object.fromEntries(Object.entries(paths).map(([component, path]) => [component, `${site.config.baseUrl}${path}`]));
  return {
    key: bundle.key,
    setup: { serverFile: bundle.serverFile, srcs: toUrls(bundle.entries), stylesheets: toUrls(bundle.stylesheets) },
  };
}

/** Copies static/ and the assets of markdown pages (images) into the output. */
function copySiteFiles(input: { output: OutputWriter; content: SiteContent; manifest: SiteManifest }): void {
  copyStaticFiles(input.output, input.content);
  for (const asset of input.manifest.assets) input.output.copyFile(asset.absolutePath, asset.outputPath);
}

/** The key (`locale\0path`) of every route of the locales rendered, by path. */
function getRouteKeys(manifest: SiteManifest, locales: ReadonlySet<string>): Map<string, string> {
  const keys = new Map<string, string>();
  for (const locale of manifest.locales) {
    if (locales.has(locale.locale)) for (const route of locale.routes) keys.set(route.path, toRouteKey(locale.locale, route.path));
  }
  return keys;
}

/**
 * Calls `onPagesWritten` and waits for it, then lets the event loop run once: what the hook sent
 * (the dev server's reload message) leaves now, not when the rest of the run next waits for something.
 */
async function pagesWritten(hooks: RunHooks, written: PagesWritten): Promise<void> {
  if (!hooks.onPagesWritten) return;
  await hooks.onPagesWritten(written);
  await setImmediate();
}
