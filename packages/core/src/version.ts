import { readFileSync } from 'node:fs';

/** The version of docgen, from the core package's package.json. */
export const DOCGEN_VERSION: string = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string })
  .version;
