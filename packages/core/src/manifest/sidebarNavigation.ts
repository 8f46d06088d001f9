/**
 * What a doc page shows of its sidebar: the version's main doc, the previous and next pages in
 * sidebar order, the breadcrumbs, and the cards of a category's page.
 */
import type { Diagnostic, LoadedDoc, Sidebar, SidebarItem } from '@docgen/types';
import { getSidebarFirstPath } from './props.js';

/** The doc served at the version root, else the first doc of the first sidebar. */
export function getMainDocId(sidebars: Record<string, Sidebar>, docs: LoadedDoc[], versionPath: string): string {
  const rootDoc = docs.find((doc) => doc.permalink === versionPath || doc.permalink === `${versionPath}/`);
  if (rootDoc) return rootDoc.id;
  for (const sidebar of Object.values(sidebars)) {
    const first = findFirst(sidebar);
    if (first) {
      const doc = docs.find((candidate) => candidate.permalink === first);
      if (doc) return doc.id;
    }
  }
  return docs[0]?.id ?? '';
}

function findFirst(items: SidebarItem[]): string | undefined {
  for (const item of items) {
    if (item.type === 'link' && item.docId) return item.href;
    if (item.type === 'category') {
      const inner = item.href ?? findFirst(item.items);
      if (inner) return inner;
    }
  }
  return undefined;
}

export function forEachItem(items: SidebarItem[], visit: (item: SidebarItem) => void): void {
  for (const item of items) {
    visit(item);
    if (item.type === 'category') forEachItem(item.items, visit);
  }
}

/** The pages of a sidebar in reading order: docs and category pages. */
function getNavigablePages(items: SidebarItem[], out: { title: string; path: string }[] = []) {
  for (const item of items) {
    if (item.type === 'link') {
      if (item.docId) out.push({ title: item.label, path: item.href });
    } else {
      if (item.href) out.push({ title: item.label, path: item.href });
      getNavigablePages(item.items, out);
    }
  }
  return out;
}

type Crumb = { label: string; href?: string };

/**
 * Where each page of a sidebar is: its place in reading order and the trail of categories above
 * it (the first place a path appears at wins). Made once per sidebar, not once per page.
 */
export interface SidebarIndex {
  pages: { title: string; path: string }[];
  order: Map<string, number>;
  trails: Map<string, Crumb[]>;
}

export function toSidebarIndex(sidebar: Sidebar): SidebarIndex {
  const pages = getNavigablePages(sidebar);
  const order = new Map<string, number>();
  pages.forEach((page, position) => order.has(page.path) || order.set(page.path, position));
  const trails = new Map<string, Crumb[]>();
  const walk = (items: SidebarItem[], trail: Crumb[]) => {
    for (const item of items) {
      const page = item.type === 'category' ? (item.href ?? item.indexHref) : item.href;
      if (page !== undefined && !trails.has(page)) trails.set(page, [...trail, { label: item.label }]);
      if (item.type === 'category') walk(item.items, [...trail, { label: item.label, href: item.href }]);
    }
  };
  walk(sidebar, []);
  return { pages, order, trails };
}

export function getPreviousNext({ pages, order }: SidebarIndex, path: string) {
  const index = order.get(path);
  if (index === undefined) return {};
  return { previous: pages[index - 1], next: pages[index + 1] };
}

export function getBreadcrumbs(index: SidebarIndex, path: string, ownLabel: string): Crumb[] {
  return index.trails.get(path)?.map((crumb) => ({ ...crumb })) ?? [{ label: ownLabel }];
}

/**
 * The cards of a doc's `<DocCardList />`: the items of the category of its sidebar whose page the
 * doc is, as Docusaurus's `useCurrentSidebarCategory()` finds it. A doc that is no category's page
 * gets none, with a warning.
 */
export function getDocCards(doc: LoadedDoc, sidebars: Record<string, Sidebar>, docsById: Map<string, LoadedDoc>, warnings: Diagnostic[]) {
  let category: (SidebarItem & { type: 'category' }) | undefined;
  const sidebar = doc.sidebarId === undefined ? undefined : sidebars[doc.sidebarId];
  if (sidebar) {
    forEachItem(sidebar, (item) => {
      if (!category && item.type === 'category' && item.href === doc.permalink) category = item;
    });
  }
  if (category) return category.items.map((item) => toCategoryCard(item, docsById));
  warnings.push({
    severity: 'warning',
    code: 'doc-card-list-no-category',
    message: '<DocCardList /> shows the items of the sidebar category whose page this doc is, and this doc is the page of no category',
    hint: "Make the doc its category's page (link: {type: doc, id} in the sidebar or _category_.yaml, or an index.md in the folder), or pass the cards: <DocCardList items={[...]} />.",
    location: { file: doc.sourcePath, line: 1, column: 1 },
  });
  return [];
}

export function toCategoryCard(item: SidebarItem, docsById: Map<string, LoadedDoc>) {
  if (item.type === 'link') {
    const doc = item.docId ? docsById.get(item.docId) : undefined;
    return { title: item.label, description: doc?.description ?? item.href, path: item.href };
  }
  const count = getNavigablePages(item.items).length;
  return { title: item.label, description: '', count, path: item.href ?? item.indexHref ?? getSidebarFirstPath(item.items) ?? '' };
}
