import type { SourceLocation } from './diagnostics.js';

/** The site configuration after validation, with every default filled in. */
export interface SiteConfig {
  title: string;
  tagline: string;
  /** Between a page's title and the site's in the document title (`Setup | Docs`). */
  titleDelimiter: string;
  /** Origin of the deployed site, no trailing slash: `https://docs.example.com`. */
  url: string;
  /** Path under `url` where the default locale is served; starts and ends with `/`. */
  baseUrl: string;
  favicon?: string;
  /** Social card image (`og:image`): a path under `static/` or an absolute URL. */
  image?: string;
  /** The site's own data (Docusaurus's `customFields`), given to its components and MDX pages in `siteConfig`. */
  customFields: Record<string, unknown>;
  /** Absolute path of the theme package folder (resolved by the config stage). */
  themeDir: string;
  /** The site's own stylesheets, site-relative paths with `/`, loaded after the theme's styles in this order. */
  customCss: string[];
  i18n: I18nConfig;
  /** The default docs instance (`id` `default`). */
  docs: DocsConfig;
  /**
   * The other docs instances (Docusaurus's docs plugin with an `id`): each with its own folder,
   * route, sidebars, versions and search scope. Empty on most sites.
   */
  docsInstances: DocsConfig[];
  blog: BlogConfig;
  themeConfig: ThemeConfig;
  markdown: MarkdownConfig;
  /** docgen's search: `page`, a search page at `<locale base>/search`. */
  search: { page: boolean };
  /** Old URLs that lead to a page of the site (`redirects`, and `redirect_from` in front matter is added by the manifest). */
  redirects: RedirectConfig[];
  /** `extensionRedirects`: extensions each page also answers with (`html`: `/docs/intro.html`), by a redirect; where the config says so. */
  extensionRedirects: { extensions: string[]; location: SourceLocation };
  /** Extra tags of every page's `<head>` (`headTags` and `scripts`), in the order written. */
  headTags: HeadTagConfig[];
  /** The PDF manuals of `docgen pdf` (one per docs version and locale), and whether `build` writes them. */
  pdf: PdfConfig;
  /**
   * Where the values that become links on every page were written (navbar, footer, announcement
   * bar, favicon), so that the link checker can name file:line:col. Absent when the config and the
   * locales' `site.yaml` files hold none of them.
   */
  sourceLocations?: ConfigSourceLocations;
}

/** `pdf` of the config: which manuals `docgen pdf` writes, and how. */
export interface PdfConfig {
  /** Versions with a manual, by name (`current` for the current docs), in each docs instance that has them; all when absent. */
  versions?: string[];
  /** Locales with a manual; all when absent. */
  locales?: string[];
  paperSize: 'A4' | 'Letter' | 'Legal' | 'A5';
  /** The cover's title (the site's title when absent) and a line under it (the tagline when absent). */
  cover: { title?: string; subtitle?: string };
  /**
   * `docgen build` writes the manuals too, into `pdf/` of its output, and each doc page of a
   * version and locale with a manual links it ("Download PDF").
   */
  build: boolean;
}

/** Where a string value of a YAML file was written. Line and column are 1-based. */
export interface ValueLocation extends SourceLocation {
  /**
   * True when the value is written on this one line exactly as it reads, starting at `column`
   * (no escapes, quotes doubled or line folding), so that character `i` of the value is at
   * column `column + i`. Otherwise the location is where the value's node starts.
   */
  verbatim: boolean;
}

export interface ConfigSourceLocations {
  /**
   * Values of `docgen.config.yaml` under `navbar`, `footer` and `announcementBar`, and `favicon`,
   * by dotted path: `navbar.items.2.to`, `footer.links.0.items.1.href`, `announcementBar.content`.
   */
  config: Record<string, ValueLocation>;
  /** Values that replace those in a locale (`announcementBar` of `i18n/<locale>/site.yaml`), by locale, then key. */
  translations: Record<string, Record<string, ValueLocation>>;
}

export interface I18nConfig {
  defaultLocale: string;
  locales: string[];
  localeConfigs: Record<string, LocaleConfig>;
  /**
   * Translation statuses from git (`status`): a doc whose translation is older than a change of
   * its source tells its readers (`outdatedNotice`, on unless false).
   */
  status: boolean;
  outdatedNotice: boolean;
}

export interface LocaleConfig {
  label: string;
  direction: 'ltr' | 'rtl';
  htmlLang: string;
  calendar: string;
  /** URL path segment of the locale; empty for the default locale. */
  path: string;
}

