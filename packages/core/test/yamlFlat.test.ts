/**
 * parseYamlFile reads a flat mapping of one-line scalars (most front matter) without the YAML
 * parser (parseFlatMapping in src/yaml/index.ts). The reference is the `yaml` package as docgen
 * calls it (core schema, unique keys): on every document the fast path accepts, the parser must
 * find no error and give the same value. Documents are generated from tricky keys and scalars,
 * and taken from the front matter of every page of docs-content.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fg from 'fast-glob';
import { parseDocument } from 'yaml';
import { describe, expect, it } from 'vitest';
import { parseFlatMapping, parseYamlFile } from '../src/yaml/index.js';

const SITE = fileURLToPath(new URL('../../../docs-content/', import.meta.url));

function parseWithYaml(text: string): { errors: number; value: unknown } {
  const document = parseDocument(text, { uniqueKeys: true, schema: 'core', prettyErrors: false });
  return { errors: document.errors.length, value: document.errors.length > 0 ? undefined : document.toJS({ maxAliasCount: 50 }) };
}

const KEYS = [
  'title',
  'sidebar_position',
  'slug',
  'description',
  'a-b',
  '_x',
  'null',
  'True',
  '__proto__',
  'constructor',
  'k1',
  '한글',
  'x y',
];
const SCALARS = [
  '',
  ' ',
  '"결과 파일 고급 사용법"',
  '"with # hash and : colon"',
  '"escaped \\" quote"',
  '"back\\\\slash"',
  "'single'",
  "'it''s'",
  "'unclosed",
  '"unclosed',
  'plain text',
  'plain text   ',
  "It's fine",
  'C# and F#',
  'a #comment',
  'a: b',
  'ends with:',
  'a [b] {c}',
  '[a, b]',
  '{a: 1}',
  '- item',
  '-5',
  '+5',
  '0',
  '5',
  '007',
  '12345678901234567890',
  '1.5',
  '.5',
  '1e3',
  '0x1F',
  '0o17',
  '.inf',
  '.NaN',
  '~',
  'null',
  'Null',
  'NULL',
  'nil',
  'true',
  'True',
  'TRUE',
  'false',
  'yes',
  'no',
  'on',
  '&anchor value',
  '*alias',
  '!tag value',
  '| literal',
  '> folded',
  '%percent',
  '@at',
  '`tick',
  '?question',
  ':colon',
  ',comma',
  'tab\there',
  '2024-01-02',
  '<b>html</b>',
  '한글 값',
  '"한글" 따옴표',
  'x\u00a0',
];
const EXTRA_LINES = [
  '',
  '# a comment',
  '  # indented comment',
  '   ',
  '  indented: value',
  '- list item',
  '---',
  '...',
  'title: "dup"',
  'key:value',
  'key :value',
];

/** A small deterministic generator (the same documents every run). */
function* generateDocuments(count: number): Generator<string> {
  let seed = 20261127;
  const next = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
  for (let index = 0; index < count; index++) {
    const lines: string[] = [];
    const length = 1 + next(5);
    for (let line = 0; line < length; line++) {
      if (next(6) === 0) lines.push(EXTRA_LINES[next(EXTRA_LINES.length)]!);
      else {
        // Mostly keys and scalars a flat mapping may hold, so that both ways are compared often.
        const key = next(3) === 0 ? KEYS[next(KEYS.length)] : KEYS[next(4)];
        const scalar = next(3) === 0 ? SCALARS[next(SCALARS.length)] : SCALARS[next(14)];
        lines.push(`${key}:${next(8) === 0 ? '' : ' '}${scalar}`);
      }
    }
    yield lines.join(next(10) === 0 ? '\r\n' : '\n') + (next(2) === 0 ? '\n' : '');
  }
}

describe('reading flat YAML without the parser', () => {
  it('gives what the parser gives on every generated document it reads', () => {
    let read = 0;
    const documents = [...generateDocuments(60000), ...SCALARS.map((scalar) => `title: ${scalar}\n`)];
    for (const text of documents) {
      const flat = parseFlatMapping(text);
      if (flat === undefined) continue;
      read++;
      const reference = parseWithYaml(text);
      expect(reference.errors, text).toBe(0);
      expect(flat, text).toStrictEqual(reference.value);
    }
    // The generated documents are meant to be read both ways often enough to compare.
    expect(read).toBeGreaterThan(1000);
  });

  it("reads the front matter of docs-content's pages as the parser does, and most of it without the parser", () => {
    let read = 0;
    let total = 0;
    for (const file of fg.sync('**/*.{md,mdx}', { cwd: SITE, ignore: ['**/node_modules/**'] })) {
      const match = /^---\n([\s\S]*?)\n---/.exec(readFileSync(SITE + file, 'utf8'));
      if (!match) continue;
      total++;
      const flat = parseFlatMapping(match[1]!);
      if (flat === undefined) continue;
      read++;
      const reference = parseWithYaml(match[1]!);
      expect(reference.errors, file).toBe(0);
      expect(flat, file).toStrictEqual(reference.value);
    }
    expect(total).toBeGreaterThan(50);
    expect(read / total).toBeGreaterThan(0.5);
  });

  it('locates values of a flat document where the parser does', () => {
    const text = 'title: "x"\nsidebar_position: abc\n';
    expect(parseFlatMapping(text)).toBeDefined();
    const file = parseYamlFile(text, 'docs/a.md', 1);
    expect(file.locate(['sidebar_position'])).toEqual({ file: 'docs/a.md', line: 3, column: 19 });
    expect(file.locateKey(['sidebar_position'])).toEqual({ file: 'docs/a.md', line: 3, column: 1 });
  });
});
