/**
 * Writes a MiniSearch 7.2.0 index (`MINISEARCH_VERSION`, serialisationVersion 2) as JSON without
 * building MiniSearch's radix tree, which costs most of the time of `addAll`. The browser's
 * `MiniSearch.loadJSON` builds the tree itself, so the build only needs the serialised form.
 *
 * The output is the same string as `JSON.stringify(index)` of
 * `new MiniSearch({ fields, storeFields, tokenize })` after `index.addAll(sections)`, with
 * MiniSearch's defaults for everything else (`idField: 'id'`, `extractField: (doc, field) =>
 * doc[field]`, `stringifyField: (value) => value.toString()`, `processTerm: (term) =>
 * term.toLowerCase()`). What it reproduces:
 *
 * - `add`: a field whose value is null or undefined is skipped (no field length, no terms, but the
 *   document still counts for the field's average); a term that processes to '' is not indexed but
 *   counts for the field length, which is the number of distinct tokens before processing.
 * - `addFieldLength`: the average field length is updated per document in MiniSearch's order of
 *   operations, `((avg || 0) * count + length) / (count + 1)` with `count` the number of documents
 *   added before, so the floats are bit-identical.
 * - `saveStoredFields`: every stored field whose value is not undefined (null is stored).
 * - `toJSON`: the same keys in the same order; integer-keyed objects (document ids, field ids,
 *   short ids) list their keys in ascending order, as JavaScript objects do.
 *
 * Term order: MiniSearch serialises `index` in the iteration order of its radix tree, and
 * `loadJSON` rebuilds the tree by inserting terms in that order. The order of the tree's branches
 * decides the order of prefix and fuzzy matches, hence the order of results with equal scores and
 * of each result's `terms`, so another term order (sorted, or first occurrence) loads into a
 * differently ordered tree and can change search results. So this module writes the terms in the
 * tree's order, computed from the terms sorted by UTF-16 code units and the time each term was
 * first seen (see `getTreeOrder`), without inserting anything into a tree. The output is
 * deterministic: it depends only on the sections and options.
 *
 * Speed: beyond calling `tokenize`, the work is one hash lookup per token (in a table of its own,
 * see `Vocabulary`), postings kept in typed arrays, one sort of the distinct terms, and the index
 * written as UTF-8 bytes decoded once; on 8,000 sections of about 200 tokens it takes a fraction
 * of the time of MiniSearch's `addAll` and `JSON.stringify`, much of it in `tokenize` itself.
 */
/**
 * The MiniSearch release whose `addAll` and `toJSON` this module reproduces. The browser loads
 * the index with this release's `loadJSON` (every package.json pins it exactly, and a test checks
 * that the theme and core resolve it): another release may serialise differently.
 */
export const MINISEARCH_VERSION = '7.2.0';

/**
 * A document to index: MiniSearch's default `idField` ('id') and `extractField` (`doc[field]`).
 * `SearchSection` (index.ts) is one: `toSearchIndex` passes its sections here.
 */
export interface SearchSectionLike {
  readonly id: number;
}

export interface SearchIndexJsonOptions {
  fields: readonly string[];
  storeFields: readonly string[];
  /** Called with the field name as second argument, like MiniSearch does. */
  tokenize: (text: string, fieldName: string) => string[];
}

/** A branching node of the radix tree, described by its range of sorted terms. */
interface TreeNode {
  /** Children in the tree's insertion order: a term's index in the sorted terms, or a node. */
  children: (number | TreeNode)[];
  /** The earliest time of the node's terms. */
  first: number;
  /**
   * When the node's key in its parent was last set: when its subtree got its final common prefix,
   * that is the time of the node's own term if that came first, else the second earliest first
   * time among its branches.
   */
  keySet: number;
}

/**
 * The JSON of a MiniSearch 7.2.0 index of `sections`, identical to what MiniSearch writes (see the
 * module comment).
 */
