import { join, posix } from 'node:path';
import type { z } from 'zod';
import type {
  BlogAuthorSource,
  BlogTagSource,
  CategoryMetadata,
  SiteConfig,
  SiteContent,
  SiteTranslations,
  SourceBlogPost,
  SourceDoc,
  SourcePage,
  SourceVersion,
} from '@docgen/types';
import { DocgenError } from '../diagnostics/index.js';
import { parseYamlFile } from '../yaml/index.js';
import { blogFrontMatterSchema, docFrontMatterSchema, pageFrontMatterSchema, parseFrontMatter } from './frontMatter.js';
import { parseCategoryFile, parseSidebarsFile } from './sidebarsFile.js';
import { readSourceFile } from './sourceFile.js';
import { ContentCache } from './contentCache.js';

const MARKDOWN = ['**/*.md'];
const IGNORED = ['**/_*/**', '**/_*.md', '**/node_modules/**'];
const COMPONENT_PAGES = ['**/*.tsx', '**/*.jsx'];

/**
 * The component pages of a site (`pages/**\/*.tsx`), site-relative path -> absolute path: what
 * the theme bundle holds besides the theme. Found without reading the rest of the content, so
 * that bundling can start first.
 */
export function findComponentPages(siteDir: string, cache = new ContentCache()): Record<string, string> {
  const pagesDir = join(siteDir, 'pages');
  return Object.fromEntries(
    cache.glob(pagesDir, COMPONENT_PAGES, IGNORED).map((relativePath) => [posix.join('pages', relativePath), join(pagesDir, relativePath)]),
  );
}

/**
 * Reads every source of the site: docs of each version and locale, blog, pages, translations.
 * `cache` holds what earlier reads parsed (the dev server's, told of every change); a fresh one
 * still saves parsing a default-locale file again for each locale that falls back to it.
 */
export function readSiteContent(siteDir: string, config: SiteConfig, cache = new ContentCache()): SiteContent {
  const locales = config.i18n.locales;
  const reader: Reader = { siteDir, config, cache };
  const staticDir = join(siteDir, 'static');
  return {
    versions: readVersions(reader),
    blogPosts: locales.flatMap((locale) => readBlogPosts(reader, locale)),
    authors: Object.fromEntries(locales.map((locale) => [locale, readAuthors(reader, locale)])),
    tags: Object.fromEntries(locales.map((locale) => [locale, readTags(reader, locale)])),
    pages: locales.flatMap((locale) => readPages(reader, locale)),
    translations: Object.fromEntries(locales.map((locale) => [locale, readTranslations(reader, locale)])),
    staticDir: cache.exists(staticDir) ? staticDir : undefined,
    staticFiles: cache.glob(staticDir, ['**/*'], []).map((path) => `/${path}`),
  };
}

interface Reader {
  siteDir: string;
  config: SiteConfig;
  cache: ContentCache;
}

/** A markdown file split into front matter (checked against `schema`) and body. */
function readMarkdown<Schema extends z.ZodType>({ siteDir, cache }: Reader, absolutePath: string, kind: string, schema: Schema) {
  return cache.read(absolutePath, kind, () => parseFrontMatter(readSourceFile(siteDir, absolutePath), schema));
}

/** Folder of a locale's translations (`i18n/en`), site-relative. */
function localeDir(config: SiteConfig, locale: string): string {
  return `i18n/${config.i18n.localeConfigs[locale]!.path}`;
}

function readVersions(reader: Reader): SourceVersion[] {
  const { siteDir, config, cache } = reader;
  const { docs } = config;
  const names = [...(docs.includeCurrentVersion ? ['current'] : []), ...docs.versionedNames].filter(
    (name) => !docs.onlyIncludeVersions || docs.onlyIncludeVersions.includes(name),
  );
  return names.map((name) => {
    const docsDir = name === 'current' ? docs.path : `versioned_docs/version-${name}`;
    const sidebarsPath = name === 'current' ? docs.sidebarPath : `versioned_sidebars/version-${name}-sidebars.yaml`;
    if (!cache.exists(join(siteDir, docsDir))) {
      throw new DocgenError(`The docs folder of version "${name}" is missing: ${docsDir}`, {
        code: 'version-missing',
        location: { file: name === 'current' ? 'docgen.config.yaml' : 'versions.json', line: 1, column: 1 },
        hint:
          name === 'current'
            ? `Create ${docsDir}/ or set docs.includeCurrentVersion: false.`
            : `Restore ${docsDir}/ or remove "${name}" from versions.json.`,
      });
    }
    const relativePaths = cache.glob(join(siteDir, docsDir), MARKDOWN, IGNORED);
    const translationDir = (locale: string) => `${localeDir(config, locale)}/docs/${name === 'current' ? 'current' : `version-${name}`}`;
    const docsOfAllLocales: SourceDoc[] = config.i18n.locales.flatMap((locale) =>
      relativePaths.map((relativePath): SourceDoc => {
        const translated = join(siteDir, translationDir(locale), relativePath);
        const isDefault = locale === config.i18n.defaultLocale;
        const isFallback = !isDefault && !cache.exists(translated);
        const absolutePath = isDefault || isFallback ? join(siteDir, docsDir, relativePath) : translated;
        const markdown = readMarkdown(reader, absolutePath, 'doc', docFrontMatterSchema);
        return { ...markdown, versionName: name, locale, relativePath, isFallback };
      }),
    );
    const categories: Record<string, CategoryMetadata> = {};
    for (const path of cache.glob(join(siteDir, docsDir), ['**/_category_.yaml', '**/_category_.yml'], IGNORED)) {
      const absolutePath = join(siteDir, docsDir, path);
      categories[posix.dirname(path)] = cache.read(absolutePath, 'category', () =>
        parseCategoryFile(readSourceFile(siteDir, absolutePath)),
      );
    }
    const sidebarsFile = join(siteDir, sidebarsPath);
    return {
      name,
      docsDir,
      docs: docsOfAllLocales,
      sidebars: cache.exists(sidebarsFile) ? parseSidebarsFile(readSourceFile(siteDir, sidebarsFile)) : undefined,
      sidebarsPath: cache.exists(sidebarsFile) ? sidebarsPath : undefined,
      categories,
    };
  });
}

