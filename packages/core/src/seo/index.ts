/**
 * The seo stage: sitemap, robots.txt, blog feeds, llms.txt, markdown twins of doc pages and the
 * pages at old URLs (redirects), as pure functions of the manifest (and of what rendering
 * produced), plus the writer the build calls.
 */
export { createSeoFiles, type LlmsFullParts, type SeoOutput, type WriteSeoFilesInput } from './writeSeoFiles.js';
export { isIndexable, toRobotsTxt, toSitemap, SITEMAP_FILE } from './sitemap.js';
export { getFeedInput, toAtomFeed, toJsonFeed, toRssFeed, FEED_MAX_POSTS, type FeedInput, type FeedPost } from './feeds.js';
export { toLlmsFullPart, toLlmsFullTxt, toLlmsTxt, LLMS_FILE, LLMS_FULL_FILE, type LlmsInput } from './llms.js';
export { getMarkdownTwin, toMarkdownTwinText, type MarkdownTwin, type MarkdownTwinInput } from './markdownTwin.js';
export { getRedirectFile, toRedirectPage } from './redirectPage.js';
