export { findComponentPages, listUnreadDocs, readDocSource, readSiteContent, showsLastUpdates } from './readSiteContent.js';
export { readGitHead, readGitLastUpdates, type GitLastUpdates } from './gitLastUpdates.js';
export { readGitHistories, type GitHistories } from './gitHistories.js';
export { ContentCache, type FileChange } from './contentCache.js';
export { hashMarkdownBody, preReadMarkdown, type PreReadMarkdown } from './preRead.js';
export { FRONT_MATTER_KEYS, parseFrontMatter, docFrontMatterSchema, blogFrontMatterSchema, pageFrontMatterSchema } from './frontMatter.js';
export { readSourceFile } from './sourceFile.js';
export { checkPreReadDoc, type CheckedMarkdown } from './unchangedSources.js';
export { FrontMatterMemo, readFrontMatterMemo, readFrontMatterCheckerKey, FRONT_MATTER_MEMO_FILE } from './frontMatterMemo.js';
