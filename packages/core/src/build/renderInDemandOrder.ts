import { normalizePathname } from '@docgen/shared';
import { toRouteKey } from './buildPlan.js';
import { inRenderOrder, type Locate, type TaskPool } from '../workers/pool.js';
import type { RenderResult, RenderTask } from '../workers/tasks.js';

/**
 * What a caller can do while a run renders (the dev server, whose readers ask for pages before
 * the first build is done): find the route a URL shows, and have it rendered ahead of the rest.
 */
export interface RenderControl {
  /** The route (`locale\0path`) served at a URL path (`/x`, `/x/`, `/x.html`, `/x/index.html`), if any. */
  find(pathname: string): string | undefined;
  /**
   * Resolves once the route's files are written: at once when this run does not render it (it
   * keeps the files of the last run), else when it is rendered, ahead of every route not yet
   * sent to a thread. Rejects when rendering it failed, or when this control leaves the route to
   * the run that follows (the dev server's preview: a page it does not preview, or one asked for
   * as it stops).
   */
  request(key: string): Promise<void>;
}

/** The route served at a URL path (see RenderControl.find), among routes by path. */
export function findRouteKey(keysByPath: ReadonlyMap<string, string>, pathname: string): string | undefined {
  const path = normalizePathname(pathname);
  for (const candidate of [pathname, path, path.endsWith('/') ? path.slice(0, -1) : `${path}/`]) {
    const key = keysByPath.get(candidate);
    if (key !== undefined) return key;
  }
  return undefined;
}

/** Routes per message: small, so that a route asked for waits for few others. */
const CHUNK = 8;
/** Messages on the threads at once, per thread: enough to keep each busy while the next is sent. */
const IN_FLIGHT_PER_THREAD = 2;

/**
 * Renders `tasks` as `pool.render` does (the same files; results in the order of `tasks`; on
 * failure, the error of the first failing route in that order), in small chunks, so that
 * routes asked for through the control (given to `onStart` before anything renders) go next.
 */
export async function renderInDemandOrder(input: {
  pool: TaskPool;
  tasks: RenderTask[];
  locate: Locate;
  /** The route key of every route of the run, rendered or kept, by path. */
  keysByPath: ReadonlyMap<string, string>;
  onStart: (control: RenderControl) => void;
}): Promise<RenderResult[]> {
  const { pool, keysByPath, onStart } = input;
  const keyOf = (task: RenderTask) => toRouteKey(task.locale, task.route.path);
  return inRenderOrder(input.tasks, (tasks) => {
    const results: RenderResult[] = new Array(tasks.length);
    const indexOf = new Map(tasks.map((task, index) => [keyOf(task), index]));
    const state = new Map<number, 'sent' | 'done' | Error>();
    const waiting = new Map<number, { resolve: () => void; reject: (error: Error) => void }[]>();
    const urgent: number[] = [];
    let next = 0;
    let inFlight = 0;
    let finish!: () => void;
    const finished = new Promise<void>((resolve) => (finish = resolve));
    const failures: { index: number; error: Error }[] = [];

    const settle = (index: number, outcome: 'done' | Error) => {
      state.set(index, outcome);
      for (const waiter of waiting.get(index) ?? []) {
        if (outcome === 'done') waiter.resolve();
        else waiter.reject(outcome);
      }
      waiting.delete(index);
    };
    const takeChunk = (urgentOnly: boolean): number[] => {
      const chunk: number[] = [];
      const take = (index: number) => {
        if (state.has(index)) return;
        state.set(index, 'sent');
        chunk.push(index);
      };
      while (chunk.length < CHUNK && urgent.length > 0) take(urgent.shift()!);
      // A route asked for is sent alone: its reader waits for the chunk's every route.
      if (chunk.length > 0 || urgentOnly) return chunk;
      while (chunk.length < CHUNK && next < tasks.length) take(next++);
      return chunk;
    };
    /** Sends chunks while the threads have room; `urgentOnly`: only routes asked for (the rest follow when a chunk is done). */
    const pump = (urgentOnly = false) => {
      while (inFlight < pool.threads * IN_FLIGHT_PER_THREAD) {
        const chunk = takeChunk(urgentOnly);
        if (chunk.length === 0) break;
        inFlight++;
        pool
          .render(
            chunk.map((index) => tasks[index]!),
            input.locate,
          )
          .then(
            (rendered) => {
              chunk.forEach((index, position) => {
                results[index] = rendered[position]!;
                settle(index, 'done');
              });
            },
            (error: Error) => {
              failures.push({ index: chunk[0]!, error });
              for (const index of chunk) settle(index, error);
            },
          )
          .finally(() => {
            inFlight--;
            pump();
            if (inFlight === 0) finish(); // pump found nothing left to send
          });
      }
    };

    onStart({
      find: (pathname) => findRouteKey(keysByPath, pathname),
      request(key) {
        const index = indexOf.get(key);
        const now = index === undefined ? 'done' : state.get(index);
        if (now === 'done') return Promise.resolve();
        if (now instanceof Error) return Promise.reject(now);
        return new Promise<void>((resolve, reject) => {
          waiting.set(index!, [...(waiting.get(index!) ?? []), { resolve, reject }]);
          if (now === undefined) {
            urgent.push(index!);
            pump(true);
          }
        });
      },
    });
    // Routes asked for as the control is given (readers waiting for the first pages) go first.
    if (tasks.length === 0) finish();
    else setImmediate(pump);
    return finished.then(() => {
      if (failures.length > 0) throw failures.sort((a, b) => a.index - b.index)[0]!.error;
      return results;
    });
  });
}
