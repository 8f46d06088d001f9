import { describe, expect, it } from 'vitest';
import type { RouteData } from '@docgen/types';
import { fromPageData, getTocFromHtml, toPageData } from '../src/pageData.js';

const html = [
  '<p>intro</p>',
  '<h2 id="요청-파라미터" class="anchor">요청 파라미터<a class="hash-link" href="#요청-파라미터" aria-label="x">​</a></h2>',
  '<h3 id="a-b" class="anchor"><code>List&lt;String&gt;</code> &amp; more<a class="hash-link" href="#a-b">​</a></h3>',
  '<h4 id="deep" class="anchor">Deep</h4>',
  '<h2 id="footnote-label" class="sr-only">Footnotes</h2>',
].join('');

const SITE = { url: 'https://x.test', locale: 'ko' };

const route = (toc: RouteData extends infer R ? (R extends { toc: infer T } ? T : never) : never): RouteData => ({
  type: 'doc',
  path: '/docs/x',
  title: 'X',
  description: '',
  canonical: 'https://x.test/docs/x',
  alternates: [],
  noIndex: false,
  html: { main: html },
  toc,
  hideTableOfContents: false,
  unlisted: false,
  draft: false,
  markdownPath: '/docs/x.md',
  versionName: 'current',
  breadcrumbs: [],
  versionPaths: {},
});

describe('page data', () => {
  it('reads the table of contents back from rendered headings, decoding entities and skipping anchors and footnote labels', () => {
    expect(getTocFromHtml(html, 2, 3)).toEqual([
      { value: '요청 파라미터', id: '요청-파라미터', level: 2 },
      { value: 'List<String> & more', id: 'a-b', level: 3 },
    ]);
    expect(getTocFromHtml(html, 2, 4).map((item) => item.id)).toEqual(['요청-파라미터', 'a-b', 'deep']);
  });

  it('ships a derivable TOC as its level range and restores it exactly', () => {
    const original = route(getTocFromHtml(html, 2, 3));
    const text = toPageData(original, SITE);
    expect(text).toContain('"tocLevels":[2,3]');
    expect(text).not.toContain('"toc":');
    expect(fromPageData(text, SITE)).toEqual(original);
  });

  it('keeps a TOC that cannot be derived from the HTML as it is', () => {
    const original = route([{ value: 'Not in the HTML', id: 'elsewhere', level: 2 }]);
    expect(fromPageData(toPageData(original, SITE), SITE)).toEqual(original);
    expect(toPageData(original, SITE)).toContain('"toc":');
  });

  it('round-trips an empty TOC and routes without one', () => {
    const empty = route([]);
    expect(fromPageData(toPageData(empty, SITE), SITE)).toEqual(empty);
    const notFound: RouteData = {
      type: 'notFound',
      path: '/x',
      title: 'Page Not Found',
      description: '',
      canonical: '',
      alternates: [],
      noIndex: true,
      html: {},
    };
    expect(fromPageData(toPageData(notFound, SITE), SITE)).toEqual(notFound);
  });

  it('leaves out what the client derives (canonical URL, markdown twin, false flags) and restores it exactly', () => {
    const original = route([]);
    const text = toPageData(original, SITE);
    for (const key of ['canonical', 'markdownPath', 'noIndex', 'hideTableOfContents', 'unlisted', 'draft'])
      expect(text).not.toContain(`"${key}"`);
    expect(fromPageData(text, SITE)).toEqual(original);
  });

  it("leaves out a doc's paths in every version when the only one is its own, and restores them exactly", () => {
    const single = { ...route([]), versionPaths: { current: '/docs/x' } };
    expect(toPageData(single, SITE)).not.toContain('"versionPaths"');
    expect(fromPageData(toPageData(single, SITE), SITE)).toEqual(single);
    for (const versionPaths of [{}, { current: '/docs/y' }, { current: '/docs/x', '2504.1': '/docs/2504.1/x' }]) {
      const kept = { ...route([]), versionPaths };
      expect(toPageData(kept, SITE)).toContain('"versionPaths"');
      expect(fromPageData(toPageData(kept, SITE), SITE)).toEqual(kept);
    }
  });

  it("ships the page's own alternate as its isTranslation flag and restores it exactly, in its place", () => {
    for (const isTranslation of [true, false]) {
      const original: RouteData = {
        ...route([]),
        alternates: [
          { locale: 'en', path: '/en/docs/x', isTranslation: true },
          { locale: 'ko', path: '/docs/x', isTranslation },
          { locale: 'ja', path: '/ja/docs/x', isTranslation: false },
        ],
      };
      const text = toPageData(original, SITE);
      expect(text).toContain(`"alternates":[{"locale":"en","path":"/en/docs/x","isTranslation":true},${isTranslation},{"locale":"ja"`);
      expect(fromPageData(text, SITE)).toEqual(original);
    }
    // Another locale's entry at the page's own path (a site whose locales share paths) is no own entry.
    const shared: RouteData = { ...route([]), alternates: [{ locale: 'en', path: '/docs/x', isTranslation: true }] };
    expect(toPageData(shared, SITE)).toContain('"alternates":[{"locale":"en","path":"/docs/x","isTranslation":true}]');
    expect(fromPageData(toPageData(shared, SITE), SITE)).toEqual(shared);
  });

  it("keeps what differs from the derived value: a fallback page's canonical URL, a true flag", () => {
    const original: RouteData = { ...route([]), canonical: 'https://x.test/docs/source', unlisted: true, markdownPath: '/elsewhere.md' };
    const text = toPageData(original, SITE);
    expect(text).toContain('"canonical":"https://x.test/docs/source"');
    expect(text).toContain('"unlisted":true');
    expect(text).toContain('"markdownPath":"/elsewhere.md"');
    expect(text).not.toContain('"draft"');
    expect(fromPageData(text, SITE)).toEqual(original);
  });
});
