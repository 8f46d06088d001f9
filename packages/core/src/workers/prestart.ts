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
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { findCacheDir, findCompiledModule } from '../processes/index.js';

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
  startBuildThread(options.threads);
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
