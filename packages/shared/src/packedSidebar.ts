import type { PackedSidebarItem, PropSidebar, PropSidebarItem } from '@docgen/types';

/** Bits of a packed category's flags. */
const COLLAPSED = 1;
const COLLAPSIBLE = 2;
/** The category's link is its fallback index (`indexHref`), not a page of its own. */
const INDEX_HREF = 4;

/**
 * A sidebar as a page's hydration data carries it (see PackedSidebarItem). A category has a page
 * or a fallback index, never both (only a category without a page is given one).
 */
export function toPackedSidebar(sidebar: PropSidebar): PackedSidebarItem[] {
  return sidebar.map((item): PackedSidebarItem => {
    if (item.type === 'link') return item.external ? [item.label, item.href, 1] : [item.label, item.href];
    const flags =
      (item.collapsed ? COLLAPSED : 0) |
      (item.collapsible ? COLLAPSIBLE : 0) |
      (item.href === undefined && item.indexHref ? INDEX_HREF : 0);
    const packed: PackedSidebarItem = [
      item.label,
      item.href ?? item.indexHref ?? '',
      flags,
      item.itemsOmitted ? 0 : toPackedSidebar(item.items),
    ];
    return item.className ? [...packed, item.className] : packed;
  });
}

/** Reads a sidebar back from toPackedSidebar (a link that is not external comes back without `external`). */
export function fromPackedSidebar(packed: PackedSidebarItem[]): PropSidebar {
  return packed.map((entry): PropSidebarItem => {
    if (entry.length === 2) return { type: 'link', label: entry[0], href: entry[1] };
    if (entry.length === 3) return { type: 'link', label: entry[0], href: entry[1], external: true };
    const [label, href, flags, items, className] = entry;
    return {
      type: 'category',
      label,
      ...(href === '' ? {} : flags & INDEX_HREF ? { indexHref: href } : { href }),
      collapsed: (flags & COLLAPSED) !== 0,
      collapsible: (flags & COLLAPSIBLE) !== 0,
      ...(className === undefined ? {} : { className }),
      items: items === 0 ? [] : fromPackedSidebar(items),
      ...(items === 0 ? { itemsOmitted: true } : {}),
    };
  });
}
