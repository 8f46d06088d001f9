import { closeSync, fstatSync, openSync, readFileSync, readSync, type Stats } from 'node:fs';
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
    const chunks: Buffer[] = [];
    let size = 0;
    // Read to the end, whatever the size said (a file growing meanwhile is read whole).
    for (;;) {
      const chunk = Buffer.allocUnsafe(Math.max(stats.size - size, 0) + 1);
      const count = readSync(fd, chunk, 0, chunk.length, null);
      if (count === 0) break;
      chunks.push(chunk.subarray(0, count));
      size += count;
      // Less than asked for: the end of the file.
      if (count < chunk.length) break;
    }
    const bytes = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size);
    const text = toSourceText(bytes.toString('utf8'));
    return { file: { absolutePath, sitePath, text }, stats };
  } finally {
    closeSync(fd);
  }
}

export const toSitePath = (siteDir: string, absolutePath: string) => relative(siteDir, absolutePath).split(sep).join('/');

const toSourceText = (text: string) => text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
