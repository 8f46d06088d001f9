import { createHash } from 'node:crypto';
import { deflateSync, inflateSync } from 'node:zlib';
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
  type SearchDirectory,
  type SearchManifest,
  getSearchChunkRange,
  getSearchFileName,
  getSearchPackName,
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

/**
 * One file of a sharded index: its name (a hash of its contents, see getSearchFileName and
 * getSearchPackName) and contents; no contents for a file an update keeps (it is in the output
 * already, see `has`).
 */
export interface SearchFile {
  name: string;
  contents?: string | Uint8Array;
}

/** A page of a scope as the index remembers it: `key` stands for its sections (the compiled content's key). */
export interface TablePage {
  key: string;
  title: string;
  path: string;
  sections: number;
}

/**
 * What an index remembers of the pages it was made from, so that an edit updates it (see
 * updateSearchShards): the terms and their postings, each field's length in each section, and
 * what each shard and detail chunk was made of. Persisted by searchState.ts.
 */
export interface SearchTable {
  /** A section's number is its page's index times `slot`, plus its place in the page (see SearchManifest). */
  slot: number;
  pages: TablePage[];
  /** Every term by id; a term no section holds any more keeps its id, with no postings. */
  terms: string[];
  /** Where each term's postings start in `places` and `tfs` (and the next term's start where they end). */
  starts: Int32Array;
  /** section number * FIELDS.length + field, ascending within a term */
  places: Int32Array;
  /**
   * The term's count in that field of that section, a byte each: LARGE_TF for a count of 255 or
   * more, whose count is in `largeTfs` (see tfAt). As the table is kept, so that a kept table is read
   * as a view of its file, and an update copies a quarter of the bytes.
   */
  tfs: Uint8Array;
  /** The counts of LARGE_TF or more: pairs of posting (its index in `tfs`) and count, by posting. */
  largeTfs: Int32Array;
  /** The number of distinct terms of each field of each section, sections in scope order. */
  lengths: Int32Array;
  /** The scope-wide numbers the weights depend on (see toScopeStep): an update that leaves them as they were weighs again only the terms it touched. */
  scope: ScopeSteps;
  /** Each term's entry length in the shards (UTF-16 code units). */
  entryLengths: Int32Array;
  /**
   * Each term's cut among its postings when it is in more sections than an entry keeps
   * (SEARCH_MAX_POSTINGS): the weight of the lightest it keeps; 0 when it keeps them all. An edit
   * that leaves a frequent term's sections of the changed pages out of its entry, before and after,
   * leaves the entry as it was (see createEntryKeeper).
   */
  thresholds: Int32Array;
  /** Of the sections at a term's cut, those an entry keeps are the first: the number of the last it keeps (-1 when none is at the cut). */
  lastTies: Int32Array;
  /**
   * Each term's postings in each field (FIELD_COUNT a term), as its last weighing counted them
   * (see createWeigher): what its inverse document frequencies are made of. An update's entry
   * keeper reads them instead of counting the postings of every frequent term it touches.
   */
  fieldCounts: Int32Array;
  shards: ShardRecord[];
  /** The packs of detail chunks, SEARCH_CHUNKS_PER_DIRECTORY chunks each (the last fewer): their names and where each chunk ends. */
  packs: SearchDirectory[];
  /** How many of the packs' chunks, from the first, hold the details of this table's pages (see alignToPages). */
  chunkCount: number;
  /** Of a table an update made (see mergeLazily): postings not copied into `places` and `tfs` yet. */
  lazy?: LazyPostings;
}

/**
 * The postings of a table an edit of a few pages made from the last one: each term's are pieces of
 * the last table's and of the changed pages' own. They are copied into the table's `places` and
 * `tfs` (zeros until then, in memory never touched) only for the terms weighed again, and written
 * to the file that keeps the table from the pieces: at 10,000 pages, copying the 15 million
 * postings into new arrays was a third of a one-page edit's update.
 */
export interface LazyPostings {
  /** Copies the postings of the terms `first` to `last` (ids, both included) into `places` and `tfs`. */
  load(first: number, last: number): void;
  /** The places and the term frequencies of every posting, in order, as pieces of the arrays that hold them. */
  pieces(): { places: Int32Array[]; tfs: Uint8Array[] };
}

/** Makes every posting of `table` present in its arrays (see LazyPostings). */
export function loadAllPostings(table: SearchTable): void {
  if (table.starts.length > 1) table.lazy?.load(0, table.starts.length - 2);
}

/** A shard of the last index: its first and last term (ids), how many terms it holds, and its file name. */
export interface ShardRecord {
  first: number;
  last: number;
  count: number;
  name: string;
}

/** The section count and each field's average length, in steps (see toScopeStep). */
export interface ScopeSteps {
  total: number;
  averages: number[];
}

/** A scope's index: its manifest, its files, and the table an edit updates it from. */
export interface SearchShards {
  manifest: SearchManifest;
  files: SearchFile[];
  table: SearchTable;
}

const FIELDS = ['title', 'heading', 'text', 'code'] as const;
/** The fields of a section (title, heading, text, code): a place holds the field in its low bits. */
export const FIELD_COUNT = FIELDS.length;
// Places are section number * FIELD_COUNT + field: four fields, two bits.
const FIELD_BITS = 2;
const FIELD_MASK = FIELD_COUNT - 1;
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

/** Where a file is: `has` tells whether the output holds a file of that name already (then an update need not make its contents). */
export type HasFile = (name: string) => boolean;

/** The bytes of a file of the output (one that `HasFile` says is there), if it can be read. */
export type ReadFile = (name: string) => Uint8Array | undefined;

/**
 * The sharded search index of a scope's pages: a manifest, the term shards, the packs of detail
 * chunks and the directories that name them (see SearchManifest). Every term's postings hold, per section,
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
 * of SEARCH_PAGES_PER_CHUNK pages in scope order, SEARCH_CHUNKS_PER_DIRECTORY to a pack. Each file is named by a hash of `salt` (the
 * scope's) and its contents. `keys` are the pages' content keys, for the table (see updateSearchShards).
 *
 * Linear in the size of the text (one tokenizing pass, one sort of the distinct terms), and a pure
 * function of the pages: the same bytes whatever thread writes it.
 */
export function toSearchShards(pages: readonly ShardPage[], salt = '', keys: readonly string[] = []): SearchShards {
  const slot = toSlot(pages.map((page) => page.sections.length));
  const dictionary = createDictionary([]);
  const counted = countTerms(toIndexedSections(pages, 0, slot), dictionary);
  const terms = numberInOrder(counted, dictionary.terms);
  const { starts, places, tfs, largeTfs } = layOut(counted, terms.length);
  const table: SearchTable = {
    slot,
    pages: pages.map((page, index) => ({ key: keys[index] ?? '', title: page.title, path: page.path, sections: page.sections.length })),
    terms,
    starts,
    places,
    tfs,
    largeTfs,
    lengths: counted.lengths,
    scope: getScopeSteps(counted.lengths),
    entryLengths: new Int32Array(terms.length),
    thresholds: new Int32Array(terms.length),
    fieldCounts: new Int32Array(terms.length * FIELD_COUNT),
    lastTies: new Int32Array(terms.length),
    shards: [],
    packs: [],
    chunkCount: 0,
  };
  return writeShards(table, { salt, readPage: (index) => pages[index]!, has: () => false });
}

/**
 * The index of `pages` made from the table of an earlier index of the same scope (`last`):
 * the pages whose key or title changed are read (`readPage`) and counted again, and only the terms
 * they held or hold are weighed again; the shards with none of those terms keep their names, as
 * do the packs of detail chunks of unchanged pages, and their contents are made only when the output does
 * not hold them (`has`). The same manifest and files as toSearchShards of the pages gives, byte
 * for byte. Pages added or removed are counted as changed ones, and the sections after them are
 * numbered anew (see alignToPages). Undefined when a page moved among the others, more than half
 * of them changed (a new docgen, whose compile keys all differ: counting every page takes less
 * memory than the table and those pages together), or a page's sections no longer fit the
 * numbering (`slot`): the index is made anew.
 */