export function toSearchIndexJson(sections: readonly SearchSectionLike[], options: SearchIndexJsonOptions): string {
  let json = '';
  for (const chunk of toSearchIndexChunks(sections, options)) json += decoder.decode(chunk, { stream: true });
  return json + decoder.decode();
}

/** Bytes gathered before a chunk is handed out: an index of tens of megabytes is never held whole. */
const CHUNK_BYTES = 1 << 22;

/**
 * The same JSON as UTF-8 bytes, in chunks of about four megabytes as the index is written. A
 * chunk is only valid until the next one is asked for: write it (or copy it) first.
 */
export function* toSearchIndexChunks(sections: readonly SearchSectionLike[], options: SearchIndexJsonOptions): Generator<Uint8Array> {
  const { fields, storeFields, tokenize } = options;
  if (fields == null) throw new Error('MiniSearch: option "fields" must be provided');

  const fieldIds: Record<string, number> = {};
  for (let i = 0; i < fields.length; i++) fieldIds[fields[i]!] = i;
  const fieldCount = Math.max(fields.length, 1);

  const documentIds: Record<number, unknown> = {};
  const idToShortId = new Map<unknown, number>();
  const fieldLength: Record<number, number[]> = {};
  const averageFieldLength: number[] = [];
  const storedFields: Record<number, Record<string, unknown>> = {};
  const vocabulary = new Vocabulary();
  const postings = new Postings();
  /** Counts the field visits, to count each distinct token once per field. */
  let visit = 0;

  for (let shortId = 0; shortId < sections.length; shortId++) {
    const document = sections[shortId] as unknown as Record<string, unknown>;
    const id = document.id;
    if (id == null) throw new Error('MiniSearch: document does not have ID field "id"');
    if (idToShortId.has(id)) throw new Error(`MiniSearch: duplicate ID ${String(id)}`);
    idToShortId.set(id, shortId);
    documentIds[shortId] = id;

    if (storeFields.length > 0) {
      const stored: Record<string, unknown> = {};
      for (const fieldName of storeFields) {
        const value = document[fieldName];
        if (value !== undefined) stored[fieldName] = value;
      }
      storedFields[shortId] = stored;
    }

    for (const field of fields) {
      const value = document[field];
      if (value == null) continue;
      const tokens = tokenize((value as { toString(): string }).toString(), field);
      const fieldId = fieldIds[field]!;
      visit++;
      let length = 0; // new Set(tokens).size
      for (let i = 0; i < tokens.length; i++) {
        const token = tokens[i]!;
        const slot = vocabulary.slotOf(token);
        const lastVisit = vocabulary.visits[slot]!;
        if (lastVisit !== visit) {
          if (lastVisit === 0) vocabulary.processToken(slot, token, postings, fieldCount);
          vocabulary.visits[slot] = visit;
          length++;
        }
        const term = vocabulary.tokenTerms[slot]!;
        if (term >= 0) postings.add(term * fieldCount + fieldId, shortId);
      }
      let lengths = fieldLength[shortId];
      if (lengths === undefined) fieldLength[shortId] = lengths = [];
      lengths[fieldId] = length;
      // MiniSearch's addFieldLength, count being the number of documents added before this one.
      const average = averageFieldLength[fieldId] || 0;
      const total = average * shortId + length;
      averageFieldLength[fieldId] = total / (shortId + 1);
    }
  }

  const head =
    `{"documentCount":${sections.length},"nextId":${sections.length}` +
    `,"documentIds":${JSON.stringify(documentIds)}` +
    `,"fieldIds":${JSON.stringify(fieldIds)}` +
    `,"fieldLength":${JSON.stringify(fieldLength)}` +
    `,"averageFieldLength":${JSON.stringify(averageFieldLength)}` +
    `,"storedFields":${JSON.stringify(storedFields)}` +
    ',"dirtCount":0,"index":[';

  // Field ids in ascending order, the order of a JS object's integer keys.
  const fieldOrder = [...new Set(Object.values(fieldIds))].sort((a, b) => a - b);
  const termOrder = getTreeOrder(vocabulary.terms);
  const { docs, frequencies, keyCounts } = postings.sortByKey(termOrder, fieldCount, fieldOrder);

  yield encoder.encode(head);
  let bytes = new Uint8Array(CHUNK_BYTES + 1024);
  let length = 0;
  let record = 0;
  for (let i = 0; i < termOrder.length; i++) {
    const term = vocabulary.terms[termOrder[i]!]!;
    let needed = term.length * 6 + 8;
    const keyBase = termOrder[i]! * fieldCount;
    for (const fieldId of fieldOrder) needed += keyCounts[keyBase + fieldId]! * 24 + 16;
    if (length + needed > bytes.length) {
      if (length > 0) yield bytes.subarray(0, length);
      length = 0;
      // A term whose postings alone exceed a chunk gets a buffer of its own.
      if (needed > bytes.length) bytes = new Uint8Array(needed);
    }
    if (i > 0) bytes[length++] = COMMA;
    bytes[length++] = OPEN_BRACKET;
    length = writeString(bytes, length, term);
    bytes[length++] = COMMA;
    bytes[length++] = OPEN_BRACE;
    let firstField = true;
    for (const fieldId of fieldOrder) {
      const count = keyCounts[keyBase + fieldId]!;
      if (count === 0) continue;
      if (!firstField) bytes[length++] = COMMA;
      firstField = false;
      length = writeKey(bytes, length, fieldId);
      bytes[length++] = OPEN_BRACE;
      for (const end = record + count; record < end;) {
        length = writeKey(bytes, length, docs[record]!);
        length = writeInteger(bytes, length, frequencies[record]!);
        if (++record < end) bytes[length++] = COMMA;
      }
      bytes[length++] = CLOSE_BRACE;
    }
    bytes[length++] = CLOSE_BRACE;
    bytes[length++] = CLOSE_BRACKET;
  }
  if (length > 0) yield bytes.subarray(0, length);
  yield encoder.encode('],"serializationVersion":2}');
}

