/** The site as Docusaurus's `useDocusaurusContext` and `useGlobalData` show it, to MDX pages and site components. */
import type { DocsConfig, SiteConfig, SiteContent } from '@docgen/types';
import type { MdxPageContext } from '../compile/mainThread.js';
import { getDocsInstances, getLocaleBaseUrl, getVersionLabel, getVersionNames, getVersionPath } from '../files/index.js';

/** The site as Docusaurus's context shows it (`useDocusaurusContext`) in a locale, with its messages (`code.yaml`): to MDX pages and islands. */
export function getSiteContext(config: SiteConfig, locale: string, translations: Record<string, string>): MdxPageContext {
  return {
    siteConfig: {
      title: config.title,
      tagline: config.tagline ?? '',
      url: config.url,
      baseUrl: config.baseUrl,
      customFields: config.customFields,
    },
    i18n: { currentLocale: locale, defaultLocale: config.i18n.defaultLocale, locales: config.i18n.locales },
    globalData: {
      'docusaurus-plugin-content-docs': Object.fromEntries(
        getDocsInstances(config).map((docs) => [docs.id, getDocsGlobalData(config, docs, locale)]),
      ),
    },
    themeConfig: { navbar: config.themeConfig.navbar, footer: config.themeConfig.footer, colorMode: config.themeConfig.colorMode },
    translations,
  };
}

/** The site in each locale for its components (`docgen-island-site`): the page's locale is the one whose base URL its path is below. */
export function getIslandSite(config: SiteConfig, content: SiteContent) {
  const { i18n } = config;
  return {
    defaultLocale: i18n.defaultLocale,
    locales: i18n.locales.map((locale) => ({
      locale,
      baseUrl: getLocaleBaseUrl(config, locale),
      context: getSiteContext(config, locale, content.translations[locale]?.code ?? {}),
    })),
  };
}

/**
 * A docs instance as Docusaurus's docs plugin publishes it to `useGlobalData()` (`path`,
 * `versions` with their `name`, `label`, `isLast` and `path`), newest first, in a locale.
 */
function getDocsGlobalData(config: SiteConfig, docs: DocsConfig, locale: string) {
  const localeBase = getLocaleBaseUrl(config, locale);
  // As Docusaurus writes them: without the trailing slash of a locale's root (`/en`), `/` itself kept.
  const withoutSlash = (path: string) => path.replace(/(.)\/$/, '$1');
  const versions = getVersionNames(docs).map((name) => ({
    name,
    label: getVersionLabel(docs, name),
    isLast: name === docs.lastVersion,
    path: withoutSlash(getVersionPath(localeBase, docs, name)),
  }));
  return { path: withoutSlash(localeBase + docs.routeBasePath), versions, breadcrumbs: docs.breadcrumbs };
}
