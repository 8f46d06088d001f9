import { createHash, randomBytes } from 'node:crypto';
import {
  appendFileSync,
  closeSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import type { CompiledMarkdown, ContentSection, ContentSlot, StoredContent, StoredPart } from '@docgen/types';
import type { Root as HastRoot } from 'hast';
import { assertNever, writingFile } from '../diagnostics/index.js';
import type { MdxInput } from './compileData.js';
import {
  getProcessTag,
  getTemporaryOwner,
  isProcessAlive,
  PROCESS_TAG_PATTERN,
  readWholeText,
  writeFileWhole,
} from '../processes/index.js';

/** One markdown body to compile, as sent to a worker thread. */
export interface CompileTask {
  key: string;
  body: string;
  /** Site-relative path of the source, for diagnostics. */
  sourcePath: string;
  bodyLine: number;
  /** For an `.mdx` file: what compiling it needs besides its body (see mdx.ts). */
  mdx?: MdxInput;
}

/**
 * The key of a compiled body: a hash of its text (`bodyHash`), where it was written (diagnostics
 * name the file and line) and `salt` (docgen's version and the compile options, which change what
 * compiling gives).
 */
export function getCompileKey(salt: string, sourcePath: string, bodyLine: number, bodyHash: string, mdx?: MdxInput): string {
  const hash = createHash('sha256').update(salt).update('\0').update(sourcePath).update(`\0${bodyLine}\0`).update(bodyHash);
  // An MDX file's front matter and partials change what it compiles to.
  if (mdx) hash.update('\0mdx\0').update(JSON.stringify(mdx));
  return hash.digest('hex').slice(0, 32);
}

const INDEX_FILE = 'index.json';
/** Changes to the index since it was written whole, a line each (see writeCompileIndex). */
const JOURNAL_FILE = 'index-journal.jsonl';

/**
 * Writes parts (JSON texts) into one new pack file of the store. A pack is never changed once
 * written and nothing refers to it before it is, so it needs no temporary name; its name starts
 * with the tag of the process that wrote it (see getOwnerOfUnknown). One file per batch instead
 * of two per body: creating a file costs far more than writing its bytes.
 */
export function createPackWriter(dir: string) {
  const pack = `${getProcessTag()}-${randomBytes(8).toString('hex')}.pack`;
  const chunks: Buffer[] = [];
  let size = 0;
  return {
    add(json: string): StoredPart {
      const bytes = Buffer.from(json);
      chunks.push(bytes);
      size += bytes.length;
      return { pack, start: size - bytes.length, end: size };
    },
    write(): void {
      if (chunks.length === 0) return;
      const contents = Buffer.concat(chunks, size);
      const file = join(dir, pack);
      try {
        writingFile(file, () => writeFileSync(file, contents));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        // A new store (the dev server's preview compiles before its first run has made it).
        mkdirSync(dir, { recursive: true });
        writingFile(file, () => writeFileSync(file, contents));
      }
    },
  };
}

/** The text of one stored part, read from the open pack `fd`. */
function readPartFrom(fd: number, part: StoredPart): string {
  const bytes = Buffer.allocUnsafe(part.end - part.start);
  let read = 0;
  while (read < bytes.length) {
    const count = readSync(fd, bytes, read, bytes.length - read, part.start + read);
    if (count === 0) throw new Error(`The compile store's ${part.pack} ends before byte ${part.end}`);
    read += count;
  }
  return bytes.toString('utf8');
}

/** The text of one stored part. */
function readPart(dir: string, part: StoredPart): string {
  const fd = openSync(join(dir, part.pack), 'r');
  try {
    return readPartFrom(fd, part);
  } finally {
    closeSync(fd);
  }
}

/**
 * Reads the parts a task needs, each pack opened once until `close`: a render or search task reads
 * hundreds of parts from a few packs, and opening a file costs more than reading its bytes.
 */
export function openStore(dir: string) {
  const open = new Map<string, number>();
  const text = (part: StoredPart) => {
    let fd = open.get(part.pack);
    if (fd === undefined) open.set(part.pack, (fd = openSync(join(dir, part.pack), 'r')));
    return readPartFrom(fd, part);
  };
  return {
    /** Stored content of a compiled body: its whole document (`stored.main`) or its excerpt. */
    content: (part: StoredPart) => JSON.parse(text(part)) as HastRoot,
    /** The search sections of a compiled body (see getContentSections), from `stored.sections`. */
    sections: (part: StoredPart) => JSON.parse(text(part)) as ContentSection[],
    close(): void {
      for (const fd of open.values()) closeSync(fd);
      open.clear();
    },
  };
}

/** Reads a compile store's parts (openStore). */
export type StoreReader = ReturnType<typeof openStore>;

/** Stored content of a compiled body: its whole document (`stored.main`) or its excerpt. */
export function readStoredContent(dir: string, part: StoredPart): HastRoot {
  return JSON.parse(readPart(dir, part)) as HastRoot;
}

/**
 * The part of a compiled body a route shows: the document, its excerpt (the document when it has
 * none) or its leading `# heading`.
 */
export function getStoredPart(stored: StoredContent, part: ContentSlot['part']): StoredPart {
  switch (part) {
    case 'main':
      return stored.main;
    case 'excerpt':
      return stored.excerpt ?? stored.main;
    case 'title':
      if (!stored.title) throw new Error('The compiled body has no leading # heading to show');
      return stored.title;
    default:
      return assertNever(part, 'stored part');
  }
}

const partsOf = (stored: StoredContent): StoredPart[] => [
  stored.main,
  ...(stored.excerpt ? [stored.excerpt] : []),
  ...(stored.title ? [stored.title] : []),
  stored.sections,
];

/**
 * What compiled bodies a store holds, by key; empty when the store is new, from another docgen
 * version (the salt is in every key) or unreadable (a cache is never trusted over a rebuild).
 * Bodies whose pack is missing or shorter than their parts are left out. The index is its file
 * and the changes journaled after it (see writeCompileIndex); a journal line cut short (a killed
 * process) ends the journal.
 */
export function readCompileIndex(dir: string): CompileIndex {
  let read: Map<string, CompiledMarkdown>;
  try {
    const entries = JSON.parse(readWholeText(join(dir, INDEX_FILE))) as CompiledMarkdown[];
    read = new Map(entries.map((entry) => [entry.key, entry]));
  } catch {
    return { entries: new Map(), onDisk: undefined };
  }
  const journal = readJournal(dir);
  for (const { set, drop } of journal.changes) {
    for (const key of drop) read.delete(key);
    for (const entry of set) read.set(entry.key, entry);
  }
  const sizes = new Map<string, number>();
  const sizeOf = (pack: string) => {
    if (!sizes.has(pack)) sizes.set(pack, statSync(join(dir, pack), { throwIfNoEntry: false })?.size ?? -1);
    return sizes.get(pack)!;
  };
  const entries = new Map([...read].filter(([, entry]) => partsOf(entry.stored).every((part) => part.end <= sizeOf(part.pack))));
  return { entries, onDisk: toOnDisk(read, journal.bytes) };
}

/** A store's index as read: its bodies by key, and what its files hold (for writeCompileIndex). */
export interface CompileIndex {
  entries: Map<string, CompiledMarkdown>;
  onDisk: IndexOnDisk | undefined;
}

/** One build's changes to an index, a line of its journal: the entries it added or changed, and the keys it dropped. */
interface JournalLine {
  set: CompiledMarkdown[];
  drop: string[];
}

function readJournal(dir: string): { changes: JournalLine[]; bytes: number } {
  let text: string;
  try {
    text = readFileSync(join(dir, JOURNAL_FILE), 'utf8');
  } catch {
    return { changes: [], bytes: 0 };
  }
  const changes: JournalLine[] = [];
  for (const line of text.split('\n')) {
    if (line === '') continue;
    try {
      changes.push(JSON.parse(line) as JournalLine);
    } catch {
      // Lines appended after it would not be read: the next write writes the index whole.
      return { changes, bytes: Infinity };
    }
  }
  return { changes, bytes: text.length };
}

/**
 * What a store's index holds on disk (its file and journal), as the builder last read or wrote
 * it: its keys, and its entries as the objects a build keeps in its map when they did not change
 * (weakly: the entries a build drops, all of them after a docgen upgrade, are not held).
 * A store has one user at a time (see getOwnerOfUnknown), so nothing else changes it meanwhile.
 */
export interface IndexOnDisk {
  keys: Set<string>;
  entries: WeakSet<CompiledMarkdown>;
  journalBytes: number;
}
const toOnDisk = (entries: Map<string, CompiledMarkdown>, journalBytes: number): IndexOnDisk => ({
  keys: new Set(entries.keys()),
  entries: new WeakSet(entries.values()),
  journalBytes,
});

/**
 * Records the bodies of this build as the store's index and deletes what no build needs any
 * more. A pack that holds less than half of its bytes for these bodies has its parts copied
 * into a new pack (`entries` then tell the new places), so that edits do not grow the store
 * without end. `otherFiles`: names of files others keep in the folder.
 *
 * A build that changed a few bodies appends its changes to the index's journal (a line) instead
 * of writing the index whole (17 MB at 10,000 pages); the index is written whole, and the
 * journal removed, once the journal would reach a quarter of the index's entries.
 */
export function writeCompileIndex(
  dir: string,
  entries: Map<string, CompiledMarkdown>,
  options: {
    /** What the index on disk holds (readCompileIndex, or the last write): a journal line is written against it; whole without it. */
    onDisk?: IndexOnDisk;
    otherFiles?: readonly string[];
  } = {},
): IndexOnDisk {
  const { otherFiles = [] } = options;
  mkdirSync(dir, { recursive: true });
  const live = new Map<string, number>();
  for (const entry of entries.values()) {
    for (const part of partsOf(entry.stored)) live.set(part.pack, (live.get(part.pack) ?? 0) + part.end - part.start);
  }
  const sparse = new Set([...live].filter(([pack, bytes]) => bytes * 2 < statSync(join(dir, pack)).size).map(([pack]) => pack));
  if (sparse.size > 0) {
    const writer = createPackWriter(dir);
    const move = (part: StoredPart) => (sparse.has(part.pack) ? writer.add(readPart(dir, part)) : part);
    for (const [key, entry] of entries) {
      if (!partsOf(entry.stored).some((part) => sparse.has(part.pack))) continue;
      const { main, excerpt, title, sections } = entry.stored;
      const stored = { main: move(main), excerpt: excerpt && move(excerpt), title: title && move(title), sections: move(sections) };
      entries.set(key, { ...entry, stored });
    }
    writer.write();
  }
  const kept = new Set([...entries.values()].flatMap((entry) => partsOf(entry.stored).map((part) => part.pack)));
  const onDisk = writeIndexOrJournal(dir, entries, options.onDisk);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const { name } = entry;
    // Folders are others' (the MDX runtime's, bundle/mdxRuntime.ts): they keep them.
    if (name === INDEX_FILE || name === JOURNAL_FILE || kept.has(name) || otherFiles.includes(name) || entry.isDirectory()) continue;
    const owner = getOwnerOfUnknown(name);
    if (owner !== undefined && owner !== getProcessTag() && isProcessAlive(owner)) continue;
    rmSync(join(dir, name), { force: true });
  }
  return onDisk;
}

