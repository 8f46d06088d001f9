import { existsSync } from 'node:fs';
import { join, posix } from 'node:path';
import fg from 'fast-glob';
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

const MARKDOWN = ['**/*.md'];
const IGNORED = ['**/_*/**', '**/_*.md', '**/node_modules/**'];

/** Reads every source of the site: docs of each version and locale, blog, pages, translations. */
export function readSiteContent(siteDir: string, config: SiteConfig): SiteContent {
  const locales = config.i18n.locales;
  return {
    versions: readVersions(siteDir, config),
    blogPosts: locales.flatMap((locale) => readBlogPosts(siteDir, config, locale)),
    authors: Object.fromEntries(locales.map((locale) => [locale, readAuthors(siteDir, config, locale)])),
    tags: Object.fromEntries(locales.map((locale) => [locale, readTags(siteDir, config, locale)])),
    pages: locales.flatMap((locale) => readPages(siteDir, config, locale)),
    translations: Object.fromEntries(locales.map((locale) => [locale, readTranslations(siteDir, config, locale)])),
    staticDir: existsSync(join(siteDir, 'static')) ? join(siteDir, 'static') : undefined,
    staticFiles: existsSync(join(siteDir, 'static'))
      ? fg
          .sync('**/*', { cwd: join(siteDir, 'static'), onlyFiles: true, dot: false })
          .sort()
          .map((path) => `/${path}`)
      : [],
  };
}

/** Folder of a locale's translations (`i18n/en`), site-relative. */
function localeDir(config: SiteConfig, locale: string): string {
  return `i18n/${config.i18n.localeConfigs[locale]!.path}`;
}

function globFiles(cwd: string, patterns: string[]): string[] {
  if (!existsSync(cwd)) return [];
  return fg.sync(patterns, { cwd, ignore: IGNORED, onlyFiles: true, dot: false }).sort();
}

function readVersions(siteDir: string, config: SiteConfig): SourceVersion[] {
  const { docs } = config;
  const names = [...(docs.includeCurrentVersion ? ['current'] : []), ...docs.versionedNames].filter(
    (name) => !docs.onlyIncludeVersions || docs.onlyIncludeVersions.includes(name),
  );
  return names.map((name) => {
    const docsDir = name === 'current' ? docs.path : `versioned_docs/version-${name}`;
    const sidebarsPath = name === 'current' ? docs.sidebarPath : `versioned_sidebars/version-${name}-sidebars.yaml`;
    if (!existsSync(join(siteDir, docsDir))) {
      throw new DocgenError(`The docs folder of version "${name}" is missing: ${docsDir}`, {
        code: 'version-missing',
        location: { file: name === 'current' ? 'docgen.config.yaml' : 'versions.json', line: 1, column: 1 },
        hint:
          name === 'current'
            ? `Create ${docsDir}/ or set docs.includeCurrentVersion: false.`
            : `Restore ${docsDir}/ or remove "${name}" from versions.json.`,
      });
    }
    const relativePaths = globFiles(join(siteDir, docsDir), MARKDOWN);
    const translationDir = (locale: string) => `${localeDir(config, locale)}/docs/${name === 'current' ? 'current' : `version-${name}`}`;
    const docsOfAllLocales: SourceDoc[] = config.i18n.locales.flatMap((locale) =>
      relativePaths.map((relativePath): SourceDoc => {
        const translated = join(siteDir, translationDir(locale), relativePath);
        const isDefault = locale === config.i18n.defaultLocale;
        const isFallback = !isDefault && !existsSync(translated);
        const absolutePath = isDefault || isFallback ? join(siteDir, docsDir, relativePath) : translated;
        const markdown = parseFrontMatter(readSourceFile(siteDir, absolutePath), docFrontMatterSchema);
        return { ...markdown, versionName: name, locale, relativePath, isFallback };
      }),
    );
    const categories: Record<string, CategoryMetadata> = {};
    for (const path of globFiles(join(siteDir, docsDir), ['**/_category_.yaml', '**/_category_.yml'])) {
      categories[posix.dirname(path)] = parseCategoryFile(readSourceFile(siteDir, join(siteDir, docsDir, path)));
    }
    const sidebarsFile = join(siteDir, sidebarsPath);
    return {
      name,
      docsDir,
      docs: docsOfAllLocales,
      sidebars: existsSync(sidebarsFile) ? parseSidebarsFile(readSourceFile(siteDir, sidebarsFile)) : undefined,
      sidebarsPath: existsSync(sidebarsFile) ? sidebarsPath : undefined,
      categories,
    };
  });
}

const BLOG_FILE = /^(\d{4}-\d{2}-\d{2})[-/](.+?)(\/index)?\.md$/;

function readBlogPosts(siteDir: string, config: SiteConfig, locale: string): SourceBlogPost[] {
  const blogDir = config.blog.path;
  const isDefault = locale === config.i18n.defaultLocale;
  return globFiles(join(siteDir, blogDir), MARKDOWN).map((relativePath) => {
    const translated = join(siteDir, localeDir(config, locale), 'blog', relativePath);
    const isFallback = !isDefault && !existsSync(translated);
    const absolutePath = isDefault || isFallback ? join(siteDir, blogDir, relativePath) : translated;
    const markdown = parseFrontMatter(readSourceFile(siteDir, absolutePath), blogFrontMatterSchema);
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
  siteDir: string,
  defaultPath: string,
  localizedPath: string,
): { value: Record<string, unknown>; file: string } | undefined {
  for (const path of [localizedPath, defaultPath]) {
    const absolutePath = join(siteDir, path);
    if (!existsSync(absolutePath)) continue;
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

function readAuthors(siteDir: string, config: SiteConfig, locale: string): BlogAuthorSource[] {
  const data = readLocalizedYaml(siteDir, `${config.blog.path}/authors.yaml`, `${localeDir(config, locale)}/blog/authors.yaml`);
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

function readTags(siteDir: string, config: SiteConfig, locale: string): BlogTagSource[] {
  const data = readLocalizedYaml(siteDir, `${config.blog.path}/tags.yaml`, `${localeDir(config, locale)}/blog/tags.yaml`);
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

function readPages(siteDir: string, config: SiteConfig, locale: string): SourcePage[] {
  const isDefault = locale === config.i18n.defaultLocale;
  return globFiles(join(siteDir, 'pages'), ['**/*.md', '**/*.tsx', '**/*.jsx']).map((relativePath): SourcePage => {
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
    const isFallback = !isDefault && !existsSync(translated);
    const absolutePath = isDefault || isFallback ? join(siteDir, 'pages', relativePath) : translated;
    const markdown = parseFrontMatter(readSourceFile(siteDir, absolutePath), pageFrontMatterSchema);
    return { kind: 'markdown', locale, routePath, markdown, file: markdown.file, isFallback };
  });
}

function readTranslations(siteDir: string, config: SiteConfig, locale: string): SiteTranslations {
  const dir = localeDir(config, locale);
  const site = readLocalizedYaml(siteDir, `${dir}/site.yaml`, `${dir}/site.yaml`)?.value ?? {};
  const theme = readLocalizedYaml(siteDir, `${dir}/theme.yaml`, `${dir}/theme.yaml`)?.value ?? {};
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
