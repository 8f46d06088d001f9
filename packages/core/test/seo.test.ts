import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { FeedPaths, LocaleManifest, ManifestRoute, RenderedSummary, SiteContent, SiteManifest } from '@docgen/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSite } from '../src/build/loadSite.js';
import { getFeedPaths } from '@docgen/shared/outputPaths';
import { getMarkdownPath } from '@docgen/shared/pageData';
import { createRouteRenderer, type ThemeServerModule } from '../src/render/index.js';
import { encodePath } from '@docgen/shared';
import { escapeXml, toAbsoluteUrl } from '../src/seo/xml.js';
import {
  createSeoFiles,
  type SeoOutput,
  getFeedInput,
  getMarkdownTwin,
  toAtomFeed,
  toJsonFeed,
  toLlmsFullTxt,
  toLlmsTxt,
  toMarkdownTwinText,
  toRobotsTxt,
  toRssFeed,
  toSitemap,
} from '../src/seo/index.js';
import { makeTempDir, removeTempDirs } from './helpers.js';

afterAll(removeTempDirs);

/**
 * A small site with everything the seo outputs must tell apart: a translated doc, an untranslated
 * one (an English fallback), an unlisted and a draft doc, a frozen version, a version root
 * repeating its main doc, listed and unlisted blog posts, and a social card image.
 */
const SITE: Record<string, string> = {
  'docgen.config.yaml': [
    'title: SEO 사이트',
    'tagline: 검색과 피드를 시험하는 사이트',
    'url: https://seo.example.com',
    'image: img/card.png',
    'i18n:',
    '  defaultLocale: ko',
    '  locales: [ko, en]',
    '  localeConfigs:',
    '    ko: { label: 한국어, htmlLang: ko-KR }',
    '    en: { label: English, htmlLang: en-US }',
    'docs:',
    '  lastVersion: current',
    'blog:',
    '  blogTitle: 블로그',
    '  blogDescription: 제품 소식',
    'navbar:',
    '  items:',
    '    - type: docSidebar',
    '      sidebarId: guide',
    '      label: 가이드',
    '',
  ].join('\n'),
  'versions.json': '["1.0"]',
  'sidebars.yaml': ['guide:', '  - intro', '  - type: category', '    label: 설정', '    items:', '      - guide/setup', ''].join('\n'),
  'docs/intro.md': ['---', 'title: 소개', 'description: 첫 문서', '---', '', '# 소개', '', '[설정](./guide/setup.md)을 보세요.', ''].join(
    '\n',
  ),
  'docs/guide/setup.md': [
    '---',
    'title: 설정 [고급]',
    'description: 설정하는 방법',
    '---',
    '',
    '[소개](../intro.md#시작) 문서와 [절대 경로](/docs/intro), [앵커](#옵션), [외부](https://example.org/x.md).',
    '',
    '![그림](./diagram.svg)',
    '',
    '```md',
    '[코드 안의 링크](../intro.md)',
    '```',
    '',
    '[참조]: ../intro.md',
    '',
    '## 옵션',
    '',
    '[참조][참조]',
    '',
  ].join('\n'),
  'docs/guide/diagram.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
  'docs/guide/hidden.md': ['---', 'title: 숨김', 'unlisted: true', '---', '', '숨김 문서', ''].join('\n'),
  'docs/guide/wip.md': ['---', 'title: 작업 중', 'draft: true', '---', '', '초안', ''].join('\n'),
  'versioned_docs/version-1.0/intro.md': ['---', 'title: 옛 소개', '---', '', '옛 문서', ''].join('\n'),
  'versioned_sidebars/version-1.0-sidebars.yaml': ['guide:', '  - intro', ''].join('\n'),
  'i18n/en/docs/current/intro.md': [
    '---',
    'title: Introduction',
    'description: The first doc',
    '---',
    '',
    'See [setup](./guide/setup.md).',
    '',
  ].join('\n'),
  'blog/authors.yaml': ['kim:', '  name: 김지훈', '  url: https://example.org/kim', ''].join('\n'),
  'blog/2025-01-10-old.md': [
    '---',
    'title: 오래된 글',
    'description: 처음 글',
    'authors: [kim]',
    '---',
    '',
    '본문 [소개](/docs/intro)',
    '',
  ].join('\n'),
  'blog/2025-03-05-new.md': ['---', 'title: 새 글 <&>', 'description: 최신 글', 'tags: [release]', '---', '', '새 본문', ''].join('\n'),
  'blog/2025-04-01-secret.md': ['---', 'title: 비밀 글', 'unlisted: true', '---', '', '비밀', ''].join('\n'),
  'static/img/card.png': 'png',
};

