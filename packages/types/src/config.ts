/** The site configuration after validation, with every default filled in. */
export interface SiteConfig {
  title: string;
  tagline: string;
  /** Origin of the deployed site, no trailing slash: `https://docs.example.com`. */
  url: string;
  /** Path under `url` where the default locale is served; starts and ends with `/`. */
  baseUrl: string;
  favicon?: string;
  /** Absolute path of the theme package folder (resolved by the config stage). */
  themeDir: string;
  i18n: I18nConfig;
  docs: DocsConfig;
  blog: BlogConfig;
  themeConfig: ThemeConfig;
}

export interface I18nConfig {
  defaultLocale: string;
  locales: string[];
  localeConfigs: Record<string, LocaleConfig>;
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

export interface DocsConfig {
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
}

export interface BlogConfig {
  path: string;
  routeBasePath: string;
  postsPerPage: number;
  blogTitle: string;
  blogDescription: string;
}

export type NavbarItemConfig =
  | { type: 'default'; label: string; to?: string; href?: string; position: 'left' | 'right' }
  | { type: 'doc'; docId: string; label: string; position: 'left' | 'right' }
  | { type: 'docSidebar'; sidebarId: string; label: string; position: 'left' | 'right' }
  | { type: 'dropdown'; label: string; position: 'left' | 'right'; items: NavbarLinkConfig[] }
  | { type: 'docsVersionDropdown'; position: 'left' | 'right'; versions?: string[] }
  | { type: 'localeDropdown'; position: 'left' | 'right' };

export interface NavbarLinkConfig {
  label: string;
  to?: string;
  href?: string;
}

export interface FooterConfig {
  style: 'dark' | 'light';
  links: { title: string; items: NavbarLinkConfig[] }[];
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
  code: { additionalLanguages: string[] };
}
