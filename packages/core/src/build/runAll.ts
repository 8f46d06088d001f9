/**
 * A whole run of the builder, once its content is read: the steps of the build in order, each in
 * a file of its own (load, islands, plan, render, files, search, seo, links).
 */
import { setImmediate } from 'node:timers/promises';
import type { Diagnostic, SiteConfig, SiteContent } from '@docgen/types';
import { getBrokenLinks } from '../links/index.js';
import type { OutputWriter } from '../output/index.js';
import { removeOtherSearchStates } from '../search/index.js';
import type { TaskPool } from '../workers/pool.js';
import { toShellAssets, type RunBundle } from './builderResources.js';
import type { BuilderState, PagesWritten, RebuildResult, RunHooks } from './builderState.js';
import { getRemovedFiles, type OutputState } from './buildPlan.js';
import { readCompileSalt } from './compileKeys.js';
import { createSnapshotPack, toEditSnapshot } from './editSnapshot.js';
import { loadSite } from './loadSite.js';
import { planRoutes } from './planRoutes.js';
import { toSourceRecords } from './renderAhead.js';
import type { Preview } from './renderPreview.js';
import { copySiteFiles, renderRoutes } from './renderRoutes.js';
import { writeIslands } from './writeIslands.js';
import { FEW_RENDERED_ROUTES } from './searchThreads.js';
import { createSearchWriter, toSearchWrites } from './writeSearch.js';
import { writeSeoFiles } from './writeSeo.js';

