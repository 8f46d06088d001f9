import { Worker } from 'node:worker_threads';
import type { CompiledMarkdown, DiagnosticCode, SearchPage, SourceLocation, StoredContent } from '@docgen/types';
import type { CompileTask } from '../compile/index.js';
import { DocgenError } from '../diagnostics/index.js';
import { pauseForTest } from '../processes/index.js';
import { runGuarded } from './exitGuard.js';
import {
  getThreadCount,
  getWorkerFile,
  PAGES_PER_THREAD,
  readRequestedThreads,
  returnBuildThread,
  takePrestartedThread,
} from './prestart.js';
import type { PreReadMarkdown } from '../content/preRead.js';
import type { ExistingFiles, LocaleSetup, RenderResult, RenderTask, SearchAhead, TaskRunner, TaskSetup } from './tasks.js';

// Beside the thread the command line starts ahead (prestart.ts), which loads without this module.
export { getThreadCount } from './prestart.js';

type Method = keyof TaskRunner;

export interface WorkerRequest {
  id: number;
  method: Method;
  args: unknown[];
}

/** The first message of a thread started without its setup (see prestart.ts). */
export interface ThreadSetupMessage {
  setup: TaskSetup;
}

export interface WorkerResponse {
  id: number;
  result?: unknown;
  error?: {
    message: string;
    stack?: string;
    docgen?: { code: DiagnosticCode; location?: SourceLocation; hint?: string };
    cause?: { message: string; stack?: string };
    /** A system error's code, call and paths (ENOSPC on open of a path), which tell an environment error. */
    system?: { code?: string; syscall?: string; path?: string; dest?: string };
  };
}

/** Runs a build's compile, render and search tasks on `threads` threads (the calling one when 1). */
export interface TaskPool {
  readonly threads: number;
  /**
   * Runs the tasks to come on `count` threads at most: of a pool whose threads start with its first
   * task (see startAll), those not started yet are not started. No effect once they have started.
   */
  limitThreads(count: number): void;
  /** A thread died or stalled (or the pool was closed): every task fails; a new pool is needed. */
  readonly failed: boolean;
  /** Reads markdown files for the main thread, in the same order, in one message (see preReadMarkdown): null for those it must read itself. */
  preRead(paths: string[]): Promise<(PreReadMarkdown | null)[]>;
  /** `urgent`: ahead of every task waiting (the dev server's preview of a page asked for). */
  compile(tasks: CompileTask[], priority?: Priority): Promise<CompiledMarkdown[]>;
  /** Sends a locale's site data, sidebars and theme to every thread; `render` of the locale may follow. */
  setLocale(locale: LocaleSetup): void;
  /**
   * Has every thread load the markdown pipeline, if it has not, ahead of compile tasks that may
   * come, and run it on `samples` (see TaskRunner.prepareCompile); the threads not started yet
   * start (a dev server's first save after a run that sent no task does not wait for a thread to
   * load its modules and the theme).
   */
  prepareCompile(samples?: CompileTask[]): void;
  /** Has every thread load a theme's server code, ahead of the `setLocale` that names it. */
  loadTheme(themeFile: string, themeKey: string): void;
  /**
   * The search indexes a later `search` will update: the calling thread's pool reads their tables
   * when the thread is next idle (a one-page edit waits for its page's compile on another thread).
   * A pool of threads does not: its search goes to whichever thread is idle.
   */
  searchAhead(indexes: SearchAhead[]): void;
  /**
   * Renders routes (their locales set up before), giving their results in the same order;
   * `locate` tells where the compile store keeps the content of a key.
   */
  /** `onRendered` is called with the number of routes of each batch as it is done. */
  render(tasks: RenderTask[], locate: Locate, priority?: Priority, onRendered?: (count: number) => void): Promise<RenderResult[]>;
  /**
   * Writes the search index of `pages` (manifest at `file`), but for the files of `existing` that
   * the output holds already (see the task); gives the paths of the index's files.
   */
  search(file: string, pages: SearchPage[], locate: Locate, existing: ExistingFiles, islandsFile?: string): Promise<string[]>;
  /**
   * Until the function it gives is called, only urgent tasks start (those under way go on): the
   * calling thread's urgent work (the dev server's page asked for) then has a core of its own, not
   * a share of one with every thread compiling the site. Holds nest.
   */
  hold(): () => void;
  close(): Promise<void>;
  /**
   * Ends the pool as `close` does, but for a thread with nothing to do of a pool that did not fail:
   * the process's next pool takes it (see returnBuildThread).
   */
  release(): Promise<void>;
}

