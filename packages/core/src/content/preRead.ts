import { createHash } from 'node:crypto';
import type { Stats } from 'node:fs';
import { readSourceFileWithStats } from './sourceFile.js';

/**
 * What reading a markdown file needs of its text, without YAML or schemas: this module is what a
 * build thread loads to read files for the main thread (preReadMarkdown).
 */

const FENCE = /^---([^\n]*)\n/;
const CLOSING_FENCE = /\n---[ \t]*(\n|$)/;

/**
 * The front matter block a markdown text starts with: the language after its opening `---`, its
 * YAML text, and where the body starts (offset and line; all three undefined when the block is
 * never closed). Undefined when the text has none.
 */
export function splitFrontMatter(text: string): { language: string; yamlText?: string; bodyStart?: number; bodyLine?: number } | undefined {
  const open = FENCE.exec(text);
  if (!open) return undefined;
  const language = open[1]!.trim();
  const close = CLOSING_FENCE.exec(text.slice(open[0].length - 1));
  if (!close) return { language };
  const bodyStart = open[0].length - 1 + close.index + close[0].length;
  return {
    language,
    yamlText: text.slice(open[0].length, open[0].length - 1 + close.index + 1),
    bodyStart,
    bodyLine: text.slice(0, bodyStart).split('\n').length,
  };
}

/** Where the body of a markdown text starts: after its front matter block (0 when it has none); undefined when the block is never closed. */
export function findBodyStart(text: string): number | undefined {
  const block = splitFrontMatter(text);
  return block ? block.bodyStart : 0;
}

/** A hash of a markdown body: what its compile key holds of it, and what tells an unread file's body when it is read (see unchangedSources.ts). */
export function hashMarkdownBody(body: string): string {
  return createHash('sha256').update(body).digest('base64');
}

/**
 * A file changed within this many milliseconds before it was read is not remembered by its
 * stamp: a second write within the same tick of the file system's clock, of the same size, would
 * keep the stamp of the first (git's "racy" files).
 */
const SETTLED_AFTER_MS = 2000;

/**
 * What identifies a file's contents without reading them, as `docgen build` trusts it: its size,
 * modification and change times and inode (a file moved in keeps its modification time, not its
 * change time). `settled` when it last changed long enough ago to be remembered by it.
 */
export const toFileStamp = (stats: Stats, now: number) => ({
  stamp: `${stats.size}:${stats.mtimeMs}:${stats.ctimeMs}:${stats.ino}`,
  settled: now - Math.max(stats.mtimeMs, stats.ctimeMs) >= SETTLED_AFTER_MS,
});

/**
 * A markdown file as a build thread reads it for the main thread (see readMarkdownSource): its
 * stamp, its front matter's YAML text (undefined when it has none) and its body's line and hash.
 * The main thread checks the front matter; the text is read again when something asks for it.
 */
export interface PreReadMarkdown {
  stamp: string;
  settled: boolean;
  yamlText: string | undefined;
  bodyLine: number;
  bodyHash: string;
}

/**
 * Reads `absolutePath` as readMarkdownSource would. Undefined when the file cannot be read or its
 * front matter is not a closed YAML block: the main thread reads it then, and reports the problem
 * at its line.
 */
export function preReadMarkdown(absolutePath: string, now = Date.now()): PreReadMarkdown | undefined {
  let read: ReturnType<typeof readSourceFileWithStats>;
  try {
    read = readSourceFileWithStats(absolutePath, absolutePath);
  } catch {
    return undefined;
  }
  const { text } = read.file;
  const block = splitFrontMatter(text);
  if (block && (block.bodyStart === undefined || (block.language !== '' && block.language !== 'yaml'))) return undefined;
  const bodyStart = block?.bodyStart ?? 0;
  return {
    ...toFileStamp(read.stats, now),
    yamlText: block?.yamlText,
    bodyLine: block?.bodyLine ?? 1,
    bodyHash: hashMarkdownBody(text.slice(bodyStart)),
  };
}
