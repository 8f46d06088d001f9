import { createHash } from 'node:crypto';
import type { LoadedVersion, ManifestRoute, SearchPage, SearchScope } from '@docgen/types';
import { getDocsSearchScope } from '../files/index.js';

/** Docs, blog posts and markdown pages are searched; not pages kept out of search engines, nor a version root (its main doc is). */
const isIndexed = (route: ManifestRoute) =>
  !route.data.noIndex &&
  !route.key.startsWith('version-root:') &&
  (route.data.type === 'doc' || route.data.type === 'blogPost' || route.data.type === 'markdownPage');

/**
 * The search indexes of one locale: one per docs version (`docs:<name>`, `docs:<instance>/<name>`, labelled with the
 * version's label) and one for the blog and pages (`blog`, labelled `blogLabel`), those with pages.
 */
export function toSearchScopes(routes: readonly ManifestRoute[], versions: readonly LoadedVersion[], blogLabel: string): SearchScope[] {
  const scopes = new Map<string, { label: string; pages: SearchPage[] }>();
  for (const version of versions) scopes.set(getDocsSearchScope(version.instance, version.name), { label: version.label, pages: [] });
  scopes.set('blog', { label: blogLabel, pages: [] });
  for (const route of routes) {
    const key = route.slots.main?.key;
    if (!isIndexed(route) || key === undefined) continue;
    const scope = route.data.type === 'doc' ? getDocsSearchScope(route.data.docsInstance, route.data.versionName) : 'blog';
    scopes.get(scope)?.pages.push({ path: route.path, title: route.data.title, key });
  }
  return [...scopes]
    .filter(([, { pages }]) => pages.length > 0)
    .map(([scope, { label, pages }]) => ({ scope, label, pages, key: hashSearchPages(pages) }));
}

/** A scope's key: the hash of its pages' paths, titles and content keys, in order (what its index is made of). */
export function hashSearchPages(pages: readonly SearchPage[]): string {
  // One update of the pages' texts joined (the same hash as one update a page): at 10,000 pages,
  // 20,000 calls into the hash took some 40 ms of a one-page edit, which hashes its scope twice.
  return createHash('sha256')
    .update(pages.map((page) => JSON.stringify([page.path, page.title, page.key])).join(''))
    .digest('hex');
}
