/** The search helpers shared by the index builder and the browser (`@docgen/shared/search`). */
export { KOREAN_ENDINGS, KOREAN_PARTICLES, stemKorean } from './koreanStem.js';
export { getDocsSearchScope } from './docsInstances.js';
export {
  forEachIndexToken,
  getHighlightPattern,
  getQueryBonusTokens,
  getSearchIndexFilePath,
  getSearchIndexUrl,
  type IndexTokenVisitor,
  SEARCH_ISLAND_MARK,
  STEM_MARK,
  tokenizeForSearch,
  tokenizeSearchQuery,
} from './searchTokens.js';
export {
  createShardedSearch,
  getSearchChunkRange,
  getSearchFileName,
  getSearchFileUrl,
  getSearchPackName,
  SEARCH_BOOST,
  SEARCH_DETAIL_TEXT,
  SEARCH_CHUNKS_PER_DIRECTORY,
  SEARCH_PAGES_PER_CHUNK,
  SEARCH_FILES_DIR,
  SEARCH_FORMAT,
  SEARCH_MAX_POSTINGS,
  SEARCH_SCORE_SCALE,
  SEARCH_SHARD_BYTES,
  type SearchDetail,
  type SearchDetailChunk,
  type SearchDirectory,
  type SearchFileSource,
  type SearchHit,
  type SearchManifest,
  type ShardedSearch,
} from './shardedSearch.js';
