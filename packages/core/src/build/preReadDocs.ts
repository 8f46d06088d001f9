import type { SiteConfig } from '@docgen/types';
import {
  checkPreReadDoc,
  listUnreadDocs,
  type CheckedMarkdown,
  type ContentCache,
  type FrontMatterMemo,
  type PreReadMarkdown,
} from '../content/index.js';
import type { TaskPool } from '../workers/pool.js';

/**
 * Fewer unread docs than this are read on the main thread. The threads load the markdown pipeline
 * as they start (a few hundred milliseconds, which a batch sent waits for), beside the main
 * thread's reading: on a two-core machine, a 2,000-page site's docs were read sooner there (0.4 s
 * against 0.5 s for the threads and 0.1 s for the checks); a 10,000-page site's first page of
 * `serve --watch` came 0.2-0.8 s sooner with the threads reading (the main thread took 2 s alone).
 */
const PRE_READ_MIN = 5000;

/** Files per message: each is a read and a hash, some 50 microseconds. */
const PRE_READ_BATCH = 200;

/**
 * Has the pool's threads read the docs that a dev server's first reading of the content would read
 * from their files (a first `serve --watch` of a site: on a 10,000-page site, a second and a half
 * of the main thread opening, reading and hashing files, and the garbage they leave, before its
 * first page), the main thread checking their front matter once all are read (checking each batch
 * as it came slowed the threads' reading on two cores). Undefined when there are too few, or no
 * threads of their own, or the builder is not `watching`: a cold `docgen build` of 10,000 pages
 * took 3-8 s longer so (5 pairs of 6, interleaved), its compile tasks reading every body again as
 * they are sent, and it has no first page to hurry.
 */
export async function preReadDocs(input: {
  siteDir: string;
  config: SiteConfig;
  cache: ContentCache;
  memo: FrontMatterMemo | undefined;
  pool: TaskPool;
  watching: boolean;
  /** Times the reading (a `--verbose` stage), when there is one. */
  timed: <T>(run: () => Promise<T>) => Promise<T>;
  /** Called once the threads have read the docs (or failed to), before their front matter is checked; at once when they read none. */
  onRead?: () => void;
}): Promise<Map<string, CheckedMarkdown> | undefined> {
  const { siteDir, memo, pool, watching, timed, onRead = () => {} } = input;
  const paths = memo && watching && pool.threads >= 2 ? listUnreadDocs({ ...input, memo }) : [];
  // Tests read small sites so (DOCGEN_TEST_PRE_READ_MIN).
  const minimum = Number(process.env.DOCGEN_TEST_PRE_READ_MIN) || PRE_READ_MIN;
  if (!memo || paths.length < minimum) {
    onRead();
    return undefined;
  }
  return timed(async () => {
    const batches: Promise<(PreReadMarkdown | null)[]>[] = [];
    for (let start = 0; start < paths.length; start += PRE_READ_BATCH) batches.push(pool.preRead(paths.slice(start, start + PRE_READ_BATCH)));
    const read = await Promise.all(batches).finally(onRead);
    const found = new Map<string, CheckedMarkdown>();
    read.flat().forEach((markdown, index) => {
      const checked = markdown && checkPreReadDoc(memo, siteDir, paths[index]!, markdown);
      if (checked) found.set(paths[index]!, checked);
    });
    return found;
  });
}