/** What a whole run works from, once its content is read (see `run` of createSiteBuilder). */
export interface LoadedRun {
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

/** A whole run, once its content is read and the pages `renderAhead` rendered are written. */
export async function runAll(builder: BuilderState, input: LoadedRun): Promise<RebuildResult> {
  const { options, siteDir, cacheDir, storeDir, watching, threads, bundles, hasher, timed } = builder;
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
      compiled: builder.compiled,
      content: input.content,
      linkCache: builder.linkCache,
      sourceKeys: builder.sourceKeys,
      themeKey,
      onProgress: options.onProgress,
    }),
  );
  const { content, manifest } = site;
  const locate = (key: string) => site.getCompiled(key).stored;
  const renderLocales = new Set(options.locales ?? manifest.locales.map((locale) => locale.locale));
  const bundle = await bundled;
  await bundles.copyExtras({ config: site.config, output, uses: site.uses });
  const assets = toShellAssets(bundle, site.config);
  const islands = await timed('islands', () => writeIslands({ siteDir, site, cacheDir, output }));

  // Starting from a previous output, the run renders again the pages the preview wrote: it stops
  // before they are counted. (Else it previews while this run plans, until its pages are under way.)
  if (previous) await preview?.stop();
  // A build records the JSON of each route's inputs for the next build's text edits (see editSnapshot.ts).
  const pack = watching ? undefined : createSnapshotPack(cacheDir);
  const routeTexts: Record<string, [number, number]> = {};
  const planned = await timed('sidebars', () =>
    planRoutes({
      manifest,
      buildId: site.buildId,
      renderLocales,
      previous,
      hasher,
      siteInputs: { assets, themeKey, islandsKey: islands?.key },
      searchInput: islands?.key,
      // The dev server's first run renders every page, in the order readers ask for them: the hashes
      // of route inputs decide nothing then, and are made once the pages are under way.
      deferRouteHashes: hooks.onRenderStart !== undefined && !previous,
      // Written from a model of their own: a run that keeps the pages of `previous` renders them again.
      rerender: preview ? new Set([...builder.renderedAhead, ...preview.rendered]) : builder.renderedAhead,
      output,
      onRouteText: pack && ((key, text) => (routeTexts[key] = pack.add(text))),
    }),
  );
  const { plan } = planned;
  const copyFiles = () => copySiteFiles({ output, content, manifest });
  const writeSearch = (renderedRoutes: number) => {
    // Search indexes are serialised on threads; only those whose pages changed (see planSearchThreads).
    const writes = toSearchWrites({ plan, scopes: planned.scopes, output, isUnfinished: builder.searchQueue.isUnfinished });
    const search = createSearchWriter(builder, {
      writes,
      config: site.config,
      pool,
      output,
      locate,
      renderedRoutes,
      islandsFile: islands?.setup.serverFile,
    });
    return { writes, search };
  };
  // A small edit's indexes (updated beside the pages, see planSearchThreads) start on one thread
  // now, while the other renders the pages: an index is the longest part of such a build. (A
  // route whose files are gone from the output is rendered too: a few more at most.)
  const toRender = plan.locales.reduce((sum, locale) => sum + locale.routes.filter((route) => !route.kept).length, 0);
  const early = !watching && pool.threads > 1 && toRender <= FEW_RENDERED_ROUTES ? writeSearch(toRender) : undefined;
  const searchedEarly = early?.search.sizing.reuseRenderThreads && !early.search.sizing.alone ? early.search.write(early.writes) : undefined;
  searchedEarly?.catch(() => {});

  // The threads' locale setups become the run's own.
  await preview?.stop();
  const renderPages = async () => {
    const rendered = await timed('render', () => {
      // The dev server's first run serves static files while it renders (its output, if it starts
      // from the last dev server's, may hold older ones).
      if (hooks.onRenderStart && !builder.lastRun) copyFiles();
      return renderRoutes({
        manifest,
        plan,
        output,
        pool,
        locate,
        seoFiles: builder.seoFiles,
        setLocale: (locale) =>
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
          ),
        setUpKeptLocales: watching,
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
    return rendered;
  };
  let rendered: Awaited<ReturnType<typeof renderPages>>;
  try {
    rendered = await renderPages();
  } catch (error) {
    // An index under way writes into the output: it ends before the run fails (a build then discards the output).
    await searchedEarly?.catch(() => {});
    throw error;
  }

  const { writes, search } = searchedEarly ? early! : writeSearch(rendered.keys.length);
  if (!search.sizing.reuseRenderThreads) await threads.close();
  // A builder that runs again returns before its indexes are written: the next save's pages do not wait for them.
  const searched = searchedEarly ?? (watching ? builder.searchQueue.add(writes, search.write) : search.write(writes));
  // Awaited after the seo files: a failure meanwhile (threads stopped by Ctrl-C) must not go unhandled.
  searched.catch(() => {});
  // The seo files are written on this thread meanwhile, unless an index is so large that it is
  // written alone (it sets the build's peak memory): then on this thread (less memory than a
  // thread of its own), before them.
  if (search.sizing.alone) {
    await searched;
    await threads.close();
  }
  let brokenLinks: Diagnostic[] = [];
  try {
    // Once the search tasks are on their threads.
    await setImmediate();
    options.onProgress?.({ stage: 'seo', done: 0, total: 1 });
    await timed('seo', () =>
      writeSeoFiles({ seoFiles: builder.seoFiles, manifest, content, output, state: plan.state, previous, rendered, renderLocales }),
    );
    // While the indexes are written, if they still are.
    brokenLinks = getBrokenLinks(manifest);
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
  // What the next build needs to render a doc whose text alone changed (see textEdit.ts).
  const salt = readCompileSalt(site.config);
  const textEdit =
    pack &&
    toEditSnapshot({
        manifest,
        content,
        keyOf: (doc) => builder.sourceKeys.keyOf(salt, doc),
        mdxSetup: builder.sourceKeys.mdxSetup(),
        compiledOf: (key) => builder.compiled.get(key),
        salt,
        themeKey,
        buildId: site.buildId,
        islands,
        routes: routeTexts,
        pack,
        scopes: plan.locales.flatMap((locale) =>
          locale.searchIndexes.map(({ file }, index) => ({ file, pages: planned.scopes.get(locale.locale)![index]!.pages })),
        ),
        renderLocales,
      });
  hasher.commit();
  if (watching) {
    builder.lastRun = {
      manifest,
      sources: toSourceRecords({ content, salt, sourceKeys: builder.sourceKeys }),
    };
  }
  return {
    pageCount: rendered.pageCount,
    renderedPaths: rendered.paths,
    diagnostics: [...site.diagnostics, ...brokenLinks],
    manifest,
    state: plan.state,
    searched: watching && writes.length > 0 ? searched : undefined,
    textEdit,
  };
}

/**
 * Calls `onPagesWritten` and waits for it, then lets the event loop run once: what the hook sent
 * (the dev server's reload message) leaves now, not when the rest of the run next waits for something.
 */
export async function pagesWritten(hooks: RunHooks, written: PagesWritten): Promise<void> {
  if (!hooks.onPagesWritten) return;
  await hooks.onPagesWritten(written);
  await setImmediate();
}
