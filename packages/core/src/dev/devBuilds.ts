/**
 * The choreography of `serve --watch`: the first build, the watcher started once the first page is
 * answered, a rebuild after every save, and the live channel told when pages are written (open
 * pages reload), when a build fails and when it succeeds.
 */
import { rmSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { join, relative } from 'node:path';
import type { Diagnostic, SiteConfig } from '@docgen/types';
import { createSiteBuilder, type OutputState, type RenderControl } from '../build/index.js';
import { CONFIG_FILE_NAME } from '../config/index.js';
import type { FileChange } from '../content/index.js';
import { isDocgenError } from '../diagnostics/index.js';
import { createOutputDir } from '../output/index.js';
import { getTemporaryName, tryAcquireLock } from '../processes/index.js';
import { ThreadsStoppedError } from '../workers/pool.js';
import type { LiveChannel } from './liveReload.js';
import { toLinkProblemsReport, toOverlayReport } from './overlay.js';
import { createSiteWatch } from './watchSite.js';

/** What the dev server reports (DevServerOptions.onEvent). */
export type DevServerEvent =
  | { type: 'built'; pages: number; rendered: number; milliseconds: number; changed: string[]; warnings: Diagnostic[] }
  | { type: 'failed'; diagnostics: Diagnostic[]; message: string }
  /** A build's search indexes are written, `milliseconds` after its pages were (see RebuildResult.searched). */
  | { type: 'searched'; milliseconds: number }
  | { type: 'port-changed'; requested: number; port: number };

/** The build id of the dev server's output: fixed, as its pages are rendered again and again. */
export const DEV_BUILD_ID = 'dev';

/**
 * Bodies to compile from which the first build previews the pages asked for before the site is
 * compiled (see renderPreview.ts): about half a second of compiling on two threads.
 */
const PREVIEW_FROM = 200;

/**
 * How long after the first pages are under way the file watcher starts when no page was asked for
 * meanwhile: a reader opening the site then is not held up by its first scan.
 */
const WATCH_DELAY_MS = 1000;

/**
 * The compile store of the dev server: kept in the site's cache between runs, so that a second
 * `serve --watch` starts from what the first compiled. `docgen build` prunes its own store to
 * what it needs, so the dev server has one of its own; a second dev server on the same site at
 * the same time (the store's lock is held by a running process) gets a store for its run alone.
 */
function claimDevStore(cacheDir: string): { dir: string; release(): void } {
  const shared = join(cacheDir, 'serve-compiled');
  const attempt = tryAcquireLock(`${shared}.lock`);
  if ('lock' in attempt) return { dir: shared, release: () => attempt.lock.release() };
  const dir = join(cacheDir, getTemporaryName('serve-compiled.', { unique: false }));
  return { dir, release: () => rmSync(dir, { recursive: true, force: true }) };
}

export interface DevBuildsInput {
  siteDir: string;
  config: SiteConfig;
  cacheDir: string;
  locales?: string[];
  editorUrl?: string;
  live: LiveChannel;
  onEvent?: (event: DevServerEvent) => void;
}

/** The dev server's builds, into a folder of the site's cache (`outDir`); `start` runs the first. */
export function createDevBuilds(input: DevBuildsInput) {
  const { siteDir, config, cacheDir, live, onEvent } = input;
  const outDir = join(cacheDir, getTemporaryName('serve.', { unique: false }));
  rmSync(outDir, { recursive: true, force: true });
  const output = createOutputDir(outDir);
  const store = claimDevStore(cacheDir);
  const builder = createSiteBuilder({
    siteDir,
    locales: input.locales,
    includeDrafts: true,
    buildId: DEV_BUILD_ID,
    storeDir: store.dir,
    watching: true,
    previewFrom: PREVIEW_FROM,
  });
  let state: OutputState | undefined;
  let built = false;
  let closing = false;
  // While a run renders: finds routes and renders one asked for next (see RenderControl).
  let control: RenderControl | undefined;
  let renderStarted!: () => void;
  const firstRenderStart = new Promise<void>((resolve) => (renderStarted = resolve));
  // Saves during a run are rebuilt after it.
  let running: Promise<void> | undefined;

  const fail = (error: unknown) => {
    if (closing) return;
    const diagnostics: Diagnostic[] = isDocgenError(error)
      ? error.diagnostics
      : [{ severity: 'error', code: 'internal', message: (error as Error)?.stack ?? String(error) }];
    const report = toOverlayReport(diagnostics, siteDir, input.editorUrl);
    onEvent?.({ type: 'failed', diagnostics, message: report.message });
    live.fail(report);
  };

  const rebuild = async (changes: FileChange[]) => {
    const start = performance.now();
    const changed = [...new Set(changes.map((change) => relative(siteDir, change.path)))];
    builder.forget(changes);
    try {
      // Open pages reload as soon as the pages are written; search indexes and seo files follow.
      const result = await builder.run({
        output,
        previous: state,
        // The first build (the only one without changes) uses the config read at start.
        config: changes.length === 0 ? config : undefined,
        hooks: {
          onPagesWritten: ({ previewChanged }) => live.pagesWritten(changed.length > 0 || previewChanged),
          onRenderStart: (started) => {
            control = started;
            renderStarted();
          },
        },
      });
      state = result.state;
      if (!built) builder.saveCache();
      built = true;
      onEvent?.({
        type: 'built',
        pages: result.pageCount,
        rendered: result.renderedPaths.length,
        milliseconds: performance.now() - start,
        changed,
        warnings: result.diagnostics,
      });
      live.built(toLinkProblemsReport(result.diagnostics, siteDir, input.editorUrl));
      const pagesDone = performance.now();
      result.searched?.then(
        () => onEvent?.({ type: 'searched', milliseconds: performance.now() - pagesDone }),
        // Threads stopped by a newer run (other threads for a changed config) or by closing: the
        // index stays unfinished, and the next run writes it.
        (error: unknown) => (error instanceof ThreadsStoppedError ? undefined : fail(error)),
      );
    } catch (error) {
      fail(error);
    } finally {
      control = undefined;
    }
  };

  // Files changed since just before the first reading count as changed: file times come from a
  // coarser clock than Date.now (a tick behind at most). Files written before the command started
  // (a site generated just before) do not.
  const readFrom = Date.now() - 100;
  let firstBuild: Promise<void> | undefined;
  const watch = createSiteWatch({
    siteDir,
    cacheDir,
    themeDir: config.themeDir,
    configFile: join(siteDir, CONFIG_FILE_NAME),
    readFrom,
    findChangedSince: (since) => builder.findChangedSince(since),
    onChanges: (changes) => {
      running = (running ?? firstBuild!).then(() => rebuild(changes));
    },
    onLost: () => builder.forget('all'),
  });

  return {
    outDir,
    /** Whether a build succeeded yet (until then, a failed first build answers every request with its error). */
    get built(): boolean {
      return built;
    },
    /** The control of the run rendering now, if one is (see RenderControl). */
    get control(): RenderControl | undefined {
      return control;
    },
    /** Settles when the first run starts rendering. */
    firstRenderStart,

    /**
     * Runs the first build. The watcher starts once `firstAnswer` settles (the first page asked for
     * is answered), or a moment after the first pages are under way when none is asked for, or
     * once the first build is done: its first scan stats every file of the site on this thread,
     * which would hold up the first page. Settles when the first build is done and the watcher ready.
     */
    start(firstAnswer: Promise<void>): Promise<void> {
      const firstRun = rebuild([]);
      void Promise.race([firstAnswer, firstRenderStart.then(() => sleep(WATCH_DELAY_MS)), firstRun]).then(() => watch.start());
      firstBuild = Promise.all([firstRun, watch.ready]).then(() => {});
      return firstBuild;
    },

    /** Stops watching: no rebuild starts after this. */
    async stopWatching(): Promise<void> {
      closing = true;
      await watch.close();
    },

    /** Stops a build under way (its threads end), keeps what was compiled for the next run and removes the output. */
    async close(): Promise<void> {
      await builder.close();
      await (running ?? firstBuild);
      builder.saveCache();
      rmSync(outDir, { recursive: true, force: true });
      store.release();
    },
  };
}
