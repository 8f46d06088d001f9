/** The id of the docs instance configured under `docs` (Docusaurus's docs plugin without an `id`). */
export const DEFAULT_DOCS_ID = 'default';

/**
 * A version's name where names of several docs instances meet (route keys, search scopes): the
 * name alone for the default instance, `<id>/<name>` for another. `instance` absent is the default.
 */
export function getVersionKey(instance: string | undefined, name: string): string {
  return instance === undefined || instance === DEFAULT_DOCS_ID ? name : `${instance}/${name}`;
}

/** The search scope of a docs version: `docs:<version key>`. */
export function getDocsSearchScope(instance: string | undefined, name: string): string {
  return `docs:${getVersionKey(instance, name)}`;
}
