import { describe, expect, it } from 'vitest';
import { selectPluralForm, translateCount } from '../src/plural.js';

const TABLE = {
  en: { 'blog.postCount': '1 post|{count} posts', 'search.found': 'One result for "{query}"|{count} results for "{query}"' },
  ko: { 'blog.postCount': '글 {count}개' },
};

const translate = (
  locale: string,
  key: keyof (typeof TABLE)['en'],
  values: Record<string, string | number> & { count: number },
  overrides = {},
) => translateCount(TABLE, locale, overrides, key, values);

describe('translateCount', () => {
  it('takes the English form of the count: one for 1, other for 0 and many', () => {
    expect([0, 1, 2, 21].map((count) => translate('en', 'blog.postCount', { count }))).toEqual([
      '0 posts',
      '1 post',
      '2 posts',
      '21 posts',
    ]);
    expect(translate('en', 'search.found', { count: 1, query: 'sbom' })).toBe('One result for "sbom"');
  });

  it("reads a locale's string by that locale's rules: Korean has one form", () => {
    expect(translate('ko', 'blog.postCount', { count: 1 })).toBe('글 1개');
    // The English string a locale lacks is chosen by English rules.
    expect(translate('ko', 'search.found', { count: 1, query: 'x' })).toBe('One result for "x"');
  });

  it("takes a site's override with Docusaurus's forms in its locale's order (Russian: one, few, many, other)", () => {
    const overrides = { 'blog.postCount': '{count} запись|{count} записи|{count} записей|{count} записи' };
    const counts = [1, 3, 5, 21, 1.5].map((count) => translate('ru', 'blog.postCount', { count }, overrides));
    expect(counts).toEqual(['1 запись', '3 записи', '5 записей', '21 запись', '1.5 записи']);
  });

  it('gives the last form where a string has fewer forms than the locale, and a string of one form whatever the count', () => {
    expect(selectPluralForm('{count} rzecz|{count} rzeczy', 'pl', 5)).toBe('{count} rzeczy');
    expect(selectPluralForm('only one form', 'en', 1)).toBe('only one form');
    expect(translate('en', 'blog.postCount', { count: 1 }, { 'blog.postCount': 'posts: {count}' })).toBe('posts: 1');
  });

  it('reads a locale Intl does not know by English rules', () => {
    expect(selectPluralForm('one|other', 'not a locale!', 1)).toBe('one');
  });
});
