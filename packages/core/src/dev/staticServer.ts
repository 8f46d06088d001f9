import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { extname, join, relative, sep } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.zip': 'application/zip',
  '.pdf': 'application/pdf',
};
const COMPRESSIBLE = /^(text\/|application\/(json|xml|javascript)|image\/svg)/;

/**
 * The files of a built site by URL path. Requests are looked up here and never mapped onto the
 * file system, so `..`, encoded separators and symlinks cannot reach anything outside the build.
 */
export class SiteFiles {
  private readonly files = new Map<string, string>();

  constructor(readonly root: string) {
    this.scan(root);
  }

  private scan(dir: string): void {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) this.scan(path);
      else if (entry.isFile()) this.files.set(`/${relative(this.root, path).split(sep).join('/')}`, path);
    }
  }

  /** Resolves `/x` to `x`, `x.html` or `x/index.html`, and `/x.html` to the page of `/x`. */
  resolve(pathname: string): string | undefined {
    const candidates = pathname.endsWith('/') ? [`${pathname}index.html`] : [pathname, `${pathname}.html`, `${pathname}/index.html`];
    if (pathname.endsWith('.html') && !pathname.endsWith('/index.html'))
      candidates.push(`${pathname.slice(0, -'.html'.length)}/index.html`);
    for (const candidate of candidates) {
      const file = this.files.get(candidate);
      if (file) return file;
    }
    return undefined;
  }

  /** The 404 page of the locale whose base is the longest prefix of the path. */
  notFoundPage(pathname: string): string | undefined {
    let best: { base: string; file: string } | undefined;
    for (const [path, file] of this.files) {
      if (!path.endsWith('/404.html')) continue;
      const base = path.slice(0, -'404.html'.length);
      if (pathname.startsWith(base) && (!best || base.length > best.base.length)) best = { base, file };
    }
    return best?.file;
  }
}

export interface StaticServerOptions {
  root: string;
  host: string;
  port: number;
}

/**
 * Listens on `port`, or, when it is busy and `tryNext` is set, on the next free one of the ten
 * that follow. Rejects with EADDRINUSE when none is free.
 */
export async function listen(server: Server, host: string, port: number, tryNext: boolean): Promise<number> {
  for (let candidate = port; ; candidate++) {
    try {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(candidate, host, () => {
          server.off('error', reject);
          resolve();
        });
      });
      const address = server.address();
      return typeof address === 'object' && address ? address.port : candidate;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE' || !tryNext || port === 0 || candidate >= port + 10) throw error;
    }
  }
}

/** The URL a server bound to `host` is reached at. */
export function getServerUrl(host: string, port: number): string {
  const shown = host.includes(':') ? `[${host}]` : host === '0.0.0.0' ? 'localhost' : host;
  return `http://${shown}:${port}/`;
}

