import { readFileSync } from 'node:fs';
import { SourceMap, type SourceMapPayload, type SourceMapping } from 'node:module';
import { pathToFileURL } from 'node:url';
import type { SourceLocation } from '@docgen/types';
import { SITE_NAMESPACE } from '../files/index.js';

/**
 * Where in the site's own code (a component override, a component page, a component of the
 * content) `error` was thrown: the innermost frame of its stack in a server bundle (the theme's,
 * the content components') that the bundle's source map (`<bundlePath>.map`) traces to a site file.
 * Undefined when none does, or the map is missing.
 */
export function findSiteFrame(error: unknown, bundlePath: string | undefined): SourceLocation | undefined {
  const stack = (error as Error | undefined)?.stack;
  if (!bundlePath || typeof stack !== 'string') return undefined;
  let map: SourceMap;
  try {
    map = new SourceMap(JSON.parse(readFileSync(`${bundlePath}.map`, 'utf8')) as SourceMapPayload);
  } catch {
    return undefined;
  }
  const bundleUrl = pathToFileURL(bundlePath).href;
  for (const [, url, line, column] of stack.matchAll(/(file:\/\/[^\s()]+?):(\d+):(\d+)/g)) {
    if (url!.replace(/\?.*$/, '') !== bundleUrl) continue;
    const entry = map.findEntry(Number(line) - 1, Number(column) - 1) as Partial<SourceMapping>;
    const file = entry.originalSource === undefined ? undefined : fromSiteNamespace(entry.originalSource);
    if (file === undefined || entry.originalLine === undefined) continue;
    return { file, line: entry.originalLine + 1, column: (entry.originalColumn ?? 0) + 1 };
  }
  return undefined;
}

/** How the bundles name the site's own modules. */
const SITE_MODULE_PREFIX = `${SITE_NAMESPACE}:`;

/** The site file a source of a bundle's map is, when it is one: `…docgen-site:src/theme/X.tsx`. */
function fromSiteNamespace(source: string): string | undefined {
  const at = source.indexOf(SITE_MODULE_PREFIX);
  return at < 0 ? undefined : source.slice(at + SITE_MODULE_PREFIX.length);
}
