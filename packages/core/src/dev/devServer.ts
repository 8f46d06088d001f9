import { randomBytes, timingSafeEqual } from 'node:crypto';
import { readdirSync, rmSync, statSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join, relative, resolve } from 'node:path';
import { watch, type FSWatcher } from 'chokidar';
import type { Diagnostic } from '@docgen/types';
import { getPageDataFilePath } from '@docgen/shared/pageData';
import { createSiteBuilder, type OutputState } from '../build/index.js';
import type { RenderControl } from '../build/index.js';
import { getTemporaryName, pauseForTest, tryAcquireLock } from '../processes/index.js';
import { findCacheDir, removeDebrisUnlessLocked } from '../build/index.js';
import type { FileChange } from '../content/index.js';
import { isDocgenError } from '../diagnostics/index.js';
import { CONFIG_FILE_NAME, readConfig } from '../config/index.js';
import { createOutputDir } from '../output/index.js';
import { ThreadsStoppedError } from '../workers/pool.js';
import { getLiveClient, toLinkProblemsReport, toOverlayReport, type LinkProblemsReport, type OverlayReport } from './overlay.js';
import { createOwnOutputTest, createWatchIgnore } from './watchIgnore.js';
import { createHardenedServer, getServerUrl, listen, parseRequestPath, SiteFiles, staticMiddleware } from './staticServer.js';

export interface DevServerOptions {
  siteDir: string;
  host: string;
  port: number;
  locales?: string[];
  /**
   * The link an error's file opens in the overlay: a template with `{path}`, `{line}`, `{column}`
   * (see DEFAULT_EDITOR_URL, the default: VS Code).
   */
  editorUrl?: string;
  /** Reports what the server does: builds, rebuilds, errors. */
  onEvent?: (event: DevServerEvent) => void;
}

export type DevServerEvent =
  | { type: 'built'; pages: number; rendered: number; milliseconds: number; changed: string[]; warnings: Diagnostic[] }
  | { type: 'failed'; diagnostics: Diagnostic[]; message: string }
  /** A build's search indexes are written, `milliseconds` after its pages were (see RebuildResult.searched). */
  | { type: 'searched'; milliseconds: number }
  | { type: 'port-changed'; requested: number; port: number };

export interface DevServer {
  url: string;
  /** The token the live-reload channel requires (it is in every served page). */
  token: string;
  /**
   * Settles when the first build is done or failed (reported through `onEvent`). The server
   * answers before: a page asked for meanwhile is rendered ahead of the others.
   */
  firstBuild: Promise<void>;
  close(): Promise<void>;
}

/** The build id of the dev server's output: fixed, as its pages are rendered again and again. */
const BUILD_ID = 'dev';

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

const LIVE_PATH = '/__docgen/live';

/**
 * Bodies to compile from which the first build previews the pages asked for before the site is
 * compiled (see renderPreview.ts): about half a second of compiling on two threads.
 */
const PREVIEW_FROM = 200;

/**
 * How long after the first pages are under way the file watcher starts when no page was asked for
 * meanwhile (see startWatching): a reader opening the site then is not held up by its first scan.
 */
const WATCH_DELAY_MS = 1000;

/**
 * After a reload message, how the rest of a rebuild waits for the reloading pages to be served
 * (its main-thread work would hold their requests up): at least MIN_MS for the browsers to ask,
 * then until no request is open and none came for QUIET_MS, at most MAX_MS.
 */
const RELOAD_SETTLE = { MIN_MS: 40, QUIET_MS: 30, MAX_MS: 500, POLL_MS: 5 };

