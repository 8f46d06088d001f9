import type { ManifestRoute } from '@docgen/types';
import { describe, expect, it } from 'vitest';
import { renderInDemandOrder, type RenderControl } from '../src/build/renderInDemandOrder.js';
import type { TaskPool } from '../src/workers/pool.js';
import type { RenderResult, RenderTask } from '../src/workers/tasks.js';

const task = (n: number): RenderTask => ({ locale: 'en', route: { path: `/docs/p${n}`, slots: {} } as unknown as ManifestRoute });

/** A pool of `threads` that renders a chunk after the test lets it (`step`), recording the order. */
function createFakePool(threads: number, failing = new Set<string>()) {
  const rendered: string[] = [];
  const waiting: (() => void)[] = [];
  const pool = {
    threads,
    render(tasks: RenderTask[]): Promise<RenderResult[]> {
      return new Promise((resolve, reject) => {
        waiting.push(() => {
          const bad = tasks.find((entry) => failing.has(entry.route.path));
          if (bad) return reject(new Error(`render failed: ${bad.route.path}`));
          rendered.push(...tasks.map((entry) => entry.route.path));
          resolve(tasks.map((entry) => ({ path: entry.route.path, files: [`${entry.route.path}.html`], title: '', description: '' })));
        });
      });
    },
  } as unknown as TaskPool;
  /** Lets the oldest chunk on the threads finish. */
  const step = async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
    waiting.shift()?.();
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { pool, rendered, step, busy: () => waiting.length };
}

const keysOf = (tasks: RenderTask[]) => new Map(tasks.map((entry) => [entry.route.path, `en\0${entry.route.path}`]));

/** Starts rendering `tasks` on `pool`; the control is given synchronously, before anything renders. */
function start(pool: TaskPool, tasks: RenderTask[]) {
  let control!: RenderControl;
  const done = renderInDemandOrder({
    pool,
    tasks,
    locate: () => ({}) as never,
    keysByPath: keysOf(tasks),
    onStart: (given) => (control = given),
  });
  return { control, done };
}

describe('renderInDemandOrder', () => {
  it('renders every task once, giving results in the order of the tasks', async () => {
    const tasks = Array.from({ length: 50 }, (_, n) => task(n));
    const { pool, rendered, step } = createFakePool(2);
    const { done } = start(pool, tasks);
    while (rendered.length < 50) await step();
    const results = await done;
    expect(results.map((result) => result.path)).toEqual(tasks.map((entry) => entry.route.path));
    expect(new Set(rendered).size).toBe(50);
  });

  it('renders a route asked for in the next chunk sent, and resolves when it is written', async () => {
    const tasks = Array.from({ length: 100 }, (_, n) => task(n));
    const { pool, rendered, step, busy } = createFakePool(2);
    const { control, done } = start(pool, tasks);
    // Two threads, two chunks each: 32 routes are on their way before the request.
    await new Promise((resolve) => setImmediate(resolve));
    expect(busy()).toBe(4);
    const key = control.find('/docs/p90/')!;
    expect(key).toBe('en\0/docs/p90');
    expect(control.find('/docs/p90.html')).toBe(key);
    expect(control.find('/docs/none')).toBeUndefined();
    let written = false;
    const request = control.request(key).then(() => (written = true));
    await step();
    // The first chunk done, the next sent holds the route asked for first.
    for (let n = 0; n < 4 && !written; n++) await step();
    await request;
    expect(rendered.indexOf('/docs/p90')).toBeLessThan(5 * 8);
    // A route not rendered by the run (kept), or already written, resolves at once.
    await control.request('en\0/docs/kept');
    await control.request('en\0/docs/p0');
    while (rendered.length < 100) await step();
    expect((await done).map((result) => result.path)).toEqual(tasks.map((entry) => entry.route.path));
  });

  it('sends routes asked for as the control is given before any other, each alone', async () => {
    const tasks = Array.from({ length: 100 }, (_, n) => task(n));
    const { pool, rendered, step } = createFakePool(2);
    const { control, done } = start(pool, tasks);
    // Readers waiting for the first pages ask once the control is given (a few promise turns later).
    await Promise.resolve();
    const requests = [control.request('en\0/docs/p70'), control.request('en\0/docs/p40')];
    await step();
    // The reader of a route waits for its chunk's every route: the chunk holds that route alone.
    expect(rendered).toEqual(['/docs/p70']);
    await step();
    expect(rendered).toEqual(['/docs/p70', '/docs/p40']);
    await Promise.all(requests);
    while (rendered.length < 100) await step();
    expect((await done).map((result) => result.path)).toEqual(tasks.map((entry) => entry.route.path));
  });

  it('fails with the first failing route in the order of the tasks, and rejects requests for failed routes', async () => {
    const tasks = Array.from({ length: 40 }, (_, n) => task(n));
    const { pool, step } = createFakePool(1, new Set(['/docs/p12', '/docs/p33']));
    const { control, done } = start(pool, tasks);
    const failed = control.request('en\0/docs/p33').then(
      () => 'resolved',
      (error: Error) => error.message,
    );
    const outcome = done.then(
      () => 'resolved',
      (error: Error) => error.message,
    );
    for (let n = 0; n < 10; n++) await step();
    expect(await failed).toBe('render failed: /docs/p33');
    expect(await outcome).toBe('render failed: /docs/p12');
  });
});