/**
 * Appends a build's changes to the index's journal without reading the index: the bodies it
 * compiled (`set`) and the keys no source has any more (`drop`). For a build that compiled a few
 * bodies and knows what they replace (build/textEdit.ts); the next whole build's write compacts it.
 */
export function appendCompileJournal(dir: string, set: CompiledMarkdown[], drop: string[]): void {
  if (set.length === 0 && drop.length === 0) return;
  const line: JournalLine = { set, drop };
  appendFileSync(join(dir, JOURNAL_FILE), `${JSON.stringify(line)}\n`);
}

/** Writes `entries` as the index: a journal line of what changed since `onDisk`, or the index whole. Gives what the index then holds. */
function writeIndexOrJournal(dir: string, entries: Map<string, CompiledMarkdown>, onDisk: IndexOnDisk | undefined): IndexOnDisk {
  if (onDisk) {
    const line: JournalLine = { set: [], drop: [] };
    for (const [key, entry] of entries) if (!onDisk.keys.has(key) || !onDisk.entries.has(entry)) line.set.push(entry);
    for (const key of onDisk.keys) if (!entries.has(key)) line.drop.push(key);
    if (line.set.length === 0 && line.drop.length === 0) return onDisk;
    const text = `${JSON.stringify(line)}\n`;
    if ((line.set.length + line.drop.length) * 4 < entries.size && (onDisk.journalBytes + text.length) * 4 < entries.size * 1024) {
      // An append: a killed process may leave the line cut short, which readJournal leaves out.
      appendFileSync(join(dir, JOURNAL_FILE), text);
      return toOnDisk(entries, onDisk.journalBytes + text.length);
    }
  }
  // Written whole: a reader (another thread or build) never sees half of it. The journal goes
  // after: a journal read with the new index only sets bodies by their keys, all still right.
  writeFileWhole(join(dir, INDEX_FILE), JSON.stringify([...entries.values()]));
  rmSync(join(dir, JOURNAL_FILE), { force: true });
  return toOnDisk(entries, 0);
}

const PACK_OWNER = new RegExp(`^(${PROCESS_TAG_PATTERN})-[0-9a-f]+\\.pack$`);

/**
 * The process that wrote a file the index does not name (a pack or a temporary). A store has one
 * user at a time (the site's cache lock, the dev server's store lock); should another process
 * write into it all the same, what it wrote while running is not deleted under it.
 */
function getOwnerOfUnknown(name: string): string | undefined {
  return PACK_OWNER.exec(name)?.[1] ?? getTemporaryOwner(name);
}
