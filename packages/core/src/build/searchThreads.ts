/**
 * How many threads write a build's search indexes, and how many pages' indexes are written at
 * once: a search index is the largest thing a build holds in memory.
 */
import type { SearchPage } from '@docgen/types';
import { PAGES_PER_THREAD } from '../workers/pool.js';

/** Routes rendered by a build, at most, after which its threads also write the search indexes. */
export const FEW_RENDERED_ROUTES = 256;

/**
 * Pages whose search indexes are written at the same time, at most: the index of a scope of
 * thousands of pages takes a hundred megabytes or more to write, and two at once would double
 * the build's peak memory. Smaller scopes are written side by side.
 */
export const SEARCH_PAGES_AT_ONCE = 6000;

/** How a build writes its search indexes (see planSearchThreads). */
export interface SearchThreads {
  /**
   * Threads a fresh pool for the indexes would have: as many as SEARCH_PAGES_AT_ONCE allows for the
   * largest index, and as the pages of the others pay to start (see planSearchThreads).
   */
  threads: number;
  /** The rendering threads write the indexes (they are not closed first). */
  reuseRenderThreads: boolean;
  /** The largest index is written alone, before the seo files rather than beside them. */
  alone: boolean;
  /**
   * Pages of the indexes written side by side, at most (see createWeightLimit): a builder that
   * runs again writes one index at a time, so that its other threads are free for the pages the
   * next save asks for (a thread busy with an index cannot take them).
   */
  pagesAtOnce: number;
}

/**
 * Sizes the search index writing of a run. A builder that runs again (`watching`) keeps its
 * threads. A build that rendered many pages writes the indexes on fresh threads, as many as
 * SEARCH_PAGES_AT_ONCE allows for its largest index (a thread keeps the memory of the largest
 * index it wrote) and as pay for their start: a thread beside the one that writes the largest
 * index takes PAGES_PER_THREAD pages of the others at least (a Docusaurus-shaped site of 2,000
 * docs and a blog started a second thread, some 0.4 s of CPU, to write the blog's index in 40 ms).
 * The rendering threads' memory is freed first. After a small edit the rendering threads hold
 * little and go on (starting threads takes a few hundred milliseconds). An index larger than
 * SEARCH_PAGES_AT_ONCE is written alone, before the seo files, unless a small edit `updates` it
 * from the table its last build kept (see search/searchState.ts): an update holds the table and
 * the changed pages, not every page's terms, so it is written on a rendering thread while this
 * one writes the seo files (at 10,000 pages, 0.3 s sooner).
 */
export function planSearchThreads(input: {
  /** The pages of each index to write. */
  indexPages: readonly number[];
  renderedRoutes: number;
  watching: boolean;
  /** Every index to write has a table kept by the last build. */
  updates: boolean;
}): SearchThreads {
  const largest = Math.max(0, ...input.indexPages);
  const others = input.indexPages.reduce((sum, pages) => sum + pages, 0) - largest;
  const inMemory = Math.max(1, Math.floor(SEARCH_PAGES_AT_ONCE / Math.max(1, largest)));
  const smallEdit = input.renderedRoutes <= FEW_RENDERED_ROUTES;
  const beside = inMemory > 1 || (smallEdit && input.updates);
  return {
    threads: Math.min(inMemory, 1 + Math.floor(others / PAGES_PER_THREAD)),
    reuseRenderThreads: input.watching || (smallEdit && beside),
    alone: !input.watching && !beside,
    pagesAtOnce: input.watching ? 1 : SEARCH_PAGES_AT_ONCE,
  };
}

/**
 * Runs tasks side by side while their weights add up to at most `limit` (a heavier task runs
 * alone), in the order they are given.
 */
export function createWeightLimit(limit: number) {
  let running = 0;
  let queue: Promise<void> = Promise.resolve();
  const waiting: (() => void)[] = [];
  const released = () => new Promise<void>((resolve) => waiting.push(resolve));
  return <T>(weight: number, task: () => Promise<T>): Promise<T> => {
    const start = queue.then(async () => {
      while (running > 0 && running + weight > limit) await released();
      running += weight;
    });
    queue = start;
    return start.then(task).finally(() => {
      running -= weight;
      for (const resolve of waiting.splice(0)) resolve();
    });
  };
}

/** A search index to write: its manifest's file in the output, and the pages it indexes. */
export interface SearchWrite {
  file: string;
  pages: SearchPage[];
}

/**
 * The search index writes of a builder that runs again, one run's after another's. A run's writes
 * start once the runs before have written theirs; an index that a newer run writes as well is
 * left to it, unless it is under way. An index not yet written, or whose write failed, is
 * unfinished: a newer run writes it again even when its pages did not change.
 */
export function createSearchQueue() {
  // The newest write of each index not yet written.
  const newest = new Map<string, SearchWrite>();
  let last: Promise<void> = Promise.resolve();
  return {
    isUnfinished: (file: string) => newest.has(file),
    add(writes: SearchWrite[], write: (writes: SearchWrite[]) => Promise<void>): Promise<void> {
      for (const entry of writes) newest.set(entry.file, entry);
      const run = last.then(async () => {
        const current = writes.filter((entry) => newest.get(entry.file) === entry);
        await write(current);
        for (const entry of current) if (newest.get(entry.file) === entry) newest.delete(entry.file);
      });
      // The next run's writes wait for these, whether they were written or failed.
      last = run.catch(() => {});
      return run;
    },
  };
}
