import type { Root as HastRoot } from 'hast';
import type { HeadTagConfig } from './config.js';
import type { Diagnostic, SourceLocation } from './diagnostics.js';

/** A URL path written in a file, with where (`redirect_from` in front matter). */
export interface LocatedPath {
  path: string;
  location: SourceLocation;
}

/** Front matter every kind of page takes besides its metadata: old URLs and extra head tags. */
export interface PageExtrasFrontMatter {
  /** `redirect_from`: old URLs that lead to the page. */
  redirectFrom?: LocatedPath[];
  /** `head`: extra meta and link tags of the page. */
  head?: HeadTagConfig[];
}

/** A source file as read from disk: BOM removed and line endings normalised to LF. */
export interface SourceFile {
  absolutePath: string;
  /** Path relative to the site folder, with `/` separators. */
  sitePath: string;
  text: string;
}

/** Doc front matter after validation, keys mapped from snake_case to camelCase. */
export interface DocFrontMatter extends PageExtrasFrontMatter {
  id?: string;
  title?: string;
  slug?: string;
  sidebarLabel?: string;
  sidebarPosition?: number;
  description?: string;
  draft?: boolean;
  unlisted?: boolean;
  tocMinHeadingLevel?: number;
  tocMaxHeadingLevel?: number;
  hideTableOfContents?: boolean;
  /** `<meta name="keywords">` of the page. */
  keywords?: string[];
  /** The page's own og:image: a path under static/ or an absolute URL. */
  image?: string;
  /** The page shows no title heading. */
  hideTitle?: boolean;
  /** Doc id of the previous / next page, or null for none; from the sidebar when absent. */
  paginationPrev?: string | null;
  /** `displayed_sidebar`: the sidebar shown beside the doc instead of the one that lists it; null for none. */
  displayedSidebar?: string | null;
  paginationNext?: string | null;
  tags?: string[];
  /** `last_update`: replaces what git says of the page (when last updates are shown). */
  lastUpdate?: { date?: string; author?: string };
  /** `custom_edit_url`: the page's own edit link, or null for none. */
  customEditUrl?: string | null;
}

/**
 * An author written in a blog post's front matter (`authors: [{name, title, url, image_url}]`),
 * or a key of authors.yaml with some of its fields written over (`{key: kim, title: Guest}`).
 */
export interface InlineAuthor {
  key?: string;
  name?: string;
  title?: string;
  url?: string;
  imageUrl?: string;
}

export interface BlogFrontMatter extends PageExtrasFrontMatter {
  title?: string;
  description?: string;
  keywords?: string[];
  image?: string;
  slug?: string;
  /** Keys of authors.yaml, or authors written in the post itself (as Docusaurus allows), in order. */
  authors?: (string | InlineAuthor)[];
  tags?: string[];
  date?: string;
  draft?: boolean;
  unlisted?: boolean;
  hideTableOfContents?: boolean;
  lastUpdate?: { date?: string; author?: string };
  customEditUrl?: string | null;
}

export interface PageFrontMatter extends PageExtrasFrontMatter {
  title?: string;
  description?: string;
  keywords?: string[];
  image?: string;
  draft?: boolean;
  unlisted?: boolean;
  hideTableOfContents?: boolean;
}

/** A markdown file split into front matter and body. */
export interface SourceMarkdown<FrontMatter> {
  file: SourceFile;
  frontMatter: FrontMatter;
  /**
   * The file after its front matter. Of a file unchanged since the last build it is read when first
   * asked for (see core's unchangedSources.ts): copy such a source with `extendSource`, not a spread.
   */
  body: string;
  /** 1-based line of the file on which the body starts. */
  bodyLine: number;
  /** A hash of the body (core's hashMarkdownBody), when it was known without reading the file. */
  bodyHash?: string;
  /** Front matter keys the page's kind does not read. */
  warnings?: Diagnostic[];
  /** Read as MDX: an `.mdx` file, or any markdown file under the site's `markdown.format: mdx`. */
  mdx?: boolean;
  /** Of an `.mdx` file: its front matter as written, which its expressions read (`{frontMatter.x}`). */
  writtenFrontMatter?: Record<string, unknown>;
  /**
   * Of an `.mdx` file: the `.md`/`.mdx` partials it imports (and they import), by site path, with
   * their bodies (front matter taken off) and the line each body starts on.
   */
  partials?: Record<string, { body: string; bodyLine: number }>;
  /** Of an `.mdx` file: the site's modules (code, JSON) it imports, the site path as imported (no extension) to the file's. */
  modules?: Record<string, string>;
  /** Of an `.mdx` file: what it (and its partials) import by name: packages, and Docusaurus's modules (`@theme/Tabs`). */
  packages?: string[];
  /** Of an `.mdx` file: the text of the files it imports through a webpack loader (`!!raw-loader!./Example.java`), by site path. */
  texts?: Record<string, string>;
  /** Of an `.mdx` file: the other files of the site it (and its partials) import or require and that exist (images, PDFs), by site path. */
  files?: string[];
}

