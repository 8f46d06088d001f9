import type { RouteData, TocItem } from '@docgen/types';

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