export function updateSearchShards(
  last: SearchTable,
  pages: readonly Omit<TablePage, 'sections'>[],
  readPage: (index: number) => ShardPage,
  input: { salt: string; has: HasFile; read?: ReadFile },
): SearchShards | undefined {
  // Pages added or removed: the table as it would be had it been made with the pages it kept where they now are.
  const moved = pages.length !== last.pages.length || pages.some((page, index) => page.path !== last.pages[index]!.path);
  // An update's table updated again, in memory (a build reads the table it updates from its file).
  loadAllPostings(last);
  const previous = moved ? alignToPages(last, pages) : last;
  if (!previous) return undefined;
  const changed = new Uint8Array(pages.length);
  let changedCount = 0;
  for (const [index, page] of pages.entries()) {
    if (isKeptPage(page, previous.pages[index]!)) continue;
    changed[index] = 1;
    changedCount++;
  }
  if (changedCount * 2 > pages.length) return undefined;
  const read = new Map<number, ShardPage>();
  for (const [index, flag] of changed.entries()) if (flag) read.set(index, readPage(index));
  const sectionCounts = pages.map((_, index) => read.get(index)?.sections.length ?? previous.pages[index]!.sections);
  const slot = toSlot(sectionCounts);
  if (slot !== previous.slot) return undefined;

  const dictionary = createDictionary(previous.terms);
  const sections: IndexedSection[] = [];
  for (const [index, page] of read) sections.push(...toIndexedSections([page], index, slot));
  const counted = countTerms(sections, dictionary);
  const added = layOut(counted, dictionary.terms.length);
  const changedPages = [...read.keys()].sort((a, b) => a - b);
  const span = slot * FIELD_COUNT;
  const { starts, places, tfs, largeTfs, touched, lazy } =
    changedPages.length <= MERGE_IN_BLOCKS_PAGES
      ? mergeLazily(previous, added, changedPages, span)
      : { ...mergePostings(previous, added, changed, span), lazy: undefined };

  const tablePages = pages.map((page, index) => ({ ...page, sections: sectionCounts[index]! }));
  const lengths = new Int32Array(tablePages.reduce((sum, page) => sum + page.sections, 0) * FIELD_COUNT);
  let from = 0;
  let to = 0;
  let fromCounted = 0;
  for (const [index, page] of tablePages.entries()) {
    const size = page.sections * FIELD_COUNT;
    if (changed[index]) {
      lengths.set(counted.lengths.subarray(fromCounted, fromCounted + size), to);
      fromCounted += size;
    } else {
      lengths.set(previous.lengths.subarray(from, from + size), to);
    }
    from += previous.pages[index]!.sections * FIELD_COUNT;
    to += size;
  }
  const scope = getScopeSteps(lengths);
  const sameScope =
    scope.total === previous.scope.total && scope.averages.every((value, field) => value === previous.scope.averages[field]);
  const entryLengths = new Int32Array(dictionary.terms.length);
  entryLengths.set(previous.entryLengths);
  const thresholds = new Int32Array(dictionary.terms.length);
  thresholds.set(previous.thresholds);
  const fieldCounts = new Int32Array(dictionary.terms.length * FIELD_COUNT);
  fieldCounts.set(previous.fieldCounts);
  // A term with no postings left is not weighed: its counts are none.
  for (let id = 0; id < touched.length; id++)
    if (touched[id] && starts[id + 1] === starts[id]) fieldCounts.fill(0, id * FIELD_COUNT, (id + 1) * FIELD_COUNT);
  const lastTies = new Int32Array(dictionary.terms.length);
  lastTies.set(previous.lastTies);
  const table: SearchTable = {
    slot,
    pages: tablePages,
    terms: dictionary.terms,
    starts,
    places,
    tfs,
    largeTfs,
    lengths,
    scope,
    entryLengths,
    thresholds,
    lastTies,
    fieldCounts,
    shards: [],
    packs: [],
    chunkCount: 0,
    lazy,
  };
  // With the scope's numbers as they were, a frequent term keeps its entry when the changed pages'
  // sections stay out of it, or has it patched (see createEntryKeeper); the other terms whose
  // postings changed are weighed again. Pages added or removed number the sections after them
  // anew: every term is.
  const keepsEntries = sameScope && !moved;
  const keeper = keepsEntries ? createEntryKeeper(previous, table, added, changedPages) : undefined;
  if (keeper) {
    for (let id = 0; id < touched.length; id++) if (touched[id] && keeper.keeps(id)) touched[id] = 0;
  } else loadAllPostings(table);
  return writeShards(table, {
    salt: input.salt,
    readPage: (index) => {
      let page = read.get(index);
      if (!page) read.set(index, (page = readPage(index)));
      return page;
    },
    has: input.has,
    previous: { table: previous, touched: keeper && touched, patch: keeper?.patch, changed, read: input.read },
  });
}

/** Whether an update takes a page's postings from the last table's page of its path (`old`), not from its content read again. */
function isKeptPage(page: Omit<TablePage, 'sections'>, old: TablePage | undefined): boolean {
  return old !== undefined && page.key !== '' && page.key === old.key && page.title === old.title;
}

/**
 * Whether an update of `last` to `pages` (see updateSearchShards) reads the content of no page
 * but those whose content key `readable` takes: a table kept by a build that was not committed
 * (killed after its search task) differs from the last build's pages in others.
 */
export function readsOnly(last: SearchTable, pages: readonly Omit<TablePage, 'sections'>[], readable: (key: string) => boolean): boolean {
  const before = new Map(last.pages.map((page) => [page.path, page]));
  return pages.every((page) => isKeptPage(page, before.get(page.path)) || readable(page.key));
}

/**
 * The table `previous` as it would be had it been made with `pages`, where pages were added or
 * removed and the others kept their order: each kept page's postings and field lengths under its
 * new number, an added page with none (and no key: it is read and counted as a changed one), and
 * the detail chunks before the first page whose place changed (the later ones hold other pages).
 * Undefined when a page moved (or two have one path): the index is made anew.
 */