export interface SourceDoc extends SourceMarkdown<DocFrontMatter> {
  versionName: string;
  /** Locale whose URL space the doc belongs to. */
  locale: string;
  /** Path inside the version's docs folder, with `/` separators and extension. */
  relativePath: string;
  /** True when the locale has no translation and the default locale's source is shown. */
  isFallback: boolean;
}

export interface SourceBlogPost extends SourceMarkdown<BlogFrontMatter> {
  locale: string;
  /** ISO date (`YYYY-MM-DD`) from the front matter or the file name. */
  date: string;
  isFallback: boolean;
}

export interface SourcePage {
  /**
   * `markdown`, a page of `pages/*.md`; `component`, a component page of docgen's theme;
   * `react`, a React page written for Docusaurus, shown by `markdown` (an MDX page of one island).
   */
  kind: 'markdown' | 'component' | 'react';
  locale: string;
  /** Route path below the locale base, e.g. `/`, `/versions`. */
  routePath: string;
  markdown?: SourceMarkdown<PageFrontMatter>;
  /** For component pages: the absolute path of the .tsx/.jsx module. */
  modulePath?: string;
  file: SourceFile;
  isFallback: boolean;
}

/** A link of an author's `socials` (or `email`), its handle made a URL as Docusaurus does. */
export interface AuthorSocial {
  /** As written: `github`, `x`, `email`, or a platform of the site's own (`newsletter`). */
  platform: string;
  /** Its name to show: `GitHub`, `X`, `Email`; the platform as written for others. */
  label: string;
  url: string;
}

export interface BlogAuthorSource {
  key: string;
  name: string;
  title?: string;
  url?: string;
  imageUrl?: string;
  /** `socials` and `email` of authors.yaml as links (see toAuthorSocials). */
  socials?: AuthorSocial[];
  /** Path of the author's page under `<blog>/authors/` (`page.permalink` in authors.yaml, as Docusaurus); the key when absent. */
  permalink?: string;
  /** `page: false` in authors.yaml: the author has no page; their name links to their `url`. */
  page?: false;
}

/** An entry of a tags file (the blog's `tags.yaml`, a docs version's `tags.yml`). */
export interface BlogTagSource {
  key: string;
  label: string;
  description?: string;
  /** Path of the tag's page under `<blog>/tags/` or `<version>/tags/` (`permalink`, as Docusaurus); from the key when absent. */
  permalink?: string;
}

/** One entry of a table of contents. `level` is the heading rank, 2 for h2. */
export interface TocItem {
  value: string;
  id: string;
  level: number;
}

/** A link or image reference found in markdown, with its 1-based position in the source file. */
export interface ContentLink {
  url: string;
  kind: 'link' | 'image';
  line: number;
  column: number;
}

/**
 * What later stages need to know of one compiled markdown body: a pure function of (source,
 * options). The content itself (hast) is not here: it stays in the compile store under `key`,
 * is written there by whichever thread compiled it, and is read back by the thread that renders
 * a page, so the site's compiled content is never held in memory at once.
 */
