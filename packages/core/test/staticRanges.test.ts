/**
 * Byte ranges from docgen's static server (`docgen serve`, and the dev server's files): one range
 * of a file, as media players seek and as a reader of a packed file asks for an entry, from a file
 * read whole and from one streamed from the disk; the file's own bytes, never compressed; 416 past
 * the end; the whole file for what it does not serve as a range (several ranges, a conditional
 * range, a malformed one, a 404 page, a page the dev server changes as it sends it).
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHardenedServer, SiteFiles, staticMiddleware } from '../src/dev/staticServer.js';

const root = mkdtempSync(join(tmpdir(), 'docgen-ranges-'));
const small = randomBytes(100);
/** Larger than what the server reads whole: streamed from the disk. */
const big = randomBytes(3 * 1024 * 1024 + 17);
/** Compressible, and larger than what the server sends uncompressed. */
const json = JSON.stringify({ entries: Array.from({ length: 400 }, (_, index) => `entry ${index}`) });
const page = `<!doctype html><html><head><title>Page</title></head><body>${'<p>Text.</p>'.repeat(200)}</body></html>`;

const servers: Server[] = [];
let plainUrl: string;
let transformingUrl: string;

async function listen(server: Server): Promise<string> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  const files: Record<string, string | Buffer> = {
    'small.bin': small,
    'big.bin': big,
    'data.json': json,
    'media/clip.mp4': small,
    'media/song.mp3': small,
    'media/clip.vtt': 'WEBVTT\n',
    'page/index.html': page,
    '404.html': '<!doctype html><title>Not found</title><p>Nothing here.</p>',
  };
  for (const [path, bytes] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), bytes);
  }
  const siteFiles = new SiteFiles(root);
  plainUrl = await listen(
    createHardenedServer(
      '127.0.0.1',
      staticMiddleware(() => siteFiles),
    ),
  );
  transformingUrl = await listen(
    createHardenedServer(
      '127.0.0.1',
      staticMiddleware(() => siteFiles, { live: true, transformHtml: (html) => html.replace('</body>', '<script>live()</script></body>') }),
    ),
  );
});
afterAll(async () => {
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  rmSync(root, { recursive: true, force: true });
});

const get = (path: string, headers: Record<string, string> = {}, base = plainUrl, method = 'GET') =>
  fetch(base + path, { method, headers: { 'Accept-Encoding': 'gzip, br', ...headers } });
const bytesOf = async (response: Response) => Buffer.from(await response.arrayBuffer());

describe('a byte range', () => {
  it.for([
    { range: 'bytes=10-19', start: 10, end: 19 },
    { range: 'bytes=95-', start: 95, end: 99 },
    { range: 'bytes=-5', start: 95, end: 99 },
    { range: 'bytes=-500', start: 0, end: 99 },
    { range: 'bytes=90-1000', start: 90, end: 99 },
    { range: 'bytes=0-0', start: 0, end: 0 },
  ])('$range of a 100-byte file is bytes $start-$end, with 206', async ({ range, start, end }) => {
    const response = await get('/small.bin', { Range: range });
    expect(response.status).toBe(206);
    expect(response.headers.get('content-range')).toBe(`bytes ${start}-${end}/100`);
    expect(response.headers.get('content-length')).toBe(String(end - start + 1));
    expect((await bytesOf(response)).equals(small.subarray(start, end + 1))).toBe(true);
  });

  it('of a file streamed from the disk, across the edge of the stream chunks', async () => {
    const start = 1024 * 1024 - 10;
    const response = await get('/big.bin', { Range: `bytes=${start}-${start + 70_000}` });
    expect(response.status).toBe(206);
    expect(response.headers.get('content-range')).toBe(`bytes ${start}-${start + 70_000}/${big.length}`);
    expect((await bytesOf(response)).equals(big.subarray(start, start + 70_001))).toBe(true);
    const tail = await get('/big.bin', { Range: 'bytes=-17' });
    expect((await bytesOf(tail)).equals(big.subarray(big.length - 17))).toBe(true);
  });

  it('is of the file as on the disk: a compressible file is sent uncompressed', async () => {
    const whole = await get('/data.json');
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-encoding')).toBe('br');
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    const part = await get('/data.json', { Range: 'bytes=2-8' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-encoding')).toBeNull();
    expect(await part.text()).toBe(json.slice(2, 9));
  });

  it('answers a HEAD with the headers of the range and no body', async () => {
    const response = await get('/big.bin', { Range: 'bytes=100-199' }, plainUrl, 'HEAD');
    expect(response.status).toBe(206);
    expect(response.headers.get('content-range')).toBe(`bytes 100-199/${big.length}`);
    expect(response.headers.get('content-length')).toBe('100');
    expect((await bytesOf(response)).length).toBe(0);
  });

  it.for(['bytes=100-', 'bytes=5000-6000', 'bytes=-0'])('%s of a 100-byte file is not satisfiable: 416 with the size', async (range) => {
    const response = await get('/small.bin', { Range: range });
    expect(response.status).toBe(416);
    expect(response.headers.get('content-range')).toBe('bytes */100');
  });

  it.for([
    { case: 'several ranges', headers: { Range: 'bytes=0-1,5-6' } },
    { case: 'a range that ends before it starts', headers: { Range: 'bytes=9-3' } },
    { case: 'another unit', headers: { Range: 'items=0-1' } },
    { case: 'a conditional range', headers: { Range: 'bytes=0-1', 'If-Range': 'Wed, 21 Oct 2015 07:28:00 GMT' } },
  ])('is the whole file for $case', async ({ headers }) => {
    const response = await get('/small.bin', headers);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-range')).toBeNull();
    expect((await bytesOf(response)).equals(small)).toBe(true);
  });

  it('is not served of a 404 page', async () => {
    const response = await get('/missing.bin', { Range: 'bytes=0-3' });
    expect(response.status).toBe(404);
    expect(response.headers.get('content-range')).toBeNull();
    expect(await response.text()).toContain('Nothing here.');
  });

  it('is of a page as on the disk, and not served of a page the dev server changes as it sends it', async () => {
    const plain = await get('/page', { Range: 'bytes=0-14' });
    expect(plain.status).toBe(206);
    expect(await plain.text()).toBe('<!doctype html>');
    const changed = await get('/page', { Range: 'bytes=0-14' }, transformingUrl);
    expect(changed.status).toBe(200);
    expect(changed.headers.get('accept-ranges')).toBeNull();
    expect(await changed.text()).toContain('<script>live()</script></body>');
    // Its other files are served as ranges.
    const file = await get('/small.bin', { Range: 'bytes=1-2' }, transformingUrl);
    expect(file.status).toBe(206);
    expect((await bytesOf(file)).equals(small.subarray(1, 3))).toBe(true);
  });
});

describe('media', () => {
  it.for([
    ['/media/clip.mp4', 'video/mp4'],
    ['/media/song.mp3', 'audio/mpeg'],
    ['/media/clip.vtt', 'text/vtt; charset=utf-8'],
  ])('%s is served as %s, seekable', async ([path, type]) => {
    const response = await get(path!, { Range: 'bytes=0-3' });
    expect(response.headers.get('content-type')).toBe(type);
    expect(response.status).toBe(206);
  });
});