export type VersionBanner = 'none' | 'unreleased' | 'unmaintained';

export interface VersionOptions {
  label?: string;
  /** URL segment under the docs base path; `''` serves the version at `/docs`. */
  path?: string;
  banner?: VersionBanner;
}

/**
 * An old URL path (below each locale's base URL) that leads to `to`: a path of the site (with an
 * optional query and `#hash`) or a full URL. Where `from` and `to` were written, for errors.
 */
export interface RedirectConfig {
  from: string;
  to: string;
  location: SourceLocation;
  toLocation: SourceLocation;
}

/**
 * A tag of a page's `<head>`: `meta`, `link`, `script`, `style`, `noscript` or `base` with its
 * attributes (values are escaped when written; `true` writes the bare attribute) and, for `script`
 * and `style`, its text.
 */
export interface HeadTagConfig {
  tagName: string;
  attributes: Record<string, string | true>;
  innerHTML?: string;
}

/** Edit links and last-updated dates of docs or blog posts. */
export interface PageSourceOptions {
  /**
   * Base URL of the files in the repository (`https://github.com/o/r/edit/main/website/`) or a
   * template with `{versionDocsDirPath}` / `{blogDirPath}`, `{path}` and `{locale}`; no edit link
   * when absent.
   */
  editUrl?: string;
  /** Edit links of translated pages open the translation's file instead of the default locale's. */
  editLocalizedFiles: boolean;
  showLastUpdateTime: boolean;
  showLastUpdateAuthor: boolean;
}

export interface DocsConfig extends PageSourceOptions {
  /**
   * Name of the docs instance: `default` for `docs`, else its `id` in `docsInstances`. It names
   * the instance's files: `<id>_versions.json`, `<id>_versioned_docs/`, `i18n/<locale>/docs-<id>/`.
   */
  id: string;
  /** Folder of the current version's docs, relative to the site folder. */
  path: string;
  routeBasePath: string;
  sidebarPath: string;
  /** Name of the version served at the docs root: `current` or a name from versions.json. */
  lastVersion: string;
  includeCurrentVersion: boolean;
  /** Restrict the build to these version names (`current` included); all when absent. */
  onlyIncludeVersions?: string[];
  versions: Record<string, VersionOptions>;
  /** Names of the versioned (frozen) docs from `versions.json`, newest first. */
  versionedNames: string[];
  /** Whether the sidebar's categories can be collapsed and start so, where a category does not say (Docusaurus's options). */
  sidebarCollapsible: boolean;
  sidebarCollapsed: boolean;
  /** Whether doc pages show their breadcrumbs (Docusaurus's docs option): without, their routes have none. */
  breadcrumbs: boolean;
}

export interface BlogConfig extends PageSourceOptions {
  path: string;
  routeBasePath: string;
  postsPerPage: number;
  blogTitle: string;
  blogDescription: string;
  /** Posts in the sidebar of recent posts: a number (0: no sidebar) or `ALL`. */
  blogSidebarCount: number | 'ALL';
  /** Its title; the theme's "Recent posts" when absent. */
  blogSidebarTitle?: string;
  /** Its posts under a heading of each year. */
  sidebarGroupByYear: boolean;
}

export type NavbarItemConfig =
  | { type: 'default'; label: string; to?: string; href?: string; position: 'left' | 'right' }
  | { type: 'doc'; docId: string; label: string; position: 'left' | 'right'; docsPluginId?: string }
  | { type: 'docSidebar'; sidebarId: string; label: string; position: 'left' | 'right'; docsPluginId?: string }
  | { type: 'dropdown'; label: string; position: 'left' | 'right'; items: NavbarDropdownItemConfig[] }
  | { type: 'docsVersionDropdown'; position: 'left' | 'right'; versions?: string[]; docsPluginId?: string }
  | { type: 'localeDropdown'; position: 'left' | 'right' }
  | { type: 'html'; value: string; position: 'left' | 'right'; className?: string };

/** An item of a navbar dropdown: a link, a doc or a sidebar's first page, in the version the reader is in. */
export type NavbarDropdownItemConfig =
  | NavbarLinkConfig
  | { type: 'doc'; docId: string; label: string; docsPluginId?: string }
  | { type: 'docSidebar'; sidebarId: string; label: string; docsPluginId?: string };

export interface NavbarLinkConfig {
  label: string;
  to?: string;
  href?: string;
}

