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

export const toSitePath = (siteDir: string, absolutePath: string) => relative(siteDir, absolutePath).split(sep).join('/');

const toSourceText = (text: string) => text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
