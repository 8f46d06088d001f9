import { closeSync, createReadStream, fstatSync, lstatSync, openSync, readdirSync, readFileSync, type Stats } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { isIP, type Socket } from 'node:net';
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
  '.avif': 'image/avif',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.zip': 'application/zip',
  '.pdf': 'application/pdf',
  '.wasm': 'application/wasm',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.ogv': 'video/ogg',
  '.mp3': 'audio/mpeg',
  '.m4a': 'audio/mp4',
  '.ogg': 'audio/ogg',
  '.oga': 'audio/ogg',
  '.wav': 'audio/wav',
  '.vtt': 'text/vtt; charset=utf-8',
};
const COMPRESSIBLE = /^(text\/|application\/(json|xml|javascript)|image\/svg)/;

/**
 * How long a client may take, so that slow or idle connections (slowloris) cannot hold the
 * server: a request's headers must have arrived HEADERS_MS after its first byte, the whole
 * request REQUEST_MS after it (answered 408 otherwise), and a kept-alive connection with no
 * request closes after KEEP_ALIVE_MS; deadlines are checked every CHECK_MS. Responses may take as
 * long as they need: the live-reload stream lasts as long as its page is open.
 */
const CLIENT_TIMEOUTS = { HEADERS_MS: 10_000, REQUEST_MS: 30_000, KEEP_ALIVE_MS: 5_000, CHECK_MS: 1_000 };
/**
 * Bytes above which a file other than a page is streamed from the disk, uncompressed, rather
 * than read whole: many clients downloading a large file at once never hold it in memory.
 */
const STREAM_FROM = 1024 * 1024;
/** Bytes of compressed responses kept for the next request; the oldest go first. */
const COMPRESSED_CACHE_BYTES = 32 * 1024 * 1024;
/** A request line longer than this, in bytes, is answered 414 rather than 431 when the head overflows. */
const MAX_REQUEST_LINE = 8 * 1024;

/**
 * The files of a built site by URL path. Requests are looked up here and never mapped onto the
 * file system, so `..`, encoded separators and symlinks cannot reach anything outside the build.
 * `scan: false` (an output that changes while it is served): no file is known until `find` looks
 * for it on the disk, so that a large output is not read whole before its first page is answered.
 */
export class SiteFiles {
  private readonly files = new Map<string, string>();

  constructor(
    readonly root: string,
    options: { scan?: boolean } = {},
  ) {
    if (options.scan !== false) this.scan(root);
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
    for (const candidate of getCandidates(pathname)) {
      const file = this.files.get(candidate);
      if (file) return file;
    }
    return undefined;
  }

  /**
   * Resolves as `resolve` does, in an output that changes while it is served (the dev server's):
   * a path the scan did not see is looked for on the disk, a file written since. Only a regular
   * file reached through folders counts, as for the scan (`parseRequestPath` refused `.` and `..`
   * segments). A look costs a few `lstat` calls where scanning again reads the whole output.
   */
  find(pathname: string): string | undefined {
    const known = this.resolve(pathname);
    if (known) return known;
    for (const candidate of getCandidates(pathname)) {
      const file = this.lookOnDisk(candidate);
      if (file) return file;
    }
    return undefined;
  }

  /**
   * The 404 page of the deepest folder of the path that has one, as `notFoundPage` finds it, in
   * an output that changes while served (see `find`): a locale's 404 page written after the scan.
   */
  findNotFoundPage(pathname: string): string | undefined {
    const folders = pathname.split('/').slice(0, -1);
    for (let length = folders.length; length > 0; length--) {
      // Exactly `<folder>/404.html`, as notFoundPage looks for: no other file a URL could name.
      const path = `${folders.slice(0, length).join('/')}/404.html`;
      const file = this.files.get(path) ?? this.lookOnDisk(path);
      if (file) return file;
    }
    return undefined;
  }

  /** Forgets a file found gone (see `find`). */
  forget(file: string): void {
    this.files.delete(`/${relative(this.root, file).split(sep).join('/')}`);
  }

