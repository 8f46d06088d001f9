import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { get, type IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { getFreePort, pollHttp } from './httpProbe.js';
import type { DocgenCommand } from './runProcess.js';

/** What measureWatch measured; all times in milliseconds. */
export interface WatchMeasurement {
  /** Port the dev server was started on (`--port`). */
  port: number;
  /** From spawning `serve --watch` to the first HTTP 200 of the sample page's HTML, in milliseconds. */
  firstPageMs: number;
  /** From spawning `serve --watch` to its first "Built N pages" line, in milliseconds (the whole first build). */
  startupMs: number;
  /** From writing the page to receiving `event: reload`, one per edit, in milliseconds. */
  latenciesMs: number[];
  /** From writing the page to a GET of its URL returning HTML with the new text, one per edit, in milliseconds. */
  pageReceivedMs: number[];
  /** docgen's own rebuild times ("Built ... in N ms"), one per edit, in milliseconds. */
  rebuildMs: number[];
}

const ANSI = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');

/** Poll interval while waiting for the first page, and after a save, in milliseconds. */
const FIRST_PAGE_POLL_MS = 20;
const SAVED_PAGE_POLL_MS = 5;
/** How long a save may take to show in the served page, in milliseconds. */
const SAVED_PAGE_TIMEOUT_MS = 30_000;

/**
 * Starts `docgen serve <site> --watch --port P` (P a free port) as a child and times it as a user
 * feels it: GETs the sample page every 20 ms until its HTML is served, and notes when the whole
 * first build is done (its first "Built N pages" line; it serves pages before). Then connects to the live-reload channel the way a served
 * page does (token from the page's HTML), saves `pageFile` `edits` times and times each save until
 * the `reload` event and until a GET of `pageRoute` (polled every 5 ms) returns HTML with the new
 * text. The page is restored afterwards.
 */
export async function measureWatch(
  options: DocgenCommand & {
    siteDir: string;
    /** A route served by the site whose HTML holds `routeText` and the live-reload token. */
    route: string;
    /** Text the HTML of `route` holds once it is the real page (its title), not a placeholder. */
    routeText: string;
    /** Site-relative path of the page to edit. */
    pageFile: string;
    /** Route of the page to edit. */
    pageRoute: string;
    edits: number;
  },
): Promise<WatchMeasurement> {
  const port = await getFreePort();
  let base = `http://127.0.0.1:${port}`;
  const start = performance.now();
  const child = spawn(process.execPath, [options.docgenBin, 'serve', options.siteDir, '--watch', '--port', String(port)], {
    env: { ...options.env, NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  const listeners = new Set<() => void>();
  const notify = () => listeners.forEach((listener) => listener());
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk.replace(ANSI, '');
    // docgen takes the next port when P was taken meanwhile: follow it.
    const moved = /Port \d+ is in use; using port (\d+)/.exec(stdout);
    if (moved) base = `http://127.0.0.1:${moved[1]}`;
    notify();
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk.replace(ANSI, '')));
  let exited = false;
  child.on('exit', () => {
    exited = true;
    notify();
  });
  const exitError = () => (exited ? new Error(`docgen serve --watch exited:\n${stdout}\n${stderr}`) : undefined);

  /** Resolves with the first match of `pattern` in stdout after `from`. */
  const waitForOutput = (pattern: RegExp, from: number, timeoutMs: number) =>
    waitFor(listeners, timeoutMs, () => {
      const error = exitError();
      if (error) throw error;
      return pattern.exec(stdout.slice(from)) ?? undefined;
    });

  const file = join(options.siteDir, options.pageFile);
  const original = readFileSync(file, 'utf8');
  let sse: IncomingMessage | undefined;
  try {
    const serving = waitForOutput(/Serving at (http:\/\/\S+?)\/?\s/, 0, 30 * 60_000).then((match) => match[1]!);
    let builtAt: number | undefined;
    // Saves are timed once the first build is done (a save during it is rebuilt after it).
    const firstBuild = waitForOutput(/Built \d+ pages/, 0, 30 * 60_000).then(() => {
      builtAt = performance.now();
    });
    const firstPage = pollHttp({
      url: () => base + options.route,
      intervalMs: FIRST_PAGE_POLL_MS,
      timeoutMs: 30 * 60_000,
      accept: (status, body) => status === 200 && body.includes(options.routeText),
      // Bounded: the server exited, or its first build has been done for 30 s without serving the page.
      stop: () =>
        exitError() ??
        (builtAt !== undefined && performance.now() - builtAt > 30_000 ? new Error(`${options.route} is not served`) : undefined),
    });
    const [url, firstPageAt] = await Promise.all([serving, firstPage, firstBuild]);
    const startupMs = builtAt! - start;
    const firstPageMs = firstPageAt - start;
    options.log(
      `  serve --watch: first page served after ${(firstPageMs / 1000).toFixed(2)} s, whole first build ${(startupMs / 1000).toFixed(2)} s`,
    );
    const html = await (await fetch(new URL(options.route, url))).text();
    const token = /[?&]token=([0-9a-f]+)/.exec(html)?.[1];
    if (!token) throw new Error(`No live-reload token in the HTML of ${options.route}`);

    let reloads = 0;
    sse = await new Promise<IncomingMessage>((resolve, reject) =>
      get(`${url}/__docgen/live?token=${token}`, (response) => {
        if (response.statusCode !== 200) reject(new Error(`The live-reload channel answered ${response.statusCode}`));
        else resolve(response);
      }).on('error', reject),
    );
    let buffer = '';
    sse.setEncoding('utf8').on('data', (chunk: string) => {
      buffer += chunk;
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        if (/^event: reload$/m.test(buffer.slice(0, end))) reloads++;
        buffer = buffer.slice(end + 2);
        notify();
      }
    });

    /** Saves `text`, waits for the reload event (and for `newText` in the served page, if given), then for the rebuild summary. */
    const save = async (text: string, newText?: string) => {
      // Let the watcher settle after the previous rebuild, so each save is measured alone.
      await sleep(500);
      const seen = reloads;
      const from = stdout.length;
      const saved = performance.now();
      writeFileSync(file, text);
      const [reloadAt, receivedAt] = await Promise.all([
        waitFor(listeners, 120_000, () => {
          const error = exitError();
          if (error) throw error;
          return reloads > seen ? performance.now() : undefined;
        }),
        newText === undefined
          ? undefined
          : pollHttp({
              url: () => base + options.pageRoute,
              intervalMs: SAVED_PAGE_POLL_MS,
              timeoutMs: SAVED_PAGE_TIMEOUT_MS,
              accept: (status, body) => status === 200 && body.includes(newText),
              stop: exitError,
            }),
      ]);
      const built = await waitForOutput(/Built \d+ pages \(\d+ rendered\) in (\d+) ms/, from, 300_000);
      return { latency: reloadAt - saved, received: (receivedAt ?? NaN) - saved, rebuild: Number(built[1]) };
    };
    const latenciesMs: number[] = [];
    const pageReceivedMs: number[] = [];
    const rebuildMs: number[] = [];
    for (let edit = 1; edit <= options.edits; edit++) {
      const newText = `벤치마크 편집 ${edit}번째 문단입니다.`;
      const { latency, received, rebuild } = await save(
        `${original}\n${newText} 저장한 뒤 페이지가 다시 불러와지는 시간을 잽니다.\n`,
        newText,
      );
      latenciesMs.push(latency);
      pageReceivedMs.push(received);
      rebuildMs.push(rebuild);
      options.log(
        `  serve --watch edit ${edit}/${options.edits}: reload event after ${latency.toFixed(0)} ms, ` +
          `new page over HTTP after ${received.toFixed(0)} ms (rebuild ${rebuild} ms)`,
      );
    }
    await save(original);
    return { port, firstPageMs, startupMs, latenciesMs, pageReceivedMs, rebuildMs };
  } finally {
    // Put back only if a failed save left it changed: a write of the same text is a change to the
    // watcher (and to the next dev server, which serves the output this one keeps only when no input changed).
    if (readFileSync(file, 'utf8') !== original) writeFileSync(file, original);
    sse?.destroy();
    if (!exited) {
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await waitFor(listeners, 15_000, () => (exited ? true : undefined)).catch(() => undefined);
      clearTimeout(killer);
    }
  }
}

/** Resolves with the first defined value of `check`, re-run whenever a listener fires. */
function waitFor<T>(listeners: Set<() => void>, timeoutMs: number, check: () => T | undefined): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const done = (finish: () => void) => {
      clearTimeout(timer);
      listeners.delete(listener);
      finish();
    };
    const listener = () => {
      try {
        const value = check();
        if (value !== undefined) done(() => resolve(value));
      } catch (error) {
        done(() => reject(error as Error));
      }
    };
    const timer = setTimeout(() => done(() => reject(new Error(`Timed out after ${timeoutMs} ms`))), timeoutMs);
    listeners.add(listener);
    listener();
  });
}
