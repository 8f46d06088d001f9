import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { RouterProvider } from '@docgen/client';
import type { PropSidebar, RouteData, SiteData } from '@docgen/types';
import { App } from './App.js';
import { MetadataCollector } from './pages/PageMetadata.js';
import { translateCount } from './plural.js';
import './styles.css';

export { renderContent } from './content/renderContent.js';

/** Strings only the server renders (never in the browser's bundle): the site's translations override them by key. */
const SERVER_STRINGS = {
  en: { 'sidebar.more': '1 more page|{count} more pages' },
  ko: { 'sidebar.more': '페이지 {count}개 더 보기' },
};

/**
 * The label of the sidebar link that stands for `count` items of a long category a page leaves
 * out (its HTML shows those around the page; the whole list follows from the sidebar file).
 */
export function sidebarMoreLabel(site: SiteData, count: number): string {
  return translateCount(SERVER_STRINGS, site.locale, site.translations, 'sidebar.more', { count });
}

/**
 * Loads the theme's lazily loaded modules. docgen's render stage awaits it once before rendering:
 * `renderPage` renders synchronously, so every screen must be loaded by then.
 */
export { preloadAll as preload } from './lazyModule.js';

/** Renders the body of one page for the static HTML. Called by docgen's render stage. */
export function renderPage(input: { site: SiteData; route: RouteData; sidebar?: PropSidebar; page?: unknown }) {
  const metadata: { title?: string; description?: string } = {};
  const html = renderToString(
    <MetadataCollector.Provider value={metadata}>
      <RouterProvider
        site={input.site}
        initialPage={{ route: input.route, sidebar: input.sidebar, component: input.page as ComponentType | undefined }}
        pages={{}}
      >
        <App />
      </RouterProvider>
    </MetadataCollector.Provider>,
  );
  return { html, ...metadata };
}
