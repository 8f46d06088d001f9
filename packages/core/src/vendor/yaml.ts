/**
 * yaml, loaded as one module (bundled like markdown.ts): every command's main thread reads the
 * config with it as it starts, and the package is some 70 files for Node to resolve and load.
 */
export { isMap, isNode, isScalar, isSeq, LineCounter, parseDocument, stringify, visit } from 'yaml';
