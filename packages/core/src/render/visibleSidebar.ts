import type { PropSidebar, PropSidebarItem } from '@docgen/types';

/**
 * For each page path of a sidebar, the categories that hold it (a category holds its own page and
 * fallback index too) and its link's own place, as index paths (`"2/0"`: the first item of the
 * third). Made once per sidebar
 * by one walk (the renderer keeps it, see createRouteRenderer), so that finding a page's open
 * categories costs the depth of the page, not the size of the sidebar.
 */
export type SidebarHolders = Map<string, Set<string>>;

export function toSidebarHolders(sidebar: PropSidebar): SidebarHolders {
  const byPath: SidebarHolders = new Map();
  const add = (path: string | undefined, trail: string[]) => {
    if (path === undefined || trail.length === 0) return;
    let set = byPath.get(path);
    if (!set) byPath.set(path, (set = new Set()));
    for (const key of trail) set.add(key);
  };
  // An explicit stack: sidebars are data a site writes, and may be deep.
  const stack: { items: PropSidebarItem[]; prefix: string; trail: string[] }[] = [{ items: sidebar, prefix: '', trail: [] }];
  for (let frame = stack.pop(); frame; frame = stack.pop()) {
    frame.items.forEach((item, index) => {
      if (item.type === 'link') return add(item.href, [...frame.trail, frame.prefix + index]);
      const key = frame.prefix + index;
      const trail = [...frame.trail, key];
      add(item.href, trail);
      add(item.indexHref, trail);
      stack.push({ items: item.items, prefix: `${key}/`, trail });
    });
  }
  return byPath;
}

/**
 * The part of a sidebar that the page at `pathname` shows before the reader opens anything: the
 * top level, the categories that hold the page, and those that start expanded (not collapsible,
 * or `collapsed: false`), with everything inside them by the same rule. The items of any other
 * category are left out and it is marked `itemsOmitted`. The theme starts a category expanded by
 * the same rule, so the page's HTML holds exactly this part: its size depends on where the page
 * is, not on the size of the sidebar.
 *
 * A list of more than SIDEBAR_WINDOW_FROM items (a generated reference's folder of thousands of
 * pages) shows SIDEBAR_WINDOW of them, around the one that holds the page (or the first ones),
 * and in place of those before and after, a link labelled by `moreLabel` with their number: to the
 * category's page, which lists them all, or where it has none (the top level), to the nearest of
 * them, whose page shows the next window. The whole list follows once the sidebar file is
 * loaded, and a page of a folder of thousands is as large as one of a folder of 50.
 */
export function getVisibleSidebar(
  sidebar: PropSidebar,
  pathname: string,
  holders: SidebarHolders = toSidebarHolders(sidebar),
  moreLabel: (count: number) => string = (count) => `${count} more…`,
): PropSidebar {
  const open = holders.get(pathname);
  // `items` are those of a list from its item `offset` on: a category's key is its place in the whole list.
  const prune = (items: readonly PropSidebarItem[], prefix: string, offset = 0): PropSidebarItem[] =>
    items.map((item, index) => {
      if (item.type === 'link') return item;
      const key = prefix + (offset + index);
      if (open?.has(key) || !item.collapsible || !item.collapsed) return { ...item, items: show(item.items, `${key}/`, item) };
      return item.items.length === 0 ? item : { ...item, items: [], itemsOmitted: true };
    });
  /**
   * The items of a list (of `category`, or the top level) the page shows: a window of a long one,
   * with a link for those before and after it, to the category's page (which lists them) or, where
   * there is none, to the nearest of them (whose page shows the next window).
   */
  const show = (items: readonly PropSidebarItem[], prefix: string, category?: PropSidebarItem & { type: 'category' }) => {
    const { start, end } = getSidebarWindow(items.length, findPlaceIn(open, prefix));
    const shown = prune(items.slice(start, end), prefix, start);
    if (end - start === items.length) return shown;
    const more = (count: number, nearest: PropSidebarItem | undefined): PropSidebarItem[] => {
      const href =
        category?.href ??
        category?.indexHref ??
        (nearest?.type === 'link' ? (nearest.external ? undefined : nearest.href) : (nearest?.href ?? nearest?.indexHref));
      return count > 0 && href !== undefined && href !== pathname ? [{ type: 'link', label: moreLabel(count), href }] : [];
    };
    return [...more(start, items[start - 1]), ...shown, ...more(items.length - end, items[end])];
  };
  return show(sidebar, '');
}

/** A list (a category's, or the top level) of more items than this shows a window of SIDEBAR_WINDOW of them in a page. */
export const SIDEBAR_WINDOW_FROM = 50;
export const SIDEBAR_WINDOW = 40;

/**
 * The items of a category of `count` a page shows (`start` to `end`): all of them, or when there
 * are more than SIDEBAR_WINDOW_FROM, SIDEBAR_WINDOW around the one at `at` that holds the page,
 * or the first ones.
 */
function getSidebarWindow(count: number, at: number | undefined) {
  if (count <= SIDEBAR_WINDOW_FROM) return { start: 0, end: count };
  const start = Math.min(Math.max(0, (at ?? 0) - SIDEBAR_WINDOW / 2), count - SIDEBAR_WINDOW);
  return { start, end: start + SIDEBAR_WINDOW };
}

/** The place in the list of `prefix` (a category's key and `/`) of the item that holds the page (from its holders, `open`). */
function findPlaceIn(open: ReadonlySet<string> | undefined, prefix: string): number | undefined {
  for (const key of open ?? []) {
    if (key.startsWith(prefix) && !key.includes('/', prefix.length)) return Number(key.slice(prefix.length));
  }
  return undefined;
}

/**
 * For the pages of one sidebar, a key of the part each shows (getVisibleSidebar): two pages with
 * the same key show the same part, and a change of the sidebar changes the key of exactly the
 * pages that show it. A page's sidebar is told by the URL of the sidebar's file, a hash of the
 * whole sidebar; the key lets a build keep (and relink, see relinkRoute) the pages that do not
 * show the part that changed. Without a long list (SIDEBAR_WINDOW_FROM) the part a page shows
 * depends on the categories it opens alone, and pages that open the same ones share one key: the
 * part is made and hashed once for them.
 */
export function createShownSidebarKeys(sidebar: PropSidebar, hash: (text: string) => string): (pathname: string) => string {
  const holders = toSidebarHolders(sidebar);
  const categories = new Set<string>();
  let windowed = false;
  const stack: { items: PropSidebarItem[]; prefix: string }[] = [{ items: sidebar, prefix: '' }];
  for (let frame = stack.pop(); frame; frame = stack.pop()) {
    if (frame.items.length > SIDEBAR_WINDOW_FROM) windowed = true;
    frame.items.forEach((item, index) => {
      if (item.type !== 'category') return;
      categories.add(frame.prefix + index);
      stack.push({ items: item.items, prefix: `${frame.prefix}${index}/` });
    });
  }
  const keys = new Map<string, string>();
  return (pathname) => {
    const open = holders.get(pathname);
    // A window of a long list is placed by the page's own link, and its links to the rest differ from the page's path.
    const opened = windowed ? pathname : [...(open ?? [])].filter((key) => categories.has(key)).join(',');
    let key = keys.get(opened);
    if (key === undefined) keys.set(opened, (key = hash(JSON.stringify(getVisibleSidebar(sidebar, pathname, holders, String)))));
    return key;
  };
}
