import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { get, type IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

export interface WatchMeasurement {
  /** From starting `serve --watch` to "Serving at", in milliseconds (the first full build). */
  startupMs: number;
  /** From writing the page to receiving `event: reload`, one per edit, in milliseconds. */
  latenciesMs: number[];
  /** docgen's own rebuild times ("Built ... in N ms"), one per edit. */
  rebuildMs: number[];
}

const ANSI = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');

/**
 * Starts `docgen serve <site> --watch --port 0` as a child, connects to its live-reload channel the
 * way a served page does (token from the page's HTML), then saves `pageFile` `edits` times and
 * times each save until the `reload` event. The page is restored afterwards.
 */
export async function measureWatch(options: {
  docgenBin: string;
  siteDir: string;
  /** A route served by the site, whose HTML holds the live-reload token. */
  route: string;
  /** Site-relative path of the page to edit. */
  pageFile: string;
  edits: number;
  env: NodeJS.ProcessEnv;
  log: (line: string) => void;
}): Promise<WatchMeasurement> {
  const start = performance.now();
  const child = spawn(process.execPath, [options.docgenBin, 'serve', options.siteDir, '--watch', '--port', '0'], {
    env: { ...options.env, NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  const listeners = new Set<() => void>();
  const notify = () => listeners.forEach((listener) => listener());
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk.replace(ANSI, '');
    notify();
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk.replace(ANSI, '')));
  let exited = false;
  child.on('exit', () => {
    exited = true;
    notify();
  });

  /** Resolves with the first match of `pattern` in stdout after `from`. */
  const waitForOutput = (pattern: RegExp, from: number, timeoutMs: number) =>
    waitFor(listeners, timeoutMs, () => {
      if (exited) throw new Error(`docgen serve --watch exited:\n${stdout}\n${stderr}`);
      return pattern.exec(stdout.slice(from)) ?? undefined;
    });

  const file = join(options.siteDir, options.pageFile);
  const original = readFileSync(file, 'utf8');
  let sse: IncomingMessage | undefined;
  try {
    const url = (await waitForOutput(/Serving at (http:\/\/\S+?)\/?\s/, 0, 30 * 60_000))[1]!;
    const startupMs = performance.now() - start;
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

    const latenciesMs: number[] = [];
    const rebuildMs: number[] = [];
    const save = async (text: string) => {
      // Let the watcher settle after the previous rebuild, so each save is measured alone.
      await sleep(500);
      const seen = reloads;
      const from = stdout.length;
      const saved = performance.now();
      writeFileSync(file, text);
      await waitFor(listeners, 120_000, () => {
        if (exited) throw new Error(`docgen serve --watch exited:\n${stdout}\n${stderr}`);
        return reloads > seen ? true : undefined;
      });
      const latency = performance.now() - saved;
      const built = await waitForOutput(/Built \d+ pages \(\d+ rendered\) in (\d+) ms/, from, 300_000);
      return { latency, rebuild: Number(built[1]) };
    };
    for (let edit = 1; edit <= options.edits; edit++) {
      const { latency, rebuild } = await save(
        `${original}\n벤치마크 편집 ${edit}번째 문단입니다. 저장한 뒤 페이지가 다시 불러와지는 시간을 잽니다.\n`,
      );
      latenciesMs.push(latency);
      rebuildMs.push(rebuild);
      options.log(`  serve --watch edit ${edit}/${options.edits}: reload after ${latency.toFixed(0)} ms (rebuild ${rebuild} ms)`);
    }
    await save(original);
    return { startupMs, latenciesMs, rebuildMs };
  } finally {
    writeFileSync(file, original);
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
