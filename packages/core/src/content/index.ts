export { readSiteContent } from './readSiteContent.js';
export { parseFrontMatter, docFrontMatterSchema, blogFrontMatterSchema, pageFrontMatterSchema } from './frontMatter.js';
export { readSourceFile } from './sourceFile.js';