/** When a task runs: after the tasks sent before it (`normal`), or before every task waiting. */
export type Priority = 'normal' | 'urgent';

/**
 * Where the compile store keeps the compiled body of a key (`CompiledMarkdown.stored`). Undefined
 * for a body the caller knows a task will not read (a text edit's search index updates only the
 * pages it changed; a task that reads another fails).
 */
export type Locate = (key: string) => StoredContent | undefined;

/** Where the content of `keys` is: sent with a task, which may run on a thread that did not compile it. */
function locateAll(keys: Iterable<string>, locate: Locate): Record<string, StoredContent> {
  const stored: Record<string, StoredContent> = {};
  for (const key of keys) {
    if (stored[key]) continue;
    const where = locate(key);
    if (where) stored[key] = where;
  }
  return stored;
}

const slotKeys = (tasks: readonly RenderTask[]) => tasks.flatMap(({ route }) => Object.values(route.slots).map((slot) => slot.key));
const pageKeys = (pages: readonly SearchPage[]) => pages.map((page) => page.key);

export { PAGES_PER_THREAD } from './prestart.js';

/**
 * Threads of a build of `pages` pages: the count asked for (`--threads`, `DOCGEN_THREADS`), else
 * one per PAGES_PER_THREAD pages, at least one and at most one per core.
 */
export function getThreadCountFor(pages: number, requested?: number): number {
  const asked = readRequestedThreads(requested);
  return asked !== undefined ? getThreadCount(asked) : Math.min(getThreadCount(), Math.max(1, Math.ceil(pages / PAGES_PER_THREAD)));
}

/** Pages per message: large enough to amortise messaging, small enough to balance the threads. */
const COMPILE_BATCH = 16;
const RENDER_BATCH = 32;

/** What a job of a pool gets when the pool is closed before it ends (a newer run started other threads, or Ctrl-C). */
export class ThreadsStoppedError extends Error {
  constructor() {
    super('The build threads were stopped');
  }
}

/** A pool of `threads` threads; of one, the calling thread unless `onCallingThread` is false. */
export function createTaskPool(threads: number, setup: TaskSetup, onCallingThread = threads <= 1): TaskPool {
  return onCallingThread ? createInlinePool(setup) : createWorkerPool(Math.max(1, threads), setup);
}

/** The same tasks on the calling thread: `--threads 1`, and the reference the parallel build must equal. */
function createInlinePool(setup: TaskSetup): TaskPool {
  // Loaded when first needed: the markdown pipeline and the theme are the threads' to load.
  const runner = import('./tasks.js').then(({ createTaskRunner }) => createTaskRunner(setup));
  return {
    threads: 1,
    limitThreads: () => {},
    failed: false,
    preRead: async (paths) => (await runner).preRead(paths),
    compile: (tasks) => runGuarded(async () => (await runner).compile(tasks)),
    // Applied before any later render: callbacks of one promise run in the order they were added.
    setLocale: (locale) => void runner.then((loaded) => loaded.setLocale(locale)),
    prepareCompile: (samples) => void runner.then((loaded) => loaded.prepareCompile(samples)),
    loadTheme: (themeFile, themeKey) => void runner.then((loaded) => loaded.loadTheme(themeFile, themeKey)),
    searchAhead: (indexes) => void runner.then((loaded) => loaded.readAhead(indexes)),
    render: (tasks, locate, _priority, onRendered) =>
      inRenderOrder(tasks, async (ordered) => {
        const results = await runGuarded(async () => (await runner).render(ordered, locateAll(slotKeys(ordered), locate)));
        onRendered?.(results.length);
        return results;
      }),
    search: (file, pages, locate, existing, islandsFile) =>
      runGuarded(async () => (await runner).search(file, pages, locateAll(pageKeys(pages), locate), existing, islandsFile)),
    // Tasks run on the calling thread as they are asked for: there is nothing to hold.
    hold: () => () => {},
    close: async () => {},
    release: async () => {},
  };
}

