import { existsSync, readFileSync, statSync, type Stats } from 'node:fs';
import { createRequire } from 'node:module';
import { join, posix } from 'node:path';
import * as z from '../vendor/zod.js';
import type {
  BlogAuthorSource,
  Diagnostic,
  BlogTagSource,
  CategoryMetadata,
  DocsConfig,
  SiteConfig,
  SiteContent,
  SiteTranslations,
  SourceBlogPost,
  SourceDoc,
  SourceLocation,
  SourceMarkdown,
  SourcePage,
  SourceVersion,
} from '@docgen/types';
import { getOtherMarkdownPath } from '@docgen/shared';
import { DocgenError } from '../diagnostics/index.js';
import {
  DEFAULT_DOCS_ID,
  describeSkippedLink,
  describeUnreadableFolders,
  FILE_REQUIRE,
  type FolderKind,
  getDocsInstances,
  getFilePathProblem,
  getImportedFileKind,
  getInstanceFiles,
  getLocaleDir,
  getRootImportCandidates,
  getSlugProblem,
  getVersionNames,
  parseLoaderImport,
  MODULE_IMPORT,
  MODULE_SUFFIXES,
  readBlogFileName,
  readsAsMdx,
  resolveSitePath,
  ROUTE_PATH_HINT,
  type SkippedLink,
  type UnreadableFolder,
} from '../files/index.js';
import { parseYamlFile } from '../yaml/index.js';
import { blogFrontMatterSchema, docFrontMatterSchema, pageFrontMatterSchema, parseFrontMatter } from './frontMatter.js';
import { parseCategoryFile, parseSidebarsFile } from './sidebarsFile.js';
import { readSourceFile, toSitePath } from './sourceFile.js';
import { extendSource, readMarkdownSource, type CheckedMarkdown } from './unchangedSources.js';
import { isPageModule, isReactPage, toReactPageSource } from './reactPages.js';
import type { GitHistories } from './gitHistories.js';
import type { GitLastUpdates } from './gitLastUpdates.js';
import { ContentCache } from './contentCache.js';
import { toAuthorSocials } from './authorSocials.js';
import type { FrontMatterMemo } from './frontMatterMemo.js';

/**
 * Markdown sources: `.md` and `.mdx` files not starting with `_` (partials, which MDX files import
 * and inline); `.mdx` is compiled as MDX. Folders starting with `_` or `.` and `node_modules` are
 * never listed (see FolderKind).
 */
const isMarkdownSource = (relativePath: string) => /\.mdx?$/.test(relativePath) && !posix.basename(relativePath).startsWith('_');
/** `_category_.yaml`, `.yml` or `.json` (JSON is YAML, so one parser reads all three with locations). */
const isCategoryFile = (relativePath: string) => /^_category_\.(ya?ml|json)$/.test(posix.basename(relativePath));

/**
 * The component pages of a site (`pages/**\/*.tsx`, `.jsx`) that are not React pages written for
 * Docusaurus (isReactPage), site-relative path -> absolute path: what the theme bundle holds
 * besides the theme. Found without reading the rest of the content, so that bundling can start first.
 */
export function findComponentPages(siteDir: string, cache = new ContentCache()): Record<string, string> {
  const pagesDir = join(siteDir, 'pages');
  return Object.fromEntries(
    cache
      .list(siteDir, pagesDir, 'content')
      .files.filter(
        (relativePath) => isPageModule(relativePath) && !isReactPage(relativePath, readFileSync(join(pagesDir, relativePath), 'utf8')),
      )
      .map((relativePath) => [posix.join('pages', relativePath), join(pagesDir, relativePath)]),
  );
}

/**
 * Reads every source of the site: docs of each version and locale, blog, pages, translations.
 * `cache` holds what earlier reads parsed (the dev server's, told of every change); a fresh one
 * still saves parsing a default-locale file again for each locale that falls back to it.
 */
