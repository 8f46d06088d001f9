import { existsSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Where docgen keeps its cache for a site: compiled content, the server bundle, the last build.
 * Looks on disk: inside `node_modules/.cache` when the site has node_modules, else `.docgen`.
 */
export function findCacheDir(siteDir: string): string {
  return existsSync(join(siteDir, 'node_modules')) ? join(siteDir, 'node_modules', '.cache', 'docgen') : join(siteDir, '.docgen');
}
