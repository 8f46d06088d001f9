import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inflateSync } from 'node:zlib';
import fg from 'fast-glob';
import { describe, expect, it } from 'vitest';
import {
  createShardedSearch,
  getSearchChunkRange,
  getSearchFileName,
  SEARCH_BOOST,
  SEARCH_CHUNKS_PER_DIRECTORY,
  SEARCH_FILES_DIR,
  SEARCH_MAX_POSTINGS,
  SEARCH_PAGES_PER_CHUNK,
  SEARCH_SCORE_SCALE,
  type SearchManifest,
  tokenizeForSearch,
} from '@docgen/shared/search';
import { getIndexFiles, writeScopeIndex } from '../src/search/index.js';
import {
  getSearchStatePath,
  hasSearchState,
  readSearchState,
  removeOtherSearchStates,
  writeSearchState,
} from '../src/search/searchState.js';
import {
  loadAllPostings,
  toSearchShards,
  updateSearchShards,
  type HasFile,
  type ReadFile,
  type SearchShards,
  type SearchTable,
  type ShardPage,
} from '../src/search/shards.js';

const DOCS_CONTENT = fileURLToPath(new URL('../../../docs-content/', import.meta.url));

/** A page of one section. */
const section = (path: string, title: string, text: string, heading = ''): ShardPage => ({
  title,
  path,
  sections: [{ heading, anchor: '', text, code: '' }],
});

/** A search file's contents as bytes (a file a build reads back). */
const toBytes = (contents: string | Uint8Array | undefined) => (contents === undefined ? undefined : Buffer.from(contents));
/** A search file's contents as text: a shard's or directory's JSON, or a pack's chunks' JSON, unpacked. */
function toText(contents: string | Uint8Array | undefined): string | undefined {
  if (contents === undefined || typeof contents === 'string') return contents;
  const chunks: string[] = [];
  for (let at = 0; at < contents.length;) {
    // Each chunk is a zlib stream of its own: inflate one, then the next where its bytes end.
    const rest = Buffer.from(contents.subarray(at));
    const { buffer, engine } = inflateSync(rest, { info: true }) as unknown as { buffer: Buffer; engine: { bytesWritten: number } };
    chunks.push(buffer.toString('utf8'));
    at += engine.bytesWritten;
  }
  return chunks.join('\n');
}

/** A scope's index read as the browser reads it, from the files in memory; records what it fetches. */
function open(sections: readonly ShardPage[]) {
  const { manifest, files } = toSearchShards(sections);
  const byName = new Map(files.map((file) => [file.name, file.contents!]));
  const fetched: string[] = [];
  const index = createShardedSearch(JSON.parse(JSON.stringify(manifest)) as SearchManifest, {
    json: async (name) => {
      fetched.push(name);
      return JSON.parse(byName.get(name) as string);
    },
    chunk: async (name, start, end) => {
      fetched.push(`${name}#${start}`);
      return JSON.parse(inflateSync((byName.get(name) as Uint8Array).subarray(start, end)).toString('utf8'));
    },
  });
  const urls = async (query: string) => {
    await index.load(query);
    return (await index.details(index.search(query).map((hit) => hit.id))).map((detail) => detail.url);
  };
  return { manifest, files, index, fetched, urls };
}

describe('the sharded search index', () => {
  const sections = [
    section('/a', '웹훅', '웹훅에서 이벤트를 받습니다.'),
    section('/b', '이벤트', '웹훅이벤트 스트림과 캐시를 씁니다.'),
    section('/c', '토큰', '토큰을 갱신하는 방법은 다음과 같습니다.', '갱신'),
    section('/d', '캐시', '캐시는 하루 동안 유지됩니다.'),
    section('/e', 'analyzeCode', 'Call analyzeCode with a token.'),
  ];

  it('finds the stem inside words with particles and endings, both ways', async () => {
    const { urls } = open(sections);
    expect(await urls('웹훅에서')).toEqual(['/a', '/b']);
    expect((await urls('캐시를'))[0]).toBe('/d');
    expect(await urls('캐시를')).toContain('/b');
    expect(await urls('토큰을 갱신하려면')).toEqual(['/c']);
    expect(await urls('갱신했는데')).toEqual(['/c']);
    expect(await urls('analyze')).toEqual(['/e']);
    expect(await urls('analyzecode 토큰')).toEqual([]);
  });

  it('ranks the stem as a whole word above the stem inside a compound, and a title above the text', async () => {
    const { urls } = open([section('/compound', '설정', '웹훅이벤트 설정 방법'), section('/word', '설정', '웹훅을 설정 방법')]);
    expect(await urls('웹훅')).toEqual(['/word', '/compound']);
    const titled = open([section('/text', '안내', '캐시 설정을 바꿉니다.'), section('/title', '캐시', '설정을 바꿉니다.')]);
    expect(await titled.urls('캐시')).toEqual(['/title', '/text']);
  });

  it('fetches the shards of the query only, and nothing again for the same shards', async () => {
    const many = Array.from({ length: 3000 }, (_, index) =>
      section(`/p${index}`, `페이지 ${index}`, `항목 word${index} code${index} 설명`),
    );
    const { manifest, index, fetched, urls } = open(many);
    expect(manifest.shards.length).toBeGreaterThan(3);
    expect((await urls('word123'))[0]).toBe('/p123');
    const first = fetched.length;
    const shardFiles = new Set(manifest.shardFiles.map(getSearchFileName));
    expect(fetched.filter((name) => shardFiles.has(name)).length).toBeLessThan(manifest.shards.length);
    expect(index.missing('word123')).toEqual([]);
    await urls('word123');
    expect(fetched.length).toBe(first);
  });

  it('keeps the heaviest postings of a frequent term only', () => {
    const many = Array.from({ length: SEARCH_MAX_POSTINGS + 50 }, (_, index) =>
      section(`/p${index}`, index === 7 ? '분석' : '문서', '분석 결과'),
    );
    const entry = readShards(toSearchShards(many)).find(([term]) => term === '분석')!;
    expect((entry.length - 1) / 2).toBe(SEARCH_MAX_POSTINGS);
    // The section with the term in its title is among them.
    let id = 0;
    const ids = new Set<number>();
    for (let i = 1; i < entry.length; i += 2) ids.add((id += entry[i] as number));
    expect(ids.has(7)).toBe(true);
  });

  it('is the same bytes for the same pages, and names its files by their content and scope', () => {
    /** The index as a build writes it, each page's sections read by its path. */
    const toShardedSearchIndex = (pages: ShardPage[], salt: string) => {
      const byPath = new Map(pages.map((page) => [page.path, page.sections]));
      const refs = pages.map((page) => ({ key: page.path, title: page.title, path: page.path }));
      return writeScopeIndex({ pages: refs, readSections: (key) => byPath.get(key)!, salt, has: () => false });
    };
    const one = toShardedSearchIndex(sections, 'a');
    const two = toShardedSearchIndex(sections, 'a');
    expect(two).toEqual(one);
    const changed = toShardedSearchIndex(
      sections.map((page, index) => (index === 2 ? section(page.path, page.title, '바뀐 글') : page)),
      'a',
    );
    expect(changed.files.map((file) => file.path)).not.toEqual(one.files.map((file) => file.path));
    const other = toShardedSearchIndex(sections, 'b');
    expect(other.files.filter((file) => one.files.some(({ path }) => path === file.path))).toEqual([]);
    const byPath = new Map(one.files.map((file) => [file.path, file.contents]));
    expect(getIndexFiles(one.manifest, (path) => byPath.get(path) as string)?.sort()).toEqual([...byPath.keys()].sort());
    expect(one.files.every((file) => /^_docgen\/search\/files\/[0-9a-f]{12}\.(json|bin)$/.test(file.path))).toBe(true);
    expect(one.files.filter((file) => file.path.endsWith('.bin'))).toHaveLength(1);
    expect(getIndexFiles('{"documentCount":1,"index":[]}', () => '')).toBeUndefined();
  });
});