export function readSiteContent(
  siteDir: string,
  config: SiteConfig,
  cache = new ContentCache(),
  memo?: FrontMatterMemo,
  options: {
    /** What git says of the site's files (readGitLastUpdates), when the config shows last updates. */
    git?: GitLastUpdates;
    /** The files' histories (readGitHistories), for translation statuses. */
    histories?: GitHistories;
    /** Stats of the site's files taken just before, by absolute path (see readMarkdownSource). */
    fileStats?: ReadonlyMap<string, Stats>;
    /** Docs the pool's threads read, by absolute path (see listUnreadDocs, checkPreReadDoc). */
    preRead?: ReadonlyMap<string, CheckedMarkdown>;
  } = {},
): SiteContent {
  const locales = config.i18n.locales;
  const reader: Reader = {
    siteDir,
    config,
    cache,
    memo,
    fileStats: options.fileStats,
    preRead: options.preRead,
    skipped: new Map(),
    unreadable: new Map(),
    fileWarnings: new Map(),
  };
  const staticDir = join(siteDir, 'static');
  const content: Omit<SiteContent, 'diagnostics'> = {
    versions: readVersions(reader),
    blogPosts: locales.flatMap((locale) => readBlogPosts(reader, locale)),
    authors: Object.fromEntries(locales.map((locale) => [locale, readAuthors(reader, locale)])),
    tags: Object.fromEntries(locales.map((locale) => [locale, readTags(reader, locale)])),
    pages: locales.flatMap((locale) => readPages(reader, locale)),
    translations: Object.fromEntries(locales.map((locale) => [locale, readTranslations(reader, locale)])),
    staticDir: exists(reader, staticDir) ? staticDir : undefined,
    staticFiles: listFiles(reader, 'static', 'static').map((path) => `/${path}`),
  };
  const diagnostics = [...reader.skipped.values()].map((skipped): Diagnostic => {
    return { severity: 'warning', code: 'symlink-skipped', ...describeSkippedLink(siteDir, skipped) };
  });
  for (const described of describeUnreadableFolders(siteDir, [...reader.unreadable.values()])) {
    diagnostics.push({ severity: 'warning', code: 'folder-unreadable', ...described });
  }
  diagnostics.push(...[...reader.fileWarnings.values()].flat());
  const { git, histories } = options;
  if (histories?.warning) diagnostics.push(histories.warning);
  const withHistories = histories ? { ...content, histories: histories.files } : content;
  if (git && showsLastUpdates(config)) {
    if (git.warning) diagnostics.push(git.warning);
    return { ...withHistories, lastUpdates: git.files, diagnostics };
  }
  return { ...withHistories, diagnostics };
}

/**
 * A doc's source as readSiteContent reads it (through `cache`, which then holds it for that
 * reading), without the fields it adds by where the doc is (version, locale): for the dev server's
 * render ahead of a saved doc (see canRenderAheadOfReading). Its warnings are reported by the
 * reading of the whole content that follows.
 */
export function readDocSource(
  input: { siteDir: string; config: SiteConfig; cache: ContentCache; memo: FrontMatterMemo | undefined },
  absolutePath: string,
): SourceMarkdown<unknown> {
  return readMarkdown(newReader(input), absolutePath, 'doc', docFrontMatterSchema);
}

/** Whether docs or posts show when they last changed (and so git is read). */
export function showsLastUpdates(config: SiteConfig): boolean {
  const { docs, blog } = config;
  return docs.showLastUpdateTime || docs.showLastUpdateAuthor || blog.showLastUpdateTime || blog.showLastUpdateAuthor;
}

/**
 * The docs a reading of the content would read from their files, not from `memo` (which knows no
 * reading of them), by absolute path, each once: of every instance, version and locale, but MDX
 * files (read on the main thread with what they import). What a dev server's threads can read for
 * it (`preRead` of readSiteContent, see preReadDocs). What the reading would refuse (a missing folder, a path that
 * can't become a URL) is left out: the reading reports it.
 */
