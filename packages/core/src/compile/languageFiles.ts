import { createRequire } from 'node:module';
import { sep } from 'node:path';

const require = createRequire(import.meta.url);

/**
 * Whether `name` names one of refractor's language files (`refractor/<name>`), which
 * registerLanguages (highlight.ts) imports and registers: told by resolving it, without loading
 * Prism, whose grammars take a main thread some 40 ms to load. A name that is no such file (an
 * alias such as `js`, a name Prism does not know) needs Prism's registry to tell.
 */
export function isLanguageFile(name: string): boolean {
  try {
    // Resolving finds the file or throws; refractor's other entries (`core`, `all`) are not languages.
    return require.resolve(`refractor/${name}`).endsWith(`${sep}lang${sep}${name}.js`);
  } catch {
    return false;
  }
}
