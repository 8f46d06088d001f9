import type { RouteData, SiteData } from '@docgen/types';
import { decodePath } from '@docgen/shared';
import { fromPageData, getNotFoundRoute, getPageDataUrl } from '@docgen/shared/pageData';
import { fetchText, PageNotFoundError, toPageState } from './loader.js';
import type { PageState, RouteCode } from './pageState.js';

const pageCache = new Map<string, Promise<RouteData>>();

/**
 * Fetches (once) the data of a route; failed requests are forgotten so a retry fetches again.
 * A static host serves `/x/` for `/x` (and the other way round), but the build writes the data of
 * a page once, under the form its route has: the other form is tried when the first is missing.
 */
export function loadRouteData(site: SiteData, pathname: string): Promise<RouteData> {
  const path = decodePath(pathname);
  const url = getPageDataUrl(site.siteBaseUrl, site.buildId, path);
  let promise = pageCache.get(url);
  if (!promise) {
    const twin = path.endsWith('/') ? path.replace(/\/+$/, '') : `${path}/`;
    promise = fetchText(url)
      .catch((error: unknown) => {
        if (!(error instanceof PageNotFoundError) || twin === '' || twin === site.siteBaseUrl.replace(/\/$/, '')) throw error;
        return fetchText(getPageDataUrl(site.siteBaseUrl, site.buildId, twin));
      })
      .then((text) => fromPageData(text, site));
    pageCache.set(url, promise);
    promise.catch(() => pageCache.delete(url));
  }
  return promise;
}

/**
 * The state of the page a navigation goes to, at `pathname` (decoded): its data and the code it
 * needs, or the not-found page when the path has no page data.
 */
export function loadPage(site: SiteData, pathname: string, code: RouteCode): Promise<PageState> {
  return loadRouteData(site, pathname)
    .catch((error: unknown) => {
      if (error instanceof PageNotFoundError) return getNotFoundRoute(pathname);
      throw error;
    })
    .then((route) => toPageState(route, site, code));
}
