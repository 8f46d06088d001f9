import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { getSearchFileName, type SearchDetailChunk, type SearchManifest } from '@docgen/shared/search';

/**
 * Everything a scope's sharded search index holds, as one text: its manifest, its term shards, its
 * directories and detail chunks (titles, headings, URLs, the start of each section's text), for
 * tests that ask whether something was indexed. `manifestFile` is the scope's manifest in the build.
 */
export function readSearchIndexText(manifestFile: string): string {
  const names = listSearchIndexFiles(manifestFile);
  const filesDir = getSearchFilesDir(manifestFile);
  return [readFileSync(manifestFile, 'utf8'), ...names.map((name) => readFileSync(join(filesDir, name), 'utf8'))].join('\n');
}

/** The folder of every scope's search files (`_docgen/search/files/`, beside the folders of build ids). */
export function getSearchFilesDir(manifestFile: string): string {
  return join(dirname(dirname(manifestFile)), 'files');
}

/** The names of the files in `_docgen/search/files/` the index whose manifest is `manifestFile` holds (its directories read to find its chunks). */
export function listSearchIndexFiles(manifestFile: string): string[] {
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as SearchManifest;
  const filesDir = getSearchFilesDir(manifestFile);
  const names = manifest.shardFiles.map(getSearchFileName);
  for (const directory of manifest.directories) {
    const name = getSearchFileName(directory);
    const chunks = JSON.parse(readFileSync(join(filesDir, name), 'utf8')) as string[];
    names.push(name, ...chunks.map(getSearchFileName));
  }
  return names;
}

/** The paths of the pages the index whose manifest is `manifestFile` holds, from its detail chunks. */
export function readSearchIndexPaths(manifestFile: string): string[] {
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as SearchManifest;
  const filesDir = getSearchFilesDir(manifestFile);
  const read = (hash: string) => JSON.parse(readFileSync(join(filesDir, getSearchFileName(hash)), 'utf8')) as unknown;
  return manifest.directories.flatMap((directory) =>
    (read(directory) as string[]).flatMap((chunk) => (read(chunk) as SearchDetailChunk).map(([, path]) => path)),
  );
}
