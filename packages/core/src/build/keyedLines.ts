/**
 * A file of JSON values by key, for what a build keeps of thousands of routes or docs and the next
 * build reads a few of: a JSON array of its base's name, then a `[key, value]` pair a line (each
 * line but the first starts `,[`), so that a value is found by its key in the file's bytes
 * without parsing the others. The base ties the file to what names it (a record, a snapshot).
 * And the journal beside such a file: what each text edit changed since, a JSON line each, named
 * by the same base.
 */
import { appendFileSync, readFileSync } from 'node:fs';
import { readWholeText, writeFileWhole } from '../processes/index.js';

/** Writes `entries` under `base` (under a temporary name, then renamed into place). */
export function writeKeyedLines(file: string, base: string, entries: Iterable<[string, unknown]>): void {
  const lines = [`[${JSON.stringify({ base })}`];
  for (const pair of entries) lines.push(`\n,${JSON.stringify(pair)}`);
  lines.push('\n]\n');
  writeFileWhole(file, lines.join(''));
}

/** Every value of the file, by key; undefined when it is missing, unreadable or of another base. */
export function readKeyedLines<Value>(file: string, base: string): Record<string, Value> | undefined {
  try {
    const [head, ...pairs] = JSON.parse(readWholeText(file)) as [{ base: string }, ...[string, Value][]];
    return head.base === base ? Object.fromEntries(pairs) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The values of `keys` (a key the file lacks is left out), each line parsed alone; undefined when
 * the file is missing, of another base, or a line of those keys cannot be read.
 */
export function findKeyedLines<Value>(file: string, base: string, keys: Iterable<string>): Map<string, Value> | undefined {
  try {
    const bytes = readFileSync(file);
    const firstLine = bytes.indexOf(10);
    if (firstLine < 0 || (JSON.parse(bytes.toString('utf8', 1, firstLine)) as { base: string }).base !== base) return undefined;
    const found = new Map<string, Value>();
    for (const key of keys) {
      const start = bytes.indexOf(`\n,[${JSON.stringify(key)},`);
      if (start < 0) continue;
      const end = bytes.indexOf(10, start + 1);
      found.set(key, (JSON.parse(bytes.toString('utf8', start + 2, end < 0 ? bytes.length : end)) as [string, Value])[1]);
    }
    return found;
  } catch {
    return undefined;
  }
}

/** Appends `line` to the journal `file` (a line cut short by a killed process makes the journal unreadable: see readJournalLines). */
export function appendJournalLine<Line extends { base: string }>(file: string, line: Line): void {
  appendFileSync(file, `${JSON.stringify(line)}\n`);
}

/**
 * The lines of the journal `file` of `base`, in order (lines of another base, written before a
 * whole build replaced what they changed, are left out); none when there is no journal; undefined
 * when a line cannot be read.
 */
export function readJournalLines<Line extends { base: string }>(file: string, base: string): Line[] | undefined {
  let journal: string;
  try {
    journal = readFileSync(file, 'utf8');
  } catch {
    return [];
  }
  try {
    return journal.split('\n').flatMap((text) => {
      if (text === '') return [];
      const line = JSON.parse(text) as Line;
      return line.base === base ? [line] : [];
    });
  } catch {
    return undefined;
  }
}
