import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import MiniSearch, { type SearchOptions } from 'minisearch';
import { SEARCH_INDEX_OPTIONS, tokenizeForSearch } from '@docgen/shared/search';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readStoredSections } from '../src/compile/store.js';
import { loadSite } from '../src/loadSite.js';
import { getScopeSections, toSearchIndex, type SearchSection } from '../src/search/index.js';
import { MINISEARCH_VERSION, toSearchIndexJson } from '../src/search/indexJson.js';
import { makeTempDir, removeTempDirs } from './helpers.js';

/** The options of the build's MiniSearch index (src/search/index.ts) and of the browser's `MiniSearch.loadJSON`. */
const OPTIONS = {
  fields: [...SEARCH_INDEX_OPTIONS.fields],
  storeFields: [...SEARCH_INDEX_OPTIONS.storeFields],
  tokenize: tokenizeForSearch,
};

type Doc = { id: number } & Record<string, unknown>;

/** The JSON the build writes today: MiniSearch's own index, serialised. */
function miniSearchJson<T extends { id: number }>(
  docs: readonly T[],
  options: { fields: string[]; storeFields: string[]; tokenize: (text: string) => string[] },
) {
  const index = new MiniSearch<T>(options);
  index.addAll(docs);
  return JSON.stringify(index);
}

/** A seeded pseudo-random generator (mulberry32), so corpora are the same on every run. */
function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ENGLISH = (
  'search index token analyzer option query result score field document section heading page version ' +
  'build site locale theme plugin config markdown render cache link anchor sidebar navigation feed blog ' +
  'the a of to and in is for with on by it as be at this that from or an are can you your use using'
).split(' ');
const SYLLABLES = '검색 분석 옵션 토큰 인덱스 문서 버전 설정 사이트 페이지 결과 점수 필드 제목 본문 링크 빌드 테마 한국 어'.split(' ');
const PARTICLES = ['', '', '을', '를', '으로', '은', '는', '이', '가', '에서', '의'];
const IDENTIFIERS = [
  'analyzeCode',
  'getSearchIndex',
  'createSearchIndexes',
  'MAX_STORED_TEXT',
  'tokenizeForSearch',
  '$store',
  'useState',
  'HTTPServer',
  'parseJSONValue',
  'docgen.config',
  'v1.2.3',
  'search_options',
];

/**
 * A docs-like corpus: Korean and English prose, identifiers in code, empty headings and code, a
 * section without a heading field, and terms repeated within a field.
 */
function makeCorpus(seed: number, count: number, wordsPerText = 60): SearchSection[] {
  const next = random(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() ** 2 * list.length)]!;
  const englishWord = () =>
    next() < 0.8 ? pick(ENGLISH) : `${pick(ENGLISH)}${pick(['', 's', 'ing', 'ed', 'er'])}${next() < 0.3 ? Math.floor(next() * 50) : ''}`;
  const koreanWord = () => {
    let word = '';
    const syllables = 1 + Math.floor(next() * 3);
    for (let i = 0; i < syllables; i++) word += pick(SYLLABLES);
    return word + pick(PARTICLES);
  };
  const identifier = () => (next() < 0.7 ? pick(IDENTIFIERS) : `${pick(ENGLISH)}${pick(ENGLISH).replace(/^./, (c) => c.toUpperCase())}`);
  const prose = (words: number) => {
    const parts: string[] = [];
    for (let i = 0; i < words; i++) {
      const roll = next();
      parts.push(roll < 0.45 ? koreanWord() : roll < 0.9 ? englishWord() : identifier());
      if (next() < 0.08) parts.push(next() < 0.5 ? '.' : ',');
    }
    return parts.join(' ').replace(/ ([.,])/g, '$1');
  };
  const sections: SearchSection[] = [];
  let title = '';
  for (let id = 0; id < count; id++) {
    if (id % 5 === 0) title = next() < 0.5 ? `${koreanWord()} ${koreanWord()}` : `${englishWord()} ${englishWord()} Guide`;
    const opening = id % 5 === 0;
    sections.push({
      id,
      title,
      heading: opening ? '' : next() < 0.5 ? koreanWord() + ' ' + koreanWord() : `${englishWord()} ${identifier()}`,
      url: `/docs/page-${Math.floor(id / 5)}${opening ? '' : `#section-${id % 5}`}`,
      text: next() < 0.03 ? '' : prose(Math.floor(wordsPerText / 2 + next() * wordsPerText)),
      code: next() < 0.5 ? '' : Array.from({ length: 1 + Math.floor(next() * 4) }, identifier).join(' '),
    });
  }
  // Terms repeated within a field, in mixed case.
  sections[3]!.text = '검색 검색 검색 Search search SEARCH 검색을 검색으로 index index';
  sections[4]!.heading = '검색';
  // A section without a heading field (skipped for indexing and not stored) and one without code.
  delete (sections[7] as Partial<SearchSection>).heading;
  (sections[8] as unknown as Record<string, unknown>).code = undefined;
  // A section with nothing indexed at all: no field length for it.
  sections[9] = { id: 9, url: '/docs/empty' } as unknown as SearchSection;
  return sections;
}