/** Host names a loopback server answers to; anything else is refused (DNS rebinding). */
export function isAllowedHost(hostHeader: string | undefined, boundHost: string): boolean {
  if (!hostHeader) return false;
  const host = hostHeader.replace(/:\d+$/, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost') || host === '127.0.0.1' || host === '[::1]') return true;
  return boundHost !== '0.0.0.0' && boundHost !== '::' && host === boundHost.toLowerCase();
}

/** Returns the decoded path of a request target, or undefined when it is malformed or hostile. */
export function parseRequestPath(url: string | undefined): string | undefined {
  if (!url || !url.startsWith('/') || url.startsWith('//')) return undefined;
  const raw = url.split(/[?#]/)[0]!;
  if (/%2f|%5c|%00/i.test(raw) || raw.includes('\\')) return undefined;
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0') || decoded.split('/').some((segment) => segment === '..' || segment === '.')) return undefined;
  return decoded;
}

export interface StaticMiddlewareOptions {
  /** Rewrites every HTML response (the dev server injects its live-reload client). */
  transformHtml?: (html: string) => string;
  /** Long-lived caching of assets and page data; off in development. */
  immutableCaching?: boolean;
  /**
   * The files again when they may have changed since `getFiles` scanned them (the dev server after
   * a rebuild): asked when a lookup misses or a file is gone, and the lookup is tried once more.
   */
  rescan?: () => SiteFiles | undefined;
}

/** A request handler serving a built site: looked-up files, locale 404 pages, compression. */
export function staticMiddleware(getFiles: () => SiteFiles, boundHost: string, options: StaticMiddlewareOptions = {}) {
  const compressed = new Map<string, Buffer>();
  const { transformHtml, immutableCaching = true } = options;
  return function docgenStatic(request: IncomingMessage, response: ServerResponse): void {
    response.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
    response.setHeader('X-Content-Type-Options', 'nosniff');
    if (!isAllowedHost(request.headers.host, boundHost)) {
      response.writeHead(403, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Forbidden: unknown Host header\n');
      return;
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { Allow: 'GET, HEAD' }).end();
      return;
    }
    const pathname = parseRequestPath(request.url);
    if (pathname === undefined) {
      response.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Bad request\n');
      return;
    }
    // With `rescan`, a miss is first taken as a sign of stale files, then answered with a 404 page.
    let found = lookUp(getFiles(), pathname, !options.rescan);
    if (!found && options.rescan) found = lookUp(options.rescan() ?? getFiles(), pathname, true);
    if (!found) {
      response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found\n');
      return;
    }
    const { file, status, body: read } = found;
    const type = CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
    let body: Buffer = read;
    if (transformHtml && type.startsWith('text/html')) body = Buffer.from(transformHtml(body.toString('utf8')));
    const headers: Record<string, string> = {
      'Content-Type': type,
      // Assets, page data (under the build id) and sidebars (content-hashed) never change at a URL.
      'Cache-Control':
        immutableCaching && /^\/(assets|_docgen)\//.test(pathname) && status === 200 ? 'public, max-age=31536000, immutable' : 'no-cache',
      Vary: 'Accept-Encoding',
    };
    const accept = String(request.headers['accept-encoding'] ?? '');
    if (COMPRESSIBLE.test(type) && body.length > 1024) {
      const encoding = /\bbr\b/.test(accept) ? 'br' : /\bgzip\b/.test(accept) ? 'gzip' : undefined;
      if (encoding) {
        const key = `${encoding}:${file}:${statSync(file).mtimeMs}:${body.length}`;
        let cached = compressed.get(key);
        if (!cached) {
          cached = encoding === 'br' ? brotliCompressSync(body) : gzipSync(body);
          compressed.set(key, cached);
        }
        body = cached;
        headers['Content-Encoding'] = encoding;
      }
    }
    headers['Content-Length'] = String(body.length);
    response.writeHead(status, headers);
    response.end(request.method === 'HEAD' ? undefined : body);
  };
}

/**
 * The file a path is served from (with `notFound`, its locale's 404 page when it has none) and
 * its bytes; undefined when there is none or it is gone from the disk.
 */
function lookUp(files: SiteFiles, pathname: string, notFound: boolean): { file: string; status: number; body: Buffer } | undefined {
  const page = files.resolve(pathname);
  const file = page ?? (notFound ? files.notFoundPage(pathname) : undefined);
  if (!file) return undefined;
  try {
    return { file, status: page ? 200 : 404, body: readFileSync(file) };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

export interface StaticServer {
  server: Server;
  url: string;
  /** Rescans the output folder after a rebuild. */
  reload(): void;
  close(): Promise<void>;
}

/**
 * An HTTP server whose handler cannot crash the process: a throwing handler answers 500, and a
 * malformed request line or header answers 400.
 */
export function createHardenedServer(handler: (request: IncomingMessage, response: ServerResponse) => void): Server {
  const server = createServer((request, response) => {
    try {
      handler(request, response);
    } catch (error) {
      console.error(error);
      if (!response.headersSent) response.writeHead(500).end('Internal error\n');
      else response.destroy();
    }
  });
  server.on('clientError', (_error, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
    else socket.destroy();
  });
  return server;
}

/** Starts a static server for a built site. Resolves once it listens. */
export async function startStaticServer(options: StaticServerOptions & { tryNextPort?: boolean }): Promise<StaticServer> {
  let files = new SiteFiles(options.root);
  const handler = staticMiddleware(() => files, options.host);
  const server = createHardenedServer(handler);
  const port = await listen(server, options.host, options.port, options.tryNextPort ?? false);
  return {
    server,
    url: getServerUrl(options.host, port),
    reload: () => {
      files = new SiteFiles(options.root);
    },
    close: () =>
      new Promise((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
