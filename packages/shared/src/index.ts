/**
 * Pure helpers that must give identical answers at build time (core) and in the browser (client).
 * No Node or DOM APIs here.
 *
 * This entry holds what a page needs to hydrate. What the browser needs only later is in entries
 * of its own, `@docgen/shared/pageData`, `/documentTitle` (navigation) and `/search` (and what
 * only the build needs, `/docsInstances`): esbuild puts
 * every file the first-load code reaches into the first-load bundle, used or not.
 */
export * from './routes.js';
export * from './storage.js';
export { escapeHtml } from './escapeHtml.js';
export * from './packedSidebar.js';
export { ADMONITION_KEYWORDS } from './admonitions.js';
