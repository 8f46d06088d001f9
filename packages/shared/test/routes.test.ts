import { describe, expect, it } from 'vitest';
import * as documentTitle from '../src/documentTitle.js';
import * as shared from '../src/index.js';
import * as htmlEntities from '../src/htmlEntities.js';
import * as pageData from '../src/pageData.js';
import * as outputPaths from '../src/outputPaths.js';
import * as search from '../src/search.js';
import { decodePath, encodePath, getHtmlFilePath, getLocaleOfPath, isExternalUrl, normalizePathname } from '../src/index.js';
import { getPageDataFilePath, getPageDataUrl } from '../src/pageData.js';

describe('normalizePathname', () => {
  it.each([
    ['/a/index.html', '/a/'],
    ['/index.html', '/'],
    ['/a.html', '/a'],
    ['/docs/guide/x.html', '/docs/guide/x'],
    ['/a/', '/a/'],
    ['/a', '/a'],
    ['/', '/'],
  ])('%s -> %s', (input, expected) => {
    expect(normalizePathname(input)).toBe(expected);
  });
});

describe('getPageDataFilePath', () => {
  it.each([
    ['/', '_docgen/data/b1d/index.json'],
    ['/x', '_docgen/data/b1d/x.json'],
    ['/x/', '_docgen/data/b1d/x/index.json'],
    ['/en/docs/요청', '_docgen/data/b1d/en/docs/요청.json'],
  ])('%s -> %s', (route, expected) => {
    expect(getPageDataFilePath('b1d', route)).toBe(expected);
  });

  it('gives /x and /x/ different files, so both forms of a route can have data', () => {
    expect(getPageDataFilePath('b', '/x')).not.toBe(getPageDataFilePath('b', '/x/'));
  });

  it('encodes the URL of the page data under the base URL', () => {
    expect(getPageDataUrl('/base/', 'b1d', '/docs/요청 파라미터')).toBe(
      '/base/_docgen/data/b1d/docs/%EC%9A%94%EC%B2%AD%20%ED%8C%8C%EB%9D%BC%EB%AF%B8%ED%84%B0.json',
    );
  });

  it("takes a page's URL path, with the base URL, to the data the build writes below it", () => {
    // The client asks for the data of the page it goes to: /base/docs/intro.
    expect(getPageDataUrl('/base/', 'b1d', '/base/docs/intro')).toBe('/base/_docgen/data/b1d/docs/intro.json');
    expect(getPageDataUrl('/base/', 'b1d', '/base/')).toBe('/base/_docgen/data/b1d/index.json');
    expect(getPageDataUrl('/', 'b1d', '/docs/intro')).toBe('/_docgen/data/b1d/docs/intro.json');
  });
});

describe('getHtmlFilePath', () => {
  it.each([
    ['/', 'index.html'],
    ['/docs', 'docs/index.html'],
    ['/docs/', 'docs/index.html'],
    ['/en/docs/x', 'en/docs/x/index.html'],
  ])('%s -> %s', (route, expected) => {
    expect(getHtmlFilePath(route)).toBe(expected);
  });
});

describe('getLocaleOfPath', () => {
  const bases = { ko: '/', en: '/en/' };

  it.each([
    ['/', 'ko'],
    ['/docs/intro', 'ko'],
    ['/en', 'en'],
    ['/en/', 'en'],
    ['/en/docs/intro', 'en'],
    ['/english/docs', 'ko'],
    ['/enx', 'ko'],
  ])('%s belongs to %s', (path, locale) => {
    expect(getLocaleOfPath(path, bases)).toBe(locale);
  });

  it('lets the longest base win whatever the order of the map', () => {
    expect(getLocaleOfPath('/en/docs', { en: '/en/', ko: '/' })).toBe('en');
  });

  it('works under a site base URL and returns undefined outside it', () => {
    const underBase = { ko: '/site/', en: '/site/en/' };
    expect(getLocaleOfPath('/site/en/docs', underBase)).toBe('en');
    expect(getLocaleOfPath('/site', underBase)).toBe('ko');
    expect(getLocaleOfPath('/other', underBase)).toBeUndefined();
  });
});

describe('URL helpers', () => {
  it('encodes and decodes path segments, keeping slashes', () => {
    expect(encodePath('/docs/요청 파라미터/a+b@c')).toBe('/docs/%EC%9A%94%EC%B2%AD%20%ED%8C%8C%EB%9D%BC%EB%AF%B8%ED%84%B0/a+b@c');
    expect(decodePath('/docs/%EC%9A%94%EC%B2%AD')).toBe('/docs/요청');
    expect(decodePath('/bad/%E0%A4%A')).toBe('/bad/%E0%A4%A');
  });

  it.each([
    ['https://example.com', true],
    ['mailto:a@example.com', true],
    ['//cdn.example.com/x.js', true],
    ['/docs/x', false],
    ['./x.md', false],
    ['#anchor', false],
  ])('isExternalUrl(%s) is %s', (url, expected) => {
    expect(isExternalUrl(url)).toBe(expected);
  });
});

