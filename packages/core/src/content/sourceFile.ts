import { readFileSync } from 'node:fs';
import { relative, sep } from 'node:path';
import type { SourceFile } from '@docgen/types';

/** Reads a text file; a BOM and CRLF/CR line endings give the same text as plain LF. */
export function readSourceFile(siteDir: string, absolutePath: string): SourceFile {
  const text = readFileSync(absolutePath, 'utf8')
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n');
  return { absolutePath, sitePath: relative(siteDir, absolutePath).split(sep).join('/'), text };
}
