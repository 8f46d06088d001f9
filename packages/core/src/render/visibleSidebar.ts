import type { PropSidebar, PropSidebarItem } from '@docgen/types';

/**
 * For each page path of a sidebar, the categories that hold it (a category holds its own page and
 * fallback index too), as index paths (`"2/0"`: the first item of the third). Made once per sidebar
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
      if (item.type === 'link') return add(item.href, frame.trail);
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
 */
export function getVisibleSidebar(
  sidebar: PropSidebar,
  pathname: string,
  holders: SidebarHolders = toSidebarHolders(sidebar),
): PropSidebar {
  const open = holders.get(pathname);
  const prune = (items: PropSidebarItem[], prefix: string): PropSidebarItem[] =>
    items.map((item, index) => {
      if (item.type === 'link') return item;
      const key = prefix + index;
      if (open?.has(key) || !item.collapsible || !item.collapsed) return { ...item, items: prune(item.items, `${key}/`) };
      return item.items.length === 0 ? item : { ...item, items: [], itemsOmitted: true };
    });
  return prune(sidebar, '');
}