export function listUnreadDocs(input: { siteDir: string; config: SiteConfig; cache: ContentCache; memo: FrontMatterMemo }): string[] {
  const { siteDir, config, cache, memo } = input;
  const reader = newReader({ siteDir, config, cache, memo: undefined });
  const paths = new Set<string>();
  for (const docs of getDocsInstances(config)) {
    for (const name of getVersionNames(docs)) {
      const docsDir = getDocsDir(docs, name);
      if (!cache.find(siteDir, join(siteDir, docsDir)).exists) continue;
      let sources: { absolutePath: string }[];
      try {
        sources = listVersionDocs(reader, docs, name, docsDir);
      } catch {
        continue; // Reported by the reading.
      }
      for (const { absolutePath } of sources) {
        if (!readsAsMdx(absolutePath, config.markdown.format) && !memo.hasFile('doc', toSitePath(siteDir, absolutePath)))
          paths.add(absolutePath);
      }
    }
  }
  return [...paths];
}

/** A reader of one reading of the content (or of one doc: readDocSource). */
function newReader(input: { siteDir: string; config: SiteConfig; cache: ContentCache; memo: FrontMatterMemo | undefined }): Reader {
  return { ...input, fileStats: undefined, preRead: undefined, skipped: new Map(), unreadable: new Map(), fileWarnings: new Map() };
}

interface Reader {
  siteDir: string;
  config: SiteConfig;
  cache: ContentCache;
  /** Front matter checked by earlier runs (see FrontMatterMemo). */
  memo: FrontMatterMemo | undefined;
  fileStats: ReadonlyMap<string, Stats> | undefined;
  preRead: ReadonlyMap<string, CheckedMarkdown> | undefined;
  /** Links skipped while reading, by where they really are: each is reported once, however often and through whatever path it was met. */
  skipped: Map<string, SkippedLink>;
  /** Folders that could not be read, by path: reported in one warning per reason. */
  unreadable: Map<string, UnreadableFolder>;
  /** Unknown front matter keys and MDX features of each file read, by site path: each file is reported once, whatever the locales that fall back to it. */
  fileWarnings: Map<string, Diagnostic[]>;
}

/** Files below a site-relative folder under the symlink rule; the links skipped are recorded for the report. */
function listFiles(reader: Reader, dir: string, kind: FolderKind): readonly string[] {
  const listing = reader.cache.list(reader.siteDir, join(reader.siteDir, dir), kind);
  for (const skipped of listing.skipped) recordSkipped(reader, skipped);
  for (const folder of listing.unreadable) reader.unreadable.set(folder.path, folder);
  return listing.files;
}

function recordSkipped(reader: Reader, skipped: SkippedLink): void {
  if (!reader.skipped.has(skipped.realLink)) reader.skipped.set(skipped.realLink, skipped);
}

function exists(reader: Reader, absolutePath: string): boolean {
  const found = reader.cache.find(reader.siteDir, absolutePath);
  if (found.skipped) recordSkipped(reader, found.skipped);
  return found.exists;
}

/**
 * The file a locale reads for a markdown source of the default locale's folder (`dir`): its
 * translation in `translationDir` when the locale has one (written `.md` or `.mdx`, whichever
 * the source is: getOtherMarkdownPath), else the source itself, as a fallback of another locale.
 * The default locale (no `translationDir`) reads the source.
 */
function pickSource(
  siteDir: string,
  relativePath: string,
  dir: string,
  translationDir: string | undefined,
  translations: ReadonlySet<string>,
): { absolutePath: string; isFallback: boolean } {
  if (translationDir === undefined) return { absolutePath: join(siteDir, dir, relativePath), isFallback: false };
  const other = getOtherMarkdownPath(relativePath);
  const translated = translations.has(relativePath) ? relativePath : other !== undefined && translations.has(other) ? other : undefined;
  return translated === undefined
    ? { absolutePath: join(siteDir, dir, relativePath), isFallback: true }
    : { absolutePath: join(siteDir, translationDir, translated), isFallback: false };
}

/** Content files whose folders and name become a route: only those that can (see routePaths.ts). */
function listRouteFiles(reader: Reader, dir: string, accept: (relativePath: string) => boolean): string[] {
  const files = listFiles(reader, dir, 'content').filter(accept);
  for (const relativePath of files) {
    const problem = getFilePathProblem(relativePath);
    if (problem) {
      throw new DocgenError(`The path of ${posix.join(dir, relativePath)} can't become a URL: it ${problem}`, {
        code: 'route-path',
        location: { file: posix.join(dir, relativePath), line: 1, column: 1 },
        hint: `Rename the file. ${ROUTE_PATH_HINT}`,
      });
    }
  }
  return files;
}

