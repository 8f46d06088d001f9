import type { TocItem } from '@docgen/types';
import type { Element, ElementContent, Root as HastRoot, RootContent } from 'hast';
import { walkTree } from './walk.js';

/** Fills `<TOCInline>` (a `docgen-toc-inline` element) with the page's headings, once each has its id. */
export function fillTocInline(hast: HastRoot, headings: TocItem[]): void {
  walkTree<HastRoot | RootContent, HastRoot | Element>(hast, hast, (node, parent) => {
    if (node.type !== 'element') return undefined;
    if (node.tagName !== 'docgen-toc-inline') return node;
    const min = Number(node.properties.min) || 2;
    const max = Number(node.properties.max) || 3;
    const shown = headings.filter((heading) => heading.level >= min && heading.level <= max);
    const list = toTocList(shown, 0);
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

function toTocList(headings: TocItem[], start: number): Element | undefined {
  if (start >= headings.length) return undefined;
  const level = headings[start]!.level;
  const items: Element[] = [];
  let index = start;
  while (index < headings.length && headings[index]!.level >= level) {
    const heading = headings[index]!;
    const item: Element = {
      type: 'element',
      tagName: 'li',
      properties: {},
      children: [
        { type: 'element', tagName: 'a', properties: { href: `#${heading.id}` }, children: [{ type: 'text', value: heading.value }] },
      ],
    };
    index++;
    const deeper = headings.slice(index).findIndex((next) => next.level <= level);
    const end = deeper === -1 ? headings.length : index + deeper;
    if (end > index) {
      const nested = toTocList(headings.slice(0, end), index);
      if (nested) item.children.push(nested);
      index = end;
    }
    items.push(item);
  }
  return { type: 'element', tagName: 'ul', properties: {}, children: items };
}
