/**
 * The theme's first-load code as one module: the browser entry (client.tsx), every module loaded
 * on demand (see lazyModule.ts) and the API of site pages (index.ts) import from here, never from
 * the files behind it.
 *
 * Why: esbuild moves code that the entry and a lazily loaded chunk share into a chunk of its own,
 * one per set of chunks that share it, and the page loads each of those. A module that imports
 * one part of the first-load code directly (the blog screens `Paginator`, the mobile menu
 * `NavbarItem`) would split it along those lines, every split one more request and a few hundred
 * bytes more to download. Imported through here, every such chunk reaches all of it (App.tsx
 * reaches the rest), so the page loads the entry and one shared chunk.
 */
export {
  COLOR_MODE_STORAGE_KEY,
  getPreferredVersionStorageKey,
  getTabGroupStorageKey,
  Link,
  startSite,
  useLocation,
  useNavigate,
  usePage,
  useSidebar,
  useSiteData,
  type PageLoaders,
} from '@docgen/client';
export { App, prepareRoute } from './App.js';
export { Html } from './content/Html.js';
export { PageSourceSlot } from './content/PageSourceSlot.js';
export { PageTitle } from './content/PageTitle.js';
export { DocSidebarItems } from './docs/DocSidebar.js';
export { Breadcrumbs, DocFrame, Paginator, VersionBadge } from './docs/DocPage.js';
export { TableOfContents } from './docs/TableOfContents.js';
export { translate, translateFrom, useTranslate } from './i18n.js';
export { MAIN_ID } from './layout/Layout.js';
export { ColorModeToggle } from './navbar/ColorModeToggle.js';
export { NavbarItem } from './navbar/Navbar.js';
