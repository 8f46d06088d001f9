import { createHash } from 'node:crypto';
import type { ContentSection, LocaleManifest, ManifestRoute } from '@docgen/types';
import { SEARCH_INDEX_OPTIONS, tokenizeForSearch } from '@docgen/shared/search';
import { toSearchIndexChunks } from './indexJson.js';

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

/** A page of a search index: the content (`CompiledMarkdown.key`) shown at a URL under a title. */
export interface SearchPage {
  path: string;
  title: string;
  key: string;
}

/** The search entries of a page: one per section of its content, with the page's title and URL. */
function getSearchSections(page: SearchPage, sections: readonly ContentSection[], startId: number): SearchSection[] {
  return sections.map((section, index) => ({
    id: startId + index,
    title: page.title,
    heading: section.heading,
    url: section.anchor ? `${page.path}#${section.anchor}` : page.path,
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
  pages: SearchPage[];
  /** Changes whenever the index's sections would: a hash of each page's URL, title and content key. */
  key: string;
}

/** The search indexes of one locale: one per docs version and one for the blog and pages. */
export function getSearchScopes(locale: LocaleManifest): SearchScope[] {
  const scopes = new Map<string, { label: string; pages: SearchPage[] }>();
  for (const version of locale.versions) scopes.set(`docs:${version.name}`, { label: version.label, pages: [] });
  scopes.set('blog', { label: locale.site.blog.title, pages: [] });
  for (const route of locale.routes) {
    const key = route.slots.main?.key;
    if (!isIndexed(route) || key === undefined) continue;
    const scope = route.data.type === 'doc' ? `docs:${route.data.versionName}` : 'blog';
    scopes.get(scope)?.pages.push({ path: route.path, title: route.data.title, key });
  }
  return [...scopes]
    .filter(([, { pages }]) => pages.length > 0)
    .map(([scope, { label, pages }]) => {
      const digest = createHash('sha256');
      for (const page of pages) digest.update(JSON.stringify([page.path, page.title, page.key]));
      return { scope, label, pages, key: digest.digest('hex') };
    });
}

/** A locale's search scopes (getSearchScopes), named in its site data as well: the search dialog offers them. */
export function addSearchScopes(locale: LocaleManifest): SearchScope[] {
  const scopes = getSearchScopes(locale);
  locale.site = { ...locale.site, search: { scopes: scopes.map(({ scope, label }) => ({ name: scope, label })) } };
  return scopes;
}

/** The sections a scope's index holds (`readSections` gives those of a content key). */
export function getScopeSections(pages: readonly SearchPage[], readSections: (key: string) => readonly ContentSection[]): SearchSection[] {
  const sections: SearchSection[] = [];
  for (const page of pages) sections.push(...getSearchSections(page, readSections(page.key), sections.length));
  return sections;
}

/**
 * A search index serialised as MiniSearch reads it in the browser (`MiniSearch.loadJSON`),
 * written directly: building MiniSearch's own tree only to serialise it was most of the cost.
 */
export function toSearchIndex(sections: readonly SearchSection[]): Iterable<Uint8Array> {
  return toSearchIndexChunks(sections, { ...SEARCH_INDEX_OPTIONS, tokenize: tokenizeForSearch });
}