const QUERIES = [
  '검색',
  '검색 옵션',
  '분석옵션',
  '토큰을',
  '인덱스',
  '검',
  '한국어 문서',
  'search',
  'search index',
  'Search Index Option',
  'serch',
  'anal',
  'ind',
  'sec',
  'a',
  'the',
  'analyzeCode',
  'analyze',
  'getSearchIndex',
  'max_stored',
  'json',
  '$store',
  'v1.2',
  'docgen.config',
  'guide',
  'page 버전',
  'zzz',
  '',
];

const SEARCH_OPTIONS: SearchOptions[] = [
  {},
  { prefix: true },
  { fuzzy: 0.2 },
  { prefix: true, fuzzy: 0.2 },
  { combineWith: 'AND' },
  { combineWith: 'AND', prefix: true, fuzzy: 0.2 },
  { boost: { title: 3, heading: 2, code: 0.5 } },
  { boost: { title: 3, heading: 2 }, prefix: true, fuzzy: 0.2, combineWith: 'AND' },
  { fields: ['code', 'heading'], prefix: true },
  { weights: { fuzzy: 0.3, prefix: 0.6 }, prefix: true, fuzzy: 1, maxFuzzy: 3 },
  { bm25: { k: 2, b: 0.5, d: 1 }, prefix: true },
];

