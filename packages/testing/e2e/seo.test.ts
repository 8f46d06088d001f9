import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { Browser } from 'playwright-core';
import type { HydrationPayload, RouteData } from '@docgen/types';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { gotoReady, launchBrowser, openPage } from '../src/browser.js';

const siteUrl = inject('siteUrl');
const outDir = inject('outDir');
/** The deployed origin of docs-content (its `url`), served here by the e2e server. */
const ORIGIN = 'https://docs.example.com';
const toLocal = (url: string) => (url.startsWith(ORIGIN) ? siteUrl + url.slice(ORIGIN.length) : url.startsWith('/') ? siteUrl + url : url);

async function get(url: string) {
  const response = await fetch(toLocal(url), { redirect: 'manual' });
  return { status: response.status, type: response.headers.get('content-type') ?? '', text: await response.text() };
}

// ---------------------------------------------------------------------------------------------
// Validators of the formats' rules. Each returns the problems it found (none: valid).
// ---------------------------------------------------------------------------------------------

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  textNodeName: '#text',
  parseTagValue: false,
  isArray: (name) => ['url', 'item', 'entry', 'link', 'author', 'xhtml:link', 'category', 'dc:creator'].includes(name),
});
type XmlNode = Record<string, any>;
const text = (node: unknown): string | undefined =>
  typeof node === 'string' ? node : node && typeof node === 'object' && '#text' in node ? String((node as XmlNode)['#text']) : undefined;
const isAbsoluteUrl = (value: unknown) => typeof value === 'string' && /^https?:\/\/[^\s]+$/.test(value);
/** RFC 3339 date-time, as Atom and JSON Feed require. */
const isRfc3339 = (value: unknown) =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.test(value) && !isNaN(Date.parse(value));
/** RFC 822 date-time (four-digit years allowed), as RSS 2.0 requires. */
const isRfc822 = (value: unknown) =>
  typeof value === 'string' &&
  /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} (GMT|UT|[+-]\d{4})$/.test(
    value,
  );

