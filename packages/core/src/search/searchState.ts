import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { hashOwnCode, writeFileWhole } from '../processes/index.js';
import type { SearchTable } from './shards.js';

/**
 * The table of a scope's last search index (see SearchTable), kept in the site's cache so that
 * the next build updates the index instead of counting every page again. One file per scope,
 * named by a hash of the scope's manifest path: a JSON header (pages, terms, shards, chunks),
 * the lengths, entry lengths, cuts and last ties as little-endian 32-bit integers, then the
 * postings: their places as 32-bit integers, their term frequencies a byte each (255 for one of
 * 255 or more, whose values follow as pairs of 32-bit integers, posting and frequency). Read back
 * as they are (the places are a view of the file's bytes): at 10,000 pages a table of 15 million
 * postings reads in a tenth of the time variable-length integers took, for twice their bytes.
 * A table is only ever an aid: one that is missing, unreadable or made by other code (`salt`) is
 * ignored, and the index is made from every page.
 */
const STATE_FORMAT = 4;
const STATE_DIR = 'search';

interface StateHeader {
  format: number;
  salt: string;
  slot: number;
  scope: SearchTable['scope'];
  pages: [key: string, title: string, path: string, sections: number][];
  terms: string[];
  shards: [first: number, last: number, count: number, name: string][];
  chunks: string[];
  postings: number;
  lengths: number;
  /** The postings whose term frequency is 255 or more (see STATE_FORMAT). */
  largeTfs: number;
}

/** The file of a scope's table in the compile store `storeDir`. */
export function getSearchStatePath(storeDir: string, manifestFile: string): string {
  return join(storeDir, STATE_DIR, `${createHash('sha256').update(manifestFile).digest('hex').slice(0, 16)}.state`);
}

/**
 * Removes the tables of `storeDir` that belong to none of the search indexes `manifestFiles` (a
 * scope gone, or an index path of an earlier build id): a table is megabytes on a large site.
 */
export function removeOtherSearchStates(storeDir: string, manifestFiles: Iterable<string>): void {
  const kept = new Set([...manifestFiles].map((file) => getSearchStatePath(storeDir, file)));
  const dir = join(storeDir, STATE_DIR);
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) if (name.endsWith('.state') && !kept.has(join(dir, name))) rmSync(join(dir, name), { force: true });
}

/**
 * A hash of the code that makes an index (shards, index with its text of HTML, and the tokenizer
 * and entity decoding of @docgen/shared), for the tables' salt: a table made by other code (docgen
 * built anew at the same version) is not used.
 */
export function readSearchCodeKey(): string {
  const shared = pathToFileURL(createRequire(import.meta.url).resolve('@docgen/shared/search'));
  return hashOwnCode([
    ...['shards', 'index'].map((name) => new URL(`./${name}`, import.meta.url)),
    ...['search', 'searchTokens', 'koreanStem', 'shardedSearch', 'htmlEntities'].map((name) => new URL(`./${name}`, shared)),
  ]);
}

/** The table kept at `file`, if it is there, whole and made with `salt`. */
export function readSearchState(file: string, salt: string): SearchTable | undefined {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch {
    return undefined;
  }
  try {
    const headerLength = bytes.readUInt32LE(0);
    const header = JSON.parse(bytes.toString('utf8', 4, 4 + headerLength)) as StateHeader;
    if (header.format !== STATE_FORMAT || header.salt !== salt) return undefined;
    // The arrays start at a multiple of 4 bytes; a copy when the buffer itself does not.
    const start = align(4 + headerLength);
    const buffer = bytes.byteOffset % 4 === 0 ? bytes : Buffer.from(bytes);
    let at = buffer.byteOffset + start;
    const int32s = (length: number) => {
      const array = new Int32Array(buffer.buffer, at, length);
      at += length * 4;
      return array;
    };
    const terms = header.terms.length;
    const starts = int32s(terms + 1);
    const lengths = int32s(header.lengths);
    const entryLengths = int32s(terms);
    const thresholds = int32s(terms);
    const lastTies = int32s(terms);
    const places = int32s(header.postings);
    const smallTfs = new Uint8Array(buffer.buffer, at, header.postings);
    at += align(header.postings);
    const large = int32s(header.largeTfs * 2);
    if (at - buffer.byteOffset !== bytes.length || starts[terms] !== header.postings) return undefined;
    const tfs = readTfs(smallTfs, large);
    if (!tfs) return undefined;
    return {
      slot: header.slot,
      pages: header.pages.map(([key, title, path, sections]) => ({ key, title, path, sections })),
      terms: header.terms,
      starts,
      places,
      tfs,
      lengths,
      scope: header.scope,
      entryLengths,
      thresholds,
      lastTies,
      shards: header.shards.map(([first, last, count, name]) => ({ first, last, count, name })),
      chunks: header.chunks,
    };
  } catch {
    return undefined;
  }
}

/** Keeps `table` at `file` for the next build, written whole under a temporary name and renamed. */
export function writeSearchState(file: string, salt: string, table: SearchTable): void {
  const { small, large } = splitTfs(table.tfs);
  const header: StateHeader = {
    format: STATE_FORMAT,
    salt,
    slot: table.slot,
    scope: table.scope,
    pages: table.pages.map((page) => [page.key, page.title, page.path, page.sections]),
    terms: table.terms,
    shards: table.shards.map((shard) => [shard.first, shard.last, shard.count, shard.name]),
    chunks: table.chunks,
    postings: table.places.length,
    lengths: table.lengths.length,
    largeTfs: large.length / 2,
  };
  const json = Buffer.from(JSON.stringify(header));
  const head = Buffer.alloc(align(4 + json.length));
  head.writeUInt32LE(json.length, 0);
  json.copy(head, 4);
  const bytesOf = (array: Int32Array | Uint8Array) => Buffer.from(array.buffer, array.byteOffset, array.byteLength);
  const parts = [
    head,
    bytesOf(table.starts),
    bytesOf(table.lengths),
    bytesOf(table.entryLengths),
    bytesOf(table.thresholds),
    bytesOf(table.lastTies),
    bytesOf(table.places),
    bytesOf(small),
    Buffer.alloc(align(small.length) - small.length),
    bytesOf(large),
  ];
  writeFileWhole(file, parts);
}

/** Term frequencies a byte each, 255 standing for one of 255 or more; those as pairs of posting and frequency. */
function splitTfs(tfs: Int32Array): { small: Uint8Array; large: Int32Array } {
  const small = new Uint8Array(tfs.length);
  const large: number[] = [];
  for (let index = 0; index < tfs.length; index++) {
    const tf = tfs[index]!;
    if (tf >= 255) {
      small[index] = 255;
      large.push(index, tf);
    } else small[index] = tf;
  }
  return { small, large: Int32Array.from(large) };
}

/** The term frequencies splitTfs gave; undefined when a pair names no posting marked 255. */
function readTfs(small: Uint8Array, large: Int32Array): Int32Array | undefined {
  const tfs = new Int32Array(small.length);
  tfs.set(small);
  for (let at = 0; at < large.length; at += 2) {
    const index = large[at]!;
    if (small[index] !== 255) return undefined;
    tfs[index] = large[at + 1]!;
  }
  return tfs;
}

const align = (bytes: number) => Math.ceil(bytes / 4) * 4;
