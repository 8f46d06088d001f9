/**
 * What the page's controls do once used, what follows the page as the reader scrolls, and what the
 * page reads from the browser's storage after hydration (the preferred docs version): code a page
 * does not need to render or hydrate. It loads right after hydration, in a chunk of its own (see
 * afterHydration.ts), and reaches the first-load code through firstLoad.ts, as every module loaded
 * on demand does.
 */
export { trackActiveHeading } from './activeHeading.js';
export { followScroll } from './backToTop.js';
export { animateCollapse } from './collapseAnimation.js';
export { applyColorMode, followSystemColorMode } from './colorMode.js';
export { copyMarkdown } from './copyMarkdown.js';
export { dismissOnOutside } from './dismiss.js';
export { storePreferredVersion, watchPreferredVersions } from './preferredVersion.js';
