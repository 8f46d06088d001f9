import { createHash } from 'node:crypto';
import {
  SEARCH_BOOST,
  SEARCH_CHUNKS_PER_DIRECTORY,
  SEARCH_DETAIL_TEXT,
  SEARCH_FORMAT,
  SEARCH_MAX_POSTINGS,
  SEARCH_PAGES_PER_CHUNK,
  SEARCH_SCORE_SCALE,
  SEARCH_SHARD_BYTES,
  type SearchDetailChunk,
  type SearchManifest,
  forEachIndexToken,
  type IndexTokenVisitor,
} from '@docgen/shared/search';

/** What a page gives the index: its title and path, and its sections (see getScopePages in index.ts). */
export interface ShardPage {
  title: string;
  path: string;
  sections: ShardSection[];
}

/** One section of a page: its heading and anchor (empty for the part before the first heading), text and code identifiers. */
export interface ShardSection {
  heading: string;
  anchor: string;
  text: string;
  code: string;
}

/** One file of a sharded index: its name (a hash of its contents, see getSearchFileName) and contents. */
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
 * The scope-wide numbers a weight depends on (the section count, each field's average length)
 * are rounded to steps of 2%: an edit that does not move them out of their step leaves every term
 * it does not touch with the same weights, so the shards without such a term keep their bytes.
 * (A step changes a score by 1% at most, which no ranking notices.)
 */
const SCOPE_STEP = Math.log(1.02);
function toScopeStep(value: number): number {
  return value <= 0 ? 0 : Math.exp(Math.round(Math.log(value) / SCOPE_STEP) * SCOPE_STEP);
}

/**
 * A shard is at least this many bytes before it may end, and ends once it reaches the most. The
 * span between is kept narrow: a query fetches the shard its term falls in, and a term falls in a
 * large shard more often than in a small one.
 */
const SHARD_MIN_BYTES = (SEARCH_SHARD_BYTES * 2) / 3;
const SHARD_MAX_BYTES = SEARCH_SHARD_BYTES * 2;

/**
 * The sharded search index of a scope's pages: a manifest, the term shards, the detail chunks and
 * the directories that name them (see SearchManifest). Every term's postings hold, per section,
 * one weight: the BM25+ term frequency part of each field it occurs in, times the field's boost
 * and inverse document frequency, summed and scaled to an integer. A term found in more than
 * SEARCH_MAX_POSTINGS sections keeps its heaviest postings only, so that no term costs more than
 * that to fetch however large the site.
 *
 * The terms, sorted by UTF-16 code units, are cut into shards where the content says, not where a
 * running byte count does: after a term whose hash, against its entry's size, says so (each byte
 * has the same chance of ending a shard, so that shards average SEARCH_SHARD_BYTES), once the
 * shard holds SHARD_MIN_BYTES (or SHARD_MAX_BYTES). An edit changes the shards of the terms it
 * touches; the other shards keep their ends, their bytes and so their names. Details are in chunks
 * of SEARCH_PAGES_PER_CHUNK pages in scope order. Each file is named by a hash of `salt` (the
 * scope's) and its contents.
 *
 * Linear in the size of the text (one tokenizing pass, one sort of the distinct terms), and a pure
 * function of the pages: the same bytes whatever thread writes it.
 */
export function toSearchShards(pages: readonly ShardPage[], salt = ''): { manifest: SearchManifest; files: SearchFile[] } {
  // Not Math.max(...): a scope may have more pages than a call may have arguments.
  const slot = 2 ** Math.ceil(Math.log2(pages.reduce((most, page) => Math.max(most, page.sections.length), 1)));
  const sections: IndexedSection[] = [];
  for (const [index, page] of pages.entries()) {
    for (const [at, section] of page.sections.entries()) {
      sections.push({ id: index * slot + at, title: page.title, heading: section.heading, text: section.text, code: section.code });
    }
  }
  const { terms, lengths, postings } = countTerms(sections);
  const toWeights = createWeigher(postings, lengths, sections);

  const order = terms.map((_, id) => id).sort((a, b) => (terms[a]! < terms[b]! ? -1 : terms[a]! > terms[b]! ? 1 : 0));
  const shards: string[][] = [];
  const firstTerms: string[] = [];
  let shard: string[] = [];
  let shardBytes = 0;
  for (const id of order) {
    const term = terms[id]!;
    const entry = `[${JSON.stringify(term)},${toWeights(id)}]`;
    if (shard.length === 0) firstTerms.push(term);
    shard.push(entry);
    shardBytes += entry.length + 1;
    if (shardBytes >= SHARD_MAX_BYTES || (shardBytes >= SHARD_MIN_BYTES && endsShard(term, entry.length))) {
      shards.push(shard);
      shard = [];
      shardBytes = 0;
    }
  }
  if (shard.length > 0) shards.push(shard);

  const files: SearchFile[] = [];
  const add = (contents: string) => {
    const name = createHash('sha256').update(`${salt}\0${contents}`).digest('hex').slice(0, 12);
    files.push({ name, contents });
    return name;
  };
  const shardFiles = shards.map((entries) => add(`[${entries.join(',')}]`));
  const chunks: string[] = [];
  for (let start = 0; start < pages.length; start += SEARCH_PAGES_PER_CHUNK) {
    const chunk: SearchDetailChunk = pages
      .slice(start, start + SEARCH_PAGES_PER_CHUNK)
      .map((page) => [
        page.title,
        page.path,
        page.sections.map((section) => [
          section.heading,
          section.anchor,
          section.text.length > SEARCH_DETAIL_TEXT ? section.text.slice(0, SEARCH_DETAIL_TEXT) : section.text,
        ]),
      ]);
    chunks.push(add(JSON.stringify(chunk)));
  }
  const directories: string[] = [];
  for (let start = 0; start < chunks.length; start += SEARCH_CHUNKS_PER_DIRECTORY) {
    directories.push(add(JSON.stringify(chunks.slice(start, start + SEARCH_CHUNKS_PER_DIRECTORY))));
  }
  const manifest: SearchManifest = {
    format: SEARCH_FORMAT,
    documentCount: sections.length,
    slot,
    pagesPerChunk: SEARCH_PAGES_PER_CHUNK,
    chunksPerDirectory: SEARCH_CHUNKS_PER_DIRECTORY,
    shards: firstTerms,
    shardFiles,
    directories,
  };
  return { manifest, files };
}

/** A section as the index counts it: its number (see SearchManifest) and its fields. */
interface IndexedSection {
  id: number;
  title: string;
  heading: string;
  text: string;
  code: string;
}

/**
 * Whether a shard may end after a term's entry of `bytes`: true for about one in
 * (SEARCH_SHARD_BYTES - SHARD_MIN_BYTES) / bytes terms, by a hash of the term alone (FNV-1a over
 * its UTF-16 code units).
 */
function endsShard(term: string, bytes: number): boolean {
  let hash = 0x811c9dc5;
  for (let index = 0; index < term.length; index++) hash = Math.imul(hash ^ term.charCodeAt(index), 0x01000193);
  return ((hash >>> 0) / 0x1_0000_0000) * (SEARCH_SHARD_BYTES - SHARD_MIN_BYTES) < bytes;
}

/**
 * Every term of the sections (by id, in the order first met), the number of distinct terms of each
 * field of each section, and the postings: for each term, the sections and fields it occurs in,
 * sections ascending and fields in order within one, with its count there.
 *
 * A site has millions of tokens and some ten thousand terms: each token is looked up once (a Hangul
 * bigram by its character codes, without a string), counted in an array by term id, and the
 * postings are laid out by term with one counting sort, not kept in a list per term.
 */
function countTerms(sections: readonly IndexedSection[]) {
  const terms: string[] = [];
  const termIds = new Map<string, number>();
  const pairIds = new Map<number, number>();
  const lengths = FIELDS.map(() => new Array<number>(sections.length).fill(0));
  // The (term, section * FIELDS.length + field, count) of each term in each field, as counted.
  let found = new Int32Array(1 << 16);
  let foundLength = 0;
  let counts = new Int32Array(1 << 12);
  const touched: number[] = [];
  const addTerm = (term: string) => {
    const id = terms.length;
    terms.push(term);
    if (id === counts.length) {
      const larger = new Int32Array(counts.length * 2);
      larger.set(counts);
      counts = larger;
    }
    return id;
  };
  const count = (id: number) => {
    if (counts[id]++ === 0) touched.push(id);
  };
  const visitor: IndexTokenVisitor = {
    pair(first, second) {
      const key = toPairKey(first) * PAIR_KEYS + toPairKey(second);
      let id = pairIds.get(key);
      if (id === undefined) {
        const term = String.fromCharCode(first, second);
        id = termIds.get(term) ?? addTerm(term);
        termIds.set(term, id);
        pairIds.set(key, id);
      }
      count(id);
    },
    token(token) {
      let id = termIds.get(token);
      if (id === undefined) termIds.set(token, (id = addTerm(token)));
      count(id);
    },
  };
  for (let section = 0; section < sections.length; section++) {
    for (let field = 0; field < FIELDS.length; field++) {
      forEachIndexToken(sections[section]![FIELDS[field]!], visitor);
      lengths[field]![section] = touched.length;
      if (foundLength + touched.length * 3 > found.length) {
        const larger = new Int32Array(Math.max(found.length * 2, foundLength + touched.length * 3));
        larger.set(found);
        found = larger;
      }
      for (const id of touched) {
        found[foundLength++] = id;
        found[foundLength++] = section * FIELDS.length + field;
        found[foundLength++] = counts[id]!;
        counts[id] = 0;
      }
      touched.length = 0;
    }
  }
  // Laid out by term, keeping the order counted (sections ascending, fields in order).
  const starts = new Int32Array(terms.length + 1);
  for (let index = 0; index < foundLength; index += 3) starts[found[index]! + 1]!++;
  for (let id = 0; id < terms.length; id++) starts[id + 1]! += starts[id]!;
  const next = starts.slice(0, terms.length);
  const places = new Int32Array(foundLength / 3);
  const tfs = new Int32Array(foundLength / 3);
  for (let index = 0; index < foundLength; index += 3) {
    const at = next[found[index]!]!++;
    places[at] = found[index + 1]!;
    tfs[at] = found[index + 2]!;
  }
  return { terms, lengths, postings: { starts, places, tfs } };
}

/** Hangul syllables and compatibility jamo (HANGUL in searchTokens.ts) as small numbers, so that a pair is one small integer. */
const PAIR_KEYS = 0xd7a3 - 0xac00 + 1 + (0x318e - 0x3131 + 1);
function toPairKey(code: number): number {
  return code >= 0xac00 ? code - 0xac00 : code - 0x3131 + (0xd7a3 - 0xac00 + 1);
}

interface Postings {
  /** Where each term's postings start in `places` and `tfs` (and the next term's start where they end). */
  starts: Int32Array;
  /** section * FIELDS.length + field */
  places: Int32Array;
  tfs: Int32Array;
}

/** The decimal text of small integers (most deltas and weights), made once. */
const SMALL_NUMBERS = Array.from({ length: 4096 }, (_, value) => String(value));
const toText = (value: number) => (value < SMALL_NUMBERS.length ? SMALL_NUMBERS[value]! : String(value));

/**
 * A term's postings as `section,weight,section,weight,...`, sections ascending and given as the
 * difference to the one before: the heaviest SEARCH_MAX_POSTINGS. A section's weight is, as
 * MiniSearch scores it, the sum over the fields the term is in of the field's boost times the
 * term's BM25+ score in the field (its inverse document frequency among the field's values, and
 * its frequency against the field's length; the section count and the average lengths in steps,
 * see toScopeStep).
 */
function createWeigher(postings: Postings, lengths: readonly number[][], sections: readonly IndexedSection[]) {
  const { starts, places, tfs } = postings;
  const fields = FIELDS.length;
  const total = sections.length;
  const steppedTotal = toScopeStep(total);
  const averages = lengths.map((values) => toScopeStep(values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length) || 1));
  // K times a field's length against the average, by place (the part of BM25+ that does not depend on the term).
  const lengthNorms = new Float64Array(total * fields);
  for (let place = 0; place < lengthNorms.length; place++) {
    const field = place % fields;
    lengthNorms[place] = K * (1 - B + (B * lengths[field]![(place - field) / fields]!) / averages[field]!);
  }
  const boosts = FIELDS.map((field) => BOOSTS[field]);
  const ids = new Int32Array(total);
  const weights = new Int32Array(total);
  const fieldCounts = new Int32Array(fields);
  const idfs = new Float64Array(fields);
  return (term: number): string => {
    const start = starts[term]!;
    const end = starts[term + 1]!;
    fieldCounts.fill(0);
    for (let at = start; at < end; at++) fieldCounts[places[at]! % fields]!++;
    for (let field = 0; field < fields; field++) {
      idfs[field] = Math.log(1 + Math.max(0, steppedTotal - fieldCounts[field]! + 0.5) / (fieldCounts[field]! + 0.5));
    }
    // A section's postings are next to each other (fields in order): summed as they come.
    let found = 0;
    let current = -1;
    let sum = 0;
    for (let at = start; at < end; at++) {
      const place = places[at]!;
      const field = place % fields;
      const id = (place - field) / fields;
      const tf = tfs[at]!;
      const weight = boosts[field]! * idfs[field]! * (D + (tf * (K + 1)) / (tf + lengthNorms[place]!));
      if (id !== current) {
        if (current !== -1) {
          ids[found] = current;
          weights[found++] = Math.max(1, Math.round(sum * SEARCH_SCORE_SCALE));
        }
        current = id;
        sum = 0;
      }
      sum += weight;
    }
    ids[found] = current;
    weights[found++] = Math.max(1, Math.round(sum * SEARCH_SCORE_SCALE));
    // The heaviest SEARCH_MAX_POSTINGS (ties to the lower section) are those above a threshold
    // weight, and the first ones at it: found with counts of each weight, in section order.
    let threshold = 0;
    let atThreshold = found;
    if (found > SEARCH_MAX_POSTINGS) {
      let heaviest = 0;
      for (let index = 0; index < found; index++) heaviest = Math.max(heaviest, weights[index]!);
      const counts = new Int32Array(heaviest + 1);
      for (let index = 0; index < found; index++) counts[weights[index]!]!++;
      let above = 0;
      for (threshold = heaviest; above + counts[threshold]! < SEARCH_MAX_POSTINGS; threshold--) above += counts[threshold]!;
      atThreshold = SEARCH_MAX_POSTINGS - above;
    }
    const parts: string[] = [];
    let previous = 0;
    for (let index = 0; index < found; index++) {
      const weight = weights[index]!;
      if (weight < threshold || (weight === threshold && atThreshold-- <= 0)) continue;
      const id = sections[ids[index]!]!.id;
      parts.push(toText(id - previous), toText(weight));
      previous = id;
    }
    return parts.join(',');
  };
}
