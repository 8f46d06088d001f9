/**
 * The builder: `docgen build` runs it once, the dev server after every save. A run reads the
 * site's content while the theme is bundled, renders ahead the pages a save changed (the dev
 * server), then runs the steps of runAll.
 */
import type { Stats } from 'node:fs';
import type { SiteConfig, SiteContent, SourceMarkdown } from '@docgen/types';
import { writeCompileIndex, type CompileTask } from '../compile/mainThread.js';
import { readConfig } from '../config/index.js';
import {
  findComponentPages,
  FRONT_MATTER_MEMO_FILE,
  readDocSource,
  readGitHistories,
  readGitLastUpdates,
  readSiteContent,
  showsLastUpdates,
  type FileChange,
} from '../content/index.js';
import { readsAsMdx } from '../files/index.js';
import type { OutputWriter } from '../output/index.js';
import type { TaskPool } from '../workers/pool.js';
import { createBuilderState, type BuilderOptions, type BuilderState, type RebuildResult, type RunHooks } from './builderState.js';
import type { OutputState } from './buildPlan.js';
import { getMarkdownSources, readCompileSalt } from './compileKeys.js';
import { loadHtmlSanitizer } from './loadSite.js';
import { preReadDocs } from './preReadDocs.js';
import { canRenderAheadOfReading, renderAhead } from './renderAhead.js';
import { startPreview } from './renderPreview.js';
import { pagesWritten, runAll } from './runAll.js';
import { getBuildId, readThemeKey } from './themeKey.js';

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
  /**
   * Stats of the site's files taken just before this run, by absolute path (`docgen build`'s input
   * fingerprint): a markdown file's stamp is taken from them (see readMarkdownSource). A file
   * changed since is read as it was then, and stops the build if its text is asked for.
   */
  fileStats?: ReadonlyMap<string, Stats>;
}

/**
 * A builder that can run again after changes. Compiled markdown lives in the compile store (by
 * content hash), the theme bundle is kept until a theme or page-component file changes, and a
 * hash of every route's inputs decides which pages are rendered again (see planBuild): a page is
 * rendered when anything it shows changed (its content, its sidebar, a linked page's title, the
 * theme, the config).
 */
