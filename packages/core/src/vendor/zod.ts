/**
 * zod, loaded as one module (bundled like markdown.ts): every command's main thread checks the
 * config and front matter with it as it starts, and the package is some 90 files for Node to load.
 * Only what docgen uses, by name: `export { z }` took the whole namespace, with every locale's
 * messages (790 KB, 78 ms to import, against 220 KB and 38 ms). Import it as `* as z`.
 */
export {
  array,
  boolean,
  coerce,
  date,
  enum,
  literal,
  looseObject,
  null,
  number,
  preprocess,
  record,
  strictObject,
  string,
  toJSONSchema,
  tuple,
  union,
  unknown,
  url,
} from 'zod';
export type { output, ZodType } from 'zod';