describe('toSearchIndexJson', () => {
  const corpus = makeCorpus(20240611, 600);

  it('writes the same JSON as MiniSearch for a Korean and English corpus', () => {
    const expected = miniSearchJson(corpus, OPTIONS);
    const actual = toSearchIndexJson(corpus, OPTIONS);
    const normalise = (json: string) => {
      const parsed = JSON.parse(json) as { index: [string, unknown][] };
      parsed.index.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      return parsed;
    };
    // Everything, including the floats of averageFieldLength, whatever the order of the terms...
    expect(normalise(actual)).toStrictEqual(normalise(expected));
    // ...and the terms in MiniSearch's order, which decides how loadJSON builds its tree.
    expect(JSON.parse(actual).index.map(([term]: [string]) => term)).toStrictEqual(
      JSON.parse(expected).index.map(([term]: [string]) => term),
    );
    expect(actual).toBe(expected);
  });

  it('covers what the corpus is meant to cover', () => {
    const parsed = JSON.parse(toSearchIndexJson(corpus, OPTIONS));
    const terms = new Set(parsed.index.map(([term]: [string]) => term));
    for (const term of ['검색', '색옵', 'search', 'analyzecode', 'analyze', 'code', '$store', 'v1.2.3']) expect(terms).toContain(term);
    expect(parsed.index.find(([term]: [string]) => term === 'search')[1]['2']['3']).toBe(3);
    // Distinct tokens before lower-casing: 검색 색검 =검색 (the stem) search 색을 을검 색으 으로 index.
    expect(parsed.fieldLength['3'][2]).toBe(9);
    expect(parsed.fieldLength['7'][1]).toBeNull();
    expect(parsed.fieldLength['7']).toHaveLength(4);
    expect(parsed.fieldLength['8']).toHaveLength(3);
    expect(parsed.fieldLength['9']).toBeUndefined();
    expect(parsed.storedFields['7']).not.toHaveProperty('heading');
    expect(parsed.storedFields['9']).toStrictEqual({ url: '/docs/empty' });
    expect(parsed.averageFieldLength.every((length: number) => length > 0 && !Number.isInteger(length))).toBe(true);
  });

  it('loads into an index that gives the same results for any query', () => {
    const expected = MiniSearch.loadJSON<SearchSection>(miniSearchJson(corpus, OPTIONS), OPTIONS);
    const actual = MiniSearch.loadJSON<SearchSection>(toSearchIndexJson(corpus, OPTIONS), OPTIONS);
    expect(actual.documentCount).toBe(expected.documentCount);
    expect(actual.termCount).toBe(expected.termCount);
    let compared = 0;
    for (const query of QUERIES) {
      for (const options of SEARCH_OPTIONS) {
        const results = expected.search(query, options);
        // ids, exact scores, terms, queryTerms, match and stored fields, in the same order.
        expect(actual.search(query, options), `${query} ${JSON.stringify(options)}`).toStrictEqual(results);
        compared += results.length;
      }
      expect(actual.autoSuggest(query, { prefix: true, fuzzy: 0.2 })).toStrictEqual(
        expected.autoSuggest(query, { prefix: true, fuzzy: 0.2 }),
      );
    }
    expect(actual.search(MiniSearch.wildcard)).toStrictEqual(expected.search(MiniSearch.wildcard));
    expect(compared).toBeGreaterThan(10_000);
  });

  it("writes the terms in the order of MiniSearch's radix tree, which the search results depend on", () => {
    // Two equally scored prefix matches come out in the order of the tree that loadJSON builds
    // from the order of the terms: a sorted index would give these results the other way round.
    const docs = [
      { id: 1, text: 'ab' },
      { id: 2, text: 'ac' },
    ];
    const options = { fields: ['text'], storeFields: [], tokenize: tokenizeForSearch };
    const ids = (json: string) =>
      MiniSearch.loadJSON(json, options)
        .search('a', { prefix: true })
        .map((result) => result.id);
    const json = toSearchIndexJson(docs, options);
    expect(ids(json)).toStrictEqual(ids(miniSearchJson(docs, options)));
    const sorted = JSON.parse(json);
    sorted.index.sort(([a]: [string], [b]: [string]) => (a < b ? -1 : 1));
    expect(ids(JSON.stringify(sorted))).not.toStrictEqual(ids(json));
  });

  it('follows the tree order for terms that are prefixes of each other, inserted in any order', () => {
    const tokenize = (text: string) => text.split(' ');
    const options = { fields: ['a', 'b'], storeFields: ['a'], tokenize };
    for (const words of [
      ['a', 'b', 'abab'],
      ['ccacb', 'ccacc', 'cca'],
      ['ccacb', 'cca', 'ccacc'],
      ['cca', 'ccacb', 'ccacc'],
    ]) {
      const docs = [{ id: 0, a: words.join(' ') }];
      expect(toSearchIndexJson(docs, options)).toBe(miniSearchJson(docs, options));
    }
    for (let seed = 1; seed <= 300; seed++) {
      const next = random(seed);
      const alphabet = ['ab', 'abc', 'aAbB가각'][seed % 3]!;
      const word = () => {
        let word = '';
        for (let length = 1 + Math.floor(next() * 6); length > 0; length--) word += alphabet[Math.floor(next() * alphabet.length)];
        return word;
      };
      const text = (words: number) => Array.from({ length: words }, word).join(' ');
      const docs = Array.from({ length: 1 + Math.floor(next() * 30) }, (_, id) => ({
        id: id * 7,
        a: next() < 0.2 ? undefined : next() < 0.1 ? null : text(Math.floor(next() * 4)),
        b: text(Math.floor(next() * 20)),
      }));
      expect(toSearchIndexJson(docs, options), `seed ${seed}`).toBe(miniSearchJson(docs, options));
    }
  });

  it('is deterministic', () => {
    const first = toSearchIndexJson(corpus, OPTIONS);
    expect(toSearchIndexJson(corpus, OPTIONS)).toBe(first);
    expect(toSearchIndexJson(structuredClone(corpus), OPTIONS)).toBe(first);
    expect(toSearchIndexJson(makeCorpus(20240611, 600), OPTIONS)).toBe(first);
  });

  it('handles no sections, no stored fields and odd values like MiniSearch', () => {
    expect(toSearchIndexJson([], OPTIONS)).toBe(miniSearchJson([], OPTIONS));
    const docs: Doc[] = [
      { id: 10, title: 42, heading: null, text: '', code: '' },
      { id: 11, title: 'Ünïcode ÉTÉ "quoted" \\ back\nslash', text: '  ', url: null },
      { id: 12, title: '𝒳 emoji 🎉 가나다', heading: 'ﬁ ǅ İstanbul' },
    ];
    expect(toSearchIndexJson(docs, OPTIONS)).toBe(miniSearchJson(docs, OPTIONS));
    const noStore = { ...OPTIONS, storeFields: [] };
    expect(toSearchIndexJson(docs, noStore)).toBe(miniSearchJson(docs, noStore));
  });

  it('writes terms that need escaping or are not ASCII, and large numbers, as JSON.stringify does', () => {
    const options = { fields: ['text'], storeFields: ['text'], tokenize: (text: string) => text.split(' ') };
    const docs: Doc[] = [
      // A byte order mark, which a UTF-8 decoder could drop.
      { id: 0, text: '\ufeff' },
      { id: 1, text: 'quo"te back\\slash new\nline tab\tx \u0001ctl \u007fdel é ü ß ǅ İ ﬁ Ω 가 𝒳 🎉 \ud800lone lone\udfff' },
      { id: 2, text: `${'many '.repeat(123_456)}end` },
      { id: 3, text: '' },
    ];
    const json = toSearchIndexJson(docs, options);
    expect(json).toBe(miniSearchJson(docs, options));
    expect(JSON.parse(json).index.find(([term]: [string]) => term === 'many')[1]).toStrictEqual({ 0: { 2: 123_456 } });
  });

  it('rejects a missing or duplicate id like MiniSearch', () => {
    const missing = [{ title: 'x' }] as unknown as Doc[];
    expect(() => toSearchIndexJson(missing, OPTIONS)).toThrow('MiniSearch: document does not have ID field "id"');
    expect(() => miniSearchJson(missing, OPTIONS)).toThrow('MiniSearch: document does not have ID field "id"');
    const duplicate = [
      { id: 1, title: 'x' },
      { id: 1, title: 'y' },
    ];
    expect(() => toSearchIndexJson(duplicate, OPTIONS)).toThrow('MiniSearch: duplicate ID 1');
    expect(() => miniSearchJson(duplicate, OPTIONS)).toThrow('MiniSearch: duplicate ID 1');
  });
});

