import type { ComponentType } from 'react';
import type { PropSidebar, RouteData, SiteData } from '@docgen/types';

/** Everything the theme needs to show one page. */
export interface PageState {
  route: RouteData;
  /**
   * The sidebar of a doc page, loaded from its shared JSON file; at hydration, the part of it the
   * HTML shows (categories whose items are left out are marked `itemsOmitted`).
   */
  sidebar?: PropSidebar;
  /** The component of a component page (`pages/*.tsx`). */
  component?: ComponentType;
}

export type PageLoaders = Record<string, () => Promise<{ default: ComponentType }>>;

/**
 * Loads the code the theme needs to show a route of `site` beyond its first-load bundle (e.g. the
 * screen of a kind of page it splits off). Returns nothing when the route needs none.
 */
export type PrepareRoute = (route: RouteData, site: SiteData) => Promise<unknown> | undefined;

/** The navigation code (`@docgen/client/navigation`): what the router needs to leave the first page. */
export type NavigationModule = typeof import('./navigation.js');

/**
 * Loads the navigation code. The theme passes a dynamic import of it: imported by docgen's client
 * itself, the chunk would reach none of the theme's first-load code, and esbuild would split the
 * first-load bundle along that line (see site-theme/src/firstLoad.ts).
 */
export type LoadNavigation = () => Promise<NavigationModule>;

export interface NavigateOptions {
  replace?: boolean;
}

/**
 * The client navigation of a router, once its code has loaded (see navigator.ts
 * `startNavigation`). Declared here, with the router's state, so that the router (router.tsx)
 * can hold one without importing the navigation code, which imports the router.
 */
export interface Navigator {
  navigate(href: string, options?: NavigateOptions): void;
  /** Finishes showing a state the router rendered: document head, scroll position, focus. */
  show(state: RouterState): void;
  stop(): void;
}

/** The code a route may need: the site's component pages, and the theme's own (`prepare`). */
export interface RouteCode {
  pages: PageLoaders;
  prepare?: PrepareRoute;
}

/** What the router shows: the page, where the reader is on it, and what to do once it has rendered. */
export interface RouterState {
  page: PageState;
  /** The URL path shown (decoded), and its hash. */
  pathname: string;
  hash: string;
  loading: boolean;
  error?: RouterSnapshot['error'];
  /** Where to scroll once the page shows (Back and Forward), else to the hash or the top when `focus`. */
  scrollTo?: number;
  /** Whether focus moves to the page's heading once it shows (a navigation other than Back and Forward). */
  focus: boolean;
}

export interface RouterSnapshot {
  site: SiteData;
  page: PageState;
  /** The URL path currently shown (decoded), and its hash. */
  pathname: string;
  hash: string;
  /** True while the data of the next page loads. */
  loading: boolean;
  /** Set when loading a page's data failed; `retry` loads it again. */
  error?: { pathname: string; retry: () => void };
}
