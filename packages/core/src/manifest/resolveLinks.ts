import { existsSync } from 'node:fs';
import { join, posix } from 'node:path';
import type { Element, Root as HastRoot } from 'hast';
import type { AssetFile, LinkSource, ResolvedLink } from '@docgen/types';
import { decodePath, isExternalUrl } from '@docgen/shared';
import { hashOf, type LocaleContext } from './context.js';
import type { PendingRoute } from './pendingRoute.js';

/**
 * Resolves the links of every route of a locale: relative `.md` links become the URL of the page
 * built from that file (in the same locale and version), absolute paths get the locale base,
 * relative images are copied as assets. Rewrites the route's hast (on a copy) and returns what
 * each source links to, for the link checker.
 */
export function resolveLinks(context: LocaleContext, routes: PendingRoute[], assets: Map<string, AssetFile>): LinkSource[] {
  const pathByFile = new Map<string, string>();
  for (const pending of routes) {
    if (pending.linkBase && !pending.canonicalPath) pathByFile.set(pending.linkBase, pending.route.path);
  }
  const linkSources: LinkSource[] = [];
  for (const pending of routes) {
    if (pending.canonicalPath) continue;
    const resolved = new Map<string, ResolvedLink>();
    const resolve = (url: string, kind: 'link' | 'image', line = 0, column = 0): ResolvedLink => {
      const known = resolved.get(url);
      if (known) return { ...known, line, column };
      const link = resolveUrl(context, pending, url, kind, pathByFile, assets);
      resolved.set(url, link);
      return { ...link, line, column };
    };
    const links = pending.links.map((link) => resolve(link.url, link.kind, link.line, link.column));
    for (const [name, slot] of Object.entries(pending.route.slots)) {
      pending.route.slots[name] = rewriteUrls(slot, (url, kind) => resolve(url, kind).target) as HastRoot;
    }
    if (links.length > 0) {
      linkSources.push({ sourcePath: pending.route.sources[0]!, pagePath: pending.route.path, links });
    }
  }
  return linkSources;
}

function resolveUrl(
  context: LocaleContext,
  pending: PendingRoute,
  url: string,
  kind: 'link' | 'image',
  pathByFile: Map<string, string>,
  assets: Map<string, AssetFile>,
): ResolvedLink {
  const base: ResolvedLink = { url, kind, line: 0, column: 0 };
  if (isExternalUrl(url)) return base;
  const hashIndex = url.indexOf('#');
  const hash = hashIndex >= 0 ? url.slice(hashIndex) : '';
  const pathPart = (hashIndex >= 0 ? url.slice(0, hashIndex) : url).split('?')[0]!;
  if (pathPart === '') return { ...base, target: pending.route.path + decodeHash(hash) };
  if (pathPart.startsWith('/')) return { ...base, target: decodePath(context.localizePath(pathPart)) + decodeHash(hash) };
  if (!pending.linkBase) return { ...base, unresolved: 'a relative link in a page without a source file' };

  const filePath = posix.normalize(posix.join(posix.dirname(pending.linkBase), decodePath(pathPart)));
  if (/\.mdx?$/.test(filePath)) {
    const target = pathByFile.get(filePath);
    return target === undefined
      ? { ...base, unresolved: `no page is built from ${filePath}` }
      : { ...base, target: target + decodeHash(hash) };
  }
  const siteDir = context.input.siteDir;
  const absolutePath = join(siteDir, filePath);
  if (filePath.startsWith('..') || !existsSync(absolutePath)) {
    return { ...base, unresolved: `file ${filePath} does not exist` };
  }
  const outputPath = `assets/files/${hashOf(filePath, 8)}-${posix.basename(filePath)}`;
  assets.set(outputPath, { absolutePath, outputPath });
  return { ...base, target: context.input.config.baseUrl + outputPath };
}

/**
 * Rewrites `a[href]` and `img[src]` without touching the input: compiled trees are shared between
 * locales (a fallback page reuses the default locale's tree), so only the path from the root to a
 * changed element is copied.
 */
function rewriteUrls(node: HastRoot | Element, resolve: (url: string, kind: 'link' | 'image') => string | undefined): HastRoot | Element {
  let properties = node.type === 'element' ? node.properties : undefined;
  if (node.type === 'element' && (node.tagName === 'a' || node.tagName === 'img')) {
    const key = node.tagName === 'img' ? 'src' : 'href';
    const value = node.properties[key];
    if (typeof value === 'string' && value !== '') {
      const target = resolve(value, node.tagName === 'img' ? 'image' : 'link');
      if (target !== undefined && target !== value) properties = { ...node.properties, [key]: target };
    }
  }
  let children = node.children;
  node.children.forEach((child, index) => {
    if (child.type !== 'element') return;
    const next = rewriteUrls(child, resolve) as Element;
    if (next === child) return;
    if (children === node.children) children = [...node.children];
    children[index] = next;
  });
  if (children === node.children && (node.type === 'root' || properties === node.properties)) return node;
  return node.type === 'root'
    ? { ...node, children: children as HastRoot['children'] }
    : { ...node, properties: properties!, children: children as Element['children'] };
}

function decodeHash(hash: string): string {
  return hash === '' ? '' : `#${decodePath(hash.slice(1))}`;
}