const COMMA = 0x2c;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const QUOTE = 0x22;
const COLON = 0x3a;
const BACKSLASH = 0x5c;

/**
 * The distinct strings seen as tokens or terms, each with a slot. Typed arrays per slot rather
 * than an object per token keep the garbage collector out of the way, and a hash table of its
 * own (open addressing over an Int32Array of hashes and slots) looks tokens up about twice as
 * fast as a Map once the vocabulary outgrows the CPU caches.
 */
class Vocabulary {
  /** The terms (processed tokens) in the order MiniSearch first added them. */
  readonly terms: string[] = [];
  /** Per slot: the last field visit the string was seen in as a token, 0 if never. */
  visits = new Int32Array(1024);
  /** Per slot seen as a token: the term of the lower-cased token, or -1 if that is ''. */
  tokenTerms = new Int32Array(1024);
  /** Per slot: the term that is the string, or -1. */
  private ownTerms = new Int32Array(1024).fill(-1);
  private readonly strings: string[] = [];
  /** Pairs of (hash, slot + 1), 0 for an empty entry; at most half full. */
  private table = new Int32Array(4096);
  private mask = 2047;

  /** The slot of a string, added if new. */
  slotOf(value: string): number {
    // FNV-1a over the UTF-16 code units.
    let hash = 0x811c9dc5;
    for (let i = 0; i < value.length; i++) hash = Math.imul(hash ^ value.charCodeAt(i), 0x01000193);
    const { table, mask, strings } = this;
    for (let entry = hash & mask; ; entry = (entry + 1) & mask) {
      const slot = table[entry * 2 + 1]! - 1;
      if (slot < 0) return this.add(value, hash, entry);
      if (table[entry * 2] === hash && strings[slot] === value) return slot;
    }
  }

