import { beforeAll, describe, expect, it } from 'vitest';
import type { PropBlogPostMeta, RouteData } from '@docgen/types';
import { BlogPage } from '../src/blog/BlogPages.js';
import { DocTags } from '../src/content/PageSource.js';
import { DocTagsPage } from '../src/docs/DocTagsPage.js';
import { preloadAll } from '../src/lazyModule.js';
import { docRoute, parseHtml, render, SITE, type HtmlElement } from './renderTheme.js';

beforeAll(() => preloadAll());

const TAGS = [
  { label: 'SBOM', path: '/docs/tags/sbom', count: 3 },
  { label: '라이선스', path: '/docs/tags/license', count: 1 },
];

const POST: PropBlogPostMeta = {
  path: '/blog/release',
  title: 'Release',
  description: '',
  date: '2025-08-20',
  readingTimeMinutes: 1,
  authors: [],
  tags: TAGS.map(({ label, path }) => ({ label, path })),
  hasTruncateMarker: false,
};

/** Each tag list of some HTML: the list's class and, for each tag, its link's class, rel and text. */
function tagLists(html: string) {
  return parseHtml(html)
    .findAll((element) => element.tag === 'ul' && element.findAll((link) => link.attrs.class === 'tag').length > 0)
    .map((list: HtmlElement) => ({
      className: list.attrs.class,
      tags: list.findAll('a').map((link) => ({ className: link.attrs.class, rel: link.attrs.rel, text: link.text })),
    }));
}

describe('tags, wherever the theme lists them', () => {
  it("are one list of tag links: a page's own tags marked rel=tag, a tags page's with their counts", () => {
    const pageTags = [{ className: 'tag-list', tags: TAGS.map(({ label }) => ({ className: 'tag', rel: 'tag', text: label })) }];
    const counted = [
      { className: 'tag-list', tags: TAGS.map(({ label, count }) => ({ className: 'tag', rel: undefined, text: `${label} ${count}` })) },
    ];
    // A doc's tags (its footer) and a post's (in the post and in the blog's list).
    expect(tagLists(render(<DocTags tags={POST.tags} />))).toEqual(pageTags);
    const post: RouteData = { type: 'blogPost', path: POST.path, post: POST, toc: [], html: {} } as unknown as RouteData;
    expect(tagLists(render(<BlogPage route={post} />, { route: post }))).toEqual(pageTags);
    const list: RouteData = { type: 'blogList', path: '/blog', posts: [POST], page: 1, totalPages: 1, html: {} } as unknown as RouteData;
    expect(tagLists(render(<BlogPage route={list} />, { route: list }))).toEqual(pageTags);
    // The blog's tags page and a docs version's.
    const blogTags: RouteData = { type: 'blogTagList', path: '/blog/tags', tags: TAGS } as unknown as RouteData;
    expect(tagLists(render(<BlogPage route={blogTags} />, { route: blogTags }))).toEqual(counted);
    const docTags = { ...docRoute(), type: 'docTagList', path: '/docs/tags', tags: TAGS } as unknown as Extract<
      RouteData,
      { type: 'docTagList' }
    >;
    expect(tagLists(render(<DocTagsPage route={docTags} />, { route: docTags }))).toEqual(counted);
  });
});

describe("the blog's navigation", () => {
  const list: RouteData = { type: 'blogList', path: '/blog', posts: [POST], page: 1, totalPages: 1, html: {} } as unknown as RouteData;
  const navLinks = (blog: { tags: boolean; authors: boolean }) =>
    parseHtml(render(<BlogPage route={list} />, { route: list, site: { ...SITE, blog: { ...SITE.blog, ...blog } } }))
      .findAll((element) => element.tag === 'nav' && element.attrs.class === 'blog-nav')
      .flatMap((nav) => nav.findAll('a').map((link) => link.attrs.href));

  it('links the lists of tags and of authors only when the blog has them (a post whose authors are written in it has no page)', () => {
    expect(navLinks({ tags: true, authors: true })).toEqual(['/blog', '/blog/archive', '/blog/tags', '/blog/authors']);
    expect(navLinks({ tags: false, authors: false })).toEqual(['/blog', '/blog/archive']);
  });
});
