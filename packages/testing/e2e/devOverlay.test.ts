import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage } from '../src/browser.js';
import { getMinimalSiteFiles, writeSiteFiles } from '../src/fixtureSite.js';
import { startServe, type RunningServe } from '../src/serve.js';

/**
 * The error overlay of `serve --watch` in Chromium (a code frame with the column marked, the
 * file as an editor link, a close button, keyboard operable), the list of broken links in the
 * page, and what the terminal prints of a rebuild's warnings.
 */
const scratch = mkdtempSync(join(tmpdir(), 'docgen-overlay-'));
const site = writeSiteFiles(join(scratch, 'my site'), {
  ...getMinimalSiteFiles('Overlay'),
  'docs/intro.md': '---\ntitle: Intro\n---\n\n# Intro\n\nHello.\n',
  'docs/other.md': '# Other\n\nReturns List<String>.\n',
});
const intro = join(site, 'docs', 'intro.md');
const EDITOR = 'myeditor://open?file={path}&line={line}&column={column}';

let serve: RunningServe;
let browser: Browser;
beforeAll(async () => {
  serve = await startServe(site, ['--watch', '--port', '0', '--editor-url', EDITOR]);
  for (let waited = 0; !/Built \d+ pages/.test(serve.stdout()); waited += 100) {
    if (waited > 90_000) throw new Error(`The first build did not finish:\n${serve.stdout()}\n${serve.stderr()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  serve?.child.kill('SIGINT');
  await serve?.exited;
  rmSync(scratch, { recursive: true, force: true });
});

describe('serve --watch: the error overlay', () => {
  it('shows a code frame with the column marked, an editor link and a close button, and is keyboard operable', async () => {
    const { context, page, problems } = await openPage(browser);
    await page.goto(`${serve.url}/docs/intro`, { waitUntil: 'networkidle' });
    const built = serve.stdout().match(/Built \d+ pages/g)!.length;
    writeFileSync(intro, '---\ntitle: "Intro\nsidebar_position: 2\n---\n\n# Intro\n\nHello.\n');

    const dialog = page.locator('#__docgen-overlay [role="alertdialog"]');
    await dialog.waitFor({ timeout: 20_000 });
    expect(await dialog.getAttribute('aria-modal')).toBe('true');
    expect(await dialog.locator('h2').textContent()).toBe('docgen could not build your last change');
    const file = dialog.locator('a[data-docgen-file]');
    expect(await file.textContent()).toBe('docs/intro.md:2:8');
    const path = pathToFileURL(intro).pathname;
    expect(path).toContain('my%20site');
    expect(await file.getAttribute('href')).toBe(`myeditor://open?file=${path}&line=2&column=8`);
    expect(await dialog.locator('.message').textContent()).toBe('Invalid YAML: Missing closing "quote');
    // The frame: lines 1 to 4, the failing one marked, its column highlighted and pointed at.
    const rows = await dialog.locator('.frame .row:not(.caret)').allTextContents();
    expect(rows).toEqual(['  1 | ---', '> 2 | title: "Intro', '  3 | sidebar_position: 2', '  4 | ---']);
    expect(await dialog.locator('.frame .bad mark.column').textContent()).toBe('"');
    expect(await dialog.locator('.frame .caret').textContent()).toBe('    |        ^');
    // Opaque over the page, whatever the page's own style.
    const background = await dialog.evaluate((element) => getComputedStyle(element).backgroundColor);
    expect(background).toBe('rgb(22, 22, 26)');
    // The close button has the focus; Tab stays in the dialog (link, button); Escape closes it.
    const focused = () => page.evaluate(() => document.getElementById('__docgen-overlay')?.shadowRoot?.activeElement?.className ?? null);
    expect(await focused()).toBe('close');
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('file');
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('close');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('#__docgen-overlay').count()).toBe(0);

    // The next error opens it again; the close button closes it.
    writeFileSync(intro, '---\ntitle: [Intro\n---\n\n# Intro\n');
    await expect.poll(() => file.textContent().catch(() => null), { timeout: 20_000 }).toBe('docs/intro.md:2:8');
    await dialog.getByRole('button', { name: 'Close the error overlay' }).click();
    await expect.poll(() => page.locator('#__docgen-overlay').count()).toBe(0);

    // Fixed: the page reloads with the change, without the overlay.
    writeFileSync(intro, '---\ntitle: Intro\n---\n\n# Intro again\n\nHello <Foo>.\n');
    await expect.poll(() => page.locator('h1').first().textContent(), { timeout: 20_000 }).toBe('Intro again');
    expect(await page.locator('#__docgen-overlay').count()).toBe(0);
    await expect.poll(() => serve.stdout().match(/Built \d+ pages/g)!.length).toBeGreaterThan(built);
    expect(problems.filter((problem) => !problem.includes('500'))).toEqual([]);
    await context.close();
  });

  it('prints only the new warnings of a rebuild, and a count of the unchanged ones', async () => {
    await expect.poll(() => serve.stderr()).toMatch(/1 new, 1 unchanged since the last build \(not shown again\)/);
    // The first build's warning once, the new one once.
    expect(serve.stderr().match(/warning docs\/other\.md:3:13 {2}Unknown HTML tag <String>/g)).toHaveLength(1);
    expect(serve.stderr().match(/warning docs\/intro\.md:7:7 {2}Unknown HTML tag <Foo>/g)).toHaveLength(1);
    expect(serve.stderr()).toMatch(/^1 warning$/m);
    expect(serve.stderr()).toMatch(/^2 warnings: 1 new, 1 unchanged since the last build \(not shown again\)$/m);
  });

  it('lists the broken links of the site in the page, dismissible until the list changes, gone once they are fixed', async () => {
    const { context, page } = await openPage(browser);
    // Each step bounded: a locator waits for ever by default, and a poll of one never ends.
    page.setDefaultTimeout(15_000);
    // A save makes the server reload every open page: the steps after one wait for the page to be loaded again.
    const reloadAfter = async (save: () => void) => {
      const loaded = page.waitForEvent('load', { timeout: 20_000 });
      save();
      await loaded;
    };
    // 'load', not 'networkidle': the page's live channel is a request that never ends.
    await page.goto(`${serve.url}/docs/intro`, { waitUntil: 'load' });
    const list = page.locator('#__docgen-links [role="region"]');
    expect(await page.locator('#__docgen-links').count()).toBe(0);

    await reloadAfter(() =>
      writeFileSync(join(site, 'docs', 'other.md'), '# Other\n\nSee [intro](intro.md#intro-agan) and [gone](gone.md).\n'),
    );
    await list.waitFor({ timeout: 20_000 });
    expect(await list.locator('h2').textContent()).toBe('2 broken links in the site');
    const places = list.locator('a.file');
    expect(await places.allTextContents()).toEqual(['docs/other.md:3:5', 'docs/other.md:3:38']);
    const path = pathToFileURL(join(site, 'docs', 'other.md')).pathname;
    expect(await places.first().getAttribute('href')).toBe(`myeditor://open?file=${path}&line=3&column=5`);
    expect(await list.locator('.message').first().textContent()).toMatch(
      /^Broken anchor intro\.md#intro-agan: .*did you mean #intro-again\?$/,
    );
    // It leaves the page usable: no focus taken, a corner of the screen only.
    expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
    const box = (await list.boundingBox())!;
    expect(box.width).toBeLessThan(500);

    // Dismissed, it stays away on a reload while the list is the same.
    await list.getByRole('button', { name: 'Dismiss the list of broken links' }).click();
    expect(await page.locator('#__docgen-links').count()).toBe(0);
    await page.reload({ waitUntil: 'load' });
    await page.waitForTimeout(500);
    expect(await page.locator('#__docgen-links').count()).toBe(0);

    // A changed list shows again; fixing every link removes it.
    await reloadAfter(() => writeFileSync(join(site, 'docs', 'other.md'), '# Other\n\nSee [gone](gone.md).\n'));
    await expect
      .poll(
        () =>
          list
            .locator('h2')
            .textContent()
            .catch(() => null),
        { timeout: 20_000 },
      )
      .toBe('1 broken link in the site');
    await reloadAfter(() => writeFileSync(join(site, 'docs', 'other.md'), '# Other\n\nSee [intro](intro.md).\n'));
    await expect.poll(() => page.locator('#__docgen-links').count(), { timeout: 20_000 }).toBe(0);
    await context.close();
  });
});