const BLOG_FILE = /^(\d{4}-\d{2}-\d{2})[-/](.+?)(\/index)?\.md$/;

function readBlogPosts(reader: Reader, locale: string): SourceBlogPost[] {
  const { siteDir, config, cache } = reader;
  const blogDir = config.blog.path;
  const isDefault = locale === config.i18n.defaultLocale;
  return cache.glob(join(siteDir, blogDir), MARKDOWN, IGNORED).map((relativePath) => {
    const translated = join(siteDir, localeDir(config, locale), 'blog', relativePath);
    const isFallback = !isDefault && !cache.exists(translated);
    const absolutePath = isDefault || isFallback ? join(siteDir, blogDir, relativePath) : translated;
    const markdown = readMarkdown(reader, absolutePath, 'blog', blogFrontMatterSchema);
    const match = BLOG_FILE.exec(relativePath);
    const date = markdown.frontMatter.date ?? match?.[1];
    if (!date || !/^\d{4}-\d{2}-\d{2}/.test(date)) {
      throw new DocgenError('A blog post needs a date', {
        code: 'blog-date',
        location: { file: markdown.file.sitePath, line: 1, column: 1 },
        hint: 'Name the file YYYY-MM-DD-slug.md or add "date: 2025-08-20" to its front matter.',
      });
    }
    const slug = markdown.frontMatter.slug ?? match?.[2] ?? relativePath.replace(/(\/index)?\.md$/, '');
    return { ...markdown, frontMatter: { ...markdown.frontMatter, slug }, locale, date: date.slice(0, 10), isFallback };
  });
}

function readLocalizedYaml(
  { siteDir, cache }: Reader,
  defaultPath: string,
  localizedPath: string,
): { value: Record<string, unknown>; file: string } | undefined {
  for (const path of [localizedPath, defaultPath]) {
    const absolutePath = join(siteDir, path);
    if (!cache.exists(absolutePath)) continue;
    const file = readSourceFile(siteDir, absolutePath);
    const value = parseYamlFile(file.text, file.sitePath).value;
    if (value !== null && typeof value === 'object' && !Array.isArray(value))
      return { value: value as Record<string, unknown>, file: file.sitePath };
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
  const data = readLocalizedYaml(reader, `${config.blog.path}/authors.yaml`, `${localeDir(config, locale)}/blog/authors.yaml`);
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
    return { key, name: author.name, title: text(author.title), url: text(author.url), imageUrl: text(author.image_url) };
  });
}

function readTags(reader: Reader, locale: string): BlogTagSource[] {
  const { config } = reader;
  const data = readLocalizedYaml(reader, `${config.blog.path}/tags.yaml`, `${localeDir(config, locale)}/blog/tags.yaml`);
  if (!data) return [];
  return Object.entries(data.value).map(([key, raw]) => {
    const tag = (raw ?? {}) as Record<string, unknown>;
    return {
      key,
      label: typeof tag.label === 'string' ? tag.label : key,
      description: typeof tag.description === 'string' ? tag.description : undefined,
    };
  });
}

function readPages(reader: Reader, locale: string): SourcePage[] {
  const { siteDir, config, cache } = reader;
  const isDefault = locale === config.i18n.defaultLocale;
  return cache.glob(join(siteDir, 'pages'), ['**/*.md', ...COMPONENT_PAGES], IGNORED).map((relativePath): SourcePage => {
    const withoutExtension = relativePath.replace(/\.(md|tsx|jsx)$/, '');
    const routePath = '/' + withoutExtension.replace(/(^|\/)index$/, '$1');
    if (!relativePath.endsWith('.md')) {
      const absolutePath = join(siteDir, 'pages', relativePath);
      return {
        kind: 'component',
        locale,
        routePath,
        modulePath: absolutePath,
        file: readSourceFile(siteDir, absolutePath),
        isFallback: false,
      };
    }
    const translated = join(siteDir, localeDir(config, locale), 'pages', relativePath);
    const isFallback = !isDefault && !cache.exists(translated);
    const absolutePath = isDefault || isFallback ? join(siteDir, 'pages', relativePath) : translated;
    const markdown = readMarkdown(reader, absolutePath, 'page', pageFrontMatterSchema);
    return { kind: 'markdown', locale, routePath, markdown, file: markdown.file, isFallback };
  });
}

function readTranslations(reader: Reader, locale: string): SiteTranslations {
  const dir = localeDir(reader.config, locale);
  const site = readLocalizedYaml(reader, `${dir}/site.yaml`, `${dir}/site.yaml`)?.value ?? {};
  const theme = readLocalizedYaml(reader, `${dir}/theme.yaml`, `${dir}/theme.yaml`)?.value ?? {};
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
  const strings = (value: unknown): Record<string, string> =>
    Object.fromEntries(
      Object.entries((value ?? {}) as Record<string, unknown>).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    );
  return {
    labels: strings(site.labels),
    title: text(site.title),
    tagline: text(site.tagline),
    announcementBar: text(site.announcementBar),
    copyright: text(site.copyright),
    blogTitle: text(site.blogTitle),
    blogDescription: text(site.blogDescription),
    theme: strings(theme),
  };
}
