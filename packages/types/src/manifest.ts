import type { SiteConfig } from './config.js';
import type { CompiledMarkdown, ContentLink, ContentSlot, TocItem } from './content.js';
import type { Diagnostic, SourceLocation } from './diagnostics.js';
import type { PropSidebar, RouteData, SiteData } from './props.js';

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
  /** Id of the first sidebar that lists the doc. */
  sidebarId?: string;
}

export interface LoadedVersion {
  name: string;
  label: string;
  /** URL path of the version root including the locale base: `/docs`, `/en/docs/2506.1`. */
  path: string;
  isLast: boolean;
  banner: 'none' | 'unreleased' | 'unmaintained';
  mainDocId: string;
  docs: LoadedDoc[];
  sidebars: Record<string, PropSidebar>;
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

export interface LocaleManifest {
  locale: string;
  site: SiteData;
  routes: ManifestRoute[];
  /** Sidebars by content-hash file name, served as shared JSON. */
  sidebarFiles: Record<string, PropSidebar>;
  versions: LoadedVersion[];
  linkSources: LinkSource[];
}

/** A file copied into the output as it is (images referenced by relative paths). */
export interface AssetFile {
  absolutePath: string;
  /** Output path relative to the output folder. */
  outputPath: string;
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
}