/** A markdown file split into front matter (checked against `schema`) and body. */
function readMarkdown<Schema extends z.ZodType>(reader: Reader, absolutePath: string, kind: string, schema: Schema) {
  const { siteDir, cache } = reader;
  const memo = reader.memo && { memo: reader.memo, kind };
  const mdx = readsAsMdx(absolutePath, reader.config.markdown.format);
  const markdown = cache.read(absolutePath, mdx ? `${kind}:mdx` : kind, () =>
    reader.memo && !mdx
      ? readMarkdownSource(reader.memo, siteDir, absolutePath, kind, schema, reader.fileStats, reader.preRead?.get(absolutePath))
      : parseFrontMatter(readSourceFile(siteDir, absolutePath), schema, memo, mdx),
  );
  const { sitePath } = markdown.file;
  if (!reader.fileWarnings.has(sitePath)) reader.fileWarnings.set(sitePath, markdown.warnings ?? []);
  // Read on every read, not cached with the file: a partial may change while the file does not.
  if (mdx) return { ...markdown, mdx: true, ...readMdxImports(siteDir, absolutePath, markdown.body) };
  return markdown;
}

const partialFrontMatter = z.looseObject({});

/**
 * What an MDX body imports from files of the site, and what those partials import: the `.md`/`.mdx`
 * partials by site path, with their bodies without front matter, the site's component modules
 * by the site path as imported to the file's site path, and the other files it imports or requires
 * (images, PDFs: their import is their URL) that exist, by site path. An import that names no file
 * of the site is left out (compiling reports it at its line); a path outside the site is never read.
 */
function readMdxImports(
  siteDir: string,
  absolutePath: string,
  body: string,
): Pick<SourceMarkdown<unknown>, 'partials' | 'modules' | 'files' | 'packages' | 'texts'> {
  const partials: Record<string, { body: string; bodyLine: number }> = {};
  const modules: Record<string, string> = {};
  const files = new Set<string>();
  const packages = new Set<string>();
  const texts: Record<string, string> = {};
  const isFile = (path: string) => existsSync(path) && statSync(path).isFile();
  const pending = [{ importer: toSitePath(siteDir, absolutePath), body }];
  while (pending.length > 0) {
    const { importer, body: text } = pending.pop()!;
    if (!text.includes('import') && !text.includes('require')) continue;
    for (const match of text.matchAll(FILE_REQUIRE)) {
      // `/static/video.mp4` (QuestDB's) is a file of the site or of its static folder, as webpack resolves it.
      const written =
        resolveSitePath(importer, match[1]!) ?? getRootImportCandidates(match[1]!).find((path) => isFile(join(siteDir, path)));
      if (written !== undefined && getImportedFileKind(written) === 'file' && isFile(join(siteDir, written))) files.add(written);
    }
    for (const match of text.matchAll(MODULE_IMPORT)) {
      // A string literal's escapes (`./\_snippets/a.txt`, written so in a .md file) read as JavaScript reads them.
      const specifier = match[1]!.replace(/\\(.)/g, '$1');
      // A webpack loader's import (`!!raw-loader!./Example.java`, `./Example.java?raw`): the file's text, which compiling gives the page.
      const loaded = parseLoaderImport(specifier);
      if (loaded) {
        const path = resolveSitePath(importer, loaded.path);
        // Resolved as webpack resolves it: `!!raw-loader!@site/src/examples/Button` is Button.tsx.
        const found =
          path === undefined
            ? undefined
            : MODULE_SUFFIXES.map((suffix) => path + suffix).find((candidate) => isFile(join(siteDir, candidate)));
        if (path !== undefined && found !== undefined) texts[path] = readFileSync(join(siteDir, found), 'utf8');
        continue;
      }
      const written = resolveSitePath(importer, specifier);
      if (written === undefined) {
        // `/img/x.png`, `/data/team.json`: a file of the site or of its static folder, as webpack resolves it.
        const rooted = getRootImportCandidates(specifier).find((path) => isFile(join(siteDir, path)));
        const rootedKind = rooted === undefined ? undefined : getImportedFileKind(rooted);
        if (rootedKind === 'file') files.add(rooted!);
        else if (rootedKind === 'module' || rootedKind === 'data') modules[rooted!] = rooted!;
        else if (!/^(\.{1,2}\/|@site\/|[a-z]+:)/.test(specifier)) {
          // A package's stylesheet (`react-lite-youtube-embed/dist/LiteYouTubeEmbed.css`) is shown with the page, as the
          // site's own are: its text is read from the site's node_modules, and it is named by its file there.
          const stylesheet = getImportedFileKind(specifier) === 'stylesheet' ? findPackageFile(siteDir, specifier) : undefined;
          if (stylesheet === undefined) packages.add(specifier);
          else {
            modules[specifier] = stylesheet;
            texts[stylesheet] = readFileSync(join(siteDir, stylesheet), 'utf8');
          }
        }
        continue;
      }
      const target = join(siteDir, written);
      if (getImportedFileKind(written) !== 'partial') {
        if (getImportedFileKind(written) === 'file' && isFile(target)) {
          files.add(written);
          continue;
        }
        // A stylesheet is shown with the page that imports it: its text is compiled with the page.
        if (getImportedFileKind(written) === 'stylesheet') {
          if (isFile(target)) texts[written] = readFileSync(target, 'utf8');
          continue;
        }
        // `./Chart.client` is the module Chart.client.tsx.
        const found = MODULE_SUFFIXES.map((suffix) => target + suffix).find(isFile);
        if (found && /\.([cm]?[jt]sx?|json)$/.test(found)) modules[written] = toSitePath(siteDir, found);
        continue;
      }
      if (Object.hasOwn(partials, written) || !existsSync(target)) continue;
      const partial = parseFrontMatter(readSourceFile(siteDir, target), partialFrontMatter);
      partials[written] = { body: partial.body, bodyLine: partial.bodyLine };
      // A partial is a program of its own (`.md` too, as Docusaurus reads the files an MDX page imports): its imports count.
      pending.push({ importer: written, body: partial.body });
    }
  }
  // An SVG an MDX page imports is also a component that draws it (Docusaurus's SVGR): its markup is read.
  for (const file of files) if (file.endsWith('.svg')) texts[file] = readFileSync(join(siteDir, file), 'utf8');
  return { partials, modules, files: [...files].sort(), packages: [...packages].sort(), texts };
}

