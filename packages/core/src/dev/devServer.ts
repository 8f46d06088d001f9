import type { IncomingMessage, ServerResponse } from 'node:http';
import { resolve } from 'node:path';
import { getPageDataFilePath } from '@docgen/shared/pageData';
import { findCacheDir, removeDebrisUnlessLocked } from '../build/index.js';
import { readConfig } from '../config/index.js';
import { createDevBuilds, DEV_BUILD_ID, type DevServerEvent } from './devBuilds.js';
import { createLiveChannel, LIVE_PATH } from './liveReload.js';
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

export type { DevServerEvent } from './devBuilds.js';

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

/**
 * `docgen serve --watch`: builds the site (drafts included) into a folder of the cache, serves it,
 * and rebuilds on every change (see devBuilds.ts). It answers at once: until the first build is
 * done, a page asked for is rendered ahead of the others as soon as the site is loaded. A rebuild
 * renders only the pages whose inputs changed; open pages reload keeping their scroll position
 * (liveReload.ts). Errors show as an overlay in the browser and with file:line:col in the
 * terminal, while the last good output stays served.
 */
export async function startDevServer(options: DevServerOptions): Promise<DevServer> {
  const siteDir = resolve(options.siteDir);
  // What killed docgen processes left: an unfinished version cut, staging folders, an earlier dev server's output.
  removeDebrisUnlessLocked(siteDir);
  const config = readConfig(siteDir);
  const live = createLiveChannel();
  const builds = createDevBuilds({
    siteDir,
    config,
    cacheDir: findCacheDir(siteDir),
    locales: options.locales,
    editorUrl: options.editorUrl,
    live,
    onEvent: options.onEvent,
  });
  // The output's files, each looked for on the disk when first asked for (see SiteFiles.find): the
  // output is never read whole on this thread, which would hold up the first page of a large site.
  let files: SiteFiles | undefined;
  const getFiles = () => (files ??= new SiteFiles(builds.outDir, { scan: false }));
  const staticHandler = staticMiddleware(getFiles, {
    immutableCaching: false,
    live: true,
    // As the config read at start has it: a baseUrl changed while serving needs a new server.
    baseUrl: config.baseUrl,
    transformHtml: (html) => html.replace(/<\/body>/, `${live.client}</body>`),
  });
  const handle = (request: IncomingMessage, response: ServerResponse) => {
    if (!builds.built && live.error !== undefined) {
      response.writeHead(500, { 'Content-Type': 'text/html; charset=utf-8', 'Cross-Origin-Resource-Policy': 'same-origin' });
      response.end(`<!doctype html><html><body><h1>docgen could not build the site</h1>${live.client}</body></html>`);
      return;
    }
    staticHandler(request, response);
  };
  // The output the last dev server kept is served at once; else a request waits for the first build (see waitForFirstBuild).
  let firstBuildDone = builds.servesKeptOutput;
  // The first request answered while the first build runs (the page the reader waits for).
  let firstAnswered!: () => void;
  const firstAnswer = new Promise<void>((resolve) => (firstAnswered = resolve));
  const server = createHardenedServer(options.host, (request, response) => {
    if ((request.url ?? '').split('?')[0] === LIVE_PATH) {
      live.connect(request, response);
      return;
    }
    live.track(response);
    response.once('finish', firstAnswered);
    if (firstBuildDone) {
      handle(request, response);
      return;
    }
    waitForFirstBuild(request).then(
      () => handle(request, response),
      (error: unknown) => {
        console.error(error);
        if (!response.headersSent) response.writeHead(500).end('Internal error\n');
      },
    );
  });

  /** The route path whose page a URL path shows: itself, or the route of a page-data file. */
  const dataPrefix = `${config.baseUrl}${getPageDataFilePath(DEV_BUILD_ID, '/')}`.replace(/\/index\.json$/, '');
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
    const routePath = toRoutePath(pathname);
    const answered = builds.want(routePath);
    try {
      await Promise.race([builds.firstRenderStart, firstBuild]);
    } finally {
      answered();
    }
    await builds.renderAhead(routePath, () => hasFile(pathname));
  }

  const port = await listen(server, options.host, options.port, true);
  if (port !== options.port && options.port !== 0) options.onEvent?.({ type: 'port-changed', requested: options.port, port });
  const firstBuild = builds.start(firstAnswer).then(() => {
    firstBuildDone = true;
  });

  return {
    url: getServerUrl(options.host, port, config.baseUrl),
    token: live.token,
    firstBuild,
    async close() {
      await builds.stopWatching();
      live.close();
      server.closeAllConnections();
      await new Promise<void>((done) => server.close(() => done()));
      await builds.close();
    },
  };
}
