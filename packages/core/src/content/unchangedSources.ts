import { statSync, type Stats } from 'node:fs';
import type { SourceMarkdown } from '@docgen/types';
import type { z } from 'zod';
import { DocgenError } from '../diagnostics/index.js';
import { findBodyStart, hashMarkdownBody, parseFrontMatter } from './frontMatter.js';
import type { FrontMatterMemo, KnownFile } from './frontMatterMemo.js';
import { deepFreeze } from './contentCache.js';
import { readSourceFile, readSourceFileWithStats, toSitePath } from './sourceFile.js';

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
export function getFileStamp(
  absolutePath: string,
  now = Date.now(),
  known?: ReadonlyMap<string, Stats>,
): { stamp: string; settled: boolean } | undefined {
  const stats = known?.get(absolutePath) ?? statSync(absolutePath, { throwIfNoEntry: false });
  return stats?.isFile() ? toStamp(stats, now) : undefined;
}

const toStamp = (stats: Stats, now: number) => ({
  stamp: `${stats.size}:${stats.mtimeMs}:${stats.ctimeMs}:${stats.ino}`,
  settled: now - Math.max(stats.mtimeMs, stats.ctimeMs) >= SETTLED_AFTER_MS,
});

/**
 * A markdown source (not MDX: an MDX file's imports are read with it) split into front matter,
 * checked against `schema` (named `kind`), and body. A file whose stamp is the one `memo` knows
 * is not read: its front matter is the memo's, and its text and body are read only when asked
 * for (most builds ask only for those of changed pages), then checked against the body's hash.
 * A file the memo does not know is read, its stamp taken from the open file. `fileStats`: stats
 * of the site's files taken just before (the build's input fingerprint), not asked for again.
 */
export function readMarkdownSource<Schema extends z.ZodType>(
  memo: FrontMatterMemo,
  siteDir: string,
  absolutePath: string,
  kind: string,
  schema: Schema,
  fileStats?: ReadonlyMap<string, Stats>,
): SourceMarkdown<z.output<Schema>> {
  const sitePath = toSitePath(siteDir, absolutePath);
  const known = memo.getFile(kind, sitePath, () => getFileStamp(absolutePath, Date.now(), fileStats)?.stamp);
  if (known) return toUnreadSource(siteDir, absolutePath, sitePath, known) as SourceMarkdown<z.output<Schema>>;
  const { file, stats } = readSourceFileWithStats(absolutePath, sitePath);
  const markdown = parseFrontMatter(file, schema, { memo, kind }, false);
  const bodyHash = hashMarkdownBody(markdown.body);
  const stamped = toStamp(stats, Date.now());
  if (stamped.settled) {
    const { frontMatter, warnings, bodyLine } = markdown;
    memo.setFile(kind, sitePath, { stamp: stamped.stamp, frontMatter, ...(warnings && { warnings }), bodyLine, bodyHash });
  }
  return { ...markdown, bodyHash };
}

/**
 * A source known by its stamp: its text and body (getters) read from the file when first asked
 * for. Frozen through, as a content cache keeps its values, without calling the getters.
 */
function toUnreadSource(siteDir: string, absolutePath: string, sitePath: string, known: KnownFile): SourceMarkdown<unknown> {
  let read: { text: string; body: string } | undefined;
  const readOnce = () => {
    if (read) return read;
    const { text } = readSourceFile(siteDir, absolutePath);
    const bodyStart = findBodyStart(text);
    const body = bodyStart === undefined ? undefined : text.slice(bodyStart);
    if (body === undefined || hashMarkdownBody(body) !== known.bodyHash) {
      throw new DocgenError(`${sitePath} changed while docgen was building the site`, {
        code: 'source-changed',
        location: { file: sitePath, line: 1, column: 1 },
        hint: 'Build again once the file is saved: this build read the file as it was before.',
      });
    }
    return (read = { text, body });
  };
  const file = Object.defineProperty({ absolutePath, sitePath }, 'text', { enumerable: true, get: () => readOnce().text });
  const source = { file, frontMatter: deepFreeze(known.frontMatter), bodyLine: known.bodyLine, bodyHash: known.bodyHash };
  if (known.warnings) Object.assign(source, { warnings: deepFreeze(known.warnings) });
  Object.defineProperty(source, 'body', { enumerable: true, get: () => readOnce().body });
  Object.freeze(file);
  return Object.freeze(source) as SourceMarkdown<unknown>;
}

/**
 * `source` with `fields` added or replaced, as a spread would make it, but with its text and body
 * still unread when they are (a spread reads every getter).
 */
export function extendSource<Source extends object, Fields extends object>(
  source: Source,
  fields: Fields,
): Omit<Source, keyof Fields> & Fields {
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(source)) {
    const descriptor = Object.getOwnPropertyDescriptor(source, key)!;
    if (descriptor.get) Object.defineProperty(copy, key, { get: descriptor.get, enumerable: true, configurable: true });
    else copy[key] = descriptor.value;
  }
  return Object.assign(copy, fields) as Omit<Source, keyof Fields> & Fields;
}
