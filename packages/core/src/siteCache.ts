/** The folder of a site's docgen cache. */
import { existsSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** Where docgen keeps its cache for a site: compiled content, the server bundle, the last build. */
export function getCacheDir(siteDir: string): string {
  return existsSync(join(siteDir, 'node_modules')) ? join(siteDir, 'node_modules', '.cache', 'docgen') : join(siteDir, '.docgen');
}

/** `docgen clear`: deletes the site's cache. Returns the folder when there was one. */
export function clearCache(siteDir: string): string | undefined {
  const dir = getCacheDir(resolve(siteDir));
  if (!existsSync(dir)) return undefined;
  rmSync(dir, { recursive: true, force: true });
  return dir;
}
