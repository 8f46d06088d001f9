export { compileMarkdown, type CompileOptions, type CompileResult } from './compileMarkdown.js';
export { isDefaultLanguage, registerLanguages } from './highlight.js';
export { compileToStore } from './compileToStore.js';
export {
  getCompileKey,
  getStoredPart,
  readCompileIndex,
  readStoredContent,
  readStoredSections,
  writeCompileIndex,
  type CompileTask,
} from './store.js';
