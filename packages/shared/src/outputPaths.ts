/**
 * Where the build writes the files that pages name besides their own (the blog feeds, the shared
 * sidebars): rules that several build stages apply alike (the manifest and render stages name the
 * URLs, the build and the seo stage write the files there). The browser needs none of them: its
 * bundles do not import this entry (`@docgen/shared/outputPaths`).
 */
import type { FeedPaths } from '@docgen/types';
import { DATA_DIR, getMarkdownPath } from './pageData.js';

/**
 * URL paths of the blog feeds of a locale, from its blog path (`/en/blog`). The shell links them;
 * the build writes them there.
 */
export function getFeedPaths(blogPath: string): FeedPaths {
  const base = blogPath.replace(/\/+$/, '');
  return { rss: `${base}/rss.xml`, atom: `${base}/atom.xml`, json: `${base}/feed.json` };
}

/**
 * The file (relative to the output folder) of a shared sidebar, from its name (a hash of its
 * content). Pages name its URL: the site base URL plus this path.
 */
export function getSidebarFilePath(fileName: string): string {
  return `${DATA_DIR}/sidebars/${fileName}`;
}

/**
 * The file name of the PDF manual of a docs version in a locale (`docs pdf` writes it into `pdf/` of
 * the output; with `pdf.build`, doc pages link it): the instance (`docs` for the default one), the
 * version's label and the locale, each made safe for a file name: `docs-2508.1-ko.pdf`.
 */
export function getManualFileName(instance: string, versionLabel: string, locale: string): string {
  const safe = (text: string) =>
    text
      .normalize('NFKC')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}._]+/gu, '-')
      .replace(/^-+|-+$/g, '') || 'docs';
  return `${instance === 'default' ? 'docs' : safe(instance)}-${safe(versionLabel)}-${safe(locale)}.pdf`;
}

/** The folder of the output (and of the site's URLs, under its base URL) that holds the PDF manuals. */
export const MANUALS_DIR = 'pdf';

/** A file the build writes at a URL besides pages, static files and assets: its URL path and what it is. */
export type WrittenFile = [path: string, what: string];

/** The files the build writes at the site's root URL: the sitemap and robots.txt. */
export function getSiteFiles(baseUrl: string): WrittenFile[] {
  return [
    [`${baseUrl}sitemap.xml`, 'the sitemap'],
    [`${baseUrl}robots.txt`, 'robots.txt'],
  ];
}

/**
 * The files the build writes at a locale's URLs (`localeBase`, its base URL): the not-found page
 * and the llms.txt files; with `blogPath` (a locale whose blog has posts) the feeds; and the
 * markdown twin of each doc page of `docPaths`. Links may lead to them, redirects may not leave
 * from them.
 */
export function getLocaleFiles(localeBase: string, options: { blogPath?: string; docPaths?: Iterable<string> } = {}): WrittenFile[] {
  const files: WrittenFile[] = [
    [`${localeBase}404.html`, 'the not-found page'],
    [`${localeBase}llms.txt`, 'llms.txt'],
    [`${localeBase}llms-full.txt`, 'llms-full.txt'],
  ];
  if (options.blogPath !== undefined) {
    const feeds = getFeedPaths(options.blogPath);
    files.push([feeds.rss, 'the RSS feed'], [feeds.atom, 'the Atom feed'], [feeds.json, 'the JSON feed']);
  }
  for (const path of options.docPaths ?? []) files.push([getMarkdownPath(path), `the markdown twin of ${path}`]);
  return files;
}
