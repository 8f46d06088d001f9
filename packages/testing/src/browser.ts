import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { CHROMIUM_ARGS } from '@docgen/core';

const CHROMIUM = process.env.DOCGEN_CHROMIUM ?? '/usr/bin/chromium';

/** Launches Debian's Chromium headless, with the flags this closed network needs. */
export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`Chromium not found at ${CHROMIUM}: run pnpm --filter @docgen/testing ensure-chromium`);
  }
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [...CHROMIUM_ARGS],
  });
}

/** A page that records console errors, warnings and uncaught exceptions. */
export async function openPage(
  browser: Browser,
  { colorMode, ...options }: BrowserContextOptions & { colorMode?: 'light' | 'dark' } = {},
): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
  const context = await browser.newContext(options);
  // The reader's choice of colour mode (the toggle's), on every page the context opens.
  if (colorMode) await context.addInitScript((mode) => localStorage.setItem('theme', mode), colorMode);
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return { context, page, problems };
}

/**
 * Opens `url` (at 1280 x 900) and waits for the network to settle, recording what `pick` gives
 * for each request (skipped when undefined), in the order made, while the page stays open.
 */
export async function openRecording(browser: Browser, url: string, pick: (url: URL) => string | undefined) {
  const opened = await openPage(browser, { viewport: { width: 1280, height: 900 } });
  const requests: string[] = [];
  opened.page.on('request', (request) => {
    const picked = pick(new URL(request.url()));
    if (picked !== undefined) requests.push(picked);
  });
  await opened.page.goto(url, { waitUntil: 'networkidle' });
  return { ...opened, requests };
}
