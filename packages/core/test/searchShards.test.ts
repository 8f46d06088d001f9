import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fg from 'fast-glob';
import { describe, expect, it } from 'vitest';
import {
  createShardedSearch,
  SEARCH_BOOST,
  SEARCH_FILES_DIR,
  SEARCH_MAX_POSTINGS,
  SEARCH_SCORE_SCALE,
  type SearchManifest,
  tokenizeForSearch,
} from '@docgen/shared/search';
import { getManifestFiles, toShardedSearchIndex } from '../src/search/index.js';
import { toSearchShards, type ShardSection } from '../src/search/shards.js';

const DOCS_CONTENT = fileURLToPath(new URL('../../../docs-content/', import.meta.url));

const section = (url: string, title: string, text: string, heading = ''): ShardSection => ({ title, heading, url, text, code: '' });

/** A scope's index read as the browser reads it, from the files in memory; records what it fetches. */
function open(sections: readonly ShardSection[]) {
  const { manifest, files } = toSearchShards(sections);
  const byName = new Map(files.map((file) => [file.name, file.contents]));
  const fetched: string[] = [];
  const index = createShardedSearch(JSON.parse(JSON.stringify(manifest)) as SearchManifest, async (name) => {
    fetched.push(name);
    return JSON.parse(byName.get(name)!);
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
    expect(first).toBeLessThan(manifest.shards.length);
    expect(index.missing('word123')).toEqual([]);
    await urls('word123');
    expect(fetched.length).toBe(first);
  });

  it('keeps the heaviest postings of a frequent term only', () => {
    const many = Array.from({ length: SEARCH_MAX_POSTINGS + 50 }, (_, index) =>
      section(`/p${index}`, index === 7 ? '분석' : '문서', '분석 결과'),
    );
    const { files } = toSearchShards(many);
    const entry = files
      .flatMap((file) => (file.name.includes('-s') ? (JSON.parse(file.contents) as [string, ...number[]][]) : []))
      .find(([term]) => term === '분석')!;
    expect((entry.length - 1) / 2).toBe(SEARCH_MAX_POSTINGS);
    // The section with the term in its title is among them.
    let id = 0;
    const ids = new Set<number>();
    for (let i = 1; i < entry.length; i += 2) ids.add((id += entry[i] as number));
    expect(ids.has(7)).toBe(true);
  });

  it('is the same bytes for the same sections, and names its files by their content', () => {
    const one = toShardedSearchIndex(sections.map((value, id) => ({ ...value, id })));
    const two = toShardedSearchIndex(sections.map((value, id) => ({ ...value, id })));
    expect(two).toEqual(one);
    const changed = toShardedSearchIndex(sections.map((value, id) => ({ ...value, id, text: id === 2 ? '바뀐 글' : value.text })));
    expect(changed.files.map((file) => file.path)).not.toEqual(one.files.map((file) => file.path));
    expect(getManifestFiles(one.manifest)).toEqual(one.files.map((file) => file.path));
    expect(one.files.every((file) => file.path.startsWith(`${SEARCH_FILES_DIR}/`))).toBe(true);
    expect(getManifestFiles('{"documentCount":1,"index":[]}')).toBeUndefined();
  });
});

/**
 * The index as its definition reads (shards.ts), written plainly: a map of counts per field of each
 * section and a list of postings per term, from tokenizeForSearch's strings. toSearchShards counts
 * with term ids and typed arrays for speed; it must give the same bytes.
 */
function toReferenceShards(sections: readonly ShardSection[]): string {
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
  const averages = lengths.map((values) => values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length) || 1);
  const entries = [...postings.keys()].sort().map((term) => {
    const list = postings.get(term)!;
    const idfs = fields.map((_, field) => {
      const count = list.filter((posting) => posting.field === field).length;
      return Math.log(1 + (sections.length - count + 0.5) / (count + 0.5));
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
  function readSections(): ShardSection[] {
    const files = fg.sync(['docs/**/*.md', 'i18n/en/docs/current/**/*.md'], { cwd: DOCS_CONTENT, absolute: true });
    expect(files.length).toBeGreaterThan(20);
    const sections = files.flatMap((file) =>
      readFileSync(file, 'utf8')
        .split(/\n## /)
        .map((part, index) => {
          const code = [...part.matchAll(/```[^\n]*\n([^]*?)```/g)].map((match) => match[1]!).join('\n');
          return section(`${file}#${index}`, /title: (.*)/.exec(part)?.[1] ?? '', part.replace(/```[^]*?```/g, ''), part.split('\n')[0]);
        })
        .map((value) => ({ ...value, code: value.text.slice(0, 200) })),
    );
    const made = ['ㄱ ㅏ 가', '한 글', 'getHTTPResponse v2.0+ x-y_z $ref', '분석옵션 분석 옵션을 토큰을 갱신하려면', 'İstanbul ÉCOLE ß'];
    return [...sections, ...made.map((text, index) => section(`/made/${index}`, text, text, text))];
  }

  it('gives the same terms, postings and weights', () => {
    const sections = readSections();
    const { files } = toSearchShards(sections);
    const shards = files.filter((file) => file.name.includes('-s')).map((file) => file.contents.slice(1, -1));
    expect(shards.join(',')).toBe(toReferenceShards(sections));
  });

  it('keeps the heaviest postings, as the reference does, when a term is in more sections than it keeps', () => {
    const many = Array.from({ length: SEARCH_MAX_POSTINGS + 90 }, (_, index) =>
      section(`/p${index}`, index % 7 === 0 ? '분석 결과' : '문서', `분석 ${'결과 '.repeat(index % 5)}토큰을`),
    );
    const { files } = toSearchShards(many);
    const shards = files.filter((file) => file.name.includes('-s')).map((file) => file.contents.slice(1, -1));
    expect(shards.join(',')).toBe(toReferenceShards(many));
  });
});
