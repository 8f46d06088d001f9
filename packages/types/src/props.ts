/**
 * What the theme sees. Everything here survives `JSON.stringify`: no Date, Map, URL or functions.
 * SiteData is per locale and constant in the size of the site; RouteData is per route.
 */
import type { AuthorSocial, TocItem } from './content.js';

export interface PropLink {
  label: string;
  /** Internal URL path (with locale base) or external URL. */
  href: string;
  external: boolean;
}

export type PropNavbarItem =
  | ({ type: 'link'; position: 'left' | 'right' } & PropLink)
  | { type: 'doc'; position: 'left' | 'right'; label: string; docId: string; sidebarId?: undefined; docsInstance?: string }
  | { type: 'docSidebar'; position: 'left' | 'right'; label: string; sidebarId: string; docsInstance?: string }
  | { type: 'dropdown'; position: 'left' | 'right'; label: string; items: PropDropdownItem[] }
  | { type: 'docsVersionDropdown'; position: 'left' | 'right'; versions: string[]; docsInstance?: string }
  | { type: 'localeDropdown'; position: 'left' | 'right' }
  /** HTML of the config, sanitised as raw HTML in a page is. */
  | { type: 'html'; position: 'left' | 'right'; html: string; className?: string };

/** An item of a navbar dropdown: a link, or a doc or sidebar whose page the theme takes from the version the reader is in. */
export type PropDropdownItem =
  | PropLink
  | { type: 'doc'; label: string; docId: string; docsInstance?: string }
  | { type: 'docSidebar'; label: string; sidebarId: string; docsInstance?: string };

export interface PropVersion {
  /** The docs instance, absent for the default one (`docs`). */
  docsInstance?: string;
  name: string;
  label: string;
  /** URL path of the version root: `/docs`, `/en/docs/2506.1`. */
  path: string;
  isLast: boolean;
  banner: 'none' | 'unreleased' | 'unmaintained';
  mainDocPath: string;
  /** Paths of docs referenced from the navbar (`doc` items), by doc id. */
  navbarDocPaths: Record<string, string>;
  /** The sidebar each of those docs is in, by doc id (none for a doc of no sidebar): the item is active on its pages. */
  navbarDocSidebars: Record<string, string>;
  /** Path of the first link of each sidebar, by sidebar id (`docSidebar` items, versions page). */
  sidebarPaths: Record<string, string>;
}

export interface PropLocale {
  locale: string;
  label: string;
  htmlLang: string;
  direction: 'ltr' | 'rtl';
  /** URL base of the locale: `/` or `/en/`. */
  baseUrl: string;
}

/** An extra tag of the `<head>` (config `headTags`, `scripts`; front matter `head`): attribute values are escaped when written. */
export interface PropHeadTag {
  tagName: string;
  /** `true` writes the attribute bare (`async`). */
  attributes: Record<string, string | true>;
  innerHTML?: string;
}

export interface SiteData {
  /** Changes whenever the output changes; part of every page-data URL. */
  buildId: string;
  title: string;
  tagline: string;
  /** Between a page's title and the site's in the document title, when not `|` (see SiteConfig.titleDelimiter). */
  titleDelimiter?: string;
  url: string;
  /** Base URL of the site (default locale). */
  siteBaseUrl: string;
  /** Base URL of this locale. */
  baseUrl: string;
  locale: string;
  defaultLocale: string;
  locales: PropLocale[];
  /** Whether the locale has a page at its base URL: the breadcrumbs start with a link to it only then. */
  hasHomePage: boolean;
  favicon?: string;
  /**
   * Social card image of the site (`og:image`): a path under the site base URL (`/img/card.png`)
   * or an absolute URL.
   */
  image?: string;
  navbar: {
    title?: string;
    logo?: { alt: string; src: string; srcDark?: string };
    hideOnScroll: boolean;
    /** `navbar.style` of the config: the page's `<html data-navbar>`, which the stylesheet reads. */
    style?: 'dark' | 'primary';
    items: PropNavbarItem[];
  };
  footer: {
    style: 'dark' | 'light';
    /** Columns of links; an item may be HTML of the config, sanitised as raw HTML in a page is. */
    links: { title: string; items: (PropLink | { html: string })[] }[];
    logo?: { alt: string; src: string; href?: string; width?: number; height?: number };
    copyright?: string;
  };
  announcementBar?: {
    id: string;
    content: string;
    backgroundColor: string;
    textColor: string;
    isCloseable: boolean;
  };
  colorMode: { defaultMode: 'light' | 'dark'; disableSwitch: boolean; respectPrefersColorScheme: boolean };
  versions: PropVersion[];
  /** UI strings of the theme for this locale (theme defaults merged with the site's overrides). */
  translations: Record<string, string>;
  /** The blog's title and path, and whether it has a list of its tags and of its authors (pages made only when there are some). */
  blog: { title: string; path: string; tags: boolean; authors: boolean };
  /**
   * Search scopes of this locale: one per docs version (`docs:<name>`) and `blog` (posts and pages).
   * Each index is loaded on first use from getSearchIndexUrl().
   */
  search?: { scopes: { name: string; label: string }[] };
  /** Tags of every page's `<head>` (config `headTags` and `scripts`); absent when none. */
  headTags?: PropHeadTag[];
}