/** The site path of a package's file as the site's node_modules give it (`exports` followed), if it is in the site folder. */
function findPackageFile(siteDir: string, specifier: string): string | undefined {
  try {
    const found = createRequire(join(siteDir, 'package.json')).resolve(specifier);
    const sitePath = toSitePath(siteDir, found);
    return sitePath.startsWith('../') || posix.isAbsolute(sitePath) ? undefined : sitePath;
  } catch {
    return undefined;
  }
}

function readVersions(reader: Reader): SourceVersion[] {
  return getDocsInstances(reader.config).flatMap((docs) => getVersionNames(docs).map((name) => readVersion(reader, docs, name)));
}

/** The docs of one version of an instance in every locale, its sidebars, categories and tags. */
function readVersion(reader: Reader, docs: DocsConfig, name: string): SourceVersion {
  const { siteDir, config, cache } = reader;
  const files = getInstanceFiles(docs.id);
  const docsDir = getDocsDir(docs, name);
  const sidebarsPath = name === 'current' ? docs.sidebarPath : files.versionedSidebarsPath(name);
  const of = docs.id === DEFAULT_DOCS_ID ? `version "${name}"` : `version "${name}" of docs instance "${docs.id}"`;
  const found = cache.find(siteDir, join(siteDir, docsDir));
  if (found.skipped) {
    const { message, hint } = describeSkippedLink(siteDir, found.skipped);
    throw new DocgenError(`The docs folder of ${of} can't be read. ${message}`, {
      code: 'version-missing',
      location: { file: name === 'current' ? 'docgen.config.yaml' : files.versionsFile, line: 1, column: 1 },
      hint,
    });
  }
  if (!found.exists) {
    throw new DocgenError(`The docs folder of ${of} is missing: ${docsDir}`, {
      code: 'version-missing',
      location: { file: name === 'current' ? 'docgen.config.yaml' : files.versionsFile, line: 1, column: 1 },
      hint:
        name === 'current'
          ? `Create ${docsDir}/ or set includeCurrentVersion: false${docs.id === DEFAULT_DOCS_ID ? ' under docs' : ` in docs instance "${docs.id}"`}.`
          : `Restore ${docsDir}/ or remove "${name}" from ${files.versionsFile}.`,
    });
  }
  const docsOfAllLocales = listVersionDocs(reader, docs, name, docsDir).map(({ absolutePath, ...where }): SourceDoc => {
    const markdown = readMarkdown(reader, absolutePath, 'doc', docFrontMatterSchema);
    return extendSource(markdown, { versionName: name, ...where });
  });
  const categories: Record<string, CategoryMetadata> = {};
  for (const path of listFiles(reader, docsDir, 'content').filter(isCategoryFile)) {
    const absolutePath = join(siteDir, docsDir, path);
    categories[posix.dirname(path)] = cache.read(absolutePath, 'category', () =>
      parseCategoryFile(readSourceFile(siteDir, absolutePath), reader.memo),
    );
  }
  const sidebarsFile = sidebarsPath === '' ? undefined : join(siteDir, sidebarsPath);
  const hasSidebars = sidebarsFile !== undefined && exists(reader, sidebarsFile);
  return {
    instance: docs.id,
    name,
    docsDir,
    docs: docsOfAllLocales,
    sidebars: hasSidebars ? parseSidebarsFile(readSourceFile(siteDir, sidebarsFile)) : undefined,
    sidebarsPath: hasSidebars ? sidebarsPath : undefined,
    categories,
    tags: Object.fromEntries(
      config.i18n.locales.map((locale) => {
        const dirs = locale === config.i18n.defaultLocale ? [docsDir] : [getDocsTranslationDir(config, docs, name, locale), docsDir];
        return [
          locale,
          readTagsFile(
            reader,
            dirs.flatMap((dir) => [`${dir}/tags.yml`, `${dir}/tags.yaml`]),
          ),
        ];
      }),
    ),
  };
}

