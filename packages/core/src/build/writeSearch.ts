/**
 * The search step: which scopes' indexes a run writes (toSearchWrites), and their writing on the
 * threads (createSearchWriter), each index updated from its table (see search/). The files of an
 * index are named by their content: those of the index it replaces are kept (keepSearchFiles).
 */
import type { SearchScope, SiteConfig } from '@docgen/types';
import { keepIfThere, type OutputWriter } from '../output/index.js';
import { getIndexFiles, getSearchStatePath, hasSearchState } from '../search/index.js';
import { inOrder, type Locate, type TaskPool } from '../workers/pool.js';
import type { BuilderState } from './builderState.js';
import type { BuildPlan } from './buildPlan.js';
import { createWeightLimit, planSearchThreads, type SearchWrite } from './searchThreads.js';

/**
 * How a run's indexes are written (see planSearchThreads: on the render threads or threads of their
 * own, how many pages at once, whether alone), and `write`, which writes them.
 */
export function createSearchWriter(
  builder: BuilderState,
  input: {
    writes: readonly SearchWrite[];
    config: SiteConfig;
    /** The run's threads, which rendered its pages. */
    pool: TaskPool;
    output: OutputWriter;
    locate: Locate;
    renderedRoutes: number;
    /** The server bundle of the site components, whose text the indexes hold. */
    islandsFile: string | undefined;
  },
) {
  const { threads, timed, options } = builder;
  const { config, pool, output, locate, islandsFile } = input;
  const sizing = planSearchThreads({
    indexPages: input.writes.map(({ pages }) => pages.length),
    renderedRoutes: input.renderedRoutes,
    watching: builder.watching,
    updates: input.writes.every(({ file }) => hasSearchState(getSearchStatePath(builder.storeDir, file))),
  });
  const write = (toWrite: readonly SearchWrite[]) =>
    timed('search', async () => {
      if (toWrite.length === 0) return;
      const searchPool = sizing.reuseRenderThreads
        ? pool
        : threads.start(config, output, { threads: sizing.threads, compiles: false, besideCallingThread: !sizing.alone });
      const limit = createWeightLimit(sizing.pagesAtOnce);
      let done = 0;
      const written = () => options.onProgress?.({ stage: 'search', done: ++done, total: toWrite.length });
      await inOrder(
        toWrite.map(({ file, pages }) =>
          limit(pages.length, async () => {
            await writeSearchIndex({ pool: searchPool, output, locate, islandsFile }, { file, pages });
            written();
          }),
        ),
      );
    });
  return { sizing, write };
}

/**
 * Writes one search index on `pool`'s threads, updated from its table: the files of the index
 * written before stay, unless the new index no longer names them. `kept`: those files, when the
 * caller kept them already (keepSearchFiles), while it waited for something else.
 */
export async function writeSearchIndex(
  into: { pool: TaskPool; output: OutputWriter; locate: Locate; islandsFile: string | undefined },
  { file, pages }: SearchWrite,
  kept: ReadonlySet<string> = keepSearchFiles(into.output, file).kept,
): Promise<void> {
  const { pool, output, locate, islandsFile } = into;
  const existing = [...kept];
  const files = new Set(await pool.search(file, pages, locate, { paths: existing, dir: output.keptFrom }, islandsFile));
  for (const path of existing) if (!files.has(path)) output.remove(path);
}

/**
 * Keeps a search index of the previous output: its manifest (`manifestFile`), and the shards,
 * directories and detail chunks it names that are there (`kept`, the manifest left out).
 * `complete` when all of them are: the index may be used as it is. Otherwise what is kept is
 * where a new index of the same scope need not write the files it shares with the old one.
 */
export function keepSearchFiles(output: OutputWriter, manifestFile: string): { kept: Set<string>; complete: boolean } {
  const kept = new Set<string>();
  const keep = (path: string) => keepIfThere(output, path);
  if (!keep(manifestFile)) return { kept, complete: false };
  const files = getIndexFiles(output.read(manifestFile), (path) => {
    if (!keep(path)) throw new Error(`No file ${path}`);
    return output.read(path);
  });
  if (!files) return { kept, complete: false };
  let complete = true;
  for (const path of files) {
    if (keep(path)) kept.add(path);
    else complete = false;
  }
  return { kept, complete };
}

/**
 * The search indexes to write: those the plan does not reuse from the output, with their pages,
 * and those an earlier run has not written yet (`isUnfinished`).
 */
export function toSearchWrites(input: {
  plan: BuildPlan;
  scopes: ReadonlyMap<string, SearchScope[]>;
  output: OutputWriter;
  isUnfinished: (file: string) => boolean;
}): SearchWrite[] {
  const writes: SearchWrite[] = [];
  for (const locale of input.plan.locales) {
    const scopes = input.scopes.get(locale.locale)!;
    for (const [index, { file, reuse }] of locale.searchIndexes.entries()) {
      if (reuse && !input.isUnfinished(file) && keepSearchFiles(input.output, file).complete) continue;
      writes.push({ file, pages: scopes[index]!.pages });
    }
  }
  return writes;
}