/** Counts the requests a server is answering, and when the last one came. */
function createRequestTracker() {
  let open = 0;
  let lastAt = 0;
  return {
    track(response: ServerResponse): void {
      open++;
      lastAt = performance.now();
      let done = false;
      const end = () => {
        if (!done) open--;
        done = true;
      };
      response.once('finish', end).once('close', end);
    },
    /** Resolves once the server has been quiet (see RELOAD_SETTLE) since `since`. */
    async settle(since: number): Promise<void> {
      const { MIN_MS, QUIET_MS, MAX_MS, POLL_MS } = RELOAD_SETTLE;
      for (;;) {
        const now = performance.now();
        if (now - since >= MAX_MS) return;
        if (now - since >= MIN_MS && open === 0 && now - lastAt >= QUIET_MS) return;
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
    },
  };
}

/**
 * `docgen serve --watch`: builds the site (drafts included) into a folder of the cache, serves it,
 * and rebuilds on every change. It answers at once: until the first build is done, a page asked
 * for is rendered ahead of the others as soon as the site is loaded. A rebuild renders only the
 * pages whose inputs changed; open pages reload keeping their scroll position. Errors show as an
 * overlay in the browser and with file:line:col in the terminal, while the last good output stays served.
 */
export async function startDevServer(options: DevServerOptions): Promise<DevServer> {
  const siteDir = resolve(options.siteDir);
  // What killed docgen processes left: an unfinished version cut, staging folders, an earlier dev server's output.
  removeDebrisUnlessLocked(siteDir);
  const config = readConfig(siteDir);
  const cacheDir = findCacheDir(siteDir);
  const outDir = join(cacheDir, getTemporaryName('serve.', { unique: false }));
  rmSync(outDir, { recursive: true, force: true });
  const output = createOutputDir(outDir);
  const store = claimDevStore(cacheDir);
  const builder = createSiteBuilder({
    siteDir,
    locales: options.locales,
    includeDrafts: true,
    buildId: BUILD_ID,
    storeDir: store.dir,
    watching: true,
    previewFrom: PREVIEW_FROM,
  });
  let state: OutputState | undefined;
  const token = randomBytes(24).toString('hex');
  const isToken = (given: string | null) => {
    const bytes = Buffer.from(given ?? '');
    return bytes.length === token.length && timingSafeEqual(bytes, Buffer.from(token));
  };
  const clients = new Set<ServerResponse>();
  let lastError: OverlayReport | undefined;
  // The broken links of the last build, listed in every page (and in the terminal).
  let lastLinks: LinkProblemsReport | undefined;
  // The output's files, scanned once: a file written since is looked for on the disk when asked
  // for (scanning again would read every file's entry of a large site's output on this thread).
  let files: SiteFiles | undefined;
  let built = false;
  // While a run renders: finds routes and renders one asked for next (see RenderControl).
  let control: RenderControl | undefined;
  let renderStarted!: () => void;
  const firstRenderStart = new Promise<void>((resolve) => (renderStarted = resolve));

  const requests = createRequestTracker();
  const send = (event: string, data: unknown) => {
    for (const client of clients) client.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  };

  const fail = (error: unknown) => {
    if (closing) return;
    const diagnostics: Diagnostic[] = isDocgenError(error)
      ? error.diagnostics
      : [{ severity: 'error', code: 'internal', message: (error as Error)?.stack ?? String(error) }];
    lastError = toOverlayReport(diagnostics, siteDir, options.editorUrl);
    options.onEvent?.({ type: 'failed', diagnostics, message: lastError.message });
    send('build-error', lastError);
  };

  const rebuild = async (changes: FileChange[]) => {
    const start = performance.now();
    const changed = [...new Set(changes.map((change) => relative(siteDir, change.path)))];
    const hadError = lastError !== undefined;
    builder.forget(changes);
    try {
      // Open pages reload as soon as the pages are written; search indexes and seo files follow.
      const result = await builder.run({
        output,
        previous: state,
        // The first build (the only one without changes) uses the config read at start.
        config: changes.length === 0 ? config : undefined,
        hooks: {
          onPagesWritten: ({ previewChanged }) => {
            // The error is over once the pages are written: a page reloading now connects to the
            // live channel before the run returns, and must not be shown the error again.
            lastError = undefined;
            if (hadError) send('build-ok', {});
            if (!(changed.length > 0 || hadError || previewChanged)) return undefined;
            send('reload', {});
            // The rest of the rebuild waits until the pages reloading have been served.
            return clients.size > 0 ? requests.settle(performance.now()) : undefined;
          },
          onRenderStart: (started) => {
            control = started;
            renderStarted();
          },
        },
      });
      state = result.state;
      if (!built) builder.saveCache();
      built = true;
      const milliseconds = performance.now() - start;
      options.onEvent?.({
        type: 'built',
        pages: result.pageCount,
        rendered: result.renderedPaths.length,
        milliseconds,
        changed,
        warnings: result.diagnostics,
      });
      lastError = undefined;
      lastLinks = toLinkProblemsReport(result.diagnostics, siteDir, options.editorUrl);
      send('link-problems', lastLinks);
      const pagesDone = performance.now();
      result.searched?.then(
        () => options.onEvent?.({ type: 'searched', milliseconds: performance.now() - pagesDone }),
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

  const getFiles = () => (files ??= new SiteFiles(outDir));
  const staticHandler = staticMiddleware(getFiles, {
    immutableCaching: false,
    live: true,
    // As the config read at start has it: a baseUrl changed while serving needs a new server.
    baseUrl: config.baseUrl,
    transformHtml: (html) => html.replace(/<\/body>/, `${getLiveClient(LIVE_PATH, token)}</body>`),
  });
  const handle = (request: IncomingMessage, response: ServerResponse) => {
    if (!built && lastError !== undefined) {
      response.writeHead(500, { 'Content-Type': 'text/html; charset=utf-8', 'Cross-Origin-Resource-Policy': 'same-origin' });
      response.end(`<!doctype html><html><body><h1>docgen could not build the site</h1>${getLiveClient(LIVE_PATH, token)}</body></html>`);
      return;
    }
    staticHandler(request, response);
  };
  let firstBuildDone = false;
  let closing = false;
  // The first request answered while the first build runs (the page the reader waits for).
  let firstAnswered!: () => void;
  const firstAnswer = new Promise<void>((resolve) => (firstAnswered = resolve));
  const server = createHardenedServer(options.host, (request, response) => {
    if ((request.url ?? '').split('?')[0] === LIVE_PATH) {
      liveChannel(request, response);
      return;
    }
    requests.track(response);
    if (firstBuildDone) {
      handle(request, response);
      return;
    }
    waitForFirstBuild(request).then(
      () => {
        response.once('finish', firstAnswered);
        handle(request, response);
      },
      (error: unknown) => {
        console.error(error);
        if (!response.headersSent) response.writeHead(500).end('Internal error\n');
      },
    );
  });

  /** The route path whose page a URL path shows: itself, or the route of a page-data file. */
  const dataPrefix = `${config.baseUrl}${getPageDataFilePath(BUILD_ID, '/')}`.replace(/\/index\.json$/, '');
  const toRoutePath = (pathname: string) => {
    if (!pathname.startsWith(`${dataPrefix}/`) || !pathname.endsWith('.json')) return pathname;
    const relativePath = pathname.slice(dataPrefix.length, -'.json'.length);
    return config.baseUrl.slice(0, -1) + (relativePath.endsWith('/index') ? relativePath.slice(0, -'index'.length) : relativePath);
  };
  // The output's files are at its root, served under the base (see staticMiddleware).
  const hasFile = (pathname: string) =>
    pathname.startsWith(config.baseUrl) && getFiles().find(`/${pathname.slice(config.baseUrl.length)}`) !== undefined;

  /**
   * Before the first build is done: a page (or its page data) is rendered ahead of the others once
   * the site is loaded; any other file missing yet is answered when the build is done.
   */
  async function waitForFirstBuild(request: IncomingMessage): Promise<void> {
    const pathname = parseRequestPath(request.url);
    if (pathname === undefined) return;
    await Promise.race([firstRenderStart, firstBuild]);
    const key = control?.find(toRoutePath(pathname));
    if (key !== undefined) {
      // A route that failed to render is answered once the build has reported it.
      await control!.request(key).catch(() => firstBuild);
    } else if (!hasFile(pathname)) {
      await firstBuild;
    }
  }

  /**
   * Server-sent events: reload, error and broken-link messages only, for pages of this server that hold the
   * token (a page of another origin cannot read it); a request with a foreign Origin is refused.
   */
  function liveChannel(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const origin = request.headers.origin;
    const ownOrigin = `http://${request.headers.host}`;
    if (!isToken(url.searchParams.get('token')) || (origin !== undefined && origin !== ownOrigin)) {
      response.writeHead(403, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Forbidden\n');
      return;
    }
    response.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache',
      Connection: 'keep-alive',
      'Cross-Origin-Resource-Policy': 'same-origin',
    });
    response.write(': connected\n\n');
    if (lastError !== undefined) response.write(`event: build-error\ndata: ${JSON.stringify(lastError)}\n\n`);
    if (lastLinks !== undefined) response.write(`event: link-problems\ndata: ${JSON.stringify(lastLinks)}\n\n`);
    clients.add(response);
    request.on('close', () => clients.delete(response));
  }

  const port = await listen(server, options.host, options.port, true);
  if (port !== options.port && options.port !== 0) options.onEvent?.({ type: 'port-changed', requested: options.port, port });

  // Watch everything a build reads; batch the events of one save.
  let pending: FileChange[] = [];
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const flush = () => {
    const changes = pending;
    pending = [];
    running = (running ?? firstBuild).then(() => rebuild(changes));
  };
  const isOwnOutput = createOwnOutputTest();
  // A file's state when its last change was taken: one save can be reported twice (the watcher's
  // events for its truncation and its write, or the watcher and the first scan's comparison), and
  // must rebuild once.
  const changedTo = new Map<string, string>();
  const isRepeated = (path: string) => {
    const stats = statSync(path, { throwIfNoEntry: false });
    if (!stats) return false;
    const state = `${stats.mtimeMs}:${stats.ctimeMs}:${stats.size}`;
    if (changedTo.get(path) === state) return true;
    changedTo.set(path, state);
    return false;
  };
  const schedule = (kind: FileChange['kind']) => (path: string) => {
    if (kind === 'change' && (isOwnOutput(path) || isRepeated(resolve(path)))) return;
    pending.push({ kind, path: resolve(path) });
    clearTimeout(timer);
    timer = setTimeout(flush, 30);
  };
  // Ready, or closed before it was (then it never will be).
  let stopWaiting!: () => void;
  const watcherReady = new Promise<void>((ready) => (stopWaiting = ready));
  let watcher: FSWatcher | undefined;
  /**
   * Starts the watcher once the first page asked for is answered (or a moment after the first
   * pages are under way, when none is asked for): its first scan stats every file of the site on
   * this thread, which would hold up the first page. What changed between the first
   * reading and the watcher's start is found by comparing (see findChangedSince). Symbolic links
   * are not followed: a link the symlink rule follows leads inside the site, which is watched
   * anyway (see ContentCache.withLinkedPaths), and any other is never read.
   */
  const startWatching = () => {
    if (closing) return;
    pauseForTest('serve:watch-start');
    const themeSourceDir = join(config.themeDir, 'src');
    watcher = watch([siteDir, themeSourceDir], {
      ignoreInitial: true,
      followSymlinks: false,
      ignored: createWatchIgnore({ siteDir, cacheDir, themeSourceDir }),
    });
    for (const kind of ['add', 'change', 'unlink', 'addDir', 'unlinkDir'] as const) watcher.on(kind, schedule(kind));
    // Events may have been lost: nothing read before can be trusted.
    watcher.on('error', () => builder.forget('all'));
    watcher.once('ready', () => {
      // A save during the scan is reported by the watcher and found by the comparison: one rebuild.
      const missed = [...builder.findChangedSince(readFrom), ...findChangedFiles([configFile, themeSourceDir], readFrom)].filter(
        (change) => change.kind !== 'change' || !isRepeated(change.path),
      );
      if (missed.length > 0) {
        pending.push(...missed);
        clearTimeout(timer);
        flush();
      }
      stopWaiting();
    });
  };
  // Files changed since just before the first reading count as changed: file times come from a
  // coarser clock than Date.now (a tick behind at most). Files written before the command started
  // (a site generated just before) do not.
  const readFrom = Date.now() - 100;
  const configFile = join(siteDir, CONFIG_FILE_NAME);
  const firstRun = rebuild([]);
  void Promise.race([firstAnswer, firstRenderStart.then(() => sleep(WATCH_DELAY_MS)), firstRun]).then(startWatching);
  // Saves during the first build are rebuilt after it (`running`).
  const firstBuild = Promise.all([firstRun, watcherReady]).then(() => {
    firstBuildDone = true;
  });

  return {
    url: getServerUrl(options.host, port, config.baseUrl),
    token,
    firstBuild,
    async close() {
      closing = true;
      stopWaiting();
      clearTimeout(timer);
      await watcher?.close();
      for (const client of clients) client.end();
      server.closeAllConnections();
      await new Promise<void>((done) => server.close(() => done()));
      // Stops a build under way (its threads end); what it compiled is kept for the next run.
      await builder.close();
      await (running ?? firstBuild);
      builder.saveCache();
      rmSync(outDir, { recursive: true, force: true });
      store.release();
    },
  };
}

/** Files at `paths` (files, or folders read through) written to or removed since `since`, as watcher changes. */
function findChangedFiles(paths: string[], since: number): FileChange[] {
  const changes: FileChange[] = [];
  const visit = (path: string) => {
    const stats = statSync(path, { throwIfNoEntry: false });
    if (!stats) return;
    if (stats.isDirectory()) {
      for (const name of readdirSync(path)) visit(join(path, name));
    } else if (Math.max(stats.mtimeMs, stats.ctimeMs) >= since) {
      changes.push({ kind: 'change', path });
    }
  };
  for (const path of paths) visit(path);
  return changes;
}
