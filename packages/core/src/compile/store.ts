import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CompiledMarkdown, ContentSection } from '@docgen/types';
import type { Root as HastRoot } from 'hast';
import { compileMarkdown } from './compileMarkdown.js';

/** One markdown body to compile, as sent to a worker thread. */
export interface CompileTask {
  key: string;
  body: string;
  /** Site-relative path of the source, for diagnostics. */
  sourcePath: string;
  bodyLine: number;
}

/**
 * The key of a compiled body: its text, where it was written (diagnostics name the file and
 * line) and `salt` (docgen's version and the compile options, which change what compiling gives).
 */
export function getCompileKey(salt: string, sourcePath: string, bodyLine: number, body: string): string {
  return createHash('sha256')
    .update(salt)
    .update('\0')
    .update(sourcePath)
    .update(`\0${bodyLine}\0`)
    .update(body)
    .digest('hex')
    .slice(0, 32);
}

const INDEX_FILE = 'index.json';

/** Written under a temporary name and renamed: a reader (another thread or build) never sees half a file. */
function writeWhole(file: string, contents: string): void {
  const temporary = `${file}.${process.pid}-${Math.random().toString(36).slice(2)}`;
  writeFileSync(temporary, contents);
  renameSync(temporary, file);
}
const contentFile = (dir: string, key: string) => join(dir, `${key}.json`);
const sectionsFile = (dir: string, key: string) => join(dir, `${key}.sections.json`);

/**
 * Compiles a body and stores its content (hast, excerpt) in `dir`, returning what the manifest
 * needs. Runs in whichever thread compiles; the content is read back by the thread that renders.
 */
export function compileToStore(dir: string, task: CompileTask): CompiledMarkdown {
  const { hast, excerpt, meta, sections } = compileMarkdown(task.body, { sourcePath: task.sourcePath, bodyLine: task.bodyLine });
  // JSON: V8 parses it about twice as fast as it deserialises the same tree from v8.serialize.
  writeWhole(contentFile(dir, task.key), JSON.stringify({ main: hast, excerpt }));
  // Apart, and not in the index: only a search index being written needs them.
  writeWhole(sectionsFile(dir, task.key), JSON.stringify(sections));
  return { key: task.key, ...meta };
}

/** The search sections of a compiled body (see getContentSections). */
export function readStoredSections(dir: string, key: string): ContentSection[] {
  return JSON.parse(readFileSync(sectionsFile(dir, key), 'utf8')) as ContentSection[];
}

/** The stored content of a compiled body: the whole document (`main`) or its excerpt. */
export function readStoredContent(dir: string, key: string, part: 'main' | 'excerpt'): HastRoot {
  const stored = JSON.parse(readFileSync(contentFile(dir, key), 'utf8')) as { main: HastRoot; excerpt?: HastRoot };
  return part === 'excerpt' ? (stored.excerpt ?? stored.main) : stored.main;
}

/**
 * What compiled bodies a store holds, by key; empty when the store is new, from another docgen
 * version (the salt is in every key) or unreadable (a cache is never trusted over a rebuild).
 */
export function readCompileIndex(dir: string): Map<string, CompiledMarkdown> {
  try {
    const entries = JSON.parse(readFileSync(join(dir, INDEX_FILE), 'utf8')) as CompiledMarkdown[];
    const present = new Set(readdirSync(dir));
    return new Map(
      entries
        .filter((entry) => present.has(`${entry.key}.json`) && present.has(`${entry.key}.sections.json`))
        .map((entry) => [entry.key, entry]),
    );
  } catch {
    return new Map();
  }
}

/** Records the bodies of this build as the store's index and deletes content no build needs any more. */
export function writeCompileIndex(dir: string, entries: Map<string, CompiledMarkdown>): void {
  mkdirSync(dir, { recursive: true });
  writeWhole(join(dir, INDEX_FILE), JSON.stringify([...entries.values()]));
  for (const name of readdirSync(dir)) {
    if (name === INDEX_FILE || entries.has(name.replace(/(\.sections)?\.json$/, ''))) continue;
    rmSync(join(dir, name), { force: true });
  }
}
