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
 * postings as variable-length integers (each term's places as differences to the one before, and
 * the term frequencies: mostly a byte each, a quarter of 32-bit integers). A table is only ever an aid: one that is missing,
 * unreadable or made by other code (`salt`) is ignored, and the index is made from every page.
 */
const STATE_FORMAT = 3;
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
  /** The bytes of the postings' variable-length integers. */
  postingBytes: number;
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
    const postings = decodePostings(new Uint8Array(buffer.buffer, at, header.postingBytes), starts, header.postings);
    at += header.postingBytes;
    if (!postings || at - buffer.byteOffset !== bytes.length) return undefined;
    const { places, tfs } = postings;
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
  const postings = encodePostings(table);
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
    postingBytes: postings.length,
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
    bytesOf(postings),
  ];
  writeFileWhole(file, parts);
}

/**
 * The postings as variable-length integers (seven bits a byte, the high bit set on every byte
 * but a number's last): for each term, each place as its difference to the one before (the
 * first as it is), then its frequency.
 */
function encodePostings(table: SearchTable): Uint8Array {
  const { starts, places, tfs } = table;
  // Most postings take two or three bytes (a large site's table is tens of megabytes: not five
  // times that up front); grown when a posting might not fit, five bytes a number at most.
  let bytes = new Uint8Array(places.length * 3 + 16);
  let at = 0;
  for (let term = 0; term + 1 < starts.length; term++) {
    let previous = 0;
    for (let index = starts[term]!; index < starts[term + 1]!; index++) {
      if (at + 10 > bytes.length) {
        const larger = new Uint8Array(bytes.length * 2);
        larger.set(bytes);
        bytes = larger;
      }
      const place = places[index]!;
      let value = place - previous;
      previous = place;
      while (value >= 0x80) {
        bytes[at++] = (value & 0x7f) | 0x80;
        value >>>= 7;
      }
      bytes[at++] = value;
      value = tfs[index]!;
      while (value >= 0x80) {
        bytes[at++] = (value & 0x7f) | 0x80;
        value >>>= 7;
      }
      bytes[at++] = value;
    }
  }
  return bytes.subarray(0, at);
}

/** The places and frequencies of encodePostings' bytes; undefined when they do not hold `count` postings exactly. */
function decodePostings(bytes: Uint8Array, starts: Int32Array, count: number): { places: Int32Array; tfs: Int32Array } | undefined {
  if (starts[starts.length - 1] !== count) return undefined;
  const places = new Int32Array(count);
  const tfs = new Int32Array(count);
  const end = bytes.length;
  let at = 0;
  // A number of more than one byte (the first, read already, is `byte`): its value, or -1 when cut short or too long.
  const readLong = (byte: number): number => {
    let value = byte & 0x7f;
    for (let shift = 7; byte & 0x80; shift += 7) {
      if (at >= end || shift > 28) return -1;
      byte = bytes[at++]!;
      value |= (byte & 0x7f) << shift;
    }
    return value;
  };
  for (let term = 0; term + 1 < starts.length; term++) {
    let previous = 0;
    const last = starts[term + 1]!;
    for (let index = starts[term]!; index < last; index++) {
      // Two numbers, a place's difference then a frequency, most of one byte each.
      if (at + 2 > end) return undefined;
      let byte = bytes[at++]!;
      const delta = byte < 0x80 ? byte : readLong(byte);
      byte = bytes[at++]!;
      const tf = byte < 0x80 ? byte : readLong(byte);
      if (delta < 0 || tf < 0) return undefined;
      places[index] = previous += delta;
      tfs[index] = tf;
    }
  }
  return at === end ? { places, tfs } : undefined;
}

const align = (bytes: number) => Math.ceil(bytes / 4) * 4;
