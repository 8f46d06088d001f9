import { setImmediate } from 'node:timers/promises';
import type { RenderedSummary, SiteContent, SiteManifest, SourceMarkdown } from '@docgen/types';
import { getFeedPaths } from '@docgen/shared/outputPaths';
import { getMarkdownPath } from '@docgen/shared/pageData';
import { getFeedInput, toAtomFeed, toJsonFeed, toRssFeed } from './feeds.js';
import { LLMS_FILE, LLMS_FULL_FILE, toLlmsFullTxt, toLlmsTxt, type LlmsFullPart } from './llms.js';
import { getMarkdownTwin, toMarkdownTwinText } from './markdownTwin.js';
import { getRedirectFile, toRedirectPage } from './redirectPage.js';
import { toTranslationStatusPage, TRANSLATION_STATUS_PATH } from './translationStatusPage.js';
import { SITEMAP_FILE, toRobotsTxt, toSitemap } from './sitemap.js';

/** The part of the build's output writer the seo files need. */
export interface SeoOutput {
  write(relativePath: string, contents: string): void;
  /** Writes a file from parts, as they come. */
  writeParts(relativePath: string, parts: Iterable<string | Uint8Array>): void;
  read(relativePath: string): string;
  readBytes(relativePath: string): Buffer;
  remove(relativePath: string): void;
  has(relativePath: string): boolean;
  /** Keeps a file of the previous output in this one; false when it has none (see OutputWriter). */
  keep(relativePath: string): boolean;
}

export interface WriteSeoFilesInput {
  manifest: SiteManifest;
  content: SiteContent;
  output: SeoOutput;
  /** Routes rendered by this run: their markdown twins are made again. */
  renderedPaths: string[];
  /** Files of the routes not rendered again (kept in the output): a twin among them is kept. */
  keptFiles: ReadonlySet<string>;
  /** Locales whose files are written; all when absent. The sitemap always covers every locale. */
  locales?: ReadonlySet<string>;
  /** What each `llms-full.txt` of the previous output held (see LlmsFullParts): a kept route's part is taken from that file. */
  llmsFull?: Readonly<Record<string, LlmsFullParts>>;
}

/** What an `llms-full.txt` holds: the route and length (UTF-8 bytes) of each of its parts, in order. */
export type LlmsFullParts = [routePath: string, bytes: number][];

/** Markdown twins written between two turns of the event loop (a few milliseconds). */
const FILES_BETWEEN_PAUSES = 32;

/**
 * The machine-readable outputs of a site: `sitemap.xml` and `robots.txt` at the site root;
 * per locale blog feeds (RSS, Atom, JSON Feed), `llms.txt` and `llms-full.txt`; and a markdown
 * twin of every doc page. Made after rendering, from the manifest and what rendering produced.
 *
 * A twin belongs to its route: it is made again when the route is rendered again, and kept
 * with the route's files otherwise (`write` returns the twin of every route).
 *
 * Kept between runs of one builder (the dev server): rendered titles and post HTML of routes
 * that were not rendered again, and the files written, so that files of routes that disappeared
 * are removed. With `keepTwinTexts` (a builder that runs again) the twins' texts too:
 * `llms-full.txt` then joins them from memory instead of reading thousands of files back, which
 * would hold up the dev server's answers to the pages reloading meanwhile.
 */
