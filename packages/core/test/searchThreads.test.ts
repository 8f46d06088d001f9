import { describe, expect, it } from 'vitest';
import {
  createSearchQueue,
  createWeightLimit,
  FEW_RENDERED_ROUTES,
  planSearchThreads,
  SEARCH_PAGES_AT_ONCE,
  type SearchWrite,
} from '../src/build/searchThreads.js';
import { PAGES_PER_THREAD } from '../src/workers/pool.js';

describe('planSearchThreads', () => {
  it('writes small indexes on the rendering threads after a small edit', () => {
    expect(planSearchThreads({ indexPages: [100, 100], renderedRoutes: 3, watching: false, updates: false })).toEqual({
      threads: 1,
      reuseRenderThreads: true,
      alone: false,
      pagesAtOnce: SEARCH_PAGES_AT_ONCE,
    });
  });

  it('writes on fresh threads, as many as the largest index allows, after rendering many pages', () => {
    const many = FEW_RENDERED_ROUTES + 1;
    const plan = planSearchThreads({ indexPages: [2000, 2000, 2000, 100], renderedRoutes: many, watching: false, updates: false });
    expect(plan).toEqual({ threads: 3, reuseRenderThreads: false, alone: false, pagesAtOnce: SEARCH_PAGES_AT_ONCE });
  });

  it('starts a thread beside the one writing the largest index only for PAGES_PER_THREAD pages of the others', () => {
    const many = FEW_RENDERED_ROUTES + 1;
    const threadsFor = (indexPages: number[]) => planSearchThreads({ indexPages, renderedRoutes: many, watching: false, updates: false });
    // 2,000 docs and a blog of 100 posts: one thread, beside the seo files all the same.
    expect(threadsFor([2000, 100])).toMatchObject({ threads: 1, alone: false });
    expect(threadsFor([2000, PAGES_PER_THREAD - 1]).threads).toBe(1);
    expect(threadsFor([2000, PAGES_PER_THREAD]).threads).toBe(2);
    expect(threadsFor([1000, 1000, 1000]).threads).toBe(6);
    expect(threadsFor([]).threads).toBe(1);
  });

  it('writes an index of more than SEARCH_PAGES_AT_ONCE pages alone, on one fresh thread', () => {
    expect(planSearchThreads({ indexPages: [SEARCH_PAGES_AT_ONCE + 1], renderedRoutes: 1, watching: false, updates: false })).toEqual({
      threads: 1,
      reuseRenderThreads: false,
      alone: true,
      pagesAtOnce: SEARCH_PAGES_AT_ONCE,
    });
  });

  it('updates a large index from its kept table on a rendering thread after a small edit, beside the seo files', () => {
    const largest = SEARCH_PAGES_AT_ONCE + 1;
    expect(planSearchThreads({ indexPages: [largest], renderedRoutes: 1, watching: false, updates: true })).toEqual({
      threads: 1,
      reuseRenderThreads: true,
      alone: false,
      pagesAtOnce: SEARCH_PAGES_AT_ONCE,
    });
    // Counted anew (many pages rendered), it is still written alone.
    const counted = planSearchThreads({
      indexPages: [largest],
      renderedRoutes: FEW_RENDERED_ROUTES + 1,
      watching: false,
      updates: true,
    });
    expect(counted).toMatchObject({ reuseRenderThreads: false, alone: true });
  });

  it('keeps the threads of a builder that runs again (the dev server), whatever the sizes, writing one index at a time', () => {
    const plan = planSearchThreads({ indexPages: [SEARCH_PAGES_AT_ONCE * 2], renderedRoutes: 10_000, watching: true, updates: false });
    expect(plan).toMatchObject({ reuseRenderThreads: true, alone: false, pagesAtOnce: 1 });
    // Two small indexes, each of a few pages: never side by side.
    const small = planSearchThreads({ indexPages: [3, 3], renderedRoutes: 1, watching: true, updates: false });
    expect(small.pagesAtOnce).toBe(1);
  });
});

