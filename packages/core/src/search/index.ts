import type { ContentSection, SearchPage } from '@docgen/types';
import { decodeHtmlEntities } from '@docgen/shared/htmlEntities';
import {
  getSearchFileName,
  getSearchPackName,
  SEARCH_FILES_DIR,
  SEARCH_FORMAT,
  SEARCH_ISLAND_MARK,
  type SearchDirectory,
  type SearchManifest,
} from '@docgen/shared/search';
import { toSearchShards, updateSearchShards, type SearchTable, type ShardPage } from './shards.js';

export {
  getSearchStatePath,
  hasSearchState,
  readSearchCodeKey,
  readSearchState,
  removeOtherSearchStates,
  writeSearchState,
} from './searchState.js';
export { readsOnly, type SearchTable } from './shards.js';

/** The text a site component shows, rendered with its props (see SEARCH_ISLAND_MARK). */
export type IslandText = (island: NonNullable<ContentSection['islands']>[number]) => string;

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
  const text = html
    .replace(/<(script|style)\b[^>]*>[^]*?<\/\1>/gi, ' ')
    .replace(/<!--[^]*?-->/g, '')
    .replace(/<[^>]*>/g, ' ');
  return decodeHtmlEntities(text).replace(/\s+/g, ' ').trim();
}

/**
 * The pages a scope's index holds, with their sections (`readSections` gives those of a content
 * key): one per h2 or h3 (and the page's opening), with the text of the site components they show
 * when `islandText` renders it.
 */
export function getScopePages(
  pages: readonly SearchPage[],
  readSections: (key: string) => readonly ContentSection[],
  islandText?: IslandText,
): ShardPage[] {
  return pages.map((page) => ({
    title: page.title,
    path: page.path,
    sections: readSections(page.key).map((section) => ({
      heading: section.heading,
      anchor: section.anchor,
      text: getSectionText(section, islandText),
      code: section.code,
    })),
  }));
}

/**
 * A scope's index as a build writes it (see shards.ts): the manifest's JSON, written at the
 * scope's index path, and its shards, packs of detail chunks and directories, by path in the output folder;
 * `salt` (the manifest's path) keeps the names of two scopes' files apart, so that no scope's files
 * are another's to keep or remove. Updated from the table of the scope's last index
 * (`readPrevious`, see updateSearchShards) when there is one for the same pages, else made from every
 * page. Only the changed pages' sections are read then (`readSections`, by content key). A
 * file with no contents is one the output holds already (`has`, by path): it is kept as it is.
 * The table for the next update comes with them.
 */
export function writeScopeIndex(input: {
  pages: readonly SearchPage[];
  readSections: (key: string) => readonly ContentSection[];
  islandText?: IslandText;
  salt: string;
  /** The table of the scope's last index, if one is kept. */
  readPrevious?: () => SearchTable | undefined;
  has: (path: string) => boolean;
  /** The bytes of a file the output holds already (see `has`), if it can be read. */
  read?: (path: string) => Uint8Array | undefined;
}): { manifest: string; files: { path: string; contents?: string | Uint8Array }[]; table: SearchTable } {
  const { pages, readSections, islandText, salt } = input;
  const has = (name: string) => input.has(toSearchFilePath(name));
  const read = input.read && ((name: string) => input.read!(toSearchFilePath(name)));
  const readPage = (index: number) => getScopePages([pages[index]!], readSections, islandText)[0]!;
  // The table is read, and let go, in a call of its own: an index made anew does not hold it meanwhile.
  const updated = (() => {
    const previous = input.readPrevious?.();
    return previous && updateSearchShards(previous, pages, readPage, { salt, has, read });
  })();
  const index =
    updated ??
    toSearchShards(
      getScopePages(pages, readSections, islandText),
      salt,
      pages.map((page) => page.key),
    );
  return {
    manifest: JSON.stringify(index.manifest),
    files: index.files.map(({ name, contents }) => ({ path: toSearchFilePath(name), contents })),
    table: index.table,
  };
}

/** The path in the output folder of a search file, by file name. */
const toSearchFilePath = (name: string) => `${SEARCH_FILES_DIR}/${name}`;

/**
 * The files of the index a manifest heads, by path in the output folder: its shards and
 * directories, and the packs the directories name (`read` reads a file of the output, or
 * throws). Undefined for a file that is not a manifest of this format (an index of an older
 * docgen), or one whose directory cannot be read: write it again.
 */
export function getIndexFiles(manifestJson: string, read: (path: string) => string): string[] | undefined {
  const manifest = parseJson(manifestJson) as Partial<SearchManifest> | undefined;
  if (
    manifest?.format !== SEARCH_FORMAT ||
    !Array.isArray(manifest.shardFiles) ||
    !Array.isArray(manifest.directories) ||
    !manifest.shardFiles.every((name) => typeof name === 'string')
  ) {
    return undefined;
  }
  const files = manifest.shardFiles.map((hash) => toSearchFilePath(getSearchFileName(hash)));
  for (const directory of manifest.directories) {
    const path = toSearchFilePath(getSearchFileName(String(directory)));
    let parsed: Partial<SearchDirectory> | undefined;
    try {
      parsed = parseJson(read(path)) as Partial<SearchDirectory> | undefined;
    } catch {
      return undefined;
    }
    if (typeof parsed?.pack !== 'string') return undefined;
    files.push(path, toSearchFilePath(getSearchPackName(parsed.pack)));
  }
  return files;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
