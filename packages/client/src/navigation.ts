/**
 * What the router needs only once the reader moves on from the page the server rendered: client
 * navigation (following links, Back and Forward, loading the next page and its document head) and
 * prefetching. A separate entry (`@docgen/client/navigation`) that the theme loads after hydration
 * as a chunk of its own (RouterProvider's `navigation`), so that nothing of it joins the first-load
 * bundle.
 */
export { startNavigation, type RouterHandle } from './navigator.js';
export type { Navigator } from './pageState.js';
export { isPrefetchAllowed, prefetchRoute } from './prefetch.js';
export { loadPage } from './loadPage.js';