function parseXml(xml: string): { problems: string[]; document?: XmlNode } {
  const valid = XMLValidator.validate(xml);
  if (valid !== true) return { problems: [`not well-formed XML: ${valid.err.msg} (line ${valid.err.line})`] };
  if (!xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')) return { problems: ['no UTF-8 XML declaration'] };
  return { problems: [], document: parser.parse(xml) as XmlNode };
}

/** sitemaps.org protocol 0.9, with Google's xhtml:link hreflang extension. */
function validateSitemap(xml: string): string[] {
  const { problems, document } = parseXml(xml);
  if (!document) return problems;
  const urlset = document.urlset as XmlNode | undefined;
  if (!urlset) return ['root element is not <urlset>'];
  if (urlset['@xmlns'] !== 'http://www.sitemaps.org/schemas/sitemap/0.9') problems.push('urlset lacks the sitemap 0.9 namespace');
  const urls = (urlset.url ?? []) as XmlNode[];
  if (urls.length === 0) problems.push('no <url>');
  if (urls.length > 50_000) problems.push('more than 50,000 URLs');
  if (urls.some((url) => url['xhtml:link']) && urlset['@xmlns:xhtml'] !== 'http://www.w3.org/1999/xhtml') {
    problems.push('xhtml:link used without the xhtml namespace');
  }
  for (const url of urls) {
    const loc = text(url.loc);
    if (!isAbsoluteUrl(loc) || loc!.length > 2048) problems.push(`bad <loc> ${loc}`);
    if (url.lastmod !== undefined && !/^\d{4}-\d{2}-\d{2}(T.+)?$/.test(text(url.lastmod) ?? '')) problems.push(`bad <lastmod> in ${loc}`);
    for (const link of (url['xhtml:link'] ?? []) as XmlNode[]) {
      if (
        link['@rel'] !== 'alternate' ||
        !/^([a-z]{2,3}(-[A-Za-z0-9]+)*|x-default)$/.test(link['@hreflang'] ?? '') ||
        !isAbsoluteUrl(link['@href'])
      ) {
        problems.push(`bad xhtml:link in ${loc}: ${JSON.stringify(link)}`);
      }
    }
  }
  return problems;
}

/** RSS 2.0: channel title, link and description; every item a title or description; valid dates and links. */
function validateRss(xml: string): string[] {
  const { problems, document } = parseXml(xml);
  if (!document) return problems;
  const rss = document.rss as XmlNode | undefined;
  if (!rss || rss['@version'] !== '2.0') return ['root element is not <rss version="2.0">'];
  const channel = rss.channel as XmlNode | undefined;
  if (!channel) return ['no <channel>'];
  // `link` is read as a list (Atom allows several): RSS has one.
  const fields = { title: text(channel.title), link: text(channel.link?.[0]), description: text(channel.description) };
  for (const [name, value] of Object.entries(fields)) if (!value) problems.push(`channel lacks <${name}>`);
  if (!isAbsoluteUrl(fields.link)) problems.push('channel <link> is not an absolute URL');
  for (const [index, item] of ((channel.item ?? []) as XmlNode[]).entries()) {
    if (!text(item.title) && !text(item.description)) problems.push(`item ${index} has neither <title> nor <description>`);
    const link = item.link?.[0];
    if (link !== undefined && !isAbsoluteUrl(text(link))) problems.push(`item ${index} <link> is not an absolute URL`);
    if (item.guid !== undefined && item.guid['@isPermaLink'] !== 'false' && !isAbsoluteUrl(text(item.guid))) {
      problems.push(`item ${index} permalink <guid> is not an absolute URL`);
    }
    if (item.pubDate !== undefined && !isRfc822(text(item.pubDate))) problems.push(`item ${index} <pubDate> is not RFC 822`);
    if (item.author !== undefined) problems.push(`item ${index} <author> must be an e-mail address; use dc:creator for names`);
  }
  return problems;
}

/** Atom 1.0 (RFC 4287): feed and entries need id, title, updated; authors on the feed or on every entry. */
function validateAtom(xml: string): string[] {
  const { problems, document } = parseXml(xml);
  if (!document) return problems;
  const feed = document.feed as XmlNode | undefined;
  if (!feed || feed['@xmlns'] !== 'http://www.w3.org/2005/Atom') return ['root element is not an Atom <feed>'];
  for (const name of ['id', 'title', 'updated']) if (!text(feed[name])) problems.push(`feed lacks <${name}>`);
  if (!isRfc3339(text(feed.updated))) problems.push('feed <updated> is not RFC 3339');
  const feedHasAuthor = ((feed.author ?? []) as XmlNode[]).some((author) => text(author.name));
  if (!((feed.link ?? []) as XmlNode[]).some((link) => link['@rel'] === 'self')) problems.push('feed lacks a rel="self" link');
  const ids = new Set<string>();
  for (const [index, entry] of ((feed.entry ?? []) as XmlNode[]).entries()) {
    for (const name of ['id', 'title', 'updated']) if (!text(entry[name])) problems.push(`entry ${index} lacks <${name}>`);
    if (!isRfc3339(text(entry.updated))) problems.push(`entry ${index} <updated> is not RFC 3339`);
    if (entry.published !== undefined && !isRfc3339(text(entry.published))) problems.push(`entry ${index} <published> is not RFC 3339`);
    if (!feedHasAuthor && !((entry.author ?? []) as XmlNode[]).some((author) => text(author.name))) {
      problems.push(`entry ${index} has no author and the feed names none`);
    }
    const alternate = ((entry.link ?? []) as XmlNode[]).some((link) => (link['@rel'] ?? 'alternate') === 'alternate');
    if (!entry.content && !alternate) problems.push(`entry ${index} has neither <content> nor an alternate link`);
    const id = text(entry.id) ?? '';
    if (ids.has(id)) problems.push(`entry id ${id} repeats`);
    ids.add(id);
  }
  return problems;
}

/** JSON Feed 1.1: version, title, items; every item an id and content_html or content_text. */
function validateJsonFeed(json: string): string[] {
  let feed: XmlNode;
  try {
    feed = JSON.parse(json) as XmlNode;
  } catch (error) {
    return [`not JSON: ${(error as Error).message}`];
  }
  const problems: string[] = [];
  if (feed.version !== 'https://jsonfeed.org/version/1.1') problems.push('version is not https://jsonfeed.org/version/1.1');
  if (typeof feed.title !== 'string' || !feed.title) problems.push('no title');
  if (!Array.isArray(feed.items)) return [...problems, 'items is not an array'];
  for (const key of ['home_page_url', 'feed_url'])
    if (feed[key] !== undefined && !isAbsoluteUrl(feed[key])) problems.push(`${key} is not a URL`);
  for (const [index, item] of (feed.items as XmlNode[]).entries()) {
    if (typeof item.id !== 'string' || !item.id) problems.push(`item ${index} has no string id`);
    if (typeof item.content_html !== 'string' && typeof item.content_text !== 'string')
      problems.push(`item ${index} has no content_html or content_text`);
    if (item.url !== undefined && !isAbsoluteUrl(item.url)) problems.push(`item ${index} url is not absolute`);
    for (const key of ['date_published', 'date_modified'])
      if (item[key] !== undefined && !isRfc3339(item[key])) problems.push(`item ${index} ${key} is not RFC 3339`);
    if (
      item.authors !== undefined &&
      (!Array.isArray(item.authors) || item.authors.some((author: XmlNode) => !author.name && !author.url && !author.avatar))
    ) {
      problems.push(`item ${index} has an empty author`);
    }
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------
// The built pages, read from the output.
// ---------------------------------------------------------------------------------------------

interface BuiltPage {
  path: string;
  html: string;
  head: string;
  route: RouteData;
}

function readBuiltPages(): BuiltPage[] {
  const pages: BuiltPage[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      if (entry.isDirectory() && entry.name !== '_docgen' && entry.name !== 'assets') walk(full);
      else if (entry.name === 'index.html') {
        const html = readFileSync(full, 'utf8');
        const payload = JSON.parse(
          /<script id="__docgen-data" type="application\/json">(.*?)<\/script>/s.exec(html)![1]!,
        ) as HydrationPayload;
        pages.push({ path: payload.route.path, html, head: /<head>(.*?)<\/head>/s.exec(html)![1]!, route: payload.route });
      }
    }
  };
  walk(outDir);
  return pages;
}

const attribute = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1]?.replace(/&amp;/g, '&');
const linksOf = (head: string, test: (tag: string) => boolean) =>
  [...head.matchAll(/<link\b[^>]*>/g)].map((match) => match[0]).filter(test);
const hreflangsOf = (head: string) =>
  linksOf(head, (tag) => tag.includes('hreflang=')).map((tag) => `${attribute(tag, 'hreflang')} ${attribute(tag, 'href')}`);
const canonicalOf = (head: string) => attribute(linksOf(head, (tag) => tag.includes('rel="canonical"'))[0] ?? '', 'href');
const metaOf = (head: string, property: string) =>
  [...head.matchAll(/<meta\b[^>]*>/g)]
    .map((match) => match[0])
    .find((tag) => tag.includes(`property="${property}"`) || tag.includes(`name="${property}"`));
const jsonLdOf = (head: string) =>
  [...head.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((match) => JSON.parse(match[1]!));

let pages: BuiltPage[];
let sitemap: XmlNode[];
beforeAll(async () => {
  pages = readBuiltPages();
  const response = await get('/sitemap.xml');
  sitemap = (parser.parse(response.text) as XmlNode).urlset.url as XmlNode[];
});
const pageAt = (path: string) => pages.find((page) => page.path === path)!;
/** Doc pages of the latest version (docs-content serves `current` at /docs), version roots left out. */
const isLatestDoc = (page: BuiltPage) =>
  page.route.type === 'doc' && page.route.versionName === 'current' && !page.route.noIndex && !/^(\/en)?\/docs$/.test(page.path);

describe('the validators', () => {
  it('find the problems of broken documents', () => {
    expect(validateSitemap('<urlset><url><loc>/relative</loc></url>')).not.toEqual([]);
    expect(
      validateSitemap(
        '<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>/x</loc></url></urlset>',
      ),
    ).toEqual(['bad <loc> /x']);
    expect(
      validateRss(
        '<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>t</title><item><link>x</link></item></channel></rss>',
      ),
    ).toEqual([
      'channel lacks <link>',
      'channel lacks <description>',
      'channel <link> is not an absolute URL',
      'item 0 has neither <title> nor <description>',
      'item 0 <link> is not an absolute URL',
    ]);
    expect(
      validateAtom(
        '<?xml version="1.0" encoding="UTF-8"?><feed xmlns="http://www.w3.org/2005/Atom"><id>x</id><title>t</title><updated>2025-01-01</updated><entry><title>e</title><updated>2025-01-01T00:00:00Z</updated><content>c</content></entry></feed>',
      ),
    ).toEqual([
      'feed <updated> is not RFC 3339',
      'feed lacks a rel="self" link',
      'entry 0 lacks <id>',
      'entry 0 has no author and the feed names none',
    ]);
    expect(validateJsonFeed('{"version":"https://jsonfeed.org/version/1","items":[{"id":1,"title":"x"}]}')).toEqual([
      'version is not https://jsonfeed.org/version/1.1',
      'no title',
      'item 0 has no string id',
      'item 0 has no content_html or content_text',
    ]);
  });
});

describe('robots.txt and sitemap.xml', () => {
  it('serves robots.txt allowing everything, naming the sitemap', async () => {
    const robots = await get('/robots.txt');
    expect(robots.status).toBe(200);
    expect(robots.type).toContain('text/plain');
    expect(robots.text).toBe('User-agent: *\nAllow: /\n\nSitemap: https://docs.example.com/sitemap.xml\n');
  });

  it('serves a valid sitemap', async () => {
    const response = await get('/sitemap.xml');
    expect(response.status).toBe(200);
    expect(response.type).toContain('application/xml');
    expect(validateSitemap(response.text)).toEqual([]);
  });

  it('lists only URLs that answer 200 with an indexable page whose canonical URL is that URL', async () => {
    const failures: string[] = [];
    for (const entry of sitemap) {
      const loc = text(entry.loc)!;
      const response = await get(loc);
      const head = /<head>(.*?)<\/head>/s.exec(response.text)?.[1] ?? '';
      if (response.status !== 200) failures.push(`${loc}: status ${response.status}`);
      else if (head.includes('name="robots" content="noindex"')) failures.push(`${loc}: noindex`);
      else if (canonicalOf(head) !== loc) failures.push(`${loc}: canonical ${canonicalOf(head)}`);
    }
    expect(failures).toEqual([]);
    expect(sitemap.length).toBeGreaterThan(100);
  });

  it('lists every indexable page, and no draft, unlisted, 404, version-root or fallback page', () => {
    const locs = new Set(sitemap.map((entry) => text(entry.loc)));
    const indexable = pages.filter(
      (page) => page.route.type !== 'notFound' && !page.route.noIndex && canonicalOf(page.head) === ORIGIN + encodeURI(page.path),
    );
    expect(indexable.map((page) => ORIGIN + encodeURI(page.path)).filter((loc) => !locs.has(loc))).toEqual([]);
    for (const path of [
      '/docs/guide/faq', // unlisted
      '/docs/guide/roadmap-draft', // draft
      '/404.html',
      '/en/404.html',
      '/docs', // the version root repeats /docs/guide/overview
      '/docs/2506.1',
      '/en/docs',
      '/en/docs/guide/start', // English fallback of the Korean page
    ]) {
      expect(locs, path).not.toContain(ORIGIN + path);
    }
    expect(locs).toContain(`${ORIGIN}/en/docs/guide/overview`);
  });

  it('gives each URL exactly the hreflang alternates its page names in its head', () => {
    const mismatches: string[] = [];
    for (const entry of sitemap) {
      const loc = text(entry.loc)!;
      const page = pages.find((candidate) => ORIGIN + encodeURI(candidate.path) === loc);
      if (!page) {
        mismatches.push(`${loc}: no built page`);
        continue;
      }
      const inSitemap = ((entry['xhtml:link'] ?? []) as XmlNode[]).map((link) => `${link['@hreflang']} ${link['@href']}`);
      if (JSON.stringify(inSitemap) !== JSON.stringify(hreflangsOf(page.head)))
        mismatches.push(`${loc}: ${inSitemap} vs ${hreflangsOf(page.head)}`);
    }
    expect(mismatches).toEqual([]);
  });
});

describe('canonical URLs and hreflang', () => {
  it('points every fallback page at the Korean page and names only real translations', () => {
    const fallbacks = pages.filter((page) => 'fallbackFrom' in page.route && page.route.fallbackFrom);
    expect(fallbacks.length).toBeGreaterThan(20);
    for (const page of fallbacks) {
      const source = (page.route as Extract<RouteData, { type: 'doc' }>).fallbackFrom!.path;
      // The Korean page's canonical URL: the page itself, or for a version root its main doc.
      expect(canonicalOf(page.head), page.path).toBe(canonicalOf(pageAt(source).head));
      expect(hreflangsOf(page.head), page.path).toEqual([`ko-KR ${ORIGIN}${encodeURI(source)}`]);
    }
    const start = pageAt('/en/docs/guide/start');
    expect(canonicalOf(start.head)).toBe(`${ORIGIN}/docs/guide/start`);
    expect(hreflangsOf(start.head)).toEqual([`ko-KR ${ORIGIN}/docs/guide/start`]);
    expect(hreflangsOf(pageAt('/docs/guide/start').head)).toEqual([`ko-KR ${ORIGIN}/docs/guide/start`]);
  });

  it('points every canonical URL at a page whose canonical URL is itself (no chains)', () => {
    const chains: string[] = [];
    for (const page of pages.filter((candidate) => candidate.route.type !== 'notFound')) {
      const target = decodeURI(canonicalOf(page.head).slice(ORIGIN.length));
      const own = canonicalOf(pageAt(target).head);
      if (own !== canonicalOf(page.head)) chains.push(`${page.path} -> ${target} -> ${own}`);
    }
    expect(chains).toEqual([]);
    expect(canonicalOf(pageAt('/en/docs/2504.1').head)).toBe(`${ORIGIN}/docs/2504.1/guide/guide/token`);
  });

  it('names both languages and x-default on translated pages', () => {
    const expected = [
      `ko-KR ${ORIGIN}/docs/guide/overview`,
      `en-US ${ORIGIN}/en/docs/guide/overview`,
      `x-default ${ORIGIN}/docs/guide/overview`,
    ];
    expect(hreflangsOf(pageAt('/docs/guide/overview').head)).toEqual(expected);
    expect(hreflangsOf(pageAt('/en/docs/guide/overview').head)).toEqual(expected);
    expect(canonicalOf(pageAt('/en/docs/guide/overview').head)).toBe(`${ORIGIN}/en/docs/guide/overview`);
  });
});

describe('Open Graph, Twitter cards and structured data', () => {
  it('gives every page Open Graph and Twitter card tags', () => {
    const missing: string[] = [];
    for (const page of pages.filter((candidate) => candidate.route.type !== 'notFound')) {
      for (const name of ['og:title', 'og:url', 'og:type', 'og:locale', 'og:site_name', 'twitter:card']) {
        if (!metaOf(page.head, name)) missing.push(`${page.path}: ${name}`);
      }
      if (page.route.description && !metaOf(page.head, 'og:description')) missing.push(`${page.path}: og:description`);
      if (attribute(metaOf(page.head, 'og:url') ?? '', 'content') !== canonicalOf(page.head))
        missing.push(`${page.path}: og:url is not the canonical URL`);
    }
    expect(missing).toEqual([]);
    const post = pageAt('/en/blog/welcome').head;
    expect(metaOf(post, 'og:type')).toContain('content="article"');
    expect(metaOf(post, 'og:locale')).toContain('content="en_US"');
    expect(metaOf(post, 'og:site_name')).toContain('content="Example Analysis Developer Docs"');
    expect(metaOf(post, 'twitter:card')).toContain('content="summary"');
    expect(metaOf(pageAt('/blog').head, 'og:type')).toContain('content="website"');
    expect(metaOf(pageAt('/docs/guide/overview').head, 'og:type')).toContain('content="article"');
  });

  it('puts a parseable BreadcrumbList on every doc page, ending at the page', () => {
    const docs = pages.filter((page) => page.route.type === 'doc');
    expect(docs.length).toBeGreaterThan(50);
    for (const page of docs) {
      const [breadcrumbs, ...rest] = jsonLdOf(page.head);
      expect(rest).toEqual([]);
      expect(breadcrumbs).toMatchObject({ '@context': 'https://schema.org', '@type': 'BreadcrumbList' });
      const items = breadcrumbs.itemListElement as { position: number; name: string; item: string }[];
      expect(items.map((item) => item.position)).toEqual(items.map((_, index) => index + 1));
      expect(items.at(-1)!.item, page.path).toBe(ORIGIN + encodeURI(page.path));
      for (const item of items) expect(isAbsoluteUrl(item.item) && item.name.length > 0, JSON.stringify(item)).toBe(true);
    }
    // The trail the page shows: home, the sidebar categories, the page.
    const page = pageAt('/en/docs/guide/api/analyzeCode');
    const category = (page.route as Extract<RouteData, { type: 'doc' }>).breadcrumbs[0]!;
    expect(jsonLdOf(page.head)[0].itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Example Analysis Developer Docs', item: `${ORIGIN}/en/` },
      { '@type': 'ListItem', position: 2, name: category.label, item: `${ORIGIN}/en/docs/category/api-guide` },
      { '@type': 'ListItem', position: 3, name: 'analyzeCode', item: `${ORIGIN}/en/docs/guide/api/analyzeCode` },
    ]);
  });

  it('puts a BlogPosting with headline, date, author and URL on every blog post', () => {
    const posts = pages.filter((page) => page.route.type === 'blogPost');
    expect(posts.length).toBe(8);
    for (const page of posts) {
      const post = (page.route as Extract<RouteData, { type: 'blogPost' }>).post;
      const [data] = jsonLdOf(page.head);
      expect(data).toMatchObject({
        '@context': 'https://schema.org',
        '@type': 'BlogPosting',
        headline: post.title,
        datePublished: post.date,
        url: canonicalOf(page.head),
        author: post.authors.map((author) => ({ '@type': 'Person', name: author.name })),
      });
      expect(data.author.length).toBeGreaterThan(0);
    }
  });
});

describe('blog feeds', () => {
  const feedsOf = (blogPath: string) => ({ rss: `${blogPath}/rss.xml`, atom: `${blogPath}/atom.xml`, json: `${blogPath}/feed.json` });
  const listedPosts = (blogPath: string) =>
    pages
      .filter((page) => page.route.type === 'blogList' && page.path.startsWith(blogPath))
      .flatMap((page) => (page.route as Extract<RouteData, { type: 'blogList' }>).posts);

  it.each(['/blog', '/en/blog'])(
    'serves valid RSS 2.0, Atom 1.0 and JSON Feed 1.1 for %s, newest first, with full content',
    async (blogPath) => {
      const paths = feedsOf(blogPath);
      const posts = listedPosts(blogPath);
      expect(posts.length).toBe(4);
      const urls = posts.map((post) => ORIGIN + encodeURI(post.path));

      const rss = await get(paths.rss);
      expect([rss.status, rss.type]).toEqual([200, 'application/xml; charset=utf-8']);
      expect(validateRss(rss.text)).toEqual([]);
      const channel = (parser.parse(rss.text) as XmlNode).rss.channel as XmlNode;
      const items = channel.item as XmlNode[];
      expect(items.map((item) => text(item.link[0]))).toEqual(urls);
      expect(items.map((item) => text(item.guid))).toEqual(urls);
      const dates = items.map((item) => Date.parse(text(item.pubDate)!));
      expect([...dates].sort((a, b) => b - a)).toEqual(dates);
      for (const [index, item] of items.entries()) {
        expect(text(item.title)).toBe(posts[index]!.title);
        expect(text(item.description)).toBe(posts[index]!.description);
        expect(item['dc:creator']).toEqual(posts[index]!.authors.map((author) => author.name));
        expect(text(item['content:encoded'])).toMatch(/^<(p|div|h2)\b/);
      }

      const atom = await get(paths.atom);
      expect(atom.status).toBe(200);
      expect(validateAtom(atom.text)).toEqual([]);
      const entries = (parser.parse(atom.text) as XmlNode).feed.entry as XmlNode[];
      expect(entries.map((entry) => text(entry.id))).toEqual(urls);
      for (const [index, entry] of entries.entries()) {
        expect(text(entry.summary)).toBe(posts[index]!.description);
        expect(entry.content['@type']).toBe('html');
        expect(entry.author.map((author: XmlNode) => text(author.name))).toEqual(posts[index]!.authors.map((author) => author.name));
      }

      const json = await get(paths.json);
      expect([json.status, json.type]).toEqual([200, 'application/json; charset=utf-8']);
      expect(validateJsonFeed(json.text)).toEqual([]);
      const feed = JSON.parse(json.text);
      expect(feed.items.map((item: { id: string }) => item.id)).toEqual(urls);
      expect(feed.items.map((item: { date_published: string }) => item.date_published.slice(0, 10))).toEqual(
        posts.map((post) => post.date),
      );
      // The content is the rendered post: its HTML page holds the same article.
      const page = pageAt(posts[0]!.path);
      const firstParagraph = /<p>(.*?)<\/p>/s.exec(feed.items[0].content_html)![1]!;
      expect(page.html).toContain(firstParagraph);
    },
  );

  it('links the feeds from the head of every blog page', async () => {
    const blogPages = pages.filter((page) => page.route.type.startsWith('blog'));
    expect(blogPages.length).toBeGreaterThan(20);
    for (const page of blogPages) {
      const blogPath = page.path.startsWith('/en/') ? '/en/blog' : '/blog';
      const feeds = linksOf(page.head, (tag) => /type="application\/(rss\+xml|atom\+xml|feed\+json)"/.test(tag));
      expect(
        feeds.map((tag) => [attribute(tag, 'type'), attribute(tag, 'href')]),
        page.path,
      ).toEqual([
        ['application/rss+xml', feedsOf(blogPath).rss],
        ['application/atom+xml', feedsOf(blogPath).atom],
        ['application/feed+json', feedsOf(blogPath).json],
      ]);
      expect(feeds.every((tag) => tag.includes('rel="alternate"') && tag.includes('title="'))).toBe(true);
    }
    expect(linksOf(pageAt('/docs/guide/overview').head, (tag) => tag.includes('rss+xml'))).toEqual([]);
  });
});

describe('llms.txt, llms-full.txt and markdown twins', () => {
  it.each(['/', '/en/'])(
    'serves %sllms.txt: the site map in the llms.txt format, listing every latest doc, with links that answer 200',
    async (base) => {
      const response = await get(`${base}llms.txt`);
      expect([response.status, response.type]).toEqual([200, 'text/plain; charset=utf-8']);
      const lines = response.text.split('\n');
      expect(lines[0]).toMatch(/^# \S/);
      expect(lines[2]).toMatch(/^> \S/);
      expect(lines.filter((line) => line.startsWith('# '))).toHaveLength(1);
      const sections = lines.filter((line) => line.startsWith('## '));
      expect(sections.length).toBeGreaterThanOrEqual(4);
      const entries = lines.filter((line) => line.startsWith('- '));
      for (const line of entries) expect(line).toMatch(/^- \[[^\]]+\]\(https:\/\/docs\.example\.com\/[^)\s]*\)(: \S.*)?$/);
      const links = entries.map((line) => /\]\(([^)]+)\)/.exec(line)![1]!);
      const latest = pages.filter((page) => page.path.startsWith(`${base}docs/`) && isLatestDoc(page));
      expect(latest.length).toBeGreaterThan(20);
      expect(latest.map((page) => `${ORIGIN}${encodeURI(page.path)}.md`).filter((url) => !links.includes(url))).toEqual([]);
      expect(links.filter((link) => /\/docs\/25\d\d\.\d\//.test(link))).toEqual([]);
      expect(links).toContain(`${ORIGIN}${base}blog/welcome`);
      const failures: string[] = [];
      for (const link of new Set(links)) {
        const target = await get(link);
        if (target.status !== 200) failures.push(`${link}: ${target.status}`);
      }
      expect(failures).toEqual([]);
    },
  );

  it.each(['/', '/en/'])('serves %sllms-full.txt with every latest doc in full', async (base) => {
    const response = await get(`${base}llms-full.txt`);
    expect(response.status).toBe(200);
    const overview = await get(`${base}docs/guide/overview.md`);
    expect(response.text).toContain(overview.text.replace(/\n/, `\n\nSource: ${ORIGIN}${base}docs/guide/overview\n`).trimEnd());
    for (const page of pages.filter((candidate) => candidate.path.startsWith(`${base}docs/guide/api/`) && isLatestDoc(candidate))) {
      expect(response.text).toContain(`\n# ${page.route.title}\n\nSource: ${ORIGIN}${encodeURI(page.path)}\n`);
    }
    expect(response.text).not.toContain('Source: https://docs.example.com/docs/2506.1/');
  });

  it('gives every doc page a markdown twin at its URL plus .md, linked from its head, served as text/markdown', async () => {
    const docs = pages.filter((page) => page.route.type === 'doc');
    const failures: string[] = [];
    for (const page of docs) {
      const route = page.route as Extract<RouteData, { type: 'doc' }>;
      const links = linksOf(page.head, (tag) => tag.includes('type="text/markdown"'));
      const href = attribute(links[0] ?? '', 'href');
      const expected = encodeURI(page.path.endsWith('/') ? `${page.path}index.md` : `${page.path}.md`);
      if (links.length !== 1 || href !== expected || route.markdownPath !== decodeURI(expected)) {
        failures.push(`${page.path}: links ${links}, route data ${route.markdownPath}`);
        continue;
      }
      const twin = await get(href);
      if (twin.status !== 200 || twin.type !== 'text/markdown; charset=utf-8') failures.push(`${href}: ${twin.status} ${twin.type}`);
      else if (!twin.text.startsWith(`# ${route.title}\n\n`)) failures.push(`${href}: starts ${JSON.stringify(twin.text.slice(0, 60))}`);
      else if (/^---$/m.test(twin.text.split('\n').slice(0, 3).join('\n'))) failures.push(`${href}: front matter`);
      else {
        const prose = twin.text.replace(/^(```|~~~)[\s\S]*?^\1/gm, '');
        const relative = /\]\((?!https?:|#|mailto:)([^)\s]*)/.exec(prose);
        if (relative) failures.push(`${href}: relative link ${relative[1]}`);
      }
    }
    expect(failures).toEqual([]);
    expect(docs.length).toBeGreaterThan(50);
  });

  it('makes the twin of a fallback page the Korean source, and rewrites relative .md links to absolute URLs', async () => {
    const english = await get('/en/docs/guide/start.md');
    const korean = await get('/docs/guide/start.md');
    expect(english.text.split('\n')[0]).toBe('# 빠른 시작');
    expect(english.text.replace(/https:\/\/docs\.example\.com\/en\//g, `${ORIGIN}/`)).toBe(korean.text);
    expect(korean.text).toMatch(/\]\(https:\/\/docs\.example\.com\/docs\/guide\/api\/\w+(#[^)]*)?\)/);
    expect(korean.text).not.toMatch(/\]\([^)]*\.md(#[^)]*)?\)/);
  });
});

describe('copy as markdown', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('puts the page markdown twin on the clipboard, also after client navigation', async () => {
    const { context, page, problems } = await openPage(browser, { viewport: { width: 1280, height: 900 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: siteUrl });
    await gotoReady(page, `${siteUrl}/en/docs/guide/overview`);
    const button = page.getByRole('button', { name: 'Copy page as Markdown' });
    await button.click();
    await expect.poll(() => page.locator('.copy-markdown').textContent()).toBe('Copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe((await get('/en/docs/guide/overview.md')).text);

    await page.evaluate(() => navigator.clipboard.writeText(''));
    await page.locator('.pagination-nav__link--next').click();
    await expect.poll(() => page.locator('main h1').textContent()).toBe('빠른 시작');
    await page.getByRole('button', { name: 'Copy page as Markdown' }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe((await get('/en/docs/guide/start.md')).text);
    await expect.poll(() => page.locator('.doc-actions [aria-live="polite"]', { hasText: 'Copied' }).count()).toBe(1);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('speaks the page language', async () => {
    const { context, page } = await openPage(browser);
    await gotoReady(page, `${siteUrl}/docs/guide/overview`);
    expect(await page.getByRole('button', { name: '마크다운으로 복사' }).count()).toBe(1);
    await context.close();
  });
});