describe('the sharded search index after an edit', () => {
  /** 3,000 pages of a few sections each, their words drawn from a list, as a generated site's. */
  const words = Array.from({ length: 4000 }, (_, index) => `${['분석', '토큰', 'word', '설정', '결과'][index % 5]}${index.toString(36)}`);
  const pages: ShardPage[] = Array.from({ length: 3000 }, (_, page) => ({
    title: `페이지 ${page}`,
    path: `/docs/p${page}`,
    sections: Array.from({ length: 1 + (page % 5) }, (_, at) => ({
      heading: at === 0 ? '' : `절 ${at}`,
      anchor: at === 0 ? '' : `s${at}`,
      text: Array.from({ length: 40 }, (_, word) => words[(page * 7919 + at * 104729 + word * 31) % words.length]).join(' '),
      code: `code${page}`,
    })),
  }));
  const names = (index: ReturnType<typeof toSearchShards>) => new Set(index.files.map((file) => file.name));
  const changedFiles = (before: ReturnType<typeof toSearchShards>, after: ReturnType<typeof toSearchShards>) => {
    const old = names(before);
    return after.files.filter((file) => !old.has(file.name));
  };
  const edit = (at: number, change: (page: ShardPage) => ShardPage) => pages.map((page, index) => (index === at ? change(page) : page));

  it('keeps the name and bytes of every shard without a term the edit touched, and of every other chunk', () => {
    const before = toSearchShards(pages);
    const after = toSearchShards(
      edit(1234, (page) => ({
        ...page,
        sections: page.sections.map((value, at) => (at === 0 ? { ...value, text: `${value.text} 한줄추가된문장` } : value)),
      })),
    );
    expect(after.manifest.shardFiles.length).toBeGreaterThan(20);
    const changed = changedFiles(before, after);
    const shards = new Set(after.manifest.shardFiles.map(getSearchFileName));
    const changedShards = changed.filter((file) => shards.has(file.name));
    // The terms of the edited section: its new word's shards, and those of the words whose weights
    // in the section changed with its length; the other shards are the same files.
    expect(changedShards.length).toBeGreaterThan(0);
    expect(changedShards.length).toBeLessThan(after.manifest.shardFiles.length / 2);
    // One pack of detail chunks (the page's), of 24, and its directory.
    expect(after.manifest.directories).toHaveLength(24);
    const [pack, ...others] = changed.filter((file) => !shards.has(file.name));
    expect([pack!.name.endsWith('.bin'), others.map((file) => file.name.endsWith('.json'))]).toEqual([true, [true]]);
    expect(toText(pack!.contents)).toContain('한줄추가된문장');
    // Its other chunks are the same bytes: the pack differs from the old one in the page's chunk only.
    const directory = (index: SearchShards) =>
      JSON.parse(toText(index.files.find((file) => file.name === getSearchFileName(index.manifest.directories[9]!))!.contents)!) as {
        ends: number[];
      };
    const [oldEnds, newEnds] = [directory(before).ends, directory(after).ends];
    const oldPack = toBytes(before.files.find((file) => file.name.endsWith('.bin') && !names(after).has(file.name))!.contents)!;
    const chunk = (bytes: Uint8Array, ends: number[], at: number) => Buffer.from(bytes.subarray(...getSearchChunkRange(ends, at)));
    // Page 1234 is chunk 617, entry 41 of pack 9.
    for (let at = 0; at < 64; at++) {
      if (at === 41) expect(chunk(toBytes(pack!.contents)!, newEnds, at)).not.toEqual(chunk(oldPack, oldEnds, at));
      else expect(chunk(toBytes(pack!.contents)!, newEnds, at)).toEqual(chunk(oldPack, oldEnds, at));
    }
  });

  it('numbers the sections of the other pages as before when a page gains a heading', () => {
    const before = toSearchShards(pages);
    const after = toSearchShards(
      edit(10, (page) => ({ ...page, sections: [...page.sections, { heading: '새 절', anchor: 'new', text: '새 절의 글', code: '' }] })),
    );
    expect(after.manifest.slot).toBe(before.manifest.slot);
    expect(changedFiles(before, after).length).toBeLessThan(after.files.length / 4);
  });

  it('finds the edited page by its new words and no other page by them', async () => {
    const { urls } = open(
      edit(2999, (page) => ({ ...page, sections: [...page.sections, { heading: '끝', anchor: 'end', text: '고유한낱말', code: '' }] })),
    );
    expect(await urls('고유한낱말')).toEqual(['/docs/p2999#end']);
  });
});