describe('createWeightLimit', () => {
  it('runs tasks side by side while their weights fit, a heavier one alone, in the order given', async () => {
    const limit = createWeightLimit(10);
    const log: string[] = [];
    let running = 0;
    let most = 0;
    const task = (name: string) => async () => {
      running++;
      most = Math.max(most, running);
      log.push(`start ${name}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
      log.push(`end ${name}`);
      running--;
    };
    await Promise.all([limit(4, task('a')), limit(4, task('b')), limit(20, task('huge')), limit(1, task('c'))]);
    expect(most).toBe(2);
    // The huge task waits for a and b to end, and c for the huge one.
    expect(log.indexOf('start huge')).toBeGreaterThan(Math.max(log.indexOf('end a'), log.indexOf('end b')));
    expect(log.indexOf('start c')).toBeGreaterThan(log.indexOf('end huge'));
  });
});

describe('createSearchQueue', () => {
  const write = (file: string): SearchWrite => ({ file, pages: [] });
  /** A write function that records what it was given and ends when told to. */
  function recorder() {
    const calls: { files: string[]; end: (error?: Error) => void }[] = [];
    const run = (writes: SearchWrite[]) =>
      new Promise<void>((resolve, reject) => {
        calls.push({ files: writes.map((entry) => entry.file), end: (error) => (error ? reject(error) : resolve()) });
      });
    return { calls, run };
  }
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

  it("writes one run's indexes after another's, and leaves to a newer run an index it writes too, unless under way", async () => {
    const queue = createSearchQueue();
    const { calls, run } = recorder();
    const first = queue.add([write('a'), write('b')], run);
    await settle();
    const second = queue.add([write('a'), write('c')], run);
    const third = queue.add([write('c')], run);
    await settle();
    // The first run's writes are under way; the second waits for them.
    expect(calls.map((call) => call.files)).toEqual([['a', 'b']]);
    expect(['a', 'b', 'c'].map(queue.isUnfinished)).toEqual([true, true, true]);
    calls[0]!.end();
    await first;
    // a is the second run's to write again (its pages changed after the first began); b is written.
    expect(['a', 'b', 'c'].map(queue.isUnfinished)).toEqual([true, false, true]);
    await settle();
    // c is left to the third run, which writes it as well.
    expect(calls.map((call) => call.files)).toEqual([['a', 'b'], ['a']]);
    calls[1]!.end();
    await second;
    await settle();
    expect(calls.map((call) => call.files)).toEqual([['a', 'b'], ['a'], ['c']]);
    calls[2]!.end();
    await third;
    expect(['a', 'b', 'c'].map(queue.isUnfinished)).toEqual([false, false, false]);
  });

  it('leaves an index to a newer run when its own write has not begun', async () => {
    const queue = createSearchQueue();
    const { calls, run } = recorder();
    const first = queue.add([write('a'), write('b')], run);
    const second = queue.add([write('a')], run);
    await settle();
    expect(calls.map((call) => call.files)).toEqual([['b']]);
    calls[0]!.end();
    await first;
    await settle();
    calls[1]!.end();
    await second;
    expect(calls.map((call) => call.files)).toEqual([['b'], ['a']]);
  });

  it('keeps an index whose write failed unfinished, and goes on with the next run', async () => {
    const queue = createSearchQueue();
    const { calls, run } = recorder();
    const failed = queue.add([write('a')], run);
    const next = queue.add([write('b')], run);
    await settle();
    calls[0]!.end(new Error('threads stopped'));
    await expect(failed).rejects.toThrow('threads stopped');
    expect(queue.isUnfinished('a')).toBe(true);
    await settle();
    expect(calls.map((call) => call.files)).toEqual([['a'], ['b']]);
    calls[1]!.end();
    await next;
    expect([queue.isUnfinished('a'), queue.isUnfinished('b')]).toEqual([true, false]);
  });
});
