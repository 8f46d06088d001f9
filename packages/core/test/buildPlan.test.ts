import { describe, expect, it } from 'vitest';
import {
  createRouteInputHasher,
  getRemovedFiles,
  keepPresentFiles,
  planBuild,
  toRouteKey,
  type OutputState,
  type PlanLocale,
  type RouteRecord,
} from '../src/build/buildPlan.js';

/**
 * planBuild is the whole decision of an incremental build: what is rendered, kept, written and
 * carried over. These tests give it hand-made records and site models.
 */

const record = (locale: string, inputs: string, files: string[]): RouteRecord => ({
  locale,
  inputs,
  files,
  summary: { title: files[0] ?? '', description: '' },
});

/** The record of a build of two locales: `ko` (/, /a, /gone) and `en` (/en/, /en/a). */
const LAST: OutputState = {
  routes: {
    [toRouteKey('ko', '/')]: record('ko', 'h-ko-home', ['index.html']),
    [toRouteKey('ko', '/a')]: record('ko', 'h-ko-a', ['a/index.html', 'a.md']),
    [toRouteKey('ko', '/gone')]: record('ko', 'h-ko-gone', ['gone/index.html', 'shared.png']),
    [toRouteKey('en', '/en/')]: record('en', 'h-en-home', ['en/index.html']),
    [toRouteKey('en', '/en/a')]: record('en', 'h-en-a', ['en/a/index.html']),
  },
  localeFiles: {
    ko: ['_docgen/sidebars/s1.json', '_docgen/search/b1/ko-docs.json', 'blog/rss.xml'],
    en: ['_docgen/sidebars/s2.json', '_docgen/search/b1/en-docs.json'],
  },
  searchIndexes: { '_docgen/search/b1/ko-docs.json': 'k-ko', '_docgen/search/b1/en-docs.json': 'k-en' },
};

const locale = (overrides: Partial<PlanLocale> & Pick<PlanLocale, 'locale'>): PlanLocale => ({
  built: true,
  routes: [],
  sidebarFiles: [],
  searchIndexes: [],
  ...overrides,
});

const KO_UNCHANGED = locale({
  locale: 'ko',
  routes: [
    { path: '/', inputs: 'h-ko-home' },
    { path: '/a', inputs: 'h-ko-a' },
    { path: '/gone', inputs: 'h-ko-gone' },
  ],
  sidebarFiles: ['_docgen/sidebars/s1.json'],
  searchIndexes: [{ file: '_docgen/search/b1/ko-docs.json', key: 'k-ko' }],
});

const actions = (plan: ReturnType<typeof planBuild>) =>
  Object.fromEntries(
    plan.locales.map((entry) => [entry.locale, entry.routes.map((route) => `${route.path} ${route.kept ? 'keep' : 'render'}`)]),
  );

describe('planBuild', () => {
  it('renders every route of a first build and reuses nothing', () => {
    const plan = planBuild({ previous: undefined, locales: [KO_UNCHANGED], rerender: new Set() });
    expect(actions(plan)).toEqual({ ko: ['/ render', '/a render', '/gone render'] });
    expect(plan.locales[0]!.sidebars).toEqual([{ file: '_docgen/sidebars/s1.json', reuse: false }]);
    expect(plan.locales[0]!.searchIndexes).toEqual([{ file: '_docgen/search/b1/ko-docs.json', reuse: false }]);
    expect(plan.carried).toEqual([]);
    expect(plan.state.routes).toEqual({});
  });

  it('keeps a route whose inputs hash is the recorded one, renders one whose hash changed or that is new', () => {
    const ko = locale({
      ...KO_UNCHANGED,
      routes: [
        { path: '/', inputs: 'h-ko-home' },
        { path: '/a', inputs: 'h-ko-a-edited' },
        { path: '/new', inputs: 'h-ko-new' },
      ],
    });
    const plan = planBuild({ previous: LAST, locales: [ko, locale({ locale: 'en', built: false })], rerender: new Set() });
    expect(actions(plan)).toEqual({ ko: ['/ keep', '/a render', '/new render'] });
    expect(plan.locales[0]!.routes[0]!.kept).toBe(LAST.routes[toRouteKey('ko', '/')]);
    expect(plan.locales[0]!.routes[1]).toMatchObject({ key: toRouteKey('ko', '/a'), inputs: 'h-ko-a-edited', kept: undefined });
  });

  it('renders a route in `rerender` (written by a run that failed) although its hash did not change', () => {
    const plan = planBuild({ previous: LAST, locales: [KO_UNCHANGED], rerender: new Set([toRouteKey('ko', '/a')]) });
    expect(actions(plan)).toEqual({ ko: ['/ keep', '/a render', '/gone keep'] });
  });

  it('reuses a sidebar the last build wrote and a search index whose sections hash is the recorded one', () => {
    const ko = locale({
      ...KO_UNCHANGED,
      sidebarFiles: ['_docgen/sidebars/s1.json', '_docgen/sidebars/s3.json'],
      searchIndexes: [
        { file: '_docgen/search/b1/ko-docs.json', key: 'k-ko-changed' },
        { file: '_docgen/search/b1/ko-blog.json', key: 'k-blog' },
      ],
    });
    const [planned] = planBuild({ previous: LAST, locales: [ko], rerender: new Set() }).locales;
    expect(planned!.sidebars).toEqual([
      { file: '_docgen/sidebars/s1.json', reuse: true },
      { file: '_docgen/sidebars/s3.json', reuse: false },
    ]);
    expect(planned!.searchIndexes).toEqual([
      { file: '_docgen/search/b1/ko-docs.json', reuse: false },
      { file: '_docgen/search/b1/ko-blog.json', reuse: false },
    ]);
  });

  it('carries the routes and files of a locale not built (`--locale ko`) over as they are, and plans none of its routes', () => {
    const plan = planBuild({ previous: LAST, locales: [KO_UNCHANGED, locale({ locale: 'en', built: false })], rerender: new Set() });
    expect(plan.locales.map((entry) => entry.locale)).toEqual(['ko']);
    expect(plan.carried).toEqual(['en/index.html', 'en/a/index.html', '_docgen/sidebars/s2.json', '_docgen/search/b1/en-docs.json']);
    expect(plan.state.routes).toEqual({
      [toRouteKey('en', '/en/')]: LAST.routes[toRouteKey('en', '/en/')],
      [toRouteKey('en', '/en/a')]: LAST.routes[toRouteKey('en', '/en/a')],
    });
    expect(plan.state.localeFiles).toEqual({
      en: LAST.localeFiles.en,
      ko: ['_docgen/sidebars/s1.json', '_docgen/search/b1/ko-docs.json'],
    });
    expect(plan.state.searchIndexes).toEqual({ '_docgen/search/b1/ko-docs.json': 'k-ko' });
  });

  it('drops a locale the site no longer has: nothing of it is carried', () => {
    const plan = planBuild({ previous: LAST, locales: [KO_UNCHANGED], rerender: new Set() });
    expect(plan.carried).toEqual([]);
    expect(Object.keys(plan.state.localeFiles)).toEqual(['ko']);
  });
});

