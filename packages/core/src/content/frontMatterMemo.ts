import { createHash } from 'node:crypto';
import { join } from 'node:path';
import type { Diagnostic } from '@docgen/types';
import { hashOwnCode, readWholeText, writeFileWhole } from '../processes/index.js';

/** The file of a store folder that holds the memo (see readFrontMatterMemo). */
export const FRONT_MATTER_MEMO_FILE = 'front-matter.json';

/** What checking a file's front matter gave: the value its schema made, and the warnings. */
export interface CheckedFrontMatter {
  frontMatter: unknown;
  warnings?: Diagnostic[];
}

interface MemoEntry extends CheckedFrontMatter {
  /** Hash of the YAML text it was parsed from. */
  hash: string;
}

/**
 * A markdown file as the last reading found it, known by its stamp (see toFileStamp): what its
 * front matter gave, where its body starts, and the body's hash (hashMarkdownBody).
 */
export interface KnownFile extends CheckedFrontMatter {
  stamp: string;
  bodyLine: number;
  bodyHash: string;
}

/**
 * Front matter checked by earlier runs, by file and schema, kept in the site's cache: parsing the
 * YAML of every file is most of reading a site (half a second at 2,000 pages), and a file whose
 * front matter text is unchanged gives the same value and warnings. Only front matter that was
 * valid is kept (an error is thrown again, by parsing), and only values JSON holds exactly.
 * Category files (`_category_.yaml`) are kept here too, by their whole text. Markdown files are
 * also kept by their stamp (getFile): one unchanged since is not read at all, its body read only
 * if something asks for it (on a 10,000-page site, reading every file took half a second).
 */
export class FrontMatterMemo {
  private readonly entries: Map<string, MemoEntry>;
  /** Entries of files met by this process: what `write` keeps (files gone since are forgotten). */
  private readonly met = new Map<string, MemoEntry>();
  private readonly files: Map<string, KnownFile>;
  private readonly metFiles = new Map<string, KnownFile>();

  constructor(
    private readonly salt: string,
    entries: Record<string, MemoEntry> = {},
    files: Record<string, KnownFile> = {},
  ) {
    this.entries = new Map(Object.entries(entries));
    this.files = new Map(Object.entries(files));
  }

  /**
   * The markdown file `sitePath` as read by schema `kind` when it had the stamp it has now
   * (`stampOf`, see toFileStamp): a file whose size,
   * times and inode are those of the last reading holds what it held then, and need not be read
   * (`docgen build` trusts sizes and modification times as its fingerprint does). Undefined when
   * it was not read so, or changed since.
   */
  getFile(kind: string, sitePath: string, stampOf: () => string | undefined): KnownFile | undefined {
    const key = `${kind}\0${sitePath}`;
    const file = this.files.get(key);
    // The file is looked at (`stampOf`) only when the memo knows it.
    if (file === undefined || file.stamp !== stampOf()) return undefined;
    this.metFiles.set(key, file);
    return file;
  }

  /** Whether the memo knows a reading of the markdown file `sitePath` by schema `kind`, whatever its stamp. */
  hasFile(kind: string, sitePath: string): boolean {
    return this.files.has(`${kind}\0${sitePath}`);
  }

  /** Remembers what reading `sitePath` gave, unless its front matter is not JSON (see set). */
  setFile(kind: string, sitePath: string, file: KnownFile): void {
    const key = `${kind}\0${sitePath}`;
    // Front matter that `set` remembered is JSON's already.
    const frontMatter = this.entries.get(key)?.frontMatter === file.frontMatter ? file.frontMatter : toJsonValue(file.frontMatter);
    if (frontMatter === NOT_JSON) return;
    const known: KnownFile = { ...file, frontMatter };
    this.files.set(key, known);
    this.metFiles.set(key, known);
  }

  /** What the front matter `yamlText` of `sitePath` gave when checked by schema `kind`, if it was checked before. */
  get(kind: string, sitePath: string, yamlText: string): CheckedFrontMatter | undefined {
    const key = `${kind}\0${sitePath}`;
    const entry = this.entries.get(key);
    if (!entry || entry.hash !== hashText(yamlText)) return undefined;
    this.met.set(key, entry);
    return entry;
  }

