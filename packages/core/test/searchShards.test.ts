import { describe, expect, it } from 'vitest';
import { createShardedSearch, SEARCH_FILES_DIR, SEARCH_MAX_POSTINGS, type SearchManifest } from '@docgen/shared/search';
import { getManifestFiles, toShardedSearchIndex } from '../src/search/index.js';
import { toSearchShards, type ShardSection } from '../src/search/shards.js';

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
