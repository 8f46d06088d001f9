import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gotoReady, launchBrowser, openPage } from '../src/browser.js';
import { runDocgen } from '../src/cli.js';
import { writeSiteFiles } from '../src/fixtureSite.js';
import { startServe, type RunningServe } from '../src/serve.js';

/*
 * A site whose baseUrl is not `/` previewed with `docgen serve` and `serve --watch`: served under
 * its base, as its pages' URLs name their scripts, styles and images, so that the preview works in
 * Chromium; `/` leads to the base and other paths are not found.
 */
const scratch = mkdtempSync(join(tmpdir(), 'docgen-base-url-'));
const site = writeSiteFiles(join(scratch, 'site'), {
  'docgen.config.yaml': 'title: Based\nurl: https://based.example.com\nbaseUrl: /docs/\ni18n:\n  defaultLocale: en\n  locales: [en]\n',
  'sidebars.yaml': 'docs:\n  - intro\n  - next\n',
  'docs/intro.md': '# Intro\n\n![Logo](/img/logo.svg)\n\nRead [the next page](next.md).\n',
  'docs/next.md': '# Next\n\nThe end.\n',
  'pages/index.md': '# Based\n\nThe home page.\n',
  'static/img/logo.svg':
    '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20"><rect width="40" height="20" fill="teal"/></svg>\n',
});

let browser: Browser;
beforeAll(async () => {
  const built = await runDocgen(['build', site]);
  expect(built.code, built.stderr).toBe(0);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  rmSync(scratch, { recursive: true, force: true });
});

for (const mode of ['serve', 'serve --watch']) {
  describe(`docgen ${mode} of a site at baseUrl /docs/`, () => {
    let serve: RunningServe;
    beforeAll(async () => {
      serve = await startServe(site, mode === 'serve' ? ['--port', '0'] : ['--watch', '--port', '0']);
    });
    afterAll(async () => {
      serve?.child.kill('SIGINT');
      await serve?.exited;
    });
    const origin = () => serve.url.replace(/\/docs$/, '');

    it('says it serves at the base, leads / there, and finds nothing outside it', async () => {
      expect(serve.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/docs$/);
      for (const path of ['/', '/docs']) {
        const response = await fetch(`${origin()}${path}`, { redirect: 'manual' });
        expect(response.status, path).toBe(302);
        expect(response.headers.get('location'), path).toBe('/docs/');
      }
      const outside = await fetch(`${origin()}/img/logo.svg`);
      expect(outside.status).toBe(404);
      expect(await outside.text()).toBe('Not found: the site is served at /docs/\n');
      expect((await fetch(`${origin()}/docs/img/logo.svg`)).status).toBe(200);
      // A page that does not exist gets the site's own 404 page.
      const missing = await fetch(`${origin()}/docs/docs/nowhere`);
      expect(missing.status).toBe(404);
      expect(await missing.text()).toContain('<html');
    });

    it('shows its pages in Chromium with their scripts, styles and images, and navigates on the client', async () => {
      const { context, page, problems } = await openPage(browser);
      const failed: string[] = [];
      page.on('response', (response) => void (response.status() >= 400 && failed.push(`${response.status()} ${response.url()}`)));
      await gotoReady(page, `${origin()}/`);
      expect(new URL(page.url()).pathname).toBe('/docs/');
      expect(await page.locator('main h1').first().textContent()).toBe('Based');
      await gotoReady(page, `${origin()}/docs/docs/intro`);
      expect(await page.locator('article h1').first().textContent()).toBe('Intro');
      // The theme's stylesheet applied, the image drawn.
      expect(await page.locator('link[rel="stylesheet"]').count()).toBeGreaterThan(0);
      expect(await page.evaluate(() => getComputedStyle(document.body).margin)).toBe('0px');
      await expect.poll(() => page.locator('article img').evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(40);
      await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
      await page.locator('article a', { hasText: 'the next page' }).click();
      await expect.poll(() => page.locator('article h1').first().textContent()).toBe('Next');
      expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
      expect(failed).toEqual([]);
      expect(problems).toEqual([]);
      await context.close();
    });
  });
}
