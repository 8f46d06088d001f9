/**
 * Page data: the file the build writes for each route and the client fetches when it navigates to
 * it, where it lives and what it holds. The browser needs it only for navigations (entry
 * `@docgen/shared/pageData`).
 */
import type { RouteData, TocItem } from '@docgen/types';
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

/** The URL of a route's page data, under the site base URL. */
export function getPageDataUrl(siteBaseUrl: string, buildId: string, routePath: string): string {
  return siteBaseUrl + encodePath(getPageDataFilePath(buildId, routePath));
}

/** The route data of a path with no page: the not-found page. */
export function getNotFoundRoute(path: string): RouteData {
  return { type: 'notFound', path, title: 'Page Not Found', description: '', canonical: '', alternates: [], noIndex: true, html: {} };
}

/**
 * The page-data wire format. It is the route data as JSON, except that a table of contents whose
 * entries can be read back from the rendered headings travels as its level range: the headings
 * are in the HTML already, and shipping them twice would make page data larger than the article.
 */
interface TocRange {
  tocLevels?: [number, number];
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[\da-f]+|#\d+|[a-z]+);/gi, (match, entity: string) => {
    if (entity[0] === '#')
      return String.fromCodePoint(entity[1] === 'x' || entity[1] === 'X' ? parseInt(entity.slice(2), 16) : Number(entity.slice(1)));
    return ENTITIES[entity.toLowerCase()] ?? match;
  });
}

/** The headings of rendered HTML with a level in [min, max], in document order (footnote labels excluded). */
export function getTocFromHtml(html: string, min: number, max: number): TocItem[] {
  const items: TocItem[] = [];
  for (const match of html.matchAll(/<h([2-6])\b([^>]*)>([\s\S]*?)<\/h\1>/g)) {
    const level = Number(match[1]);
    const id = /\bid="([^"]*)"/.exec(match[2]!)?.[1];
    if (level < min || level > max || !id || /\bsr-only\b/.test(match[2]!)) continue;
    const text = match[3]!.replace(/<a class="hash-link"[\s\S]*?<\/a>/g, '').replace(/<[^>]+>/g, '');
    items.push({ value: decodeEntities(text).trim(), id: decodeEntities(id), level });
  }
  return items;
}

/** Serialises route data for its page-data file. */
export function toPageData(route: RouteData): string {
  if ('toc' in route) {
    const levels = route.toc.map((item) => item.level);
    // An empty TOC travels as an empty range.
    const range: [number, number] = levels.length > 0 ? [Math.min(...levels), Math.max(...levels)] : [7, 6];
    const derived = getTocFromHtml(route.html.main ?? '', range[0], range[1]);
    if (JSON.stringify(derived) === JSON.stringify(route.toc)) {
      const { toc: _toc, ...rest } = route;
      return JSON.stringify({ ...rest, tocLevels: range } satisfies Omit<RouteData, 'toc'> & TocRange);
    }
  }
  return JSON.stringify(route);
}

/** Reads a page-data file back into route data. */
export function fromPageData(text: string): RouteData {
  const data = JSON.parse(text) as RouteData & TocRange;
  const { tocLevels, ...route } = data;
  if (tocLevels) return { ...route, toc: getTocFromHtml(route.html.main ?? '', tocLevels[0], tocLevels[1]) } as RouteData;
  return route;
}
