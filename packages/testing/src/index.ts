export { launchBrowser, openPage } from './browser.js';
export { DOCS_CONTENT, DOCGEN_BIN, REPO_ROOT } from './paths.js';