export function createSiteBuilder(options: BuilderOptions) {
  const builder = createBuilderState(options);
  const { siteDir, cacheDir, storeDir, watching, threads, bundles, compiled, sourceKeys, contentCache, linkCache, timed } = builder;

  return {
    /** Builds into `output` (see RunInput). */
    async run(input: RunInput): Promise<RebuildResult> {
      const { output, previous, hooks = {} } = input;
      const config = input.config ?? readConfig(siteDir);
      // Threads load the markdown pipeline as they start when there is surely much to compile (an
      // empty store), or when a `docgen build` runs (it does only when something changed, most
      // often a page: the page's compile then waits for nothing). A dev server's later runs (a
      // warm start renders its first page with nothing to compile) load it with the first compile
      // task, if one comes, or once a run is done (prepareCompile below).
      const pool = threads.start(config, output, { compiles: compiled.size === 0 || !watching });
      // The theme is bundled (by esbuild's own threads) while the content is read and compiled.
      const componentPages = findComponentPages(siteDir, contentCache);
      const themeKey = readThemeKey(config, siteDir, componentPages);
      let bundleStarted = false;
      let startBundle!: () => void;
      const bundled = new Promise<void>((resolve) => {
        startBundle = () => {
          bundleStarted = true;
          resolve();
        };
      }).then(() => timed('bundle', () => bundles.copy({ config, pages: componentPages, key: themeKey, output })));
      // When the threads read the docs (a dev server's first run of a large site: see
      // preReadDocs), the bundle waits for their reading, which the first page waits for, and is
      // made beside the site model, which takes one core: esbuild's threads slowed the reading.
      if (builder.lastRun) startBundle();
      // The threads load the theme's server code while the content is read and the site model
      // made: the first page rendered (the dev server's first page) does not wait for it. The
      // bundle is awaited once the content is loaded; this handler also keeps a failed one from
      // going unhandled meanwhile.
      bundled.then(
        ({ serverFile }) => pool.loadTheme(serverFile, themeKey),
        () => {},
      );
      const renderAheadOf = (sourceOf: (absolutePath: string) => SourceMarkdown<unknown> | undefined) =>
        timed('ahead', () =>
          renderAhead({
            lastRun: builder.lastRun,
            changes: builder.changedSince,
            config,
            sourceOf,
            pool,
            compiled,
            sourceKeys,
            locales: options.locales,
            hasLocaleSetup: (locale) => threads.hasLocale(locale),
          }),
        );
      // A save of docs alone: their pages are rendered before the content is read, from the files saved.
      const early = canRenderAheadOfReading(builder.lastRun, builder.changedSince, (path) => readsAsMdx(path, config.markdown.format));
      let ahead: Set<string> | undefined;
      let content: SiteContent;
      try {
        if (early) {
          const reader = { siteDir, config, cache: contentCache, memo: builder.frontMatterMemo };
          ahead = await renderAheadOf((path) => readDocSource(reader, path));
          if (ahead) await pagesWritten(hooks, { previewChanged: false });
        }
        // Docs read by the threads while git is read (a dev server's first run of a large site;
        // a later run lists nothing for them to read).
        const preReading = builder.lastRun
          ? Promise.resolve(undefined)
          : preReadDocs({
              siteDir,
              config,
              cache: contentCache,
              memo: builder.frontMatterMemo,
              pool,
              watching,
              timed: (run) => timed('pre-read', run),
              onRead: startBundle,
            });
        // Settled below; this keeps a failure from going unhandled while git is read.
        preReading.then(startBundle, startBundle);
        // One git log pass for the whole site, kept in the cache by commit (its own stage: pnpm bench times it).
        const git = showsLastUpdates(config) ? await timed('git', () => readGitLastUpdates(siteDir, cacheDir)) : undefined;
        // Translation statuses: one more pass, only when the config asks for them.
        const histories = config.i18n.status ? await timed('history', () => readGitHistories(siteDir, cacheDir)) : undefined;
        const preRead = await preReading;
        content = await timed('read', () =>
          readSiteContent(siteDir, config, contentCache, builder.frontMatterMemo, { git, histories, fileStats: input.fileStats, preRead }),
        );
        // The MDX pages' runtime (esbuild, as the theme): their compile keys hold it.
        await sourceKeys.prepareMdx({ siteDir, config, content, storeDir });
        // Before the first task starts the other threads: a small site is built on fewer. A dev
        // server keeps them all, for the page asked for while the others are built.
        if (!watching) threads.fitToPages(countPages(content));
      } catch (error) {
        // Pages rendered ahead (a save of docs), then the reading failed: the next run renders them again.
        for (const key of ahead ?? []) builder.renderedAhead.add(key);
        // The bundle is copied into the output: a failed run waits for it, or it would write into
        // a staging folder after the build discarded it.
        if (bundleStarted) await bundled.catch(() => {});
        throw error;
      }
      if (!early) {
        const sources = new Map(getMarkdownSources(content).map((source) => [source.file.absolutePath, source]));
        ahead = await renderAheadOf((path) => sources.get(path));
        if (ahead) await pagesWritten(hooks, { previewChanged: false });
      }
      const preview = startsPreview(builder, { config, content, pool, hooks })
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
              wantedPaths: hooks.wantedPaths,
            },
            hooks.onRenderStart!,
          )
        : undefined;
      try {
        const result = await runAll(builder, { config, content, pool, output, previous, hooks, ahead, bundled, themeKey, preview });
        // The next save compiles a page: the threads of a run that rendered nothing (a warm start)
        // load the markdown pipeline now, and run it on some of the site's pages, not when that
        // page is waited for.
        if (watching) pool.prepareCompile(result.renderedPaths.length === 0 ? getWarmUpSamples(builder, config, content) : []);
        builder.changedSince = [];
        builder.renderedAhead.clear();
        return result;
      } catch (error) {
        builder.hasher.discard();
        // Written, but not recorded in any state: the next run renders them again.
        for (const key of ahead ?? []) builder.renderedAhead.add(key);
        await preview?.stop();
        await bundled.catch(() => {});
        throw error;
      }
    },

    /** Tells the builder which files changed since the last run (the file watcher's events); `all` when unknown. */
    forget(reported: FileChange[] | 'all'): void {
      // A file read through a symbolic link changed where the watcher saw it and where it was read.
      const changes = reported === 'all' ? reported : contentCache.withLinkedPaths(reported);
      const { changedSince } = builder;
      builder.changedSince = changes === 'all' || changedSince === 'all' ? 'all' : [...changedSince, ...changes];
      if (changes === 'all') contentCache.clear();
      else contentCache.forget(changes);
      // An added or removed file may be what a link points at.
      if (changes === 'all' || changes.some((change) => change.kind !== 'change')) linkCache.clear();
    },

    /** Whether a search index a run asked for is not written yet (a builder that runs again writes them after its runs return). */
    isSearchUnfinished(file: string): boolean {
      return builder.searchQueue.isUnfinished(file);
    },

    /**
     * Files and folders read by the runs so far that changed on disk since `since` (see
     * ContentCache.findChangedSince), and the site's files of the theme bundle changed since it was made.
     */
    findChangedSince(since: number): FileChange[] {
      return [...contentCache.findChangedSince(since), ...bundles.findChanged()];
    },

    /** Records the compiled content of the last run as the store's index (and drops what it no longer needs). */
    saveCache(): void {
      builder.indexOnDisk = writeCompileIndex(storeDir, compiled, { onDisk: builder.indexOnDisk, otherFiles: [FRONT_MATTER_MEMO_FILE] });
      builder.frontMatterMemo.write(storeDir);
    },

    async close(): Promise<void> {
      await threads.close();
      bundles.close();
    },
  };
}

