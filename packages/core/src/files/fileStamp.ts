import { statSync } from 'node:fs';
import { fg } from '../vendor/fastGlob.js';

/**
 * What a file is now, to tell later whether it changed: its size and modification time, or
 * `gone` when there is no file (a bundle kept by a builder that runs again checks the files it
 * was made from this way).
 */
export function readFileStamp(path: string): string {
  try {
    const stats = statSync(path);
    return `${stats.size}:${stats.mtimeMs}`;
  } catch {
    return 'gone';
  }
}

/**
 * Every file under `cwd` (symbolic links followed) but those of `ignore` (globs), a line each in
 * path order: its path after `prefix`, its size and its modification time.
 */
export function listFileStamps(cwd: string, prefix: string, ignore: string[] = []): string {
  const entries = fg.sync(['**/*'], { cwd, ignore, onlyFiles: true, dot: true, stats: true, followSymbolicLinks: true });
  entries.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return entries.map((entry) => `${prefix}${entry.path}\0${entry.stats!.size}\0${entry.stats!.mtimeMs}\n`).join('');
}
