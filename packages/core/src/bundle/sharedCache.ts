import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The cache folder that every site built with this installation of docgen shares (portable theme
 * bundles, the theme's browser-only bundles): the folder DOCGEN_SHARED_CACHE names (`off`: none),
 * else docgen's own `node_modules/.cache/docgen`, when it can be written.
 */
export function findSharedCacheDir(): string | undefined {
  const named = process.env.DOCGEN_SHARED_CACHE;
  if (named !== undefined && named !== '') return named === 'off' ? undefined : resolve(named);
  const own = fileURLToPath(new URL('../../node_modules/.cache/docgen', import.meta.url));
  try {
    mkdirSync(own, { recursive: true });
    return own;
  } catch {
    return undefined;
  }
}
