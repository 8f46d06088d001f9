/**
 * The choreography of `serve --watch`: the first build, the watcher started once the first page is
 * answered, a rebuild after every save, and the live channel told when pages are written (open
 * pages reload), when a build fails and when it succeeds.
 */
import { readFileSync, renameSync, rmSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { join, relative } from 'node:path';
import type { Diagnostic, SiteConfig } from '@docgen/types';
import {
  createSiteBuilder,
  getOwnCode,
  keepPresentFiles,
  readInputFingerprint,
  readRecordedOutDir,
  type OutputState,
  type RenderControl,
} from '../build/index.js';
import { findSharedCacheDir } from '../bundle/index.js';
import { CONFIG_FILE_NAME } from '../config/index.js';
import type { FileChange } from '../content/index.js';
import { isDocgenError } from '../diagnostics/index.js';
import { createOutputDir, listFiles, listFilesOnThread } from '../output/index.js';
import { getTemporaryName, tryAcquireLock, writeFileWhole } from '../processes/index.js';
import { DOCGEN_VERSION } from '../version.js';
import { ThreadsStoppedError } from '../workers/pool.js';
import type { LiveChannel } from './liveReload.js';
import { toLinkProblemsReport, toOverlayReport } from './overlay.js';
import { createWatchIgnore } from './watchIgnore.js';
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
function claimDevStore(cacheDir: string): { dir: string; shared: boolean; release(): void } {
  const shared = join(cacheDir, 'serve-compiled');
  const attempt = tryAcquireLock(`${shared}.lock`);
  if ('lock' in attempt) return { dir: shared, shared: true, release: () => attempt.lock.release() };
  const dir = join(cacheDir, getTemporaryName('serve-compiled.', { unique: false }));
  return { dir, shared: false, release: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * The output a dev server leaves in the cache when it closes (`serve-output/`, with what it holds
 * in `serve-output.json`), for the next dev server of the site (the one holding the shared store):
 * when no input changed since (the same fingerprint as `docgen build` reads), it serves that
 * output at once instead of rendering every page again, and builds in the background. When some
 * changed (a pull while it was stopped), its first build starts from that output as `docgen build`
 * starts from the last build's: it renders what changed and keeps the rest, and requests wait for it.
 */
const KEPT_OUTPUT = 'serve-output';

interface KeptOutputRecord {
  docgenVersion: string;
  /** docgen's own code that wrote it (see getOwnCode): a docgen built anew at the same version renders every page again. */
  docgenCode: string;
  /** The inputs the output was built from (see readInputFingerprint). */
  fingerprint: string;
  state: OutputState;
}

/**
 * The fingerprint of a dev server's inputs: the site, its theme and docgen, drafts included; what
 * its watcher leaves out (the site's build outputs, its cache) is no input.
 */
function readDevFingerprint(input: { siteDir: string; cacheDir: string; outDir: string; config: SiteConfig; locales?: string[] }): string {
  const ignore = createWatchIgnore({
    siteDir: input.siteDir,
    cacheDir: input.cacheDir,
    themeSourceDir: join(input.config.themeDir, 'src'),
    recordedOutDir: readRecordedOutDir(input.cacheDir),
  });
  return readInputFingerprint({ ...input, locales: input.locales, includeDrafts: true, ignore });
}

/** The output the last dev server kept, moved to this one's folder (see takeKeptOutput). */
interface TakenOutput {
  state: OutputState;
  /** Built from the inputs there are now: served as it is while the first build runs. */
  current: boolean;
}

/**
 * Moves the output the last dev server kept to `outDir` when this docgen (its version and its
 * code) wrote it, and gives its state and whether it is current (built from the inputs there are
 * now); else removes it and gives undefined.
 */
function takeKeptOutput(cacheDir: string, outDir: string, fingerprint: () => string): TakenOutput | undefined {
  const dir = join(cacheDir, KEPT_OUTPUT);
  const recordFile = `${dir}.json`;
  let record: KeptOutputRecord | undefined;
  try {
    record = JSON.parse(readFileSync(recordFile, 'utf8')) as KeptOutputRecord;
  } catch {
    record = undefined;
  }
  rmSync(recordFile, { force: true });
  try {
    if (record?.docgenVersion === DOCGEN_VERSION && record.docgenCode === getOwnCode().stamp) {
      const current = record.fingerprint === fingerprint();
      renameSync(dir, outDir);
      // Not served as it is: the first build renders again whatever the folder lacks (about 0.2 s
      // of listing at 10,000 pages, before the first page, which waits for the build anyway).
      return { state: current ? record.state : keepPresentFiles(record.state, new Set(listFiles(outDir))), current };
    }
  } catch {
    // The folder is gone (or could not be listed once moved): nothing kept.
    rmSync(outDir, { recursive: true, force: true });
  }
  rmSync(dir, { recursive: true, force: true });
  return undefined;
}

/** Keeps `outDir` as the output of `state` for the next dev server (see KEPT_OUTPUT). */
function keepOutput(cacheDir: string, outDir: string, record: KeptOutputRecord): void {
  const dir = join(cacheDir, KEPT_OUTPUT);
  rmSync(dir, { recursive: true, force: true });
  renameSync(outDir, dir);
  writeFileWhole(`${dir}.json`, JSON.stringify(record));
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
  const store = claimDevStore(cacheDir);
  const fingerprint = () => readDevFingerprint({ siteDir, cacheDir, outDir, config, locales: input.locales });
  // The output the last dev server kept: served as it is when nothing changed since.
  const kept = store.shared ? takeKeptOutput(cacheDir, outDir, fingerprint) : undefined;
  // Served as it is, the kept output is listed meanwhile: its first build renders again what the
  // folder lacks (a file lost since it was kept), as a stale one's does (see takeKeptOutput).
  const keptListing = kept?.current ? listFilesOnThread(outDir) : undefined;
  keptListing?.catch(() => {});
  const output = createOutputDir(outDir, { servedWhileWritten: true });
  // Made when first needed: it reads the compile store's index (some 300 ms at 10,000 pages), which
  // a dev server serving the kept output does after its first page, not before.
  let madeBuilder: ReturnType<typeof createSiteBuilder> | undefined;
  const getBuilder = () =>
    (madeBuilder ??= createSiteBuilder({
      siteDir,
      locales: input.locales,
      includeDrafts: true,
      buildId: DEV_BUILD_ID,
      storeDir: store.dir,
      sharedCacheDir: findSharedCacheDir(),
      watching: true,
      previewFrom: PREVIEW_FROM,
    }));
  let state: OutputState | undefined = kept?.state;
  let built = false;
  // Whether the last run failed: its output is not kept for the next dev server then.
  let lastFailed = false;
  let closing = false;
  // While a run renders: finds routes and renders one asked for next (see RenderControl).
  let control: RenderControl | undefined;
  // URL paths asked for and not answered yet, as many times as they are (see RunHooks.wantedPaths).
  const wanted = new Map<string, number>();
  let renderStarted!: () => void;
  const firstRenderStart = new Promise<void>((resolve) => (renderStarted = resolve));
  // Settles when a run gives a control (the preview's, then the run's own).
  let controlGiven!: () => void;
  let nextControl = new Promise<void>((resolve) => (controlGiven = resolve));
  // Saves during a run are rebuilt after it.
  let running: Promise<void> | undefined;

  const fail = (error: unknown) => {
    lastFailed = true;
    if (closing) return;
    const diagnostics: Diagnostic[] = isDocgenError(error)
      ? error.diagnostics
      : [{ severity: 'error', code: 'internal', message: (error as Error)?.stack ?? String(error) }];
    const report = toOverlayReport(diagnostics, siteDir, input.editorUrl);
    onEvent?.({ type: 'failed', diagnostics, message: report.message });
    live.fail(report);
  };

  const rebuild = async (changes: FileChange[]) => {
    // Stopping: a run that had not started yet (a first build waiting, see start) does not.
    if (closing) return;
    const start = performance.now();
    const changed = [...new Set(changes.map((change) => relative(siteDir, change.path)))];
    const builder = getBuilder();
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
            const given = controlGiven;
            nextControl = new Promise<void>((resolve) => (controlGiven = resolve));
            given();
          },
          wantedPaths: () => wanted.keys(),
        },
      });
      state = result.state;
      lastFailed = false;
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
    recordedOutDir: readRecordedOutDir(cacheDir),
    themeDir: config.themeDir,
    configFile: join(siteDir, CONFIG_FILE_NAME),
    readFrom,
    findChangedSince: (since) => getBuilder().findChangedSince(since),
    onChanges: (changes) => {
      running = (running ?? firstBuild!).then(() => rebuild(changes));
    },
    onLost: () => getBuilder().forget('all'),
    onFailed: (error) => {
      getBuilder().forget('all');
      fail(
        new Error(
          `The file watcher stopped, so saves are not seen any more: restart docgen serve --watch. ${error.stack ?? error.message}`,
        ),
      );
    },
  });

  return {
    outDir,
    /** Whether the output the last dev server kept is served (see KEPT_OUTPUT): requests need not wait for the first build. */
    servesKeptOutput: kept?.current === true,
    /** Whether a build succeeded yet (until then, a failed first build answers every request with its error). */
    get built(): boolean {
      return built;
    },
    /** The control of the run rendering now, if one is (see RenderControl). */
    get control(): RenderControl | undefined {
      return control;
    },

    /**
     * Settles once what a request for `routePath` needs is there: a route's files, rendered ahead of
     * the others by the run rendering now (see RenderControl), or a file already in the output
     * (`isThere`). A page the preview leaves to the build (one that is not a doc or markdown page,
     * or shows a site component, or is asked for as the preview stops) goes to the run's own
     * control once the run's pages are under way. Anything else waits for the first build (a page
     * that failed is reported by it).
     */
    async renderAhead(routePath: string, isThere: () => boolean): Promise<void> {
      for (let tried = control; ; tried = control) {
        const key = tried?.find(routePath);
        if (key === undefined && isThere()) return;
        if (key !== undefined) {
          try {
            await tried!.request(key);
            return;
          } catch {
            // Left to the build, or failed: below.
          }
        }
        if (control === tried) await Promise.race([nextControl, firstBuild!]);
        if (control === tried) {
          await firstBuild;
          return;
        }
      }
    },

    /** Settles when the first run starts rendering. */
    firstRenderStart,

    /** Notes a URL path asked for until the function it gives is called (see RunHooks.wantedPaths). */
    want(path: string): () => void {
      wanted.set(path, (wanted.get(path) ?? 0) + 1);
      return () => {
        const count = wanted.get(path)! - 1;
        if (count === 0) wanted.delete(path);
        else wanted.set(path, count);
      };
    },

    /**
     * Runs the first build. Serving the kept output, the watcher starts at once; else once
     * `firstAnswer` settles (the first page asked for is answered), or a moment after the first
     * pages are under way when none is asked for, or once the first build is done: its first scan
     * (on a thread of its own) stats every file of the site, and would take a core from the first
     * page. Settles when the first build is done and the watcher ready.
     */
    start(firstAnswer: Promise<void>): Promise<void> {
      // Serving the kept output, the first build (it reports the site's warnings and readies the
      // builder for the next save) waits for the first page to be answered, or a moment: reading the
      // site on this thread would hold that page up.
      const firstRun = kept?.current
        ? Promise.race([firstAnswer, sleep(WATCH_DELAY_MS)]).then(async () => {
            state = await keptListing!.then(
              (files) => keepPresentFiles(state!, new Set(files)),
              () => undefined, // Not listed: nothing of it is taken to be there.
            );
            return rebuild([]);
          })
        : rebuild([]);
      if (kept?.current) watch.start();
      else void Promise.race([firstAnswer, firstRenderStart.then(() => sleep(WATCH_DELAY_MS)), firstRun]).then(() => watch.start());
      firstBuild = Promise.all([firstRun, watch.ready]).then(() => {});
      return firstBuild;
    },

    /** Stops watching: no rebuild starts after this. */
    async stopWatching(): Promise<void> {
      closing = true;
      await watch.close();
    },

    /**
     * Stops a build under way (its threads end) and keeps what was compiled for the next run; the
     * output too, for the next dev server, when the last run succeeded and no save is waiting (its
     * search indexes not written yet are left out of its state: the next run writes them), else
     * the output is removed.
     */
    async close(): Promise<void> {
      const quiet = !watch.hasPending();
      await madeBuilder?.close();
      await (running ?? firstBuild);
      madeBuilder?.saveCache();
      if (store.shared && quiet && state && !lastFailed) {
        const searchIndexes = Object.fromEntries(
          Object.entries(state.searchIndexes).filter(([file]) => !madeBuilder?.isSearchUnfinished(file)),
        );
        keepOutput(cacheDir, outDir, {
          docgenVersion: DOCGEN_VERSION,
          docgenCode: getOwnCode().stamp,
          fingerprint: fingerprint(),
          state: { ...state, searchIndexes },
        });
      } else {
        rmSync(outDir, { recursive: true, force: true });
      }
      store.release();
    },
  };
}
