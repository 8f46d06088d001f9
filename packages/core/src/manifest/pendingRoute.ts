import type {
  ContentLink,
  LoadedDoc,
  LocatedPath,
  ManifestRoute,
  PropAlternate,
  PropBlogPostMeta,
  PropBlogSidebar,
  PropDocContext,
  PropNavLink,
  PropPageSource,
  PropTag,
  RouteData,
  RouteKind,
} from '@docgen/types';

/**
 * A route before links are resolved and its props made (internal to the manifest stage): where it
 * is and what it shows (`page`). createManifest makes its props (`ManifestRoute.data`) once the
 * whole site is known, with toRouteProps (props.ts).
 */
export interface PendingRoute {
  route: Omit<ManifestRoute, 'data'>;
  page: PageModel;
  /**
   * The site path relative links of the source resolve from. For a translation this is the
   * path of its default-locale source, so that `./other.md` means the same page in every locale.
   */
  linkBase?: string;
  links: ContentLink[];
  docId?: string;
  /** Canonical path when the route repeats another page (a version root showing its main doc). */
  canonicalPath?: string;
  /** Front matter `redirect_from`: old URLs (below the locale base) that lead to this route. */
  redirectFrom?: LocatedPath[];
}

/**
 * Where a doc-like page (a doc, a generated category index) sits in its version: its sidebar and
 * its place in it (found once per sidebar, see toSidebarIndex in versions.ts).
 */
export type DocPlace = Omit<PropDocContext, 'versionPaths'>;

/** A card of a generated category index: a doc or a category of the sidebar. */
type CategoryCard = (RouteData & { type: 'docCategory' })['items'][number];

/** What a page's front matter adds to its head: `keywords`, its own `image` (og:image) and extra tags (`head`). */
type PageHead = Pick<RouteData, 'keywords' | 'image' | 'head'>;

/** What a route shows, as the manifest's loaders find it: one kind per page kind of RouteData. */
export type PageModel =
  | ({
      type: 'doc';
      path: string;
      doc: LoadedDoc;
      place: DocPlace;
      hideTitle?: boolean;
      tags?: PropTag[];
      /** The cards of its `<DocCardList />`. */
      docCards?: CategoryCard[];
      /** The URL of its version's PDF manual in its locale, when the build writes it (`pdf.build`). */
      manual?: string;
    } & PageHead)
  | { type: 'docTagList'; path: string; title: string; tags: PropTag[]; place: DocPlace }
  | {
      type: 'docTag';
      path: string;
      title: string;
      tag: PropTag;
      allTagsPath: string;
      docs: { title: string; description: string; path: string }[];
      place: DocPlace;
    }
  | { type: 'docCategory'; path: string; title: string; description: string; noIndex: boolean; items: CategoryCard[]; place: DocPlace }
  | ({
      type: 'blogPost';
      path: string;
      noIndex: boolean;
      post: PropBlogPostMeta;
      toc: LoadedDoc['toc'];
      previous?: PropNavLink;
      next?: PropNavLink;
      blogSidebar?: PropBlogSidebar;
    } & PageHead &
      PropPageSource)
  | BlogPageModel
  | ({
      type: 'markdownPage';
      path: string;
      title: string;
      description: string;
      noIndex: boolean;
      toc: LoadedDoc['toc'];
      hideTableOfContents: boolean;
      /** A React page written for Docusaurus: its component is the whole page, inside the navbar and footer. */
      reactPage?: true;
    } & PageHead)
  | { type: 'page'; path: string; component: string }
  | { type: 'search'; path: string; title: string }
  | { type: 'notFound'; path: string };

/** The generated pages of a blog (lists, archive, tags, authors): their props are their own fields. */
export type BlogPageModel = { path: string; title: string; description: string } & Extract<
  RouteKind,
  { type: 'blogList' | 'blogTagList' | 'blogTag' | 'blogArchive' | 'blogAuthorList' | 'blogAuthor' }
>;

/**
 * What a route's props take from the rest of the site: the same page in other locales and its
 * canonical URL, and for a doc-like page the same page in every version (see createManifest).
 */
export interface RouteLinks {
  /** Absolute canonical URL. */
  canonical: string;
  alternates: PropAlternate[];
  /** The default locale's page, when the route shows its source for lack of a translation. */
  fallbackFrom?: { locale: string; path: string };
  /** Same doc (or main doc) in every version, by version name; doc-like pages only. */
  versionPaths: Record<string, string>;
}
