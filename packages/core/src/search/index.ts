import type { ContentSection, SearchPage } from '@docgen/types';
import {
  getDetailFileName,
  getShardFileName,
  SEARCH_FILES_DIR,
  SEARCH_FORMAT,
  SEARCH_ISLAND_MARK,
  type SearchManifest,
} from '@docgen/shared/search';
import { toSearchShards } from './shards.js';

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

/** The text a site component shows, rendered with its props (see SEARCH_ISLAND_MARK). */
export type IslandText = (island: NonNullable<ContentSection['islands']>[number]) => string;

/** The search entries of a page: one per section of its content, with the page's title and URL. */
function getSearchSections(
  page: SearchPage,
  sections: readonly ContentSection[],
  startId: number,
  islandText?: IslandText,
): SearchSection[] {
  return sections.map((section, index) => ({
    id: startId + index,
    title: page.title,
    heading: section.heading,
    url: section.anchor ? `${page.path}#${section.anchor}` : page.path,
    text: getSectionText(section, islandText),
    code: section.code,
  }));
}

/** A section's text with the text of each site component it shows in place of its mark (none when `islandText` is absent). */
export function getSectionText(section: ContentSection, islandText: IslandText | undefined): string {
  if (!section.text.includes(SEARCH_ISLAND_MARK)) return section.text;
  let index = 0;
  const text = section.text.replaceAll(SEARCH_ISLAND_MARK, () => {
    const island = section.islands?.[index++];
    return island && islandText ? islandText(island) : '';
  });
  return text.replace(/\s+/g, ' ').trim();
}

/** The text of HTML as a reader sees it (what React's renderToString writes: tags, comments and its five escapes). */
export function getHtmlText(html: string): string {
  return html
    .replace(/<(script|style)\b[^>]*>[^]*?<\/\1>/gi, ' ')
    .replace(/<!--[^]*?-->/g, '')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(amp|lt|gt|quot|#x27|#39|nbsp);/g, (_match, name: string) => HTML_ESCAPES[name]!)
    .replace(/\s+/g, ' ')
    .trim();
}

const HTML_ESCAPES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#x27': "'", '#39': "'", nbsp: ' ' };

/**
 * The sections a scope's index holds (`readSections` gives those of a content key), with the text
 * of the site components they show when `islandText` renders it.
 */
export function getScopeSections(
  pages: readonly SearchPage[],
  readSections: (key: string) => readonly ContentSection[],
  islandText?: IslandText,
): SearchSection[] {
  const sections: SearchSection[] = [];
  for (const page of pages) sections.push(...getSearchSections(page, readSections(page.key), sections.length, islandText));
  return sections;
}

/**
 * The files of a scope's sharded index (see shards.ts): the manifest's JSON, written at the
 * scope's index path, and its shards and detail chunks, by path in the output folder.
 */
export function toShardedSearchIndex(sections: readonly SearchSection[]): {
  manifest: string;
  files: { path: string; contents: string }[];
} {
  const { manifest, files } = toSearchShards(sections);
  return {
    manifest: JSON.stringify(manifest),
    files: files.map(({ name, contents }) => ({ path: `${SEARCH_FILES_DIR}/${name}`, contents })),
  };
}

/**
 * The files a manifest names, by path in the output folder (a reused index keeps them); undefined
 * for a file that is not a manifest of this format (an index of an older docgen: write it again).
 */
export function getManifestFiles(manifestJson: string): string[] | undefined {
  let manifest: Partial<SearchManifest>;
  try {
    manifest = JSON.parse(manifestJson) as Partial<SearchManifest>;
  } catch {
    return undefined;
  }
  if (
    manifest.format !== SEARCH_FORMAT ||
    typeof manifest.files !== 'string' ||
    !Array.isArray(manifest.shards) ||
    typeof manifest.details !== 'number'
  ) {
    return undefined;
  }
  const names = [
    ...manifest.shards.map((_, index) => getShardFileName(manifest.files!, index)),
    ...Array.from({ length: manifest.details }, (_, index) => getDetailFileName(manifest.files!, index)),
  ];
  return names.map((name) => `${SEARCH_FILES_DIR}/${name}`);
}
