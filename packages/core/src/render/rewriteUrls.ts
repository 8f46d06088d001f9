import type { Element, Root as HastRoot } from 'hast';
import type { ContentSlot } from '@docgen/types';
import { SITE_ALIAS } from '../files/index.js';

/**
 * Gives `a[href]` and `img[src]` the URLs the manifest resolved them to, without touching the
 * input: compiled content is shared between routes (a fallback page shows the default locale's
 * content), so only the path from the root to a changed element is copied. A file an MDX page
 * imports is written `@site/<path>` wherever the page uses it (`<video src>`, a site component's
 * props): every such value takes its resolved URL, in any attribute and in an island's props.
 */
export function rewriteUrls(root: HastRoot, slot: Pick<ContentSlot, 'hrefs' | 'srcs'>): HastRoot {
  const siteFiles = [slot.srcs, slot.hrefs].some((urls) => Object.keys(urls).some((url) => url.startsWith(SITE_ALIAS)));
  const resolveSiteFile = (value: string): string | undefined =>
    Object.hasOwn(slot.srcs, value) ? slot.srcs[value] : Object.hasOwn(slot.hrefs, value) ? slot.hrefs[value] : undefined;
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
    if (node.type === 'element' && siteFiles) properties = rewriteSiteFiles(node.tagName, properties!, resolveSiteFile);
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

/** An element's properties with every `@site/` value resolved, in an island's JSON props too; the same object when none is. */
function rewriteSiteFiles(
  tagName: string,
  properties: Element['properties'],
  resolve: (value: string) => string | undefined,
): Element['properties'] {
  let rewritten = properties;
  for (const [name, value] of Object.entries(properties)) {
    let target: string | undefined;
    if (typeof value === 'string' && value.startsWith(SITE_ALIAS)) target = resolve(value);
    else if (tagName === 'island' && name === 'props' && typeof value === 'string' && value.includes(`"${SITE_ALIAS}`)) {
      const props = JSON.stringify(replaceStrings(JSON.parse(value), resolve));
      if (props !== value) target = props;
    }
    if (target !== undefined) rewritten = { ...rewritten, [name]: target };
  }
  return rewritten;
}

/** A JSON value with each `@site/` string that `resolve` knows replaced. */
function replaceStrings(value: unknown, resolve: (value: string) => string | undefined): unknown {
  if (typeof value === 'string') return value.startsWith(SITE_ALIAS) ? (resolve(value) ?? value) : value;
  if (Array.isArray(value)) return value.map((item) => replaceStrings(item, resolve));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, replaceStrings(item, resolve)]));
  }
  return value;
}
