/**
 * Reads a source map's `mappings` (version 3, base64 VLQ) to find where a place of generated code
 * was written: a compiled MDX page's stack frames point into its program, which compile maps back
 * to the page's line and column. A few lines of decoding instead of source-map's asynchronous
 * consumer, which a synchronous compile cannot wait for.
 */

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const DIGITS = new Map([...BASE64].map((character, index) => [character, index]));

/** The numbers of one segment (`AAAA`, `gBAAC`...): each a VLQ, sign in its lowest bit. */
function decodeSegment(segment: string): number[] {
  const values: number[] = [];
  let value = 0;
  let shift = 0;
  for (const character of segment) {
    const digit = DIGITS.get(character);
    if (digit === undefined) return values;
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
      continue;
    }
    values.push(value & 1 ? -(value >>> 1) : value >>> 1);
    value = 0;
    shift = 0;
  }
  return values;
}

/**
 * The source place (1-based line and column) of a 1-based line and column of generated code: the
 * last mapping at or before it on its line; undefined when that line maps nothing.
 */
export function findOriginalPlace(mappings: string, line: number, column: number): { line: number; column: number } | undefined {
  let sourceLine = 0;
  let sourceColumn = 0;
  let found: { line: number; column: number } | undefined;
  const lines = mappings.split(';');
  for (let index = 0; index < lines.length && index < line; index++) {
    let generatedColumn = 0;
    for (const segment of lines[index]!.split(',')) {
      if (segment === '') continue;
      const values = decodeSegment(segment);
      generatedColumn += values[0] ?? 0;
      // A segment of one value maps its code to no source.
      if (values.length < 4) continue;
      const [, , lineDelta = 0, sourceColumnDelta = 0] = values;
      sourceLine += lineDelta;
      sourceColumn += sourceColumnDelta;
      // The last mapping at or before the column; the line's first when the column is before them all.
      if (index === line - 1 && (generatedColumn <= column - 1 || !found)) found = { line: sourceLine + 1, column: sourceColumn + 1 };
    }
  }
  return found;
}
