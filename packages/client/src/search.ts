/**
 * Search helpers for the lazily loaded search dialog. A separate entry (`@docgen/client/search`)
 * so that nothing of it joins the first-load bundle.
 */
export { getHighlightPattern, getSearchIndexUrl, runSearchQuery, SEARCH_INDEX_OPTIONS, tokenizeForSearch } from '@docgen/shared/search';
