import MiniSearch from 'minisearch';
import { describe, expect, it } from 'vitest';
import { runSearchQuery, SEARCH_INDEX_OPTIONS, tokenizeForSearch } from '@docgen/shared/search';

describe('runSearchQuery', () => {
  const sections = [
    { id: 1, title: '웹훅', heading: '', url: '/a', text: '웹훅에서 이벤트를 받습니다.', code: '' },
    { id: 2, title: '이벤트', heading: '', url: '/b', text: '웹훅이벤트 스트림과 캐시를 씁니다.', code: '' },
    { id: 3, title: '토큰', heading: '갱신', url: '/c', text: '토큰을 갱신하는 방법은 다음과 같습니다.', code: '' },
    { id: 4, title: '캐시', heading: '', url: '/d', text: '캐시는 하루 동안 유지됩니다.', code: '' },
  ];
  const index = new MiniSearch({
    ...SEARCH_INDEX_OPTIONS,
    fields: [...SEARCH_INDEX_OPTIONS.fields],
    storeFields: ['url'],
    tokenize: tokenizeForSearch,
  });
  index.addAll(sections);
  const urls = (query: string) => runSearchQuery(index, query).map((result) => (result as unknown as { url: string }).url);

  it('finds the stem inside words with particles and endings, both ways', () => {
    expect(urls('웹훅에서')).toEqual(['/a', '/b']);
    expect(urls('캐시를')[0]).toBe('/d');
    expect(urls('캐시를')).toContain('/b');
    expect(urls('토큰을 갱신하려면')).toEqual(['/c']);
    expect(urls('갱신했는데')).toEqual(['/c']);
  });

  it('ranks the stem as a whole word above the stem inside a compound', () => {
    const index = new MiniSearch({ fields: ['text'], storeFields: ['url'], tokenize: tokenizeForSearch });
    index.addAll([
      { id: 1, url: '/compound', text: '웹훅이벤트 설정 방법' },
      { id: 2, url: '/word', text: '웹훅을 설정 방법' },
    ]);
    expect(runSearchQuery(index, '웹훅').map((result) => (result as unknown as { url: string }).url)).toEqual(['/word', '/compound']);
  });
});
