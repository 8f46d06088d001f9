import type { ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';
import type { HydrationPayload } from '@docgen/types';
import { toPageState } from './loader.js';
import type { PageLoaders } from './pageState.js';
import { RouterProvider } from './router.js';

export interface StartOptions {
  /** The theme's root component, rendered inside the router. */
  App: ComponentType;
  pages: PageLoaders;
}

/**
 * Hydrates the server-rendered page. The page's markdown HTML is taken from the DOM, not from a
 * second copy in the payload. The sidebar is the part the HTML shows (in the payload): hydration
 * does not wait for the whole sidebar, which useSidebar loads afterwards.
 */
export async function startSite({ App, pages }: StartOptions): Promise<void> {
  (window as unknown as { __docgenStarted?: boolean }).__docgenStarted = true;
  const payloadElement = document.getElementById('__docgen-data');
  const container = document.getElementById('__docgen');
  if (!payloadElement || !container) return;
  const payload = JSON.parse(payloadElement.textContent ?? '{}') as HydrationPayload;
  const html: Record<string, string> = {};
  container.querySelectorAll<HTMLElement>('[data-docgen-slot]').forEach((element) => {
    html[element.dataset.docgenSlot!] = element.innerHTML;
  });
  const page = await toPageState({ ...payload.route, html }, pages, payload.sidebar);
  hydrateRoot(
    container,
    <RouterProvider site={payload.site} initialPage={page} pages={pages}>
      <App />
    </RouterProvider>,
    {
      onRecoverableError(error) {
        console.error('docgen: hydration error', error);
      },
    },
  );
}
