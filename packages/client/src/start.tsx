import { useLayoutEffect, type ComponentType, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import type { HydrationPayload, SiteData } from '@docgen/types';
import { decodePath, encodePath, fromPackedSidebar, normalizePathname, RESOLVING_ATTRIBUTE } from '@docgen/shared';
import { toPageState } from './loader.js';
import type { LoadNavigation, PageLoaders, PageState, PrepareRoute, RouteCode } from './pageState.js';
import { RouterProvider } from './router.js';

export interface StartOptions {
  /** The theme's root component, rendered inside the router. */
  App: ComponentType;
  pages: PageLoaders;
  /**
   * Loads the code the theme needs to show a route beyond its first-load bundle. Awaited before
   * hydrating and before showing a page after a navigation, so that the page renders exactly what
   * the server rendered, with no hydration mismatch and no loading state.
   */
  prepare?: PrepareRoute;
  /** Loads docgen's navigation code, after hydration (see LoadNavigation). */
  navigation: LoadNavigation;
}

/**
 * Hydrates the server-rendered page. The page's markdown HTML is taken from the DOM, not from a
 * second copy in the payload. The sidebar is the part the HTML shows (in the payload): hydration
 * does not wait for the whole sidebar, which useSidebar loads afterwards.
 */
export async function startSite({ App, pages, prepare, navigation }: StartOptions): Promise<void> {
  (window as unknown as { __docgenStarted?: boolean }).__docgenStarted = true;
  const payloadElement = document.getElementById('__docgen-data');
  const container = document.getElementById('__docgen');
  if (!payloadElement || !container) return;
  const payload = JSON.parse(payloadElement.textContent ?? '{}') as HydrationPayload;
  const html: Record<string, string> = {};
  container.querySelectorAll<HTMLElement>('[data-docgen-slot]').forEach((element) => {
    html[element.dataset.docgenSlot!] = element.innerHTML;
  });
  const app = (initialPage: PageState) => (
    <RouterProvider site={payload.site} initialPage={initialPage} pages={pages} prepare={prepare} navigation={navigation}>
      <App />
    </RouterProvider>
  );
  const found = payload.route.type === 'notFound' ? await findCleanPage(payload.site, { pages, prepare }, navigation) : undefined;
  if (found) {
    // The page of the clean path, at its URL, in place of the not-found page.
    window.history.replaceState(window.history.state, '', encodePath(found.route.path) + window.location.search + window.location.hash);
    // The attribute goes once the page is in the DOM: the not-found text would show until then.
    createRoot(container).render(<RevealOnCommit>{app(found)}</RevealOnCommit>);
  } else {
    const sidebar = payload.sidebar && fromPackedSidebar(payload.sidebar);
    const page = await toPageState({ ...payload.route, html }, payload.site, { pages, prepare }, sidebar);
    hydrateRoot(container, app(page), {
      onRecoverableError(error) {
        console.error('docgen: hydration error', error);
      },
    });
    document.documentElement.removeAttribute(RESOLVING_ATTRIBUTE);
  }
}

/** Shows what the not-found page hid (see RESOLVING_ATTRIBUTE) once its children are committed, before paint. */
function RevealOnCommit({ children }: { children: ReactNode }) {
  useLayoutEffect(() => document.documentElement.removeAttribute(RESOLVING_ATTRIBUTE), []);
  return children;
}

/**
 * On the not-found page at an address ending in `.html` or `/index.html` (a static host serves
 * its 404 page there): the page of the address without it, if the site has one. The navigation
 * code, which loads pages, comes first then.
 */
async function findCleanPage(site: SiteData, code: RouteCode, navigation: LoadNavigation): Promise<PageState | undefined> {
  const address = decodePath(window.location.pathname);
  const clean = normalizePathname(address);
  if (clean === address) return undefined;
  try {
    const page = await (await navigation()).loadPage(site, clean, code);
    return page.route.type === 'notFound' ? undefined : page;
  } catch {
    return undefined;
  }
}