/** A link of a sidebar as pages and sidebar files carry it (made from a SidebarLink by toSidebarProp). */
export interface PropSidebarLink {
  type: 'link';
  label: string;
  href: string;
  external?: boolean;
}

/** A category of a sidebar as pages and sidebar files carry it. */
export interface PropSidebarCategory {
  type: 'category';
  label: string;
  /** The category's own page (a linked doc or a generated index), when it has one. */
  href?: string;
  /**
   * For a category without a page of its own: a generated page listing its items, which its
   * label links to until the page is hydrated, so every page stays reachable without
   * JavaScript while a page's HTML leaves collapsed categories' items out. With JavaScript
   * the label only expands the category.
   */
  indexHref?: string;
  collapsed: boolean;
  collapsible: boolean;
  /** CSS class of its sidebar item, from `className` in a sidebars or `_category_` file. */
  className?: string;
  items: PropSidebarItem[];
  /**
   * Set where the items were left out of this copy of the sidebar (a page's hydration data
   * carries only the part its HTML shows); the version's sidebar file has them.
   */
  itemsOmitted?: true;
}

export type PropSidebarItem = PropSidebarLink | PropSidebarCategory;

export type PropSidebar = PropSidebarItem[];

/** A card of a category's items: a generated index's, or a doc's `<DocCardList />`. `count`: the pages of a category. */
export interface PropCard {
  title: string;
  description: string;
  path: string;
  count?: number;
}

export interface PropNavLink {
  title: string;
  path: string;
}

export interface PropAlternate {
  locale: string;
  path: string;
  /** False when the page in that locale shows the default locale's source (no translation). */
  isTranslation: boolean;
}

/** Fields every doc-like route (doc, generated category index) shares. */
/** Where a page of a paginated list of posts is (the blog, a tag's, an author's): `postsPerPage` a page. */
export interface PropPagination {
  /** 1-based. */
  page: number;
  totalPages: number;
  previousPage?: string;
  nextPage?: string;
}

export interface PropDocContext {
  /** The docs instance of the page, absent for the default one (`docs`). */
  docsInstance?: string;
  versionName: string;
  /** The sidebar of the page: an id and the URL of its shared JSON file. */
  sidebar?: { id: string; url: string };
  breadcrumbs: { label: string; href?: string }[];
  previous?: PropNavLink;
  next?: PropNavLink;
  /** Same doc (or main doc) in every version, by version name, for the version dropdown. */
  versionPaths: Record<string, string>;
}

export interface PropAuthor {
  key: string;
  name: string;
  title?: string;
  url?: string;
  imageUrl?: string;
  socials?: AuthorSocial[];
  /** The author's page: authors of authors.yaml have one, authors written in a post do not. */
  path?: string;
}

export interface PropTag {
  label: string;
  path: string;
  description?: string;
  count?: number;
}

/**
 * The blog's sidebar of its latest posts, newest first (`blogSidebarCount`), on the list, post,
 * tag and author pages, as Docusaurus's blog shows it.
 */
export interface PropBlogSidebar {
  /** `blogSidebarTitle`; the theme's "Recent posts" when absent. */
  title?: string;
  /** Under a heading of each year (`blog.sidebarGroupByYear`, as Docusaurus 3's `blog.sidebar.groupByYear`). */
  groupByYear: boolean;
  /** `date` is the post's ISO date, `YYYY-MM-DD`. */
  items: { title: string; path: string; date: string }[];
}

export interface PropBlogPostMeta {
  path: string;
  title: string;
  description: string;
  /** ISO date, `YYYY-MM-DD`. */
  date: string;
  readingTimeMinutes: number;
  authors: PropAuthor[];
  tags: PropTag[];
  hasTruncateMarker: boolean;
}

/** When a page last changed and by whom (git, or front matter `last_update`): only what the config shows. */
export interface PropLastUpdate {
  /** ISO date (`2025-08-20`) or date and time (UTC), when `showLastUpdateTime` is on. */
  date?: string;
  /** When `showLastUpdateAuthor` is on. */
  author?: string;
}

/** Where a doc or post comes from, as it shows under the page. */
export interface PropPageSource {
  /** "Edit this page": the file in the repository (`editUrl`, `custom_edit_url`). */
  editUrl?: string;
  lastUpdate?: PropLastUpdate;
  /** A doc's: the URL of its version's PDF manual in the page's locale (`pdf.build`), "Download PDF". */
  manual?: string;
}

export type RouteData = RouteDataBase & RouteKind;

export interface RouteDataBase {
  /** URL path including the locale base. */
  path: string;
  title: string;
  description: string;
  canonical: string;
  alternates: PropAlternate[];
  noIndex: boolean;
  /** `<meta name="keywords">`, from front matter. */
  keywords?: string[];
  /** The page's own og:image (a path under static/ or an absolute URL), from front matter; the site's when absent. */
  image?: string;
  /** The page's own extra `<head>` tags (front matter `head`: meta and link). */
  head?: PropHeadTag[];
  /**
   * Rendered markdown by slot name (`main`, `excerpt:<path>`). Filled by the render stage. A doc or
   * markdown page whose content starts with a `# heading` has a `title` slot too: that heading's
   * h1 (with its id), which the page shows as its heading instead of `title`.
   */
  html: Record<string, string>;
  /**
   * Stylesheets the rendered content needs besides the theme's (KaTeX's, on a page with math).
   * Filled by the render stage; client navigation loads them too.
   */
  stylesheets?: string[];
}

