import { createHash } from 'node:crypto';
import type { CompiledMarkdown, ContentSection, LocaleManifest, ManifestRoute } from '@docgen/types';
import { SEARCH_INDEX_OPTIONS, tokenizeForSearch } from '@docgen/shared/search';
import { toSearchIndexJson } from './indexJson.js';

/** One searchable section of a page: the text under one h2 or h3 (or the page's opening). */
export interface SearchSection {
  id: number;
  title: string;
  heading: string;
  url: string;
  text: string;
  /** Identifiers found in code blocks: searchable, never shown. */
  code: string;
}

/** The search entries of a page: one per section of its content, with the page's title and URL. */
export function getSearchSections(route: ManifestRoute, sections: readonly ContentSection[], startId: number): SearchSection[] {
  return sections.map((section, index) => ({
    id: startId + index,
    title: route.data.title,
    heading: section.heading,
    url: section.anchor ? `${route.path}#${section.anchor}` : route.path,
    text: section.text,
    code: section.code,
  }));
}

const isIndexed = (route: ManifestRoute) =>
  !route.data.noIndex &&
  !route.key.startsWith('version-root:') &&
  (route.data.type === 'doc' || route.data.type === 'blogPost' || route.data.type === 'markdownPage');

/** The pages of one search index: a docs version, or the blog and pages of a locale. */
export interface SearchScope {
  /** `docs:<version>` or `blog`. */
  scope: string;
  label: string;
  routes: ManifestRoute[];
  /** Changes whenever the index's sections would: a hash of each page's URL, title and content key. */
  key: string;
}

/** The search indexes of one locale: one per docs version and one for the blog and pages. */
export function getSearchScopes(locale: LocaleManifest): SearchScope[] {
  const scopes = new Map<string, { label: string; routes: ManifestRoute[] }>();
  for (const version of locale.versions) scopes.set(`docs:${version.name}`, { label: version.label, routes: [] });
  scopes.set('blog', { label: locale.site.blog.title, routes: [] });
  for (const route of locale.routes) {
    if (!isIndexed(route)) continue;
    const scope = route.data.type === 'doc' ? `docs:${route.data.versionName}` : 'blog';
    scopes.get(scope)?.routes.push(route);
  }
  return [...scopes]
    .filter(([, { routes }]) => routes.length > 0)
    .map(([scope, { label, routes }]) => {
      const digest = createHash('sha256');
      for (const route of routes) digest.update(JSON.stringify([route.path, route.data.title, route.slots.main?.key ?? null]));
      return { scope, label, routes, key: digest.digest('hex') };
    });
}

/** The sections a scope's index holds (`getCompiled` gives a page's content sections). */
export function getScopeSections(scope: SearchScope, getCompiled: (key: string) => CompiledMarkdown): SearchSection[] {
  const sections: SearchSection[] = [];
  for (const route of scope.routes) {
    const slot = route.slots.main;
    if (slot) sections.push(...getSearchSections(route, getCompiled(slot.key).sections, sections.length));
  }
  return sections;
}

/**
 * A search index serialised as MiniSearch reads it in the browser (`MiniSearch.loadJSON`),
 * written directly: building MiniSearch's own tree only to serialise it was most of the cost.
 */
export function toSearchIndex(sections: readonly SearchSection[]): string {
  return toSearchIndexJson(sections, { ...SEARCH_INDEX_OPTIONS, tokenize: tokenizeForSearch });
}