describe('getRemovedFiles', () => {
  it('removes the files of routes that are gone, unless a route of the new record writes them too', () => {
    const next: OutputState = {
      routes: {
        [toRouteKey('ko', '/')]: LAST.routes[toRouteKey('ko', '/')]!,
        [toRouteKey('ko', '/a')]: record('ko', 'h-ko-a', ['a/index.html', 'a.md', 'shared.png']),
      },
      localeFiles: {},
      searchIndexes: {},
    };
    expect(getRemovedFiles(LAST, next)).toEqual(['gone/index.html', 'en/index.html', 'en/a/index.html']);
  });

  it('removes nothing after a first build', () => {
    expect(getRemovedFiles(undefined, LAST)).toEqual([]);
  });
});

describe('createRouteInputHasher', () => {
  it('gives equal inputs equal hashes and different inputs different ones', () => {
    const hasher = createRouteInputHasher();
    const a = hasher.hash('k', ['site', { title: 'A' }, {}, undefined], undefined);
    expect(hasher.hash('k', ['site', { title: 'A' }, {}, undefined], undefined)).toBe(a);
    expect(hasher.hash('k', ['site', { title: 'B' }, {}, undefined], undefined)).not.toBe(a);
    expect(hasher.hash('k', ['other site', { title: 'A' }, {}, undefined], undefined)).not.toBe(a);
  });
});

describe('keepPresentFiles', () => {
  it('drops the routes and files the folder lacks, and keeps the rest as it was', () => {
    const summary = { title: 'T', description: '' };
    const state: OutputState = {
      routes: {
        [toRouteKey('ko', '/a')]: { locale: 'ko', inputs: 'h1', files: ['a/index.html', '_docgen/data/a.json', 'a.md'], summary },
        [toRouteKey('ko', '/b')]: { locale: 'ko', inputs: 'h2', files: ['b/index.html', '_docgen/data/b.json', 'b.md'], summary },
      },
      localeFiles: { ko: ['_docgen/sidebars/s1.json', '_docgen/search/ko-docs.json', 'llms-full.txt'] },
      searchIndexes: { '_docgen/search/ko-docs.json': 'k1', '_docgen/search/ko-blog.json': 'k2' },
      llmsFull: { 'llms-full.txt': [['/a', 10]], 'en/llms-full.txt': [['/en/a', 12]] },
    };
    const present = new Set([
      'a/index.html',
      '_docgen/data/a.json',
      'a.md',
      'b/index.html',
      'b.md',
      '_docgen/search/ko-docs.json',
      'llms-full.txt',
    ]);
    expect(keepPresentFiles(state, present)).toEqual({
      routes: { [toRouteKey('ko', '/a')]: state.routes[toRouteKey('ko', '/a')] },
      localeFiles: { ko: ['_docgen/search/ko-docs.json', 'llms-full.txt'] },
      searchIndexes: { '_docgen/search/ko-docs.json': 'k1' },
      llmsFull: { 'llms-full.txt': [['/a', 10]] },
    });
  });
});
