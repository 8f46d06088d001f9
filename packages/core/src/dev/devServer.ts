import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join, relative, resolve } from 'node:path';
import { watch, type FSWatcher } from 'chokidar';
import type { Diagnostic } from '@docgen/types';
import { createSiteBuilder, type OutputState } from '../build.js';
import { getCacheDir } from '../siteCache.js';
import type { FileChange } from '../content/index.js';
import { formatDiagnostic, isDocgenError } from '../diagnostics/index.js';
import { readConfig } from '../config/index.js';
import { createOutputDir } from '../output/index.js';
import { createHardenedServer, getServerUrl, isAllowedHost, listen, SiteFiles, staticMiddleware } from './staticServer.js';

export interface DevServerOptions {
  siteDir: string;
  host: string;
  port: number;
  locales?: string[];
  /** Reports what the server does: builds, rebuilds, errors. */
  onEvent?: (event: DevServerEvent) => void;
}

export type DevServerEvent =
  | { type: 'built'; pages: number; rendered: number; milliseconds: number; changed: string[]; warnings: Diagnostic[] }
  | { type: 'failed'; diagnostics: Diagnostic[]; message: string }
  | { type: 'port-changed'; requested: number; port: number };

export interface DevServer {
  url: string;
  /** The token the live-reload channel requires (it is in every served page). */
  token: string;
  close(): Promise<void>;
}

const LIVE_PATH = '/__docgen/live';

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

/** The script injected into every page the dev server sends: reloads and the error overlay. */
function getLiveClient(token: string): string {
  return `<script>(function(){var s=new EventSource(${JSON.stringify(`${LIVE_PATH}?token=${token}`)});
s.addEventListener('reload',function(){location.reload()});
s.addEventListener('build-error',function(e){var m=JSON.parse(e.data).message,d=document.getElementById('__docgen-overlay');
if(!d){d=document.createElement('div');d.id='__docgen-overlay';d.setAttribute('role','alert');
d.style.cssText='position:fixed;inset:0;z-index:2147483647;background:rgba(20,20,24,.94);color:#fff;padding:32px;font:14px/1.6 ui-monospace,monospace;white-space:pre-wrap;overflow:auto';document.body.appendChild(d)}
d.textContent='docgen could not build your last change. Fix it and save: this page reloads by itself.\\n\\n'+m});
s.addEventListener('build-ok',function(){var d=document.getElementById('__docgen-overlay');if(d)d.remove()});})();</script>`;
}

/**
 * `docgen serve --watch`: builds the site (drafts included) into a folder of the cache, serves it,
 * and rebuilds on every change. A rebuild renders only the pages whose inputs changed; open pages
 * reload keeping their scroll position. Errors show as an overlay in the browser and with
 * file:line:col in the terminal, while the last good output stays served.
 */
