import type { Root as HastRoot } from 'hast';
import type { SiteConfig } from './config.js';
import type { CompiledMarkdown, ContentLink, TocItem } from './content.js';
import type { PropSidebar, RouteData, SiteData } from './props.js';

/** A doc after the manifest stage resolved its id, route and sidebar. */
export interface LoadedDoc {
  id: string;
  versionName: string;
  locale: string;
  title: string;
  description: string;
  sidebarLabel: string;
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
  slots: Record<string, HastRoot>;
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

/** Links found in one source file, checked by the links stage. */
export interface LinkSource {
  sourcePath: string;
  /** URL path of the page the links appear on. */
  pagePath: string;
  links: ResolvedLink[];
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
}
