/** The browser runtime of docgen: router, links, page data, hydration. */
export { Link, type LinkProps } from './Link.js';
export { scrollToHash } from './history.js';
export { RouterProvider, useSiteData, usePage, useNavigate, useLocation } from './router.js';
export { startSite, type StartOptions } from './start.js';
export { loadSidebar, getLoadedSidebar } from './loader.js';
export { useSidebar } from './useSidebar.js';
export type { LoadNavigation, NavigationModule, PageState, PageLoaders, PrepareRoute, RouterSnapshot, RouterState } from './pageState.js';
export { ANNOUNCEMENT_STORAGE_KEY, COLOR_MODE_STORAGE_KEY, getPreferredVersionStorageKey, getTabGroupStorageKey } from '@docgen/shared';
// The page's table of contents is made as the build makes `<TOCInline>`'s.
export { toTocTree, type TocNode } from '@docgen/shared/toc';
