import type {
  BlogTagSource,
  ContentSlot,
  InlineAuthor,
  PropAuthor,
  PropBlogPostMeta,
  PropBlogSidebar,
  PropPagination,
  PropTag,
  SourceBlogPost,
} from '@docgen/types';
import { DocgenError } from '../diagnostics/index.js';
import { contentSlot, getToc, toTagSlug, type LocaleContext } from './context.js';
import { toPageSource } from './pageSource.js';
import type { BlogPageModel, PendingRoute } from './pendingRoute.js';

/** An author's fields written in a post, over those of authors.yaml. */
const withoutKey = ({ key: _key, ...fields }: InlineAuthor) => fields;

/** Routes of the blog of one locale: list pages, posts, archive, tags and authors. */
export function loadBlogRoutes(context: LocaleContext): PendingRoute[] {
  const { config, content } = context.input;
  const blogPath = `${context.baseUrl}${config.blog.routeBasePath}`;
  const authorsByKey = new Map(
    (content.authors[context.locale] ?? []).map(({ permalink, page, ...author }): [string, PropAuthor] => [
      author.key,
      page === false ? author : { ...author, path: `${blogPath}/authors/${permalink ?? author.key}` },
    ]),
  );
  const tagSources = new Map((content.tags[context.locale] ?? []).map((tag) => [tag.key, tag]));
  const sources = content.blogPosts.filter(
    (post) => post.locale === context.locale && (context.input.includeDrafts || !post.frontMatter.draft),
  );
  if (sources.length === 0) return [];

  // Newest first, to the time of day where the front matter gives one; posts of one time in the
  // order of their files, as Docusaurus lists them (its sort keeps the order it found them in).
  const time = (post: SourceBlogPost) => `${post.date}${String(post.frontMatter.date ?? '').slice(10)}`;
  const posts = [...sources]
    .sort((a, b) => (time(a) < time(b) ? 1 : time(a) > time(b) ? -1 : a.file.sitePath < b.file.sitePath ? -1 : 1))
    .map((source) => loadPost(context, source, blogPath, authorsByKey, tagSources));
  const listed = posts.filter((post) => !post.unlisted);
  const blogSidebar = toBlogSidebar(context, listed);
  const withSidebar = blogSidebar ? { blogSidebar } : {};
  const excerptSlots = (list: typeof posts) => Object.fromEntries(list.map((post) => [`excerpt:${post.meta.path}`, post.excerpt]));
  const routes: PendingRoute[] = [];
  const title = context.translations.blogTitle ?? config.blog.blogTitle;
  const description = context.translations.blogDescription ?? config.blog.blogDescription;
  const generated = (key: string, page: BlogPageModel, slots: Record<string, ContentSlot> = {}): PendingRoute => ({
    route: {
      path: page.path,
      locale: context.locale,
      key,
      isTranslation: true,
      anchorIds: [],
      sources: [`${config.blog.path}/ (${key})`],
      slots,
    },
    page,
    links: [],
  });

  type Post = (typeof posts)[number];
  /**
   * The pages of a list of posts at `basePath`, `postsPerPage` a page, as Docusaurus paginates the
   * blog, a tag's and an author's posts (`<base>/page/2`), each with the excerpts it shows.
   */
  const paginate = (
    key: string,
    basePath: string,
    list: Post[],
    page: (fields: { path: string; posts: PropBlogPostMeta[] } & PropPagination) => BlogPageModel,
  ) => {
    const pageSize = config.blog.postsPerPage;
    const totalPages = Math.max(1, Math.ceil(list.length / pageSize));
    const pathOf = (number: number) => (number === 1 ? basePath : `${basePath}/page/${number}`);
    for (let number = 1; number <= totalPages; number++) {
      const pagePosts = list.slice((number - 1) * pageSize, number * pageSize);
      const fields = {
        path: pathOf(number),
        posts: pagePosts.map((post) => post.meta),
        page: number,
        totalPages,
        previousPage: number > 1 ? pathOf(number - 1) : undefined,
        nextPage: number < totalPages ? pathOf(number + 1) : undefined,
      };
      routes.push(generated(`${key}:${number}`, page(fields), excerptSlots(pagePosts)));
    }
  };
  paginate('blog:list', blogPath, listed, (fields) => ({ type: 'blogList', title, description, ...fields, ...withSidebar }));

  /** A post's page; listed posts link their newer and older neighbours, unlisted ones are noindex. */
  const toPostRoute = (post: Post, newer?: Post, older?: Post): PendingRoute => ({
    route: {
      path: post.meta.path,
      locale: context.locale,
      key: `blog:post:${post.linkBase}`,
      isTranslation: !post.source.isFallback,
      anchorIds: post.anchorIds,
      sources: [post.source.file.sitePath],
      slots: { main: post.hast },
    },
    page: {
      type: 'blogPost',
      path: post.meta.path,
      noIndex: post.unlisted,
      post: post.meta,
      toc: post.toc,
      previous: newer ? { title: newer.meta.title, path: newer.meta.path } : undefined,
      next: older ? { title: older.meta.title, path: older.meta.path } : undefined,
      ...(post.source.frontMatter.keywords && { keywords: post.source.frontMatter.keywords }),
      ...(post.source.frontMatter.image && { image: post.source.frontMatter.image }),
      ...(post.source.frontMatter.head && { head: post.source.frontMatter.head }),
      ...post.pageSource,
      ...withSidebar,
    },
    linkBase: post.linkBase,
    links: post.links,
    ...(post.source.frontMatter.redirectFrom && { redirectFrom: post.source.frontMatter.redirectFrom }),
  });
  listed.forEach((post, index) => routes.push(toPostRoute(post, listed[index - 1], listed[index + 1])));
  for (const post of posts.filter((candidate) => candidate.unlisted)) routes.push(toPostRoute(post));

  const years = new Map<string, PropBlogPostMeta[]>();
  for (const post of listed) years.set(post.meta.date.slice(0, 4), [...(years.get(post.meta.date.slice(0, 4)) ?? []), post.meta]);
  routes.push(
    generated('blog:archive', {
      type: 'blogArchive',
      path: `${blogPath}/archive`,
      title: context.translations.theme['blog.archive.title'] ?? 'Archive',
      description: '',
      years: [...years].map(([year, yearPosts]) => ({ year, posts: yearPosts })),
    }),
  );

  const tags = new Map<string, { tag: PropTag; posts: Post[] }>();
  for (const post of listed) {
    for (const tag of post.meta.tags) {
      const entry = tags.get(tag.path) ?? { tag, posts: [] };
      entry.posts.push(post);
      tags.set(tag.path, entry);
    }
  }
  const sortedTags = [...tags.values()].sort((a, b) => a.tag.label.localeCompare(b.tag.label, 'en'));
  // As Docusaurus: no list of tags when no post has one (an empty page, in the sitemap).
  if (sortedTags.length > 0) {
    routes.push(
      generated('blog:tags', {
        type: 'blogTagList',
        path: `${blogPath}/tags`,
        title: 'Tags',
        description: '',
        tags: sortedTags.map(({ tag, posts: tagPosts }) => ({ ...tag, count: tagPosts.length })),
        ...withSidebar,
      }),
    );
  }
  for (const { tag, posts: tagPosts } of sortedTags) {
    paginate(`blog:tag:${tag.path.slice(blogPath.length)}`, tag.path, tagPosts, (fields) => ({
      type: 'blogTag',
      title: tag.label,
      description: tag.description ?? '',
      tag: { ...tag, count: tagPosts.length },
      ...fields,
      ...withSidebar,
    }));
  }

  const authorPosts = new Map<string, Post[]>();
  for (const post of listed)
    for (const author of post.meta.authors) authorPosts.set(author.key, [...(authorPosts.get(author.key) ?? []), post]);
  const authors = [...authorsByKey.values()].filter((author) => authorPosts.has(author.key));
  if (authors.length > 0) {
    routes.push(
      generated('blog:authors', {
        type: 'blogAuthorList',
        path: `${blogPath}/authors`,
        title: 'Authors',
        description: '',
        authors: authors.map((author) => ({ ...author, count: authorPosts.get(author.key)!.length })),
        ...withSidebar,
      }),
    );
  }
  for (const author of authors) {
    if (author.path === undefined) continue;
    paginate(`blog:author:${author.key}`, author.path, authorPosts.get(author.key)!, (fields) => ({
      type: 'blogAuthor',
      title: author.name,
      description: author.title ?? '',
      author,
      ...fields,
      ...withSidebar,
    }));
  }
  return routes;
}

