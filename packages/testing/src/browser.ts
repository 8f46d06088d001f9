import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page, type Request } from 'playwright-core';
import { CHROMIUM_ARGS } from '@docgen/core';

const CHROMIUM = process.env.DOCGEN_CHROMIUM ?? '/usr/bin/chromium';

/**
 * One Chromium for every test file of the process (the e2e files share one: see vitest.config.ts),
 * launched when first asked for: a launch and a close took about a second a file. Tests isolate
 * themselves by contexts (openPage makes one each), as before.
 */
let shared: Promise<Browser> | undefined;

/**
 * Debian's Chromium headless, with the flags this closed network needs: the process's one browser
 * (launched again after a crash), through a handle of the caller's own whose `close()` closes the
 * contexts made through it. The browser itself ends with the process (Playwright closes what it
 * launched).
 */
export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`Chromium not found at ${CHROMIUM}: run pnpm --filter @docgen/testing ensure-chromium`);
  }
  shared ??= chromium.launch({ executablePath: CHROMIUM, args: [...CHROMIUM_ARGS] }).then(
    (browser) => browser.on('disconnected', () => (shared = undefined)),
    (error: unknown) => {
      shared = undefined;
      throw error;
    },
  );
  return toHandle(await shared);
}

function toHandle(browser: Browser): Browser {
  const contexts = new Set<BrowserContext>();
  const track = (context: BrowserContext) => {
    contexts.add(context);
    context.on('close', () => contexts.delete(context));
    return context;
  };
  const own: Partial<Browser> = {
    newContext: async (options) => track(await browser.newContext(options)),
    newPage: async (options) => {
      const page = await browser.newPage(options);
      track(page.context());
      return page;
    },
    contexts: () => [...contexts],
    close: async () => {
      await Promise.all([...contexts].map((context) => context.close()));
    },
  };
  return new Proxy(browser, {
    get(target, property) {
      if (Object.hasOwn(own, property)) return own[property as keyof Browser];
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
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
  await context.addInitScript(markClientReady);
  const page = await context.newPage();
  if (options.javaScriptEnabled === false) pagesWithoutScripts.add(page);
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return { context, page, problems };
}

/**
 * Runs in every document a context of openPage loads: sets `window.__docgenReady` when docgen's
 * router gives the history entry its key, which it does in its first effect, once the page is
 * hydrated and every component below it has run its own effects (keyboard shortcuts, listeners).
 */
function markClientReady() {
  const replaceState = History.prototype.replaceState;
  History.prototype.replaceState = function (this: History, state: unknown, ...rest: [string, (string | URL | null)?]) {
    if (typeof state === 'object' && state !== null && 'docgenKey' in state) (window as { __docgenReady?: boolean }).__docgenReady = true;
    return replaceState.call(this, state, ...rest);
  };
}

/** Pages of openPage that run no script: no client to wait for (see gotoReady). */
const pagesWithoutScripts = new WeakSet<Page>();

/** Requests a page has open: what gotoReady waits for after the client is ready. */
const openRequests = new WeakMap<Page, Set<Request>>();

function trackRequests(page: Page): Set<Request> {
  let open = openRequests.get(page);
  if (!open) {
    const requests = new Set<Request>();
    // A dev server's live channel (an EventSource) stays open as long as the page.
    page.on('request', (request) => {
      if (request.resourceType() !== 'eventsource') requests.add(request);
    });
    page.on('requestfinished', (request) => requests.delete(request));
    page.on('requestfailed', (request) => requests.delete(request));
    // A new document: what the one before it had open is never finished.
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) requests.clear();
    });
    openRequests.set(page, requests);
    open = requests;
  }
  return open;
}

/**
 * Loads `url` in `page` (or reloads the page, with no `url`) and waits until docgen's client is
 * ready on it (see markClientReady) and the requests it made by then are done, with no new one
 * for `quietMs`: what `waitUntil: 'networkidle'` gives, without its half a second of silence
 * after the last request. The page must come from openPage; one that runs no script
 * (`javaScriptEnabled: false`) waits for its requests only.
 */
export async function gotoReady(page: Page, url?: string, { quietMs = 100 } = {}) {
  const requests = trackRequests(page);
  const response = url === undefined ? await page.reload({ waitUntil: 'load' }) : await page.goto(url, { waitUntil: 'load' });
  if (!pagesWithoutScripts.has(page)) await page.waitForFunction(() => (window as { __docgenReady?: boolean }).__docgenReady === true);
  for (let quietSince = Date.now(); Date.now() - quietSince < quietMs;) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    if (requests.size > 0) quietSince = Date.now();
  }
  return response;
}

/**
 * Opens `url` (at 1280 x 900) and waits for the client and the network to settle, recording what
 * `pick` gives for each request (skipped when undefined), in the order made, while the page stays
 * open.
 */
export async function openRecording(
  browser: Browser,
  url: string,
  pick: (url: URL, headers: Record<string, string>) => string | undefined,
) {
  const opened = await openPage(browser, { viewport: { width: 1280, height: 900 } });
  const requests: string[] = [];
  opened.page.on('request', (request) => {
    const picked = pick(new URL(request.url()), request.headers());
    if (picked !== undefined) requests.push(picked);
  });
  // Half a second of silence, as `networkidle` waits for: what loads a little after the page is
  // recorded too. The client is ready by then: a key pressed next reaches its listeners.
  await gotoReady(opened.page, url, { quietMs: 500 });
  return { ...opened, requests };
}
