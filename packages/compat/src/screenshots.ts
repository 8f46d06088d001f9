/**
 * Screenshots of a sample of pages in both builds, side by side: each build served by the plain
 * static server at the site's base URL, each page opened in Debian's Chromium at the same size.
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { chromium } from 'playwright-core';
import type { Comparison } from './compare.js';
import { startPlainServer } from './plainServer.js';

const CHROMIUM = process.env.DOCGEN_CHROMIUM ?? '/usr/bin/chromium';

export interface Screenshot {
  route: string;
  /** Paths relative to the out folder. */
  docusaurus: string;
  docgen: string;
}

/** The home page, then routes with an article spread over the site, `count` in all. */
function pickRoutes(comparison: Comparison, count: number): string[] {
  const served = comparison.pages.filter((page) => page.served);
  const articles = served.filter((page) => page.words && page.words.reference > 0).map((page) => page.route);
  const picked = served.some((page) => page.route === '/') ? ['/'] : [];
  const candidates = articles.filter((route) => !picked.includes(route));
  const wanted = Math.min(count - picked.length, candidates.length);
  for (let index = 0; index < wanted; index++) picked.push(candidates[Math.floor((index * candidates.length) / wanted)]!);
  return picked;
}

/** Serves `buildDir` at `baseUrl` (a link to it in a temporary folder): the build's own URLs then resolve. */
async function serveAt(buildDir: string, baseUrl: string) {
  const root = mkdtempSync(join(tmpdir(), 'docgen-compat-'));
  const mounted = join(root, baseUrl);
  mkdirSync(dirname(mounted.replace(/\/$/, '')), { recursive: true });
  if (baseUrl === '/') {
    rmSync(root, { recursive: true, force: true });
    const server = await startPlainServer(buildDir);
    return { url: server.url, close: () => server.close() };
  }
  symlinkSync(buildDir, mounted.replace(/\/$/, ''), 'dir');
  const server = await startPlainServer(root);
  return {
    url: server.url,
    close: async () => {
      await server.close();
      rmSync(root, { recursive: true, force: true });
    },
  };
}

export async function takeScreenshots(input: {
  referenceDir: string;
  docgenDir: string;
  baseUrl: string;
  comparison: Comparison;
  count: number;
  outDir: string;
}): Promise<Screenshot[]> {
  const routes = pickRoutes(input.comparison, input.count);
  if (routes.length === 0) return [];
  mkdirSync(input.outDir, { recursive: true });
  const [reference, docgen] = await Promise.all([serveAt(input.referenceDir, input.baseUrl), serveAt(input.docgenDir, input.baseUrl)]);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const shots: Screenshot[] = [];
    for (const route of routes) {
      const name = route === '/' ? 'home' : route.slice(1).replace(/[^\w.-]+/g, '_');
      const shot = { route, docusaurus: `screenshots/${name}.docusaurus.png`, docgen: `screenshots/${name}.docgen.png` };
      const path = input.baseUrl + route.replace(/^\//, '');
      for (const [server, file] of [
        [reference, shot.docusaurus],
        [docgen, shot.docgen],
      ] as const) {
        await page.goto(server.url + encodeURI(path), { waitUntil: 'networkidle', timeout: 30_000 }).catch(() => undefined);
        await page.screenshot({ path: join(dirname(input.outDir), file) });
      }
      shots.push(shot);
    }
    return shots;
  } finally {
    await browser.close();
    await Promise.all([reference.close(), docgen.close()]);
  }
}
