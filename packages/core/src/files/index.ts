export {
  describeSkippedLink,
  describeUnreadableFolders,
  getSitePathVerdict,
  isInsideFolder,
  readFolderFiles,
  type FolderFiles,
  type FolderKind,
  type SkippedLink,
  type UnreadableFolder,
} from './readFolderFiles.js';
export {
  getFilePathProblem,
  getIdProblem,
  getSegmentNameProblem,
  getSlugProblem,
  readBlogFileName,
  ROUTE_PATH_HINT,
} from './routePaths.js';
export {
  FILE_REQUIRE,
  getImportedFileKind,
  getRootImportCandidates,
  parseLoaderImport,
  MODULE_IMPORT,
  MODULE_SUFFIXES,
  readsAsMdx,
  resolveSitePath,
  SITE_ALIAS,
  SITE_NAMESPACE,
  type ImportedFileKind,
} from './sitePaths.js';
export {
  DEFAULT_DOCS_ID,
  findDocsInstance,
  getDocsInstances,
  getDocsSearchScope,
  getInstanceFiles,
  getKnownVersionNames,
  getVersionKey,
  getVersionLabel,
  getVersionNames,
  getVersionPath,
} from './docsInstances.js';
export { getLocaleBaseUrl, getLocaleDir } from './locales.js';
export { listFileStamps, readFileStamp } from './fileStamp.js';
