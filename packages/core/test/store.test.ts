import { appendFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, truncateSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CompiledMarkdown } from '@docgen/types';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  compileMarkdown,
  compileToStore,
  getStoredPart,
  readCompileIndex,
  openStore,
  readStoredContent,
  writeCompileIndex,
  type CompileTask,
} from '../src/compile/index.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'docgen-store-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const task = (name: string, body: string): CompileTask => ({ key: `key-${name}`, body, sourcePath: `docs/${name}.md`, bodyLine: 1 });
const tasks = [
  task('a', '# A\n\n## 설치\n\n본문 a.\n\n```java\nint a = 1;\n```\n'),
  task('b', '요약입니다.\n\n<!-- truncate -->\n\n## 나머지\n\n본문 b.\n'),
  task('c', '## C\n\n본문 c.\n'),
];
/** The search sections of a stored body, read as a search task reads them. */
function readStoredSections(storeDir: string, part: CompiledMarkdown['stored']['sections']) {
  const store = openStore(storeDir);
  try {
    return store.sections(part);
  } finally {
    store.close();
  }
}
const packs = () => readdirSync(dir).filter((name) => name.endsWith('.pack'));
const byKey = (entries: CompiledMarkdown[]) => new Map(entries.map((entry) => [entry.key, entry]));

