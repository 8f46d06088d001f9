import { fstatSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve, sep } from 'node:path';
import { isInsideFolder } from '../files/index.js';

export interface WatchIgnoreOptions {
  siteDir: string;
  /** The site's cache folder (compiled content, the dev server's own output). */
  cacheDir: string;
  /** The theme's source folder: always watched, wherever it is. */
  themeSourceDir: string;
  /** The output folder the last `docgen build` recorded (`readRecordedOutDir`), if any. */
  recordedOutDir: string | undefined;
}

/**
 * What the dev server's watcher leaves out, by absolute path: the site's cache folder, the
 * output folders of `docgen build` (`<site>/build` and the folder the last build recorded) with
 * what builds write beside them (`.<name>.docgen-tmp-<pid>.<start>` staging folders, the
 * `.<name>.docgen-lock` lock), and `node_modules` and `.git` folders, which no listing of
 * content reads. A folder named `build` anywhere else (for example
 * `docs/guides/build/`) is content like any other and is watched.
 */
export function createWatchIgnore({ siteDir, cacheDir, themeSourceDir, recordedOutDir }: WatchIgnoreOptions): (path: string) => boolean {
  const site = resolve(siteDir);
  const theme = resolve(themeSourceDir);
  const outputs = [join(site, 'build'), recordedOutDir].filter((dir): dir is string => dir !== undefined);
  const ignoredFolders = [resolve(cacheDir), ...outputs];
  const staging = outputs.map((dir) => ({ parent: dirname(resolve(dir)), prefix: `.${basename(dir)}.docgen-` }));
  return (path: string) => {
    const absolute = resolve(path);
    if (isInsideFolder(absolute, theme)) return false;
    if (ignoredFolders.some((folder) => isInsideFolder(absolute, folder))) return true;
    if (staging.some(({ parent, prefix }) => absolute.startsWith(join(parent, prefix)))) return true;
    if (!isInsideFolder(absolute, site)) return false;
    return absolute
      .slice(site.length)
      .split(sep)
      .some((part) => part === 'node_modules' || part === '.git');
  };
}

/**
 * Whether a changed file is where this process's own output goes (`docgen serve --watch > dev.log`
 * in the site folder): each line the server prints would be a change, whose rebuild prints a line.
 * Files are compared by device and inode, so any name or link of the file counts.
 */
export function createOwnOutputTest(): (path: string) => boolean {
  const outputs = [1, 2].flatMap((fd) => {
    try {
      const stats = fstatSync(fd);
      return stats.isFile() ? [{ dev: stats.dev, ino: stats.ino }] : [];
    } catch {
      return [];
    }
  });
  return (path) => {
    if (outputs.length === 0) return false;
    const stats = statSync(path, { throwIfNoEntry: false });
    return stats !== undefined && outputs.some(({ dev, ino }) => stats.dev === dev && stats.ino === ino);
  };
}
