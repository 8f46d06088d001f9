import type { SiteConfig } from './config.js';
import type { CompiledMarkdown, ContentLink, ContentSlot, FileCommit, TocItem } from './content.js';
import type { Diagnostic, SourceLocation } from './diagnostics.js';
import type { PropPageSource, PropSidebar, PropSidebarCategory, PropSidebarLink, RouteData, SiteData } from './props.js';

/** A doc after the manifest stage resolved its id, route and sidebar. */
export interface LoadedDoc {
  id: string;
  versionName: string;
  locale: string;
  title: string;
  description: string;
  /** The label in sidebars; on a page shown from the default locale's file, translated from the locale's labels when they have it. */
  sidebarLabel: string;
  /** False when the page is shown from the default locale's file and its label has no translation. */
  sidebarLabelTranslated: boolean;
  sidebarPosition?: number;
  /** Full URL path, including the locale base: `/en/docs/guide/overview`. */
  permalink: string;
  sourcePath: string;
  isFallback: boolean;
  draft: boolean;
  unlisted: boolean;
  toc: TocItem[];
  hideTableOfContents: boolean;
  compiled: CompiledMarkdown;
  /** "Edit this page" and the last update, as the page shows them. */
  source: PropPageSource;
  /** Id of the first sidebar that lists the doc. */
  sidebarId?: string;
}

/**
 * A link of a sidebar as the manifest stage makes it from a SidebarItemConfig: the build's own
 * copy. `docId` (the doc the link shows) serves the build only: toSidebarProp leaves it out of
 * what pages and sidebar files carry (PropSidebarLink).
 */
export interface SidebarLink extends PropSidebarLink {
  docId?: string;
}

/** A category of a Sidebar: a PropSidebarCategory whose items are the build's own (SidebarItem). */
export interface SidebarCategory extends Omit<PropSidebarCategory, 'items' | 'itemsOmitted'> {
  items: SidebarItem[];
}

export type SidebarItem = SidebarLink | SidebarCategory;

/**
 * A sidebar of a version as the manifest stage makes it (SidebarConfig as written -> Sidebar ->
 * PropSidebar as the theme gets it, see toSidebarProp).
 */
export type Sidebar = SidebarItem[];

export interface LoadedVersion {
  /** The docs instance (DocsConfig.id). */
  instance: string;
  name: string;
  label: string;
  /** URL path of the version root including the locale base: `/docs`, `/en/docs/2506.1`. */
  path: string;
  isLast: boolean;
  banner: 'none' | 'unreleased' | 'unmaintained';
  mainDocId: string;
  docs: LoadedDoc[];
  sidebars: Record<string, Sidebar>;
}

/** One route of the built site, with where it came from and everything needed to render it. */
export interface ManifestRoute {
  /** URL path including the locale base, decoded: `/en/docs/guide/overview`. */
  path: string;
  locale: string;
  /** Identity of the page across locales (`doc:current:guide/overview`), for hreflang alternates. */
  key: string;
  /** False when the route shows the default locale's source for lack of a translation. */
  isTranslation: boolean;
  /** Element ids on the page that `#anchor` links may target. */
  anchorIds: string[];
  /** Source files that produced the route (site-relative), for duplicate-route errors. */
  sources: string[];
  data: RouteData;
  /** Markdown content to render into `data.html`, by slot name. */
  slots: Record<string, ContentSlot>;
  /** For component pages, the absolute module path of the page component. */
  componentModule?: string;
}

/** A link as written, with the URL the manifest resolved it to. */
export interface ResolvedLink extends ContentLink {
  /**
   * Internal target as a decoded URL path with optional `#hash`; undefined for external URLs.
   * `unresolved` tells why an internal link has no target (e.g. a `.md` file that does not exist).
   */
  target?: string;
  unresolved?: string;
  /** What the author may have meant when `target` is no page: `./publish.md (/docs/guide/publish)` for a URL written without `.md`. */
  suggestion?: string;
}

/** Links written in one source file, with where each was written, checked by the links stage. */
export interface LinkSource {
  /** Site-relative path of the file: `docs/a.md`, `docgen.config.yaml`, `i18n/en/site.yaml`, `sidebars.yaml`. */
  sourcePath: string;
  /**
   * What wrote the links: markdown content (relative links resolve from its file), the site config
   * (navbar, footer, announcement bar: shown on every page) or a sidebars file (shown on every page
   * of a sidebar).
   */
  origin: 'markdown' | 'config' | 'sidebar';
  /** URL path of a page the links appear on: their own page, the locale's home page, the version's root. */
  pagePath: string;
  links: ResolvedLink[];
}

