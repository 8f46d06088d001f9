import { createHash } from 'node:crypto';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { setImmediate } from 'node:timers/promises';
import { join, resolve } from 'node:path';
import type { CompiledMarkdown, Diagnostic, RenderedSummary, SiteConfig, SiteContent, SiteManifest, SourceMarkdown } from '@docgen/types';
import { DATA_DIR, getMarkdownPath } from '@docgen/shared/pageData';
import { getSearchIndexFilePath } from '@docgen/shared/search';
import { getThemeBundle, type ClientBundle } from './bundle/index.js';
import { describesOutput, forgetBuildRecord, getInputFingerprint, readBuildRecord, writeBuildRecord } from './buildRecord.js';
import { readCompileIndex, writeCompileIndex, type CompileTask } from './compile/store.js';
import { readConfig } from './config/index.js';
import { ContentCache, findComponentPages, readSiteContent, type FileChange } from './content/index.js';
import { getBrokenLinks } from './links/index.js';
import { getBuildId, getCompileSalt, getMarkdownSources, getSourceKey, getThemeKey, loadSite } from './loadSite.js';
import { LinkCache } from './manifest/index.js';
import { assertSafeOutDir, copyStaticFiles, createStagingDir, lockOutputDir, type OutputWriter } from './output/index.js';
import { getTemporaryName, type LockWait } from './processes/index.js';
import { getFeedPaths } from './render/index.js';
import { renderInDemandOrder, type RenderControl } from './renderInDemandOrder.js';
import { startPreview, type Preview } from './renderPreview.js';
import { addSearchScopes, type SearchPage, type SearchScope } from './search/index.js';
import { createSeoFiles } from './seo/index.js';
import { getCacheDir, lockSiteCache, type Debris } from './siteCache.js';
import { DOCGEN_VERSION } from './version.js';
import { createTaskPool, getThreadCount, inOrder, type TaskPool } from './workers/pool.js';
import type { RenderTask } from './workers/tasks.js';

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
  /** Called when the build waits for another docgen process using the same output folder or site cache. */
  onWait?: (wait: LockWait) => void;
}

export interface BuildResult {
  outDir: string;
  pageCount: number;
  /** Pages rendered by this build; the others were unchanged since the last build and were kept. */
  renderedCount: number;
  /** Warnings: markdown problems and broken links. */
  diagnostics: Diagnostic[];
}

const hash = (text: string | Buffer) => createHash('sha256').update(text).digest('hex');

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

/** What a builder remembers of the output it wrote, to render only what changed next time. */
export interface OutputState {
  /** Route key (`locale\0path`) -> hash of its inputs and its output files. */
  routes: Record<string, { locale: string; inputs: string; files: string[]; summary: RenderedSummary }>;
  /** Files of a locale that are not a route's (search indexes, sidebars, feeds, llms.txt), by locale. */
  localeFiles: Record<string, string[]>;
  /** Search index file -> hash of its sections. */
  searchIndexes: Record<string, string>;
}

