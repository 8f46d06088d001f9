/**
 * What the router needs only once the reader moves on from the page the server rendered: loading
 * the next page, writing its document head, and prefetching the pages links lead to. A separate
 * entry (`@docgen/client/navigation`) that the theme loads after hydration as a chunk of its own
 * (RouterProvider's `navigation`), so that nothing of it joins the first-load bundle.
 */
export { updateDocumentHead } from './documentHead.js';
export { loadPage, loadRouteData } from './loadPage.js';
export { isPrefetchAllowed, prefetchRoute, startPrefetching } from './prefetch.js';