describe('an index updated from the table of the last one', () => {
  const words = Array.from({ length: 3000 }, (_, index) => `${['분석', '토큰', 'word', '설정', '결과'][index % 5]}${index.toString(36)}`);
  const pages: ShardPage[] = Array.from({ length: 1500 }, (_, page) => ({
    title: `페이지 ${page}`,
    path: `/docs/p${page}`,
    sections: Array.from({ length: 1 + (page % 4) }, (_, at) => ({
      heading: at === 0 ? '' : `절 ${at}`,
      anchor: at === 0 ? '' : `s${at}`,
      text: Array.from({ length: 30 }, (_, word) => words[(page * 7919 + at * 104729 + word * 31) % words.length]).join(' '),
      code: `code${page % 50}`,
    })),
  }));
  /** A page's content key, as the build gives it: a hash of what its sections say. */
  const keyOf = (page: ShardPage) => createHash('sha256').update(JSON.stringify(page.sections)).digest('hex');
  const refs = (of: readonly ShardPage[]) => of.map((page) => ({ key: keyOf(page), title: page.title, path: page.path }));
  const contentsOf = (index: SearchShards, before: SearchShards) => {
    const made = new Map(before.files.map((file) => [file.name, file.contents]));
    return new Map(index.files.map((file) => [file.name, file.contents ?? made.get(file.name)]));
  };
  const editText = (page: ShardPage, text: string): ShardPage => ({
    ...page,
    sections: page.sections.map((value, at) => (at === 0 ? { ...value, text: `${value.text} ${text}` } : value)),
  });
  /** The index of the pages made anew, with their keys for the table. */
  const indexOf = (of: readonly ShardPage[]) =>
    toSearchShards(
      of,
      'salt',
      refs(of).map((ref) => ref.key),
    );
  /** `from` updated to the pages `to`; every file is in the output unless `files` says otherwise. `reread` collects the pages read. */
  const updateTo = (
    from: SearchShards,
    to: readonly ShardPage[],
    files: { has?: HasFile; read?: ReadFile } = {},
    reread = new Set<number>(),
  ) => updateSearchShards(from.table, refs(to), (index) => (reread.add(index), to[index]!), { salt: 'salt', has: () => true, ...files })!;
  const edits: [string, (of: ShardPage[]) => ShardPage[]][] = [
    ['a line added to one page', (of) => of.map((page, index) => (index === 700 ? editText(page, '한줄추가된문장 word1') : page))],
    [
      'a heading added',
      (of) =>
        of.map((page, index) =>
          index === 4 ? { ...page, sections: [...page.sections, { heading: '새 절', anchor: 'new', text: '새 글', code: 'x' }] } : page,
        ),
    ],
    [
      'a section and the only use of its terms removed',
      (of) => of.map((page, index) => (index === 3 ? { ...page, sections: page.sections.slice(0, 1) } : page)),
    ],
    ['a title changed', (of) => of.map((page, index) => (index === 0 ? { ...page, title: '새 제목' } : page))],
    [
      'the last page and pages far apart edited',
      (of) => of.map((page, index) => (index % 499 === 0 || index === 1499 ? editText(page, `편집${index}`) : page)),
    ],
    [
      'a third of the pages rewritten (the averages move a step)',
      (of) => of.map((page, index) => (index % 3 === 0 ? editText(page, words.slice(0, 80).join(' ')) : page)),
    ],
    ['nothing changed', (of) => of],
    [
      'a frequent term written many times in one section (its weight there crosses the cut)',
      (of) => of.map((page, index) => (index === 700 ? editText(page, '분석 '.repeat(60)) : page)),
    ],
    [
      'a frequent term added once more to a few sections (their weights stay below the cut)',
      (of) => of.map((page, index) => (index === 20 || index === 21 ? editText(page, '분석') : page)),
    ],
  ];

  it.each(edits)('gives the same manifest and files as an index made anew: %s', (name, change) => {
    const before = toSearchShards(
      pages,
      'salt',
      refs(pages).map((ref) => ref.key),
    );
    const changed = change(pages);
    const reread = new Set<number>();
    const updated = updateSearchShards(before.table, refs(changed), (index) => (reread.add(index), changed[index]!), {
      salt: 'salt',
      has: () => true,
    })!;
    const anew = toSearchShards(changed, 'salt');
    expect(updated).toBeDefined();
    if (name.includes('averages')) expect(updated.table.scope).not.toEqual(before.table.scope);
    expect(updated.manifest).toEqual(anew.manifest);
    expect(contentsOf(updated, before)).toEqual(new Map(anew.files.map((file) => [file.name, file.contents])));
    // The same, when the entries of untouched terms are taken from the old shards' files, and again from the files of that update.
    const oldFiles = new Map(before.files.map((file) => [file.name, file.contents]));
    const slicedReread = new Set<number>();
    const sliced = updateTo(before, changed, { read: (name) => toBytes(oldFiles.get(name)) }, slicedReread);
    expect(sliced.manifest).toEqual(anew.manifest);
    expect(contentsOf(sliced, before)).toEqual(new Map(anew.files.map((file) => [file.name, file.contents])));
    const newFiles = contentsOf(sliced, before);
    const back = updateTo(sliced, pages, { read: (name) => toBytes(newFiles.get(name)) });
    expect(back.manifest).toEqual(before.manifest);
    const known = new Map([...oldFiles, ...newFiles]);
    expect(new Map(back.files.map((file) => [file.name, file.contents ?? known.get(file.name)]))).toEqual(oldFiles);
    // Only the changed pages, and the other pages of their packs of detail chunks (whose bytes were not read), are read.
    const changedPages = changed.flatMap((page, index) => (page === pages[index] ? [] : [index]));
    const packOf = (index: number) => Math.floor(index / (SEARCH_PAGES_PER_CHUNK * SEARCH_CHUNKS_PER_DIRECTORY));
    for (const index of reread) expect(changedPages.some((at) => packOf(at) === packOf(index))).toBe(true);
    // With the old files readable, the other pages of a changed detail chunk come from its old file: only the changed pages are read.
    expect([...slicedReread].sort((a, b) => a - b)).toEqual(changedPages);
    // What did not change is kept, not made again: an edit of a few pages makes few files, the
    // packs of their detail chunks and their directories, and the shards of the terms it touched.
    if (changedPages.length < 10) {
      const made = updated.files.filter((file) => file.contents !== undefined);
      const madePacks = made.filter((file) => file.name.endsWith('.bin')).length;
      expect(madePacks).toBe(new Set(changedPages.map(packOf)).size);
      // Their directories, and no other: the rest are shards.
      expect(made.filter((file) => !updated.manifest.shardFiles.map(getSearchFileName).includes(file.name))).toHaveLength(2 * madePacks);
    }
  });

  it.each([
    ['a few pages', 3],
    ['many pages (merged posting by posting)', 40],
  ])('weighs counts of 255 and more as an index made anew does, when %s change', (_, count) => {
    // Every fifth page has a word 300 times; the edited pages get another 400 or 260 times.
    const heavy = pages.map((page, index) => (index % 5 === 0 ? editText(page, `무거운${index % 7} `.repeat(300)) : page));
    const before = indexOf(heavy);
    const changed = heavy.map((page, index) =>
      index % 37 === 1 && index < 37 * count ? editText(page, `${index % 2 ? '무거운1 ' : '새낱말 '}`.repeat(index % 2 ? 400 : 260)) : page,
    );
    expect(changed.filter((page, index) => page !== heavy[index]).length).toBe(count);
    const updated = updateTo(before, changed);
    const anew = toSearchShards(changed, 'salt');
    expect(updated.manifest).toEqual(anew.manifest);
    expect(contentsOf(updated, before)).toEqual(new Map(anew.files.map((file) => [file.name, file.contents])));
    expect(updated.table.largeTfs.length).toBe(anew.table.largeTfs.length);
    expect(updated.table.largeTfs.length / 2).toBeGreaterThan(300);
  });

  it("patches the entry of a frequent term that holds the edited page's sections, without weighing its postings again", () => {
    // Every page's title holds 페이지: its sections tie at the title's weight, and the entry keeps the lowest, page 3's among them.
    const before = indexOf(pages);
    const changed = pages.map((page, index) => (index === 3 ? editText(page, '한줄추가된문장') : page));
    const oldFiles = new Map(before.files.map((file) => [file.name, file.contents]));
    const updated = updateTo(before, changed, { read: (name) => toBytes(oldFiles.get(name)) });
    const anew = toSearchShards(changed, 'salt');
    expect(updated.manifest).toEqual(anew.manifest);
    expect(contentsOf(updated, before)).toEqual(new Map(anew.files.map((file) => [file.name, file.contents])));
    const { table } = updated;
    const id = table.terms.indexOf('=페이지');
    const [start, end] = [table.starts[id]!, table.starts[id + 1]!];
    expect(end - start).toBeGreaterThan(SEARCH_MAX_POSTINGS);
    const [, ...numbers] = readShards(anew).find(([term]) => term === '=페이지')!;
    const sections = numbers
      .filter((_, at) => at % 2 === 0)
      .map((_, at, deltas) => deltas.slice(0, at + 1).reduce((sum, delta) => sum + delta));
    expect(sections.some((section) => Math.floor(section / table.slot) === 3)).toBe(true);
    // Its postings were not copied into the table's arrays (see LazyPostings): never weighed.
    expect(table.lazy).toBeDefined();
    expect(table.places.subarray(start, end).every((place) => place === 0)).toBe(true);
    expect(table.thresholds[id]).toBe(anew.table.thresholds[anew.table.terms.indexOf('=페이지')]);
  });

  it("follows a frequent term's section into its entry and out again, and keeps its entry when the section stays out", () => {
    // 'beta' is in half of 2,000 one-section pages, more often in some: more sections than an entry keeps.
    const corpus: ShardPage[] = Array.from({ length: 2000 }, (_, page) => ({
      title: `page ${page}`,
      path: `/docs/b${page}`,
      sections: [
        {
          heading: '',
          anchor: '',
          text: `a${page} ${words[(page * 3) % words.length]} filler ${page % 2 === 0 ? 'beta '.repeat(1 + (page % 7)) : ''}`,
          code: '',
        },
      ],
    }));
    const withText = (of: ShardPage[], at: number, text: string) => of.map((page, index) => (index === at ? editText(page, text) : page));
    const before = toSearchShards(
      corpus,
      'salt',
      refs(corpus).map((ref) => ref.key),
    );
    const entry = (index: SearchShards) => {
      const contents = contentsOf(index, before);
      const shard = index.manifest.shardFiles[index.manifest.shards.findLastIndex((first) => first <= 'beta')]!;
      const found = (JSON.parse(contents.get(getSearchFileName(shard)) as string) as unknown[][]).find(
        (item) => item[0] === 'beta',
      ) as number[];
      return found
        .slice(1)
        .reduce<number[]>((sections, value, at) => (at % 2 === 0 ? [...sections, (sections.at(-1) ?? 0) + value] : sections), []);
    };
    expect(entry(before).length).toBe(SEARCH_MAX_POSTINGS);
    const slot = before.manifest.slot;
    const update = (from: SearchShards, to: ShardPage[]) => {
      const updated = updateSearchShards(from.table, refs(to), (index) => to[index]!, { salt: 'salt', has: () => true })!;
      const anew = toSearchShards(to, 'salt');
      expect(updated.manifest).toEqual(anew.manifest);
      expect(contentsOf(updated, before)).toEqual(new Map(anew.files.map((file) => [file.name, file.contents])));
      return updated;
    };
    // Page 1498 has 'beta' once, and is not in its entry; written 40 times, it is, and out again once undone.
    expect(entry(before)).not.toContain(1498 * slot);
    const heavy = withText(corpus, 1498, 'beta '.repeat(40));
    const into = update(before, heavy);
    expect(entry(into)).toContain(1498 * slot);
    const out = update(into, corpus);
    expect(entry(out)).not.toContain(1498 * slot);
    // A word more in page 1512 ('beta' once, out of the entry before and after): the update keeps the
    // entry of 'beta' as it was, without weighing its sections again, and gives what an index made anew does.
    expect(entry(before)).not.toContain(1512 * slot);
    expect(entry(update(before, withText(corpus, 1512, '힣힣')))).toEqual(entry(before));
  });

  it('makes the contents of a kept file the output lacks, and is updated again from its own table', () => {
    const before = indexOf(pages);
    const once = edits[0]![1](pages);
    const update = (has: HasFile) => updateTo(before, once, { has });
    const lost = update(() => true).files.find(
      (file) => file.contents === undefined && before.manifest.shardFiles.map(getSearchFileName).includes(file.name),
    )!.name;
    const updated = update((name) => name !== lost);
    expect(updated.files.find((file) => file.name === lost)?.contents).toBe(before.files.find((file) => file.name === lost)!.contents);
    const twice = edits[1]![1](once);
    const again = updateTo(updated, twice);
    expect(again.manifest).toEqual(toSearchShards(twice, 'salt').manifest);
  });

  it("takes an untouched term's entry from its old shard file where the table places it, and weighs it when the file does not hold it there", () => {
    const before = indexOf(pages);
    const changed = edits[0]![1](pages);
    const anew = toSearchShards(changed, 'salt');
    const plain = updateTo(before, changed);
    // A shard made again, and a term of it whose entry stayed: its old file marked at that entry's weights.
    const remade = plain.files.find(
      (file) => file.contents !== undefined && plain.manifest.shardFiles.map(getSearchFileName).includes(file.name),
    )!;
    const entries = JSON.parse(remade.contents as string) as [string, ...number[]][];
    const oldFiles = new Map(before.files.map((file) => [file.name, file.contents!]));
    const oldTexts = new Map(before.files.map((file) => [file.name, toText(file.contents)!]));
    const stayed = entries.find((entry) => [...oldTexts.values()].some((text) => text.includes(JSON.stringify(entry))))!;
    const oldName = [...oldTexts].find(([, text]) => text.includes(JSON.stringify(stayed)))![0];
    const marked = JSON.stringify(stayed).replace(/,(\d)/, ',9');
    expect(marked).not.toBe(JSON.stringify(stayed));
    const withMark = (text: string) => text.replace(JSON.stringify(stayed), marked);
    const update = (read: (name: string) => string | Uint8Array | undefined) =>
      contentsOf(
        updateSearchShards(before.table, refs(changed), (index) => changed[index]!, {
          salt: 'salt',
          has: () => true,
          read: (name) => toBytes(read(name)),
        })!,
        before,
      );
    const fromMarked = update((name) => (name === oldName ? withMark(oldTexts.get(name)!) : oldFiles.get(name)));
    expect([...fromMarked.values()].some((text) => toText(text)!.includes(marked))).toBe(true);
    // Files that do not hold the terms where the table says (another index's, cut short) or cannot be read: weighed, as made anew.
    const expected = new Map(anew.files.map((file) => [file.name, file.contents]));
    expect(update((name) => `[${oldFiles.get(name)!.slice(2)}`)).toEqual(expected);
    expect(update((name) => oldFiles.get(name)!.slice(0, -40))).toEqual(expected);
    expect(update(() => undefined)).toEqual(expected);
  });

  const added = (at: number): ShardPage => ({
    title: `새 페이지 ${at}`,
    path: `/docs/new${at}`,
    sections: [{ heading: '', anchor: '', text: `새로 더한 페이지 ${at} 고유낱말${at} ${words[at]}`, code: `added${at}` }],
  });
  const moves: [string, (of: ShardPage[]) => ShardPage[], number][] = [
    ['a page added in the middle', (of) => [...of.slice(0, 701), added(1), ...of.slice(701)], 701],
    ['a page added first', (of) => [added(2), ...of], 0],
    ['pages added last', (of) => [...of, added(3), added(4)], 1500],
    ['a page removed', (of) => of.filter((_, index) => index !== 900), 900],
    ['the last page removed', (of) => of.slice(0, -1), 1499],
    ['a page added and another removed before it', (of) => [...of.slice(0, 100), ...of.slice(101, 1200), added(5), ...of.slice(1200)], 100],
    [
      "a page added, and another page's text edited",
      (of) => [...of.slice(0, 20), editText(of[20]!, '편집'), added(6), ...of.slice(21)],
      20,
    ],
  ];

  it.each(moves)(
    'gives the same manifest and files as an index made anew when %s, and counts only those pages',
    (_, change, firstMoved) => {
      const before = indexOf(pages);
      const changed = change(pages);
      const reread = new Set<number>();
      const oldFiles = new Map(before.files.map((file) => [file.name, file.contents]));
      const updated = updateTo(before, changed, { read: (name) => toBytes(oldFiles.get(name)) }, reread);
      const anew = toSearchShards(changed, 'salt');
      expect(updated).toBeDefined();
      expect(updated.manifest).toEqual(anew.manifest);
      expect(contentsOf(updated, before)).toEqual(new Map(anew.files.map((file) => [file.name, file.contents])));
      // The same without the old files: the details of the packs made again are read from the pages.
      expect(contentsOf(updateTo(before, changed), before)).toEqual(contentsOf(updated, before));
      // Read: the pages added or edited (counted), and those of the detail chunks from the first page whose place changed (their details).
      const counted = changed.flatMap((page, index) => (pages.includes(page) ? [] : [index]));
      const firstChunk = firstMoved - (firstMoved % 2);
      expect([...reread].filter((index) => index < firstChunk && !counted.includes(index))).toEqual([]);
      expect(counted.every((index) => reread.has(index))).toBe(true);
      // Updated again from its own table, back to the first pages: the first index.
      const back = updateTo(updated, pages);
      expect(back.manifest).toEqual(before.manifest);
    },
  );

  it('keeps counts of 255 and more under their new places when pages are added and removed', () => {
    const heavy = pages.map((page, index) => (index % 5 === 0 ? editText(page, `무거운${index % 7} `.repeat(300)) : page));
    const changed = [...heavy.slice(0, 50), added(7), ...heavy.slice(50, 400), ...heavy.slice(401)];
    const updated = updateTo(indexOf(heavy), changed);
    const anew = toSearchShards(changed, 'salt');
    expect(updated.manifest).toEqual(anew.manifest);
    expect(contentsOf(updated, indexOf(heavy))).toEqual(new Map(anew.files.map((file) => [file.name, file.contents])));
    // A table made anew numbers its terms in order; an update numbers its new terms after the old ones.
    expect(largeCounts(updated.table)).toEqual(largeCounts(anew.table));
    expect(updated.table.largeTfs.length / 2).toBeGreaterThan(250);
  });

  it('is made anew when pages moved, more than half of them changed, or a page outgrows the numbering', () => {
    const before = toSearchShards(
      pages,
      'salt',
      refs(pages).map((ref) => ref.key),
    );
    const read = (of: ShardPage[]) => (index: number) => of[index]!;
    const added = [...pages, pages[0]!].map((page, index) => ({ ...page, path: `/docs/q${index}` }));
    expect(updateSearchShards(before.table, refs(added), read(added), { salt: 'salt', has: () => true })).toBeUndefined();
    const moved = [pages[1]!, pages[0]!, ...pages.slice(2)];
    expect(updateSearchShards(before.table, refs(moved), read(moved), { salt: 'salt', has: () => true })).toBeUndefined();
    // Every page under a new key (a new docgen's compile keys), or more than half of them edited: none is read.
    const rekeyed = refs(pages).map((ref) => ({ ...ref, key: `new ${ref.key}` }));
    const unread = () => expect.unreachable('no page is read');
    expect(updateSearchShards(before.table, rekeyed, unread, { salt: 'salt', has: () => true })).toBeUndefined();
    const half = Math.floor(pages.length / 2);
    const edited = pages.map((page, index) => (index <= half ? editText(page, 'edited') : page));
    expect(updateSearchShards(before.table, refs(edited), unread, { salt: 'salt', has: () => true })).toBeUndefined();
    const fewer = pages.map((page, index) => (index < half ? editText(page, 'edited') : page));
    expect(updateSearchShards(before.table, refs(fewer), read(fewer), { salt: 'salt', has: () => true })).toBeDefined();
    const grown = pages.map((page, index) =>
      index === 9
        ? { ...page, sections: Array.from({ length: 9 }, (_, at) => ({ heading: `h${at}`, anchor: `a${at}`, text: 'x', code: '' })) }
        : page,
    );
    expect(updateSearchShards(before.table, refs(grown), read(grown), { salt: 'salt', has: () => true })).toBeUndefined();
  });

  it.each([
    ['a line added to one page', pages, (of: ShardPage[]) => edits[0]![1](of)],
    [
      'the only use of a word removed',
      pages.map((page, index) => (index === 5 ? editText(page, '하나뿐인낱말') : page)),
      (of: ShardPage[]) => of.map((page, index) => (index === 5 ? pages[5]! : page)),
    ],
    [
      'counts of 255 and more moved by a page that gained some',
      pages.map((page, index) => (index % 5 === 0 ? editText(page, `무거운${index % 7} `.repeat(300)) : page)),
      (of: ShardPage[]) => of.map((page, index) => (index === 10 || index === 37 ? editText(page, '무거운1 '.repeat(400)) : page)),
    ],
  ])('keeps the table of an update made of pieces as the same table made whole: %s', (_, first, change) => {
    const dir = mkdtempSync(join(tmpdir(), 'docgen-search-lazy-'));
    try {
      const file = getSearchStatePath(dir, '/search/docs.json');
      const before = indexOf(first);
      const changed = change(first);
      const oldFiles = new Map(before.files.map((indexFile) => [indexFile.name, indexFile.contents]));
      const updated = updateTo(before, changed, { read: (name) => toBytes(oldFiles.get(name)) });
      const { table } = updated;
      // A one-page edit copies the postings of the terms it weighed again, not the others.
      expect(table.lazy).toBeDefined();
      expect(table.places.filter((place) => place !== 0).length).toBeLessThan(table.places.length / 2);
      writeSearchState(file, 'salt', table);
      const kept = readSearchState(file, 'salt')!;
      loadAllPostings(table);
      const arrays = (of: SearchTable) =>
        [of.starts, of.places, of.tfs, of.largeTfs, of.lengths, of.entryLengths, of.thresholds, of.lastTies].map((array) => [...array]);
      expect(arrays(kept)).toEqual(arrays(table));
      // Each term's postings by field, as the entry keeper reads them instead of counting: those of its list.
      const counted = new Int32Array(table.fieldCounts.length);
      for (let id = 0; id + 1 < table.starts.length; id++) {
        for (let at = table.starts[id]!; at < table.starts[id + 1]!; at++) counted[id * 4 + (table.places[at]! & 3)]!++;
      }
      expect([...kept.fieldCounts]).toEqual([...counted]);
      // Updated again from the table kept: the first pages' index.
      const back = updateSearchShards(kept, refs(first), (index) => first[index]!, { salt: 'salt', has: () => true })!;
      expect(back.manifest).toEqual(before.manifest);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('counts every posting of an index of more than a million, once, in order, whatever block it was counted in', () => {
    // 1,300 pages of the same 900 words, each in a field of its own count: 1,170,000 postings (3.5
    // million numbers counted, more than a block holds).
    const words = Array.from({ length: 900 }, (_, word) => `낱말${word}x`);
    const many = Array.from({ length: 1300 }, (_, page) => section(`/m${page}`, `m${page}`, words.join(' ')));
    const { table } = toSearchShards(many);
    expect(table.places.length).toBeGreaterThan(1300 * 900);
    // Each field of each section holds as many postings as it has distinct terms (SearchTable.lengths).
    expect(table.places.length).toBe(table.lengths.reduce((sum, length) => sum + length, 0));
    // Each term's places ascending (one posting a place).
    let unordered = 0;
    for (let id = 0; id + 1 < table.starts.length; id++) {
      for (let at = table.starts[id]! + 1; at < table.starts[id + 1]!; at++) if (table.places[at]! <= table.places[at - 1]!) unordered++;
    }
    expect(unordered).toBe(0);
  });

  it('keeps its table in two slots, overwritten in turn, and reads the newest whole one made by the same code', () => {
    const dir = mkdtempSync(join(tmpdir(), 'docgen-search-state-'));
    try {
      const { table } = toSearchShards(
        pages,
        'salt',
        refs(pages).map((ref) => ref.key),
      );
      const file = getSearchStatePath(dir, '/search/docs.json');
      expect(hasSearchState(file)).toBe(false);
      writeSearchState(file, 'one', table);
      expect(hasSearchState(file)).toBe(true);
      const read = readSearchState(file, 'one')!;
      const plainly = (of: SearchTable) => ({ ...of, tfs: [...of.tfs], largeTfs: [...of.largeTfs] });
      expect(plainly(read)).toEqual(plainly(table));
      expect(readSearchState(file, 'two')).toBeUndefined();
      // Far places and frequencies of 255 and more (each word 300 times), which a byte does not hold.
      const rare = Array.from({ length: 3000 }, (_, page) => section(`/r${page}`, `r${page}`, `낱말${page} `.repeat(300)));
      const large = toSearchShards(
        rare,
        'salt',
        rare.map((page) => page.path),
      ).table;
      writeSearchState(file, 'one', large);
      const back = readSearchState(file, 'one')!;
      expect([...back.places]).toEqual([...large.places]);
      expect([...back.tfs]).toEqual([...large.tfs]);
      expect([...back.largeTfs]).toEqual([...large.largeTfs]);
      // Each word's count, 300, is kept beside its posting (marked 255 among the bytes).
      expect(large.largeTfs.length / 2).toBe(large.tfs.filter((tf) => tf === 255).length);
      expect(large.largeTfs.length / 2).toBeGreaterThanOrEqual(3000);
      expect(new Set(large.largeTfs.filter((_, at) => at % 2 === 1))).toEqual(new Set([300]));
      expect(large.largeTfs.filter((_, at) => at % 2 === 0).every((posting) => large.tfs[posting] === 255)).toBe(true);
      // The second table again, over the first (larger) one: the same bytes as its other slot, but
      // for the generation, so cut to its length.
      const slots = [`${file}.0.state`, `${file}.1.state`];
      const largeBytes = readFileSync(slots[1]!);
      expect(readFileSync(slots[0]!).length).toBeGreaterThan(largeBytes.length);
      writeSearchState(file, 'one', large);
      const again = readFileSync(slots[0]!);
      expect([again.readUInt32LE(4), largeBytes.readUInt32LE(4)]).toEqual([3, 2]);
      expect(again.subarray(8)).toEqual(largeBytes.subarray(8));
      writeSearchState(file, 'one', table);
      expect(readSearchState(file, 'one')!.pages).toEqual(table.pages);
      // Slot 1 now holds the first table, slot 0 the second. A slot a killed build left unfinished
      // (its header's length still 0), or one cut short, is passed over for the other slot's table.
      const unfinished = Buffer.from(readFileSync(slots[1]!));
      unfinished.writeUInt32LE(0, 0);
      writeFileSync(slots[1]!, unfinished);
      expect(readSearchState(file, 'one')!.pages).toEqual(large.pages);
      writeSearchState(file, 'one', table);
      expect(readSearchState(file, 'one')!.pages).toEqual(table.pages);
      const whole = readFileSync(slots[1]!);
      writeFileSync(slots[1]!, whole.subarray(0, whole.length - 4));
      expect(readSearchState(file, 'one')!.pages).toEqual(large.pages);
      writeFileSync(slots[0]!, readFileSync(slots[0]!).subarray(0, 5000));
      expect(readSearchState(file, 'one')).toBeUndefined();
      expect(hasSearchState(file)).toBe(true);
      // A newest table that does not fit (kept by a build killed before its commit) gives way to
      // the other slot's; the table updated from that one overwrites the newest, not it.
      writeSearchState(file, 'one', large);
      writeSearchState(file, 'one', table);
      const isLarge = (of: SearchTable) => of.pages.length === large.pages.length;
      const fitting = readSearchState(file, 'one', isLarge)!;
      expect(fitting.pages).toEqual(large.pages);
      writeSearchState(file, 'one', large, fitting);
      expect(readSearchState(file, 'one', (of) => !isLarge(of))).toBeUndefined();
      expect(readSearchState(file, 'one', isLarge)!.pages).toEqual(large.pages);
      rmSync(slots[0]!);
      rmSync(slots[1]!);
      expect(hasSearchState(file)).toBe(false);
      writeSearchState(file, 'one', table);
      // Tables of indexes a build no longer has are removed, the others kept.
      const other = getSearchStatePath(dir, '/search/gone.json');
      writeSearchState(other, 'one', table);
      removeOtherSearchStates(dir, ['/search/docs.json']);
      expect([hasSearchState(file), hasSearchState(other)]).toEqual([true, false]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** The counts of 255 and more of a table (see SearchTable.largeTfs), each with its term and place, sorted. */
function largeCounts(table: SearchTable): string[] {
  loadAllPostings(table);
  const counts: string[] = [];
  let id = 0;
  for (let pair = 0; pair < table.largeTfs.length; pair += 2) {
    const posting = table.largeTfs[pair]!;
    while (table.starts[id + 1]! <= posting) id++;
    counts.push(`${table.terms[id]} ${table.places[posting]} ${table.largeTfs[pair + 1]}`);
  }
  return counts.sort();
}

/** The entries of an index's term shards, in order. */
function readShards(index: ReturnType<typeof toSearchShards>): [string, ...number[]][] {
  const byName = new Map(index.files.map((file) => [file.name, file.contents]));
  return index.manifest.shardFiles.flatMap((name) => JSON.parse(byName.get(getSearchFileName(name)) as string) as [string, ...number[]][]);
}

/**
 * The index as its definition reads (shards.ts), written plainly: a map of counts per field of each
 * section and a list of postings per term, from tokenizeForSearch's strings. toSearchShards counts
 * with term ids and typed arrays for speed; it must give the same bytes.
 */
function toReferenceShards(pages: readonly ShardPage[]): string {
  const sections = pages.map((page) => ({ title: page.title, ...page.sections[0]! }));
  // The section count and average lengths in steps of 2%.
  const step = (value: number) => Math.exp(Math.round(Math.log(value) / Math.log(1.02)) * Math.log(1.02));
  const fields = ['title', 'heading', 'text', 'code'] as const;
  const boosts = { title: SEARCH_BOOST.title, heading: SEARCH_BOOST.heading, text: 1, code: SEARCH_BOOST.code };
  const lengths = fields.map(() => [] as number[]);
  const postings = new Map<string, { id: number; field: number; tf: number }[]>();
  sections.forEach((section, id) =>
    fields.forEach((field, fieldIndex) => {
      const counts = new Map<string, number>();
      for (const token of tokenizeForSearch(section[field])) counts.set(token, (counts.get(token) ?? 0) + 1);
      lengths[fieldIndex]![id] = counts.size;
      for (const [term, tf] of counts) postings.set(term, [...(postings.get(term) ?? []), { id, field: fieldIndex, tf }]);
    }),
  );
  const averages = lengths.map((values) => step(values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length) || 1));
  const entries = [...postings.keys()].sort().map((term) => {
    const list = postings.get(term)!;
    const idfs = fields.map((_, field) => {
      const count = list.filter((posting) => posting.field === field).length;
      return Math.log(1 + Math.max(0, step(sections.length) - count + 0.5) / (count + 0.5));
    });
    const weights = new Map<number, number>();
    for (const { id, field, tf } of list) {
      const norm = 1 - 0.7 + (0.7 * lengths[field]![id]!) / averages[field]!;
      const weight = boosts[fields[field]!] * idfs[field]! * (0.5 + (tf * (1.2 + 1)) / (tf + 1.2 * norm));
      weights.set(id, (weights.get(id) ?? 0) + weight);
    }
    let kept = [...weights].map(([id, weight]) => [id, Math.max(1, Math.round(weight * SEARCH_SCORE_SCALE))] as const);
    if (kept.length > SEARCH_MAX_POSTINGS) {
      kept = kept.sort((a, b) => b[1] - a[1] || a[0] - b[0]).slice(0, SEARCH_MAX_POSTINGS);
    }
    let previous = 0;
    const numbers = kept
      .sort((a, b) => a[0] - b[0])
      .flatMap(([id, weight]) => {
        const delta = id - previous;
        previous = id;
        return [delta, weight];
      });
    return JSON.stringify([term, ...numbers]);
  });
  return entries.join(',');
}

describe('the sharded search index, against a plain reading of its definition', () => {
  /** The sections of docs-content's Korean and English docs (one per h2), and text made to hit every tokenizer path. */
  function readSections(): ShardPage[] {
    const files = fg.sync(['docs/**/*.md', 'i18n/en/docs/current/**/*.md'], { cwd: DOCS_CONTENT, absolute: true });
    expect(files.length).toBeGreaterThan(20);
    const sections = files.flatMap((file) =>
      readFileSync(file, 'utf8')
        .split(/\n## /)
        .map((part, index) => {
          const code = [...part.matchAll(/```[^\n]*\n([^]*?)```/g)].map((match) => match[1]!).join('\n');
          return section(`${file}#${index}`, /title: (.*)/.exec(part)?.[1] ?? '', part.replace(/```[^]*?```/g, ''), part.split('\n')[0]);
        })
        .map((page) => ({ ...page, sections: [{ ...page.sections[0]!, code: page.sections[0]!.text.slice(0, 200) }] })),
    );
    const made = ['ㄱ ㅏ 가', '한 글', 'getHTTPResponse v2.0+ x-y_z $ref', '분석옵션 분석 옵션을 토큰을 갱신하려면', 'İstanbul ÉCOLE ß'];
    return [...sections, ...made.map((text, index) => section(`/made/${index}`, text, text, text))];
  }

  it('gives the same terms, postings and weights', () => {
    const sections = readSections();
    expect(
      readShards(toSearchShards(sections))
        .map((entry) => JSON.stringify(entry))
        .join(','),
    ).toBe(toReferenceShards(sections));
  });

  it('keeps the heaviest postings, as the reference does, when a term is in more sections than it keeps', () => {
    const many = Array.from({ length: SEARCH_MAX_POSTINGS + 90 }, (_, index) =>
      section(`/p${index}`, index % 7 === 0 ? '분석 결과' : '문서', `분석 ${'결과 '.repeat(index % 5)}토큰을`),
    );
    expect(
      readShards(toSearchShards(many))
        .map((entry) => JSON.stringify(entry))
        .join(','),
    ).toBe(toReferenceShards(many));
  });
});
