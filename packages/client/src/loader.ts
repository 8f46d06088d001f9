import type { PropSidebar, RouteData, SiteData } from '@docgen/types';
import { decodePath, getPageDataUrl } from '@docgen/shared';
import type { PageLoaders, PageState } from './pageState.js';

/** Thrown when a route has no page data: the page does not exist. */
export class PageNotFoundError extends Error {}

const pageCache = new Map<string, Promise<RouteData>>();
const sidebarCache = new Map<string, Promise<PropSidebar>>();

async function fetchJson<T>(url: string): Promise<T> {
  const response = await fetch(url, { credentials: 'same-origin' });
  if (response.status === 404) throw new PageNotFoundError(url);
  if (!response.ok) throw new Error(`Loading ${url} failed with HTTP ${response.status}`);
  return (await response.json()) as T;
}

/** Fetches (once) the data of a route; failed requests are forgotten so a retry fetches again. */
export function loadRouteData(site: SiteData, pathname: string): Promise<RouteData> {
  const url = getPageDataUrl(site.siteBaseUrl, site.buildId, decodePath(pathname));
  let promise = pageCache.get(url);
  if (!promise) {
    promise = fetchJson<RouteData>(url);
    pageCache.set(url, promise);
    promise.catch(() => pageCache.delete(url));
  }
  return promise;
}

export function loadSidebar(url: string): Promise<PropSidebar> {
  let promise = sidebarCache.get(url);
  if (!promise) {
    promise = fetchJson<PropSidebar>(url);
    sidebarCache.set(url, promise);
    promise.catch(() => sidebarCache.delete(url));
  }
  return promise;
}

/** Completes route data with what it references: its sidebar and, for component pages, the component. */
export async function toPageState(route: RouteData, pages: PageLoaders): Promise<PageState> {
  const sidebarUrl = 'sidebar' in route ? route.sidebar?.url : undefined;
  const [sidebar, component] = await Promise.all([
    sidebarUrl ? loadSidebar(sidebarUrl) : undefined,
    route.type === 'page' && pages[route.component] ? pages[route.component]!().then((module) => module.default) : undefined,
  ]);
  return { route, sidebar, component };
}

/** The route data shown for a path with no page. */
export function getNotFoundRoute(pathname: string): RouteData {
  return {
    type: 'notFound',
    path: pathname,
    title: 'Page Not Found',
    description: '',
    canonical: '',
    alternates: [],
    noIndex: true,
    html: {},
  };
}