function createWorkerPool(maxThreads: number, setup: TaskSetup): TaskPool {
  const workerFile = getWorkerFile();
  // Lowered by limitThreads before the threads after the first start.
  let threads = maxThreads;
  const workers: Worker[] = [];
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  const idle: Worker[] = [];
  const queue: { method: Method; args: unknown[]; urgent: boolean; resolve: (value: unknown) => void; reject: (error: Error) => void }[] =
    [];
  let nextId = 1;
  let failure: Error | undefined;
  // Holds not released yet (see TaskPool.hold): while there are, only urgent jobs start.
  let holds = 0;
  // The job each thread runs, to tell what a thread that ended took with it.
  const running = new Map<Worker, { id: number; method: Method; args: unknown[] }>();

  const dispatch = () => {
    // A failed pool starts nothing more: its jobs are being rejected.
    if (failure) return;
    // Urgent jobs wait in front of the others: a hold starts jobs while the first is urgent.
    while (idle.length > 0 && queue.length > 0 && (holds === 0 || queue[0]!.urgent)) {
      const worker = idle.shift()!;
      const job = queue.shift()!;
      const id = nextId++;
      running.set(worker, { id, method: job.method, args: job.args });
      const watchdog = setTimeout(() => stalled(worker), getJobTimeLimit(job.method, job.args)).unref();
      pending.set(id, {
        resolve: (value) => {
          clearTimeout(watchdog);
          running.delete(worker);
          idle.push(worker);
          job.resolve(value);
          // Test seam (see pauseForTest): a build stopped with pages rendered and others under way.
          if (job.method === 'render') pauseForTest('build:render');
          dispatch();
        },
        reject: (error) => {
          clearTimeout(watchdog);
          running.delete(worker);
          idle.push(worker);
          job.reject(error);
          dispatch();
        },
      });
      try {
        worker.postMessage({ id, method: job.method, args: job.args } satisfies WorkerRequest);
      } catch (error) {
        // Arguments that cannot be sent (a compile task's body is read as it is posted, and may
        // have changed on disk since its file was read: see taskOf): the job fails, not the pool.
        pending.get(id)!.reject(error as Error);
        pending.delete(id);
      }
    }
  };
  // What every thread was sent outside the task queue (setLocale, loadTheme, prepareCompile), in
  // order: a thread started later is sent it first. Kept until every thread is started.
  let broadcasts: WorkerRequest[] | undefined = [];
  const broadcast = (request: WorkerRequest) => {
    broadcasts?.push(request);
    for (const worker of workers) worker.postMessage(request);
  };
  const start = (workerData: TaskSetup = setup) => {
    // The thread the command line started ahead, when this is the process's first.
    const prestarted = takePrestartedThread();
    prestarted?.postMessage({ setup: workerData } satisfies ThreadSetupMessage);
    const worker = prestarted ?? new Worker(workerFile, { workerData });
    for (const request of broadcasts ?? []) worker.postMessage(request);
    listen(worker);
    workers.push(worker);
    idle.push(worker);
  };
  /**
   * One thread starts with the pool; the others with the first task (or `prepareCompile`, after a
   * dev server's run that sent none). Until then the calling
   * thread does what it alone can (read the site, make the site model; a warm dev server start has
   * nothing else to do before its first page), beside one thread loading its modules and the
   * theme, rather than sharing a two-core machine with every thread loading them. When that first
   * task is a compile the first thread takes alone (a one-page edit's), the others do not load the
   * markdown pipeline as they start: they render or write indexes, and load it if a compile comes.
   */
  const startAll = (first?: { method: Method; args: unknown[] }) => {
    if (!broadcasts) return;
    const alone = first?.method === 'compile' && idle.length > 0 && (first.args[0] as unknown[]).length < COMPILE_BATCH;
    while (workers.length < threads) start(alone ? { ...setup, compiles: false } : setup);
    broadcasts = undefined;
  };
  // What each thread is listened to with, taken off when it is released.
  const listeners = new Map<Worker, () => void>();
  function listen(worker: Worker): void {
    const onMessage = (response: WorkerResponse) => {
      const job = pending.get(response.id);
      if (!job) return;
      pending.delete(response.id);
      if (response.error) job.reject(toError(response.error));
      else job.resolve(response.result);
    };
    const onExit = (code: number) => {
      if (failure) return;
      const job = running.get(worker);
      failAll(
        new DocgenError(`A build thread stopped (exit code ${code})${job ? ` while ${describeJob(job.method, job.args)}` : ''}`, {
          code: 'thread-exit',
          hint: "Something the build ran ended its thread: the site's code (a plugin or component that ends the process or thread), or the memory running out.",
        }),
      );
    };
    worker.on('message', onMessage);
    // A thread that died takes its jobs with it: fail the build rather than wait forever.
    worker.on('error', failAll);
    worker.on('exit', onExit);
    listeners.set(worker, () => {
      worker.off('message', onMessage);
      worker.off('error', failAll);
      worker.off('exit', onExit);
    });
  }
  /** A thread that has not answered its job in its time (an endless loop in the site's code): the build fails, naming the job, and the thread is stopped. */
  function stalled(worker: Worker): void {
    const job = running.get(worker);
    if (failure || !job) return;
    const seconds = Math.round(getJobTimeLimit(job.method, job.args) / 1000);
    failAll(
      new DocgenError(`A build thread did not answer in ${seconds} s while ${describeJob(job.method, job.args)}`, {
        code: 'thread-stalled',
        hint: "The site's code may run forever there (an endless loop in a plugin or component). DOCGEN_TASK_TIME_LIMIT_MS sets the time a task may take.",
      }),
    );
    void worker.terminate();
  }
  function failAll(error: Error): void {
    failure = error;
    for (const job of pending.values()) job.reject(error);
    pending.clear();
    for (const job of queue.splice(0)) job.reject(error);
  }
  start();
  const run = <T>(method: Method, args: unknown[], priority: Priority = 'normal'): Promise<T> =>
    failure
      ? Promise.reject(failure)
      : new Promise<T>((resolve, reject) => {
          startAll({ method, args });
          const job = { method, args, urgent: priority === 'urgent', resolve: resolve as (value: unknown) => void, reject };
          // Urgent jobs wait in front of the others, in the order they came.
          const before = job.urgent ? queue.findIndex((waiting) => !waiting.urgent) : -1;
          queue.splice(before === -1 ? queue.length : before, 0, job);
          dispatch();
        });
  const inBatches = async <T, R>(items: T[], size: number, each: (batch: T[]) => Promise<R[]>): Promise<R[]> => {
    const batches: T[][] = [];
    for (let start = 0; start < items.length; start += size) batches.push(items.slice(start, start + size));
    return inOrder(batches.map(each)).then((results) => results.flat());
  };

  const close = async () => {
    // Jobs under way or waiting end with an error, so that a run in progress stops instead of waiting forever.
    failure ??= new ThreadsStoppedError();
    for (const job of pending.values()) job.reject(failure);
    pending.clear();
    for (const job of queue.splice(0)) job.reject(failure);
    await Promise.all(workers.map((worker) => worker.terminate()));
  };

  return {
    get threads() {
      return threads;
    },
    limitThreads(count) {
      if (broadcasts) threads = Math.max(1, Math.min(threads, count));
    },
    get failed() {
      return failure !== undefined;
    },
    preRead: (paths) => run<(PreReadMarkdown | null)[]>('preRead', [paths]),
    compile: (tasks, priority) => inBatches(tasks, COMPILE_BATCH, (batch) => run<CompiledMarkdown[]>('compile', [batch], priority)),
    setLocale(locale) {
      // Every thread needs it, before any render of the locale: sent directly, ahead of the queue.
      broadcast({ id: 0, method: 'setLocale', args: [locale] });
    },
    prepareCompile(samples = []) {
      broadcast({ id: 0, method: 'prepareCompile', args: [samples] });
      startAll();
    },
    loadTheme(themeFile, themeKey) {
      broadcast({ id: 0, method: 'loadTheme', args: [themeFile, themeKey] });
    },
    searchAhead() {},
    render: (tasks, locate, priority, onRendered) =>
      inRenderOrder(tasks, (ordered) =>
        inBatches(ordered, RENDER_BATCH, async (batch) => {
          const results = await run<RenderResult[]>('render', [batch, locateAll(slotKeys(batch), locate)], priority);
          onRendered?.(results.length);
          return results;
        }),
      ),
    search: (file, pages, locate, existing, islandsFile) =>
      run<string[]>('search', [file, pages, locateAll(pageKeys(pages), locate), existing, islandsFile]),
    hold() {
      holds++;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        holds--;
        dispatch();
      };
    },
    close,
    async release() {
      const kept = !failure && pending.size === 0 && queue.length === 0 ? workers.find((worker) => idle.includes(worker)) : undefined;
      if (kept) {
        workers.splice(workers.indexOf(kept), 1);
        listeners.get(kept)!();
        returnBuildThread(kept);
      }
      await close();
    },
  };
}

