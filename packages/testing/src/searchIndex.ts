import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { getDetailFileName, getShardFileName, type SearchManifest } from '@docgen/shared/search';

/**
 * Everything a scope's sharded search index holds, as one text: its manifest, its term shards and
 * its detail chunks (titles, headings, URLs, the start of each section's text), for tests that ask
 * whether something was indexed. `manifestFile` is the scope's manifest in the build.
 */
export function readSearchIndexText(manifestFile: string): string {
  const filesDir = join(dirname(dirname(manifestFile)), 'files');
  const names = listSearchIndexFiles(readFileSync(manifestFile, 'utf8'));
  return [readFileSync(manifestFile, 'utf8'), ...names.map((name) => readFileSync(join(filesDir, name), 'utf8'))].join('\n');
}

/** The names of the files (in `_docgen/search/files/`, beside the folders of build ids) a scope's manifest names. */
export function listSearchIndexFiles(manifestText: string): string[] {
  const manifest = JSON.parse(manifestText) as SearchManifest;
  return [
    ...manifest.shards.map((_, index) => getShardFileName(manifest.files, index)),
    ...Array.from({ length: manifest.details }, (_, index) => getDetailFileName(manifest.files, index)),
  ];
}
