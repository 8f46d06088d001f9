import { readFile, stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';

/** What a browser needs typed to run a page; anything else is served as bytes. */
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
};

export interface PlainServer {
  /** `http://127.0.0.1:<port>`, without a trailing slash. */
  url: string;
  close(): Promise<void>;
}

/**
 * A static file server that knows nothing of docgen, as GitHub Pages, S3 or nginx with
 * `try_files $uri $uri.html $uri/index.html` serve a build: `/x` is the file `x`, else `x.html`,
 * else `x/index.html`; anything else is the first path segment's `404.html` (a locale's), else
 * `/404.html`, with status 404. Tests serve builds with it so that nothing works only because
 * `docgen serve` knows the build.
 */
export async function startPlainServer(root: string): Promise<PlainServer> {
  const isFile = async (path: string) => (await stat(path).catch(() => undefined))?.isFile() === true;
  const inside = (path: string) => normalize(path).startsWith(normalize(root) + sep);
  const server = createServer((request, response) => {
    void (async () => {
      let pathname: string;
      try {
        pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
      } catch {
        response.writeHead(400).end();
        return;
      }
      const base = join(root, pathname);
      const candidates = pathname.endsWith('/') ? [join(base, 'index.html')] : [base, `${base}.html`, join(base, 'index.html')];
      for (const candidate of candidates) {
        if (inside(candidate) && (await isFile(candidate))) {
          response.writeHead(200, { 'content-type': TYPES[extname(candidate)] ?? 'application/octet-stream' });
          response.end(await readFile(candidate));
          return;
        }
      }
      const segment = pathname.split('/')[1];
      for (const notFound of [segment ? join(root, segment, '404.html') : '', join(root, '404.html')]) {
        if (notFound && inside(notFound) && (await isFile(notFound))) {
          response.writeHead(404, { 'content-type': TYPES['.html']! });
          response.end(await readFile(notFound));
          return;
        }
      }
      response.writeHead(404).end();
    })().catch(() => response.writeHead(500).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