/**
 * Renders tasks that show the same content one after the other (a fallback page shows the
 * default locale's content), so that the thread that renders them reads that content once, and
 * gives the results back in the order of `tasks`.
 */
export async function inRenderOrder(
  tasks: RenderTask[],
  render: (ordered: RenderTask[]) => Promise<RenderResult[]>,
): Promise<RenderResult[]> {
  const groups = new Map<string, number[]>();
  const order: number[][] = [];
  tasks.forEach(({ route }, index) => {
    const key = route.slots.main?.key;
    let group = key === undefined ? undefined : groups.get(key);
    if (!group) {
      group = [];
      order.push(group);
      if (key !== undefined) groups.set(key, group);
    }
    group.push(index);
  });
  const indexes = order.flat();
  const results = await render(indexes.map((index) => tasks[index]!));
  const inPlace: RenderResult[] = new Array(tasks.length);
  indexes.forEach((index, position) => (inPlace[index] = results[position]!));
  return inPlace;
}

/**
 * The time a job may take before its thread counts as stalled: a minute (or
 * `DOCGEN_TASK_TIME_LIMIT_MS`), plus two seconds a page of its batch. Pages take milliseconds each;
 * only code that never returns (an endless loop) takes this long.
 */
function getJobTimeLimit(method: Method, args: unknown[]): number {
  const fromEnv = Number(process.env.DOCGEN_TASK_TIME_LIMIT_MS);
  const base = Number.isFinite(fromEnv) && fromEnv > 0 ? fromEnv : 60_000;
  // The pages of the job: the batch (compile, render), or the pages of the index (search).
  const pages = method === 'search' ? args[1] : args[0];
  return base + (Array.isArray(pages) ? pages.length * 2000 : 0);
}