/** The folder of a version's docs, in the site. */
function getDocsDir(docs: DocsConfig, name: string): string {
  return name === 'current' ? docs.path : getInstanceFiles(docs.id).versionedDocsDir(name);
}

/** The folder of a version's translated docs in `locale`. */
function getDocsTranslationDir(config: SiteConfig, docs: DocsConfig, name: string, locale: string): string {
  return `${getLocaleDir(config, locale)}/${getInstanceFiles(docs.id).translationDir}/${name === 'current' ? 'current' : `version-${name}`}`;
}

/** The docs of a version in every locale: for each, the file read (its translation, or the doc as a fallback). */
function listVersionDocs(
  reader: Reader,
  docs: DocsConfig,
  name: string,
  docsDir: string,
): { locale: string; relativePath: string; absolutePath: string; isFallback: boolean }[] {
  const { siteDir, config } = reader;
  const relativePaths = listRouteFiles(reader, docsDir, isMarkdownSource);
  return config.i18n.locales.flatMap((locale) => {
    const translationDir = locale === config.i18n.defaultLocale ? undefined : getDocsTranslationDir(config, docs, name, locale);
    const translations = new Set(translationDir === undefined ? [] : listFiles(reader, translationDir, 'content'));
    return relativePaths.map((relativePath) => ({
      locale,
      relativePath,
      ...pickSource(siteDir, relativePath, docsDir, translationDir, translations),
    }));
  });
}

