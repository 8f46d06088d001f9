export { compileMarkdown, type CompileOptions, type CompileResult, type MarkdownPipeline } from './compileMarkdown.js';
export type { MdxRunner } from './mdxRun.js';
export { isDefaultLanguage, registerLanguages } from './highlight.js';
export { compileToStore } from './compileToStore.js';
// What the main thread may load of compile is part of this face too.
export * from './mainThread.js';
