import { useEffect, useState } from 'react';
import type { PropSidebar } from '@docgen/types';
import { getLoadedSidebar, loadSidebar } from './loader.js';
import { usePage } from './router.js';

/**
 * The sidebar of the current doc page. At hydration it is the part the page's HTML shows (its
 * collapsed categories marked `itemsOmitted`), and the whole sidebar loads at once after it (once,
 * shared by every page of the version); after a navigation into another version it loads while
 * the page shows. `loading` is true while there is nothing to show yet.
 */
export function useSidebar(): { sidebar?: PropSidebar; loading: boolean; failed: boolean } {
  const page = usePage();
  const url = 'sidebar' in page.route ? page.route.sidebar?.url : undefined;
  const [loaded, setLoaded] = useState<{ url: string; failed?: boolean }>();
  useEffect(() => {
    if (!url || getLoadedSidebar(url)) return;
    let live = true;
    loadSidebar(url).then(
      () => live && setLoaded({ url }),
      () => live && setLoaded({ url, failed: true }),
    );
    return () => {
      live = false;
    };
  }, [url]);
  if (!url) return { loading: false, failed: false };
  // page.sidebar is the whole sidebar when it was loaded before the page, else the visible part.
  const sidebar = getLoadedSidebar(url) ?? page.sidebar;
  const failed = !sidebar && loaded?.url === url && loaded.failed === true;
  return { sidebar, loading: !sidebar && !failed, failed };
}
