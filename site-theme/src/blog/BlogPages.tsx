import type { PropAuthor, PropBlogPostMeta, PropBlogSidebar, PropPagination, RouteData } from '@docgen/types';
import { Html, Link, MAIN_ID, PageSourceSlot, Paginator, TableOfContents, useSiteData, useTranslate } from '../firstLoad.js';
import { PageMetadata } from '../pages/PageMetadata.js';
import { useTranslateCount } from '../plural.js';

/** The UI strings of the blog screens, loaded with them. */
const STRINGS = {
  en: {
    'blog.readMore': 'Read more',
    'blog.readMoreAbout': 'Read more about {title}',
    'blog.readingTime': '{minutes} min read',
    'blog.tagged': 'Tags:',
    'blog.archive': 'Archive',
    'blog.allTags': 'All tags',
    'blog.tags': 'Tags',
    'blog.authors': 'Authors',
    'blog.postsTagged': 'One post tagged with "{tag}"|{count} posts tagged with "{tag}"',
    'blog.postsBy': 'Posts by {name}',
    'blog.newer': 'Newer post',
    'blog.older': 'Older post',
    'blog.newerEntries': 'Newer entries',
    'blog.olderEntries': 'Older entries',
    'blog.listLabel': 'Blog list page navigation',
    'blog.postLabel': 'Blog post page navigation',
    'blog.recent': 'Recent posts',
    'blog.sidebarLabel': 'Blog recent posts navigation',
    'blog.postCount': '1 post|{count} posts',
    'blog.authorSocial': '{name} on {platform}',
    'blog.authorSocials': 'Links of {name}',
  },
  ko: {
    'blog.readMore': '더 읽기',
    'blog.readMoreAbout': '{title} 더 읽기',
    'blog.readingTime': '{minutes}분 분량',
    'blog.tagged': '태그:',
    'blog.archive': '보관함',
    'blog.allTags': '모든 태그',
    'blog.tags': '태그',
    'blog.authors': '작성자',
    'blog.postsTagged': '"{tag}" 태그가 붙은 글 {count}개',
    'blog.postsBy': '{name}의 글',
    'blog.newer': '새 글',
    'blog.older': '이전 글',
    'blog.newerEntries': '새 글 목록',
    'blog.olderEntries': '이전 글 목록',
    'blog.listLabel': '블로그 목록 페이지 이동',
    'blog.postLabel': '블로그 글 이동',
    'blog.recent': '최근 글',
    'blog.sidebarLabel': '블로그 최근 글 탐색',
    'blog.postCount': '글 {count}개',
    'blog.authorSocial': '{platform}의 {name}',
    'blog.authorSocials': '{name}의 링크',
  },
};

type RouteOf<T extends RouteData['type']> = Extract<RouteData, { type: T }>;

function useFormatDate() {
  const site = useSiteData();
  const locale = site.locales.find((candidate) => candidate.locale === site.locale)?.htmlLang ?? site.locale;
  // Fixed time zone: the date must read the same on the server and in every browser.
  const format = new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
  return (isoDate: string) => format.format(new Date(`${isoDate}T00:00:00Z`));
}

function Authors({ authors }: { authors: PropAuthor[] }) {
  if (authors.length === 0) return null;
  return (
    <div className="blog-authors">
      {authors.map((author) => (
        <div className="avatar" key={author.key}>
          {author.imageUrl ? <img className="avatar__photo" src={author.imageUrl} alt="" width={48} height={48} /> : null}
          <div className="avatar__intro">
            {author.path || author.url ? (
              <Link className="avatar__name" href={author.path ?? author.url!}>
                {author.name}
              </Link>
            ) : (
              <span className="avatar__name">{author.name}</span>
            )}
            {author.title ? <small className="avatar__subtitle">{author.title}</small> : null}
            {author.socials ? <AuthorSocials author={author} /> : null}
          </div>
        </div>
      ))}
    </div>
  );
}

/** An author's socials: a link each, named for the author and the platform ("Kim on GitHub"). */
function AuthorSocials({ author }: { author: PropAuthor }) {
  const t = useTranslate(STRINGS);
  return (
    <ul className="author-socials" aria-label={t('blog.authorSocials', { name: author.name })}>
      {author.socials!.map((social) => (
        <li key={social.platform}>
          <a
            className={`author-socials__link author-socials__link--${social.platform}`}
            href={social.url}
            aria-label={t('blog.authorSocial', { name: author.name, platform: social.label })}
            title={social.label}
            {...(social.platform === 'email' ? {} : { target: '_blank', rel: 'noopener noreferrer' })}
          >
            {social.label}
          </a>
        </li>
      ))}
    </ul>
  );
}