  private add(value: string, hash: number, entry: number): number {
    const slot = this.strings.length;
    this.strings.push(value);
    if (slot === this.visits.length) {
      this.visits = grow(this.visits, slot * 2, 0);
      this.tokenTerms = grow(this.tokenTerms, slot * 2, 0);
      this.ownTerms = grow(this.ownTerms, slot * 2, -1);
    }
    this.table[entry * 2] = hash;
    this.table[entry * 2 + 1] = slot + 1;
    if ((slot + 1) * 2 > this.mask) this.rehash();
    return slot;
  }

  private rehash() {
    const old = this.table;
    const mask = this.mask * 2 + 1;
    const table = new Int32Array((mask + 1) * 2);
    for (let i = 0; i < old.length; i += 2) {
      if (old[i + 1] === 0) continue;
      let entry = old[i]! & mask;
      while (table[entry * 2 + 1] !== 0) entry = (entry + 1) & mask;
      table[entry * 2] = old[i]!;
      table[entry * 2 + 1] = old[i + 1]!;
    }
    this.table = table;
    this.mask = mask;
  }

  /** Processes a token seen for the first time, as MiniSearch's default processTerm does. */
  processToken(slot: number, token: string, postings: Postings, fieldCount: number) {
    const term = token.toLowerCase();
    if (!term) {
      this.tokenTerms[slot] = -1;
      return;
    }
    const termSlot = term === token ? slot : this.slotOf(term);
    let index = this.ownTerms[termSlot]!;
    if (index < 0) {
      index = this.terms.length;
      this.terms.push(term);
      this.ownTerms[termSlot] = index;
      postings.ensureKeys(this.terms.length * fieldCount);
    }
    this.tokenTerms[slot] = index;
  }
}

/**
 * The postings: one record of (key, document, frequency) per term, field and document, with the
 * key `term * fieldCount + fieldId`. Records are added in document order, so the records of a key
 * are in document order too.
 */
class Postings {
  count = 0;
  /** Per key: the document of its last record, and that record. */
  private lasts = new Int32Array(0);
  private keys = new Int32Array(1024);
  private docs = new Int32Array(1024);
  private frequencies = new Int32Array(1024);

  /** Makes room for keys below `keyCount`. */
  ensureKeys(keyCount: number) {
    if (keyCount * 2 <= this.lasts.length) return;
    this.lasts = grow(this.lasts, Math.max(keyCount * 2, this.lasts.length * 2, 2048), -1);
  }

  /** Counts one occurrence of a key's term in a document. */
  add(key: number, doc: number) {
    const { lasts } = this;
    if (lasts[key * 2] === doc) {
      this.frequencies[lasts[key * 2 + 1]!]!++;
      return;
    }
    const record = this.count++;
    if (record === this.docs.length) {
      // By half: a large index has millions of records, and doubling would leave most of a copy unused.
      const size = record + (record >> 1);
      this.keys = grow(this.keys, size, 0);
      this.docs = grow(this.docs, size, 0);
      this.frequencies = grow(this.frequencies, size, 0);
    }
    this.keys[record] = key;
    this.docs[record] = doc;
    this.frequencies[record] = 1;
    lasts[key * 2] = doc;
    lasts[key * 2 + 1] = record;
  }

  /**
   * The documents and frequencies of the records, ordered by key in the order of the output (terms
   * in `termOrder`, then fields in `fieldOrder`) and by document within a key (a counting sort),
   * and the number of records per key.
   */
  sortByKey(termOrder: Int32Array, fieldCount: number, fieldOrder: readonly number[]) {
    const { count, keys } = this;
    const keyCounts = new Int32Array(termOrder.length * fieldCount);
    for (let record = 0; record < count; record++) keyCounts[keys[record]!]!++;
    const offsets = new Int32Array(keyCounts.length);
    let offset = 0;
    for (let i = 0; i < termOrder.length; i++) {
      const keyBase = termOrder[i]! * fieldCount;
      for (const fieldId of fieldOrder) {
        offsets[keyBase + fieldId] = offset;
        offset += keyCounts[keyBase + fieldId]!;
      }
    }
    const docs = new Int32Array(count);
    const frequencies = new Int32Array(count);
    for (let record = 0; record < count; record++) {
      const position = offsets[keys[record]!]!++;
      docs[position] = this.docs[record]!;
      frequencies[position] = this.frequencies[record]!;
    }
    // The records in their order of arrival are not needed any more: let them go before writing.
    this.keys = this.docs = this.frequencies = this.lasts = new Int32Array(0);
    this.count = 0;
    return { docs, frequencies, keyCounts };
  }
}

