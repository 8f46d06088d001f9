/**
 * A build's first thread, started by the command line before it loads the build: the thread loads
 * its modules (half a second of CPU) on the second core while the calling thread loads its own and
 * reads the site, where it used to start only once the build knew its output folder. The first
 * pool of the process takes it (see createTaskPool), sending it the setup it would have started
 * with. It is unreferenced until taken, so it keeps no process alive.
 *
 * Only for a build that has no cache to start from (a clean clone, `--no-cache`), which runs the
 * whole build on threads: a site with a cache may have nothing to build, and a thread started then
 * for nothing cost 0.35 s of CPU and 80 ms more for "nothing changed" at 10,000 pages. A build
 * with a cache starts it itself (startBuildThread) once it has read the record of its last build,
 * later than here: such a build is most often an edit, and the same cost for nothing was smaller
 * there (see buildLocked).
 */
import { existsSync, readdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { findCacheDir, findCompiledModule } from '../processes/index.js';

/**
 * Pages a build gives each thread, at least, before it starts another. A thread costs about a
 * second of CPU to start (its modules, and its own compile of the code it runs hot); under some
 * 300 pages a second thread does not pay that back. Measured on two cores with the Docusaurus
 * shape: at 50 pages one thread took 2.4 s wall and 2.8 s CPU, two 2.9 s and 3.9 s; at 400 pages
 * one 5.7 s and 6.8 s, two 5.5 s and 8.5 s; at 1,000 pages two were faster (8.4 s against 10.1 s).
 */
export const PAGES_PER_THREAD = 300;

/**
 * Whether a site has surely fewer than PAGES_PER_THREAD pages, from its files alone (before its
 * config is read): its markdown files (docs, versions, translations, blog; not node_modules, the
 * output or hidden folders), as many times as it has locales (a page of each, translated or not),
 * counted until they reach it. Such a build runs on the calling thread alone, as `--threads 1`:
 * on two cores a thread beside it cost CPU and saved no time (a 26-page site built in the same
 * wall time with 0.6 s less CPU, the 29-page classic template 0.2 s faster with 1.0 s less, a
 * one-page edit of the first 0.17 s faster).
 */
export function isSmallSite(siteDir: string): boolean {
  let locales = 1;
  try {
    locales += readdirSync(join(siteDir, 'i18n'), { withFileTypes: true }).filter((entry) => entry.isDirectory()).length;
  } catch {
    // No i18n folder: one locale.
  }
  const limit = Math.ceil(PAGES_PER_THREAD / locales);
  let count = 0;
  const walk = (dir: string): boolean => {
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return true;
    }
    for (const entry of entries) {
      if (entry.isDirectory()) {
        if (entry.name.startsWith('.') || entry.name === 'node_modules' || entry.name === 'build') continue;
        if (!walk(join(dir, entry.name))) return false;
      } else if (/\.mdx?$/i.test(entry.name) && ++count >= limit) {
        return false;
      }
    }
    return true;
  };
  return walk(siteDir);
}

/**
 * The threads a `docgen build` runs on when it is asked for none (`--threads`, `DOCGEN_THREADS`):
 * one for a small site (the last build's page count, else isSmallSite), else one per core.
 */
export function getBuildThreads(siteDir: string, requested: number | undefined, lastPageCount?: number): number | undefined {
  if (readRequestedThreads(requested) !== undefined) return requested;
  const small = lastPageCount === undefined ? isSmallSite(siteDir) : lastPageCount < PAGES_PER_THREAD;
  return small ? 1 : undefined;
}

/** The thread started ahead, until a pool takes it. */
let prestarted: Worker | undefined;

/** The thread count asked for: `--threads`, else `DOCGEN_THREADS`; undefined when none is. */
export function readRequestedThreads(requested: number | undefined): number | undefined {
  const fromEnv = Number(process.env.DOCGEN_THREADS);
  return requested ?? (Number.isInteger(fromEnv) && fromEnv > 0 ? fromEnv : undefined);
}

/** Threads of a build: `--threads`, else `DOCGEN_THREADS`, else one per core. */
export function getThreadCount(requested?: number): number {
  return Math.max(1, Math.min(readRequestedThreads(requested) ?? availableParallelism(), 64));
}

/** The entry of a build thread. */
export const getWorkerFile = (): string => findCompiledModule(import.meta.url, 'worker.js');

/**
 * Starts the first thread of a build of `siteDir` now, without its setup, when the build will want
 * it (see above); unless one is waiting.
 */
export function prestartBuildThread(siteDir: string, options: { cache?: boolean; threads?: number }): void {
  if (options.cache !== false && existsSync(findCacheDir(siteDir))) return;
  startBuildThread(getBuildThreads(siteDir, options.threads));
}

/**
 * Starts the first thread of a build now, without its setup, for the build's first pool to take:
 * unless one is waiting, or the build runs on the calling thread alone (getThreadCount of
 * `threads` is one). A thread no pool takes keeps no process alive, and waits for the process's
 * next build.
 */
export function startBuildThread(threads: number | undefined): void {
  if (prestarted || getThreadCount(threads) === 1) return;
  const worker = new Worker(getWorkerFile(), { workerData: null });
  worker.unref();
  // A thread that failed to start is not taken: the pool starts one as before.
  worker.once('error', () => {
    if (prestarted === worker) prestarted = undefined;
  });
  prestarted = worker;
}

/**
 * A thread of a pool that ended with the thread idle (a text edit that gave up: the whole build
 * comes next), kept for the process's next pool as a thread started ahead is, with the modules it
 * loaded: a new thread would load them again (half a second of CPU). Ended when one waits already.
 */
export function returnBuildThread(worker: Worker): void {
  if (prestarted) {
    void worker.terminate();
    return;
  }
  worker.unref();
  const forget = () => {
    if (prestarted === worker) prestarted = undefined;
  };
  worker.once('error', forget);
  worker.once('exit', forget);
  prestarted = worker;
}

/** The thread started ahead, referenced again, for the caller to send its setup; undefined when there is none. */
export function takePrestartedThread(): Worker | undefined {
  const taken = prestarted;
  prestarted = undefined;
  taken?.ref();
  return taken;
}
