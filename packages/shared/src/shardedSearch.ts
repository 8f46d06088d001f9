/**
 * The sharded search index, as the build writes it (core's `search/shards.ts`) and the browser
 * reads it: a manifest per scope, term shards and packs of detail chunks, every file named by a
 * hash of its content (so it is cached forever). A query fetches the shards of its tokens only,
 * and the details of the results shown only (a byte range of a pack each).
 */
import { getQueryBonusTokens, tokenizeSearchQuery } from './searchTokens.js';

/** Field boosts: a match in the title counts most, then in a heading, then in code, then in text. */
export const SEARCH_BOOST = { title: 3, heading: 2, code: 1.5 } as const;

/** The format of the manifest and its files; a browser reading another format would misread them. */
export const SEARCH_FORMAT = 3;
/** About how many bytes of JSON a term shard holds (one term may exceed it; see toSearchShards in core). */
export const SEARCH_SHARD_BYTES = 24_000;
/** A term keeps this many postings at most, its heaviest: its cost does not grow with the site. */
export const SEARCH_MAX_POSTINGS = 800;
/** Weights are stored as integers: the weight times this. */
export const SEARCH_SCORE_SCALE = 8;
/**
 * Pages per detail chunk. Small, because the 10 results of a query are spread over the whole
 * scope on a large site (each in a chunk of its own), so a chunk's other pages are bytes fetched
 * for nothing (a page's sections take about 2 KB gzip); a chunk per page or two keeps a build's
 * files few and a query's details under 50 KB gzip.
 */
export const SEARCH_PAGES_PER_CHUNK = 2;
/**
 * Detail chunks per pack (and per directory, which says where each chunk ends in its pack): a
 * query's details fetch a directory of half a kilobyte or so before the chunk's bytes. A pack
 * rather than a file per chunk: a build writes one file where it wrote 64.
 */
export const SEARCH_CHUNKS_PER_DIRECTORY = 64;
/** Characters of a section's text kept for its snippet. */
export const SEARCH_DETAIL_TEXT = 360;
/** Shards a prefix (a query token being typed) is looked up in, at most. */
const PREFIX_SHARDS = 2;
/** MiniSearch's weight of a prefix match. */
const PREFIX_WEIGHT = 0.375;

/**
 * A scope's manifest. Sections are numbered by page: section `s` of page `p` (in the scope's
 * order) is `p * slot + s`, so that a page that gains a heading changes no other page's numbers.
 * Every file is named by a hash of its content (a file that did not change keeps its name, and a
 * browser may keep it forever): shard `i`, holding the terms from `shards[i]` on, is
 * `shardFiles[i]`; the details of page `p` are in chunk `c = floor(p / pagesPerChunk)`, entry
 * `c % chunksPerDirectory` of the pack that directory file `directories[floor(c /
 * chunksPerDirectory)]` names (see SearchDirectory: the manifest stays small however many chunks
 * there are).
 */
export interface SearchManifest {
  format: number;
  documentCount: number;
  slot: number;
  pagesPerChunk: number;
  chunksPerDirectory: number;
  shards: string[];
  shardFiles: string[];
  directories: string[];
}

/**
 * A directory file: the name (hash) of a pack, and where each of its chunks ends in it, in bytes
 * (chunk `i` is bytes `ends[i - 1]` (0 for the first) to `ends[i]`). Each chunk is a
 * SearchDetailChunk's JSON compressed alone (zlib's deflate format), so that a byte range of the
 * pack is a chunk a browser unpacks with `DecompressionStream('deflate')`.
 */
export interface SearchDirectory {
  pack: string;
  ends: number[];
}

/** A detail chunk: per page, its title, path and sections (heading, anchor, the start of the text). */
export type SearchDetailChunk = [title: string, path: string, sections: [heading: string, anchor: string, text: string][]][];

/** What a result shows. */
export interface SearchDetail {
  title: string;
  heading: string;
  url: string;
  text: string;
}

export interface SearchHit {
  id: number;
  score: number;
}

