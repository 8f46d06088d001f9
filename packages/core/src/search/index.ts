import type { Element, Root as HastRoot, RootContent } from 'hast';
import MiniSearch from 'minisearch';
import type { LocaleManifest, ManifestRoute } from '@docgen/types';
import { SEARCH_INDEX_OPTIONS, tokenizeForSearch } from '@docgen/shared/search';

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

export interface SearchIndexFile {
  /** `docs:<version>` or `blog`. */
  scope: string;
  label: string;
  json: string;
  sectionCount: number;
}

/** Stored text per section is capped: enough for a snippet, bounded index size. */
const MAX_STORED_TEXT = 600;
const IDENTIFIER = /[A-Za-z_$][\w$]{2,}/g;

function textOf(node: RootContent | HastRoot): string {
  if (node.type === 'text') return node.value;
  if ('children' in node)
    return node.children
      .map((child) => textOf(child as RootContent))
      .join(node.type === 'element' && /^(p|li|td|th|div|h\d|pre|tr)$/.test(node.tagName) ? ' ' : '');
  return '';
}

/** Splits a page's content into sections at h2 and h3 headings. */
export function getSearchSections(route: ManifestRoute, startId: number): SearchSection[] {
  const hast = route.slots.main;
  if (!hast) return [];
  const sections: SearchSection[] = [];
  let current = { heading: '', anchor: '', text: [] as string[], code: new Set<string>() };
  const flush = () => {
    const text = current.text.join(' ').replace(/\s+/g, ' ').trim();
    if (text === '' && current.heading === '' && current.code.size === 0) return;
    sections.push({
      id: startId + sections.length,
      title: route.data.title,
      heading: current.heading,
      url: current.anchor ? `${route.path}#${current.anchor}` : route.path,
      text: text.length > MAX_STORED_TEXT ? `${text.slice(0, MAX_STORED_TEXT)}…` : text,
      code: [...current.code].join(' '),
    });
  };
  const visit = (nodes: RootContent[]) => {
    for (const node of nodes) {
      if (node.type !== 'element') {
        if (node.type === 'text') current.text.push(node.value);
        continue;
      }
      const element = node as Element;
      if ((element.tagName === 'h2' || element.tagName === 'h3') && typeof element.properties.id === 'string') {
        flush();
        current = { heading: textOf(element).trim(), anchor: element.properties.id, text: [], code: new Set() };
      } else if (element.tagName === 'pre') {
        for (const match of textOf(element).matchAll(IDENTIFIER)) current.code.add(match[0]);
      } else if (
        element.tagName === 'admonition' ||
        element.tagName === 'tabs' ||
        element.tagName === 'tab' ||
        element.tagName === 'div' ||
        element.tagName === 'section'
      ) {
        visit(element.children);
      } else {
        current.text.push(textOf(element));
        if (element.tagName === 'code') for (const match of textOf(element).matchAll(IDENTIFIER)) current.code.add(match[0]);
      }
    }
  };
  visit(hast.children);
  flush();
  return sections;
}

const isIndexed = (route: ManifestRoute) =>
  !route.data.noIndex &&
  !route.key.startsWith('version-root:') &&
  (route.data.type === 'doc' || route.data.type === 'blogPost' || route.data.type === 'markdownPage');

/**
 * Builds the search indexes of one locale: one per docs version and one for the blog and pages,
 * each a MiniSearch index serialised to JSON with a content-hashed file name.
 */
export function createSearchIndexes(locale: LocaleManifest): SearchIndexFile[] {
  const scopes = new Map<string, { label: string; routes: ManifestRoute[] }>();
  for (const version of locale.versions) scopes.set(`docs:${version.name}`, { label: version.label, routes: [] });
  scopes.set('blog', { label: locale.site.blog.title, routes: [] });
  for (const route of locale.routes) {
    if (!isIndexed(route)) continue;
    const scope = route.data.type === 'doc' ? `docs:${route.data.versionName}` : 'blog';
    scopes.get(scope)?.routes.push(route);
  }
  const files: SearchIndexFile[] = [];
  for (const [scope, { label, routes }] of scopes) {
    if (routes.length === 0) continue;
    const sections: SearchSection[] = [];
    for (const route of routes) sections.push(...getSearchSections(route, sections.length));
    const index = new MiniSearch<SearchSection>({
      ...SEARCH_INDEX_OPTIONS,
      fields: [...SEARCH_INDEX_OPTIONS.fields],
      storeFields: [...SEARCH_INDEX_OPTIONS.storeFields],
      tokenize: tokenizeForSearch,
    });
    index.addAll(sections);
    files.push({ scope, label, json: JSON.stringify(index), sectionCount: sections.length });
  }
  return files;
}