function alignToPages(previous: SearchTable, pages: readonly Pick<TablePage, 'path'>[]): SearchTable | undefined {
  const placeOf = new Map(pages.map((page, index) => [page.path, index]));
  if (placeOf.size !== pages.length) return undefined;
  // Each old page's new number, -1 for a page removed.
  const renumbered = new Int32Array(previous.pages.length);
  let last = -1;
  for (const [index, page] of previous.pages.entries()) {
    const to = placeOf.get(page.path) ?? -1;
    if (to !== -1 && to <= last) return undefined;
    if (to !== -1) last = to;
    renumbered[index] = to;
  }
  const tablePages: TablePage[] = pages.map((page) => ({ key: '', title: '', path: page.path, sections: 0 }));
  for (const [index, to] of renumbered.entries()) if (to !== -1) tablePages[to] = previous.pages[index]!;
  let firstMoved = 0;
  while (firstMoved < pages.length && previous.pages[firstMoved]?.path === pages[firstMoved]!.path) firstMoved++;

  // Field lengths: each kept page's block at its new place (an added page has no sections yet).
  const firstSection = new Int32Array(pages.length + 1);
  for (const [index, page] of tablePages.entries()) firstSection[index + 1] = firstSection[index]! + page.sections;
  const lengths = new Int32Array(firstSection[pages.length]! * FIELD_COUNT);
  let from = 0;
  for (const [index, page] of previous.pages.entries()) {
    const size = page.sections * FIELD_COUNT;
    const to = renumbered[index]!;
    if (to !== -1) lengths.set(previous.lengths.subarray(from, from + size), firstSection[to]! * FIELD_COUNT);
    from += size;
  }

  // Postings: a removed page's dropped, the others' places under their page's new number (the order holds).
  const span = previous.slot * FIELD_COUNT;
  const termCount = previous.starts.length - 1;
  const starts = new Int32Array(termCount + 1);
  const places = new Int32Array(previous.places.length);
  const tfs = new Uint8Array(previous.places.length);
  const large: number[] = [];
  let out = 0;
  for (let id = 0; id < termCount; id++) {
    starts[id] = out;
    for (let at = previous.starts[id]!; at < previous.starts[id + 1]!; at++) {
      const place = previous.places[at]!;
      const to = renumbered[Math.floor(place / span)]!;
      if (to === -1) continue;
      places[out] = to * span + (place % span);
      tfs[out] = previous.tfs[at]!;
      if (tfs[out] === LARGE_TF) large.push(out, tfAt(previous, at));
      out++;
    }
  }
  starts[termCount] = out;
  return {
    ...previous,
    pages: tablePages,
    lengths,
    starts,
    places: places.subarray(0, out),
    tfs: tfs.subarray(0, out),
    largeTfs: Int32Array.from(large),
    shards: [],
    chunkCount: Math.min(previous.chunkCount, Math.floor(firstMoved / SEARCH_PAGES_PER_CHUNK)),
    lazy: undefined,
  };
}

/**
 * The files and manifest of a table's index, the table's entry lengths, shards and packs filled
 * in. With `previous`, the shards and chunks it made are kept where nothing in them changed:
 * `touched` the terms whose entries may have (all, when absent), `changed` the pages.
 */
function writeShards(
  table: SearchTable,
  input: {
    salt: string;
    readPage: (index: number) => ShardPage;
    has: HasFile;
    previous?: {
      table: SearchTable;
      touched: Uint8Array | undefined;
      /** A touched term's entry made from its old one (`readOld`), if it can be (see createEntryKeeper). */
      patch?: (id: number, readOld: () => string | undefined) => string | undefined;
      changed: Uint8Array;
      read?: ReadFile;
    };
  },
): SearchShards {
  const { terms, starts, entryLengths } = table;
  const { salt, has, previous } = input;
  const touched = previous?.touched;
  const order: number[] = [];
  for (let id = 0; id < terms.length; id++) if (starts[id + 1]! !== starts[id]!) order.push(id);
  order.sort(compareTerms(terms));
  // The entries of the previous index's shard files, when they can be read (an untouched term's is as it was).
  let oldEntry: ReturnType<typeof createOldEntries> | undefined;
  const readOldEntry = (id: number, evenTouched: boolean) => {
    oldEntry ??= touched && previous?.read ? createOldEntries(previous.table, table, order, touched, previous.read) : () => undefined;
    return oldEntry(id, evenTouched);
  };
  // Made when a term is weighed: an edit that patches or keeps every entry it touches weighs none.
  let toWeights: ReturnType<typeof createWeigher> | undefined;
  const entries = new Map<number, string>();
  const patchOf = (id: number) => previous?.patch?.(id, () => readOldEntry(id, true));
  const entryOf = (id: number) => {
    let entry = entries.get(id);
    if (entry === undefined)
      entries.set(id, (entry = patchOf(id) ?? `${toEntryStart(terms[id]!)}${(toWeights ??= createWeigher(table))(id)}]`));
    return entry;
  };
  for (const id of order) if (!touched || touched[id]) entryLengths[id] = entryOf(id).length;

  const files: SearchFile[] = [];
  /** A file (a shard or directory, else a pack), named by a hash of its contents: the hash. */
  const add = (contents: string | Uint8Array, fileName = getSearchFileName) => {
    const name = hashSearchFile(salt, contents);
    files.push({ name: fileName(name), contents });
    return name;
  };
  /** A file made before, kept by its name (hash): its contents are made only when the output lacks it. */
  const keep = (name: string, contents: () => string | Uint8Array, fileName = getSearchFileName) => {
    const file = fileName(name);
    files.push(has(file) ? { name: file } : { name: file, contents: contents() });
    return name;
  };
  const oldShards = new Map(previous?.table.shards.map((shard) => [shard.first, shard]));
  // A shard made again takes the entries of its terms that did not change from the old shards' files, when they can be read.
  const entryIn = (id: number) => readOldEntry(id, false) ?? entryOf(id);
  const firstTerms: string[] = [];
  const shardFiles: string[] = [];
  const cut = (start: number, end: number) => {
    const first = order[start]!;
    const last = order[end - 1]!;
    const count = end - start;
    firstTerms.push(terms[first]!);
    const old = oldShards.get(first);
    const contents = () => `[${order.slice(start, end).map(entryIn).join(',')}]`;
    let kept = touched !== undefined && old !== undefined && old.last === last && old.count === count;
    for (let at = start; kept && at < end; at++) kept = touched![order[at]!] === 0;
    const name = kept ? keep(old!.name, contents) : add(contents());
    table.shards.push({ first, last, count, name });
    shardFiles.push(name);
  };
  let start = 0;
  let shardBytes = 0;
  for (let at = 0; at < order.length; at++) {
    const id = order[at]!;
    shardBytes += entryLengths[id]! + 1;
    if (shardBytes >= SHARD_MAX_BYTES || (shardBytes >= SHARD_MIN_BYTES && endsShard(terms[id]!, entryLengths[id]!))) {
      cut(start, at + 1);
      start = at + 1;
      shardBytes = 0;
    }
  }
  if (start < order.length) cut(start, order.length);

  const directories = writePacks(table, { salt, readPage: input.readPage, add, keep, previous });
  const manifest: SearchManifest = {
    format: SEARCH_FORMAT,
    documentCount: table.lengths.length / FIELD_COUNT,
    slot: table.slot,
    pagesPerChunk: SEARCH_PAGES_PER_CHUNK,
    chunksPerDirectory: SEARCH_CHUNKS_PER_DIRECTORY,
    shards: firstTerms,
    shardFiles,
    directories,
  };
  return { manifest, files, table };
}

/** The name of a search file of the scope `salt` (see SearchFile): a hash of the salt and its contents. */
function hashSearchFile(salt: string, contents: string | Uint8Array): string {
  return createHash('sha256').update(`${salt}\0`).update(contents).digest('hex').slice(0, 12);
}

/**
 * The entry of a term in the previous index, as its shard file holds it (`read`, by name), sliced
 * where the previous table's entry lengths place it among the shard's terms; undefined when the
 * file cannot be read or does not hold the term there, and for a touched term (`touched` 1: its
 * entry changed) unless asked `evenTouched` (its old entry, to patch). `order` is the new index's
 * terms in shard order (those with postings, sorted).
 */