/** Where chunk `at` of a directory's pack starts and ends (excluded), in bytes. */
export function getSearchChunkRange(ends: readonly number[], at: number): [start: number, end: number] {
  return [at === 0 ? 0 : ends[at - 1]!, ends[at]!];
}

/** The file name of a shard or directory, by the hash the manifest holds. */
export function getSearchFileName(hash: string): string {
  return `${hash}.json`;
}

/** The file name of a pack of detail chunks, by the hash its directory holds. */
export function getSearchPackName(hash: string): string {
  return `${hash}.bin`;
}

/**
 * Where a scope's index reads its files (by file name, in SEARCH_FILES_DIR): `json` a shard or a
 * directory, parsed; `chunk` the detail chunk at bytes `start` to `end` (excluded) of a pack,
 * unpacked and parsed.
 */
export interface SearchFileSource {
  json(name: string): Promise<unknown>;
  chunk(name: string, start: number, end: number): Promise<unknown>;
}

/** The folder (relative to the output folder) of every scope's shards, directories and packs of detail chunks. */
export const SEARCH_FILES_DIR = '_docgen/search/files';

/** The URL of a shard, directory or detail chunk (by file name), under the site base URL. */
export function getSearchFileUrl(siteBaseUrl: string, name: string): string {
  return `${siteBaseUrl}${SEARCH_FILES_DIR}/${name}`;
}

interface Shard {
  terms: string[];
  postings: Map<string, number[]>;
}

/**
 * A scope's index in the browser (or a test): `load` fetches what a query needs, `search` answers
 * from what is loaded, `details` fetches the chunks of the results shown, each file and chunk
 * once, from `source`.
 */
