/**
 * Search helpers for the lazily loaded search dialog. A separate entry (`@docgen/client/search`)
 * so that nothing of it joins the first-load bundle.
 */
export {
  createShardedSearch,
  getDocsSearchScope,
  getHighlightPattern,
  getSearchFileUrl,
  getSearchIndexUrl,
  type SearchManifest,
  type ShardedSearch,
} from '@docgen/shared/search';
