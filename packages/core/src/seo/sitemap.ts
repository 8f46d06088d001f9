import type { ManifestRoute, SiteConfig, SiteManifest } from '@docgen/types';
import { escapeXml, toAbsoluteUrl } from './xml.js';

/**
 * Whether a route belongs in the sitemap: a real page whose canonical URL is its own. Left out:
 * the 404 pages, noindex pages (unlisted, drafts), version roots repeating their main doc, and
 * fallback pages showing the default locale's source (their canonical URL is that page's).
 */
export function isIndexable(route: ManifestRoute, siteUrl: string): boolean {
  return route.data.type !== 'notFound' && !route.data.noIndex && route.data.canonical === siteUrl + route.path;
}

/**
 * `sitemap.xml` of every built locale, with `xhtml:link` hreflang alternates: the same set the
 * HTML head of each page names (real translations only, plus `x-default` when there are several).
 */
export function toSitemap(manifest: SiteManifest): string {
  const { config } = manifest;
  const htmlLang = (locale: string) => config.i18n.localeConfigs[locale]?.htmlLang ?? locale;
  const entries: string[] = [];
  for (const locale of manifest.locales) {
    for (const route of locale.routes) {
      if (!isIndexable(route, config.url)) continue;
      const translations = route.data.alternates.filter((alternate) => alternate.isTranslation);
      const links = translations.map(
        (alternate) =>
          `<xhtml:link rel="alternate" hreflang="${escapeXml(htmlLang(alternate.locale))}" href="${escapeXml(toAbsoluteUrl(config.url, alternate.path))}"/>`,
      );
      const fallback = route.data.alternates.find((alternate) => alternate.locale === config.i18n.defaultLocale);
      if (fallback && translations.length > 1) {
        links.push(`<xhtml:link rel="alternate" hreflang="x-default" href="${escapeXml(toAbsoluteUrl(config.url, fallback.path))}"/>`);
      }
      const lastmod = getLastModified(route);
      const lastmodTag = lastmod ? `<lastmod>${escapeXml(lastmod)}</lastmod>` : '';
      entries.push(`<url><loc>${escapeXml(toAbsoluteUrl(config.url, route.path))}</loc>${lastmodTag}${links.join('')}</url>`);
    }
  }
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...entries,
    '</urlset>',
    '',
  ].join('\n');
}

/** `lastmod` of a page (`YYYY-MM-DD`): its last update when shown, else a post's date; none for other pages. */
function getLastModified(route: ManifestRoute): string | undefined {
  const { data } = route;
  if (data.type !== 'doc' && data.type !== 'blogPost') return undefined;
  const date = data.lastUpdate?.date ?? (data.type === 'blogPost' ? data.post.date : undefined);
  return date && /^\d{4}-\d{2}-\d{2}/.test(date) ? date.slice(0, 10) : undefined;
}

/** Path of the sitemap, relative to the site base URL. */
export const SITEMAP_FILE = 'sitemap.xml';

/** `robots.txt`: everything may be crawled; names the sitemap. */
export function toRobotsTxt(config: Pick<SiteConfig, 'url' | 'baseUrl'>): string {
  return ['User-agent: *', 'Allow: /', '', `Sitemap: ${toAbsoluteUrl(config.url, config.baseUrl + SITEMAP_FILE)}`, ''].join('\n');
}