export interface FooterConfig {
  style: 'dark' | 'light';
  /** Columns of links; an item may be HTML (`{html}`), shown as raw HTML in a page is. */
  links: { title: string; items: (NavbarLinkConfig | { html: string })[] }[];
  logo?: { alt: string; src: string; href?: string; width?: number; height?: number };
  copyright?: string;
}

export interface AnnouncementBarConfig {
  id: string;
  content: string;
  backgroundColor: string;
  textColor: string;
  isCloseable: boolean;
}

export interface ThemeConfig {
  navbar: {
    title?: string;
    logo?: { alt: string; src: string; srcDark?: string };
    hideOnScroll: boolean;
    /** Docusaurus's `navbar.style`: a dark navbar, or one of the primary colour, in both colour modes; the theme's own when absent. */
    style?: 'dark' | 'primary';
    items: NavbarItemConfig[];
  };
  footer: FooterConfig;
  announcementBar?: AnnouncementBarConfig;
  colorMode: {
    defaultMode: 'light' | 'dark';
    disableSwitch: boolean;
    respectPrefersColorScheme: boolean;
  };
  tableOfContents: { minHeadingLevel: number; maxHeadingLevel: number };
  code: {
    additionalLanguages: string[];
    /** Colours of highlighted code in light mode (Docusaurus's `prism.theme`); the theme's own when absent. */
    theme?: CodeTheme;
    /** Colours of highlighted code in dark mode (Docusaurus's `prism.darkTheme`). */
    darkTheme?: CodeTheme;
  };
}

/**
 * A theme of highlighted code, as prism-react-renderer writes one (Docusaurus's `prism.theme`):
 * the code block's colours, and a style for each kind of token (in some languages only).
 */
export interface CodeTheme {
  plain: Record<string, string | number>;
  styles: { types: string[]; languages?: string[]; style: Record<string, string | number> }[];
}

/** `markdown` of the config: what compiling markdown does besides CommonMark, GFM and docgen's own syntax. */
export interface MarkdownConfig {
  /** `$inline$` and `$$block$$` math, rendered with KaTeX at build time (remark-math, rehype-katex). Off unless asked for. */
  math: boolean;
  /** ```` ```mermaid ```` code blocks drawn as diagrams in the browser (on unless `false`). */
  mermaid: boolean;
  /** remark plugins of the site's node_modules, run after docgen's own, in this order. */
  remarkPlugins: MarkdownPluginConfig[];
  /** rehype plugins of the site's node_modules, run after docgen's own, in this order. */
  rehypePlugins: MarkdownPluginConfig[];
  /** Which markdown files are MDX (Docusaurus 3's `markdown.format`): see `readsAsMdx`. */
  format: MarkdownFormat;
  /** The package managers a ```` ```bash npm2yarn ```` block is also shown for, after npm (`markdown.npm2yarn`). */
  npm2yarn: PackageManager[];
  /** What `.mdx` files may still write as MDX 1 did (Docusaurus 3's `markdown.mdx1Compat`), each on unless false. */
  mdx1Compat: MdxCompat;
}

/** MDX 1's syntax that `.mdx` files may still use: `<!-- comments -->`, `:::note Title` admonitions, `{#id}` heading ids. */
/** A package manager npm2yarn blocks are converted for (npm-to-yarn's names). */
export type PackageManager = 'yarn' | 'pnpm' | 'bun';

/**
 * Which markdown files are MDX, as Docusaurus 3's `markdown.format` says: `detect` by extension
 * (`.mdx` is MDX, `.md` markdown), `mdx` every file, `md` none.
 */
export type MarkdownFormat = 'detect' | 'mdx' | 'md';

export interface MdxCompat {
  comments: boolean;
  admonitions: boolean;
  headingIds: boolean;
}

/** A plugin named in `markdown.remarkPlugins` or `markdown.rehypePlugins`, resolved by the config stage. */
export interface MarkdownPluginConfig {
  /** The npm package name as written. */
  name: string;
  /** The installed package's version (part of the compile cache key). */
  version: string;
  /**
   * A hash of the package's code when it is linked from outside node_modules (a plugin of the
   * site's own): part of the compile cache key, as its code changes without a new version.
   */
  codeKey?: string;
  /** The options given as `[name, options]`. */
  options?: unknown;
  /** Absolute path of the package's entry module, resolved from the site's folder. */
  entryFile: string;
  /** Where the entry was written in the config. */
  location: SourceLocation;
}
