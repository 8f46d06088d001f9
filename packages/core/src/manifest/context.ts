import { createHash } from 'node:crypto';
import { posix } from 'node:path';
import type {
  CompiledMarkdown,
  ContentSlot,
  SiteConfig,
  SiteContent,
  SiteTranslations,
  SourceDoc,
  SourceMarkdown,
  TocItem,
} from '@docgen/types';
import { isExternalUrl } from '@docgen/shared';

/** What compiling the markdown of a source file gave. Injected by the build command, which compiled everything beforehand. */
export type CompileSource = (source: SourceMarkdown<unknown>) => CompiledMarkdown;

import type { LinkCache } from './linkCache.js';
import { getLocaleBaseUrl } from '../files/index.js';

export interface ManifestInput {
  siteDir: string;
  config: SiteConfig;
  content: SiteContent;
  compile: CompileSource;
  /** What compiling gave for a `CompiledMarkdown.key` (of a source passed to `compile`). */
  getCompiled: (key: string) => CompiledMarkdown;
  /** Drafts are built in development (serve) and left out of production builds. */
  includeDrafts: boolean;
  /** Build only these locales (`--locale`); all when absent. */
  locales?: string[];
  /** Links resolved by an earlier manifest of the same site (the dev server's); none when absent. */
  linkCache?: LinkCache;
  /**
   * Sanitises the HTML of the config (navbar and footer `html` items, the copyright) as raw HTML
   * in a page is (compile/configHtml.ts, which the caller loads: the manifest stage does not load
   * the HTML parser). Needed when the config holds such HTML (see hasConfigHtml).
   */
  sanitizeHtml?: (html: string) => { html: string; warnings: { message: string; hint: string }[] };
}

/**
 * Whether the config holds HTML that ManifestInput.sanitizeHtml must clean: `html` items, or a
 * copyright with markup (in the config or a locale's site.yaml).
 */
export function hasConfigHtml(config: SiteConfig, content: Pick<SiteContent, 'translations'>): boolean {
  const { navbar, footer } = config.themeConfig;
  const copyrights = [footer.copyright, ...Object.values(content.translations).map((translations) => translations.copyright)];
  return (
    navbar.items.some((item) => item.type === 'html') ||
    footer.links.some((column) => column.items.some((item) => 'html' in item)) ||
    copyrights.some((copyright) => /[<&]/.test(copyright ?? ''))
  );
}

/** What every per-locale builder needs to know about the locale it builds. */
export interface LocaleContext {
  input: ManifestInput;
  locale: string;
  isDefaultLocale: boolean;
  /** `/` or `/en/`. */
  baseUrl: string;
  translations: SiteTranslations;
  /** Translates a label written in the default locale (navbar, footer, sidebar categories, sidebar labels of untranslated pages). */
  label(text: string): string;
  /** Prefixes an absolute internal path with the locale base URL, unless it names a static file. */
  localizePath(path: string): string;
}

