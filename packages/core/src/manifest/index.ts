export { createManifest } from './createManifest.js';
export type { CompileSource, ManifestInput } from './context.js';
export { LinkCache } from './linkCache.js';
export { toComparable as toComparableRoute } from './redirects.js';