function grow(array: Int32Array, size: number, fill: number): Int32Array<ArrayBuffer> {
  const grown = new Int32Array(size);
  grown.set(array);
  if (fill !== 0) grown.fill(fill, array.length);
  return grown;
}

/** Writes a non-negative integer in decimal, returning the new length. */
function writeInteger(bytes: Uint8Array, length: number, value: number): number {
  if (value < 10) {
    bytes[length] = 0x30 + value;
    return length + 1;
  }
  const digits = value < 100 ? 2 : value < 1000 ? 3 : value < 10000 ? 4 : value < 100000 ? 5 : String(value).length;
  let position = length + digits;
  for (let rest = value; position > length; rest = Math.floor(rest / 10)) bytes[--position] = 0x30 + (rest % 10);
  return length + digits;
}

/** Writes a non-negative integer as an object key, `"123":`, returning the new length. */
function writeKey(bytes: Uint8Array, length: number, value: number): number {
  bytes[length] = QUOTE;
  length = writeInteger(bytes, length + 1, value);
  bytes[length] = QUOTE;
  bytes[length + 1] = COLON;
  return length + 2;
}

/**
 * Writes a string as JSON.stringify does, in UTF-8, returning the new length. `bytes` must have
 * room for 6 bytes per character.
 */
function writeString(bytes: Uint8Array, length: number, value: string): number {
  const start = length;
  bytes[length++] = QUOTE;
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0x80) {
      if (code < 0x20 || code === QUOTE || code === BACKSLASH)
        return start + encoder.encodeInto(JSON.stringify(value), bytes.subarray(start)).written;
      bytes[length++] = code;
    } else if (code < 0x800) {
      bytes[length++] = 0xc0 | (code >> 6);
      bytes[length++] = 0x80 | (code & 0x3f);
    } else if (code < 0xd800 || code > 0xdfff) {
      bytes[length++] = 0xe0 | (code >> 12);
      bytes[length++] = 0x80 | ((code >> 6) & 0x3f);
      bytes[length++] = 0x80 | (code & 0x3f);
    } else {
      // Surrogates: JSON.stringify escapes lone ones; TextEncoder encodes pairs.
      return start + encoder.encodeInto(JSON.stringify(value), bytes.subarray(start)).written;
    }
  }
  bytes[length++] = QUOTE;
  return length;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { ignoreBOM: true });

/**
 * The order in which MiniSearch's radix tree (`SearchableMap`) iterates its terms, given the terms
 * in the order they were inserted. Returns indexes into `terms`.
 *
 * A node of the tree is a Map whose keys are its child edges and the leaf key of the term ending
 * there. A key is appended when it is created; when an edge is split because a new term shares
 * only part of it, the shortened edge is set anew (set, then the old key deleted) and so moves to
 * the end. An edge's key was therefore last set when its subtree got its final common prefix: when
 * the subtree's own term (its leaf) was inserted if that came first, else when terms of two of its
 * branches had been inserted. A single term's key (edge or leaf) is set when the term is inserted.
 * The keys of a node are ordered by those times, and the tree's iterator visits them from the last
 * to the first.
 *
 * The sorted terms give the tree's shape without building it: the terms below a node form a
 * contiguous range, which splits into branches by the character after the node's prefix.
 */