function readBlogPosts(reader: Reader, locale: string): SourceBlogPost[] {
  const { siteDir, config } = reader;
  const blogDir = config.blog.path;
  const isDefault = locale === config.i18n.defaultLocale;
  const translations = new Set(isDefault ? [] : listFiles(reader, `${getLocaleDir(config, locale)}/blog`, 'content'));
  return listRouteFiles(reader, blogDir, isMarkdownSource).map((relativePath) => {
    const translationDir = isDefault ? undefined : `${getLocaleDir(config, locale)}/blog`;
    const { absolutePath, isFallback } = pickSource(siteDir, relativePath, blogDir, translationDir, translations);
    const markdown = readMarkdown(reader, absolutePath, 'blog', blogFrontMatterSchema);
    const match = readBlogFileName(relativePath);
    const date = markdown.frontMatter.date ?? match?.date;
    if (!date || !/^\d{4}-\d{2}-\d{2}/.test(date)) {
      throw new DocgenError('A blog post needs a date', {
        code: 'blog-date',
        location: { file: markdown.file.sitePath, line: 1, column: 1 },
        hint: 'Name the file YYYY-MM-DD-slug.md or add "date: 2025-08-20" to its front matter.',
      });
    }
    // The path without its date (docgen's URLs leave it out; migrate writes Docusaurus's as a slug), else the date.
    const fromPath = match ? `${match.folder}${match.text}`.replace(/\/$/, '') || match.date.replaceAll('-', '/') : undefined;
    const slug = markdown.frontMatter.slug ?? fromPath ?? relativePath.replace(/(\/index)?\.mdx?$/, '');
    return extendSource(markdown, { frontMatter: { ...markdown.frontMatter, slug }, locale, date: date.slice(0, 10), isFallback });
  });
}

/** A `permalink` of authors.yaml or tags.yaml: one or more URL segments, the leading `/` optional. */
function readPermalink(file: string, location: SourceLocation, value: unknown): string | undefined {
  if (value === undefined) return undefined;
  const permalink = typeof value === 'string' ? value.replace(/^\/+|\/+$/g, '') : '';
  const problem = permalink === '' ? 'is not a path' : getSlugProblem(permalink);
  if (problem) {
    throw new DocgenError(`Invalid permalink ${JSON.stringify(value)} in ${file}: it ${problem}`, {
      code: 'blog-permalink',
      location,
      hint: `Write a path such as /my-name. ${ROUTE_PATH_HINT}`,
    });
  }
  return permalink;
}

/** The first of `paths` (site-relative) that exists, read as a YAML mapping. */
function readLocalizedYaml(
  reader: Reader,
  ...paths: string[]
): { value: Record<string, unknown>; file: string; locate: (path: readonly PropertyKey[]) => SourceLocation } | undefined {
  const { siteDir } = reader;
  for (const path of paths) {
    const absolutePath = join(siteDir, path);
    if (!exists(reader, absolutePath)) continue;
    const file = readSourceFile(siteDir, absolutePath);
    const yaml = parseYamlFile(file.text, file.sitePath);
    const value = yaml.value;
    if (value !== null && typeof value === 'object' && !Array.isArray(value))
      return { value: value as Record<string, unknown>, file: file.sitePath, locate: (path) => yaml.locate(path) };
    throw new DocgenError(`${file.sitePath} must be a mapping`, {
      code: 'yaml-shape',
      location: { file: file.sitePath, line: 1, column: 1 },
      hint: 'Write one "key:" entry per item.',
    });
  }
  return undefined;
}

function readAuthors(reader: Reader, locale: string): BlogAuthorSource[] {
  const { config } = reader;
  const data = readLocalizedYaml(reader, `${getLocaleDir(config, locale)}/blog/authors.yaml`, `${config.blog.path}/authors.yaml`);
  if (!data) return [];
  return Object.entries(data.value).map(([key, raw]) => {
    const author = (raw ?? {}) as Record<string, unknown>;
    if (typeof author.name !== 'string') {
      throw new DocgenError(`Blog author "${key}" has no name`, {
        code: 'blog-author',
        location: { file: data.file, line: 1, column: 1 },
        hint: `Add name: ... under ${key}.`,
      });
    }
    const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
    const page = author.page as { permalink?: unknown } | boolean | undefined;
    const permalink = readPermalink(
      data.file,
      data.locate([key, 'page', 'permalink']),
      typeof page === 'object' ? page?.permalink : undefined,
    );
    const socials = toAuthorSocials(
      author.socials,
      author.email,
      (platform) => data.locate(platform ? [key, 'socials', platform] : [key, 'socials']),
      key,
    );
    return {
      key,
      name: author.name,
      title: text(author.title),
      url: text(author.url),
      imageUrl: text(author.image_url),
      ...(socials && { socials }),
      permalink,
      ...(page === false && { page: false as const }),
    };
  });
}

