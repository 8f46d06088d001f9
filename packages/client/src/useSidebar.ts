import { useEffect, useState } from 'react';
import type { PropSidebar } from '@docgen/types';
import { getLoadedSidebar, loadSidebar } from './loader.js';
import { usePage } from './router.js';

/**
 * The sidebar of the current doc page. After hydration it is there at once; after a navigation
 * into another version it loads (once, shared by every page of that version) while the page shows.
 */
export function useSidebar(): { sidebar?: PropSidebar; loading: boolean; failed: boolean } {
  const page = usePage();
  const url = 'sidebar' in page.route ? page.route.sidebar?.url : undefined;
  const [loaded, setLoaded] = useState<{ url: string; sidebar?: PropSidebar; failed?: boolean }>();
  useEffect(() => {
    if (!url || page.sidebar || getLoadedSidebar(url)) return;
    let live = true;
    loadSidebar(url).then(
      (sidebar) => live && setLoaded({ url, sidebar }),
      () => live && setLoaded({ url, failed: true }),
    );
    return () => {
      live = false;
    };
  }, [url, page.sidebar]);
  if (!url) return { loading: false, failed: false };
  const sidebar = page.sidebar ?? (loaded?.url === url ? loaded.sidebar : undefined) ?? getLoadedSidebar(url);
  const failed = !sidebar && loaded?.url === url && loaded.failed === true;
  return { sidebar, loading: !sidebar && !failed, failed };
}
