export { findComponentPages, readDocSource, readSiteContent, showsLastUpdates } from './readSiteContent.js';
export { readGitHead, readGitLastUpdates, type GitLastUpdates } from './gitLastUpdates.js';
export { readGitHistories, type GitHistories } from './gitHistories.js';
export { ContentCache, type FileChange } from './contentCache.js';
export {
  FRONT_MATTER_KEYS,
  hashMarkdownBody,
  parseFrontMatter,
  docFrontMatterSchema,
  blogFrontMatterSchema,
  pageFrontMatterSchema,
} from './frontMatter.js';
export { readSourceFile } from './sourceFile.js';
export { FrontMatterMemo, readFrontMatterMemo, readFrontMatterCheckerKey, FRONT_MATTER_MEMO_FILE } from './frontMatterMemo.js';
