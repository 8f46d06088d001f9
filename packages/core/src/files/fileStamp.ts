import { statSync } from 'node:fs';

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
