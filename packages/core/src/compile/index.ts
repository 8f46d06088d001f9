export { compileMarkdown, type CompileOptions, type CompileResult } from './compileMarkdown.js';
export { registerLanguages } from './highlight.js';
export { compileToStore, getCompileKey, readCompileIndex, readStoredContent, writeCompileIndex, type CompileTask } from './store.js';
