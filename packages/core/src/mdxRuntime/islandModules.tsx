/**
 * The modules of Docusaurus that site components shown as islands may import, in both islands
 * bundles (bundle/islands.ts): the server's render and the browser's hydration give the same
 * markup. The site's context comes from the bundle (`docgen-island-site`); never imported by
 * docgen's own code.
 */
import { createElement, useEffect, useState, type ReactNode } from 'react';
// @ts-expect-error A module the islands bundle makes: the site's context as JSON.
import site from 'docgen-island-site';
import { createSiteHooks, Translate, translate, type SiteContext } from './docusaurusCommon.js';

const context = site as SiteContext;
const { useBaseUrl, useBaseUrlUtils, useDocusaurusContext } = createSiteHooks(() => context);

/** True once the component has hydrated in a browser; false on the server and in the first render there, so both agree. */
function useIsBrowser(): boolean {
  const [browser, setBrowser] = useState(false);
  useEffect(() => setBrowser(true), []);
  return browser;
}

/** `@docusaurus/Link`: a link; a path of the site gets the base URL, as Docusaurus's Link adds it. */
function Link({
  to,
  href,
  children,
  autoAddBaseUrl = true,
  isNavLink: _nav,
  activeClassName: _active,
  ...rest
}: { to?: string; href?: string; children?: ReactNode; autoAddBaseUrl?: boolean; isNavLink?: boolean; activeClassName?: string } & Record<
  string,
  unknown
>) {
  const target = to ?? href;
  const withBase = autoAddBaseUrl && typeof target === 'string' && target.startsWith('/') && !target.startsWith('//');
  return createElement('a', { ...rest, href: withBase ? useBaseUrl(target) : target }, children);
}

/** `@docusaurus/BrowserOnly`: its children (a function) once hydrated in a browser; the fallback before. */
function BrowserOnly({ children, fallback }: { children?: () => ReactNode; fallback?: ReactNode }) {
  return <>{useIsBrowser() && children ? children() : (fallback ?? null)}</>;
}

/** `@theme/Details`: a `<details>` the browser opens and closes, its summary given or written first in it. */
function Details({ summary, children, ...rest }: { summary?: ReactNode; children?: ReactNode } & Record<string, unknown>) {
  return (
    <details {...rest} className={['details', rest.className].filter(Boolean).join(' ')}>
      {summary !== undefined ? <summary>{summary}</summary> : null}
      {children}
    </details>
  );
}

/** The page's location: the browser's, or on the server the path of the page the island renders on (bundle/islands.ts). */
function useLocation(): { pathname: string; search: string; hash: string } {
  if (typeof window !== 'undefined')
    return { pathname: window.location.pathname, search: window.location.search, hash: window.location.hash };
  const path = (globalThis as Record<symbol, unknown>)[Symbol.for('docgen.island.path')];
  return { pathname: typeof path === 'string' ? path : context.siteConfig.baseUrl, search: '', hash: '' };
}

/** `useHistory()` of @docusaurus/router: moves to another page of the site (a page load; docgen's router takes links). */
function useHistory() {
  return {
    location: useLocation(),
    push: (to: string) => window.location.assign(to),
    replace: (to: string) => window.location.replace(to),
    goBack: () => window.history.back(),
  };
}

/** The colour mode the page shows (`data-theme` of the document), light on the server and in the first render, followed as the reader switches it. */
function useColorMode() {
  const [colorMode, setShown] = useState<'light' | 'dark'>('light');
  useEffect(() => {
    const root = document.documentElement;
    const read = () => setShown(root.getAttribute('data-theme') === 'dark' ? 'dark' : 'light');
    read();
    const observer = new MutationObserver(read);
    observer.observe(root, { attributes: true, attributeFilter: ['data-theme'] });
    return () => observer.disconnect();
  }, []);
  return {
    colorMode,
    isDarkTheme: colorMode === 'dark',
    /** Shows the mode as the theme's switch does, for this page. */
    setColorMode: (mode: 'light' | 'dark') => document.documentElement.setAttribute('data-theme', mode),
  };
}

const canUseDOM = typeof window !== 'undefined' && typeof document !== 'undefined';

/**
 * The modules by specifier, each an ES module's exports (CommonJS-shaped, `__esModule`: any name
 * may be imported). The bundle resolves the specifiers ISLAND_MODULES of bundle/islands.ts lists.
 */
export const islandModules: Record<string, Record<string, unknown>> = {
  '@docusaurus/Link': { __esModule: true, default: Link },
  '@docusaurus/useBaseUrl': { __esModule: true, default: useBaseUrl, useBaseUrlUtils },
  '@docusaurus/useDocusaurusContext': { __esModule: true, default: useDocusaurusContext },
  '@docusaurus/BrowserOnly': { __esModule: true, default: BrowserOnly },
  '@docusaurus/useIsBrowser': { __esModule: true, default: useIsBrowser },
  '@docusaurus/ExecutionEnvironment': {
    __esModule: true,
    default: {
      canUseDOM,
      canUseEventListeners: canUseDOM && typeof window.addEventListener === 'function',
      canUseIntersectionObserver: canUseDOM && 'IntersectionObserver' in window,
      canUseViewport: canUseDOM && 'screen' in window,
    },
  },
  '@docusaurus/Translate': { __esModule: true, default: Translate, translate },
  '@docusaurus/Head': { __esModule: true, default: () => null },
  '@theme/Details': { __esModule: true, default: Details },
  '@docusaurus/router': { __esModule: true, useLocation, useHistory },
  '@docusaurus/theme-common': { __esModule: true, useColorMode },
};
