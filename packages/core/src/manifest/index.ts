export { createManifest } from './createManifest.js';
export { filterToc, hasConfigHtml, stripNumberPrefix, type CompileSource, type ManifestInput } from './context.js';
export { LinkCache } from './linkCache.js';
export { REDIRECT_HIDES_PAGE, toComparable as toComparableRoute } from './redirects.js';
export { hashSearchPages } from './searchScopes.js';
