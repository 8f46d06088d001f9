export { compileMarkdown, type CompileOptions, type CompileResult } from './compileMarkdown.js';
export { registerLanguages } from './highlight.js';
