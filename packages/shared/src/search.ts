/** The search helpers shared by the index builder and the browser (`@docgen/shared/search`). */
export { KOREAN_ENDINGS, KOREAN_PARTICLES, stemKorean } from './koreanStem.js';
export { runSearchQuery, SEARCH_BOOST, type ScoredResult, type SearchableIndex } from './searchQuery.js';
export {
  getHighlightPattern,
  getQueryBonusTokens,
  getSearchIndexFilePath,
  getSearchIndexUrl,
  SEARCH_INDEX_OPTIONS,
  STEM_MARK,
  tokenizeForSearch,
  tokenizeSearchQuery,
} from './searchTokens.js';