/**
 * The sidebar of the newest listed posts (`blogSidebarCount`: ALL for all), with the locale's
 * title; undefined when the count is 0.
 */
function toBlogSidebar(context: LocaleContext, listed: { meta: PropBlogPostMeta }[]): PropBlogSidebar | undefined {
  const { blogSidebarCount, blogSidebarTitle, sidebarGroupByYear } = context.input.config.blog;
  if (blogSidebarCount === 0) return undefined;
  const title = context.translations.blogSidebarTitle ?? blogSidebarTitle;
  return {
    ...(title !== undefined && { title }),
    groupByYear: sidebarGroupByYear,
    items: (blogSidebarCount === 'ALL' ? listed : listed.slice(0, blogSidebarCount)).map(({ meta }) => ({
      title: meta.title,
      path: meta.path,
      date: meta.date,
    })),
  };
}

function loadPost(
  context: LocaleContext,
  source: SourceBlogPost,
  blogPath: string,
  authorsByKey: Map<string, PropAuthor>,
  tagSources: Map<string, BlogTagSource>,
) {
  const compiled = context.input.compile(source);
  const { frontMatter } = source;
  const authors = (frontMatter.authors ?? []).map((written, index): PropAuthor => {
    // Written in the post: its own author (no page of its own), or one of authors.yaml with fields over it.
    if (typeof written !== 'string' && written.key === undefined) {
      return { key: `${source.file.sitePath}#${index}`, name: written.name!, ...withoutKey(written) };
    }
    const key = typeof written === 'string' ? written : written.key!;
    const known = authorsByKey.get(key);
    const author = known && typeof written !== 'string' ? { ...known, ...withoutKey(written) } : known;
    if (!author) {
      throw new DocgenError(`Blog post author "${key}" is not in authors.yaml`, {
        code: 'blog-author',
        location: { file: source.file.sitePath, line: 1, column: 1 },
        hint: `Add "${key}" to ${context.input.config.blog.path}/authors.yaml, or use one of: ${[...authorsByKey.keys()].join(', ')}.`,
      });
    }
    return author;
  });
  const tags: PropTag[] = (frontMatter.tags ?? []).map((key) => {
    const known = tagSources.get(key);
    const slug = known?.permalink ?? toTagSlug(key);
    return { label: known?.label ?? key, description: known?.description, path: `${blogPath}/tags/${slug}` };
  });
  const path = `${blogPath}/${frontMatter.slug!.replace(/^\//, '')}`.normalize('NFC');
  const title = frontMatter.title ?? compiled.contentTitle ?? frontMatter.slug!;
  const blogDir = context.input.config.blog.path;
  const linkBase = source.file.sitePath.replace(/^i18n\/[^/]+\/blog\//, `${blogDir}/`);
  return {
    source,
    pageSource: toPageSource({
      section: 'blog',
      options: context.input.config.blog,
      file: {
        sitePath: source.file.sitePath,
        defaultDir: blogDir,
        path: linkBase.slice(blogDir.length + 1),
        locale: source.locale,
        isTranslation: !source.isFallback && !context.isDefaultLocale,
      },
      frontMatter,
      lastUpdates: context.input.content.lastUpdates,
    }),
    unlisted: frontMatter.unlisted ?? false,
    hast: contentSlot(compiled, 'main'),
    excerpt: contentSlot(compiled, compiled.hasExcerpt ? 'excerpt' : 'main'),
    // The post's header shows its title: a leading # heading is left out of the page, its id too.
    anchorIds: compiled.anchorIds.filter((id) => id !== compiled.contentTitleId),
    links: compiled.links,
    linkBase,
    toc: getToc(context, compiled.headings),
    meta: {
      path,
      title,
      description: frontMatter.description ?? compiled.description,
      date: source.date,
      readingTimeMinutes: compiled.readingTimeMinutes,
      authors,
      tags,
      hasTruncateMarker: compiled.hasExcerpt,
    } satisfies PropBlogPostMeta,
  };
}