export function createSeoFiles({ keepTwinTexts = false } = {}) {
  const rendered = new Map<string, RenderedSummary>();
  let written = new Set<string>();
  const twinTexts = new Map<string, string>();

  return {
    /** Remembers what the render stage produced for a route. Call for every rendered route. */
    capture(summary: RenderedSummary & { path: string }): void {
      rendered.set(summary.path, { title: summary.title, description: summary.description, mainHtml: summary.mainHtml });
    },

    /**
     * Writes the files; returns those of each locale (feeds, llms.txt), not the site-wide ones, and
     * the markdown twin of every doc route (route path -> file). Lets the event loop run every few
     * files: the build hands the next search index to a thread meanwhile, which would otherwise
     * wait for the thousands of twins to be written.
     */
    async write(
      input: WriteSeoFilesInput,
    ): Promise<{ localeFiles: Record<string, string[]>; twins: Map<string, string>; llmsFull: Record<string, LlmsFullParts> }> {
      const { manifest, output } = input;
      const { config } = manifest;
      const toFile = (path: string) => path.slice(config.baseUrl.length);
      const sources = new Map<string, SourceMarkdown<unknown>>();
      for (const version of input.content.versions) for (const doc of version.docs) sources.set(doc.file.sitePath, doc);
      const renderedNow = new Set(input.renderedPaths);
      const present = new Set(manifest.locales.flatMap((locale) => locale.routes.map((route) => route.path)));
      for (const path of rendered.keys()) if (!present.has(path)) rendered.delete(path);
      const getRendered = (path: string) => rendered.get(path);
      const readTwin = (file: string | undefined) => {
        if (file === undefined) return undefined;
        let text = twinTexts.get(file);
        if (text === undefined) {
          text = output.read(file);
          if (keepTwinTexts) twinTexts.set(file, text);
        }
        return text;
      };

      const files = new Map<string, string | Iterable<string | Uint8Array>>();
      // Route path -> its markdown twin's file (the text is read back from the output when needed).
      const twins = new Map<string, string>();
      // Routes whose twin is the previous output's, and what each llms-full.txt written holds.
      const keptTwins = new Set<string>();
      const llmsFull: Record<string, LlmsFullParts> = {};
      const byLocale: Record<string, string[]> = {};
      for (const locale of manifest.locales) {
        if (input.locales && !input.locales.has(locale.locale)) continue;
        const localeFiles: string[] = (byLocale[locale.locale] = []);
        const linksBySource = new Map(locale.linkSources.map((entry) => [entry.sourcePath, entry.links]));
        for (const route of locale.routes) {
          if (route.data.type !== 'doc') continue;
          const file = toFile(getMarkdownPath(route.path));
          if (!renderedNow.has(route.path) && input.keptFiles.has(file)) {
            twins.set(route.path, file);
            keptTwins.add(route.path);
            continue;
          }
          const source = sources.get(route.sources[0] ?? '');
          if (!source) continue;
          const twin = getMarkdownTwin({
            title: route.data.title,
            source,
            links: linksBySource.get(source.file.sitePath) ?? [],
            siteUrl: config.url,
          });
          const text = toMarkdownTwinText(twin);
          output.write(file, text);
          if (keepTwinTexts) twinTexts.set(file, text);
          twins.set(route.path, file);
          if (twins.size % FILES_BETWEEN_PAUSES === 0) await setImmediate();
        }

        const llms = { locale, getRendered };
        const localeFile = (file: string, contents: string | Iterable<string | Uint8Array>) => {
          files.set(file, contents);
          localeFiles.push(file);
        };
        localeFile(toFile(locale.site.baseUrl + LLMS_FILE), toLlmsTxt(llms));
        const fullFile = toFile(locale.site.baseUrl + LLMS_FULL_FILE);
        const parts: LlmsFullParts = (llmsFull[fullFile] = []);
        // (A builder that runs again has the twins' texts in memory already.)
        const getPart = keepTwinTexts
          ? undefined
          : getKeptParts(output, fullFile, input.llmsFull?.[fullFile], (path) => keptTwins.has(path));
        localeFile(fullFile, recordLengths(toLlmsFullTxt({ ...llms, getTwinText: (path) => readTwin(twins.get(path)), getPart }), parts));

        const htmlLang = config.i18n.localeConfigs[locale.locale]?.htmlLang ?? locale.locale;
        const statuses = config.i18n.status ? manifest.translations?.filter((page) => page.locale === locale.locale) : undefined;
        const statusPath = `${locale.site.baseUrl}${TRANSLATION_STATUS_PATH}`;
        // (Never over a page of the site at that address.)
        if (statuses && locale.locale !== config.i18n.defaultLocale && !present.has(statusPath) && !present.has(statusPath.slice(0, -1))) {
          const label = config.i18n.localeConfigs[locale.locale]?.label ?? locale.locale;
          const editUrl = config.docs.editUrl ?? config.blog.editUrl;
          localeFile(
            toFile(`${statusPath}index.html`),
            toTranslationStatusPage({ locale: locale.locale, localeLabel: label, htmlLang, pages: statuses, editUrl }),
          );
        }
        for (const redirect of locale.redirects) {
          localeFile(getRedirectFile(redirect, config.baseUrl), toRedirectPage(redirect, { siteUrl: config.url, htmlLang }));
        }

        const paths = getFeedPaths(locale.site.blog.path);
        const feed = getFeedInput(locale, { siteUrl: config.url, paths, getRendered });
        if (feed) {
          localeFile(toFile(paths.rss), toRssFeed(feed));
          localeFile(toFile(paths.atom), toAtomFeed(feed));
          localeFile(toFile(paths.json), toJsonFeed(feed));
        }
      }
      files.set(SITEMAP_FILE, toSitemap(manifest));
      files.set('robots.txt', toRobotsTxt(config));
      for (const [file, contents] of files) {
        // A file whose pages did not change (the feeds after a doc's edit, the sitemap, llms.txt
        // after an edit of a page's text) is kept as it is, not written again.
        if (typeof contents !== 'string') output.writeParts(file, contents);
        else if (!(output.keep(file) && output.has(file) && output.read(file) === contents)) output.write(file, contents);
        await setImmediate();
      }

      const nextWritten = new Set([...files.keys(), ...twins.values()]);
      for (const file of written) if (!nextWritten.has(file)) output.remove(file);
      written = nextWritten;
      for (const file of twinTexts.keys()) if (!nextWritten.has(file)) twinTexts.delete(file);
      return { localeFiles: byLocale, twins, llmsFull };
    },
  };
}

/**
 * The parts of the previous `llms-full.txt` at `file` (`previous` tells what it held) of the
 * routes `isKept` says are unchanged, by route; undefined for any other route, or when the file
 * is not the one described. Read whole (as bytes, not decoded) before the new file is written over
 * it: one read of tens of megabytes instead of thousands of markdown twins.
 */
function getKeptParts(
  output: SeoOutput,
  file: string,
  previous: LlmsFullParts | undefined,
  isKept: (routePath: string) => boolean,
): ((routePath: string) => Uint8Array | undefined) | undefined {
  if (!previous || !output.keep(file) || !output.has(file)) return undefined;
  const bytes = output.readBytes(file);
  if (bytes.length !== previous.reduce((sum, [, length]) => sum + length, 0)) return undefined;
  const places = new Map<string, [start: number, end: number]>();
  let start = 0;
  for (const [path, length] of previous) {
    if (path !== '') places.set(path, [start, start + length]);
    start += length;
  }
  return (path) => {
    const place = isKept(path) ? places.get(path) : undefined;
    return place && bytes.subarray(...place);
  };
}

/** The parts of `parts`, recording each one's route and length in bytes into `lengths` as they go. */
function* recordLengths(parts: Iterable<LlmsFullPart>, lengths: LlmsFullParts): Generator<string | Uint8Array> {
  for (const [path, part] of parts) {
    lengths.push([path, typeof part === 'string' ? Buffer.byteLength(part) : part.length]);
    yield part;
  }
}
