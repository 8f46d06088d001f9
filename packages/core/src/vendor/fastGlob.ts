/**
 * fast-glob, loaded as one module (bundled like markdown.ts): a build's main thread lists files
 * with it as it starts, and the package and its dependencies are some 40 files for Node to load.
 */
export { default as fg } from 'fast-glob';
