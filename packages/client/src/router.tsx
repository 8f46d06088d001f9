import { createContext, useCallback, useContext, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { SiteData } from '@docgen/types';
import { decodePath, normalizePathname } from '@docgen/shared';
import { createHistoryKey, scrollPositions, scrollToHash, type HistoryState } from './history.js';
import type {
  LoadNavigation,
  NavigateOptions,
  Navigator,
  PageLoaders,
  PageState,
  PrepareRoute,
  RouterSnapshot,
  RouterState,
} from './pageState.js';

interface RouterValue extends RouterSnapshot {
  navigate(href: string, options?: NavigateOptions): void;
}

const RouterContext = createContext<RouterValue | null>(null);

function useRouter(): RouterValue {
  const value = useContext(RouterContext);
  if (!value) throw new Error('docgen: router hooks must be used inside <RouterProvider>');
  return value;
}

export const useSiteData = () => useRouter().site;
export const usePage = () => useRouter().page;
export const useNavigate = () => useRouter().navigate;
export function useLocation() {
  const { pathname, hash, loading, error } = useRouter();
  return { pathname, hash, loading, error };
}

const useIsomorphicLayoutEffect = typeof window === 'undefined' ? useEffect : useLayoutEffect;

/** Whether a click on a link should stay a plain browser navigation. */
export function isPlainNavigation(event: MouseEvent | React.MouseEvent, anchor: HTMLAnchorElement): boolean {
  return (
    event.defaultPrevented ||
    event.button !== 0 ||
    event.metaKey ||
    event.ctrlKey ||
    event.shiftKey ||
    event.altKey ||
    (anchor.target !== '' && anchor.target !== '_self') ||
    anchor.hasAttribute('download') ||
    anchor.origin !== window.location.origin
  );
}

/**
 * The path the page on screen is known by: its route's path when the address is that page
 * written another way (static hosts redirect `/docs/x` to `/docs/x/` when the page is the file
 * `docs/x/index.html`, and serve `x.html` and `x/index.html`), so that what the page shows as
 * current (sidebar, navbar) is what its HTML was rendered with; else the address (a 404 page).
 */
function getInitialPathname(routePath: string): string {
  const address = decodePath(normalizePathname(window.location.pathname));
  const withoutSlash = (path: string) => (path.length > 1 ? path.replace(/\/$/, '') : path);
  return withoutSlash(address) === withoutSlash(routePath) ? routePath : address;
}

/** Stands in for the navigation code when a router is given none: every navigation is then a page load. */
const withoutNavigation: LoadNavigation = () => Promise.reject(new Error('docgen: the router was given no navigation code'));

/**
 * The state of the page on screen, for the hooks above. The server-rendered page is the initial
 * state; the navigation code (`navigation`, see navigator.ts), which loads after hydration, sets
 * the next: a page shows and hydrates without it.
 */
export function RouterProvider(props: {
  site: SiteData;
  initialPage: PageState;
  pages: PageLoaders;
  /** The theme's loader of the code a route needs (see PrepareRoute), awaited before a page shows. */
  prepare?: PrepareRoute;
  /** Loads the navigation code (see LoadNavigation); the server, which never navigates, gives none. */
  navigation?: LoadNavigation;
  children: ReactNode;
}) {
  const { site, pages, prepare, navigation = withoutNavigation } = props;
  const isServer = typeof window === 'undefined';
  const [state, setState] = useState<RouterState>(() => ({
    page: props.initialPage,
    pathname: isServer ? props.initialPage.route.path : getInitialPathname(props.initialPage.route.path),
    hash: isServer ? '' : decodePath(window.location.hash.slice(1)),
    loading: false,
    focus: false,
  }));

  /** The navigation, once its code has loaded and started; the site and its code stay the same for the router's life. */
  const navigator = useRef<Navigator | null>(null);
  const starting = useRef<Promise<Navigator> | null>(null);
  const startNavigation = useCallback(() => {
    starting.current ??= navigation().then(
      (code) => (navigator.current = code.startNavigation({ site, code: { pages, prepare }, setState })),
      (error: unknown) => {
        starting.current = null;
        throw error;
      },
    );
    return starting.current;
  }, []);

  const navigate = useCallback(
    (href: string, options?: NavigateOptions) => {
      startNavigation().then(
        (started) => started.navigate(href, options),
        (error: unknown) => {
          // The code is gone (e.g. after a redeploy) or the reader is offline: load the page for real.
          console.warn(`docgen: loading the navigation code failed; loading ${href}`, error);
          window.location.assign(new URL(href, window.location.href).href);
        },
      );
    },
    [startNavigation],
  );

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    const initialState = (window.history.state ?? {}) as HistoryState;
    const entry: HistoryState = initialState.docgenKey ? initialState : { ...initialState, docgenKey: createHistoryKey() };
    // The address of a page without its `.html` or `/index.html`; a not-found page keeps the address asked for.
    const address = props.initialPage.route.type === 'notFound' ? window.location.pathname : normalizePathname(window.location.pathname);
    window.history.replaceState(entry, '', address + window.location.search + window.location.hash);
    if (window.location.hash) scrollToHash(decodePath(window.location.hash.slice(1)));
    else if (scrollPositions.has(entry.docgenKey!)) window.scrollTo(0, scrollPositions.get(entry.docgenKey!)!);
    // A failed load leaves links to the browser until a navigation tries the code again.
    startNavigation().catch(() => undefined);
    return () => {
      starting.current?.then(
        (started) => started.stop(),
        () => undefined,
      );
      starting.current = null;
      navigator.current = null;
    };
  }, [startNavigation]);

  useIsomorphicLayoutEffect(() => {
    // Unset at hydration, when the server's HTML is the page as it should be.
    if (!isServer && !state.loading) navigator.current?.show(state);
  }, [state.page, state.scrollTo, state.focus]);

  const value = useMemo<RouterValue>(
    () => ({ site, page: state.page, pathname: state.pathname, hash: state.hash, loading: state.loading, error: state.error, navigate }),
    [site, state.page, state.pathname, state.hash, state.loading, state.error, navigate],
  );
  return <RouterContext.Provider value={value}>{props.children}</RouterContext.Provider>;
}