function PostHeader({ post, asLink }: { post: PropBlogPostMeta; asLink: boolean }) {
  const t = useTranslate(STRINGS);
  const formatDate = useFormatDate();
  const Heading = asLink ? 'h2' : 'h1';
  return (
    <header className="blog-post__header">
      <Heading className="blog-post__title">{asLink ? <Link href={post.path}>{post.title}</Link> : post.title}</Heading>
      <div className="blog-post__meta">
        <time dateTime={post.date}>{formatDate(post.date)}</time> · {t('blog.readingTime', { minutes: post.readingTimeMinutes })}
      </div>
      <Authors authors={post.authors} />
    </header>
  );
}

function Tags({ post }: { post: PropBlogPostMeta }) {
  const t = useTranslate(STRINGS);
  if (post.tags.length === 0) return null;
  return (
    <div className="blog-tags">
      <b>{t('blog.tagged')}</b>
      <ul className="tag-list">
        {post.tags.map((tag) => (
          <li key={tag.path}>
            <Link className="tag" href={tag.path} rel="tag">
              {tag.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

function PostList({ posts }: { posts: PropBlogPostMeta[] }) {
  const t = useTranslate(STRINGS);
  return (
    <>
      {posts.map((post) => (
        <article className="blog-post blog-post--excerpt" key={post.path}>
          <PostHeader post={post} asLink />
          <Html slot={`excerpt:${post.path}`} />
          <footer className="blog-post__footer">
            <Tags post={post} />
            {post.hasTruncateMarker ? (
              <Link href={post.path} aria-label={t('blog.readMoreAbout', { title: post.title })} className="blog-post__read-more">
                <b>{t('blog.readMore')}</b>
              </Link>
            ) : null}
          </footer>
        </article>
      ))}
    </>
  );
}

function PostSummaries({ posts }: { posts: PropBlogPostMeta[] }) {
  const formatDate = useFormatDate();
  return (
    <ul className="blog-summaries">
      {posts.map((post) => (
        <li key={post.path}>
          <time dateTime={post.date}>{formatDate(post.date)}</time> — <Link href={post.path}>{post.title}</Link>
        </li>
      ))}
    </ul>
  );
}

/**
 * The blog's latest posts beside its pages (`blogSidebarCount`), under a heading of each year when
 * `groupByYear`; the post shown is marked as the current page. Hidden on narrow screens, where the
 * blog's links lead to the archive.
 */
function BlogSidebar({ sidebar, current }: { sidebar: PropBlogSidebar; current: string }) {
  const t = useTranslate(STRINGS);
  const list = (items: PropBlogSidebar['items']) => (
    <ul className="blog-sidebar__list">
      {items.map((item) => (
        <li key={item.path}>
          <Link
            className={item.path === current ? 'blog-sidebar__link blog-sidebar__link--active' : 'blog-sidebar__link'}
            href={item.path}
            aria-current={item.path === current ? 'page' : undefined}
          >
            {item.title}
          </Link>
        </li>
      ))}
    </ul>
  );
  const years = new Map<string, PropBlogSidebar['items']>();
  if (sidebar.groupByYear)
    for (const item of sidebar.items) years.set(item.date.slice(0, 4), [...(years.get(item.date.slice(0, 4)) ?? []), item]);
  return (
    <aside className="blog-sidebar">
      <nav aria-label={t('blog.sidebarLabel')}>
        <div className="blog-sidebar__title">{sidebar.title ?? t('blog.recent')}</div>
        {sidebar.groupByYear
          ? [...years].map(([year, items]) => (
              <div role="group" key={year}>
                <h3 className="blog-sidebar__year">{year}</h3>
                {list(items)}
              </div>
            ))
          : list(sidebar.items)}
      </nav>
    </aside>
  );
}

/** Newer and older pages of a paginated list of posts (the blog, a tag's, an author's). */
function ListPaginator({ route }: { route: PropPagination }) {
  const t = useTranslate(STRINGS);
  return (
    <Paginator
      label={t('blog.listLabel')}
      previous={route.previousPage ? { title: t('blog.newerEntries'), path: route.previousPage } : undefined}
      next={route.nextPage ? { title: t('blog.olderEntries'), path: route.nextPage } : undefined}
    />
  );
}

export function BlogPage({ route }: { route: RouteData }) {
  const t = useTranslate(STRINGS);
  const tCount = useTranslateCount(STRINGS);
  const site = useSiteData();
  const body = (() => {
    switch (route.type) {
      case 'blogList':
        return (
          <>
            <h1 className="sr-only">{route.title}</h1>
            <PostList posts={route.posts} />
            <ListPaginator route={route} />
          </>
        );
      case 'blogPost':
        return (
          <div className="blog-post-layout">
            <article className="blog-post">
              <PostHeader post={route.post} asLink={false} />
              <TableOfContents items={route.toc} variant="mobile" />
              <Html />
              <footer className="blog-post__footer">
                <Tags post={route.post} />
                <PageSourceSlot source={route} />
              </footer>
              <Paginator
                label={t('blog.postLabel')}
                previous={route.previous ? { title: route.previous.title, path: route.previous.path } : undefined}
                next={route.next ? { title: route.next.title, path: route.next.path } : undefined}
              />
            </article>
            <div className="docs-toc">
              <TableOfContents items={route.toc} />
            </div>
          </div>
        );
      case 'blogArchive':
        return (
          <>
            <h1>{t('blog.archive')}</h1>
            {route.years.map((year) => (
              <section key={year.year}>
                <h2>{year.year}</h2>
                <PostSummaries posts={year.posts} />
              </section>
            ))}
          </>
        );
      case 'blogTagList':
        return (
          <>
            <h1>{t('blog.tags')}</h1>
            <ul className="tag-list">
              {route.tags.map((tag) => (
                <li key={tag.path}>
                  <Link className="tag" href={tag.path}>
                    {tag.label} <span className="tag__count">{tag.count}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </>
        );
      case 'blogTag': {
        const heading = tCount('blog.postsTagged', { count: route.tag.count ?? route.posts.length, tag: route.tag.label });
        return (
          <>
            {/* The page's title too, as Docusaurus's: "4 posts tagged with "news" | Site". */}
            <PageMetadata title={heading} />
            <header>
              <h1>{heading}</h1>
              {route.tag.description ? <p>{route.tag.description}</p> : null}
              <Link href={`${site.blog.path}/tags`}>{t('blog.allTags')}</Link>
            </header>
            <PostList posts={route.posts} />
            <ListPaginator route={route} />
          </>
        );
      }
      case 'blogAuthorList':
        return (
          <>
            <h1>{t('blog.authors')}</h1>
            <ul className="author-list">
              {route.authors.map((author) => (
                <li key={author.key}>
                  <Authors authors={[author]} />
                  <span>{tCount('blog.postCount', { count: author.count })}</span>
                </li>
              ))}
            </ul>
          </>
        );
      case 'blogAuthor':
        return (
          <>
            <header>
              <Authors authors={[route.author]} />
              <h1>{t('blog.postsBy', { name: route.author.name })}</h1>
            </header>
            <PostList posts={route.posts} />
            <ListPaginator route={route} />
          </>
        );
      default:
        return null;
    }
  })();
  const main = (className: string) => (
    <main id={MAIN_ID} className={className}>
      <nav className="blog-nav" aria-label={site.blog.title}>
        <Link href={site.blog.path}>{site.blog.title}</Link>
        <Link href={`${site.blog.path}/archive`}>{t('blog.archive')}</Link>
        {site.blog.tags && <Link href={`${site.blog.path}/tags`}>{t('blog.tags')}</Link>}
        {site.blog.authors && <Link href={`${site.blog.path}/authors`}>{t('blog.authors')}</Link>}
      </nav>
      {body}
    </main>
  );
  const sidebar = 'blogSidebar' in route ? route.blogSidebar : undefined;
  if (!sidebar) return main('container blog-main');
  // The sidebar beside the page's main landmark, not in it (as Docusaurus's): a landmark of its own.
  return (
    <div className="container blog-main blog-layout">
      <BlogSidebar sidebar={sidebar} current={route.path} />
      {main('blog-layout__main')}
    </div>
  );
}
