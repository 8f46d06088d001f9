import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { inflateSync } from 'node:zlib';
import {
  getSearchChunkRange,
  getSearchFileName,
  getSearchPackName,
  type SearchDetailChunk,
  type SearchDirectory,
  type SearchFileSource,
  type SearchManifest,
} from '@docgen/shared/search';

/**
 * Everything a scope's sharded search index holds, as one text: its manifest, its term shards, its
 * directories and detail chunks (titles, headings, URLs, the start of each section's text), for
 * tests that ask whether something was indexed. `manifestFile` is the scope's manifest in the build.
 */
export function readSearchIndexText(manifestFile: string): string {
  const filesDir = getSearchFilesDir(manifestFile);
  const manifest = readManifest(manifestFile);
  const shards = manifest.shardFiles.map((hash) => readFileSync(join(filesDir, getSearchFileName(hash)), 'utf8'));
  const details = readDirectories(manifest, filesDir).flatMap(({ text, chunks }) => [
    text,
    ...chunks.map((chunk) => JSON.stringify(chunk)),
  ]);
  return [readFileSync(manifestFile, 'utf8'), ...shards, ...details].join('\n');
}

/** The folder of every scope's search files (`_docgen/search/files/`, beside the folders of build ids). */
export function getSearchFilesDir(manifestFile: string): string {
  return join(dirname(dirname(manifestFile)), 'files');
}

/** The names of the files in `_docgen/search/files/` the index whose manifest is `manifestFile` holds: its shards, directories and packs. */
export function listSearchIndexFiles(manifestFile: string): string[] {
  const manifest = readManifest(manifestFile);
  const filesDir = getSearchFilesDir(manifestFile);
  const names = manifest.shardFiles.map(getSearchFileName);
  for (const { name, directory } of readDirectories(manifest, filesDir)) names.push(name, getSearchPackName(directory.pack));
  return names;
}

/** The paths of the pages the index whose manifest is `manifestFile` holds, from its detail chunks. */
export function readSearchIndexPaths(manifestFile: string): string[] {
  return readDirectories(readManifest(manifestFile), getSearchFilesDir(manifestFile)).flatMap(({ chunks }) =>
    chunks.flatMap((chunk) => chunk.map(([, path]) => path)),
  );
}

/** The search files in the folder `filesDir`, read as a browser reads them over HTTP (see createShardedSearch). */
export function createFolderSearchSource(filesDir: string): SearchFileSource {
  return {
    json: async (name) => JSON.parse(readFileSync(join(filesDir, name), 'utf8')) as unknown,
    chunk: async (name, start, end) => unpackChunk(readFileSync(join(filesDir, name)).subarray(start, end)),
  };
}

/** A detail chunk's bytes (a byte range of its pack), unpacked and parsed. */
export function unpackChunk(bytes: Uint8Array): SearchDetailChunk {
  return JSON.parse(inflateSync(bytes).toString('utf8')) as SearchDetailChunk;
}

function readManifest(manifestFile: string): SearchManifest {
  return JSON.parse(readFileSync(manifestFile, 'utf8')) as SearchManifest;
}

/** Each directory of an index: its file name and text, and the detail chunks of its pack. */
function readDirectories(manifest: SearchManifest, filesDir: string) {
  return manifest.directories.map((hash) => {
    const name = getSearchFileName(hash);
    const text = readFileSync(join(filesDir, name), 'utf8');
    const directory = JSON.parse(text) as SearchDirectory;
    const pack = readFileSync(join(filesDir, getSearchPackName(directory.pack)));
    const chunks = directory.ends.map((_, at) => unpackChunk(pack.subarray(...getSearchChunkRange(directory.ends, at))));
    return { name, text, directory, chunks };
  });
}
