import type { PropSidebar, RouteData, SiteData } from '@docgen/types';
import type { PageState, RouteCode } from './pageState.js';

/** Thrown when a route has no page data: the page does not exist. */
export class PageNotFoundError extends Error {}

/** Thrown when a code chunk a route needs cannot be loaded (e.g. the site was redeployed). */
export class ChunkLoadError extends Error {}

const sidebarCache = new Map<string, Promise<PropSidebar>>();
const loadedSidebars = new Map<string, PropSidebar>();

/** The body of a same-origin GET; a 404 throws PageNotFoundError, any other failure an Error. */
export async function fetchText(url: string): Promise<string> {
  const response = await fetch(url, { credentials: 'same-origin' });
  if (response.status === 404) throw new PageNotFoundError(url);
  if (!response.ok) throw new Error(`Loading ${url} failed with HTTP ${response.status}`);
  return response.text();
}

/** Loads (once) a version's shared sidebar; failed requests are forgotten so they can be retried. */
export function loadSidebar(url: string): Promise<PropSidebar> {
  let promise = sidebarCache.get(url);
  if (!promise) {
    promise = fetchText(url).then((text) => {
      const sidebar = JSON.parse(text) as PropSidebar;
      loadedSidebars.set(url, sidebar);
      return sidebar;
    });
    sidebarCache.set(url, promise);
    promise.catch(() => sidebarCache.delete(url));
  }
  return promise;
}

/** The sidebar at `url` if it has already been loaded. */
export function getLoadedSidebar(url: string): PropSidebar | undefined {
  return loadedSidebars.get(url);
}

/**
 * Completes route data with what it references: the code it needs (a component page's component,
 * what the theme's `prepare` loads), since the page cannot show without it, and the sidebar when
 * it is already loaded, else the part of it that came with the page's HTML (`visibleSidebar`, at
 * hydration). Otherwise the theme loads the sidebar while the page already shows (useSidebar).
 */
export async function toPageState(
  route: RouteData,
  site: SiteData,
  { pages, prepare }: RouteCode,
  visibleSidebar?: PropSidebar,
): Promise<PageState> {
  const loader = route.type === 'page' ? pages[route.component] : undefined;
  const [component] = await Promise.all([loader?.().then((module) => module.default), prepare?.(route, site)]).catch((error: unknown) => {
    throw new ChunkLoadError(`The code of ${route.path} could not be loaded`, { cause: error });
  });
  const sidebarUrl = 'sidebar' in route ? route.sidebar?.url : undefined;
  const sidebar = sidebarUrl ? (getLoadedSidebar(sidebarUrl) ?? visibleSidebar) : undefined;
  return { route, sidebar, component };
}