export function createLocaleContext(input: ManifestInput, locale: string): LocaleContext {
  const { config, content } = input;
  const isDefaultLocale = locale === config.i18n.defaultLocale;
  const baseUrl = getLocaleBaseUrl(config, locale);
  const translations = content.translations[locale]!;
  const staticFiles = new Set(content.staticFiles);
  return {
    input,
    locale,
    isDefaultLocale,
    baseUrl,
    translations,
    label: (text) => translations.labels[text] ?? text,
    localizePath(path) {
      if (isExternalUrl(path) || !path.startsWith('/')) return path;
      const pathname = path.split(/[?#]/)[0]!;
      // As Docusaurus's useBaseUrl: a path written with the base URL already in it does not get it twice.
      if (baseUrl !== '/' && (pathname.startsWith(baseUrl) || pathname === baseUrl.slice(0, -1))) {
        return pathname === baseUrl.slice(0, -1) ? baseUrl + path.slice(pathname.length) : path;
      }
      if (staticFiles.has(pathname)) return config.baseUrl + path.slice(1);
      return baseUrl + path.slice(1);
    },
  };
}

/** Short, stable content hash used in generated file names. */
export function hashOf(text: string, length = 10): string {
  return createHash('sha256').update(text).digest('base64url').replace(/[-_]/g, '0').slice(0, length);
}

/** Strips `01-`, `2_` style number prefixes that order files but are not part of ids or URLs. */
/**
 * A tag's URL segment as Docusaurus makes it (lodash's kebabCase): words split at spaces and
 * punctuation, and where case or digits change (`GraphQL` is `graph-ql`, `K8s` is `k-8-s`,
 * `Next.js` is `next-js`), accents dropped, joined by `-` in lower case. Hangul and other scripts
 * stay as written (`빠른 시작` is `빠른-시작`).
 */
export function toTagSlug(label: string): string {
  const plain = label
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .normalize('NFC');
  const words = plain.match(/[A-Z]{2,}(?=[A-Z][a-z]|[^A-Za-z]|$)|[A-Z]?[a-z]+|[A-Z]+|\d+|[^\x00-\x7f\s\p{P}\p{S}]+/gu) ?? [];
  return words.join('-').toLowerCase();
}

export function stripNumberPrefix(segment: string): string {
  return segment.replace(/^\d+\s*[-_.]\s*(?=\D)/, '');
}

/**
 * Whether a doc (its path, `/`-separated) is its folder's page, by Docusaurus's category index
 * convention: its file is named `index`, `README` or as its folder, in any case, the names as
 * written: `upgrade-guide/01-upgrade-guide.md` is a page of its own, as under Docusaurus.
 */
export function isCategoryIndexFile(path: string): boolean {
  const slash = path.lastIndexOf('/');
  const name = path
    .slice(slash + 1)
    .replace(/\.mdx?$/, '')
    .toLowerCase();
  const folder = slash === -1 ? '' : path.slice(path.lastIndexOf('/', slash - 1) + 1, slash).toLowerCase();
  return name === 'index' || name === 'readme' || (folder !== '' && name === folder);
}

/**
 * The table of contents of a page: its headings with a level in [min, max] (2 = h2), without the
 * footnotes' label heading. `min` and `max` default to the config's tableOfContents levels.
 */
export function getToc(context: LocaleContext, headings: TocItem[], levels: { min?: number; max?: number } = {}): TocItem[] {
  return filterToc(headings, context.input.config, levels);
}

/** The headings a page's table of contents shows: those of the levels its front matter (`levels`) or else the config gives. */
export function filterToc(headings: TocItem[], config: SiteConfig, levels: { min?: number; max?: number } = {}): TocItem[] {
  const { tableOfContents } = config.themeConfig;
  const min = levels.min ?? tableOfContents.minHeadingLevel;
  const max = Math.max(min, levels.max ?? tableOfContents.maxHeadingLevel);
  return headings.filter((heading) => heading.level >= min && heading.level <= max && heading.id !== 'footnote-label');
}

/** A route's reference to compiled content; its links are resolved later (resolveLinks). */
export function contentSlot(compiled: CompiledMarkdown, part: ContentSlot['part']): ContentSlot {
  return { key: compiled.key, part, hrefs: {}, srcs: {} };
}

/**
 * The slots of a page that shows compiled content with its own title (a doc, a markdown page): the
 * content, and its leading `# heading` when it has one, which the page shows as its h1.
 */
export function titledContentSlots(compiled: CompiledMarkdown): Record<string, ContentSlot> {
  const main = contentSlot(compiled, 'main');
  return compiled.contentTitleId === undefined ? { main } : { title: contentSlot(compiled, 'title'), main };
}

/**
 * A path below a version root: `rest` starts with `/`. A version root is `/docs`, `/docs/2506.1`
 * or, with docs at the site root, the locale's base URL (`/`, `/en/`) or `/en/2506.1`.
 */
export function belowVersion(versionPath: string, rest: string): string {
  return versionPath.replace(/\/$/, '') + rest;
}

/** A doc's id: its front matter `id`, or its path in the version folder without extension and number prefixes. */
export function getSourceDocId(doc: SourceDoc): string {
  const relativeNoExt = doc.relativePath.replace(/\.mdx?$/, '');
  const dir = posix.dirname(relativeNoExt) === '.' ? '' : posix.dirname(relativeNoExt).split('/').map(stripNumberPrefix).join('/');
  return (dir ? `${dir}/` : '') + (doc.frontMatter.id ?? stripNumberPrefix(posix.basename(relativeNoExt)));
}