export interface CompiledMarkdown {
  /** Key of the compiled content in the compile store: a hash of the source and the compile options. */
  key: string;
  /** True when the body has a `<!-- truncate -->` marker (the store then also holds the excerpt). */
  hasExcerpt: boolean;
  /**
   * Plain text of a leading `# heading`: the page's title when its front matter has none. The
   * heading is stored apart from the content (`stored.title`); docs and markdown pages show it as
   * their h1, blog posts (whose header shows the title) leave it out.
   */
  contentTitle?: string;
  /** Id of the leading `# heading`'s h1, when the body has one (it is in `anchorIds` too). */
  contentTitleId?: string;
  /** Every heading of level 2 to 6, in document order. */
  headings: TocItem[];
  /** Every element id in the document (headings, footnotes, explicit ids), for anchor checks. */
  anchorIds: string[];
  links: ContentLink[];
  /**
   * Every `href` of a link and `src` of an image in the content, markdown and raw HTML alike,
   * once each: the manifest resolves them to the URLs the rendered page uses.
   */
  urls: { value: string; kind: 'link' | 'image' }[];
  /** The page's description unless its front matter has one: the start of its text. */
  description: string;
  /** Minutes to read the document. */
  readingTimeMinutes: number;
  diagnostics: Diagnostic[];
  /** True when an MDX page shows `<DocCardList />`: the manifest gives its doc route the cards. */
  hasDocCardList?: true;
  /** True when the body has a mermaid diagram: the site copies mermaid's browser bundle. */
  hasDiagram?: true;
  /** True when the body has math: the site copies KaTeX's stylesheet and fonts. */
  hasMath?: true;
  /** The site components an MDX page shows as islands (`src/components/Counter.tsx#default`), when it shows any. */
  components?: string[];
  /** Where the compile store keeps the content, excerpt and search sections. */
  stored: StoredContent;
}

/** Where the compile store keeps the parts of a compiled body: byte ranges of its pack files. */
export interface StoredContent {
  main: StoredPart;
  /** Present when the body has an excerpt (`hasExcerpt`). */
  excerpt?: StoredPart;
  /** The leading `# heading` (a root holding its h1), present when the body has one (`contentTitleId`). */
  title?: StoredPart;
  sections: StoredPart;
}

/** The JSON of one part of a compiled body: bytes `start` to `end` of a pack file of the compile store. */
export interface StoredPart {
  pack: string;
  start: number;
  end: number;
}

/** The text under one h2 or h3 heading of a document (or before the first one). */
export interface ContentSection {
  heading: string;
  /** Id of the heading; empty for the part before the first heading. */
  anchor: string;
  text: string;
  /** Identifiers found in code: searchable, never shown. */
  code: string;
  /**
   * The site components (islands) the section shows, in the order of the SEARCH_ISLAND_MARKs of
   * its text, which the search index replaces with the text each renders.
   */
  islands?: { component: string; props: string }[];
}

/** Markdown content of a route: where it is stored, and the URLs its links were resolved to. */
export interface ContentSlot {
  /** `CompiledMarkdown.key`. */
  key: string;
  /** The content without its leading `# heading`, its excerpt, or that heading (an h1). */
  part: 'main' | 'excerpt' | 'title';
  /** Link `href`s as written, mapped to the URL the page links to (only those that change). */
  hrefs: Record<string, string>;
  /** Image `src`s as written, mapped to the URL the page loads (only those that change). */
  srcs: Record<string, string>;
}

export interface CategoryLinkConfig {
  type: 'doc' | 'generated-index';
  id?: string;
  slug?: string;
  title?: string;
  description?: string;
}

/** A sidebar item as written in a sidebars file (shorthand expanded), with where it was written. */
export type SidebarItemConfig =
  | { type: 'doc'; id: string; label?: string; location: import('./diagnostics.js').SourceLocation }
  | { type: 'link'; label: string; href: string; location: import('./diagnostics.js').SourceLocation }
  | { type: 'autogenerated'; dirName: string; location: import('./diagnostics.js').SourceLocation }
  | {
      type: 'category';
      label: string;
      collapsed?: boolean;
      collapsible?: boolean;
      /** CSS class of the category's sidebar item (Docusaurus's `className`). */
      className?: string;
      link?: CategoryLinkConfig;
      items: SidebarItemConfig[];
      location: import('./diagnostics.js').SourceLocation;
    };

/** A sidebar as written in a sidebars file: what the manifest stage makes a Sidebar of. */
export type SidebarConfig = SidebarItemConfig[];

/** Metadata of a docs folder from its `_category_.yaml`. */
export interface CategoryMetadata {
  label?: string;
  position?: number;
  collapsed?: boolean;
  collapsible?: boolean;
  /** CSS class of the category's sidebar item (Docusaurus's `className`); kept for the theme. */
  className?: string;
  link?: CategoryLinkConfig;
  sourcePath: string;
}