export function createShardedSearch(manifest: SearchManifest, source: SearchFileSource) {
  if (manifest.format !== SEARCH_FORMAT)
    throw new Error(`Search index format ${manifest.format} is not ${SEARCH_FORMAT}: rebuild the site`);
  const shards = new Map<string, Shard>();
  const pending = new Map<string, Promise<unknown>>();
  const firstTerms = manifest.shards;
  const shardFile = (index: number) => getSearchFileName(manifest.shardFiles[index]!);

  /** Fetches (once) what `key` names; forgotten when it fails, to be fetched again. */
  const fetchOnce = (key: string, fetch: () => Promise<unknown>) => {
    let promise = pending.get(key);
    if (!promise) {
      promise = fetch();
      pending.set(key, promise);
      promise.catch(() => pending.delete(key));
    }
    return promise;
  };
  const fetchJson = (name: string) => fetchOnce(name, () => source.json(name));

  /** The index of the shard a term falls in: the last whose first term is not after it. */
  const shardOf = (term: string) => {
    let low = 0;
    let high = firstTerms.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (firstTerms[middle]! <= term) low = middle;
      else high = middle - 1;
    }
    return low;
  };

  /** The shard files a token needs: its own, and for a prefix those that follow with terms it starts. */
  const filesOf = (token: string, prefix: boolean) => {
    if (firstTerms.length === 0) return [];
    const first = shardOf(token);
    const files = [shardFile(first)];
    if (prefix) {
      for (
        let index = first + 1;
        index < firstTerms.length && files.length < PREFIX_SHARDS && firstTerms[index]!.startsWith(token);
        index++
      ) {
        files.push(shardFile(index));
      }
    }
    return files;
  };

  const plan = (query: string) => {
    const required = [...new Set(tokenizeSearchQuery(query).map((token) => token.toLowerCase()))];
    const bonus = getQueryBonusTokens(query).map((token) => token.toLowerCase());
    const files = new Set<string>();
    for (const token of required) for (const file of filesOf(token, true)) files.add(file);
    for (const token of bonus) for (const file of filesOf(token, false)) files.add(file);
    return { required, bonus, files: [...files] };
  };

  /** Adds the weights of a term's postings, times `factor`, to `scores`. */
  const addPostings = (scores: Map<number, number>, postings: readonly number[], factor: number) => {
    const weight = factor / SEARCH_SCORE_SCALE;
    let id = 0;
    for (let i = 0; i < postings.length; i += 2) {
      id += postings[i]!;
      scores.set(id, (scores.get(id) ?? 0) + postings[i + 1]! * weight);
    }
  };

  /** The scores of the sections matching a token: the term itself, and the terms it starts (less). */
  const matchToken = (token: string) => {
    const scores = new Map<number, number>();
    for (const file of filesOf(token, true)) {
      const shard = shards.get(file);
      if (!shard) continue;
      const { terms } = shard;
      let low = 0;
      let high = terms.length;
      while (low < high) {
        const middle = (low + high) >> 1;
        if (terms[middle]! < token) low = middle + 1;
        else high = middle;
      }
      for (let index = low; index < terms.length && terms[index]!.startsWith(token); index++) {
        const term = terms[index]!;
        addPostings(scores, shard.postings.get(term)!, term === token ? 1 : (PREFIX_WEIGHT * token.length) / term.length);
      }
    }
    return scores;
  };

  return {
    manifest,
    /** The files a query needs that are not loaded yet. */
    missing(query: string): string[] {
      return plan(query).files.filter((file) => !shards.has(file));
    },
    /** Fetches the shards a query needs. */
    async load(query: string): Promise<void> {
      await Promise.all(
        plan(query).files.map(async (file) => {
          if (shards.has(file)) return;
          const entries = (await fetchJson(file)) as [string, ...number[]][];
          const postings = new Map<string, number[]>();
          for (const [term, ...list] of entries) postings.set(term, list);
          shards.set(file, { terms: entries.map(([term]) => term), postings });
        }),
      );
    },
    /**
     * The sections matching every token of the query, best first, from the shards loaded: a
     * section scores the weights of its terms (their BM25+ scores, weighed at build time), plus
     * those of the query's bonus tokens.
     */
    search(query: string): SearchHit[] {
      const { required, bonus } = plan(query);
      if (required.length === 0) return [];
      let scores: Map<number, number> | undefined;
      for (const token of required) {
        const matched = matchToken(token);
        if (!scores) scores = matched;
        else {
          const both = new Map<number, number>();
          for (const [id, score] of matched) {
            const before = scores.get(id);
            if (before !== undefined) both.set(id, before + score);
          }
          scores = both;
        }
        if (scores.size === 0) return [];
      }
      for (const token of bonus) {
        const shard = shards.get(filesOf(token, false)[0] ?? '');
        const postings = shard?.postings.get(token);
        if (!postings) continue;
        const extra = new Map<number, number>();
        addPostings(extra, postings, 1);
        for (const [id, score] of extra) {
          const before = scores!.get(id);
          if (before !== undefined) scores!.set(id, before + score);
        }
      }
      return [...scores!].map(([id, score]) => ({ id, score })).sort((a, b) => b.score - a.score || a.id - b.id);
    },
    /** The details of sections, fetching the directories and the chunks they are in. */
    async details(ids: readonly number[]): Promise<SearchDetail[]> {
      const { slot, pagesPerChunk, chunksPerDirectory } = manifest;
      return Promise.all(
        ids.map(async (id) => {
          const page = Math.floor(id / slot);
          const chunk = Math.floor(page / pagesPerChunk);
          const directory = manifest.directories[Math.floor(chunk / chunksPerDirectory)]!;
          const { pack, ends } = (await fetchJson(getSearchFileName(directory))) as SearchDirectory;
          const at = chunk % chunksPerDirectory;
          const name = getSearchPackName(pack);
          const [start, end] = getSearchChunkRange(ends, at);
          const pages = (await fetchOnce(`${name}#${start}`, () => source.chunk(name, start, end))) as SearchDetailChunk;
          const [title, path, sections] = pages[page % pagesPerChunk]!;
          const [heading, anchor, text] = sections[id % slot]!;
          return { title, heading, url: anchor ? `${path}#${anchor}` : path, text };
        }),
      );
    },
  };
}

export type ShardedSearch = ReturnType<typeof createShardedSearch>;
