/**
 * Page data: the file the build writes for each route and the client fetches when it navigates to
 * it, where it lives and what it holds. The browser needs it only for navigations (entry
 * `@docgen/shared/pageData`).
 */
import type { RouteData, SiteData, TocItem } from '@docgen/types';
import { decodeHtmlEntities } from './htmlEntities.js';
import { encodePath } from './routes.js';

/** Folder (under the site base URL) that holds docgen's generated data: page data, sidebars. */
export const DATA_DIR = '_docgen';

/**
 * The file (relative to the output folder, decoded) that holds the page data of a route.
 * Derived from the route itself so that no route table has to ship to the browser.
 * `/docs/x` -> `_docgen/data/<buildId>/docs/x.json`; `/docs/x/` -> `.../docs/x/index.json`.
 */
export function getPageDataFilePath(buildId: string, routePath: string): string {
  const withIndex = routePath.endsWith('/') ? `${routePath}index` : routePath;
  return `${DATA_DIR}/data/${buildId}${withIndex}.json`;
}

/**
 * The URL of a route's page data, under the site base URL. `routePath` is the page's URL path
 * (`/base/docs/x` under the base URL `/base/`); the build writes the data by the path below the
 * base URL (`/docs/x`), as the output folder holds the site.
 */
export function getPageDataUrl(siteBaseUrl: string, buildId: string, routePath: string): string {
  const below = routePath.startsWith(siteBaseUrl) ? routePath.slice(siteBaseUrl.length - 1) : routePath;
  return siteBaseUrl + encodePath(getPageDataFilePath(buildId, below));
}

/**
 * URL path of the markdown twin of a doc page: the page's URL plus `.md` (`/docs/x` ->
 * `/docs/x.md`; `/docs/x/` -> `/docs/x/index.md`). The shell links it; the build writes it there.
 */
export function getMarkdownPath(routePath: string): string {
  return routePath.endsWith('/') ? `${routePath}index.md` : `${routePath}.md`;
}

/** The route data of a path with no page: the not-found page. */
export function getNotFoundRoute(path: string): RouteData {
  return { type: 'notFound', path, title: 'Page Not Found', description: '', canonical: '', alternates: [], noIndex: true, html: {} };
}

/**
 * The page-data wire format. It is the route data as JSON, less what the client can derive
 * exactly, since page data that repeats what it already has would make a navigation fetch more
 * than the article itself:
 * - a table of contents whose entries can be read back from the rendered headings travels as its
 *   level range (`tocLevels`): the headings are in the HTML already;
 * - the canonical URL, when it is the site's URL plus the route's path;
 * - the markdown twin's path, when it is `getMarkdownPath` of the route's path;
 * - a doc's paths in every version, when the only one is its own (a site of one version);
 * - the page's own entry among its alternates (its own locale and path), which travels as its
 *   `isTranslation` flag alone, in its place;
 * - the flags of `DEFAULT_FLAGS`, when they are false.
 */
interface WireExtras {
  tocLevels?: [number, number];
}

/** Flags of route data that are false on nearly every page, by route type. */
const DEFAULT_FLAGS: Partial<Record<RouteData['type'], readonly string[]>> = {
  doc: ['noIndex', 'hideTableOfContents', 'unlisted', 'draft'],
  docCategory: ['noIndex'],
  markdownPage: ['noIndex', 'hideTableOfContents'],
  blogPost: ['noIndex'],
  blogList: ['noIndex'],
  page: ['noIndex'],
};

/** The headings of rendered HTML with a level in [min, max], in document order (footnote labels excluded). */
export function getTocFromHtml(html: string, min: number, max: number): TocItem[] {
  const items: TocItem[] = [];
  for (const match of html.matchAll(/<h([2-6])\b([^>]*)>([\s\S]*?)<\/h\1>/g)) {
    const level = Number(match[1]);
    const id = /\bid="([^"]*)"/.exec(match[2]!)?.[1];
    if (level < min || level > max || !id || /\bsr-only\b/.test(match[2]!)) continue;
    const text = match[3]!.replace(/<a class="hash-link"[\s\S]*?<\/a>/g, '').replace(/<[^>]+>/g, '');
    items.push({ value: decodeHtmlEntities(text).trim(), id: decodeHtmlEntities(id), level });
  }
  return items;
}

/** Whether a doc's paths by version name are its own path in its own version, and nothing else. */
function isOwnVersionPath(versionPaths: Record<string, string>, versionName: string, path: string): boolean {
  const names = Object.keys(versionPaths);
  return names.length === 1 && names[0] === versionName && versionPaths[versionName] === path;
}

/** What page data is read and written against: the site's `url` (origin) and the locale of the site its pages are in. */
export type PageDataSite = Pick<SiteData, 'url' | 'locale'>;

/** Serialises route data for its page-data file, a page of `site`. */
export function toPageData(route: RouteData, site: PageDataSite): string {
  const siteUrl = site.url;
  const wire: Record<string, unknown> & WireExtras = { ...route };
  const own = route.alternates.findIndex((alternate) => alternate.locale === site.locale && alternate.path === route.path);
  if (own >= 0) wire.alternates = route.alternates.map((alternate, index) => (index === own ? alternate.isTranslation : alternate));
  if ('toc' in route) {
    const levels = route.toc.map((item) => item.level);
    // An empty TOC travels as an empty range.
    const range: [number, number] = levels.length > 0 ? [Math.min(...levels), Math.max(...levels)] : [7, 6];
    const derived = getTocFromHtml(route.html.main ?? '', range[0], range[1]);
    if (JSON.stringify(derived) === JSON.stringify(route.toc)) {
      delete wire.toc;
      wire.tocLevels = range;
    }
  }
  if (route.canonical === siteUrl + route.path) delete wire.canonical;
  if (route.type === 'doc' && route.markdownPath === getMarkdownPath(route.path)) delete wire.markdownPath;
  if ('versionPaths' in route && isOwnVersionPath(route.versionPaths, route.versionName, route.path)) delete wire.versionPaths;
  for (const flag of DEFAULT_FLAGS[route.type] ?? []) if (wire[flag] === false) delete wire[flag];
  return JSON.stringify(wire);
}

/** Reads a page-data file back into route data; `site` as given to `toPageData`. */
export function fromPageData(text: string, site: PageDataSite): RouteData {
  const siteUrl = site.url;
  const { tocLevels, ...wire } = JSON.parse(text) as Record<string, unknown> &
    WireExtras &
    Pick<RouteData, 'type' | 'path' | 'html'> & { alternates: (RouteData['alternates'][number] | boolean)[] };
  wire.alternates = wire.alternates.map((alternate) =>
    typeof alternate === 'boolean' ? { locale: site.locale, path: wire.path, isTranslation: alternate } : alternate,
  );
  if (tocLevels) wire.toc = getTocFromHtml(wire.html.main ?? '', tocLevels[0], tocLevels[1]);
  if (!('canonical' in wire)) wire.canonical = siteUrl + wire.path;
  if (wire.type === 'doc' && !('markdownPath' in wire)) wire.markdownPath = getMarkdownPath(wire.path);
  if ('versionName' in wire && !('versionPaths' in wire)) wire.versionPaths = { [wire.versionName as string]: wire.path };
  for (const flag of DEFAULT_FLAGS[wire.type] ?? []) if (!(flag in wire)) wire[flag] = false;
  return wire as unknown as RouteData;
}
