import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { writeBlog } from './blog.js';
import { FILE_WORDS } from './corpus.js';
import { MARKDOWN, SITE_DATA, SITE_DATA_PATH, toPageFile, type PageFormat } from './mdxPages.js';
import { planBody, planPage, renderPage, type DocPage, type Locale } from './pages.js';
import { createRandom } from './random.js';
import type { ShapeName, SiteShape } from './siteShape.js';

/** A generated site: where it is, its pages and what the measurements use. */
export interface GeneratedSite {
  shape: ShapeName;
  siteDir: string;
  /** The site's locales, the default one first. */
  locales: readonly Locale[];
  /** Every doc page of every version, by index. */
  docs: DocPage[];
  /** Doc pages per version, `current` first. */
  versions: { name: string; pages: number }[];
  blogPosts: number;
  /** Folders with a `_category_.yaml`, all versions. */
  categories: number;
  /** Folders whose overview page is an `index.md`, all versions. */
  indexPages: number;
  /** A typical page deep in the current version (in a leaf folder): the page whose size and JavaScript are measured. */
  samplePage: DocPage;
  /** The page the rebuild and `serve --watch` measurements edit (the page after the sample page). */
  editPage: DocPage;
}

/**
 * The index of a page that sits in a leaf folder of the current version in a site of each of
 * `pageCounts` pages of `shape` (the first page past every size's overview pages), so that one
 * page can be compared across sizes.
 */
export function getSamplePageIndex(shape: SiteShape, pageCounts: readonly number[]): number {
  return Math.max(...pageCounts.map((count) => shape.folderTree(shape.versions(count)[0]!.count).firstLeafPage));
}

/**
 * Writes a synthetic site of `shape` with `pageCount` doc pages into `siteDir` (replacing it):
 * folders with `_category_.yaml`, sidebars, pages, translations, blog posts, config. The page
 * `sampleIndex` (see getSamplePageIndex) is the sample page. Deterministic: the same shape and
 * count always write the same files, and every link and anchor resolves, so the build prints no
 * warning. `format` writes the doc pages as `.mdx` (the mdx case, see mdxPages.ts); blog posts stay `.md`.
 */
export function generateSite(
  siteDir: string,
  shape: SiteShape,
  pageCount: number,
  sampleIndex: number,
  format: PageFormat = MARKDOWN,
): GeneratedSite {
  rmSync(siteDir, { recursive: true, force: true });
  mkdirSync(siteDir, { recursive: true });
  const write = (path: string, text: string) => {
    const full = join(siteDir, path);
    mkdirSync(dirname(full), { recursive: true });
    writeFileSync(full, text);
  };

  const versions = shape.versions(pageCount);
  const docs: DocPage[] = [];
  let categories = 0;
  let indexPages = 0;
  let first = 0;
  for (const version of versions) {
    const { folders, placeFolder, firstLeafPage } = shape.folderTree(version.count);
    for (const folder of folders) {
      write(`${version.docsDir}/${folder.path}/_category_.yaml`, shape.toCategoryYaml(folder));
      categories++;
    }
    const filled = new Map<string, number>();
    for (let k = 0; k < version.count; k++) {
      const index = first + k;
      const folder = placeFolder(k);
      const position = (filled.get(folder.path) ?? 0) + 1;
      filled.set(folder.path, position);
      const isIndex = k < firstLeafPage && shape.hasIndexPage(folder);
      if (isIndex) indexPages++;
      const fileName = isIndex ? `index.${format.extension}` : `${FILE_WORDS[index % FILE_WORDS.length]}-${index}.${format.extension}`;
      docs.push(planPage(index, version, `${folder.path}/${fileName}`, position, shape.translatedShare));
    }
    write(version.sidebarsPath, shape.sidebarsYaml);
    first += version.count;
  }

  const byVersion = groupBy(docs, (page) => page.version);
  const byFolder = groupBy(docs, (page) => `${page.version}/${posix.dirname(page.relativePath)}`);
  for (const page of docs) {
    const random = createRandom('body', page.index);
    const plan = planBody(page, byVersion.get(page.version)!, byFolder.get(`${page.version}/${posix.dirname(page.relativePath)}`)!, random);
    write(page.sitePath, toPageFile(renderPage(page, plan, 'ko'), page, format));
    if (page.translated) write(`i18n/en/docs/current/${page.relativePath}`, toPageFile(renderPage(page, plan, 'en'), page, format));
  }
  if (format.featurePages) write(SITE_DATA_PATH, `${JSON.stringify(SITE_DATA, null, 2)}\n`);

  const blogPosts = writeBlog(write, docs);
  for (const [path, text] of Object.entries(shape.siteFiles(docs))) write(path, text);
  write(
    'static/img/logo.svg',
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#1f4fd1"/></svg>\n',
  );

  const samplePage = docs[sampleIndex];
  const editPage = docs[sampleIndex + 1];
  const inLeaf = (page: DocPage | undefined) => page?.version === 'current' && page.relativePath.split('/').length === 4;
  if (!inLeaf(samplePage) || !inLeaf(editPage)) {
    throw new Error(
      `A ${shape.name} site of ${pageCount} pages is too small: page ${sampleIndex} is not in a leaf folder of the current version`,
    );
  }
  return {
    shape: shape.name,
    siteDir,
    locales: shape.locales,
    docs,
    versions: versions.map(({ name, count }) => ({ name, pages: count })),
    blogPosts,
    categories,
    indexPages,
    samplePage: samplePage!,
    editPage: editPage!,
  };
}

function groupBy<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const name = key(item);
    const group = groups.get(name);
    if (group) group.push(item);
    else groups.set(name, [item]);
  }
  return groups;
}
