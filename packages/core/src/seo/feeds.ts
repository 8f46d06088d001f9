import type { FeedPaths, LocaleManifest, PropBlogPostMeta, RenderedSummary } from '@docgen/types';
import { escapeXml, toAbsoluteUrl } from './xml.js';

/** Posts in a feed at most: the newest ones. */
export const FEED_MAX_POSTS = 20;

export interface FeedPost {
  meta: PropBlogPostMeta;
  /** Rendered HTML of the whole post. */
  contentHtml: string;
}

/** Everything a locale's blog feeds say, in every format. */
export interface FeedInput {
  siteUrl: string;
  /** The site's title: the author of the feed, for posts that name none. */
  siteTitle: string;
  title: string;
  description: string;
  /** BCP 47 language tag of the locale (`en-US`). */
  language: string;
  /** URL path of the blog home (`/en/blog`). */
  blogPath: string;
  paths: FeedPaths;
  /** Newest first. */
  posts: FeedPost[];
}

/**
 * The feed of a locale's blog: its listed posts (not unlisted or draft), newest first, as the
 * blog list pages order them, with the rendered HTML of each. Undefined when the locale has no blog.
 */
export function getFeedInput(
  locale: LocaleManifest,
  options: { siteUrl: string; paths: FeedPaths; getRendered: (path: string) => RenderedSummary | undefined },
): FeedInput | undefined {
  const lists = locale.routes.flatMap((route) => (route.data.type === 'blogList' ? [route.data] : [])).sort((a, b) => a.page - b.page);
  const home = lists[0];
  if (!home) return undefined;
  const posts = lists
    .flatMap((list) => list.posts)
    .slice(0, FEED_MAX_POSTS)
    .map((meta) => ({ meta, contentHtml: options.getRendered(meta.path)?.mainHtml ?? '' }));
  return {
    siteUrl: options.siteUrl,
    siteTitle: locale.site.title,
    title: home.title,
    description: home.description,
    language: locale.site.locales.find((entry) => entry.locale === locale.locale)?.htmlLang ?? locale.locale,
    blogPath: home.path,
    paths: options.paths,
    posts,
  };
}

/** Post dates are calendar days (`YYYY-MM-DD`); feeds state them as midnight UTC. */
const toDate = (day: string) => new Date(`${day}T00:00:00Z`);

/** Root-relative `href`/`src` in post HTML made absolute: feed readers do not know the site's origin. */
function absolutizeHtml(html: string, siteUrl: string): string {
  return html.replace(/(\s(?:href|src)=")\/(?!\/)/g, `$1${siteUrl}/`);
}

const url = (input: FeedInput, path: string) => toAbsoluteUrl(input.siteUrl, path);

/** RSS 2.0, with the full post in `content:encoded` and authors as `dc:creator` (RSS `author` wants an e-mail address). */
export function toRssFeed(input: FeedInput): string {
  const newest = input.posts[0];
  const items = input.posts.map((post) => {
    const link = url(input, post.meta.path);
    return [
      '<item>',
      `<title>${escapeXml(post.meta.title)}</title>`,
      `<link>${escapeXml(link)}</link>`,
      `<guid isPermaLink="true">${escapeXml(link)}</guid>`,
      `<pubDate>${toDate(post.meta.date).toUTCString()}</pubDate>`,
      ...post.meta.authors.map((author) => `<dc:creator>${escapeXml(author.name)}</dc:creator>`),
      ...post.meta.tags.map((tag) => `<category>${escapeXml(tag.label)}</category>`),
      `<description>${escapeXml(post.meta.description)}</description>`,
      `<content:encoded>${escapeXml(absolutizeHtml(post.contentHtml, input.siteUrl))}</content:encoded>`,
      '</item>',
    ].join('');
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    '<channel>',
    `<title>${escapeXml(input.title)}</title>`,
    `<link>${escapeXml(url(input, input.blogPath))}</link>`,
    `<description>${escapeXml(input.description || input.title)}</description>`,
    `<language>${escapeXml(input.language)}</language>`,
    newest ? `<lastBuildDate>${toDate(newest.meta.date).toUTCString()}</lastBuildDate>` : '',
    '<generator>docgen</generator>',
    `<atom:link href="${escapeXml(url(input, input.paths.rss))}" rel="self" type="application/rss+xml"/>`,
    ...items,
    '</channel>',
    '</rss>',
    '',
  ]
    .filter(Boolean)
    .join('\n');
}

/** Atom 1.0. The feed names the site as author, so entries without authors stay valid. */
export function toAtomFeed(input: FeedInput): string {
  const updated = input.posts[0] ? toDate(input.posts[0].meta.date) : new Date(0);
  const entries = input.posts.map((post) => {
    const link = url(input, post.meta.path);
    const date = toDate(post.meta.date).toISOString();
    return [
      '<entry>',
      `<title>${escapeXml(post.meta.title)}</title>`,
      `<id>${escapeXml(link)}</id>`,
      `<link rel="alternate" type="text/html" href="${escapeXml(link)}"/>`,
      `<published>${date}</published>`,
      `<updated>${date}</updated>`,
      ...post.meta.authors.map(
        (author) => `<author><name>${escapeXml(author.name)}</name>${author.url ? `<uri>${escapeXml(author.url)}</uri>` : ''}</author>`,
      ),
      ...post.meta.tags.map((tag) => `<category term="${escapeXml(tag.label)}"/>`),
      `<summary>${escapeXml(post.meta.description)}</summary>`,
      `<content type="html">${escapeXml(absolutizeHtml(post.contentHtml, input.siteUrl))}</content>`,
      '</entry>',
    ].join('');
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${escapeXml(input.language)}">`,
    `<id>${escapeXml(url(input, input.blogPath))}</id>`,
    `<title>${escapeXml(input.title)}</title>`,
    input.description ? `<subtitle>${escapeXml(input.description)}</subtitle>` : '',
    `<updated>${updated.toISOString()}</updated>`,
    `<link rel="self" type="application/atom+xml" href="${escapeXml(url(input, input.paths.atom))}"/>`,
    `<link rel="alternate" type="text/html" href="${escapeXml(url(input, input.blogPath))}"/>`,
    `<author><name>${escapeXml(input.siteTitle)}</name><uri>${escapeXml(url(input, input.blogPath))}</uri></author>`,
    '<generator>docgen</generator>',
    ...entries,
    '</feed>',
    '',
  ]
    .filter(Boolean)
    .join('\n');
}

/** JSON Feed 1.1. */
export function toJsonFeed(input: FeedInput): string {
  const feed = {
    version: 'https://jsonfeed.org/version/1.1',
    title: input.title,
    home_page_url: url(input, input.blogPath),
    feed_url: url(input, input.paths.json),
    description: input.description || undefined,
    language: input.language,
    items: input.posts.map((post) => ({
      id: url(input, post.meta.path),
      url: url(input, post.meta.path),
      title: post.meta.title,
      summary: post.meta.description,
      content_html: absolutizeHtml(post.contentHtml, input.siteUrl),
      date_published: toDate(post.meta.date).toISOString(),
      authors: post.meta.authors.map((author) => ({
        name: author.name,
        url: author.url,
        avatar: author.imageUrl && url(input, author.imageUrl),
      })),
      tags: post.meta.tags.map((tag) => tag.label),
    })),
  };
  return `${JSON.stringify(feed, null, 2)}\n`;
}
