import { readdirSync } from 'node:fs';
import { join } from 'node:path';

// Imports nothing of docgen: the listing thread (listWorker.ts) loads this module alone.

/**
 * The files of a folder and its folders, as paths relative to it with `/` (dot files too; links
 * are not followed, and neither links nor other special files are listed). Half the time of a
 * glob over an output of tens of thousands of files.
 */
export function listFiles(dir: string): string[] {
  const files: string[] = [];
  const walk = (relativeDir: string) => {
    for (const entry of readdirSync(relativeDir === '' ? dir : join(dir, relativeDir), { withFileTypes: true })) {
      const path = relativeDir === '' ? entry.name : `${relativeDir}/${entry.name}`;
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile()) files.push(path);
    }
  };
  walk('');
  return files;
}
