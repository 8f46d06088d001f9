import { describe, expect, it } from 'vitest';
import type { RouteData, SiteData } from '@docgen/types';
import { hasDocBanners } from '../src/docs/routeBanners.js';

const site = {
  locales: [{ locale: 'ko' }, { locale: 'en' }],
  versions: [
    { name: 'current', isLast: true, banner: 'none' },
    { name: '1.0', isLast: false, banner: 'unmaintained' },
  ],
} as unknown as SiteData;

const doc = (fields: Partial<Extract<RouteData, { type: 'doc' }>>) =>
  ({ type: 'doc', versionName: 'current', unlisted: false, draft: false, ...fields }) as RouteData;

describe('hasDocBanners: whether a route needs the banners loaded before it shows', () => {
  it.each([
    ['a listed doc of the latest version', doc({}), false],
    ['a doc of an unmaintained version', doc({ versionName: '1.0' }), true],
    ['a category index of an unmaintained version', { type: 'docCategory', versionName: '1.0' } as RouteData, true],
    ['an unlisted doc', doc({ unlisted: true }), true],
    ['a draft', doc({ draft: true }), true],
    ['a doc shown from the Korean source', doc({ fallbackFrom: { locale: 'ko', path: '/docs/x' } }), true],
    [
      'a doc whose translation is older than its source',
      doc({ outdatedFrom: { locale: 'ko', path: '/docs/x', date: '2026-01-04T12:00:00.000Z' } }),
      true,
    ],
    ['a blog post', { type: 'blogPost' } as RouteData, false],
  ])('%s', (_name, route, expected) => {
    expect(hasDocBanners(route, site)).toBe(expected);
  });
});
