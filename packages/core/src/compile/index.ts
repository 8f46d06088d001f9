export { compileMarkdown, type CompileOptions, type CompileResult } from './compileMarkdown.js';
export { registerLanguages } from './highlight.js';
export {
  compileToStore,
  getCompileKey,
  getStoredPart,
  readCompileIndex,
  readStoredContent,
  readStoredSections,
  writeCompileIndex,
  type CompileTask,
} from './store.js';
