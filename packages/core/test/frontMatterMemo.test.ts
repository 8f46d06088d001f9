import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fg from 'fast-glob';
import type { SourceFile } from '@docgen/types';
import { afterAll, describe, expect, it } from 'vitest';
import {
  blogFrontMatterSchema,
  docFrontMatterSchema,
  FrontMatterMemo,
  parseFrontMatter,
  readFrontMatterMemo,
  readSourceFile,
} from '../src/content/index.js';
import { parseCategoryFile } from '../src/content/sidebarsFile.js';
import { catchDocgenError, makeTempDir, removeTempDirs } from './helpers.js';

const REPOSITORY = join(import.meta.dirname, '../../..');

const sourceFile = (text: string, sitePath = 'docs/a.md'): SourceFile => ({ absolutePath: `/site/${sitePath}`, sitePath, text });

/** Parses with a memo written to disk and read back, as the next run would. */
function throughDisk(memo: FrontMatterMemo, salt = 'v1'): FrontMatterMemo {
  const dir = makeTempDir();
  memo.write(dir);
  return readFrontMatterMemo(dir, salt);
}

afterAll(removeTempDirs);

describe('FrontMatterMemo', () => {
  it('gives every docs-content file the front matter and warnings that parsing gives', () => {
    const files = fg.sync(['docs-content/**/*.md'], { cwd: REPOSITORY, absolute: true, ignore: ['**/node_modules/**'] });
    expect(files.length).toBeGreaterThan(60);
    const first = new FrontMatterMemo('v1');
    for (const file of files) parseFrontMatter(readSourceFile(REPOSITORY, file), docFrontMatterSchema, { memo: first, kind: 'doc' });
    const memo = throughDisk(first);
    let remembered = 0;
    for (const file of files) {
      const source = readSourceFile(REPOSITORY, file);
      const parsed = parseFrontMatter(source, docFrontMatterSchema);
      if (memo.get('doc', source.sitePath, getYamlText(source.text)) !== undefined) remembered++;
      const fromMemo = parseFrontMatter(source, docFrontMatterSchema, { memo, kind: 'doc' });
      expect(fromMemo).toEqual(parsed);
    }
    // Every file with front matter came from the memo.
    expect(remembered).toBe(files.filter((file) => readFileSync(file, 'utf8').startsWith('---')).length);
  });

  it('parses again when the YAML text, the file or the schema differs, and when docgen changed', () => {
    const memo = new FrontMatterMemo('v1');
    parseFrontMatter(sourceFile('---\ntitle: One\n---\nBody\n'), docFrontMatterSchema, { memo, kind: 'doc' });
    const next = throughDisk(memo);
    const edited = parseFrontMatter(sourceFile('---\ntitle: Two\n---\nBody\n'), docFrontMatterSchema, { memo: next, kind: 'doc' });
    expect(edited.frontMatter.title).toBe('Two');
    expect(next.get('doc', 'docs/b.md', 'title: One\n')).toBeUndefined();
    expect(next.get('blog', 'docs/a.md', 'title: One\n')).toBeUndefined();
    expect(throughDisk(memo, 'v2').get('doc', 'docs/a.md', 'title: One\n')).toBeUndefined();
  });

  it('keeps no invalid front matter: the error comes again, with its place', () => {
    const memo = new FrontMatterMemo('v1');
    const file = sourceFile('---\ntitle: A\nsidebar_position: first\n---\nBody\n');
    const parse = () => parseFrontMatter(file, docFrontMatterSchema, { memo, kind: 'doc' });
    const first = catchDocgenError(parse);
    const again = catchDocgenError(() => parseFrontMatter(file, docFrontMatterSchema, { memo: throughDisk(memo), kind: 'doc' }));
    expect(again.diagnostics).toEqual(first.diagnostics);
    expect(first.diagnostics[0]!.location).toEqual({ file: 'docs/a.md', line: 3, column: 19 });
  });

  it('gives the warnings of unknown keys again, and values JSON cannot hold are parsed every time', () => {
    const memo = new FrontMatterMemo('v1');
    const infinite = { frontMatter: { ratio: Infinity, list: [1, 2] } };
    // Not kept: JSON would make it null.
    expect(memo.set('doc', 'docs/a.md', 'ratio: .inf\n', infinite)).toBe(infinite);
    expect(memo.get('doc', 'docs/a.md', 'ratio: .inf\n')).toBeUndefined();
    // Kept as JSON holds it: keys whose value is undefined left out.
    expect(memo.set('doc', 'docs/a.md', 'title: A\n', { frontMatter: { title: 'A', id: undefined } }).frontMatter).toStrictEqual({
      title: 'A',
    });
    const warned = '---\ntitle: A\nsidebar_postion: 2\n---\nBody\n';
    const first = parseFrontMatter(sourceFile(warned), docFrontMatterSchema, { memo, kind: 'doc' });
    const again = parseFrontMatter(sourceFile(warned), docFrontMatterSchema, { memo: throughDisk(memo), kind: 'doc' });
    expect(first.warnings).toHaveLength(1);
    expect(again.warnings).toEqual(first.warnings);
    expect(again.frontMatter).toEqual(first.frontMatter);
  });

  it('gives a category file what parsing gives, parsed again when its text changed, and keeps no invalid one', () => {
    const text = 'label: Guides\nposition: 2\ncollapsed: false\nlink:\n  type: generated-index\n  title: All guides\n';
    const file = sourceFile(text, 'docs/guides/_category_.yaml');
    const parsed = parseCategoryFile(file);
    const memo = new FrontMatterMemo('v1');
    expect(parseCategoryFile(file, memo)).toEqual(parsed);
    const next = throughDisk(memo);
    expect(parseCategoryFile(file, next)).toEqual(parsed);
    expect(next.get('_category_', 'docs/guides/_category_.yaml', text)?.frontMatter).toEqual(parsed);
    expect(parseCategoryFile(sourceFile(text.replace('Guides', 'Howtos'), file.sitePath), next).label).toBe('Howtos');
    // The same text as front matter of a doc is another entry.
    expect(next.get('doc', 'docs/guides/_category_.yaml', text)).toBeUndefined();
    const invalid = sourceFile('label: 3\n', 'docs/x/_category_.yaml');
    expect(catchDocgenError(() => parseCategoryFile(invalid, next)).message).toContain('"label" in a category file must be a string');
    expect(catchDocgenError(() => parseCategoryFile(invalid, throughDisk(next))).location).toMatchObject({
      file: 'docs/x/_category_.yaml',
    });
  });

  it('keeps only the files met by the process that writes it', () => {
    const memo = new FrontMatterMemo('v1');
    parseFrontMatter(sourceFile('---\ntitle: A\n---\n', 'docs/a.md'), docFrontMatterSchema, { memo, kind: 'doc' });
    parseFrontMatter(sourceFile('---\ntitle: B\n---\n', 'blog/b.md'), blogFrontMatterSchema, { memo, kind: 'blog' });
    const next = throughDisk(memo);
    parseFrontMatter(sourceFile('---\ntitle: A\n---\n', 'docs/a.md'), docFrontMatterSchema, { memo: next, kind: 'doc' });
    const third = throughDisk(next);
    expect(third.get('doc', 'docs/a.md', 'title: A\n')).toBeDefined();
    expect(third.get('blog', 'blog/b.md', 'title: B\n')).toBeUndefined();
  });
});

/** The YAML between the `---` lines of a markdown text. */
function getYamlText(text: string): string {
  const match = /^---[^\n]*\n([^]*?\n)---[ \t]*(\n|$)/.exec(text);
  return match ? match[1]! : '';
}
