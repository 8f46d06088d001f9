import { createHash } from 'node:crypto';
import { closeSync, constants, ftruncateSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { writingFile } from '../diagnostics/index.js';
import { findCompiledModule, hashOwnCode, readFileStart, writeAll } from '../processes/index.js';
import { FIELD_COUNT, LARGE_TF, type SearchTable } from './shards.js';

/**
 * The table of a scope's last search index (see SearchTable), kept in the site's cache so that
 * the next build updates the index instead of counting every page again. Two files per scope
 * (slots), named by a hash of the scope's manifest path: a build overwrites, in place, the slot
 * that does not hold the table it read. Overwriting a file the system has cached costs a tenth of
 * writing a new one and renaming it over the old (at 10,000 pages: 13 ms against 200-250 ms for
 * 79 MB), whose blocks are allocated, then freed with the old file.
 *
 * A slot file is: its header's length (a little-endian 32-bit integer, 0 while the file is
 * being written: it is written last), its generation (the same, one more than the other slot's),
 * a JSON header (pages, terms, shards, packs), the lengths, entry lengths, cuts, last ties and
 * field counts as 32-bit integers, then the postings: their places as 32-bit integers, their term frequencies a
 * byte each (255 for one of 255 or more, whose values follow as pairs of 32-bit integers, posting
 * and frequency). Read back as they are (the places are a view of the file's bytes): at 10,000
 * pages a table of 15 million postings reads in a tenth of the time variable-length integers took,
 * for twice their bytes.
 *
 * A killed build leaves the slot it was writing marked unfinished, and the other slot whole. Any
 * whole table of the scope is a right one to update from (its pages carry their keys: an older
 * one has more pages changed since), for a build that has the content of every page. A text edit
 * has that of the docs it edits alone: a table that a build killed after its search task kept
 * (ahead of the last build's output) can differ in others, and the edit takes the other slot's.
 * Nothing is synced to disk: a table torn by a power loss is caught only as far as its sizes and
 * counts tell. A table is only ever an aid: one that is
 * missing, unreadable or made by other code (`salt`) is ignored, and the index is made from every page.
 */
const STATE_FORMAT = 7;
const SLOTS = ['0', '1'];
/** Header length and generation: see STATE_FORMAT. */
const PREFIX_BYTES = 8;
const STATE_DIR = 'search';

interface StateHeader {
  format: number;
  salt: string;
  slot: number;
  scope: SearchTable['scope'];
  pages: [key: string, title: string, path: string, sections: number][];
  terms: string[];
  shards: [first: number, last: number, count: number, name: string][];
  /** Each pack of detail chunks: its name and where its chunks end. */
  packs: [name: string, ends: number[]][];
  postings: number;
  lengths: number;
  /** The postings whose term frequency is 255 or more (see STATE_FORMAT). */
  largeTfs: number;
}

/** Where a scope's table is kept in the compile store `storeDir`: the base of its slot files' names. */
export function getSearchStatePath(storeDir: string, manifestFile: string): string {
  return join(storeDir, STATE_DIR, createHash('sha256').update(manifestFile).digest('hex').slice(0, 16));
}

const slotFile = (base: string, slot: string) => `${base}.${slot}.state`;

/** Whether a whole table is kept at `base` (made by any code: its salt is not read). */
export function hasSearchState(base: string): boolean {
  return readSlots(base).some((slot) => slot.headerLength > 0);
}

/**
 * Removes the tables of `storeDir` that belong to none of the search indexes `manifestFiles` (a
 * scope gone, or an index path of an earlier build id): a table is megabytes on a large site.
 */
export function removeOtherSearchStates(storeDir: string, manifestFiles: Iterable<string>): void {
  const kept = new Set([...manifestFiles].flatMap((file) => SLOTS.map((slot) => slotFile(getSearchStatePath(storeDir, file), slot))));
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
 * built anew at the same version) is not used. The compiled modules' code, whichever thread asks
 * (tests run the calling thread's from the sources, and the threads' compiled).
 */
export function readSearchCodeKey(): string {
  const shared = pathToFileURL(createRequire(import.meta.url).resolve('@docgen/shared/search'));
  return hashOwnCode([
    ...['shards', 'index'].map((name) => pathToFileURL(findCompiledModule(import.meta.url, name))),
    ...['search', 'searchTokens', 'koreanStem', 'shardedSearch', 'htmlEntities'].map((name) => new URL(`./${name}`, shared)),
  ]);
}

/** A slot file's prefix: its header's length (0 for a slot missing or unfinished) and its generation. */
interface Slot {
  file: string;
  headerLength: number;
  generation: number;
}

function readSlots(base: string): Slot[] {
  return SLOTS.map((slot) => {
    const file = slotFile(base, slot);
    const prefix = readFileStart(file, PREFIX_BYTES);
    // Missing, unreadable or short: no table.
    if (prefix?.length !== PREFIX_BYTES) return { file, headerLength: 0, generation: 0 };
    return { file, headerLength: prefix.readUInt32LE(0), generation: prefix.readUInt32LE(4) };
  });
}

/** The whole slots of `base`, newest first. */
function wholeSlots(base: string): Slot[] {
  return readSlots(base)
    .filter((slot) => slot.headerLength > 0)
    .sort((a, b) => b.generation - a.generation);
}

/** The slot file each table read was read from (see writeSearchState's `updatedFrom`). */
const slotsRead = new WeakMap<SearchTable, string>();

/**
 * The newest whole table kept at `base` (see getSearchStatePath) made with `salt` that `fits`, if
 * there is one. A table that does not fit (one that a build killed before its commit kept, which
 * an edit cannot update from) gives way to the other slot's.
 */
export function readSearchState(base: string, salt: string, fits: (table: SearchTable) => boolean = () => true): SearchTable | undefined {
  for (const slot of wholeSlots(base)) {
    const table = readSlot(slot.file, salt);
    if (!table || !fits(table)) continue;
    slotsRead.set(table, slot.file);
    return table;
  }
  return undefined;
}

function readSlot(file: string, salt: string): SearchTable | undefined {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch {
    return undefined;
  }
  try {
    const headerLength = bytes.readUInt32LE(0);
    if (headerLength === 0) return undefined;
    const header = JSON.parse(bytes.toString('utf8', PREFIX_BYTES, PREFIX_BYTES + headerLength)) as StateHeader;
    if (header.format !== STATE_FORMAT || header.salt !== salt) return undefined;
    // The arrays start at a multiple of 4 bytes; a copy when the buffer itself does not.
    const start = align(PREFIX_BYTES + headerLength);
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
    const fieldCounts = int32s(terms * FIELD_COUNT);
    const places = int32s(header.postings);
    const tfs = new Uint8Array(buffer.buffer, at, header.postings);
    at += align(header.postings);
    const largeTfs = int32s(header.largeTfs * 2);
    if (at - buffer.byteOffset !== bytes.length || starts[terms] !== header.postings || !hasLargeTfs(tfs, largeTfs)) return undefined;
    return {
      slot: header.slot,
      pages: header.pages.map(([key, title, path, sections]) => ({ key, title, path, sections })),
      terms: header.terms,
      starts,
      places,
      tfs,
      largeTfs,
      lengths,
      scope: header.scope,
      entryLengths,
      thresholds,
      lastTies,
      fieldCounts,
      shards: header.shards.map(([first, last, count, name]) => ({ first, last, count, name })),
      packs: header.packs.map(([pack, ends]) => ({ pack, ends })),
      chunkCount: header.packs.reduce((sum, [, ends]) => sum + ends.length, 0),
    };
  } catch {
    return undefined;
  }
}

/**
 * Keeps `table` at `base` for the next build: in the slot that does not hold the table it was
 * updated from (`updatedFrom`, as readSearchState read it), else in the one that does not hold the
 * newest whole table; overwritten in place, its header's length written last (see STATE_FORMAT).
 */
export function writeSearchState(base: string, salt: string, table: SearchTable, updatedFrom?: SearchTable): void {
  const header: StateHeader = {
    format: STATE_FORMAT,
    salt,
    slot: table.slot,
    scope: table.scope,
    pages: table.pages.map((page) => [page.key, page.title, page.path, page.sections]),
    terms: table.terms,
    shards: table.shards.map((shard) => [shard.first, shard.last, shard.count, shard.name]),
    packs: table.packs.map(({ pack, ends }) => [pack, ends]),
    postings: table.places.length,
    lengths: table.lengths.length,
    largeTfs: table.largeTfs.length / 2,
  };
  const json = Buffer.from(JSON.stringify(header));
  const head = Buffer.alloc(align(PREFIX_BYTES + json.length));
  const newest = wholeSlots(base)[0];
  head.writeUInt32LE((newest?.generation ?? 0) + 1, 4);
  json.copy(head, PREFIX_BYTES);
  const bytesOf = (array: Int32Array | Uint8Array) => Buffer.from(array.buffer, array.byteOffset, array.byteLength);
  // An update's postings are written from the pieces they are made of (see LazyPostings).
  const pieces = table.lazy?.pieces() ?? { places: [table.places], tfs: [table.tfs] };
  const parts = [
    head,
    bytesOf(table.starts),
    bytesOf(table.lengths),
    bytesOf(table.entryLengths),
    bytesOf(table.thresholds),
    bytesOf(table.lastTies),
    bytesOf(table.fieldCounts),
    ...pieces.places.map(bytesOf),
    ...pieces.tfs.map(bytesOf),
    Buffer.alloc(align(table.tfs.length) - table.tfs.length),
    bytesOf(table.largeTfs),
  ];
  const readFrom = updatedFrom && slotsRead.get(updatedFrom);
  const kept = SLOTS.some((slot) => slotFile(base, slot) === readFrom) ? readFrom : newest?.file;
  const file = slotFile(
    base,
    SLOTS.find((slot) => slotFile(base, slot) !== kept)!,
  );
  mkdirSync(dirname(file), { recursive: true });
  writingFile(file, () => {
    // Read and write, made if missing, not emptied (not `a`: Linux appends a positioned write there).
    const fd = openSync(file, constants.O_RDWR | constants.O_CREAT);
    try {
      // Unfinished from its first byte written to its last: head's first four bytes are still 0.
      let position = 0;
      for (const part of parts) {
        writeAll(fd, part, position);
        position += part.length;
      }
      ftruncateSync(fd, position);
      const length = Buffer.alloc(4);
      length.writeUInt32LE(json.length, 0);
      writeAll(fd, length, 0);
    } finally {
      closeSync(fd);
    }
  });
}

/**
 * Whether `largeTfs` holds a count for every posting of `tfs` marked LARGE_TF, and for no other,
 * in ascending order (see SearchTable.tfs).
 */
function hasLargeTfs(tfs: Uint8Array, largeTfs: Int32Array): boolean {
  const bytes = Buffer.from(tfs.buffer, tfs.byteOffset, tfs.byteLength);
  let pair = 0;
  for (let at = bytes.indexOf(LARGE_TF); at !== -1; at = bytes.indexOf(LARGE_TF, at + 1), pair += 2) {
    if (largeTfs[pair] !== at || largeTfs[pair + 1]! < LARGE_TF) return false;
  }
  return pair === largeTfs.length;
}

const align = (bytes: number) => Math.ceil(bytes / 4) * 4;