describe('compile store', () => {
  it('makes its folder when it writes before anything else did (the dev server previews before its first run)', () => {
    const store = join(dir, 'serve-compiled');
    const [entry] = compileToStore(store, tasks.slice(0, 1));
    expect(readStoredSections(store, entry!.stored.sections)).toEqual(
      compileMarkdown(tasks[0]!.body, { sourcePath: 'docs/a.md', bodyLine: 1 }).sections,
    );
  });

  it('reads the parts of several packs in any order through one reader, and again after it was closed', () => {
    const first = compileToStore(dir, tasks.slice(0, 2));
    const second = compileToStore(dir, tasks.slice(2));
    expect(packs()).toHaveLength(2);
    const store = openStore(dir);
    const read = () =>
      [second[0]!, first[1]!, first[0]!, second[0]!].map((entry) => [
        store.content(getStoredPart(entry.stored, 'main')),
        store.sections(entry.stored.sections),
      ]);
    const expected = [second[0]!, first[1]!, first[0]!, second[0]!].map((entry) => [
      readStoredContent(dir, getStoredPart(entry.stored, 'main')),
      readStoredSections(dir, entry.stored.sections),
    ]);
    expect(read()).toEqual(expected);
    store.close();
    expect(read()).toEqual(expected);
    store.close();
  });

  it('writes a batch into one pack and reads each part back as compiled', () => {
    const stored = compileToStore(dir, tasks);
    expect(packs()).toHaveLength(1);
    for (const [index, entry] of stored.entries()) {
      const compiled = compileMarkdown(tasks[index]!.body, { sourcePath: tasks[index]!.sourcePath, bodyLine: 1 });
      expect(entry.key).toBe(tasks[index]!.key);
      expect(readStoredContent(dir, getStoredPart(entry.stored, 'main'))).toEqual(JSON.parse(JSON.stringify(compiled.hast)));
      expect(readStoredSections(dir, entry.stored.sections)).toEqual(compiled.sections);
      const excerpt = readStoredContent(dir, getStoredPart(entry.stored, 'excerpt'));
      expect(excerpt).toEqual(JSON.parse(JSON.stringify(compiled.excerpt ?? compiled.hast)));
    }
    expect(stored.map((entry) => entry.hasExcerpt)).toEqual([false, true, false]);
  });

  it('keeps an index of the bodies it was given and deletes packs no body needs', () => {
    const first = compileToStore(dir, tasks.slice(0, 2));
    const second = compileToStore(dir, tasks.slice(2));
    writeCompileIndex(dir, byKey([...first, ...second]));
    expect(readCompileIndex(dir).entries).toEqual(byKey([...first, ...second]));

    writeCompileIndex(dir, byKey(first));
    expect(packs()).toEqual([first[0]!.stored.main.pack]);
    expect([...readCompileIndex(dir).entries.keys()]).toEqual(['key-a', 'key-b']);
  });

  it('moves the bodies of a pack that is mostly unused into a new one, with the same content', () => {
    const [a, b, c] = compileToStore(dir, tasks);
    const before = readStoredContent(dir, a!.stored.main);
    const sections = readStoredSections(dir, a!.stored.sections);
    const entries = byKey([a!]);
    writeCompileIndex(dir, entries);
    const moved = entries.get('key-a')!;
    expect(moved.stored.main.pack).not.toBe(b!.stored.main.pack);
    expect(packs()).toEqual([moved.stored.main.pack]);
    expect(readStoredContent(dir, moved.stored.main)).toEqual(before);
    expect(readStoredSections(dir, moved.stored.sections)).toEqual(sections);
    expect(readCompileIndex(dir).entries).toEqual(entries);
    expect(statSync(join(dir, moved.stored.main.pack)).size).toBeLessThan(c!.stored.sections.end);
  });

  it('forgets bodies whose pack is missing or cut short, and trusts no unreadable index', () => {
    const [a, b] = compileToStore(dir, tasks.slice(0, 1)).concat(compileToStore(dir, tasks.slice(1, 2)));
    writeCompileIndex(dir, byKey([a!, b!]));
    truncateSync(join(dir, b!.stored.main.pack), b!.stored.sections.end - 1);
    expect([...readCompileIndex(dir).entries.keys()]).toEqual(['key-a']);
    rmSync(join(dir, a!.stored.main.pack));
    expect(readCompileIndex(dir).entries.size).toBe(0);
    rmSync(join(dir, 'index.json'));
    expect(readCompileIndex(dir).entries.size).toBe(0);
  });

  it('journals a build that changed a few bodies, and writes the index whole once the changes grow', () => {
    const entries = byKey(
      compileToStore(
        dir,
        Array.from({ length: 12 }, (_, index) => task(`p${index}`, `## P${index}\n\n본문 ${index}.\n`)),
      ),
    );
    writeCompileIndex(dir, entries);
    const written = readFileSync(join(dir, 'index.json'));
    const journal = join(dir, 'index-journal.jsonl');
    // As the next build does: the index read, a body edited (a new key) and one gone.
    const { entries: next, onDisk } = readCompileIndex(dir);
    next.delete('key-p1');
    const [edited] = compileToStore(dir, [task('p0-edited', '## P0\n\n고친 본문.\n')]);
    next.set(edited!.key, edited!);
    writeCompileIndex(dir, next, { onDisk });
    expect(readFileSync(join(dir, 'index.json'))).toEqual(written);
    expect(readCompileIndex(dir).entries).toEqual(next);
    // A line cut short (a killed process) is left out, and the next write is whole.
    appendFileSync(journal, '{"set":[{"key":"key-p2"');
    expect(readCompileIndex(dir).entries).toEqual(next);
    const third = readCompileIndex(dir);
    third.entries.delete('key-p3');
    writeCompileIndex(dir, third.entries, { onDisk: third.onDisk });
    expect(existsSync(journal)).toBe(false);
    expect(readCompileIndex(dir).entries).toEqual(third.entries);
    // Many changes at once: written whole.
    const fourth = readCompileIndex(dir);
    for (const key of ['key-p4', 'key-p5', 'key-p6']) fourth.entries.delete(key);
    writeCompileIndex(dir, fourth.entries, { onDisk: fourth.onDisk });
    expect(existsSync(journal)).toBe(false);
    expect(readCompileIndex(dir).entries).toEqual(fourth.entries);
    // Without what the files hold (a writer that did not read them), the index is written whole.
    const fifth = readCompileIndex(dir).entries;
    fifth.delete('key-p7');
    writeCompileIndex(dir, fifth);
    expect(existsSync(journal)).toBe(false);
    expect(readCompileIndex(dir).entries).toEqual(fifth);
  });
});