export async function startDevServer(options: DevServerOptions): Promise<DevServer> {
  const siteDir = resolve(options.siteDir);
  const config = readConfig(siteDir);
  const outDir = join(getCacheDir(siteDir), `serve-${process.pid}`);
  rmSync(outDir, { recursive: true, force: true });
  const output = createOutputDir(outDir);
  // A store of its own: a `docgen build` running meanwhile prunes the site's store to its own needs.
  const storeDir = `${outDir}-compiled`;
  const builder = createSiteBuilder({ siteDir, locales: options.locales, includeDrafts: true, buildId: 'dev', storeDir, watching: true });
  let state: OutputState | undefined;
  const token = randomBytes(24).toString('hex');
  const clients = new Set<ServerResponse>();
  let lastError: string | undefined;
  // The output's files, scanned once; a rebuild marks them stale and a lookup that misses rescans.
  let files: SiteFiles | undefined;
  let filesChanged = false;
  let built = false;

  const requests = createRequestTracker();
  const send = (event: string, data: unknown) => {
    for (const client of clients) client.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  };

  const rebuild = async (changes: FileChange[]) => {
    const start = performance.now();
    const changed = [...new Set(changes.map((change) => relative(siteDir, change.path)))];
    const hadError = lastError !== undefined;
    builder.forget(changes);
    try {
      // Open pages reload as soon as the pages are written; search indexes and seo files follow.
      const result = await builder.run(output, state, {
        onPagesWritten: () => {
          filesChanged = true;
          if (hadError) send('build-ok', {});
          if (!(changed.length > 0 || hadError)) return undefined;
          send('reload', {});
          // The rest of the rebuild waits until the pages reloading have been served.
          return clients.size > 0 ? requests.settle(performance.now()) : undefined;
        },
      });
      state = result.state;
      built = true;
      // Again: search indexes and seo files were written after the pages (a lookup may have rescanned since).
      filesChanged = true;
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
    } catch (error) {
      const diagnostics: Diagnostic[] = isDocgenError(error)
        ? error.diagnostics
        : [{ severity: 'error', code: 'internal', message: (error as Error)?.stack ?? String(error) }];
      lastError = diagnostics.map(formatDiagnostic).join('\n\n');
      options.onEvent?.({ type: 'failed', diagnostics, message: lastError });
      send('build-error', { message: lastError });
    }
  };

  await rebuild([]);

  const staticHandler = staticMiddleware(() => (files ??= new SiteFiles(outDir)), options.host, {
    immutableCaching: false,
    rescan: () => {
      if (!filesChanged) return undefined;
      filesChanged = false;
      return (files = new SiteFiles(outDir));
    },
    transformHtml: (html) => html.replace(/<\/body>/, `${getLiveClient(token)}</body>`),
  });
  const server = createHardenedServer((request, response) => {
    if ((request.url ?? '').split('?')[0] === LIVE_PATH) {
      liveChannel(request, response);
      return;
    }
    requests.track(response);
    if (!built && lastError !== undefined && isAllowedHost(request.headers.host, options.host)) {
      response.writeHead(500, { 'Content-Type': 'text/html; charset=utf-8', 'Cross-Origin-Resource-Policy': 'same-origin' });
      response.end(`<!doctype html><html><body><h1>docgen could not build the site</h1>${getLiveClient(token)}</body></html>`);
      return;
    }
    staticHandler(request, response);
  });

  /** Server-sent events: reload and error messages only, for pages of this server that hold the token. */
  function liveChannel(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const origin = request.headers.origin;
    const ownOrigin = `http://${request.headers.host}`;
    if (
      !isAllowedHost(request.headers.host, options.host) ||
      url.searchParams.get('token') !== token ||
      (origin !== undefined && origin !== ownOrigin)
    ) {
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
    if (lastError !== undefined) response.write(`event: build-error\ndata: ${JSON.stringify({ message: lastError })}\n\n`);
    clients.add(response);
    request.on('close', () => clients.delete(response));
  }

  const port = await listen(server, options.host, options.port, true);
  if (port !== options.port && options.port !== 0) options.onEvent?.({ type: 'port-changed', requested: options.port, port });

  // Watch everything a build reads; batch the events of one save.
  const watcher: FSWatcher = watch([siteDir, join(config.themeDir, 'src')], {
    ignoreInitial: true,
    ignored: (path: string) => {
      const inSite = relative(siteDir, path);
      return /(^|[\\/])(node_modules|build|\.docgen|\.git)([\\/]|$)/.test(inSite.startsWith('..') ? '' : inSite) || path.startsWith(outDir);
    },
  });
  let pending: FileChange[] = [];
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const schedule = (kind: FileChange['kind']) => (path: string) => {
    pending.push({ kind, path: resolve(path) });
    clearTimeout(timer);
    timer = setTimeout(() => {
      const changes = pending;
      pending = [];
      running = running.then(() => rebuild(changes));
    }, 30);
  };
  for (const kind of ['add', 'change', 'unlink', 'addDir', 'unlinkDir'] as const) watcher.on(kind, schedule(kind));
  // Events may have been lost: nothing read before can be trusted.
  watcher.on('error', () => builder.forget('all'));
  await new Promise<void>((ready) => watcher.once('ready', () => ready()));

  return {
    url: getServerUrl(options.host, port),
    token,
    async close() {
      clearTimeout(timer);
      await watcher.close();
      await running;
      for (const client of clients) client.end();
      server.closeAllConnections();
      await new Promise<void>((done) => server.close(() => done()));
      await builder.close();
      rmSync(outDir, { recursive: true, force: true });
      rmSync(storeDir, { recursive: true, force: true });
    },
  };
}
