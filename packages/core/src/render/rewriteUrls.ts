import type { Element, Root as HastRoot } from 'hast';
import type { ContentSlot } from '@docgen/types';

/**
 * Gives `a[href]` and `img[src]` the URLs the manifest resolved them to, without touching the
 * input: compiled content is shared between routes (a fallback page shows the default locale's
 * content), so only the path from the root to a changed element is copied.
 */
export function rewriteUrls(root: HastRoot, slot: Pick<ContentSlot, 'hrefs' | 'srcs'>): HastRoot {
  const rewrite = <T extends HastRoot | Element>(node: T): T => {
    let properties = node.type === 'element' ? node.properties : undefined;
    if (node.type === 'element' && (node.tagName === 'a' || node.tagName === 'img')) {
      const key = node.tagName === 'img' ? 'src' : 'href';
      const value = node.properties[key];
      const target = typeof value === 'string' ? (key === 'src' ? slot.srcs : slot.hrefs)[value] : undefined;
      if (target !== undefined && Object.hasOwn(key === 'src' ? slot.srcs : slot.hrefs, value as string)) {
        properties = { ...node.properties, [key]: target };
      }
    }
    let children = node.children;
    node.children.forEach((child, index) => {
      if (child.type !== 'element') return;
      const next = rewrite(child);
      if (next === child) return;
      if (children === node.children) children = [...node.children];
      children[index] = next;
    });
    if (children === node.children && (node.type === 'root' || properties === node.properties)) return node;
    return { ...node, ...(properties ? { properties } : {}), children } as T;
  };
  return Object.keys(slot.hrefs).length === 0 && Object.keys(slot.srcs).length === 0 ? root : rewrite(root);
}