  /** The file at `candidate` (a URL path) on the disk, if it is a regular file reached through folders; remembered when found. */
  private lookOnDisk(candidate: string): string | undefined {
    const segments = candidate.slice(1).split('/');
    if (segments.some((segment) => segment === '' || segment === '.' || segment === '..')) return undefined;
    let path = this.root;
    for (const [index, segment] of segments.entries()) {
      path = join(path, segment);
      const stats = lstatIfAny(path);
      if (!stats || !(index === segments.length - 1 ? stats.isFile() : stats.isDirectory())) return undefined;
    }
    this.files.set(candidate, path);
    return path;
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

/**
 * The entry at `path`, or undefined when there is none there, including for a name no file system
 * takes (a URL segment of 255+ bytes: ENAMETOOLONG): such a URL is simply not found.
 */
function lstatIfAny(path: string): Stats | undefined {
  try {
    return lstatSync(path, { throwIfNoEntry: false });
  } catch (error) {
    if (['ENAMETOOLONG', 'ENOTDIR', 'ELOOP'].includes((error as NodeJS.ErrnoException).code ?? '')) return undefined;
    throw error;
  }
}

/** The files a URL path may name, in the order they are tried (see SiteFiles.resolve). */
function getCandidates(pathname: string): string[] {
  const candidates = pathname.endsWith('/') ? [`${pathname}index.html`] : [pathname, `${pathname}.html`, `${pathname}/index.html`];
  if (pathname.endsWith('.html') && !pathname.endsWith('/index.html')) candidates.push(`${pathname.slice(0, -'.html'.length)}/index.html`);
  return candidates;
}

export interface StaticServerOptions {
  root: string;
  host: string;
  port: number;
  /** The site's `baseUrl`: the site is served under it, as its pages' URLs say (see staticMiddleware). */
  baseUrl?: string;
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

/** The URL a server bound to `host` serves a site at, under its `baseUrl`. */
export function getServerUrl(host: string, port: number, baseUrl = '/'): string {
  const shown = host.includes(':') ? `[${host}]` : host === '0.0.0.0' ? 'localhost' : host;
  return `http://${shown}:${port}${baseUrl}`;
}

/**
 * Host names a server answers to; anything else is refused (DNS rebinding): the loopback names,
 * the address it is bound to, and, bound to every interface, any IP address (rebinding needs a
 * name the attacker controls). `X-Forwarded-Host` and `Forwarded` are never read.
 */
export function isAllowedHost(hostHeader: string | undefined, boundHost: string): boolean {
  if (!hostHeader) return false;
  const host = hostHeader
    .replace(/:\d+$/, '')
    .replace(/^\[(.*)\]$/, '$1')
    .toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost') || host === '127.0.0.1' || host === '::1') return true;
  if (boundHost === '0.0.0.0' || boundHost === '::') return isIP(host) !== 0;
  return host === boundHost.replace(/^\[(.*)\]$/, '$1').toLowerCase();
}

/** A host name or IP address (IPv6 in brackets) and an optional port: the form of a valid Host header. */
const HOST_SYNTAX = /^(?:\[[0-9a-f:.]+\]|[a-z0-9_](?:[a-z0-9_.-]*[a-z0-9_])?)(?::\d{1,5})?$/i;

/**
 * The Host header of a request when it has exactly one, well formed; undefined when it has none,
 * an empty one, several or a malformed one, which a server must answer with 400 (RFC 9112, 3.2).
 */
export function getRequestHost(request: IncomingMessage): string | undefined {
  let host: string | undefined;
  for (let index = 0; index < request.rawHeaders.length; index += 2) {
    if (request.rawHeaders[index]!.toLowerCase() !== 'host') continue;
    if (host !== undefined) return undefined;
    host = request.rawHeaders[index + 1]!;
  }
  return host !== undefined && HOST_SYNTAX.test(host) ? host : undefined;
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
   * The files change while they are served (the dev server's output): a path not scanned is
   * looked for on the disk, and a file found gone is forgotten (see SiteFiles.find).
   */
  live?: boolean;
  /**
   * The site's `baseUrl` (`/docs/`; `/` when absent): the output's files are served under it, as
   * the pages' own URLs name them; `/` and the base without its slash redirect to it, and any
   * other path outside it is not found.
   */
  baseUrl?: string;
}

/**
 * A request handler serving a built site: looked-up files, locale 404 pages, compression. It
 * expects requests whose Host was checked (see createHardenedServer).
 */
export function staticMiddleware(getFiles: () => SiteFiles, options: StaticMiddlewareOptions = {}) {
  const compressed = createCompressedCache(COMPRESSED_CACHE_BYTES);
  const { transformHtml, immutableCaching = true } = options;
  return function docgenStatic(request: IncomingMessage, response: ServerResponse): void {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { Allow: 'GET, HEAD' }).end();
      return;
    }
    const requested = parseRequestPath(request.url);
    if (requested === undefined) {
      response.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Bad request\n');
      return;
    }
    const base = options.baseUrl ?? '/';
    if (base !== '/' && (requested === '/' || requested === base.slice(0, -1))) {
      response.writeHead(302, { Location: encodeURI(base), 'Content-Type': 'text/plain; charset=utf-8' }).end(`The site is at ${base}\n`);
      return;
    }
    if (!requested.startsWith(base)) {
      response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end(`Not found: the site is served at ${base}\n`);
      return;
    }
    // The output's files are at its root: the URL path below the base names them.
    const pathname = `/${requested.slice(base.length)}`;
    const found = lookUp(getFiles(), pathname, options.live ?? false);
    if (!found) {
      response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found\n');
      return;
    }
    const { file, status } = found;
    const type = CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
    const headers: Record<string, string> = {
      'Content-Type': type,
      // Assets, page data (under the build id) and sidebars (content-hashed) never change at a URL.
      'Cache-Control':
        immutableCaching && /^\/(assets|_docgen)\//.test(pathname) && status === 200 ? 'public, max-age=31536000, immutable' : 'no-cache',
      Vary: 'Accept-Encoding',
    };
    // A range is of the file as it is on the disk: not of a page the server changes as it sends it.
    const transformed = transformHtml !== undefined && type.startsWith('text/html');
    const ranged = status === 200 && !transformed;
    if (ranged) headers['Accept-Ranges'] = 'bytes';
    const size = found.body?.length ?? found.size!;
    const range = ranged ? readByteRange(request, size) : undefined;
    if (range === 'unsatisfiable') {
      if (found.fd !== undefined) closeSync(found.fd);
      response
        .writeHead(416, { 'Content-Range': `bytes */${size}`, 'Content-Type': 'text/plain; charset=utf-8' })
        .end('Range not satisfiable\n');
      return;
    }
    if (range) {
      // The file's own bytes, never compressed.
      headers['Content-Range'] = `bytes ${range.start}-${range.end}/${size}`;
      headers['Content-Length'] = String(range.end - range.start + 1);
      response.writeHead(206, headers);
      if (found.fd !== undefined) streamFile(request, response, found.fd, range);
      else response.end(request.method === 'HEAD' ? undefined : found.body.subarray(range.start, range.end + 1));
      return;
    }
    if (found.body === undefined) {
      headers['Content-Length'] = String(found.size);
      response.writeHead(status, headers);
      streamFile(request, response, found.fd, { start: 0, end: found.size - 1 });
      return;
    }
    let body: Buffer = found.body;
    if (transformed) body = Buffer.from(transformHtml(body.toString('utf8')));
    const accept = String(request.headers['accept-encoding'] ?? '');
    if (COMPRESSIBLE.test(type) && body.length > 1024) {
      const encoding = /\bbr\b/.test(accept) ? 'br' : /\bgzip\b/.test(accept) ? 'gzip' : undefined;
      if (encoding) {
        body = compressed.get(`${encoding}:${file}:${found.mtimeMs}:${body.length}`, () =>
          encoding === 'br' ? brotliCompressSync(body) : gzipSync(body),
        );
        headers['Content-Encoding'] = encoding;
      }
    }
    headers['Content-Length'] = String(body.length);
    response.writeHead(status, headers);
    response.end(request.method === 'HEAD' ? undefined : body);
  };
}

/** A byte range of a file, both ends included. */
interface ByteRange {
  start: number;
  end: number;
}

/**
 * The range a GET or HEAD asks for of a file of `size` bytes (RFC 9110, section 14), as media
 * players and readers of packed files ask: one range, `bytes=a-b`, `bytes=a-` or `bytes=-n`,
 * clamped to the file; `unsatisfiable` when it starts past the end (or asks for no byte). No
 * range (the whole file, 200) when there is no Range header, when it is not of that form (several
 * ranges included: a server may answer those whole), or when it is conditional (`If-Range`: this
 * server sends no validator to compare it with).
 */
function readByteRange(request: IncomingMessage, size: number): ByteRange | 'unsatisfiable' | undefined {
  const header = request.headers.range;
  if (header === undefined || request.headers['if-range'] !== undefined) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    return suffix === 0 || size === 0 ? 'unsatisfiable' : { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const last = match[2] === '' ? Infinity : Number(match[2]);
  if (last < start) return undefined;
  return start >= size ? 'unsatisfiable' : { start, end: Math.min(last, size - 1) };
}

/** Sends `range` of the open file `fd` (closed once done), or only closes it for a HEAD. */
function streamFile(request: IncomingMessage, response: ServerResponse, fd: number, range: ByteRange): void {
  if (request.method === 'HEAD') {
    closeSync(fd);
    response.end();
    return;
  }
  const stream = createReadStream('', { fd, start: range.start, end: range.end });
  stream.on('error', () => response.destroy());
  response.on('close', () => stream.destroy());
  stream.pipe(response);
}

/** Compressed bodies by key, at most `maxBytes` of them: the least recently added go first. */
function createCompressedCache(maxBytes: number) {
  const entries = new Map<string, Buffer>();
  let bytes = 0;
  return {
    get(key: string, compress: () => Buffer): Buffer {
      let body = entries.get(key);
      if (body) return body;
      body = compress();
      entries.set(key, body);
      bytes += body.length;
      for (const [oldKey, old] of entries) {
        if (bytes <= maxBytes) break;
        entries.delete(oldKey);
        bytes -= old.length;
      }
      return body;
    },
  };
}

/**
 * A file found for a request: its bytes, or, for a large file other than a page, an open file
 * descriptor to stream it from (the caller closes it). Read through one descriptor, so a file
 * replaced by a rebuild meanwhile is served whole, old or new.
 */
type FoundFile = { file: string; status: number; mtimeMs: number } & (
  { body: Buffer; fd?: undefined; size?: undefined } | { body?: undefined; fd: number; size: number }
);

/**
 * The file a path is served from, or its locale's 404 page when it has none (`live`: looked
 * for on the disk too, see SiteFiles.find); undefined when there is neither or it is gone.
 */
function lookUp(files: SiteFiles, pathname: string, live: boolean): FoundFile | undefined {
  const page = live ? files.find(pathname) : files.resolve(pathname);
  const file = page ?? (live ? files.findNotFoundPage(pathname) : files.notFoundPage(pathname));
  if (!file) return undefined;
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    if (!live) return undefined;
    // Removed since it was found: what the path names now, if anything.
    files.forget(file);
    return lookUp(files, pathname, live);
  }
  const status = page ? 200 : 404;
  let streamed = false;
  try {
    const { size, mtimeMs } = fstatSync(fd);
    streamed = size > STREAM_FROM && !file.endsWith('.html');
    return streamed ? { file, status, mtimeMs, fd, size } : { file, status, mtimeMs, body: readFileSync(fd) };
  } finally {
    if (!streamed) closeSync(fd);
  }
}

export interface StaticServer {
  server: Server;
  url: string;
  /** Rescans the output folder after a rebuild. */
  reload(): void;
  close(): Promise<void>;
}

/** Security headers of every response, refusals included. */
function setCommonHeaders(response: ServerResponse): void {
  response.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
  response.setHeader('X-Content-Type-Options', 'nosniff');
}

/**
 * The raw response to a request the parser refused: 408 when it came too slowly, 414 when its
 * request line is too long, 431 when its headers are, 400 otherwise.
 */
function getClientErrorResponse(error: NodeJS.ErrnoException & { rawPacket?: Buffer }): string {
  let status = '400 Bad Request';
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') status = '408 Request Timeout';
  else if (error.code === 'HPE_HEADER_OVERFLOW') {
    // The packet that overflowed starts the request when its line is what is too long.
    const packet = error.rawPacket;
    const lineEnd = packet?.indexOf('\r\n') ?? 0;
    const startsRequest = packet !== undefined && /^[A-Z]+ /.test(packet.subarray(0, 16).toString('latin1'));
    status = startsRequest && (lineEnd === -1 || lineEnd > MAX_REQUEST_LINE) ? '414 URI Too Long' : '431 Request Header Fields Too Large';
  }
  return `HTTP/1.1 ${status}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`;
}

/**
 * An HTTP server that keeps answering whatever clients send, and whose handler cannot crash the
 * process. The handler sees only requests with exactly one Host header naming this server
 * (others: 400 when missing, repeated or malformed, 403 when foreign, see isAllowedHost); a
 * throwing handler answers 500; a malformed request answers 400, 414 or 431; slow clients are
 * cut off (CLIENT_TIMEOUTS); CONNECT answers 405.
 */
export function createHardenedServer(boundHost: string, handler: (request: IncomingMessage, response: ServerResponse) => void): Server {
  const server = createServer(
    {
      headersTimeout: CLIENT_TIMEOUTS.HEADERS_MS,
      requestTimeout: CLIENT_TIMEOUTS.REQUEST_MS,
      keepAliveTimeout: CLIENT_TIMEOUTS.KEEP_ALIVE_MS,
      connectionsCheckingInterval: CLIENT_TIMEOUTS.CHECK_MS,
    },
    (request, response) => {
      setCommonHeaders(response);
      const host = getRequestHost(request);
      if (host === undefined || !isAllowedHost(host, boundHost)) {
        const [status, message] = host === undefined ? [400, 'Bad request: send one Host header'] : [403, 'Forbidden: unknown Host header'];
        response.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', Connection: 'close' }).end(`${message}\n`);
        return;
      }
      try {
        handler(request, response);
      } catch (error) {
        console.error(error);
        if (!response.headersSent) response.writeHead(500).end('Internal error\n');
        else response.destroy();
      }
    },
  );
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    if (socket.writable) socket.end(getClientErrorResponse(error));
    else socket.destroy();
  });
  server.on('connect', (_request: IncomingMessage, socket: Socket) => {
    socket.on('error', () => socket.destroy());
    socket.end('HTTP/1.1 405 Method Not Allowed\r\nAllow: GET, HEAD\r\nContent-Length: 0\r\nConnection: close\r\n\r\n');
  });
  return server;
}

/** Starts a static server for a built site. Resolves once it listens. */
export async function startStaticServer(options: StaticServerOptions & { tryNextPort?: boolean }): Promise<StaticServer> {
  let files = new SiteFiles(options.root);
  const server = createHardenedServer(
    options.host,
    staticMiddleware(() => files, { baseUrl: options.baseUrl }),
  );
  const port = await listen(server, options.host, options.port, options.tryNextPort ?? false);
  return {
    server,
    url: getServerUrl(options.host, port, options.baseUrl),
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
