import type { ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';
import type { HydrationPayload } from '@docgen/types';
import { toPageState } from './loader.js';
import type { LoadNavigation, PageLoaders, PrepareRoute } from './pageState.js';
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
  const page = await toPageState({ ...payload.route, html }, payload.site, { pages, prepare }, payload.sidebar);
  hydrateRoot(
    container,
    <RouterProvider site={payload.site} initialPage={page} pages={pages} prepare={prepare} navigation={navigation}>
      <App />
    </RouterProvider>,
    {
      onRecoverableError(error) {
        console.error('docgen: hydration error', error);
      },
    },
  );
}
