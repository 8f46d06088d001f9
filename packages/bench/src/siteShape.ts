import type { Folder, FolderTree } from './folderTree.js';
import type { DocPage, Locale } from './pages.js';

/** The site shapes the bench generates: docs-content's (`docgen`) and Docusaurus's defaults (`docusaurus`). */
export const SHAPE_NAMES = ['docgen', 'docusaurus'] as const;

/** The name of a site shape, as `--shape` takes it. */
export type ShapeName = (typeof SHAPE_NAMES)[number];

/** A docs version of a synthetic site and the number of its pages. */
export interface DocsVersion {
  /** `current` or the name of a frozen version. */
  name: string;
  /** The version's docs folder, relative to the site folder. */
  docsDir: string;
  /** URL path of the version's docs, ending in `/`. */
  routeBase: string;
  /** Its sidebars file, relative to the site folder. */
  sidebarsPath: string;
  /** How many of the site's doc pages it holds. */
  count: number;
}

/**
 * What a site shape decides; generateSite writes the pages (the same page generator for every
 * shape) into the folders, versions and locales the shape lays out.
 */
export interface SiteShape {
  name: ShapeName;
  /** One line on the shape, for the log and the JSON results. */
  description: string;
  /** Locales of the site, the default one (`ko`) first. */
  locales: readonly Locale[];
  /** Share of the current version's pages translated into English (0 with one locale). */
  translatedShare: number;
  /** The versions of a site of `pageCount` doc pages, `current` first; their counts add up to `pageCount`. */
  versions(pageCount: number): DocsVersion[];
  /** The folder tree of a version of `pageCount` pages. */
  folderTree(pageCount: number): FolderTree;
  /** Whether the folder's overview page (the first page placed in it) is its `index.md`. */
  hasIndexPage(folder: Folder): boolean;
  /** The folder's `_category_.yaml`. */
  toCategoryYaml(folder: Folder): string;
  /** The sidebars file of every version. */
  sidebarsYaml: string;
  /** The rest of the site's files (config, versions.json, translations of labels) by site-relative path. */
  siteFiles(docs: readonly DocPage[]): Record<string, string>;
}

/** The overview pages of the current version's top folders (one each, directly in the folder), in order. */
export function getTopPages(docs: readonly DocPage[]): DocPage[] {
  return docs.filter((page) => page.version === 'current' && page.relativePath.split('/').length === 2);
}
