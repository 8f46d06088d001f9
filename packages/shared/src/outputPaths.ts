/**
 * Where the build writes the files that pages name besides their own (the blog feeds, the shared
 * sidebars): rules that several build stages apply alike (the manifest and render stages name the
 * URLs, the build and the seo stage write the files there). The browser needs none of them: its
 * bundles do not import this entry (`@docgen/shared/outputPaths`).
 */
import type { FeedPaths } from '@docgen/types';
import { DATA_DIR } from './pageData.js';

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
