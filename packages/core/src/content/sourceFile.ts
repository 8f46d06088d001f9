import { closeSync, fstatSync, openSync, readFileSync, type Stats } from 'node:fs';
import { relative, sep } from 'node:path';
import type { SourceFile } from '@docgen/types';

/** Reads a text file; a BOM and CRLF/CR line endings give the same text as plain LF. */
export function readSourceFile(siteDir: string, absolutePath: string): SourceFile {
  return { absolutePath, sitePath: toSitePath(siteDir, absolutePath), text: toSourceText(readFileSync(absolutePath, 'utf8')) };
}

/**
 * Reads a text file as readSourceFile does (its site path given), with the file's stats, which
 * come with opening it: no second look-up of the path.
 */
export function readSourceFileWithStats(absolutePath: string, sitePath: string): { file: SourceFile; stats: Stats } {
  const fd = openSync(absolutePath, 'r');
  try {
    const stats = fstatSync(fd);
    return { file: { absolutePath, sitePath, text: toSourceText(readFileSync(fd, 'utf8')) }, stats };
  } finally {
    closeSync(fd);
  }
}

/**
 * A file's path in the site, with `/` between folders. A path listed below the site's folder,
 * as every markdown file read is, is the part after it: path.relative resolves both paths first,
 * a quarter of reading a 10,000-page site whose files are unchanged.
 */
export function toSitePath(siteDir: string, absolutePath: string): string {
  if (sep === '/' && isPlainBelow(siteDir, absolutePath)) return absolutePath.slice(siteDir.length + 1);
  return relative(siteDir, absolutePath).split(sep).join('/');
}

/** Segments that path.relative would resolve: `.`, `..` and empty ones. */
const UNRESOLVED = /(?:^|\/)\.{0,2}(?:\/|$)/;

/** Whether `path` is `dir`, a `/` and a relative path with nothing to resolve, both absolute and `dir` resolved. */
function isPlainBelow(dir: string, path: string): boolean {
  return (
    path.length > dir.length + 1 &&
    path.charCodeAt(dir.length) === 47 &&
    path.startsWith(dir) &&
    dir.startsWith('/') &&
    !UNRESOLVED.test(dir.slice(1)) &&
    !UNRESOLVED.test(path.slice(dir.length + 1))
  );
}

const toSourceText = (text: string) => text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
