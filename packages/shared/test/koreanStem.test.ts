import { describe, expect, it } from 'vitest';
import { KOREAN_ENDINGS, KOREAN_PARTICLES, stemKorean } from '../src/koreanStem.js';
import { getHighlightPattern, tokenizeForSearch, tokenizeSearchQuery } from '../src/searchTokens.js';

describe('stemKorean', () => {
  it.each([
    ['웹훅에서', '웹훅'],
    ['캐시를', '캐시'],
    ['캐시는', '캐시'],
    ['토큰을', '토큰'],
    ['토큰으로', '토큰'],
    ['갱신하려면', '갱신'],
    ['분석했는데', '분석'],
    ['분석합니다', '분석'],
    ['분석하는', '분석'],
    ['분석하고', '분석'],
    ['설정된', '설정'],
    ['설정되는', '설정'],
    ['설정해야', '설정'],
    ['갱신하기를', '갱신'],
    ['저장소에서는', '저장소'],
    ['서버와', '서버'],
    ['옵션과', '옵션'],
    ['데이터의', '데이터'],
    ['버전도', '버전'],
    ['웹훅만', '웹훅'],
    ['오늘까지', '오늘'],
    ['처음부터', '처음'],
    ['파일처럼', '파일'],
    ['예상보다', '예상'],
    ['설정이나', '설정'],
    ['키를', '키'],
    ['값을', '값'],
    ['기본값입니다', '기본값'],
    ['결과를', '결과'],
    ['게이트웨이로', '게이트웨이'],
    ['만들려면', '만들'],
    ['만료되었다면', '만료'],
    ['내려받으려면', '내려받'],
    ['수정되었습니다', '수정'],
    ['분석하', '분석'],
  ])('%s -> %s', (word, stem) => {
    expect(stemKorean(word)).toBe(stem);
  });

  it.each([
    // Stems that end like a particle or an ending keep their last syllable.
    '분석',
    '가이드',
    '결과',
    '분석결과',
    '경로',
    '속도',
    '평가',
    '추가',
    '권한',
    '역할',
    '정의',
    '차이',
    '하나',
    '도메인',
    '게이트웨이',
    '캐시',
    '웹훅',
    '토큰',
    // One syllable, and what is not Hangul.
    '키',
    'analyzeCode',
    '가',
  ])('keeps %s whole', (word) => {
    expect(stemKorean(word)).toBe(word);
  });

  it('keeps one-syllable stems only after particles that follow them', () => {
    expect(stemKorean('키가')).toBe('키가');
    expect(stemKorean('역할을')).toBe('역할');
  });

  it('has lists without duplicates, of Hangul only', () => {
    for (const list of [KOREAN_PARTICLES, KOREAN_ENDINGS]) {
      expect(new Set(list).size).toBe(list.length);
      for (const suffix of list) expect(suffix).toMatch(/^[\uac00-\ud7a3]+$/);
    }
  });
});

describe('Korean tokens', () => {
  it('gives a query the bigrams of its stems', () => {
    expect(tokenizeSearchQuery('캐시를')).toEqual(['캐시']);
    expect(tokenizeSearchQuery('토큰을 갱신하려면')).toEqual(['토큰', '큰갱', '갱신']);
    expect(tokenizeSearchQuery('분석옵션')).toEqual(tokenizeSearchQuery('분석 옵션'));
    expect(tokenizeSearchQuery('analyzeCode 옵션')).toEqual(['analyzecode', 'analyze', 'code', '옵션']);
  });

  it('indexes the bigrams of the text, the bigram after each stem and the stems', () => {
    const tokens = tokenizeForSearch('토큰을 갱신하는 방법');
    for (const token of ['토큰', '큰을', '을갱', '큰갱', '갱신', '=토큰', '=갱신', '=방법']) expect(tokens).toContain(token);
    for (const query of ['토큰을 갱신하려면', '토큰 갱신', '토큰갱신', '갱신했는데']) {
      for (const token of tokenizeSearchQuery(query)) expect(tokens, query).toContain(token);
    }
  });

  it('marks the stem of a Korean word, across spacing', () => {
    const pattern = getHighlightPattern('캐시를 분석옵션')!;
    expect('캐시는 분석 옵션'.match(pattern)).toEqual(['캐시', '분석 옵션']);
  });
});
