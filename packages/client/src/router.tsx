import { createContext, useCallback, useContext, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { SiteData } from '@docgen/types';
import { decodePath, getLocaleOfPath, isExternalUrl, normalizePathname } from '@docgen/shared';
import { ChunkLoadError } from './loader.js';
import type { LoadNavigation, NavigationModule, PageLoaders, PageState, PrepareRoute, RouterSnapshot } from './pageState.js';

export interface NavigateOptions {
  replace?: boolean;
}

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

interface HistoryState {
  /** Identifies the history entry (6 characters, as React Router's location keys). */
  docgenKey?: string;
}

const createKey = () => Math.random().toString(36).slice(2, 8).padEnd(6, '0');
const SCROLL_STORAGE_KEY = 'docgen.scroll-positions';

/** Scroll positions by history entry key, kept across reloads of the tab in sessionStorage. */
const scrollPositions = new Map<string, number>(
  (() => {
    try {
      return JSON.parse(window.sessionStorage.getItem(SCROLL_STORAGE_KEY) ?? '[]') as [string, number][];
    } catch {
      return [];
    }
  })(),
);

/** Stands in for the navigation code when a router is given none: every navigation is then a page load. */
const withoutNavigation: LoadNavigation = () => Promise.reject(new Error('docgen: the router was given no navigation code'));

/**
 * Client-side navigation over page data. The server-rendered page is the initial state; later
 * pages are fetched from URLs derived from their path, so no route table ships to the browser.
 * The code that does (`navigation`) loads after hydration: a page shows and hydrates without it.
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
  const [state, setState] = useState(() => ({
    page: props.initialPage,
    pathname: isServer ? props.initialPage.route.path : getInitialPathname(props.initialPage.route.path),
    hash: isServer ? '' : decodePath(window.location.hash.slice(1)),
    loading: false,
    error: undefined as RouterSnapshot['error'],
    scrollTo: undefined as number | undefined,
    focus: false,
  }));
  const requestId = useRef(0);
  /** Key of the history entry on screen, to record its scroll position when leaving it. */
  const currentKey = useRef<string | undefined>(undefined);
  const rememberScroll = () => {
    if (currentKey.current) scrollPositions.set(currentKey.current, window.scrollY);
  };
  /** The navigation code once loaded, for what must run in the same frame as a render (the document head). */
  const navigationCode = useRef<NavigationModule | undefined>(undefined);
  const loadNavigation = useCallback(
    () =>
      navigation().then((module) => {
        navigationCode.current = module;
        return module;
      }),
    [navigation],
  );

  const load = useCallback(
    (url: URL, mode: 'push' | 'replace' | 'pop', scrollTo?: number) => {
      const pathname = decodePath(normalizePathname(url.pathname));
      const hash = decodePath(url.hash.slice(1));
      const id = ++requestId.current;
      const commitUrl = () => {
        const target = normalizePathname(url.pathname) + url.search + url.hash;
        if (mode === 'push') {
          const key = createKey();
          window.history.pushState({ docgenKey: key } satisfies HistoryState, '', target);
          currentKey.current = key;
        }
        if (mode === 'replace') window.history.replaceState(window.history.state, '', target);
      };
      setState((previous) => ({ ...previous, loading: true }));
      loadNavigation()
        .catch((error: unknown) => {
          throw new ChunkLoadError('The navigation code could not be loaded', { cause: error });
        })
        .then((code) => code.loadPage(site, pathname, { pages, prepare }))
        .then((page) => {
          if (id !== requestId.current) return;
          commitUrl();
          setState({ page, pathname, hash, loading: false, error: undefined, scrollTo, focus: mode !== 'pop' });
        })
        .catch((error: unknown) => {
          if (id !== requestId.current) return;
          if (error instanceof ChunkLoadError) {
            // Preloading the route failed (its code is gone, e.g. after a redeploy): load it for real.
            console.warn(`docgen: preloading ${pathname} failed; reloading the page`, error);
            window.location.assign(url.href);
            return;
          }
          console.error(`docgen: could not load the page ${pathname}`, error);
          commitUrl();
          setState((previous) => ({
            ...previous,
            pathname,
            hash,
            loading: false,
            error: { pathname, retry: () => load(new URL(window.location.href), 'replace') },
          }));
        });
    },
    [site, pages, prepare, loadNavigation],
  );

  const navigate = useCallback(
    (href: string, options: NavigateOptions = {}) => {
      const url = new URL(href, window.location.href);
      const targetLocale = getLocaleOfPath(url.pathname, Object.fromEntries(site.locales.map((locale) => [locale.locale, locale.baseUrl])));
      if (url.origin !== window.location.origin || (targetLocale !== undefined && targetLocale !== site.locale)) {
        window.location.assign(url.href);
        return;
      }
      rememberScroll();
      const samePage =
        normalizePathname(url.pathname) === normalizePathname(window.location.pathname) && url.search === window.location.search;
      if (samePage && url.hash !== '') {
        const state: HistoryState = options.replace ? (window.history.state as HistoryState) : { docgenKey: createKey() };
        window.history[options.replace ? 'replaceState' : 'pushState'](state, '', url.pathname + url.search + url.hash);
        currentKey.current = state.docgenKey;
        setState((previous) => ({ ...previous, hash: decodePath(url.hash.slice(1)), scrollTo: undefined, focus: false }));
        scrollToHash(decodePath(url.hash.slice(1)));
        return;
      }
      load(url, options.replace ? 'replace' : 'push');
    },
    [site, load],
  );

  const prefetcher = useRef<ReturnType<NavigationModule['startPrefetching']> | null>(null);
  useEffect(() => {
    let live = true;
    // A failed load leaves prefetching off; a navigation still tries the code again.
    loadNavigation().then(
      (code) => {
        if (live) prefetcher.current = code.startPrefetching(site);
      },
      () => undefined,
    );
    return () => {
      live = false;
      prefetcher.current?.stop();
      prefetcher.current = null;
    };
  }, [site, loadNavigation]);
  useEffect(() => {
    prefetcher.current?.refresh();
  }, [state.page]);

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    const current = window.location.pathname;
    const clean = normalizePathname(current);
    const initialState = (window.history.state ?? {}) as HistoryState;
    const state: HistoryState = initialState.docgenKey ? initialState : { ...initialState, docgenKey: createKey() };
    window.history.replaceState(state, '', clean + window.location.search + window.location.hash);
    currentKey.current = state.docgenKey;
    if (window.location.hash) scrollToHash(decodePath(window.location.hash.slice(1)));
    else if (scrollPositions.has(state.docgenKey!)) window.scrollTo(0, scrollPositions.get(state.docgenKey!)!);
    const onPopState = (event: PopStateEvent) => {
      // The page on screen is still the one being left: record where the reader was.
      rememberScroll();
      const key = (event.state as HistoryState | null)?.docgenKey;
      currentKey.current = key;
      load(new URL(window.location.href), 'pop', (key && scrollPositions.get(key)) || 0);
    };
    const onClick = (event: MouseEvent) => {
      const anchor = (event.target as Element | null)?.closest?.('a');
      if (!anchor || !(anchor instanceof HTMLAnchorElement) || !anchor.hasAttribute('href')) return;
      const href = anchor.getAttribute('href')!;
      if (isPlainNavigation(event, anchor) || (isExternalUrl(href) && new URL(anchor.href).origin !== window.location.origin)) return;
      if (/\.(json|xml|txt|zip|pdf|svg|png|jpe?g|gif|webp|md)$/i.test(anchor.pathname)) return;
      event.preventDefault();
      navigate(anchor.href);
    };
    // The scroll position of the current history entry, recorded as it changes, so that Back
    // and Forward can restore it (a popstate event comes after the entry already changed).
    const onScroll = () => {
      const key = (window.history.state as HistoryState | null)?.docgenKey;
      if (key) scrollPositions.set(key, window.scrollY);
    };
    const onPageHide = () => {
      try {
        window.sessionStorage.setItem(SCROLL_STORAGE_KEY, JSON.stringify([...scrollPositions].slice(-100)));
      } catch {
        // Without sessionStorage positions survive only within this page load.
      }
    };
    window.addEventListener('popstate', onPopState);
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('pagehide', onPageHide);
    document.addEventListener('click', onClick);
    return () => {
      window.removeEventListener('popstate', onPopState);
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('pagehide', onPageHide);
      document.removeEventListener('click', onClick);
    };
  }, [load, navigate]);

  useIsomorphicLayoutEffect(() => {
    if (isServer || state.loading) return;
    // Unset at hydration, when the head in the server's HTML is the page's; set after a navigation.
    navigationCode.current?.updateDocumentHead(site, state.page);
    if (state.scrollTo !== undefined) {
      window.scrollTo(0, state.scrollTo);
    } else if (state.focus) {
      if (state.hash) scrollToHash(state.hash);
      else window.scrollTo(0, 0);
    }
    if (state.focus) {
      const heading = document.querySelector<HTMLElement>('main h1');
      if (heading) {
        heading.setAttribute('tabindex', '-1');
        heading.focus({ preventScroll: true });
      }
    }
  }, [state.page, state.scrollTo, state.focus]);

  const value = useMemo<RouterValue>(
    () => ({ site, page: state.page, pathname: state.pathname, hash: state.hash, loading: state.loading, error: state.error, navigate }),
    [site, state.page, state.pathname, state.hash, state.loading, state.error, navigate],
  );
  return <RouterContext.Provider value={value}>{props.children}</RouterContext.Provider>;
}

/** Scrolls to the element whose id is `id` (decoded, so Korean ids work). */
export function scrollToHash(id: string): void {
  const element = document.getElementById(id);
  if (element) element.scrollIntoView();
}