const REPO_ROOT = fileURLToPath(new URL('../../..', import.meta.url));

/** The options the theme's search dialog searches with (site-theme/src/search/SearchModal.tsx). */
const DIALOG_OPTIONS: SearchOptions = { prefix: true, combineWith: 'AND', boost: { title: 3, heading: 2, code: 1.5 } };

describe('the search indexes of docs-content', () => {
  /** Each search scope of each locale, with the sections a build indexes for it. */
  const scopes: { name: string; sections: SearchSection[] }[] = [];
  beforeAll(async () => {
    const storeDir = makeTempDir('docgen-search-store-');
    const site = await loadSite({ siteDir: join(REPO_ROOT, 'docs-content'), storeDir });
    for (const locale of site.manifest.locales) {
      for (const scope of locale.searchScopes) {
        const readSections = (key: string) => readStoredSections(storeDir, site.getCompiled(key).stored.sections);
        scopes.push({ name: `${locale.locale} ${scope.scope}`, sections: getScopeSections(scope.pages, readSections) });
      }
    }
  }, 180_000);
  afterAll(removeTempDirs);

  /** What the build writes for a scope (the workers call toSearchIndex), as one string. */
  const writtenJson = (sections: readonly SearchSection[]) => {
    const decoder = new TextDecoder();
    let json = '';
    // Each chunk is valid only until the next is asked for: decode it at once.
    for (const chunk of toSearchIndex(sections)) json += decoder.decode(chunk, { stream: true });
    return json + decoder.decode();
  };

  it('covers every locale, docs version and the blog, Korean and English', () => {
    const names = scopes.map((scope) => scope.name);
    expect(names).toEqual(expect.arrayContaining(['ko docs:current', 'ko docs:2504.1', 'ko blog', 'en docs:current', 'en blog']));
    const all = scopes.flatMap((scope) => scope.sections);
    expect(all.length).toBeGreaterThan(500);
    expect(all.some((section) => /[\uac00-\ud7a3]/.test(section.text))).toBe(true);
    expect(all.some((section) => section.code !== '')).toBe(true);
  });

  it('writes for every scope the very JSON MiniSearch writes for the same sections', () => {
    for (const { name, sections } of scopes) {
      expect(writtenJson(sections), name).toBe(miniSearchJson(sections, OPTIONS));
    }
  });

  it("loads into indexes that answer queries made of the pages' own words as MiniSearch's own index does", () => {
    let compared = 0;
    for (const { name, sections } of scopes) {
      const expected = MiniSearch.loadJSON<SearchSection>(miniSearchJson(sections, OPTIONS), OPTIONS);
      const actual = MiniSearch.loadJSON<SearchSection>(writtenJson(sections), OPTIONS);
      expect(actual.termCount, name).toBe(expected.termCount);
      // Titles and headings as typed, and words of the text whole, cut short and misspelt.
      const words = sections.flatMap((section) => section.text.split(/\s+/).filter((word) => word.length > 1));
      const sample = words.filter((_, index) => index % Math.max(1, Math.floor(words.length / 40)) === 0);
      const queries = [
        ...new Set([
          ...sections.slice(0, 30).flatMap((section) => [section.title, section.heading]),
          ...sample,
          ...sample.map((word) => word.slice(0, 2)),
          ...sample.map((word) => word.slice(0, -1) + (word.endsWith('x') ? 'y' : 'x')),
          ...sample.slice(0, 10).map((word, index) => `${word} ${sample[sample.length - 1 - index]}`),
        ]),
      ];
      for (const query of queries) {
        for (const options of [DIALOG_OPTIONS, {}, { prefix: true, fuzzy: 0.2 }]) {
          const results = expected.search(query, options);
          expect(actual.search(query, options), `${name}: ${query} ${JSON.stringify(options)}`).toStrictEqual(results);
          compared += results.length;
        }
      }
    }
    expect(compared).toBeGreaterThan(10_000);
  }, 120_000);
});