/**
 * A written link that does not lead anywhere on the built site, found by the links stage.
 * `build` prints these as warnings and `check-links` fails on them: both get them from one checker.
 */
export interface LinkProblem {
  /** `unsafe-url`: a `javascript:`, `vbscript:` or `data:` document link, removed from the page. */
  type: 'broken-link' | 'broken-anchor' | 'malformed-url' | 'unsafe-url';
  /** Where the link was written (1-based line and column). */
  location: SourceLocation;
  /** The link as written. */
  link: string;
  /** Why it leads nowhere: `no page at /docs/x`, `/docs/b has no heading with id "x"`. */
  reason: string;
  /** What to do about it. */
  hint: string;
}

/** A page of a search index: the content (`CompiledMarkdown.key`) shown at a URL under a title. */
export interface SearchPage {
  path: string;
  title: string;
  key: string;
}

/** The pages of one search index of a locale: a docs version, or the blog and pages. */
export interface SearchScope {
  /** `docs:<version>` or `blog`. */
  scope: string;
  label: string;
  pages: SearchPage[];
  /** Changes whenever the index's sections would: a hash of each page's URL, title and content key. */
  key: string;
}

/**
 * An old URL of a locale that leads to another page (config `redirects`, front matter
 * `redirect_from`): the build writes a small page at `from` that sends the reader on. Not a route:
 * no sitemap entry, no search.
 */
export interface ManifestRedirect {
  /** Decoded URL path, with the locale base: `/ko/docs/old`. */
  from: string;
  /** Decoded URL path with the locale base and an optional query and `#hash`, or a full URL. */
  to: string;
  /** Where the redirect was written. */
  location: SourceLocation;
  /**
   * Written as `<from>/index.html`, not as the file `<from>`: a `/x.html` whose `/x` is a page of
   * the site, which a host answering `/x` with `x.html` would otherwise serve as the redirect.
   */
  folder?: true;
}

export interface LocaleManifest {
  locale: string;
  site: SiteData;
  routes: ManifestRoute[];
  /** Sidebars by content-hash file name, served as shared JSON. */
  sidebarFiles: Record<string, PropSidebar>;
  versions: LoadedVersion[];
  linkSources: LinkSource[];
  /** Its search indexes (the site data names them, the search dialog offers them), those with pages only. */
  searchScopes: SearchScope[];
  /** Old URLs of the locale and the pages they lead to, by `from` order. */
  redirects: ManifestRedirect[];
}

/** A file copied into the output as it is (images referenced by relative paths). */
export interface AssetFile {
  absolutePath: string;
  /** Output path relative to the output folder. */
  outputPath: string;
}

/**
 * A page of a locale other than the default, and how its translation stands (`docgen
 * translations`, `i18n.status`): translated, missing (the page shows the default locale's source),
 * or outdated (its source changed after the translation's last commit).
 */
export interface PageTranslation {
  locale: string;
  /** What the page belongs to: a docs version, the blog, the pages. */
  section: 'docs' | 'blog' | 'pages';
  /** For docs: the instance (`default` for `docs`), the version's name and label. */
  docs?: { instance: string; version: string; label: string };
  title: string;
  /** The page's URL path in its locale, and its source's in the default locale. */
  path: string;
  sourcePath: string;
  /** Site-relative files: the source, and the translation when there is one. */
  sourceFile: string;
  translationFile?: string;
  status: 'translated' | 'missing' | 'outdated';
  /** When the translation last changed, and in which commit (its newest). */
  translatedAt?: string;
  translatedCommit?: string;
  /** For an outdated translation: the source's commits since, newest first. */
  sourceChanges?: FileCommit[];
}

export interface SiteManifest {
  config: SiteConfig;
  siteDir: string;
  locales: LocaleManifest[];
  assets: AssetFile[];
  /** Site-relative paths (URL form, leading `/`) of files in `static/`. */
  staticFiles: string[];
  /** What the site model found wrong that does not stop a build (a sidebar label left untranslated). */
  warnings: Diagnostic[];
  /** How each page of the other locales is translated, when the files' histories were read (SiteContent.histories). */
  translations?: PageTranslation[];
}