function createOldEntries(
  previous: SearchTable,
  table: SearchTable,
  order: readonly number[],
  touched: Uint8Array,
  read: ReadFile,
): (id: number, evenTouched: boolean) => string | undefined {
  const { terms } = table;
  const had = (id: number) => id < previous.terms.length && previous.starts[id + 1]! > previous.starts[id]!;
  // The previous index's terms in its shard order: those ordered now that it had, merged with those it had and no section holds now.
  const gone: number[] = [];
  for (let id = 0; id < previous.terms.length; id++) if (had(id) && table.starts[id + 1] === table.starts[id]) gone.push(id);
  gone.sort(compareTerms(terms));
  const shardOf = new Int32Array(terms.length).fill(-1);
  const offsetOf = new Int32Array(terms.length);
  let shard = -1;
  let left = 0;
  let offset = 0;
  const place = (id: number) => {
    while (left === 0) {
      if (++shard >= previous.shards.length) return false;
      left = previous.shards[shard]!.count;
      offset = 1;
    }
    shardOf[id] = shard;
    offsetOf[id] = offset;
    offset += previous.entryLengths[id]! + 1;
    left--;
    return true;
  };
  let fits = true;
  for (let at = 0, next = 0; fits && (at < order.length || next < gone.length);) {
    const id = order[at];
    if (id !== undefined && !had(id)) {
      at++;
      continue;
    }
    const takeGone = next < gone.length && (id === undefined || terms[gone[next]!]! < terms[id]!);
    fits = place(takeGone ? gone[next++]! : id!);
    if (!takeGone) at++;
  }
  // A table whose shards do not hold its terms as counted is not sliced.
  if (!fits || left !== 0 || shard !== previous.shards.length - 1) return () => undefined;
  const texts = new Map<number, string | undefined>();
  return (id, evenTouched) => {
    const at = shardOf[id]!;
    if ((touched[id] && !evenTouched) || at < 0) return undefined;
    if (!texts.has(at)) {
      const bytes = read(getSearchFileName(previous.shards[at]!.name));
      texts.set(at, bytes && Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8'));
    }
    const text = texts.get(at);
    if (text === undefined) return undefined;
    const start = offsetOf[id]!;
    const end = start + previous.entryLengths[id]!;
    const entry = text.slice(start, end);
    const bounded = (text[start - 1] === '[' || text[start - 1] === ',') && (text[end] === ',' || text[end] === ']');
    return bounded && entry.startsWith(toEntryStart(terms[id]!)) && entry.endsWith(']') ? entry : undefined;
  };
}

/** The text of a term's entry before its numbers: `["term",` (an entry is a JSON array of the term and its numbers). */
const toEntryStart = (term: string) => `[${JSON.stringify(term)},`;

const compareTerms = (terms: readonly string[]) => (a: number, b: number) => (terms[a]! < terms[b]! ? -1 : terms[a]! > terms[b]! ? 1 : 0);

/**
 * Makes the packs of detail chunks of `table`'s pages, and their directories (see SearchDirectory),
 * filling in `table.packs`; gives the directories' names. With `previous`, a pack none of whose
 * chunks changed (no page of them in `changed`) is kept by its name; a pack made again takes its
 * unchanged chunks' bytes from the old pack, and a changed chunk its unchanged pages' details
 * from the old chunk, when the old pack can be read (`read`). The same bytes either way: a chunk's
 * bytes are its JSON, deflated.
 */
function writePacks(
  table: SearchTable,
  input: {
    salt: string;
    readPage: (index: number) => ShardPage;
    add: (contents: string | Uint8Array, fileName?: (hash: string) => string) => string;
    keep: (name: string, contents: () => string | Uint8Array, fileName?: (hash: string) => string) => string;
    previous?: { table: SearchTable; changed: Uint8Array; read?: ReadFile };
  },
): string[] {
  const { add, keep, previous } = input;
  const pageCount = table.pages.length;
  const chunkCount = Math.ceil(pageCount / SEARCH_PAGES_PER_CHUNK);
  const pagesOf = (chunk: number) => {
    const first = chunk * SEARCH_PAGES_PER_CHUNK;
    return Array.from({ length: Math.min(SEARCH_PAGES_PER_CHUNK, pageCount - first) }, (_, at) => first + at);
  };
  const oldChunks = previous?.table.chunkCount ?? 0;
  const isKept = (chunk: number) => chunk < oldChunks && pagesOf(chunk).every((index) => !previous!.changed[index]);
  const oldPacks = new Map<string, Uint8Array | undefined>();
  /** The bytes of the previous index's chunk, when its pack can be read and is the one its name says. */
  const oldChunk = (chunk: number) => {
    if (chunk >= oldChunks) return undefined;
    const pack = previous!.table.packs[Math.floor(chunk / SEARCH_CHUNKS_PER_DIRECTORY)]!;
    if (!oldPacks.has(pack.pack)) {
      const bytes = previous!.read?.(getSearchPackName(pack.pack));
      oldPacks.set(pack.pack, bytes && hashSearchFile(input.salt, bytes) === pack.pack ? bytes : undefined);
    }
    const bytes = oldPacks.get(pack.pack);
    const at = chunk % SEARCH_CHUNKS_PER_DIRECTORY;
    const [start, end] = getSearchChunkRange(pack.ends, at);
    return bytes && end <= bytes.length ? bytes.subarray(start, end) : undefined;
  };
  /** A chunk's bytes: the old ones when none of its pages changed, else its details deflated (the unchanged pages' from the old chunk). */
  const chunkBytes = (chunk: number): Uint8Array => {
    const indexes = pagesOf(chunk);
    const old = oldChunk(chunk);
    if (old && isKept(chunk)) return old;
    const before = old && readDetails(old, indexes.length);
    const detailOf = (index: number, at: number) => (before && !previous!.changed[index] ? before[at]! : toDetail(input.readPage(index)));
    return deflateSync(JSON.stringify(indexes.map(detailOf)));
  };
  const directories: string[] = [];
  for (let first = 0; first < chunkCount; first += SEARCH_CHUNKS_PER_DIRECTORY) {
    const chunks = Array.from({ length: Math.min(SEARCH_CHUNKS_PER_DIRECTORY, chunkCount - first) }, (_, at) => first + at);
    const old = previous?.table.packs[first / SEARCH_CHUNKS_PER_DIRECTORY];
    const parts = () => chunks.map(chunkBytes);
    // A pack kept is kept with its directory (the same bytes, so the same name).
    if (old && old.ends.length === chunks.length && chunks.every(isKept)) {
      const directory = JSON.stringify({ pack: old.pack, ends: old.ends });
      keep(old.pack, () => Buffer.concat(parts()), getSearchPackName);
      directories.push(keep(hashSearchFile(input.salt, directory), () => directory));
      table.packs.push(old);
      continue;
    }
    const made = parts();
    const ends: number[] = [];
    for (const part of made) ends.push((ends.at(-1) ?? 0) + part.length);
    const pack: SearchDirectory = { pack: add(Buffer.concat(made), getSearchPackName), ends };
    directories.push(add(JSON.stringify(pack)));
    table.packs.push(pack);
  }
  table.chunkCount = chunkCount;
  return directories;
}

/** The details a chunk's bytes hold, when they can be unpacked and hold `count` pages. */
function readDetails(bytes: Uint8Array, count: number): SearchDetailChunk | undefined {
  try {
    const details = JSON.parse(inflateSync(bytes).toString('utf8')) as unknown;
    return Array.isArray(details) && details.length === count ? (details as SearchDetailChunk) : undefined;
  } catch {
    return undefined;
  }
}

/** A page's entry in a detail chunk (see SearchDetailChunk). */
function toDetail(page: ShardPage): SearchDetailChunk[number] {
  return [
    page.title,
    page.path,
    page.sections.map((section) => [
      section.heading,
      section.anchor,
      section.text.length > SEARCH_DETAIL_TEXT ? section.text.slice(0, SEARCH_DETAIL_TEXT) : section.text,
    ]),
  ];
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
 * The numbering of a scope's sections (see SearchManifest): the power of two that holds the most
 * sections a page has. Not Math.max(...): a scope may have more pages than a call may have arguments.
 */
function toSlot(sectionCounts: readonly number[]): number {
  return 2 ** Math.ceil(Math.log2(sectionCounts.reduce((most, count) => Math.max(most, count), 1)));
}

/** The sections of `pages`, the first of which is the scope's page `firstIndex`, numbered by `slot`. */
function toIndexedSections(pages: readonly ShardPage[], firstIndex: number, slot: number): IndexedSection[] {
  const sections: IndexedSection[] = [];
  for (const [index, page] of pages.entries()) {
    for (const [at, section] of page.sections.entries()) {
      sections.push({
        id: (firstIndex + index) * slot + at,
        title: page.title,
        heading: section.heading,
        text: section.text,
        code: section.code,
      });
    }
  }
  return sections;
}

/** The section count and average field lengths of a scope, in steps (see toScopeStep). */
function getScopeSteps(lengths: Int32Array): ScopeSteps {
  const total = lengths.length / FIELD_COUNT;
  const sums = FIELDS.map(() => 0);
  for (let place = 0; place < lengths.length; place++) sums[place % FIELD_COUNT]! += lengths[place]!;
  return { total: toScopeStep(total), averages: sums.map((sum) => toScopeStep(sum / Math.max(1, total) || 1)) };
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

/** Terms by id, and the ids of terms and of Hangul pairs (see countTerms). */
interface Dictionary {
  terms: string[];
  termIds: Map<string, number>;
  pairIds: Map<number, number>;
}

function createDictionary(terms: readonly string[]): Dictionary {
  return { terms: [...terms], termIds: new Map(terms.map((term, id) => [term, id])), pairIds: new Map() };
}

/**
 * What counting gives: each term's count in each field of each section, places ascending, a run
 * of postings a field (the term ids and counts of the field's distinct terms, as many as its
 * `lengths`, at its place of `places`).
 */
interface Counted {
  /** The postings' term ids and counts (LARGE_TF for one of LARGE_TF or more), in blocks (see FOUND_BLOCK): the first `length` of each. */
  found: { ids: Int32Array; tfs: Uint8Array; length: number }[];
  /** The counts of LARGE_TF or more, of the postings marked so, in counting order. */
  largeTfs: number[];
  /** Each field's place: section number * FIELD_COUNT + field, by section, then field. */
  places: Int32Array;
  /** The number of distinct terms of each field of each section: the length of its run. */
  lengths: Int32Array;
}

/**
 * The postings of a block of counted postings (five bytes each): a few megabytes, of which only
 * the part filled is ever touched. At 10,000 pages a whole index counts 15 million postings: one
 * array of (term, place, count) grown by doubling copied them again and again into new memory, a
 * fifth of a cold build's page faults (each costs some ten microseconds on a virtual machine).
 * A field's run of postings is never split between two blocks.
 */
const FOUND_BLOCK = 1 << 20;

/**
 * Counts the terms of the sections (new terms join the dictionary, by id in the order first
 * met): the number of distinct terms of each field of each section, and for each term the
 * sections and fields it occurs in, with its count there.
 *
 * A site has millions of tokens and some ten thousand terms: each token is looked up once (a Hangul
 * bigram by its character codes, without a string) and counted in an array by term id.
 */
function countTerms(sections: readonly IndexedSection[], dictionary: Dictionary): Counted {
  const { terms, termIds, pairIds } = dictionary;
  const lengths = new Int32Array(sections.length * FIELD_COUNT);
  const places = new Int32Array(sections.length * FIELD_COUNT);
  const found: Counted['found'] = [];
  const largeTfs: number[] = [];
  let block: Counted['found'][number] = { ids: new Int32Array(0), tfs: new Uint8Array(0), length: 0 };
  let counts = new Int32Array(Math.max(1 << 12, terms.length * 2));
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
    const indexed = sections[section]!;
    for (let field = 0; field < FIELD_COUNT; field++) {
      forEachIndexToken(indexed[FIELDS[field]!], visitor);
      const run = section * FIELD_COUNT + field;
      lengths[run] = touched.length;
      places[run] = indexed.id * FIELD_COUNT + field;
      if (block.length + touched.length > block.ids.length) {
        const size = Math.max(FOUND_BLOCK, touched.length);
        block = { ids: new Int32Array(size), tfs: new Uint8Array(size), length: 0 };
        found.push(block);
      }
      const { ids, tfs } = block;
      let at = block.length;
      for (const id of touched) {
        const tf = counts[id]!;
        ids[at] = id;
        tfs[at] = Math.min(tf, LARGE_TF);
        if (tf >= LARGE_TF) largeTfs.push(tf);
        at++;
        counts[id] = 0;
      }
      block.length = at;
      touched.length = 0;
    }
  }
  return { found, largeTfs, places, lengths };
}

/**
 * Numbers the terms of `counted` (`terms`, by id) anew in shard order (see compareTerms), and
 * gives the terms by their new ids: writeShards sorts the terms of every index it writes, and a
 * sort of terms already in order (an update adds its new terms after them) is one pass. At 10,000
 * pages sorting the 30,000 terms of an update's table by their text took some 40 milliseconds of
 * a one-page edit.
 */
function numberInOrder(counted: Counted, terms: readonly string[]): string[] {
  const order = terms.map((_, id) => id).sort(compareTerms(terms));
  const renumbered = new Int32Array(terms.length);
  for (const [id, old] of order.entries()) renumbered[old] = id;
  for (const { ids, length } of counted.found) for (let at = 0; at < length; at++) ids[at] = renumbered[ids[at]!]!;
  return order.map((old) => terms[old]!);
}

/** Postings laid out by term: each term's in the order counted (places ascending). */
function layOut(counted: Counted, termCount: number): Postings {
  const { found, lengths } = counted;
  const starts = new Int32Array(termCount + 1);
  for (const { ids, length } of found) for (let at = 0; at < length; at++) starts[ids[at]! + 1]!++;
  for (let id = 0; id < termCount; id++) starts[id + 1]! += starts[id]!;
  const next = starts.slice(0, termCount);
  const places = new Int32Array(starts[termCount]!);
  const tfs = new Uint8Array(places.length);
  const large: [at: number, tf: number][] = [];
  // The field whose run the next posting is of, and how many of its postings are still to come.
  let run = -1;
  let left = 0;
  let nextLarge = 0;
  for (const block of found) {
    for (let at = 0; at < block.length; at++) {
      while (left === 0) left = lengths[++run]!;
      left--;
      const to = next[block.ids[at]!]!++;
      places[to] = counted.places[run]!;
      tfs[to] = block.tfs[at]!;
      if (tfs[to] === LARGE_TF) large.push([to, counted.largeTfs[nextLarge++]!]);
    }
  }
  large.sort((a, b) => a[0] - b[0]);
  return { starts, places, tfs, largeTfs: Int32Array.from(large.flat()) };
}

/**
 * The postings of `previous` without those of the changed pages (`span` places a page; `changed`:
 * a flag by page), merged with `added` (the changed pages' own, counted again), places ascending
 * within each term, copied posting by posting (many pages changed: see mergeLazily for a few); and
 * the terms whose postings this changed (`touched`).
 */
function mergePostings(previous: SearchTable, added: Postings, changed: Uint8Array, span: number): Postings & { touched: Uint8Array } {
  const termCount = added.starts.length - 1;
  const oldCount = previous.starts.length - 1;
  const starts = new Int32Array(termCount + 1);
  const places = new Int32Array(previous.places.length + added.places.length);
  const tfs = new Uint8Array(places.length);
  const large: number[] = [];
  const touched = new Uint8Array(termCount);
  let out = 0;
  const copyOne = (from: Postings, at: number) => {
    places[out] = from.places[at]!;
    tfs[out] = from.tfs[at]!;
    if (tfs[out] === LARGE_TF) large.push(out, tfAt(from, at));
    out++;
  };
  for (let id = 0; id < termCount; id++) {
    starts[id] = out;
    let at = id < oldCount ? previous.starts[id]! : 0;
    const end = id < oldCount ? previous.starts[id + 1]! : 0;
    let next = added.starts[id]!;
    const nextEnd = added.starts[id + 1]!;
    if (next < nextEnd) touched[id] = 1;
    while (at < end || next < nextEnd) {
      if (at < end) {
        const place = previous.places[at]!;
        if (changed[Math.floor(place / span)]) {
          touched[id] = 1;
          at++;
          continue;
        }
        if (next >= nextEnd || place < added.places[next]!) {
          copyOne(previous, at++);
          continue;
        }
      }
      copyOne(added, next++);
    }
  }
  starts[termCount] = out;
  return { starts, places: places.subarray(0, out), tfs: tfs.subarray(0, out), largeTfs: Int32Array.from(large), touched };
}

/**
 * Term `id`'s postings after an edit, as pieces in order (`piece`, empty ones too): those of
 * `previous` but the changed pages' (`pages`, ascending; a page's postings are a run of each
 * term's, found by bisection), with `added`'s in their place. Whether the term had or has
 * postings in a changed page.
 */
function toPiecesInBlocks(
  previous: Postings,
  added: Postings,
  id: number,
  pages: readonly number[],
  span: number,
  piece: (from: Postings, start: number, end: number) => void,
): boolean {
  const oldCount = previous.starts.length - 1;
  let at = id < oldCount ? previous.starts[id]! : 0;
  const end = id < oldCount ? previous.starts[id + 1]! : 0;
  let next = added.starts[id]!;
  const nextEnd = added.starts[id + 1]!;
  let touched = next < nextEnd;
  for (const page of pages) {
    const runStart = lowerBound(previous.places, at, end, page * span);
    const runEnd = lowerBound(previous.places, runStart, end, (page + 1) * span);
    const addedEnd = lowerBound(added.places, next, nextEnd, (page + 1) * span);
    if (runEnd > runStart) touched = true;
    piece(previous, at, runStart);
    piece(added, next, addedEnd);
    at = runEnd;
    next = addedEnd;
  }
  piece(previous, at, end);
  return touched;
}

/**
 * mergePostings of a few changed pages, without copying (see LazyPostings): each term's postings
 * as pieces of `previous`'s and `added`'s, the new starts, the counts of LARGE_TF or more under
 * their new places, and the terms it touched.
 */
function mergeLazily(
  previous: SearchTable,
  added: Postings,
  pages: readonly number[],
  span: number,
): Postings & { touched: Uint8Array; lazy: LazyPostings } {
  const termCount = added.starts.length - 1;
  const starts = new Int32Array(termCount + 1);
  const touched = new Uint8Array(termCount);
  // The pieces of the touched terms (source, start, end; source 0 for `previous`); an untouched term's postings are its old ones.
  const split = new Map<number, number[]>();
  let out = 0;
  let pieces: number[] = [];
  const record = (from: Postings, start: number, end: number) => {
    if (end > start) pieces.push(from === previous ? 0 : 1, start, end);
    out += end - start;
  };
  for (let id = 0; id < termCount; id++) {
    starts[id] = out;
    pieces = [];
    if (toPiecesInBlocks(previous, added, id, pages, span, record)) {
      touched[id] = 1;
      split.set(id, pieces);
    }
  }
  starts[termCount] = out;
  const sources = [previous, added] as const;
  const oldCount = previous.starts.length - 1;
  /** Each piece of every term, in order, with where it goes. */
  const forEachPiece = (first: number, last: number, visit: (from: Postings, start: number, end: number, to: number) => void) => {
    for (let id = first; id <= last; id++) {
      const termPieces = split.get(id);
      if (!termPieces) {
        if (id < oldCount) visit(previous, previous.starts[id]!, previous.starts[id + 1]!, starts[id]!);
        continue;
      }
      let to = starts[id]!;
      for (let at = 0; at < termPieces.length; at += 3) {
        visit(sources[termPieces[at]!]!, termPieces[at + 1]!, termPieces[at + 2]!, to);
        to += termPieces[at + 2]! - termPieces[at + 1]!;
      }
    }
  };
  const large: number[] = [];
  // Each source's counts of LARGE_TF or more, walked in ascending order.
  const largeAt = [0, 0];
  forEachPiece(0, termCount - 1, (from, start, end, to) => {
    const source = from === previous ? 0 : 1;
    const pairs = from.largeTfs;
    let pair = largeAt[source]!;
    while (pair < pairs.length && pairs[pair]! < start) pair += 2;
    for (; pair < pairs.length && pairs[pair]! < end; pair += 2) large.push(pairs[pair]! - start + to, pairs[pair + 1]!);
    largeAt[source] = pair;
  });
  // Never written but for the terms loaded: pages of memory never touched.
  const places = new Int32Array(out);
  const tfs = new Uint8Array(out);
  const loaded = new Uint8Array(termCount);
  const lazy: LazyPostings = {
    load(first, last) {
      for (let id = first; id <= last; id++) {
        if (loaded[id]) continue;
        loaded[id] = 1;
        forEachPiece(id, id, (from, start, end, to) => {
          places.set(from.places.subarray(start, end), to);
          tfs.set(from.tfs.subarray(start, end), to);
        });
      }
    },
    pieces() {
      const placePieces: Int32Array[] = [];
      const tfPieces: Uint8Array[] = [];
      // Pieces that follow each other in their source are written as one.
      let run: { from: Postings; start: number; end: number } | undefined;
      const flush = () => {
        if (!run) return;
        placePieces.push(run.from.places.subarray(run.start, run.end));
        tfPieces.push(run.from.tfs.subarray(run.start, run.end));
      };
      forEachPiece(0, termCount - 1, (from, start, end) => {
        if (end <= start) return;
        if (run?.from === from && run.end === start) run.end = end;
        else {
          flush();
          run = { from, start, end };
        }
      });
      flush();
      return { places: placePieces, tfs: tfPieces };
    },
  };
  return { starts, places, tfs, largeTfs: Int32Array.from(large), touched, lazy };
}

/** Up to this many changed pages, an update finds each page's run in a term by bisection (mergeLazily); past it, mergePostings walks the postings. */
const MERGE_IN_BLOCKS_PAGES = 16;

/** The first index in [start, end) of the ascending `values` whose value is `value` or more (`end` when none is). */
function lowerBound(values: Int32Array, start: number, end: number, value: number): number {
  let low = start;
  let high = end;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (values[middle]! < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * What an update that leaves the scope's numbers as they were (see updateSearchShards) does with
 * the entry of a term whose postings it changed, when the term is in more sections than an entry
 * keeps (`thresholds`), in as many sections of each field as before (so its weight in every other
 * section is the same) and in no fewer sections of the changed pages. Otherwise its postings are
 * weighed again.
 *
 * - `keeps`: its entry stays as it was when none of the changed pages' sections is in it, before
 *   the edit or after: each weighs less than its cut, or as much and comes after the last section
 *   at the cut the entry keeps (`lastTies`).
 * - `patch`: else its entry is made from the old one (its text in the last index, `readOld`):
 *   the changed pages' sections taken out, their new weights put in, and the heaviest kept, when
 *   the lightest kept still outweighs every section the old entry left out (which weigh as before
 *   and no more than its cut). The same entry as weighing every posting gives: a term in the title
 *   of an edited page (every section of it holds the term, with the title's boost) is in its entry,
 *   and weighing it again was most of a one-page edit's update (tens of thousands of postings a
 *   term at 10,000 pages). Undefined when the lightest kept does not outweigh them.
 */
function createEntryKeeper(previous: SearchTable, table: SearchTable, added: Postings, changedPages: readonly number[]) {
  const span = table.slot * FIELD_COUNT;
  // Where each changed page's field lengths start (see SearchTable.lengths), in each table.
  const lengthStarts = (of: SearchTable) => {
    const found = new Map<number, number>();
    let at = 0;
    for (const [index, page] of of.pages.entries()) {
      found.set(index, at);
      at += page.sections * FIELD_COUNT;
    }
    return found;
  };
  const oldStarts = lengthStarts(previous);
  const newStarts = lengthStarts(table);
  const changed = new Set(changedPages);
  const oldRun = new Int32Array(FIELD_COUNT);
  const newRun = new Int32Array(FIELD_COUNT);
  const factors = new Float64Array(FIELD_COUNT);
  /** Visits each section of the postings [start, end) of `postings` (a changed page's, in table `of`) with its weight; stops when `visit` says false. */
  const forEachSection = (
    of: SearchTable,
    postings: Postings,
    lengthsAt: Map<number, number>,
    [page, start, end]: [page: number, start: number, end: number],
    visit: (section: number, weight: number) => boolean,
  ) => {
    const first = lengthsAt.get(page)!;
    let current = -1;
    let sum = 0;
    for (let at = start; at <= end; at++) {
      const place = at < end ? postings.places[at]! : -1;
      const section = place >> FIELD_BITS;
      if (section !== current || at === end) {
        if (current !== -1 && !visit(current, toStoredWeight(sum))) return false;
        current = section;
        sum = 0;
      }
      if (at === end) break;
      const field = place & FIELD_MASK;
      const norm = lengthNorm(of.lengths[first + (place - page * span)]!, of.scope.averages[field]!);
      sum += postingWeight(factors[field]!, tfAt(postings, at), norm);
    }
    return true;
  };
  type Run = [page: number, oldStart: number, oldEnd: number, newStart: number, newEnd: number];
  /** The changed pages' runs of term `id` before and after, when its entry may be kept or patched (see above), with its factors set. */
  const readRuns = (id: number): Run[] | undefined => {
    const cut = id < previous.thresholds.length ? previous.thresholds[id]! : 0;
    if (cut === 0) return undefined;
    oldRun.fill(0);
    newRun.fill(0);
    let oldSections = 0;
    let newSections = 0;
    const runs: Run[] = [];
    // The changed pages' postings before (runs of the old table's) and after (the pages' own, counted again).
    let oldAt = previous.starts[id]!;
    let newAt = added.starts[id]!;
    for (const page of changedPages) {
      const oldStart = lowerBound(previous.places, oldAt, previous.starts[id + 1]!, page * span);
      const oldEnd = lowerBound(previous.places, oldStart, previous.starts[id + 1]!, (page + 1) * span);
      const newStart = lowerBound(added.places, newAt, added.starts[id + 1]!, page * span);
      const newEnd = lowerBound(added.places, newStart, added.starts[id + 1]!, (page + 1) * span);
      for (let at = oldStart; at < oldEnd; at++) {
        oldRun[previous.places[at]! & FIELD_MASK]!++;
        if (at === oldStart || previous.places[at]! >> FIELD_BITS !== previous.places[at - 1]! >> FIELD_BITS) oldSections++;
      }
      for (let at = newStart; at < newEnd; at++) {
        newRun[added.places[at]! & FIELD_MASK]!++;
        if (at === newStart || added.places[at]! >> FIELD_BITS !== added.places[at - 1]! >> FIELD_BITS) newSections++;
      }
      runs.push([page, oldStart, oldEnd, newStart, newEnd]);
      oldAt = oldEnd;
      newAt = newEnd;
    }
    if (newSections < oldSections || oldRun.some((count, field) => count !== newRun[field])) return undefined;
    // The term's postings in each field, as before the edit (the changed pages' are as many): its weight factors (see createWeigher).
    setFactors(factors, previous.fieldCounts.subarray(id * FIELD_COUNT, (id + 1) * FIELD_COUNT), table.scope.total);
    return runs;
  };
  return {
    keeps(id: number): boolean {
      const runs = readRuns(id);
      if (!runs) return false;
      const cut = previous.thresholds[id]!;
      const lastTie = previous.lastTies[id]!;
      const outOfEntry = (section: number, weight: number) => weight < cut || (weight === cut && section > lastTie);
      return runs.every(
        ([page, oldStart, oldEnd, newStart, newEnd]) =>
          forEachSection(previous, previous, oldStarts, [page, oldStart, oldEnd], outOfEntry) &&
          forEachSection(table, added, newStarts, [page, newStart, newEnd], outOfEntry),
      );
    },

    /** Term `id`'s entry patched from its old one (see above; `readOld` reads it), its cut and last tie set in `table`; undefined when it must be weighed. */
    patch(id: number, readOld: () => string | undefined): string | undefined {
      const runs = readRuns(id);
      if (!runs) return undefined;
      const oldEntry = readOld();
      const prefix = toEntryStart(table.terms[id]!);
      const numbers = oldEntry?.startsWith(prefix) ? readNumbers(oldEntry, prefix.length) : undefined;
      if (numbers?.length !== SEARCH_MAX_POSTINGS * 2) return undefined;
      // The old entry's sections but the changed pages' (in section order), then the changed pages' as they weigh now.
      const sections: number[] = [];
      const weights: number[] = [];
      let section = 0;
      for (let at = 0; at < numbers.length; at += 2) {
        section += numbers[at]!;
        if (changed.has(Math.floor(section / table.slot))) continue;
        sections.push(section);
        weights.push(numbers[at + 1]!);
      }
      const others = sections.length;
      for (const [page, , , newStart, newEnd] of runs) {
        forEachSection(table, added, newStarts, [page, newStart, newEnd], (at, weight) => {
          sections.push(at);
          weights.push(weight);
          return true;
        });
      }
      if (sections.length < SEARCH_MAX_POSTINGS) return undefined;
      // The heaviest, ties to the lower section, as createWeigher keeps them: the lightest left out
      // one by one (a few: the changed pages' sections not in the old entry), the lightest of the
      // rest kept as the cut.
      const kept = new Uint8Array(sections.length).fill(1);
      const lighter = (a: number, b: number) => weights[a]! < weights[b]! || (weights[a] === weights[b] && sections[a]! > sections[b]!);
      let lightest = -1;
      for (let left = sections.length; left >= SEARCH_MAX_POSTINGS; left--) {
        if (lightest >= 0) kept[lightest] = 0;
        lightest = -1;
        for (let at = 0; at < sections.length; at++) if (kept[at] && (lightest < 0 || lighter(at, lightest))) lightest = at;
      }
      // The lightest kept must come before every section left out: those weigh no more than the
      // cut, and at the cut come after the last tie.
      const [cut, lastTie] = [previous.thresholds[id]!, previous.lastTies[id]!];
      if (weights[lightest]! < cut || (weights[lightest] === cut && sections[lightest]! > lastTie)) return undefined;
      table.thresholds[id] = weights[lightest]!;
      table.lastTies[id] = sections[lightest]!;
      // In section order: the others were, and so were the changed pages' (pages ascending); merged.
      const parts: string[] = [];
      let last = 0;
      for (let left = 0, right = others; left < others || right < sections.length;) {
        const at = right >= sections.length || (left < others && sections[left]! < sections[right]!) ? left++ : right++;
        if (!kept[at]) continue;
        parts.push(toText(sections[at]! - last), toText(weights[at]!));
        last = sections[at]!;
      }
      return `${prefix}${parts.join(',')}]`;
    },
  };
}

/** The non-negative integers of `text` from `start`, separated by commas, up to its closing `]` (the last character); undefined when it holds anything else. */
function readNumbers(text: string, start: number): number[] | undefined {
  const numbers: number[] = [];
  let value = -1;
  for (let at = start; at < text.length; at++) {
    const code = text.charCodeAt(at);
    if (code >= 48 && code <= 57) value = (value < 0 ? 0 : value * 10) + code - 48;
    else if ((code === 44 || (code === 93 && at === text.length - 1)) && value >= 0) {
      numbers.push(value);
      value = -1;
    } else return undefined;
  }
  return value < 0 && text.endsWith(']') ? numbers : undefined;
}

/** Hangul syllables and compatibility jamo (HANGUL in searchTokens.ts) as small numbers, so that a pair is one small integer. */
const PAIR_KEYS = 0xd7a3 - 0xac00 + 1 + (0x318e - 0x3131 + 1);
function toPairKey(code: number): number {
  return code >= 0xac00 ? code - 0xac00 : code - 0x3131 + (0xd7a3 - 0xac00 + 1);
}

/** Postings laid out by term (see SearchTable). */
type Postings = Pick<SearchTable, 'starts' | 'places' | 'tfs' | 'largeTfs'>;

/** A term frequency that `tfs` holds as this, its value in `largeTfs`: 255 or more. */
export const LARGE_TF = 255;

/** The count of posting `at` (see SearchTable.tfs). */
function tfAt(postings: Postings, at: number): number {
  const tf = postings.tfs[at]!;
  if (tf !== LARGE_TF) return tf;
  const { largeTfs } = postings;
  let low = 0;
  let high = largeTfs.length / 2;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (largeTfs[middle * 2]! < at) low = middle + 1;
    else high = middle;
  }
  if (largeTfs[low * 2] !== at) throw new Error(`No count for the search posting ${at}`);
  return largeTfs[low * 2 + 1]!;
}

const BOOST_BY_FIELD = FIELDS.map((field) => BOOSTS[field]);

/** Each field's boost times a term's inverse document frequency among the field's values (`fieldCounts`: the term's sections in each field). */
function setFactors(factors: Float64Array, fieldCounts: Int32Array, total: number): void {
  for (let field = 0; field < FIELD_COUNT; field++) {
    factors[field] = BOOST_BY_FIELD[field]! * Math.log(1 + Math.max(0, total - fieldCounts[field]! + 0.5) / (fieldCounts[field]! + 0.5));
  }
}

/** K times a field's length (its distinct terms in a section) against the field's average length in the scope. */
function lengthNorm(length: number, average: number): number {
  return K * (1 - B + (B * length) / average);
}

/** A term's BM25+ score in one field of one section, boosted: `factor` (see setFactors) and the field's `norm` (see lengthNorm). */
function postingWeight(factor: number, tf: number, norm: number): number {
  return factor * (D + (tf * (K + 1)) / (tf + norm));
}

/** A section's weight as the index stores it: the sum of its fields' scores, scaled to an integer, 1 at least. */
function toStoredWeight(sum: number): number {
  return Math.max(1, Math.round(sum * SEARCH_SCORE_SCALE));
}

/** The decimal text of small integers (most deltas and weights), made once. */
const SMALL_NUMBERS = Array.from({ length: 4096 }, (_, value) => String(value));
const toText = (value: number) => (value < SMALL_NUMBERS.length ? SMALL_NUMBERS[value]! : String(value));

/**
 * What BM25+ takes of each field's length in each section (the part of a weight that does not
 * depend on the term), laid out for a weigher that reads it posting by posting, in the postings'
 * order: `lengthOf` is each place's length (places by section number, see SearchTable.places; the
 * lengths are by section in scope order), and a field's length `length` has its norm (see
 * lengthNorm) at `norms[field * stride + length]`, and a term frequency of 1 its whole score but
 * the factor at `ones[field * stride + length]` (see postingWeight: the same operations, so the
 * same numbers). Lengths are few and small, so that these tables stay in the processor's cache
 * where a norm by place (eight bytes a place, 5 MB at 10,000 pages) did not: read at every
 * posting of a frequent term, it was most of a weighing.
 */
function toLengthNorms(table: SearchTable): {
  lengthOf: Uint16Array | Int32Array;
  norms: Float64Array;
  ones: Float64Array;
  stride: number;
} {
  const { lengths, slot } = table;
  let longest = 0;
  for (let at = 0; at < lengths.length; at++) longest = Math.max(longest, lengths[at]!);
  const lengthOf =
    longest <= 0xffff ? new Uint16Array(table.pages.length * slot * FIELD_COUNT) : new Int32Array(table.pages.length * slot * FIELD_COUNT);
  let at = 0;
  for (const [index, page] of table.pages.entries()) {
    const first = index * slot * FIELD_COUNT;
    const size = page.sections * FIELD_COUNT;
    lengthOf.set(lengths.subarray(at, at + size), first);
    at += size;
  }
  const stride = longest + 1;
  const norms = new Float64Array(FIELD_COUNT * stride);
  const ones = new Float64Array(FIELD_COUNT * stride);
  for (let field = 0; field < FIELD_COUNT; field++) {
    for (let length = 0; length <= longest; length++) {
      const norm = lengthNorm(length, table.scope.averages[field]!);
      norms[field * stride + length] = norm;
      ones[field * stride + length] = D + (K + 1) / (1 + norm);
    }
  }
  return { lengthOf, norms, ones, stride };
}

/**
 * A term's postings as `section,weight,section,weight,...`, sections ascending and given as the
 * difference to the one before: the heaviest SEARCH_MAX_POSTINGS. A section's weight is, as
 * MiniSearch scores it, the sum over the fields the term is in of the field's boost times the
 * term's BM25+ score in the field (its inverse document frequency among the field's values, and
 * its frequency against the field's length; the section count and the average lengths in steps,
 * see toScopeStep).
 */
function createWeigher(table: SearchTable) {
  const { starts, places, tfs, scope, thresholds, lastTies } = table;
  const counted = table.fieldCounts;
  const fields = FIELD_COUNT;
  const { lengthOf, norms, ones, stride } = toLengthNorms(table);
  let ids = new Int32Array(1024);
  let weights = new Int32Array(1024);
  const fieldCounts = new Int32Array(fields);
  // A field's boost times the term's inverse document frequency in it.
  const factors = new Float64Array(fields);
  return (term: number): string => {
    table.lazy?.load(term, term);
    const start = starts[term]!;
    const end = starts[term + 1]!;
    if (end - start > ids.length) {
      ids = new Int32Array(end - start);
      weights = new Int32Array(end - start);
    }
    fieldCounts.fill(0);
    for (let at = start; at < end; at++) fieldCounts[places[at]! & FIELD_MASK]!++;
    setFactors(factors, fieldCounts, scope.total);
    counted.set(fieldCounts, term * fields);
    // A section's postings are next to each other (fields in order): summed as they come.
    let found = 0;
    let current = -1;
    let sum = 0;
    for (let at = start; at < end; at++) {
      // Most of an update's time: the frequent terms it touches have postings in most sections.
      const place = places[at]!;
      const id = place >> FIELD_BITS;
      const tf = tfs[at]!;
      const field = place & FIELD_MASK;
      const norm = field * stride + lengthOf[place]!;
      const weight =
        tf === 1 ? factors[field]! * ones[norm]! : postingWeight(factors[field]!, tf === LARGE_TF ? tfAt(table, at) : tf, norms[norm]!);
      if (id !== current) {
        if (current !== -1) {
          ids[found] = current;
          weights[found++] = toStoredWeight(sum);
        }
        current = id;
        sum = 0;
      }
      sum += weight;
    }
    ids[found] = current;
    weights[found++] = toStoredWeight(sum);
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
    thresholds[term] = threshold;
    let lastTie = -1;
    const parts: string[] = [];
    let previous = 0;
    for (let index = 0; index < found; index++) {
      const weight = weights[index]!;
      if (weight < threshold || (weight === threshold && atThreshold-- <= 0)) continue;
      const id = ids[index]!;
      if (weight === threshold) lastTie = id;
      parts.push(toText(id - previous), toText(weight));
      previous = id;
    }
    lastTies[term] = lastTie;
    return parts.join(',');
  };
}
