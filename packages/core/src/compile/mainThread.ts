/**
 * compile's second face, for a build's main thread and for migrate: what they use of compile
 * without loading the markdown libraries that index.ts gives (a few hundred milliseconds that the
 * threads would wait for): the compile store, the data a compile task carries, the compiler of an
 * MDX page's own browser module, MDX 1's compatibility rewrite and what tells a language Prism
 * highlights without loading Prism.
 */
export {
  appendCompileJournal,
  getCompileKey,
  getStoredPart,
  readCompileIndex,
  openStore,
  readStoredContent,
  writeCompileIndex,
  type CompileTask,
  type StoreReader,
  type IndexOnDisk,
} from './store.js';
export type { MdxInput, MdxPageContext } from './compileData.js';
export { compilePageModule } from './pageIslands.js';
export { toMdxSource } from './mdxCompat.js';
export { isLanguageFile } from './languageFiles.js';
