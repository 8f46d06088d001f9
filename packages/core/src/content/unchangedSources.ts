import { statSync, type Stats } from 'node:fs';
import type { SourceMarkdown } from '@docgen/types';
import type { z } from 'zod';
import { DocgenError } from '../diagnostics/index.js';
import { checkFrontMatter, docFrontMatterSchema, parseFrontMatter } from './frontMatter.js';
import { findBodyStart, hashMarkdownBody, toFileStamp, type PreReadMarkdown } from './preRead.js';
import type { FrontMatterMemo, KnownFile } from './frontMatterMemo.js';
import { deepFreeze } from './contentCache.js';
import { readSourceFile, readSourceFileWithStats, toSitePath } from './sourceFile.js';

/** The stamp of a file (see toFileStamp), from `known` stats when they hold it; undefined when it is not a file. */
export function getFileStamp(
  absolutePath: string,
  now = Date.now(),
  known?: ReadonlyMap<string, Stats>,
): { stamp: string; settled: boolean } | undefined {
  const stats = known?.get(absolutePath) ?? statSync(absolutePath, { throwIfNoEntry: false });
  return stats?.isFile() ? toFileStamp(stats, now) : undefined;
}

/** A markdown file a thread of the pool read (see preReadMarkdown), its front matter checked (see checkPreReadDoc). */
export interface CheckedMarkdown extends KnownFile {
  settled: boolean;
}

/**
 * The doc `absolutePath` as a build thread read it, its front matter checked against the docs'
 * schema (and remembered by `memo`, as a reading does). Undefined when the check fails: the
 * reading of the content reads the file itself then, and reports it in its order.
 */
export function checkPreReadDoc(
  memo: FrontMatterMemo,
  siteDir: string,
  absolutePath: string,
  preRead: PreReadMarkdown,
): CheckedMarkdown | undefined {
  const { stamp, settled, yamlText, bodyLine, bodyHash } = preRead;
  try {
    const sitePath = toSitePath(siteDir, absolutePath);
    const { frontMatter, warnings } =
      yamlText === undefined
        ? { frontMatter: docFrontMatterSchema.parse({}), warnings: undefined }
        : checkFrontMatter(yamlText, sitePath, docFrontMatterSchema, { memo, kind: 'doc' });
    return { stamp, settled, frontMatter, ...(warnings && { warnings }), bodyLine, bodyHash };
  } catch {
    return undefined;
  }
}

/**
 * A markdown source (not MDX: an MDX file's imports are read with it) split into front matter,
 * checked against `schema` (named `kind`), and body. A file whose stamp is the one `memo` knows
 * is not read: its front matter is the memo's, and its text and body are read only when asked
 * for (most builds ask only for those of changed pages), then checked against the body's hash.
 * A file the memo does not know is read, its stamp taken from the open file, unless a build thread
 * read it (`preRead`, see preReadDocs). `fileStats`: stats of the site's files taken just
 * before (the build's input fingerprint), not asked for again.
 */
export function readMarkdownSource<Schema extends z.ZodType>(
  memo: FrontMatterMemo,
  siteDir: string,
  absolutePath: string,
  kind: string,
  schema: Schema,
  fileStats?: ReadonlyMap<string, Stats>,
  preRead?: CheckedMarkdown,
): SourceMarkdown<z.output<Schema>> {
  const sitePath = toSitePath(siteDir, absolutePath);
  const known = memo.getFile(kind, sitePath, () => getFileStamp(absolutePath, Date.now(), fileStats)?.stamp);
  if (known) return toUnreadSource(siteDir, absolutePath, sitePath, known) as SourceMarkdown<z.output<Schema>>;
  if (preRead) {
    // Read by a build thread (the file's reading), its front matter checked: its text is read when asked for.
    const { settled, ...read } = preRead;
    if (settled) memo.setFile(kind, sitePath, read);
    return toUnreadSource(siteDir, absolutePath, sitePath, read) as SourceMarkdown<z.output<Schema>>;
  }
  const { file, stats } = readSourceFileWithStats(absolutePath, sitePath);
  const markdown = parseFrontMatter(file, schema, { memo, kind }, false);
  const bodyHash = hashMarkdownBody(markdown.body);
  const stamped = toFileStamp(stats, Date.now());
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
