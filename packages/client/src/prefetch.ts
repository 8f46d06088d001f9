import type { SiteData } from '@docgen/types';
import { decodePath, getLocaleOfPath, normalizePathname } from '@docgen/shared';
import { getPageDataUrl } from '@docgen/shared/pageData';

/** At most this many prefetches run at once; the rest wait for the browser to be idle again. */
const MAX_CONCURRENT = 3;

interface NetworkInformation {
  saveData?: boolean;
  effectiveType?: string;
}

/** Prefetching is skipped entirely on slow (2g) connections and when the reader saves data. */
export function isPrefetchAllowed(): boolean {
  const connection = (navigator as Navigator & { connection?: NetworkInformation }).connection;
  if (!connection) return true;
  return !connection.saveData && !(connection.effectiveType ?? '').includes('2g');
}

const requested = new Set<string>();
const queue: string[] = [];
let running = 0;

const supportsLinkPrefetch = (() => {
  if (typeof document === 'undefined') return false;
  const link = document.createElement('link');
  return Boolean(link.relList?.supports?.('prefetch'));
})();

/** Runs work when the browser is idle (Safari has no requestIdleCallback: a short timeout there). */
function whenIdle(callback: () => void): void {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(callback, { timeout: 2000 });
  else setTimeout(callback, 50);
}

function pump(): void {
  while (running < MAX_CONCURRENT && queue.length > 0) {
    const url = queue.shift()!;
    running++;
    const done = () => {
      running--;
      if (queue.length > 0) whenIdle(pump);
    };
    if (supportsLinkPrefetch) {
      const link = document.createElement('link');
      link.rel = 'prefetch';
      link.as = 'fetch';
      link.crossOrigin = 'anonymous';
      link.href = url;
      link.onload = done;
      link.onerror = done;
      document.head.append(link);
    } else {
      fetch(url, { credentials: 'same-origin' }).then(done, done);
    }
  }
}

/**
 * Prefetches the page data of an internal link's target into the HTTP cache (page data URLs
 * carry the build id and are cached as immutable), so the navigation that may follow is instant.
 */
export function prefetchRoute(site: SiteData, href: string): void {
  if (!isPrefetchAllowed()) return;
  let url: URL;
  try {
    url = new URL(href, window.location.href);
  } catch {
    return;
  }
  if (url.origin !== window.location.origin) return;
  const pathname = decodePath(normalizePathname(url.pathname));
  const locale = getLocaleOfPath(pathname, Object.fromEntries(site.locales.map((entry) => [entry.locale, entry.baseUrl])));
  if (locale !== undefined && locale !== site.locale) return;
  if (pathname === decodePath(normalizePathname(window.location.pathname))) return;
  const dataUrl = getPageDataUrl(site.siteBaseUrl, site.buildId, pathname);
  if (requested.has(dataUrl)) return;
  requested.add(dataUrl);
  queue.push(dataUrl);
  whenIdle(pump);
}

/** Whether a link is one the router handles (same origin, not a download, not a new tab). */
function isRoutable(anchor: HTMLAnchorElement): boolean {
  return (
    anchor.origin === window.location.origin &&
    !anchor.hasAttribute('download') &&
    (anchor.target === '' || anchor.target === '_self') &&
    !/\.(json|xml|txt|zip|pdf|svg|png|jpe?g|gif|webp|md)$/i.test(anchor.pathname)
  );
}

/**
 * Prefetches link targets when a link is hovered or focused, and when a link of the article
 * scrolls into view. `refresh()` re-observes the links after the page changed.
 */
export function startPrefetching(site: SiteData): { refresh(): void; stop(): void } {
  if (!isPrefetchAllowed()) return { refresh: () => undefined, stop: () => undefined };
  const onIntent = (event: Event) => {
    const anchor = (event.target as Element | null)?.closest?.('a');
    if (anchor instanceof HTMLAnchorElement && anchor.hasAttribute('href') && isRoutable(anchor)) prefetchRoute(site, anchor.href);
  };
  document.addEventListener('mouseover', onIntent, { passive: true });
  document.addEventListener('focusin', onIntent);
  document.addEventListener('touchstart', onIntent, { passive: true });
  const observer =
    'IntersectionObserver' in window
      ? new IntersectionObserver((entries) => {
          for (const entry of entries) {
            if (!entry.isIntersecting) continue;
            observer?.unobserve(entry.target);
            const anchor = entry.target as HTMLAnchorElement;
            if (isRoutable(anchor)) prefetchRoute(site, anchor.href);
          }
        })
      : undefined;
  const refresh = () => {
    if (!observer) return;
    observer.disconnect();
    // Links of the article and its pagination: the likely next pages, not the whole navigation.
    whenIdle(() => document.querySelectorAll<HTMLAnchorElement>('main a[href]').forEach((anchor) => observer.observe(anchor)));
  };
  refresh();
  return {
    refresh,
    stop() {
      document.removeEventListener('mouseover', onIntent);
      document.removeEventListener('focusin', onIntent);
      document.removeEventListener('touchstart', onIntent);
      observer?.disconnect();
    },
  };
}
