/**
 * zod, loaded as one module (bundled like markdown.ts): every command's main thread checks the
 * config and front matter with it as it starts, and the package is some 90 files for Node to load.
 */
export { z } from 'zod';