export interface RebuildResult {
  pageCount: number;
  /** Routes rendered by this run; the others were unchanged and kept. */
  renderedPaths: string[];
  diagnostics: Diagnostic[];
  manifest: SiteManifest;
  state: OutputState;
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

/**
 * A builder that can run again after changes. Compiled markdown lives in the compile store (by
 * content hash), the theme bundle is kept until a theme or page-component file changes, and a
 * hash of every route's inputs decides which pages are rendered again: a page is rendered when
 * anything it shows changed (its content, its sidebar, a linked page's title, the theme, the config).
 */
export function createSiteBuilder(options: BuilderOptions) {
  const siteDir = resolve(options.siteDir);
  const cacheDir = options.cacheDir ?? getCacheDir(siteDir);
  const storeDir = options.storeDir ?? join(cacheDir, 'compiled');
  let pool: TaskPool | undefined;
  let poolLanguages = '';
  // What each locale's setup sent to the pool's threads was (they keep it until it changes).
  const localeSetups = new Map<string, string>();
  // The inputs of every route in the last successful run, and their hash.
  let lastInputs = new Map<string, { hash: string; inputs: RouteInputs }>();
  // What the last successful run built from (`watching`), the files changed since, and routes
  // rendered ahead by a run that then failed (their files no longer match the state).
  let lastRun: { manifest: SiteManifest; sources: Map<string, SourceRecord> } | undefined;
  let changedSince: FileChange[] | 'all' = 'all';
  const renderedAhead = new Set<string>();
  const compiled = new Map<string, CompiledMarkdown>(readCompileIndex(storeDir));
  let bundle: { key: string; client: ClientBundle; serverFile: string } | undefined;
  const seoFiles = createSeoFiles({ keepTwinTexts: options.watching });
  // Sources read by earlier runs, until `forget` is told they changed.
  const contentCache = new ContentCache();
  const linkCache = new LinkCache();

  const timed = async <T>(stage: string, run: () => Promise<T> | T): Promise<T> => {
    const start = performance.now();
    const result = await run();
    options.onStage?.(stage, performance.now() - start);
    return result;
  };

  /** The pool of threads (`threads` at most, when a new one is made; `compiles`: see TaskSetup). */
  const getPool = (config: SiteConfig, outDir: string, { threads = Infinity, compiles = true } = {}) => {
    const languages = JSON.stringify([outDir, config.themeConfig.code.additionalLanguages]);
    if (pool && poolLanguages === languages) return pool;
    void pool?.close();
    poolLanguages = languages;
    localeSetups.clear();
    pool = createTaskPool(Math.min(threads, getThreadCount(options.threads)), {
      storeDir,
      outDir,
      languages: config.themeConfig.code.additionalLanguages,
      compiles,
    });
    return pool;
  };

  async function closePool() {
    await pool?.close();
    pool = undefined;
    localeSetups.clear();
  }

  /**
   * The theme bundle in `output`, and its server module in a file of this process: taken from the
   * cache when made from byte-identical files (see getThemeBundle), else bundled. Copied out of
   * the cache, as another process may replace it meanwhile; a copy that fails because it did is
   * tried once more.
   */
  async function getBundle(config: SiteConfig, pages: Record<string, string>, key: string, output: OutputWriter) {
    if (bundle?.key === key && bundle.client.files.every((file) => output.has(file))) return bundle;
    const bundleInput = { themeDir: config.themeDir, pages, siteDir };
    const serverFile = join(cacheDir, `${getTemporaryName('server.', { unique: false })}-${key}.mjs`);
    const copyOut = async () => {
      const theme = await getThemeBundle(bundleInput, cacheDir, key);
      for (const file of theme.client.files) output.copyFile(join(theme.clientDir, file), file);
      copyFileSync(theme.serverFile, serverFile);
      return theme.client;
    };
    const client = await copyOut().catch((error: unknown) => {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      return copyOut();
    });
    if (bundle && bundle.serverFile !== serverFile) rmSync(bundle.serverFile, { force: true });
    bundle = { key, client, serverFile };
    return bundle;
  }

  /** What a whole run works from (see `run`). */
  interface RunInput {
    config: SiteConfig;
    content: SiteContent;
    taskPool: TaskPool;
    output: OutputWriter;
    previous: OutputState | undefined;
    hooks: RunHooks;
    /** The pages `renderAhead` rendered (their `locale\0path`), if it did. */
    ahead: Set<string> | undefined;
    /** The theme bundle, under way; `themeKey` names its inputs. */
    bundled: Promise<NonNullable<typeof bundle>>;
    themeKey: string;
    /** Pages served before the site was compiled, if any: stopped before the run renders. */
    preview: Preview | undefined;
  }

  /** A whole run, after the pages `renderAhead` rendered. */
  async function runAll(input: RunInput): Promise<RebuildResult> {
    const { config, content: sourceContent, taskPool, output, previous, hooks, ahead, bundled, themeKey, preview } = input;
    const site = await timed('load', () =>
      loadSite({
        siteDir,
        includeDrafts: options.includeDrafts,
        buildId: options.buildId,
        pool: taskPool,
        storeDir,
        compiled,
        content: sourceContent,
        linkCache,
        themeKey,
      }),
    );
    const { content, manifest, buildId } = site;
    const locate = (key: string) => site.getCompiled(key).stored;
    const renderLocales = new Set(options.locales ?? manifest.locales.map((locale) => locale.locale));
    const { client, serverFile } = await bundled;
    const assets = { script: client.script, stylesheet: client.stylesheet, siteBaseUrl: site.config.baseUrl };

    const state: OutputState = { routes: {}, localeFiles: {}, searchIndexes: {} };
    // Locales not built this time stay as the earlier build left them (`--locale` shards).
    for (const [key, entry] of Object.entries(previous?.routes ?? {})) {
      if (renderLocales.has(entry.locale) || !manifest.locales.some((locale) => locale.locale === entry.locale)) continue;
      for (const file of entry.files) output.keep(file);
      state.routes[key] = entry;
    }
    for (const [locale, files] of Object.entries(previous?.localeFiles ?? {})) {
      if (renderLocales.has(locale) || !manifest.locales.some((candidate) => candidate.locale === locale)) continue;
      for (const file of files) output.keep(file);
      state.localeFiles[locale] = files;
    }

    const copyFiles = () => {
      copyStaticFiles(output, content);
      for (const asset of manifest.assets) output.copyFile(asset.absolutePath, asset.outputPath);
    };
    const scopesByLocale = new Map<string, SearchScope[]>();
    let sidebarsWritten = false;
    await timed('sidebars', () => {
      for (const locale of manifest.locales) {
        scopesByLocale.set(locale.locale, addSearchScopes(locale));
        if (!renderLocales.has(locale.locale)) continue;
        const files: string[] = (state.localeFiles[locale.locale] = []);
        // A sidebar's file name is a hash of its content: a file already written is the same.
        const before = new Set(previous?.localeFiles[locale.locale]);
        for (const [fileName, sidebar] of Object.entries(locale.sidebarFiles)) {
          const file = `${DATA_DIR}/sidebars/${fileName}`;
          files.push(file);
          if (!before.has(file) || !output.keep(file)) {
            output.write(file, JSON.stringify(sidebar));
            sidebarsWritten = true;
          }
        }
      }
    });

    // The threads' locale setups become the run's own.
    await preview?.stop();
    const renderedPaths: string[] = [];
    const renderedKeys: string[] = [];
    let pageCount = 0;
    const nextInputs: typeof lastInputs = new Map();
    await timed('render', async () => {
      const tasks: RenderTask[] = [];
      for (const locale of manifest.locales) {
        if (!renderLocales.has(locale.locale)) continue;
        const siteKey = hash(JSON.stringify([locale.site, assets, themeKey]));
        const changed = [];
        for (const route of locale.routes) {
          pageCount++;
          // The sidebar's URL (in route.data) is a hash of its content, so it stands for the sidebar.
          const key = `${locale.locale}\0${route.path}`;
          const before = previous?.routes[key];
          const routeInputs: RouteInputs = [siteKey, route.data, route.slots, route.componentModule];
          // Equal to what the last run saw: the same hash, without serialising it again.
          const last = lastInputs.get(key);
          const inputs =
            before && last?.hash === before.inputs && isSameJson(last.inputs, routeInputs)
              ? before.inputs
              : hash(JSON.stringify(routeInputs));
          nextInputs.set(key, { hash: inputs, inputs: routeInputs });
          if (!renderedAhead.has(key) && before?.inputs === inputs && before.files.every((file) => output.keep(file))) {
            state.routes[key] = before;
            seoFiles.capture({ path: route.path, ...before.summary });
            continue;
          }
          state.routes[key] = { locale: locale.locale, inputs, files: [], summary: { title: '', description: '' } };
          changed.push(route);
        }
        if (changed.length === 0) continue;
        // Sidebar file names are hashes of their content: the names stand for the sidebars.
        const setupKey = JSON.stringify([siteKey, serverFile, Object.keys(locale.sidebarFiles)]);
        if (localeSetups.get(locale.locale) !== setupKey) {
          localeSetups.set(locale.locale, setupKey);
          taskPool.setLocale({
            locale: locale.locale,
            site: locale.site,
            sidebarFiles: locale.sidebarFiles,
            assets,
            themeFile: serverFile,
            themeKey,
          });
        }
        for (const route of changed) tasks.push({ locale: locale.locale, route });
      }
      if (hooks.onRenderStart && !previous) copyFiles();
      const results = hooks.onRenderStart
        ? await renderInDemandOrder({
            pool: taskPool,
            tasks,
            locate,
            keysByPath: getRouteKeys(manifest, renderLocales),
            onStart: hooks.onRenderStart,
          })
        : await taskPool.render(tasks, locate);
      for (const [index, result] of results.entries()) {
        const { locale } = tasks[index]!;
        const { path, files, ...summary } = result;
        state.routes[`${locale}\0${path}`] = { ...state.routes[`${locale}\0${path}`]!, files, summary };
        seoFiles.capture(result);
        renderedPaths.push(result.path);
        renderedKeys.push(`${locale}\0${result.path}`);
      }
    });
    // Pages that no longer exist leave no files behind.
    const kept = new Set(Object.values(state.routes).flatMap((entry) => entry.files));
    for (const [key, entry] of Object.entries(previous?.routes ?? {})) {
      if (!state.routes[key]) for (const file of entry.files) if (!kept.has(file)) output.remove(file);
    }
    // After the pages: a static file wins over a page written at the same path.
    await timed('write', copyFiles);
    // Reloaded already, unless this run wrote more than the pages rendered ahead.
    if (!ahead || sidebarsWritten || renderedKeys.some((key) => !ahead.has(key))) {
      await pagesWritten(hooks, { previewChanged: preview?.changed(output) ?? false });
    }

    // Search indexes are serialised on the pool's threads; only those whose pages changed. A build
    // that does not run again and rendered many pages writes them on fresh threads, as many as
    // SEARCH_PAGES_AT_ONCE allows for its largest index (a thread keeps the memory of the largest
    // index it wrote): the rendering threads' memory is freed first. After a small edit the
    // rendering threads hold little and go on (starting threads takes a few hundred milliseconds).
    const writes: { file: string; pages: SearchPage[] }[] = [];
    for (const locale of manifest.locales) {
      if (!renderLocales.has(locale.locale)) continue;
      for (const scope of scopesByLocale.get(locale.locale)!) {
        const file = getSearchIndexFilePath(buildId, locale.locale, scope.scope);
        state.localeFiles[locale.locale]!.push(file);
        state.searchIndexes[file] = scope.key;
        if (previous?.searchIndexes[file] !== scope.key || !output.keep(file)) writes.push({ file, pages: scope.pages });
      }
    }
    const searchThreads = Math.max(1, Math.floor(SEARCH_PAGES_AT_ONCE / Math.max(1, ...writes.map(({ pages }) => pages.length))));
    const keepThreads = options.watching || (searchThreads > 1 && renderedKeys.length <= FEW_RENDERED_ROUTES);
    if (!keepThreads) await closePool();
    const searched = timed('search', async () => {
      if (writes.length === 0) return;
      const searchPool = keepThreads ? taskPool : getPool(site.config, output.path, { threads: searchThreads, compiles: false });
      const limit = createWeightLimit(SEARCH_PAGES_AT_ONCE);
      await inOrder(writes.map(({ file, pages }) => limit(pages.length, () => searchPool.search(file, pages, locate))));
    });
    // Awaited after the seo files: a failure meanwhile (threads stopped by Ctrl-C) must not go unhandled.
    searched.catch(() => {});
    // The seo files are written on this thread meanwhile, unless an index is so large that it is
    // written alone (it sets the build's peak memory): then on this thread (less memory than a
    // thread of its own), before them.
    if (!options.watching && searchThreads === 1) {
      await searched;
      await closePool();
    }
    // --- seo: sitemap.xml, robots.txt, blog feeds, llms.txt, markdown twins (after rendering) ---
    try {
      // Once the search tasks are on their threads.
      await setImmediate();
      await timed('seo', async () => {
        const rendered = new Set(renderedKeys);
        const keptRoutes = Object.entries(state.routes).filter(([key]) => !rendered.has(key));
        const keptFiles = new Set(keptRoutes.flatMap(([, entry]) => entry.files));
        const written = await seoFiles.write({
          manifest,
          content,
          output,
          renderedPaths,
          keptFiles,
          getMarkdownPath,
          getFeedPaths,
          locales: renderLocales,
        });
        for (const [locale, files] of Object.entries(written.localeFiles)) {
          state.localeFiles[locale] = [...(state.localeFiles[locale] ?? []), ...files];
        }
        // A twin is kept and removed with its route's files.
        for (const locale of manifest.locales) {
          if (!renderLocales.has(locale.locale)) continue;
          for (const route of locale.routes) {
            const twin = written.twins.get(route.path);
            const key = `${locale.locale}\0${route.path}`;
            const entry = state.routes[key];
            if (twin !== undefined && entry && !entry.files.includes(twin)) state.routes[key] = { ...entry, files: [...entry.files, twin] };
          }
        }
      });
    } finally {
      await searched;
    }
    // --- end seo ---
    // The threads' work is done: a build that does not run again frees their memory.
    if (!options.watching) await closePool();
    lastInputs = nextInputs;
    if (options.watching) lastRun = { manifest, sources: getSourceRecords(content, getCompileSalt(site.config)) };
    return { pageCount, renderedPaths, diagnostics: [...site.diagnostics, ...getBrokenLinks(manifest)], manifest, state };
  }

  /**
   * Renders the pages of markdown files whose text alone changed since the last run (same front
   * matter; same title, headings, anchors, links, description and reading time once compiled),
   * from the last run's manifest: nothing else they show can have changed. Returns their
   * `locale\0path`, or undefined when the changes are of any other kind. The full run follows and
   * renders whatever else changed, and these pages again.
   */
  async function renderAhead(config: SiteConfig, content: SiteContent, taskPool: TaskPool): Promise<Set<string> | undefined> {
    if (!lastRun || changedSince === 'all' || changedSince.length === 0) return undefined;
    if (changedSince.some((change) => change.kind !== 'change' || !change.path.endsWith('.md'))) return undefined;
    const sources = new Map(getMarkdownSources(content).map((source) => [source.file.absolutePath, source]));
    const salt = getCompileSalt(config);
    const newKeys = new Map<string, string>();
    const sourceOfKey = new Map<string, SourceMarkdown<unknown>>();
    const tasks: CompileTask[] = [];
    for (const path of new Set(changedSince.map((change) => change.path))) {
      const before = lastRun.sources.get(path);
      const source = sources.get(path);
      if (!before || !source || before.salt !== salt || before.bodyLine !== source.bodyLine) return undefined;
      if (before.frontMatter !== JSON.stringify(source.frontMatter)) return undefined;
      const key = getSourceKey(salt, source);
      if (key === before.key) continue;
      newKeys.set(before.key, key);
      sourceOfKey.set(key, source);
      if (!compiled.has(key)) tasks.push({ key, body: source.body, sourcePath: source.file.sitePath, bodyLine: source.bodyLine });
    }
    if (newKeys.size === 0) return undefined;
    for (const result of await taskPool.compile(tasks)) compiled.set(result.key, result);
    for (const [oldKey, newKey] of newKeys) {
      const ownDescription = (sourceOfKey.get(newKey)!.frontMatter as { description?: string }).description !== undefined;
      if (getPublicShape(compiled.get(oldKey), ownDescription) !== getPublicShape(compiled.get(newKey), ownDescription)) return undefined;
    }
    const renderLocales = options.locales ?? lastRun.manifest.locales.map((locale) => locale.locale);
    const renderTasks: RenderTask[] = [];
    for (const locale of lastRun.manifest.locales) {
      if (!renderLocales.includes(locale.locale)) continue;
      const routes = locale.routes.filter((route) => Object.values(route.slots).some((slot) => newKeys.has(slot.key)));
      if (routes.length === 0) continue;
      // The threads render with the locale's setup of the last run: it must still be there.
      if (!localeSetups.has(locale.locale)) return undefined;
      const rekeyed = routes.map((route) => ({
        ...route,
        slots: Object.fromEntries(
          Object.entries(route.slots).map(([name, slot]) => [name, { ...slot, key: newKeys.get(slot.key) ?? slot.key }]),
        ),
      }));
      for (const route of rekeyed) renderTasks.push({ locale: locale.locale, route });
    }
    const results = await taskPool.render(renderTasks, (key) => compiled.get(key)!.stored);
    return new Set(results.map((result, index) => `${renderTasks[index]!.locale}\0${result.path}`));
  }

  /** Whether a run previews pages (see `previewFrom`): the dev server's first, with much to compile and threads to spare. */
  function startsPreview(config: SiteConfig, content: SiteContent, taskPool: TaskPool, hooks: RunHooks): boolean {
    if (!options.watching || options.previewFrom === undefined || lastRun || !hooks.onRenderStart || taskPool.threads < 2) return false;
    const salt = getCompileSalt(config);
    return getMarkdownSources(content).filter((source) => !compiled.has(getSourceKey(salt, source))).length >= options.previewFrom;
  }

  return {
    /**
     * Builds into `output`. `previous` is what the output already holds (the same output for the
     * dev server, the last build's folder for `docgen build`): routes whose inputs did not change
     * are kept from it (`output.keep`) instead of being rendered again.
     */
    async run(output: OutputWriter, previous?: OutputState, hooks: RunHooks = {}): Promise<RebuildResult> {
      const config = readConfig(siteDir);
      // Threads load the markdown pipeline as they start only when there is surely much to
      // compile (an empty store); otherwise with the first compile task, if one comes.
      const taskPool = getPool(config, output.path, { compiles: compiled.size === 0 });
      // The theme is bundled (by esbuild's own threads) while the content is read and compiled.
      const componentPages = findComponentPages(siteDir, contentCache);
      const themeKey = getThemeKey(config.themeDir, componentPages);
      const bundled = timed('bundle', () => getBundle(config, componentPages, themeKey, output));
      // Awaited once the content is loaded; a failed load must not leave it unhandled.
      bundled.catch(() => {});
      let content: SiteContent;
      try {
        content = readSiteContent(siteDir, config, contentCache);
      } catch (error) {
        // The bundle is copied into the output: a failed run waits for it, or it would write into
        // a staging folder after the build discarded it.
        await bundled.catch(() => {});
        throw error;
      }
      const ahead = await timed('ahead', () => renderAhead(config, content, taskPool));
      if (ahead) await pagesWritten(hooks, { previewChanged: false });
      const preview = startsPreview(config, content, taskPool, hooks)
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
              pool: taskPool,
              output,
              bundled,
              onLocaleSetup: (locale) => localeSetups.delete(locale),
            },
            hooks.onRenderStart!,
          )
        : undefined;
      try {
        const result = await runAll({ config, content, taskPool, output, previous, hooks, ahead, bundled, themeKey, preview });
        changedSince = [];
        renderedAhead.clear();
        return result;
      } catch (error) {
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

    /** Records the compiled content of the last run as the store's index (and drops what it no longer needs). */
    saveCache(): void {
      writeCompileIndex(storeDir, compiled);
    },

    async close(): Promise<void> {
      await closePool();
      if (bundle) rmSync(bundle.serverFile, { force: true });
      bundle = undefined;
    },
  };
}

/** Routes rendered by a build, at most, after which its threads also write the search indexes. */
const FEW_RENDERED_ROUTES = 256;

/**
 * Pages whose search indexes are written at the same time, at most: the index of a scope of
 * thousands of pages takes a hundred megabytes or more to write, and two at once would double
 * the build's peak memory. Smaller scopes are written side by side.
 */
const SEARCH_PAGES_AT_ONCE = 6000;

/**
 * Runs tasks side by side while their weights add up to at most `limit` (a heavier task runs
 * alone), in the order they are given.
 */
function createWeightLimit(limit: number) {
  let running = 0;
  let queue: Promise<void> = Promise.resolve();
  const waiting: (() => void)[] = [];
  const released = () => new Promise<void>((resolve) => waiting.push(resolve));
  return <T>(weight: number, task: () => Promise<T>): Promise<T> => {
    const start = queue.then(async () => {
      while (running > 0 && running + weight > limit) await released();
      running += weight;
    });
    queue = start;
    return start.then(task).finally(() => {
      running -= weight;
      for (const resolve of waiting.splice(0)) resolve();
    });
  };
}

/** The key (`locale\0path`) of every route of the locales rendered, by path. */
function getRouteKeys(manifest: SiteManifest, locales: ReadonlySet<string>): Map<string, string> {
  const keys = new Map<string, string>();
  for (const locale of manifest.locales) {
    if (locales.has(locale.locale)) for (const route of locale.routes) keys.set(route.path, `${locale.locale}\0${route.path}`);
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

/** What a watching builder remembers of a source file: its compile key and front matter. */
interface SourceRecord {
  key: string;
  salt: string;
  bodyLine: number;
  frontMatter: string;
}

function getSourceRecords(content: SiteContent, salt: string): Map<string, SourceRecord> {
  const records = new Map<string, SourceRecord>();
  for (const source of getMarkdownSources(content)) {
    const key = getSourceKey(salt, source);
    records.set(source.file.absolutePath, { key, salt, bodyLine: source.bodyLine, frontMatter: JSON.stringify(source.frontMatter) });
  }
  return records;
}

/**
 * What the site model takes from compiled content: equal shapes give equal manifests. The
 * description is not taken when the front matter has one (`ownDescription`).
 */
function getPublicShape(compiled: CompiledMarkdown | undefined, ownDescription: boolean): string {
  if (!compiled) return '';
  const { contentTitle, contentTitleId, hasExcerpt, headings, anchorIds, urls, description, readingTimeMinutes } = compiled;
  return JSON.stringify([
    contentTitle,
    contentTitleId,
    hasExcerpt,
    headings,
    anchorIds,
    urls,
    ownDescription ? '' : description,
    readingTimeMinutes,
    // A body that failed to compile is never rendered ahead: the run fails with its error.
    compiled.diagnostics.some((diagnostic) => diagnostic.severity === 'error'),
  ]);
}

/** What a page shows: the locale's site data, the route's data and content, its page component. */
type RouteInputs = [siteKey: string, data: unknown, slots: unknown, componentModule: string | undefined];

/** Whether two JSON-like values would serialise the same (undefined members count as present). */
function isSameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let index = 0; index < a.length; index++) if (!isSameJson(a[index], b[index])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const aKeys = Object.keys(a);
  if (aKeys.length !== Object.keys(b).length) return false;
  for (const key of aKeys) {
    if (!Object.hasOwn(b, key) || !isSameJson((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key])) return false;
  }
  return true;
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
  try {
    const cache = await lockSiteCache(siteDir, options.onWait);
    try {
      const result = await buildLocked(siteDir, outDir, options);
      return { ...result, diagnostics: [...getDebrisWarnings(cache.debris), ...result.diagnostics] };
    } finally {
      cache.lock.release();
    }
  } finally {
    outputLock.release();
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
async function buildLocked(siteDir: string, outDir: string, options: BuildOptions): Promise<BuildResult> {
  const useCache = options.cache !== false;
  const cacheDir = getCacheDir(siteDir);
  // Read once: what a cached build starts from, and (whatever it was written by) the record to
  // delete before this build replaces the folder it describes.
  const recorded = readBuildRecord(cacheDir);
  const record = useCache && recorded && describesOutput(recorded, outDir) ? recorded : undefined;
  const fingerprint = useCache ? getInputFingerprint(siteDir, outDir, options) : '';
  if (record && record.fingerprint === fingerprint) {
    return { outDir, pageCount: record.pageCount, renderedCount: 0, diagnostics: record.diagnostics };
  }
  // Without the cache, compiled content and the bundle go to a temporary folder, deleted afterwards.
  const temporaryCache = useCache ? undefined : mkdtempSync(join(tmpdir(), `${getTemporaryName('cache.', { unique: false })}-`));
  const builder = createSiteBuilder({
    siteDir,
    locales: options.locales,
    includeDrafts: options.includeDrafts,
    threads: options.threads,
    cacheDir: temporaryCache,
    onStage: options.onStage,
  });
  const staging = createStagingDir(outDir);
  try {
    const result = await builder.run(staging, record?.state);
    // The record describes the output: from here until the new one is written, none does (a build
    // stopped halfway through the commit leaves an output that the next build makes again).
    if (recorded?.outDir === outDir) forgetBuildRecord(cacheDir);
    staging.commit();
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
    throw error;
  } finally {
    await builder.close();
    if (temporaryCache) rmSync(temporaryCache, { recursive: true, force: true });
  }
}