/** The blog pages that show the sidebar of recent posts (not the archive, which lists every post); absent when `blogSidebarCount` is 0. */
interface BlogSidebarField {
  blogSidebar?: PropBlogSidebar;
}

export type RouteKind =
  | ({
      type: 'doc';
      toc: TocItem[];
      /** `hide_title`: the page shows no title heading. */
      hideTitle?: boolean;
      hideTableOfContents: boolean;
      unlisted: boolean;
      draft: boolean;
      /** Set when the page shows the default locale's source because it has no translation. */
      fallbackFrom?: { locale: string; path: string };
      /** Set when its translation is older than a change of its source (`i18n.status`): the source's page and the change's date. */
      outdatedFrom?: { locale: string; path: string; date: string };
      /** URL path of the page's markdown twin (`/docs/x.md`, see getMarkdownPath). */
      markdownPath?: string;
      /** The doc's front matter tags, each linking to its tag page. */
      tags?: PropTag[];
      /** The cards of its `<DocCardList />`: the items of the sidebar category the doc is the page of. */
      docCards?: PropCard[];
    } & PropDocContext &
      PropPageSource)
  /** A version's tags list (`<version>/tags`): every tag of its docs, with its count. */
  | ({ type: 'docTagList'; tags: PropTag[] } & PropDocContext)
  /** A tag's page (`<version>/tags/<tag>`): the docs with the tag. */
  | ({
      type: 'docTag';
      tag: PropTag;
      allTagsPath: string;
      docs: { title: string; description: string; path: string }[];
    } & PropDocContext)
  | ({ type: 'docCategory'; items: PropCard[] } & PropDocContext)
  | ({ type: 'blogList'; posts: PropBlogPostMeta[] } & PropPagination & BlogSidebarField)
  | ({
      type: 'blogPost';
      post: PropBlogPostMeta;
      toc: TocItem[];
      previous?: PropNavLink;
      next?: PropNavLink;
      fallbackFrom?: { locale: string; path: string };
    } & PropPageSource &
      BlogSidebarField)
  | ({ type: 'blogTagList'; tags: PropTag[] } & BlogSidebarField)
  | ({ type: 'blogTag'; tag: PropTag; posts: PropBlogPostMeta[] } & PropPagination & BlogSidebarField)
  | { type: 'blogArchive'; years: { year: string; posts: PropBlogPostMeta[] }[] }
  | ({ type: 'blogAuthorList'; authors: (PropAuthor & { count: number })[] } & BlogSidebarField)
  | ({ type: 'blogAuthor'; author: PropAuthor; posts: PropBlogPostMeta[] } & PropPagination & BlogSidebarField)
  | {
      type: 'markdownPage';
      toc: TocItem[];
      hideTableOfContents: boolean;
      fallbackFrom?: { locale: string; path: string };
      /** A React page written for Docusaurus (`pages/index.js`): its component is the whole screen, which its `<Layout>` frames. */
      reactPage?: true;
    }
  | { type: 'page'; component: string }
  /** The search page (`search.page`): the query of `?q=` searched, its results listed. */
  | { type: 'search' }
  | { type: 'notFound' };

/** The JSON inlined into every HTML page for hydration (`html` is taken from the DOM instead). */
export interface HydrationPayload {
  site: SiteData;
  route: RouteData;
  /**
   * The part of the page's sidebar its HTML shows, packed: the top level, the categories open on
   * the path to the page and those that start expanded; other categories are marked as having
   * their items left out (`itemsOmitted`). The page hydrates with it while the whole sidebar loads
   * from its file.
   */
  sidebar?: PackedSidebarItem[];
}

/**
 * A sidebar item as a page's hydration data carries it: a tuple instead of an object, so that the
 * keys every item would repeat are not written for each item of the sidebar the page shows, whose
 * count grows with the size of the site. `toPackedSidebar` and `fromPackedSidebar`
 * (@docgen/shared) convert from and to PropSidebarItem.
 * - A link: `[label, href]`, or `[label, href, 1]` when it is external.
 * - A category: `[label, href, flags, items]`. `href` is its page, or its fallback index (its
 *   `indexHref`) when `flags` says so, or `''` when it has neither; `flags` also holds `collapsed`
 *   and `collapsible`; `items` is `0` where they were left out (`itemsOmitted`); a fifth
 *   element is its `className`, when it has one.
 */
export type PackedSidebarItem =
  | [label: string, href: string]
  | [label: string, href: string, external: 1]
  | [label: string, href: string, flags: number, items: PackedSidebarItem[] | 0]
  | [label: string, href: string, flags: number, items: PackedSidebarItem[] | 0, className: string];
