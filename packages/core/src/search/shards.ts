import { createHash } from 'node:crypto';
import {
  getDetailFileName,
  getShardFileName,
  SEARCH_BOOST,
  SEARCH_DETAILS_PER_CHUNK,
  SEARCH_DETAIL_TEXT,
  SEARCH_FORMAT,
  SEARCH_MAX_POSTINGS,
  SEARCH_SCORE_SCALE,
  SEARCH_SHARD_BYTES,
  type SearchManifest,
  tokenizeForSearch,
} from '@docgen/shared/search';

/** What a section gives the index: its fields (see SearchSection in index.ts). */
export interface ShardSection {
  title: string;
  heading: string;
  url: string;
  text: string;
  code: string;
}

/** One file of a sharded index: its name (`getShardFileName`, `getDetailFileName`) and contents. */
export interface SearchFile {
  name: string;
  contents: string;
}

const FIELDS = ['title', 'heading', 'text', 'code'] as const;
const BOOSTS: Record<(typeof FIELDS)[number], number> = {
  title: SEARCH_BOOST.title,
  heading: SEARCH_BOOST.heading,
  text: 1,
  code: SEARCH_BOOST.code,
};

// BM25+ as MiniSearch weighs a term in a field (k, b, d of its defaults).
const K = 1.2;
const B = 0.7;
const D = 0.5;

/**
 * The sharded search index of a scope's sections: a manifest, the term shards and the detail
 * chunks. Every term's postings hold, per section, one weight: the BM25+ term frequency part of
 * each field it occurs in, times the field's boost, summed and scaled to an integer; the query
 * adds the inverse document frequency (from the term's document count). A term found in more than
 * SEARCH_MAX_POSTINGS sections keeps its heaviest postings only, so that no term costs more than
 * that to fetch however large the site. The terms, sorted by UTF-16 code units, are cut into
 * shards of about SEARCH_SHARD_BYTES; the manifest lists each shard's first term, so the browser
 * finds the shard of a term without fetching others. Details (title, heading, URL, the start of
 * the text) are in chunks of SEARCH_DETAILS_PER_CHUNK sections in index order. Every file is
 * named by one hash of all of them (and its number): the names change together when anything does.
 *
 * Linear in the size of the text (one tokenizing pass, one sort of the distinct terms), and a pure
 * function of the sections: the same bytes whatever thread writes it.
 */
export function toSearchShards(sections: readonly ShardSection[]): { manifest: SearchManifest; files: SearchFile[] } {
  const lengths: number[][] = FIELDS.map(() => []);
  const postings = new Map<string, number[]>(); // term -> [section, fieldIndex, tf, ...]
  // One map, emptied for each field of each section: allocating one each time is most of the cost.
  const counts = new Map<string, number>();
  for (let id = 0; id < sections.length; id++) {
    const section = sections[id]!;
    for (let field = 0; field < FIELDS.length; field++) {
      counts.clear();
      for (const token of tokenizeForSearch(section[FIELDS[field]!])) {
        const term = token.toLowerCase();
        counts.set(term, (counts.get(term) ?? 0) + 1);
      }
      lengths[field]![id] = counts.size;
      for (const [term, count] of counts) {
        let list = postings.get(term);
        if (!list) postings.set(term, (list = []));
        list.push(id, field, count);
      }
    }
  }
  const averages = lengths.map((values) => values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length) || 1);

  const terms = [...postings.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const shards: string[][] = [];
  const firstTerms: string[] = [];
  let shard: string[] = [];
  let shardBytes = 0;
  for (const term of terms) {
    const entry = JSON.stringify([term, ...toWeights(postings.get(term)!, lengths, averages, sections.length)]);
    if (shard.length > 0 && shardBytes + entry.length > SEARCH_SHARD_BYTES) {
      shards.push(shard);
      shard = [];
      shardBytes = 0;
    }
    if (shard.length === 0) firstTerms.push(term);
    shard.push(entry);
    shardBytes += entry.length + 1;
  }
  if (shard.length > 0) shards.push(shard);

  const shardContents = shards.map((entries) => `[${entries.join(',')}]`);
  const detailContents: string[] = [];
  for (let start = 0; start < sections.length; start += SEARCH_DETAILS_PER_CHUNK) {
    const chunk = sections
      .slice(start, start + SEARCH_DETAILS_PER_CHUNK)
      .map((section) => [
        section.title,
        section.heading,
        section.url,
        section.text.length > SEARCH_DETAIL_TEXT ? section.text.slice(0, SEARCH_DETAIL_TEXT) : section.text,
      ]);
    detailContents.push(JSON.stringify(chunk));
  }
  // One hash of every file names them all: the manifest stays a list of first terms, whatever the size.
  const digest = createHash('sha256');
  for (const contents of [...shardContents, ...detailContents]) digest.update(`${contents.length}:`).update(contents);
  const hash = digest.digest('hex').slice(0, 16);
  const files: SearchFile[] = [
    ...shardContents.map((contents, index) => ({ name: getShardFileName(hash, index), contents })),
    ...detailContents.map((contents, index) => ({ name: getDetailFileName(hash, index), contents })),
  ];
  const manifest: SearchManifest = {
    format: SEARCH_FORMAT,
    documentCount: sections.length,
    files: hash,
    shards: firstTerms,
    details: detailContents.length,
  };
  return { manifest, files };
}

/**
 * A term's postings as `[section, weight, section, weight, ...]`, sections ascending and given as
 * the difference to the one before: the heaviest SEARCH_MAX_POSTINGS. A section's weight is, as
 * MiniSearch scores it, the sum over the fields the term is in of the field's boost times the
 * term's BM25+ score in the field (its inverse document frequency among the field's values, and
 * its frequency against the field's length).
 */
function toWeights(list: readonly number[], lengths: readonly number[][], averages: readonly number[], total: number): number[] {
  const fieldCounts = FIELDS.map(() => 0);
  for (let i = 0; i < list.length; i += 3) fieldCounts[list[i + 1]!]!++;
  const idfs = fieldCounts.map((count) => Math.log(1 + (total - count + 0.5) / (count + 0.5)));
  // A section's postings are next to each other (fields in order): summed as they come, in the
  // same order as a map by section would sum them.
  let entries: [id: number, weight: number][] = [];
  let current = -1;
  let sum = 0;
  for (let i = 0; i < list.length; i += 3) {
    const id = list[i]!;
    const field = list[i + 1]!;
    const tf = list[i + 2]!;
    const norm = 1 - B + (B * lengths[field]![id]!) / averages[field]!;
    const weight = BOOSTS[FIELDS[field]!] * idfs[field]! * (D + (tf * (K + 1)) / (tf + K * norm));
    if (id !== current) {
      if (current !== -1) entries.push([current, Math.max(1, Math.round(sum * SEARCH_SCORE_SCALE))]);
      current = id;
      sum = 0;
    }
    sum += weight;
  }
  if (current !== -1) entries.push([current, Math.max(1, Math.round(sum * SEARCH_SCORE_SCALE))]);
  if (entries.length > SEARCH_MAX_POSTINGS) {
    entries = entries.sort((a, b) => b[1] - a[1] || a[0] - b[0]).slice(0, SEARCH_MAX_POSTINGS);
    entries.sort((a, b) => a[0] - b[0]);
  }
  const out: number[] = [];
  let previous = 0;
  for (const [id, weight] of entries) {
    out.push(id - previous, weight);
    previous = id;
  }
  return out;
}