describe('the MiniSearch release docgen writes indexes for', () => {
  /** The version of the minisearch package a module in `dir` resolves, as Node and esbuild find it. */
  const resolvedVersion = (dir: string) => {
    let folder = dirname(createRequire(join(dir, 'package.json')).resolve('minisearch'));
    while (
      !existsSync(join(folder, 'package.json')) ||
      JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')).name !== 'minisearch'
    ) {
      if (dirname(folder) === folder) throw new Error(`no minisearch package.json above ${dir}`);
      folder = dirname(folder);
    }
    return JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')).version as string;
  };

  it.each(['packages/core', 'site-theme'])('is the one %s resolves', (dir) => {
    expect(resolvedVersion(join(REPO_ROOT, dir))).toBe(MINISEARCH_VERSION);
  });

  it('is pinned exactly, without a range, by every package that depends on minisearch', () => {
    const manifests = [
      'package.json',
      'site-theme/package.json',
      'docs-content/package.json',
      ...readdirSync(join(REPO_ROOT, 'packages')).map((name) => `packages/${name}/package.json`),
    ].filter((path) => existsSync(join(REPO_ROOT, path)));
    const pins: Record<string, string> = {};
    for (const path of manifests) {
      const manifest = JSON.parse(readFileSync(join(REPO_ROOT, path), 'utf8'));
      for (const field of ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies']) {
        const range = manifest[field]?.minisearch;
        if (range !== undefined) pins[`${path} ${field}`] = range;
      }
    }
    expect(pins).toEqual({
      'packages/core/package.json dependencies': MINISEARCH_VERSION,
      'site-theme/package.json dependencies': MINISEARCH_VERSION,
    });
  });
});
