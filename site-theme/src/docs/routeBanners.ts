import type { PropDocContext, RouteData, SiteData } from '@docgen/types';
import { lazyModule } from '../lazyModule.js';
import { findRouteVersion, getInstanceVersions } from './instanceVersions.js';

/**
 * The banners of doc pages (DocBanners.tsx), which most pages do not show: the theme loads them
 * with a route that does (prepareRoute), before it shows or hydrates.
 */
export const docBanners = lazyModule('doc banners', () => import('./DocBanners.js'));

/**
 * Whether a doc's own notes show: unlisted, draft, its content comes from another locale's source,
 * or its translation is outdated (the manifest names only locales of the site there).
 */
export function hasPageBanners(route: RouteData): boolean {
  return route.type === 'doc' && (route.unlisted || route.draft || !!(route.fallbackFrom || route.outdatedFrom));
}

/** Whether the version of a doc-like route shows a banner (it is unreleased or unmaintained). */
export function hasVersionBanner(route: PropDocContext, site: SiteData): boolean {
  const version = findRouteVersion(site, route);
  return (
    version !== undefined &&
    version.banner !== 'none' &&
    getInstanceVersions(site, route.docsInstance).some((candidate) => candidate.isLast)
  );
}

/** Whether a route shows any of the banners. */
export function hasDocBanners(route: RouteData, site: SiteData): boolean {
  const isDocLike = route.type === 'doc' || route.type === 'docCategory' || route.type === 'docTagList' || route.type === 'docTag';
  return hasPageBanners(route) || (isDocLike && hasVersionBanner(route, site));
}
