import type { SiteConfig } from '@docgen/types';

/**
 * The URL every page of a locale is below: the site's `baseUrl` for the default locale, and
 * `<baseUrl><path>/` for another, its path as `i18n.localeConfigs` gives it (readConfig fills one
 * for every locale, the locale's name unless the config says otherwise).
 */
export function getLocaleBaseUrl(config: Pick<SiteConfig, 'baseUrl' | 'i18n'>, locale: string): string {
  return locale === config.i18n.defaultLocale ? config.baseUrl : `${config.baseUrl}${config.i18n.localeConfigs[locale]!.path}/`;
}

/** The folder of a locale's translations, site-relative and without a trailing slash: `i18n/<path>`. */
export function getLocaleDir(config: Pick<SiteConfig, 'i18n'>, locale: string): string {
  return `i18n/${config.i18n.localeConfigs[locale]!.path}`;
}