function getTreeOrder(terms: readonly string[]): Int32Array {
  const order = new Int32Array(terms.length);
  if (terms.length < 2) return order;
  const sortedIndexes = sortTerms(terms);
  const sorted = Array.from(sortedIndexes, (index) => terms[index]!);
  const timeOf = (position: number) => sortedIndexes[position]!;
  const root = buildNode(sorted, timeOf, 0, sorted.length, commonPrefixLength(sorted[0]!, sorted[sorted.length - 1]!, 0));
  let length = 0;
  const emit = (node: TreeNode) => {
    const { children } = node;
    for (let i = children.length - 1; i >= 0; i--) {
      const child = children[i]!;
      if (typeof child === 'number') order[length++] = sortedIndexes[child]!;
      else emit(child);
    }
  };
  emit(root);
  return order;
}

const INDEX_BITS = 2 ** 21;

/**
 * The indexes of the terms, in the order of the terms sorted by UTF-16 code units. A native sort
 * of numbers made of each term's first two characters and index does most of the work; terms
 * sharing their first two characters are then sorted as strings.
 */
function sortTerms(terms: readonly string[]): Int32Array {
  const count = terms.length;
  const byString = (a: number, b: number) => (terms[a]! < terms[b]! ? -1 : 1);
  if (count >= INDEX_BITS) return Int32Array.from(terms.keys()).sort(byString);
  const keys = new Float64Array(count);
  for (let index = 0; index < count; index++) {
    const term = terms[index]!;
    // 0 for a term that ends before, so that a prefix comes first.
    const first = term.length > 0 ? term.charCodeAt(0) + 1 : 0;
    const second = term.length > 1 ? term.charCodeAt(1) + 1 : 0;
    keys[index] = (first * 65537 + second) * INDEX_BITS + index;
  }
  keys.sort();
  const sorted = new Int32Array(count);
  for (let position = 0; position < count; position++) sorted[position] = keys[position]! % INDEX_BITS;
  for (let start = 0; start < count;) {
    const prefix = Math.floor(keys[start]! / INDEX_BITS);
    let end = start + 1;
    while (end < count && Math.floor(keys[end]! / INDEX_BITS) === prefix) end++;
    if (end - start > 1) sorted.subarray(start, end).sort(byString);
    start = end;
  }
  return sorted;
}

function commonPrefixLength(a: string, b: string, from: number): number {
  const length = Math.min(a.length, b.length);
  let position = from;
  while (position < length && a.charCodeAt(position) === b.charCodeAt(position)) position++;
  return position;
}

/** The node of the sorted terms `[start, end)` (at least two), whose common prefix has `depth` characters. */
function buildNode(sorted: readonly string[], timeOf: (index: number) => number, start: number, end: number, depth: number): TreeNode {
  const children: (number | TreeNode)[] = [];
  const keySets: number[] = [];
  let first = Infinity;
  let second = Infinity;
  let leafTime = Infinity;
  let position = start;
  // Sorting puts the term that ends at this node (the leaf key), if any, first.
  if (sorted[position]!.length === depth) {
    leafTime = first = timeOf(position);
    children.push(position);
    keySets.push(leafTime);
    position++;
  }
  while (position < end) {
    const char = sorted[position]!.charCodeAt(depth);
    let branchEnd = position + 1;
    while (branchEnd < end && sorted[branchEnd]!.charCodeAt(depth) === char) branchEnd++;
    let branchFirst: number;
    if (branchEnd - position === 1) {
      branchFirst = timeOf(position);
      children.push(position);
      keySets.push(branchFirst);
    } else {
      const child = buildNode(
        sorted,
        timeOf,
        position,
        branchEnd,
        commonPrefixLength(sorted[position]!, sorted[branchEnd - 1]!, depth + 1),
      );
      branchFirst = child.first;
      children.push(child);
      keySets.push(child.keySet);
    }
    if (branchFirst < first) {
      second = first;
      first = branchFirst;
    } else if (branchFirst < second) second = branchFirst;
    position = branchEnd;
  }
  // Order the keys as the node's Map does: by when each was last set.
  const indexes = children.map((_, index) => index).sort((a, b) => keySets[a]! - keySets[b]!);
  // The subtree has its final common prefix once it holds its own term, or terms of two branches.
  return { children: indexes.map((index) => children[index]!), first, keySet: leafTime === first ? first : second };
}
