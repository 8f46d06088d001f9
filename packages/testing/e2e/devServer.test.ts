import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { get, type IncomingMessage } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getSearchFileName } from '@docgen/shared/search';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage } from '../src/browser.js';
import { listSearchIndexFiles, readSearchIndexText } from '../src/searchIndex.js';
import { startServe as startServeIn, type RunningServe } from '../src/serve.js';
import { copyDocsContent } from '../src/siteCopy.js';

const scratch = mkdtempSync(join(tmpdir(), 'docgen-dev-'));
const site = copyDocsContent(join(scratch, 'site'));
const page = join(site, 'docs', 'guide', 'start.md');
const original = readFileSync(page, 'utf8');

const startServe = (args: string[]) => startServeIn(site, args);

function liveEvents(url: string, token: string): { events: string[]; close: () => void } {
  const events: string[] = [];
  let response: IncomingMessage | undefined;
  const request = get(`${url}/__docgen/live?token=${token}`, (res) => {
    response = res;
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => {
      for (const match of chunk.matchAll(/event: ([\w-]+)\ndata: (.*)\n/g)) events.push(`${match[1]} ${match[2]}`);
    });
  });
  return { events, close: () => (response?.destroy(), request.destroy()) };
}

let dev: RunningServe;
let token: string;
beforeAll(async () => {
  dev = await startServe(['--watch', '--port', '0']);
  // The tests below edit files: they start once the first build is done.
  for (let waited = 0; !/Built \d+ pages/.test(dev.stdout()); waited += 100) {
    if (waited > 90_000) throw new Error(`The first build did not finish:\n${dev.stdout()}\n${dev.stderr()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  token = /token=([a-f0-9]+)/.exec(await (await fetch(`${dev.url}/docs/guide/start`)).text())![1]!;
});
afterAll(async () => {
  dev?.child.kill('SIGKILL');
  rmSync(scratch, { recursive: true, force: true });
});

describe('docgen serve --watch', () => {
  it('serves the site on 127.0.0.1 with the locale 404 page, content types, compression and no permissive CORS', async () => {
    expect(dev.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const home = await fetch(`${dev.url}/en/`, { headers: { 'Accept-Encoding': 'br' } });
    expect(home.status).toBe(200);
    expect(home.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(home.headers.get('content-encoding')).toBe('br');
    expect(home.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    expect(home.headers.get('access-control-allow-origin')).toBeNull();
    const missing = await fetch(`${dev.url}/en/docs/nothing-here`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('<h1>Page Not Found</h1>');
    const svg = await fetch(`${dev.url}/img/logo.svg`);
    expect(svg.headers.get('content-type')).toBe('image/svg+xml');
    // Drafts are part of the development build.
    expect((await fetch(`${dev.url}/docs/guide/roadmap-draft`)).status).toBe(200);
  });

  it('rebuilds only what a saved edit affects and tells the open pages to reload', async () => {
    const live = liveEvents(dev.url, token);
    await new Promise((resolve) => setTimeout(resolve, 300));
    writeFileSync(page, `${original}\n## 저장 직후 확인 {#saved-now}\n\n저장하자마자 새 내용이 보여야 합니다.\n`);
    await expect.poll(async () => (await fetch(`${dev.url}/docs/guide/start`)).text(), { timeout: 15_000 }).toContain('id="saved-now"');
    await expect.poll(() => live.events).toContain('reload {}');
    // The pages reload before the search indexes and seo files are written; the summary follows.
    await expect.poll(() => dev.stdout()).toMatch(/Built \d+ pages \(2 rendered\) in \d+ ms after changes to docs\/guide\/start\.md/);
    // The search indexes follow, written after the summary (the next save's pages do not wait for them), and are served.
    // The first build's may still be under way, its line printed after this summary: the index is read until it has the text.
    await expect
      .poll(() => dev.stdout(), { timeout: 30_000 })
      .toMatch(/after changes to docs\/guide\/start\.md\n(.*\n)*\s*Search indexes written \d+ ms later/);
    const output = readdirSync(join(site, '.docgen')).find((name) => name.startsWith('serve.docgen-tmp-'))!;
    const findManifests = () =>
      readdirSync(join(site, '.docgen', output, '_docgen', 'search'))
        .map((id) => `_docgen/search/${id}/ko-docs-current.json`)
        .filter((path) => existsSync(join(site, '.docgen', output, path)));
    await expect
      .poll(() => findManifests().map((path) => readSearchIndexText(join(site, '.docgen', output, path))), { timeout: 30_000 })
      .toEqual([expect.stringContaining('저장하자마자 새 내용이 보여야 합니다.')]);
    const manifests = findManifests();
    const manifestUrl = `${dev.url}/${manifests[0]}`;
    expect((await fetch(manifestUrl)).status).toBe(200);
    const shardUrl = `${dev.url}/_docgen/search/files/${getSearchFileName(JSON.parse(await (await fetch(manifestUrl)).text()).shardFiles[0])}`;
    expect((await fetch(shardUrl)).status).toBe(200);
    // The files of the index it replaced go: the output comes to hold those its manifests name, no more. (They are
    // removed once the new manifest names the new ones: on a loaded machine, after the manifest is read above.)
    const searchDir = join(site, '.docgen', output, '_docgen', 'search');
    const listUnnamed = () => {
      const named = new Set(
        readdirSync(searchDir)
          .filter((name) => name !== 'files')
          .flatMap((id) => readdirSync(join(searchDir, id)).map((name) => join(searchDir, id, name)))
          .flatMap(listSearchIndexFiles),
      );
      return readdirSync(join(searchDir, 'files')).filter((name) => !named.has(name));
    };
    await expect.poll(listUnnamed, { timeout: 15_000 }).toEqual([]);
    // llms-full.txt follows every edit (a watching build keeps the twins' texts in memory).
    const llmsFull = async () => (await fetch(`${dev.url}/llms-full.txt`)).text();
    await expect.poll(llmsFull, { timeout: 15_000 }).toContain('저장하자마자 새 내용이 보여야 합니다.');
    writeFileSync(page, `${original}\n## 두 번째 저장 {#saved-again}\n\n두 번째 저장의 내용입니다.\n`);
    await expect.poll(llmsFull, { timeout: 15_000 }).toContain('두 번째 저장의 내용입니다.');
    expect(await llmsFull()).not.toContain('저장하자마자 새 내용이 보여야 합니다.');
    live.close();
  });

  it('shows a broken page as an overlay and in the terminal with file:line:col, keeps serving, and clears when fixed', async () => {
    const browser = await launchBrowser();
    const { context, page: tab } = await openPage(browser);
    await tab.goto(`${dev.url}/docs/guide/start`, { waitUntil: 'networkidle' });
    await tab.evaluate(() => window.scrollTo(0, 900));
    writeFileSync(page, original.replace(/^title: .*$/m, 'title: [unclosed'));
    const overlay = tab.locator('#__docgen-overlay');
    await overlay.waitFor({ timeout: 15_000 });
    expect(await overlay.locator('[role="alertdialog"]').count()).toBe(1);
    // Where the unclosed bracket opens (see devOverlay.test.ts for the overlay itself).
    expect(await overlay.locator('[data-docgen-file]').textContent()).toBe('docs/guide/start.md:2:8');
    await expect.poll(() => dev.stderr()).toMatch(/docs\/guide\/start\.md:2:8\s+Invalid YAML/);
    expect((await fetch(`${dev.url}/docs/guide/start`)).status).toBe(200);
    writeFileSync(page, original);
    await expect.poll(() => overlay.count(), { timeout: 15_000 }).toBe(0);
    await expect.poll(() => tab.evaluate(() => window.scrollY)).toBe(900);
    await context.close();
    await browser.close();
  });

  it('updates routes and sidebars when files are added and deleted', async () => {
    const added = join(site, 'docs', 'guide', 'added-page.md');
    writeFileSync(added, '---\ntitle: 새로 추가한 문서\n---\n\n## 첫 절\n\n새 문서입니다.\n');
    await expect.poll(async () => (await fetch(`${dev.url}/docs/guide/added-page`)).status, { timeout: 15_000 }).toBe(200);
    rmSync(added);
    await expect.poll(async () => (await fetch(`${dev.url}/docs/guide/added-page`)).status, { timeout: 15_000 }).toBe(404);
    // Both rebuilds are done (the page is gone once its rebuild wrote the pages, before the rest).
    await expect
      .poll(() => dev.stdout().match(/Built .* after changes to docs\/guide\/added-page\.md/g)?.length, { timeout: 15_000 })
      .toBe(2);
  });

  it('stops cleanly on Ctrl-C, leaving nothing behind but its compile store, theme bundle, git dates and output for the next run', async () => {
    const cacheDir = join(site, '.docgen');
    expect(readdirSync(cacheDir).some((name) => name.startsWith('serve-'))).toBe(true);
    dev.child.kill('SIGINT');
    expect(await dev.exited).toBe(0);
    // docs-content shows last-updated dates: the git pass is kept by commit (git-last-updates.json).
    // The output of the last build is kept for the next dev server, served at once if nothing changes meanwhile.
    expect(readdirSync(cacheDir)).toEqual(['bundles', 'git-last-updates.json', 'serve-compiled', 'serve-output', 'serve-output.json']);
    expect(readdirSync(join(cacheDir, 'serve-compiled'))).toContain('index.json');
    expect(readdirSync(join(cacheDir, 'serve-output'))).toContain('404.html');
  });

  it('picks the next free port when the one asked for is busy, and says so', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const busy = (blocker.address() as { port: number }).port;
    const second = await startServe(['--watch', '--port', String(busy)]);
    expect(second.url).not.toBe(`http://127.0.0.1:${busy}`);
    expect(second.stdout()).toContain(`Port ${busy} is in use; using port`);
    second.child.kill('SIGINT');
    expect(await second.exited).toBe(0);
    blocker.close();
    expect(existsSync(site)).toBe(true);
  });
});