function readTags(reader: Reader, locale: string): BlogTagSource[] {
  const { config } = reader;
  return readTagsFile(reader, [`${getLocaleDir(config, locale)}/blog/tags.yaml`, `${config.blog.path}/tags.yaml`]);
}

/** The first tags file of `paths` that exists: `key: { label, description, permalink }` entries. */
function readTagsFile(reader: Reader, paths: string[]): BlogTagSource[] {
  const data = readLocalizedYaml(reader, ...paths);
  if (!data) return [];
  return Object.entries(data.value).map(([key, raw]) => {
    const tag = (raw ?? {}) as Record<string, unknown>;
    return {
      key,
      label: typeof tag.label === 'string' ? tag.label : key,
      description: typeof tag.description === 'string' ? tag.description : undefined,
      permalink: readPermalink(data.file, data.locate([key, 'permalink']), tag.permalink),
    };
  });
}

function readPages(reader: Reader, locale: string): SourcePage[] {
  const { siteDir, config } = reader;
  const isDefault = locale === config.i18n.defaultLocale;
  const translations = new Set(isDefault ? [] : listFiles(reader, `${getLocaleDir(config, locale)}/pages`, 'content'));
  const isPage = (relativePath: string) => isMarkdownSource(relativePath) || isPageModule(relativePath);
  return listRouteFiles(reader, 'pages', isPage).map((relativePath): SourcePage => {
    const withoutExtension = relativePath.replace(/\.(mdx?|[jt]sx?)$/, '');
    const routePath = '/' + withoutExtension.replace(/(^|\/)index$/, '$1');
    if (!isMarkdownSource(relativePath)) {
      const absolutePath = join(siteDir, 'pages', relativePath);
      const file = readSourceFile(siteDir, absolutePath);
      if (isReactPage(relativePath, file.text)) {
        const markdown = toReactPageSource(file);
        return {
          kind: 'react',
          locale,
          routePath,
          markdown: { ...markdown, ...readMdxImports(siteDir, absolutePath, markdown.body) },
          file,
          isFallback: false,
        };
      }
      return { kind: 'component', locale, routePath, modulePath: absolutePath, file, isFallback: false };
    }
    const translationDir = isDefault ? undefined : `${getLocaleDir(config, locale)}/pages`;
    const { absolutePath, isFallback } = pickSource(siteDir, relativePath, 'pages', translationDir, translations);
    const markdown = readMarkdown(reader, absolutePath, 'page', pageFrontMatterSchema);
    return { kind: 'markdown', locale, routePath, markdown, file: markdown.file, isFallback };
  });
}

function readTranslations(reader: Reader, locale: string): SiteTranslations {
  const dir = getLocaleDir(reader.config, locale);
  const site = readLocalizedYaml(reader, `${dir}/site.yaml`, `${dir}/site.yaml`)?.value ?? {};
  const theme = readLocalizedYaml(reader, `${dir}/theme.yaml`, `${dir}/theme.yaml`)?.value ?? {};
  const code = readLocalizedYaml(reader, `${dir}/code.yaml`, `${dir}/code.yaml`)?.value ?? {};
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
  const strings = (value: unknown): Record<string, string> =>
    Object.fromEntries(
      Object.entries((value ?? {}) as Record<string, unknown>).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    );
  const categoryIndexes = Object.fromEntries(
    Object.entries((site.categoryIndexes ?? {}) as Record<string, unknown>).map(([label, value]) => {
      const index = (value ?? {}) as Record<string, unknown>;
      return [label, { title: text(index.title), description: text(index.description) }];
    }),
  );
  return {
    labels: strings(site.labels),
    untranslated: Array.isArray(site.untranslated) ? site.untranslated.filter((label): label is string => typeof label === 'string') : [],
    categoryIndexes,
    title: text(site.title),
    tagline: text(site.tagline),
    announcementBar: text(site.announcementBar),
    copyright: text(site.copyright),
    blogTitle: text(site.blogTitle),
    blogDescription: text(site.blogDescription),
    blogSidebarTitle: text(site.blogSidebarTitle),
    theme: strings(theme),
    code: strings(code),
  };
}