/**
 * Whether a run previews pages (see `previewFrom`): the dev server's first, with much to compile
 * and threads to spare (also when it starts from the output the last dev server kept: a config
 * change while it was stopped can leave every page to compile; the run renders the preview's pages
 * again, see Preview.rendered).
 */
function startsPreview(
  builder: BuilderState,
  input: { config: SiteConfig; content: SiteContent; pool: TaskPool; hooks: RunHooks },
): boolean {
  const { options, watching, lastRun, compiled, sourceKeys } = builder;
  const { config, content, pool, hooks } = input;
  if (!watching || options.previewFrom === undefined || lastRun || !hooks.onRenderStart || pool.threads < 2) return false;
  const salt = readCompileSalt(config);
  return getMarkdownSources(content).filter((source) => !compiled.has(sourceKeys.keyOf(salt, source))).length >= options.previewFrom;
}

/** How many of the site's pages the threads of a dev server's warm start run the pipeline on (see TaskRunner.prepareCompile). */
const WARM_UP_SAMPLES = 3;

/** Markdown docs of the site (not MDX, which needs the MDX runtime), spread over its docs, as compile tasks. */
function getWarmUpSamples(builder: BuilderState, config: SiteConfig, content: SiteContent): CompileTask[] {
  const { sourceKeys } = builder;
  const salt = readCompileSalt(config);
  const docs = content.versions.flatMap((version) => version.docs).filter((doc) => !doc.mdx);
  const count = Math.min(WARM_UP_SAMPLES, docs.length);
  return Array.from({ length: count }, (_, place) => {
    const doc = docs[Math.floor(((place + 1) * docs.length) / (count + 1))]!;
    return sourceKeys.taskOf(sourceKeys.keyOf(salt, doc), doc);
  });
}

/** The pages a build of `content` renders, about: docs of every locale, blog posts and pages. */
function countPages(content: SiteContent): number {
  return content.versions.reduce((sum, version) => sum + version.docs.length, content.blogPosts.length + content.pages.length);
}
