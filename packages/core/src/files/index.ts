export {
  describeSkippedLink,
  getSitePathVerdict,
  isInsideFolder,
  readFolderFiles,
  type FolderFiles,
  type FolderKind,
  type SkippedLink,
} from './readFolderFiles.js';