let siteDir: string;
let manifest: SiteManifest;
let content: SiteContent;
beforeAll(async () => {
  siteDir = join(makeTempDir('docgen-seo-'), 'site');
  for (const [file, text] of Object.entries(SITE)) {
    mkdirSync(dirname(join(siteDir, file)), { recursive: true });
    writeFileSync(join(siteDir, file), text);
  }
  ({ manifest, content } = await loadSite({ siteDir }));
});

const localeOf = (locale: string): LocaleManifest => manifest.locales.find((entry) => entry.locale === locale)!;
const routeAt = (locale: string, path: string): ManifestRoute => {
  const route = localeOf(locale).routes.find((candidate) => candidate.path === path);
  if (!route) throw new Error(`No route ${path} in ${locale}`);
  return route;
};
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  isArray: (name) => ['url', 'item', 'entry', 'xhtml:link', 'author'].includes(name),
});
const parseXml = (xml: string) => {
  expect(XMLValidator.validate(xml)).toBe(true);
  return parser.parse(xml) as Record<string, any>;
};
const asList = <T>(value: T | T[] | undefined): T[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

/** An output that keeps the files in `files`. */
const fakeOutput = (files: Map<string, string>): SeoOutput => ({
  write: (file, text) => void files.set(file, text),
  writeParts: (file, parts) => void files.set(file, Buffer.concat([...parts].map((part) => Buffer.from(part))).toString()),
  read: (file) => files.get(file)!,
  readBytes: (file) => Buffer.from(files.get(file)!),
  remove: (file) => void files.delete(file),
  has: (file) => files.has(file),
  // Written in place: what is there stays.
  keep: () => true,
});

describe('sitemap.xml and robots.txt', () => {
  it('lists every indexable page once, and none of the 404, noindex, draft, version-root or fallback pages', () => {
    const urls = asList(parseXml(toSitemap(manifest)).urlset.url).map((entry: { loc: string }) => entry.loc);
    expect(new Set(urls).size).toBe(urls.length);
    expect(urls).toEqual(
      expect.arrayContaining([
        'https://seo.example.com/docs/intro',
        'https://seo.example.com/docs/guide/setup',
        'https://seo.example.com/docs/1.0/intro',
        'https://seo.example.com/en/docs/intro',
        'https://seo.example.com/blog',
        'https://seo.example.com/blog/new',
      ]),
    );
    for (const excluded of [
      '/404.html',
      '/en/404.html',
      '/docs',
      '/docs/1.0',
      '/en/docs',
      '/en/docs/guide/setup',
      '/en/blog/old',
      '/docs/guide/hidden',
      '/docs/guide/wip',
      '/blog/secret',
    ]) {
      expect(urls).not.toContain(`https://seo.example.com${excluded}`);
    }
  });

  it('gives each URL the hreflang alternates of its real translations, with x-default only when there are several', () => {
    const entries = asList(parseXml(toSitemap(manifest)).urlset.url) as { loc: string; 'xhtml:link'?: Record<string, string>[] }[];
    const linksOf = (loc: string) =>
      (entries.find((entry) => entry.loc === loc)?.['xhtml:link'] ?? []).map((link) => `${link['@hreflang']} ${link['@href']}`);
    const intro = [
      'ko-KR https://seo.example.com/docs/intro',
      'en-US https://seo.example.com/en/docs/intro',
      'x-default https://seo.example.com/docs/intro',
    ];
    expect(linksOf('https://seo.example.com/docs/intro')).toEqual(intro);
    expect(linksOf('https://seo.example.com/en/docs/intro')).toEqual(intro);
    expect(linksOf('https://seo.example.com/docs/guide/setup')).toEqual(['ko-KR https://seo.example.com/docs/guide/setup']);
  });

  it('makes absolute URLs of paths as percent-encoding each segment does, plain paths included', () => {
    const characters = [...Array.from({ length: 128 }, (_, code) => String.fromCharCode(code)), '요', 'é', '😀'].filter(
      (character) => character !== '#',
    );
    for (const character of characters) {
      const path = `/docs/a${character}b/${character}`;
      expect(toAbsoluteUrl('https://example.com', path)).toBe(`https://example.com${encodePath(path)}`);
    }
    expect(toAbsoluteUrl('https://example.com', '/docs/설치#요약')).toBe('https://example.com/docs/%EC%84%A4%EC%B9%98#%EC%9A%94%EC%95%BD');
    expect(toAbsoluteUrl('https://example.com', 'https://other.example/x')).toBe('https://other.example/x');
  });

  it('escapes the five XML specials and drops what XML cannot hold, and gives other text as it is', () => {
    expect(escapeXml(`a&b<c>d"e'f\u0001g\uffffh`)).toBe('a&amp;b&lt;c&gt;d&quot;e&apos;fgh');
    const plain = 'https://example.com/docs/%EC%8B%9C%EC%9E%91/#설치-1';
    expect(escapeXml(plain)).toBe(plain);
    expect(escapeXml('\t\n\r')).toBe('\t\n\r');
  });

  it('writes a robots.txt that allows everything and names the sitemap under the base URL', () => {
    expect(toRobotsTxt({ url: 'https://seo.example.com', baseUrl: '/' })).toBe(
      'User-agent: *\nAllow: /\n\nSitemap: https://seo.example.com/sitemap.xml\n',
    );
    expect(toRobotsTxt({ url: 'https://x.example.com', baseUrl: '/sub/' })).toContain('Sitemap: https://x.example.com/sub/sitemap.xml');
  });
});

describe('blog feeds', () => {
  const rendered = (path: string): RenderedSummary | undefined =>
    path.includes('/blog/') ? { title: '', description: '', mainHtml: `<p>Body of ${path} <a href="/docs/intro">link</a></p>` } : undefined;
  const input = (locale = 'ko') =>
    getFeedInput(localeOf(locale), {
      siteUrl: manifest.config.url,
      paths: getFeedPaths(localeOf(locale).site.blog.path),
      getRendered: rendered,
    })!;

  it('names the feeds beside the blog of each locale', () => {
    expect(getFeedPaths('/blog')).toEqual<FeedPaths>({ rss: '/blog/rss.xml', atom: '/blog/atom.xml', json: '/blog/feed.json' });
    expect(getFeedPaths('/en/blog/')).toEqual<FeedPaths>({
      rss: '/en/blog/rss.xml',
      atom: '/en/blog/atom.xml',
      json: '/en/blog/feed.json',
    });
  });

  it('holds the listed posts newest first, with absolute links in their content', () => {
    expect(input().posts.map((post) => post.meta.path)).toEqual(['/blog/new', '/blog/old']);
    const rss = parseXml(toRssFeed(input())).rss;
    expect(rss['@version']).toBe('2.0');
    expect(rss.channel).toMatchObject({
      title: '블로그',
      link: 'https://seo.example.com/blog',
      description: '제품 소식',
      language: 'ko-KR',
    });
    const [newest, oldest] = rss.channel.item;
    expect(newest).toMatchObject({
      title: '새 글 <&>',
      link: 'https://seo.example.com/blog/new',
      pubDate: 'Wed, 05 Mar 2025 00:00:00 GMT',
    });
    expect(newest.guid).toMatchObject({ '#text': 'https://seo.example.com/blog/new', '@isPermaLink': 'true' });
    expect(oldest['dc:creator']).toBe('김지훈');
    expect(oldest['content:encoded']).toBe('<p>Body of /blog/old <a href="https://seo.example.com/docs/intro">link</a></p>');
  });

  it('writes Atom with ids, titles, update times and authors on the feed and every entry', () => {
    const feed = parseXml(toAtomFeed(input('en'))).feed;
    expect(feed).toMatchObject({ id: 'https://seo.example.com/en/blog', updated: '2025-03-05T00:00:00.000Z' });
    expect(feed.author[0].name).toBe('SEO 사이트');
    expect(feed.entry.map((entry: { id: string }) => entry.id)).toEqual([
      'https://seo.example.com/en/blog/new',
      'https://seo.example.com/en/blog/old',
    ]);
    expect(feed.entry[1]).toMatchObject({
      summary: '처음 글',
      published: '2025-01-10T00:00:00.000Z',
      author: [{ name: '김지훈', uri: 'https://example.org/kim' }],
    });
    expect(feed.entry[1].content).toMatchObject({ '@type': 'html' });
  });

  it('writes JSON Feed 1.1', () => {
    const feed = JSON.parse(toJsonFeed(input()));
    expect(feed).toMatchObject({
      version: 'https://jsonfeed.org/version/1.1',
      title: '블로그',
      feed_url: 'https://seo.example.com/blog/feed.json',
    });
    expect(feed.items[1]).toMatchObject({
      id: 'https://seo.example.com/blog/old',
      url: 'https://seo.example.com/blog/old',
      summary: '처음 글',
      date_published: '2025-01-10T00:00:00.000Z',
      authors: [{ name: '김지훈', url: 'https://example.org/kim' }],
    });
    expect(feed.items[1].content_html).toContain('href="https://seo.example.com/docs/intro"');
  });

  it('has no feed for a locale without a blog list', () => {
    const locale = localeOf('ko');
    const withoutBlog = { ...locale, routes: locale.routes.filter((route) => !route.data.type.startsWith('blog')) };
    expect(getFeedInput(withoutBlog, { siteUrl: '', paths: getFeedPaths('/blog'), getRendered: rendered })).toBeUndefined();
  });
});

describe('markdown twins', () => {
  const twinOf = (locale: string, path: string) => {
    const route = routeAt(locale, path);
    const source = content.versions.flatMap((version) => version.docs).find((doc) => doc.file.sitePath === route.sources[0])!;
    const links = localeOf(locale).linkSources.find((entry) => entry.sourcePath === source.file.sitePath)?.links ?? [];
    return toMarkdownTwinText(getMarkdownTwin({ title: route.data.title, source, links, siteUrl: manifest.config.url }));
  };

  it('live at the page URL plus .md', () => {
    expect(getMarkdownPath('/docs/guide/setup')).toBe('/docs/guide/setup.md');
    expect(getMarkdownPath('/en/docs/tools/')).toBe('/en/docs/tools/index.md');
  });

  it('hold the title as heading and the source body, with internal links made absolute', () => {
    const twin = twinOf('ko', '/docs/guide/setup');
    // A relative image is copied as an asset under a content-hashed name.
    const image = /!\[그림\]\((https:\/\/seo\.example\.com\/assets\/files\/[\w-]+-diagram\.svg)\)/.exec(twin)?.[1];
    expect(image).toBeDefined();
    expect(twin).toBe(
      [
        '# 설정 [고급]',
        '',
        '[소개](https://seo.example.com/docs/intro#%EC%8B%9C%EC%9E%91) 문서와 [절대 경로](https://seo.example.com/docs/intro), [앵커](#옵션), [외부](https://example.org/x.md).',
        '',
        `![그림](${image})`,
        '',
        '```md',
        '[코드 안의 링크](../intro.md)',
        '```',
        '',
        '[참조]: https://seo.example.com/docs/intro',
        '',
        '## 옵션',
        '',
        '[참조][참조]',
        '',
      ].join('\n'),
    );
  });

  it('rewrite destinations in angle brackets, after white space and on the line after a definition', () => {
    const body = ['See ../x.md and [x]( <../x.md> ).', '', '[y]:', '  ./y.md "Y"', '', '[z](./z.md)'].join('\n');
    const link = (url: string, line: number, column: number, target: string) => ({ url, kind: 'link' as const, line, column, target });
    const twin = getMarkdownTwin({
      title: 'T',
      source: { body, bodyLine: 4 },
      links: [link('../x.md', 4, 16, '/docs/x'), link('./y.md', 6, 1, '/docs/y'), link('./z.md', 9, 1, '/docs/z')],
      siteUrl: 'https://s.example.com',
    });
    expect(twin.body).toBe(
      [
        'See ../x.md and [x]( <https://s.example.com/docs/x> ).',
        '',
        '[y]:',
        '  https://s.example.com/docs/y "Y"',
        '',
        '[z](https://s.example.com/docs/z)',
      ].join('\n'),
    );
  });

  it('drop the front matter and a leading # heading (the title is the heading)', () => {
    expect(twinOf('ko', '/docs/intro')).toBe('# 소개\n\n[설정](https://seo.example.com/docs/guide/setup)을 보세요.\n');
  });

  it("head with the body's leading # heading, as the page shows it, rather than the front matter title", () => {
    const twinFor = (body: string) =>
      toMarkdownTwinText(getMarkdownTwin({ title: 'Home', source: { body, bodyLine: 4 }, links: [], siteUrl: 'https://s.example.com' }));
    expect(twinFor('# Welcome to My Docs\n\nText.\n')).toBe('# Welcome to My Docs\n\nText.\n');
    expect(twinFor('\n# Closed `code` ##\n\nText.\n')).toBe('# Closed `code`\n\nText.\n');
    expect(twinFor('Setext title\n===\n\nText.\n')).toBe('# Setext title\n\nText.\n');
    expect(twinFor('Text.\n\n# Later\n')).toBe('# Home\n\nText.\n\n# Later\n');
  });

  it('of a fallback page are the default locale source, linking within the page locale', () => {
    expect(twinOf('en', '/en/docs/guide/setup')).toContain(
      '# 설정 [고급]\n\n[소개](https://seo.example.com/en/docs/intro#%EC%8B%9C%EC%9E%91)',
    );
  });
});

describe('llms.txt', () => {
  const summaries = new Map<string, RenderedSummary>([['/', { title: '홈', description: '첫 화면' }]]);
  const input = (locale: string) => ({ locale: localeOf(locale), getRendered: (path: string) => summaries.get(path) });

  it('maps the latest docs by sidebar, then blog and pages, in the llms.txt format', () => {
    const text = toLlmsTxt(input('ko'));
    expect(text.split('\n').slice(0, 3)).toEqual(['# SEO 사이트', '', '> 검색과 피드를 시험하는 사이트']);
    const section = (title: string) => text.split(`\n## ${title}\n\n`)[1]!.split('\n\n')[0]!.trim().split('\n');
    expect(section('가이드')).toEqual([
      '- [소개](https://seo.example.com/docs/intro.md): 첫 문서',
      '- [설정 \\[고급\\]](https://seo.example.com/docs/guide/setup.md): 설정하는 방법',
    ]);
    expect(section('블로그')).toEqual([
      '- [새 글 <&>](https://seo.example.com/blog/new): 최신 글',
      '- [오래된 글](https://seo.example.com/blog/old): 처음 글',
    ]);
    expect(text).not.toContain('/docs/1.0/');
    expect(text).not.toContain('hidden');
    for (const line of text.split('\n').filter((candidate) => candidate.startsWith('- '))) {
      expect(line).toMatch(/^- \[(?:[^\]\\]|\\.)+\]\(https:\/\/seo\.example\.com\/[^)\s]*\)(: .+)?$/);
    }
  });

  it('links the English map to English URLs, fallbacks included', () => {
    const text = toLlmsTxt(input('en'));
    expect(text).toContain('- [Introduction](https://seo.example.com/en/docs/intro.md): The first doc');
    expect(text).toContain('(https://seo.example.com/en/docs/guide/setup.md)');
  });

  it('puts the latest docs in full into llms-full.txt', async () => {
    const twins = createSeoFiles();
    const files = new Map<string, string>();
    await twins.write({
      manifest,
      content,
      output: fakeOutput(files),
      renderedPaths: [],
      keptFiles: new Set(),
    });
    const full = files.get('llms-full.txt')!;
    expect(full).toContain(
      '# 소개\n\nSource: https://seo.example.com/docs/intro\n\n[설정](https://seo.example.com/docs/guide/setup)을 보세요.',
    );
    expect(full.indexOf('# 소개')).toBeLessThan(full.indexOf('# 설정 [고급]'));
    expect(full).not.toContain('옛 문서');
    expect(files.get('docs/guide/setup.md')).toMatch(/^# 설정 \[고급\]\n/);
    expect(files.get('en/docs/guide/setup.md')).toMatch(/^# 설정 \[고급\]\n/);
    expect(files.has('docs/guide/wip.md')).toBe(false);
    expect([...files.keys()].filter((file) => !file.endsWith('.md')).sort()).toEqual([
      'blog/atom.xml',
      'blog/feed.json',
      'blog/rss.xml',
      'en/blog/atom.xml',
      'en/blog/feed.json',
      'en/blog/rss.xml',
      'en/llms-full.txt',
      'en/llms.txt',
      'llms-full.txt',
      'llms.txt',
      'robots.txt',
      'sitemap.xml',
    ]);
    expect([...toLlmsFullTxt({ ...input('ko'), getTwinText: () => undefined })].map(([, text]) => text).join('')).toBe(
      '# SEO 사이트\n\n> 검색과 피드를 시험하는 사이트\n',
    );
  });

  it("takes the unchanged docs' parts of llms-full.txt from the last one, and reads the twins when it is not the file described", async () => {
    const files = new Map<string, string>();
    const output = fakeOutput(files);
    const first = await createSeoFiles().write({ manifest, content, output, renderedPaths: [], keptFiles: new Set() });
    const full = files.get('llms-full.txt')!;
    expect(first.llmsFull['llms-full.txt']!.reduce((sum, [, bytes]) => sum + bytes, 0)).toBe(Buffer.byteLength(full));
    // The next run renders /docs/intro again and keeps the other twins: their parts come from the
    // last file (a twin changed behind its back shows it), the rendered doc's from its new twin.
    const keptFiles = new Set([...files.keys()].filter((file) => file.endsWith('.md') && file !== 'docs/intro.md'));
    files.set('docs/guide/setup.md', files.get('docs/guide/setup.md')!.replace('설정', '바뀐 설정'));
    files.set('docs/intro.md', '# 사라질 글\n');
    const next = () =>
      createSeoFiles().write({ manifest, content, output, renderedPaths: ['/docs/intro'], keptFiles, llmsFull: first.llmsFull });
    await next();
    expect(files.get('llms-full.txt')).toBe(full);
    // A last file of another length is not the one described: every part from the twins.
    files.set('llms-full.txt', `${full}!`);
    await next();
    expect(files.get('llms-full.txt')).not.toBe(full);
    expect(files.get('llms-full.txt')).toContain('바뀐 설정');
  });

  it('removes the files of pages that disappeared on the next run', async () => {
    const seo = createSeoFiles();
    const files = new Map<string, string>();
    const output = fakeOutput(files);
    await seo.write({ manifest, content, output, renderedPaths: [], keptFiles: new Set() });
    expect(files.has('docs/guide/setup.md')).toBe(true);
    const ko = localeOf('ko');
    const smaller = {
      ...manifest,
      locales: manifest.locales.map((locale) =>
        locale === ko ? { ...locale, routes: locale.routes.filter((route) => route.path !== '/docs/guide/setup') } : locale,
      ),
    };
    await seo.write({ manifest: smaller, content, output, renderedPaths: [], keptFiles: new Set() });
    expect(files.has('docs/guide/setup.md')).toBe(false);
    expect(files.has('en/docs/guide/setup.md')).toBe(true);
  });
});

describe('head tags', () => {
  const theme: ThemeServerModule = {
    renderContent: () => '<p>content</p>',
    renderPage: () => ({ html: '<main><h1>page</h1></main>' }),
    pages: {},
  };
  const head = (locale: string, path: string) => {
    const { site, sidebarFiles } = localeOf(locale);
    const render = createRouteRenderer({
      theme,
      site,
      assets: { script: 'assets/app.js', siteBaseUrl: '/' },
      getSidebar: (url) => sidebarFiles[url],
    });
    const html = render(routeAt(locale, path), () => ({ type: 'root', children: [] })).html;
    return /<head>(.*)<\/head>/s.exec(html)![1]!;
  };
  const jsonLd = (html: string) =>
    [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((match) => JSON.parse(match[1]!));

  it('gives every page Open Graph and Twitter card tags, with the social image as an absolute URL', () => {
    const tags = head('ko', '/docs/guide/setup');
    for (const tag of [
      '<meta property="og:title" content="설정 [고급]">',
      '<meta property="og:description" content="설정하는 방법">',
      '<meta property="og:url" content="https://seo.example.com/docs/guide/setup">',
      '<meta property="og:type" content="article">',
      '<meta property="og:locale" content="ko_KR">',
      '<meta property="og:site_name" content="SEO 사이트">',
      '<meta property="og:image" content="https://seo.example.com/img/card.png">',
      '<meta name="twitter:card" content="summary">',
    ]) {
      expect(tags).toContain(tag);
    }
    expect(head('ko', '/blog')).toContain('<meta property="og:type" content="website">');
  });

  it('links the markdown twin of a doc page and the feeds of every blog page', () => {
    expect(head('en', '/en/docs/guide/setup')).toContain('<link rel="alternate" type="text/markdown" href="/en/docs/guide/setup.md">');
    for (const path of ['/blog', '/blog/new', '/blog/archive', '/blog/tags']) {
      const tags = head('ko', path);
      expect(tags).toContain('<link rel="alternate" type="application/rss+xml" title="블로그 RSS Feed" href="/blog/rss.xml">');
      expect(tags).toContain('<link rel="alternate" type="application/atom+xml" title="블로그 Atom Feed" href="/blog/atom.xml">');
      expect(tags).toContain('<link rel="alternate" type="application/feed+json" title="블로그 JSON Feed" href="/blog/feed.json">');
    }
    expect(head('ko', '/docs/intro')).not.toContain('application/rss+xml');
  });

  it('puts a BreadcrumbList on doc pages and a BlogPosting on blog posts', () => {
    expect(jsonLd(head('ko', '/docs/guide/setup'))).toEqual([
      {
        '@context': 'https://schema.org',
        '@type': 'BreadcrumbList',
        itemListElement: [
          { '@type': 'ListItem', position: 1, name: 'SEO 사이트', item: 'https://seo.example.com/' },
          { '@type': 'ListItem', position: 2, name: '설정 [고급]', item: 'https://seo.example.com/docs/guide/setup' },
        ],
      },
    ]);
    const [post] = jsonLd(head('ko', '/blog/old'));
    expect(post).toMatchObject({
      '@type': 'BlogPosting',
      headline: '오래된 글',
      datePublished: '2025-01-10',
      url: 'https://seo.example.com/blog/old',
      author: [{ '@type': 'Person', name: '김지훈', url: 'https://example.org/kim' }],
    });
  });

  it('points a fallback page canonical at the default-locale page and names only real translations in hreflang', () => {
    const fallback = head('en', '/en/docs/guide/setup');
    expect(fallback).toContain('<link rel="canonical" href="https://seo.example.com/docs/guide/setup">');
    expect(fallback).toContain('<link rel="alternate" hreflang="ko-KR" href="https://seo.example.com/docs/guide/setup">');
    expect(fallback).not.toContain('hreflang="en-US"');
    expect(fallback).not.toContain('hreflang="x-default"');
    const translated = head('en', '/en/docs/intro');
    expect(translated).toContain('<link rel="canonical" href="https://seo.example.com/en/docs/intro">');
    expect(translated).toContain('<link rel="alternate" hreflang="en-US" href="https://seo.example.com/en/docs/intro">');
    expect(translated).toContain('<link rel="alternate" hreflang="x-default" href="https://seo.example.com/docs/intro">');
    expect(translated).toContain('<meta property="og:locale:alternate" content="ko_KR">');
  });
});
