import { toTocTree, type TocNode } from '@docgen/shared/toc';
import type { TocItem } from '@docgen/types';
import type { Element, ElementContent, Root as HastRoot, RootContent } from 'hast';
import { walkTree } from './walk.js';

/**
 * Fills `<TOCInline>` (a `docgen-toc-inline` element) with the page's headings, once each has its
 * id; or, when it was given entries (its `toc` prop: the page's `toc` or part of it), with those,
 * each a heading's text when the page has a heading of its id.
 */
export function fillTocInline(hast: HastRoot, headings: TocItem[]): void {
  const byId = new Map(headings.map((heading) => [heading.id, heading]));
  walkTree<HastRoot | RootContent, HastRoot | Element>(hast, hast, (node, parent) => {
    if (node.type !== 'element') return undefined;
    if (node.tagName !== 'docgen-toc-inline') return node;
    const min = Number(node.properties.min) || 2;
    const max = Number(node.properties.max) || 3;
    const given = typeof node.properties.entries === 'string' ? (JSON.parse(node.properties.entries) as (TocItem | null)[]) : undefined;
    const listed = given ? given.flatMap((entry) => (entry ? [byId.get(entry.id) ?? entry] : [])) : headings;
    const shown = listed.filter((heading) => heading.level >= min && heading.level <= max);
    const list = toTocList(shown);
    const siblings = parent.children as ElementContent[];
    siblings[siblings.indexOf(node)] = {
      type: 'element',
      tagName: 'div',
      properties: { className: ['toc-inline'] },
      children: list ? [list] : [],
    };
    return undefined;
  });
}

/** Whether the tree holds an element named `tagName` (`doc-card-list`, which the manifest fills), or one that `tagName` accepts. */
export function hasElement(hast: HastRoot, tagName: string | ((element: Element) => boolean)): boolean {
  const matches = typeof tagName === 'string' ? (element: Element) => element.tagName === tagName : tagName;
  let found = false;
  walkTree<HastRoot | RootContent, true>(hast, true, (node) => {
    if (found || node.type !== 'element') return undefined;
    if (matches(node)) found = true;
    return found ? undefined : true;
  });
  return found;
}

/** The headings as nested lists (see toTocTree); undefined when there is none. */
function toTocList(headings: readonly TocItem[]): Element | undefined {
  if (headings.length === 0) return undefined;
  const toList = (nodes: TocNode[]): Element => ({
    type: 'element',
    tagName: 'ul',
    properties: {},
    children: nodes.map((node) => ({
      type: 'element',
      tagName: 'li',
      properties: {},
      children: [
        { type: 'element', tagName: 'a', properties: { href: `#${node.id}` }, children: [{ type: 'text', value: node.value }] },
        ...(node.children.length > 0 ? [toList(node.children)] : []),
      ],
    })),
  });
  return toList(toTocTree(headings));
}
