import type { TocItem } from '@docgen/types';

/** A heading of a table of contents, with those listed under it. */
export interface TocNode extends TocItem {
  children: TocNode[];
}

/**
 * Headings as a tree, as Docusaurus makes one of a flat `toc`: each under the nearest heading
 * before it of a lower level, at the top when there is none (a list that starts at an h3 keeps the
 * h2 after it at the top too). The page's table of contents and `<TOCInline>` are made alike.
 */
export function toTocTree(items: readonly TocItem[]): TocNode[] {
  const roots: TocNode[] = [];
  const stack: TocNode[] = [];
  for (const item of items) {
    const node: TocNode = { ...item, children: [] };
    while (stack.length > 0 && stack[stack.length - 1]!.level >= node.level) stack.pop();
    (stack.length > 0 ? stack[stack.length - 1]!.children : roots).push(node);
    stack.push(node);
  }
  return roots;
}
