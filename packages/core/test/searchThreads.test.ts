import { describe, expect, it } from 'vitest';
import { createWeightLimit, FEW_RENDERED_ROUTES, planSearchThreads, SEARCH_PAGES_AT_ONCE } from '../src/searchThreads.js';

describe('planSearchThreads', () => {
  it('writes small indexes on the rendering threads after a small edit', () => {
    expect(planSearchThreads({ largestIndexPages: 100, renderedRoutes: 3, watching: false })).toEqual({
      threads: SEARCH_PAGES_AT_ONCE / 100,
      reuseRenderThreads: true,
      alone: false,
    });
  });

  it('writes on fresh threads, as many as the largest index allows, after rendering many pages', () => {
    const plan = planSearchThreads({ largestIndexPages: 2000, renderedRoutes: FEW_RENDERED_ROUTES + 1, watching: false });
    expect(plan).toEqual({ threads: 3, reuseRenderThreads: false, alone: false });
  });

  it('writes an index of more than SEARCH_PAGES_AT_ONCE pages alone, on one fresh thread', () => {
    expect(planSearchThreads({ largestIndexPages: SEARCH_PAGES_AT_ONCE + 1, renderedRoutes: 1, watching: false })).toEqual({
      threads: 1,
      reuseRenderThreads: false,
      alone: true,
    });
  });

  it('keeps the threads of a builder that runs again (the dev server), whatever the sizes', () => {
    const plan = planSearchThreads({ largestIndexPages: SEARCH_PAGES_AT_ONCE * 2, renderedRoutes: 10_000, watching: true });
    expect(plan).toMatchObject({ reuseRenderThreads: true, alone: false });
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
