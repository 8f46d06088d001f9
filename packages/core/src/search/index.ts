import type { ContentSection, SearchPage } from '@docgen/types';
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