export interface SourceVersion {
  /** The docs instance the version is of (DocsConfig.id): `default` for `docs`. */
  instance: string;
  /** `current` or a name from the instance's versions.json. */
  name: string;
  /** Folder of the version's docs (default locale), site-relative. */
  docsDir: string;
  /** Every doc of every locale; untranslated docs appear once per locale as fallbacks. */
  docs: SourceDoc[];
  /** Sidebars by id; undefined when the version has no sidebars file (one generated sidebar). */
  sidebars?: Record<string, SidebarConfig>;
  sidebarsPath?: string;
  /** `_category_.yaml` data by folder path relative to the docs folder (`guide/api`). */
  categories: Record<string, CategoryMetadata>;
  /**
   * The version's `tags.yml` (or `tags.yaml`) in its docs folder, by locale (a locale's translated
   * docs folder may hold its own): label, description and permalink of each front matter tag.
   */
  tags?: Record<string, BlogTagSource[]>;
}

/** Translations of site-level texts for one locale, from `i18n/<locale>/site.yaml` and `theme.yaml`. */
export interface SiteTranslations {
  /** Source label -> translated label, for navbar, footer and sidebar labels. */
  labels: Record<string, string>;
  /** Labels the locale shows untranslated on purpose, for now: not warned of (`untranslated` in `site.yaml`). */
  untranslated: string[];
  /**
   * A category's generated index by the category's label as the default locale writes it: its
   * translated title (when it differs from the translated label) and description.
   */
  categoryIndexes: Record<string, { title?: string; description?: string }>;
  title?: string;
  tagline?: string;
  announcementBar?: string;
  copyright?: string;
  blogTitle?: string;
  blogDescription?: string;
  /** The title of the blog's sidebar of recent posts (`blogSidebarTitle`). */
  blogSidebarTitle?: string;
  /** Theme UI string overrides by key. */
  theme: Record<string, string>;
  /** The site's own messages by id (`<Translate id>`, `translate({id})` of its components and MDX pages): `code.yaml`. */
  code: Record<string, string>;
}

/**
 * The site as Docusaurus's `useDocusaurusContext()` and its other hooks show it in one locale,
 * to MDX pages (at build time) and to the site's components (on the server and in the browser).
 */
export interface DocusaurusSiteContext {
  siteConfig: { title: string; tagline: string; url: string; baseUrl: string; customFields: Record<string, unknown> };
  i18n: { currentLocale: string; defaultLocale: string; locales: string[] };
  /** `useGlobalData()`: what Docusaurus's plugins publish, by plugin and instance (the docs' versions). */
  globalData: Record<string, Record<string, unknown>>;
  /** `useThemeConfig()`: the navbar, footer and colour mode of the config. */
  themeConfig: Record<string, unknown>;
  /** The locale's messages of `<Translate>` and `translate()` by id (`i18n/<locale>/code.yaml`). */
  translations: Record<string, string>;
}

/** The last commit of a file, from git. */
export interface GitLastUpdate {
  /** ISO date and time (UTC) of the commit. */
  date: string;
  author: string;
}

/** A commit of a file's history, from git. */
export interface FileCommit {
  hash: string;
  /** ISO date and time (UTC) of the commit. */
  date: string;
  author: string;
  subject: string;
}

/** What a file went through, for translation statuses (`i18n.status`, `docgen translations`). */
export interface FileHistory {
  /** The newest commit that touched the file. */
  last: FileCommit;
  /**
   * The commits that changed what a reader of it sees, newest first: not those that only touched
   * front matter a page does not show, only renamed it, or say `Translation: unchanged`.
   */
  visible: FileCommit[];
}

export interface SiteContent {
  versions: SourceVersion[];
  blogPosts: SourceBlogPost[];
  authors: Record<string, BlogAuthorSource[]>;
  tags: Record<string, BlogTagSource[]>;
  pages: SourcePage[];
  translations: Record<string, SiteTranslations>;
  /** Absolute path of the static folder, when the site has one. */
  staticDir?: string;
  /**
   * Files in the static folder as URL paths (`/img/logo.svg`), dot files included: exactly what
   * the build copies (symbolic links under the same rule as every other source file).
   */
  staticFiles: string[];
  /**
   * The last commit of each file git tracks, by site path; read only when the config shows
   * last-updated dates (`showLastUpdateTime` / `showLastUpdateAuthor`).
   */
  lastUpdates?: Record<string, GitLastUpdate>;
  /** The history of each file git tracks, by site path; read only for translation statuses. */
  histories?: Record<string, FileHistory>;
  /**
   * Warnings met while reading the site's files: symbolic links skipped by the symlink rule
   * (outside the site folder, broken, or a loop), one per link.
   */
  diagnostics: Diagnostic[];
}
