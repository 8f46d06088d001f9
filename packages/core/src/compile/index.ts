export { compileMarkdown, type CompileOptions, type CompileResult, type MarkdownPipeline } from './compileMarkdown.js';
export type { MdxInput } from './compileData.js';
export type { MdxRunner } from './mdxRun.js';
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
