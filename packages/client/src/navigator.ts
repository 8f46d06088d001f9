import type { Dispatch, SetStateAction } from 'react';
import type { SiteData } from '@docgen/types';
import { decodePath, getLocaleOfPath, isExternalUrl, normalizePathname } from '@docgen/shared';
import { updateDocumentHead } from './documentHead.js';
import { createHistoryKey, saveScrollPositions, scrollPositions, scrollToHash, type HistoryState } from './history.js';
import { loadPage } from './loadPage.js';
import { ChunkLoadError } from './loader.js';
import type { NavigateOptions, Navigator, RouteCode, RouterState } from './pageState.js';
import { startPrefetching } from './prefetch.js';
import { isPlainNavigation } from './router.js';

/** What the navigation code drives: the router's state, and what pages of the site need. */
export interface RouterHandle {
  site: SiteData;
  code: RouteCode;
  setState: Dispatch<SetStateAction<RouterState>>;
}

/**
 * Client-side navigation over page data: follows links and Back and Forward by fetching the data
 * of the page (from a URL derived from its path, so no route table ships to the browser) and
 * setting the router's state; records scroll positions by history entry; prefetches link targets.
 */
export function startNavigation({ site, code, setState }: RouterHandle): Navigator {
  let requestId = 0;
  /** Key of the history entry on screen, to record its scroll position when leaving it. */
  let currentKey = (window.history.state as HistoryState | null)?.docgenKey;
  const rememberScroll = () => {
    if (currentKey) scrollPositions.set(currentKey, window.scrollY);
  };

  const load = (url: URL, mode: 'push' | 'replace' | 'pop', scrollTo?: number) => {
    const pathname = decodePath(normalizePathname(url.pathname));
    const hash = decodePath(url.hash.slice(1));
    const id = ++requestId;
    const commitUrl = () => {
      const target = normalizePathname(url.pathname) + url.search + url.hash;
      if (mode === 'push') {
        const key = createHistoryKey();
        window.history.pushState({ docgenKey: key } satisfies HistoryState, '', target);
        currentKey = key;
      }
      if (mode === 'replace') window.history.replaceState(window.history.state, '', target);
    };
    setState((previous) => ({ ...previous, loading: true }));
    loadPage(site, pathname, code)
      .then((page) => {
        if (id !== requestId) return;
        commitUrl();
        setState({ page, pathname, hash, loading: false, error: undefined, scrollTo, focus: mode !== 'pop' });
      })
      .catch((error: unknown) => {
        if (id !== requestId) return;
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
  };

  const navigate = (href: string, options: NavigateOptions = {}) => {
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
      const state: HistoryState = options.replace ? (window.history.state as HistoryState) : { docgenKey: createHistoryKey() };
      window.history[options.replace ? 'replaceState' : 'pushState'](state, '', url.pathname + url.search + url.hash);
      currentKey = state.docgenKey;
      setState((previous) => ({ ...previous, hash: decodePath(url.hash.slice(1)), scrollTo: undefined, focus: false }));
      scrollToHash(decodePath(url.hash.slice(1)));
      return;
    }
    load(url, options.replace ? 'replace' : 'push');
  };

  const onPopState = (event: PopStateEvent) => {
    // The page on screen is still the one being left: record where the reader was.
    rememberScroll();
    const key = (event.state as HistoryState | null)?.docgenKey;
    currentKey = key;
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
  window.addEventListener('popstate', onPopState);
  window.addEventListener('scroll', onScroll, { passive: true });
  window.addEventListener('pagehide', saveScrollPositions);
  document.addEventListener('click', onClick);
  const prefetcher = startPrefetching(site);

  return {
    navigate,
    show(state) {
      updateDocumentHead(site, state.page);
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
      prefetcher.refresh();
    },
    stop() {
      window.removeEventListener('popstate', onPopState);
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('pagehide', saveScrollPositions);
      document.removeEventListener('click', onClick);
      prefetcher.stop();
    },
  };
}