/** What a job does, for a message: the pages it compiles or renders (the first few), or the index it writes. */
function describeJob(method: Method, args: unknown[]): string {
  const list = (names: string[]) => names.slice(0, 3).join(', ') + (names.length > 3 ? ` and ${names.length - 3} more` : '');
  switch (method) {
    case 'compile':
      return `compiling ${list((args[0] as CompileTask[]).map((task) => task.sourcePath))}`;
    case 'render':
      return `rendering ${list((args[0] as RenderTask[]).map((task) => task.route.path))}`;
    case 'search':
      return `writing the search index ${String(args[0])}`;
    case 'preRead':
      return `reading ${list(args[0] as string[])}`;
    default:
      return method;
  }
}

function toError(error: NonNullable<WorkerResponse['error']>): Error {
  const cause = error.cause ? Object.assign(new Error(error.cause.message), { stack: error.cause.stack }) : undefined;
  const result = error.docgen
    ? new DocgenError(error.message, { ...error.docgen, cause })
    : Object.assign(new Error(error.message, cause ? { cause } : undefined), { stack: error.stack }, error.system);
  return result;
}

/**
 * Like Promise.all, but waits for every promise and rejects with the error of the first one in
 * the list (not the first to fail in time), so a build reports the same error on any number of threads.
 */
export async function inOrder<T>(promises: Promise<T>[]): Promise<T[]> {
  const settled = await Promise.allSettled(promises);
  const failed = settled.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
  return settled.map((result) => (result as PromiseFulfilledResult<T>).value);
}
