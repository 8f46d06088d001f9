/**
 * `docgen serve` and `docgen serve --watch` under load and against hostile clients, on a site
 * generated here: each answers 200 concurrent requests, keeps serving while 100 connections sit
 * idle without a full request (and closes those with 408), answers over-long, malformed and
 * absolute-form request targets with 4xx, refuses every Host but its own names (400 when missing,
 * empty or repeated, 403 when foreign) whatever X-Forwarded-Host says, and, with --watch, opens
 * its live-reload channel only with the token of its pages and from its own origin.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDocgen } from '../src/cli.js';
import { getMinimalSiteFiles, writeSiteFiles } from '../src/fixtureSite.js';
import { openIdle, sendRaw } from '../src/rawHttp.js';
import { startServe, type RunningServe } from '../src/serve.js';

const scratch = mkdtempSync(join(tmpdir(), 'docgen-serve-hardening-'));
const site = join(scratch, 'site');
const PAGES = ['/docs/intro', '/docs/guide/first', '/docs/guide/second'];
/** A file large enough to be streamed from the disk rather than read whole. */
const big = randomBytes(2 * 1024 * 1024);

writeSiteFiles(site, {
  ...getMinimalSiteFiles('Hardening'),
  'docs/intro.md': '# Intro\n\nThe first page.\n',
  'docs/guide/first.md': '# First guide\n\nA guide.\n\n## Part one\n\nText.\n',
  'docs/guide/second.md': '# Second guide\n\nAnother guide.\n',
  'static/files/big.bin': big,
});
// A link in static/ to a file outside the site is never served, whatever the build does with it.
symlinkSync('/etc/passwd', join(site, 'static', 'secret'));