describe('output paths', () => {
  it('puts the feeds beside the blog and the sidebars under the data folder', () => {
    expect(outputPaths.getFeedPaths('/en/blog/')).toEqual({
      rss: '/en/blog/rss.xml',
      atom: '/en/blog/atom.xml',
      json: '/en/blog/feed.json',
    });
    expect(outputPaths.getSidebarFilePath('abc.json')).toBe('_docgen/sidebars/abc.json');
    // A manual's file: the default instance is "docs"; labels and locales made safe for a file name.
    expect(outputPaths.getManualFileName('default', '2508.1', 'ko')).toBe('docs-2508.1-ko.pdf');
    expect(outputPaths.getManualFileName('community', 'Next Release / β', 'zh-Hans')).toBe('community-next-release-β-zh-hans.pdf');
    expect(outputPaths.getManualFileName('default', '///', 'en')).toBe('docs-docs-en.pdf');
  });

  it('lists the files a build writes at URLs besides pages, once for check-links and redirects alike', () => {
    expect(outputPaths.getSiteFiles('/base/').map(([path]) => path)).toEqual(['/base/sitemap.xml', '/base/robots.txt']);
    expect(outputPaths.getLocaleFiles('/base/en/').map(([path]) => path)).toEqual([
      '/base/en/404.html',
      '/base/en/llms.txt',
      '/base/en/llms-full.txt',
    ]);
    const withBlog = outputPaths.getLocaleFiles('/base/en/', { blogPath: '/base/en/blog', docPaths: ['/base/en/docs/x/'] });
    expect(withBlog.slice(3)).toEqual([
      ['/base/en/blog/rss.xml', 'the RSS feed'],
      ['/base/en/blog/atom.xml', 'the Atom feed'],
      ['/base/en/blog/feed.json', 'the JSON feed'],
      ['/base/en/docs/x/index.md', 'the markdown twin of /base/en/docs/x/'],
    ]);
  });
});

describe('public exports', () => {
  it('pins the names the client and core rely on, by entry', () => {
    const names = (entry: object) => Object.keys(entry).sort();
    expect({
      '.': names(shared),
      './pageData': names(pageData),
      './documentTitle': names(documentTitle),
      './outputPaths': names(outputPaths),
      './htmlEntities': names(htmlEntities),
    }).toMatchInlineSnapshot(`
      {
        ".": [
          "ADMONITION_KEYWORDS",
          "ANNOUNCEMENT_STORAGE_KEY",
          "COLOR_MODE_STORAGE_KEY",
          "RESOLVING_ATTRIBUTE",
          "RESOLVING_TIMEOUT_MS",
          "decodePath",
          "encodePath",
          "escapeHtml",
          "fromPackedSidebar",
          "getHtmlFilePath",
          "getImageUrl",
          "getLocaleOfPath",
          "getOtherMarkdownPath",
          "getPreferredVersionStorageKey",
          "getTabGroupStorageKey",
          "isExternalUrl",
          "normalizePathname",
          "toPackedSidebar",
        ],
        "./documentTitle": [
          "PAGE_HEAD_ATTRIBUTE",
          "formatDocumentTitle",
          "getDocumentTitle",
        ],
        "./htmlEntities": [
          "decodeHtmlEntities",
        ],
        "./outputPaths": [
          "MANUALS_DIR",
          "getFeedPaths",
          "getLocaleFiles",
          "getManualFileName",
          "getSidebarFilePath",
          "getSiteFiles",
        ],
        "./pageData": [
          "DATA_DIR",
          "fromPageData",
          "getMarkdownPath",
          "getNotFoundRoute",
          "getPageDataFilePath",
          "getPageDataUrl",
          "getTocFromHtml",
          "toPageData",
        ],
      }
    `);
  });

  it('pins the search entry, and pins every entry the package exports', async () => {
    expect(Object.keys(search).sort()).toMatchInlineSnapshot(`
      [
        "KOREAN_ENDINGS",
        "KOREAN_PARTICLES",
        "SEARCH_BOOST",
        "SEARCH_CHUNKS_PER_DIRECTORY",
        "SEARCH_DETAIL_TEXT",
        "SEARCH_FILES_DIR",
        "SEARCH_FORMAT",
        "SEARCH_ISLAND_MARK",
        "SEARCH_MAX_POSTINGS",
        "SEARCH_PAGES_PER_CHUNK",
        "SEARCH_SCORE_SCALE",
        "SEARCH_SHARD_BYTES",
        "STEM_MARK",
        "createShardedSearch",
        "forEachIndexToken",
        "getDocsSearchScope",
        "getHighlightPattern",
        "getQueryBonusTokens",
        "getSearchChunkRange",
        "getSearchFileName",
        "getSearchFileUrl",
        "getSearchIndexFilePath",
        "getSearchIndexUrl",
        "getSearchPackName",
        "stemKorean",
        "tokenizeForSearch",
        "tokenizeSearchQuery",
      ]
    `);
    const { default: manifest } = await import('../package.json', { with: { type: 'json' } });
    expect(Object.keys(manifest.exports).sort()).toEqual([
      '.',
      './docsInstances',
      './documentTitle',
      './htmlEntities',
      './outputPaths',
      './pageData',
      './scriptUrl',
      './search',
      './toc',
    ]);
  });
});

describe('getImageUrl', () => {
  it.each([
    ['/', '//cdn.example.com/x.png', '//cdn.example.com/x.png'],
    ['/base/', '//cdn.example.com/x.png', '//cdn.example.com/x.png'],
    ['/base/', 'https://cdn.example.com/x.png', 'https://cdn.example.com/x.png'],
    ['/', '/img/x.png', '/img/x.png'],
    ['/base/', '/img/x.png', '/base/img/x.png'],
    ['/', 'img/x.png', '/img/x.png'],
    ['/base/', 'img/x.png', '/base/img/x.png'],
  ])('under %s, %s is %s (the site image and a page image alike)', (base, image, url) => {
    expect(shared.getImageUrl(base, image)).toBe(url);
  });
});
