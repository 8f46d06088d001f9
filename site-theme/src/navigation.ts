/**
 * docgen's navigation code (`@docgen/client/navigation`: loading the next page, its document head,
 * prefetching), which the browser loads after hydration as a chunk of its own. It reaches the
 * first-load code through firstLoad.ts, as every module loaded on demand does (see there why).
 */
import './firstLoad.js';

export * from '@docgen/client/navigation';