beforeAll(async () => {
  const built = await runDocgen(['build', site]);
  expect(built.code, built.stderr).toBe(0);
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A GET of `target` with the given header lines (CRLF-separated, no trailing CRLF). */
const get = (target: string, headers: string) => `GET ${target} HTTP/1.1\r\n${headers}${headers ? '\r\n' : ''}Connection: close\r\n\r\n`;

describe.each([
  { name: 'docgen serve', args: [] },
  { name: 'docgen serve --watch', args: ['--watch'] },
])('$name', ({ args }) => {
  const watching = args.includes('--watch');
  let server: RunningServe;
  beforeAll(async () => {
    server = await startServe(site, [...args, '--port', '0']);
    // With --watch, the tests start once the first build is done.
    for (let waited = 0; watching && !/Built \d+ pages/.test(server.stdout()); waited += 100) {
      if (waited > 90_000) throw new Error(`The first build did not finish:\n${server.stdout()}\n${server.stderr()}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });
  afterAll(() => {
    if (server?.child.exitCode === null) server.child.kill('SIGKILL');
  });

  it('answers 200 concurrent requests for pages, a missing page, a large file and ranges of it, all correctly', async () => {
    const paths = Array.from({ length: 200 }, (_, n) => (n % 10 === 0 ? '/files/big.bin' : n % 10 === 1 ? '/docs/missing' : PAGES[n % 3]!));
    // Every fifth request of the large file asks for a range of it, as a media player seeking does.
    const rangeOf = (n: number) => (n % 50 === 0 ? { start: n * 1000, end: n * 1000 + 65_535 } : undefined);
    const answers = await Promise.all(
      paths.map(async (path, n) => {
        const range = path === '/files/big.bin' ? rangeOf(n) : undefined;
        const headers: Record<string, string> = { 'Accept-Encoding': n % 2 ? 'br' : 'gzip' };
        if (range) headers.Range = `bytes=${range.start}-${range.end}`;
        const response = await fetch(server.url + path, { headers });
        return { path, range, status: response.status, body: Buffer.from(await response.arrayBuffer()) };
      }),
    );
    for (const { path, range, status, body } of answers) {
      expect(status, path).toBe(path === '/docs/missing' ? 404 : range ? 206 : 200);
      if (path === '/files/big.bin') expect(body.equals(range ? big.subarray(range.start, range.end + 1) : big), path).toBe(true);
      else expect(body.toString('utf8'), path).toContain('</html>');
    }
  });

  it.runIf(watching)('answers 200 concurrent requests at a time while a saved edit is rebuilt', async () => {
    writeSiteFiles(site, { 'docs/intro.md': '# Intro\n\nThe first page, edited.\n' });
    const statuses: string[] = [];
    for (let burst = 0; burst < 5; burst++) {
      const paths = Array.from({ length: 200 }, (_, n) => (n % 4 === 0 ? '/docs/missing' : PAGES[n % 3]!));
      statuses.push(...(await Promise.all(paths.map(async (path) => `${path} ${(await fetch(server.url + path)).status}`))));
    }
    expect(statuses.filter((status) => !/^(\/docs\/missing 404|\/docs\/\S+ 200)$/.test(status))).toEqual([]);
    await expect
      .poll(async () => (await fetch(`${server.url}/docs/intro`)).text(), { timeout: 15_000 })
      .toContain('The first page, edited.');
  });

  it('keeps serving while 100 connections sit idle without a full request, and closes those with 408', async () => {
    const idle = await Promise.all(
      Array.from({ length: 100 }, (_, n) => openIdle(server.url, n % 2 ? 'GET /docs/intro HTTP/1.1\r\nHost: 127.0.0.1\r\n' : '')),
    );
    const statuses = await Promise.all(
      PAGES.flatMap((path) => Array.from({ length: 10 }, async () => (await fetch(server.url + path)).status)),
    );
    expect(statuses).toEqual(Array(30).fill(200));
    expect(idle.every(({ socket }) => !socket.destroyed)).toBe(true);
    // The server closes them (see CLIENT_TIMEOUTS in staticServer.ts): each gets a 408.
    const answers = await Promise.all(idle.map(({ answer }) => answer));
    expect(answers.map((answer) => answer.status)).toEqual(Array(100).fill(408));
  });

  it.each([
    ['a 100 KB request path', 414, get(`/${'a'.repeat(100_000)}`, 'Host: 127.0.0.1')],
    ['a 100 KB header', 431, get('/docs/intro', `Host: 127.0.0.1\r\nX-Padding: ${'a'.repeat(100_000)}`)],
    ['an absolute-form target', 400, get('http://evil/', 'Host: 127.0.0.1')],
    ['an absolute-form target naming the server', 400, get('http://127.0.0.1/docs/intro', 'Host: 127.0.0.1')],
    ['a request line that is no HTTP', 400, 'NONSENSE\r\n\r\n'],
    ['a header line with no colon', 400, get('/docs/intro', 'Host 127.0.0.1')],
    ['CONNECT', 405, 'CONNECT evil.example.com:443 HTTP/1.1\r\nHost: evil.example.com:443\r\n\r\n'],
    ['POST', 405, 'POST /docs/intro HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 0\r\nConnection: close\r\n\r\n'],
    ['a path up out of the site', 400, get('/../../../../etc/passwd', 'Host: 127.0.0.1')],
    ['an encoded path up out of the site', 400, get('/%2e%2e/%2e%2e/%2e%2e/etc/passwd', 'Host: 127.0.0.1')],
    ['encoded separators', 400, get('/..%2f..%2f..%2fetc/passwd', 'Host: 127.0.0.1')],
    ['backslashes', 400, get('/docs/..%5c..%5c..%5cetc%5cpasswd', 'Host: 127.0.0.1')],
    ['a NUL', 400, get('/docs/intro%00.html', 'Host: 127.0.0.1')],
    ['a protocol-relative target', 400, get('//etc/passwd', 'Host: 127.0.0.1')],
    ['a link out of static/', 404, get('/secret', 'Host: 127.0.0.1')],
  ])('answers %s with %i and keeps running', async (_what, status, request) => {
    const answer = await sendRaw(server.url, request);
    expect(answer.status).toBe(status);
    expect(answer.text).not.toContain('root:x:0:0');
    expect((await fetch(`${server.url}/docs/intro`)).status).toBe(200);
  });

  it.each([
    ['localhost.evil.com', 403, 'Host: localhost.evil.com'],
    ['127.0.0.1.nip.io', 403, 'Host: 127.0.0.1.nip.io'],
    ['a foreign name with a port', 403, 'Host: evil.example.com:80'],
    ['a foreign name, X-Forwarded-Host naming the server', 403, 'Host: evil.example.com\r\nX-Forwarded-Host: 127.0.0.1'],
    ['a foreign name, Forwarded naming the server', 403, 'Host: evil.example.com\r\nForwarded: host=localhost'],
    ['an empty Host', 400, 'Host: '],
    ['no Host', 400, ''],
    ['a duplicated Host', 400, 'Host: 127.0.0.1\r\nHost: evil.example.com'],
    ['the same Host twice', 400, 'Host: 127.0.0.1\r\nHost: 127.0.0.1'],
    ['a Host with user info', 400, 'Host: 127.0.0.1@evil.example.com'],
  ])('refuses %s with %i', async (_what, status, headers) => {
    const answer = await sendRaw(server.url, get('/docs/intro', headers));
    expect(answer.status).toBe(status);
    expect(answer.text).not.toContain('The first page');
  });

  it('answers a URL segment longer than a file name may be with the 404 page, not an error', async () => {
    const long = 'a'.repeat(300);
    for (const path of [`/docs/${long}`, `/${long}/x`, `/docs/${long}.html`]) {
      const response = await fetch(`${server.url}${path}`);
      expect(response.status, path).toBe(404);
      await response.arrayBuffer();
    }
    // Nothing on the terminal: the stack traces of ENAMETOOLONG are what the Ctrl-C test below also rules out.
    expect(server.stderr()).not.toMatch(/ENAMETOOLONG/);
  });

  it('answers its loopback names, and never reads X-Forwarded-Host', async () => {
    const port = new URL(server.url).port;
    for (const host of ['localhost', `localhost:${port}`, 'docs.localhost', '127.0.0.1', `127.0.0.1:${port}`, '[::1]']) {
      const answer = await sendRaw(server.url, get('/docs/intro', `Host: ${host}\r\nX-Forwarded-Host: evil.example.com`));
      expect(answer.status, host).toBe(200);
      expect(answer.text).not.toContain('evil.example.com');
    }
  });

  it.runIf(watching)('opens the live-reload channel only with the token of its pages and from its own origin', async () => {
    const token = /token=([a-f0-9]+)/.exec(await (await fetch(`${server.url}/docs/intro`)).text())![1]!;
    const live = (query: string, headers: string) => sendRaw(server.url, get(`/__docgen/live${query}`, headers), 500);
    const own = 'Host: 127.0.0.1';
    expect((await live('', own)).status).toBe(403);
    expect((await live('?token=guess', own)).status).toBe(403);
    expect((await live(`?token=${'0'.repeat(token.length)}`, own)).status).toBe(403);
    expect((await live(`?token=${encodeURIComponent('é'.repeat(token.length))}`, own)).status).toBe(403);
    expect((await live(`?token=${token}x`, own)).status).toBe(403);
    expect((await live(`?token=${token}`, `${own}\r\nOrigin: http://evil.example.com`)).status).toBe(403);
    expect((await live(`?token=${token}`, `${own}\r\nOrigin: null`)).status).toBe(403);
    expect((await live(`?token=${token}`, 'Host: evil.example.com')).status).toBe(403);
    expect((await live(`?token=${token}`, `${own}\r\nHost: evil.example.com`)).status).toBe(400);
    const opened = await live(`?token=${token}`, `${own}\r\nOrigin: http://127.0.0.1`);
    expect(opened.status).toBe(200);
    expect(opened.text).toContain('Content-Type: text/event-stream');
  });

  it.runIf(!watching)('has no live-reload channel, and its pages carry no live-reload script', async () => {
    expect(await (await fetch(`${server.url}/docs/intro`)).text()).not.toContain('__docgen/live');
    expect((await fetch(`${server.url}/__docgen/live`)).status).toBe(404);
  });

  it('stops with exit code 0 on Ctrl-C, having printed no error', async () => {
    server.child.kill('SIGINT');
    expect(await server.exited).toBe(0);
    // Warnings about the site may be printed; no error and no stack trace.
    expect(server.stderr()).not.toMatch(/^error |Error:|^\s+at /m);
  });
});

describe('docgen serve --host 0.0.0.0', () => {
  it('answers a Host that is an IP address (DNS rebinding needs a name) and still refuses foreign names', async () => {
    const server = await startServe(site, ['--host', '0.0.0.0', '--port', '0']);
    const url = server.url.replace('localhost', '127.0.0.1');
    const port = new URL(url).port;
    try {
      for (const host of ['192.0.2.7', `192.0.2.7:${port}`, '[2001:db8::7]', 'localhost']) {
        expect((await sendRaw(url, get('/docs/intro', `Host: ${host}`))).status, host).toBe(200);
      }
      for (const host of ['evil.example.com', '127.0.0.1.nip.io', '192.0.2.7.nip.io']) {
        expect((await sendRaw(url, get('/docs/intro', `Host: ${host}`))).status, host).toBe(403);
      }
    } finally {
      server.child.kill('SIGINT');
      expect(await server.exited).toBe(0);
    }
  });
});