  /**
   * Remembers what checking gave; returns the value to use, the same whether it came from here
   * or from parsing: as JSON holds it (keys whose value is undefined left out). A value JSON cannot
   * hold exactly is returned as it is and not remembered.
   */
  set(kind: string, sitePath: string, yamlText: string, checked: CheckedFrontMatter): CheckedFrontMatter {
    const frontMatter = toJsonValue(checked.frontMatter);
    if (frontMatter === NOT_JSON) return checked;
    const entry: MemoEntry = { hash: hashText(yamlText), frontMatter, ...(checked.warnings && { warnings: checked.warnings }) };
    const key = `${kind}\0${sitePath}`;
    this.entries.set(key, entry);
    this.met.set(key, entry);
    return entry;
  }

  /** Writes the entries of the files this process met into `dir` (atomically). */
  write(dir: string): void {
    const stored = { salt: this.salt, entries: Object.fromEntries(this.met), files: Object.fromEntries(this.metFiles) };
    writeFileWhole(join(dir, FRONT_MATTER_MEMO_FILE), JSON.stringify(stored));
  }
}

/**
 * The memo kept in `dir`; empty when there is none, it is unreadable, or was written with another
 * `salt` (another docgen version: its schemas may differ). A cache is never trusted over parsing.
 * `seedDir`: another store whose memo is taken when `dir` has none (the dev server's store starts
 * from what `docgen build` read: the same files, the same stamps); it is only read.
 */
export function readFrontMatterMemo(dir: string, salt: string, seedDir?: string): FrontMatterMemo {
  return readStoredMemo(dir, salt) ?? (seedDir === undefined ? undefined : readStoredMemo(seedDir, salt)) ?? new FrontMatterMemo(salt);
}

function readStoredMemo(dir: string, salt: string): FrontMatterMemo | undefined {
  try {
    const stored = JSON.parse(readWholeText(join(dir, FRONT_MATTER_MEMO_FILE))) as {
      salt?: unknown;
      entries?: unknown;
      files?: unknown;
    };
    const isRecord = (value: unknown) => typeof value === 'object' && value !== null;
    if (stored.salt === salt && isRecord(stored.entries) && isRecord(stored.files)) {
      return new FrontMatterMemo(salt, stored.entries as Record<string, MemoEntry>, stored.files as Record<string, KnownFile>);
    }
  } catch {
    // None yet, or unreadable.
  }
  return undefined;
}

const hashText = (text: string) => createHash('sha1').update(text).digest('base64');

/**
 * A hash of the modules that check front matter and read a file's text and body, for the memo's
 * salt: entries made by other code (docgen built anew at the same version) are forgotten too.
 * A file's body hash must be what this code gives, or reading an unread source would take the
 * file for one changed meanwhile, build after build.
 */
export function readFrontMatterCheckerKey(): string {
  return hashOwnCode(['./frontMatter', './preRead', './sourceFile', './unchangedSources'].map((name) => new URL(name, import.meta.url)));
}

const NOT_JSON = Symbol('not JSON');

/** `value` as JSON.parse(JSON.stringify(value)) gives it, or NOT_JSON when that would change it otherwise than by leaving out undefined keys. */
function toJsonValue(value: unknown): unknown {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : NOT_JSON;
  if (Array.isArray(value)) {
    const items: unknown[] = [];
    for (const item of value) {
      const json = toJsonValue(item);
      if (json === NOT_JSON || item === undefined) return NOT_JSON;
      items.push(json);
    }
    return items;
  }
  if (typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    const object: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      if (item === undefined) continue;
      const json = toJsonValue(item);
      if (json === NOT_JSON) return NOT_JSON;
      // `__proto__` as a key (YAML keeps it an ordinary key) stays one.
      Object.defineProperty(object, key, { value: json, enumerable: true, writable: true, configurable: true });
    }
    return object;
  }
  return NOT_JSON;
}
