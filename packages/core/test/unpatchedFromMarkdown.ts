/**
 * mdast-util-from-markdown as published, without docgen's patch (patches/, applied by pnpm's
 * patchedDependencies), for the differential tests.
 *
 * pnpm applies a patch to every install of the package at that version, an npm alias included,
 * so the published code is made here instead: the patch's hunks for the `lib/index.js` loaded here
 * (`dev/lib/index.js` under the `development` condition), undone on the installed (patched) file, give the published file back byte for byte (its SHA-256 is
 * checked), which is written to a temporary folder with its imports pointed at the installed
 * packages, and imported.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Root as MdastRoot } from 'mdast';
import { makeTempDir } from './helpers.js';

/** `fromMarkdown` of mdast-util-from-markdown (not a dependency of core's own: remark-parse's). */
export type FromMarkdown = (value: string, options?: object) => MdastRoot;

const PATCH = fileURLToPath(new URL('../../../patches/mdast-util-from-markdown@2.1.0.patch', import.meta.url));
/** SHA-256 of the published mdast-util-from-markdown 2.1.0's builds, by path in its tarball. */
export const PUBLISHED_SHA256: Record<string, string> = {
  'lib/index.js': 'dd0cd20672558ab4ca548b4f7e442e850863228915fff8eafd6d987d29fb107b',
  // Loaded under the `development` condition (as vitest resolves).
  'dev/lib/index.js': 'c05ff75bbc99fbae60f4bcf53bc29edc7ab20f3750c7f3bc3ed6381e2f7627dd',
};

/**
 * The build of mdast-util-from-markdown that remark-parse, and so docgen, loads here: its
 * `lib/index.js` as an absolute path and as a path in the package.
 */
export function getInstalledLib(): { path: string; inPackage: string } {
  const fromCore = createRequire(fileURLToPath(new URL('../package.json', import.meta.url)));
  const entry = createRequire(fromCore.resolve('remark-parse')).resolve('mdast-util-from-markdown');
  let root = dirname(entry);
  while (!existsSync(join(root, 'package.json'))) root = dirname(root);
  const path = join(dirname(entry), 'lib/index.js');
  return { path, inPackage: relative(root, path).split(sep).join('/') };
}

/** The hunks of a unified diff for one file, each as the lines before and after it. */
function readHunks(patch: string, file: string): { before: string; after: string }[] {
  const section = patch.split(/^diff --git /m).find((part) => part.startsWith(`a/${file} b/${file}`));
  if (!section) throw new Error(`The patch has no hunks for ${file}`);
  return section
    .split(/^@@[^\n]*@@[^\n]*\n/m)
    .slice(1)
    .map((hunk) => {
      const before: string[] = [];
      const after: string[] = [];
      for (const line of hunk.replace(/\n$/, '').split('\n')) {
        if (line.startsWith('\\')) continue;
        if (line[0] !== '+') before.push(line.slice(1));
        if (line[0] !== '-') after.push(line.slice(1));
      }
      return { before: before.join('\n'), after: after.join('\n') };
    });
}

/** The patched `lib/index.js` with every hunk of the patch undone. */
export function readUnpatchedLib(): { inPackage: string; patched: string; unpatched: string } {
  const { path, inPackage } = getInstalledLib();
  const patched = readFileSync(path, 'utf8');
  let unpatched = patched;
  for (const { before, after } of readHunks(readFileSync(PATCH, 'utf8'), inPackage)) {
    if (unpatched.split(after).length !== 2) throw new Error(`A hunk of the patch is not found once in the installed ${path}`);
    unpatched = unpatched.replace(after, () => before);
  }
  return { inPackage, patched, unpatched };
}

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** The published `fromMarkdown`, loaded from the unpatched file with its imports resolved where the installed package resolves them. */
export async function loadUnpatchedFromMarkdown(): Promise<FromMarkdown> {
  const { inPackage, unpatched } = readUnpatchedLib();
  if (sha256(unpatched) !== PUBLISHED_SHA256[inPackage]) throw new Error(`Undoing the patch did not give the published ${inPackage}`);
  const require = createRequire(getInstalledLib().path);
  const code = unpatched.replace(/^(import [^\n]* from )'([^'.][^']*)'/gm, (_, head: string, specifier: string) => {
    return `${head}${JSON.stringify(require.resolve(specifier))}`;
  });
  const file = join(makeTempDir('docgen-unpatched-'), 'from-markdown.js');
  writeFileSync(file, code);
  return ((await import(/* @vite-ignore */ file)) as { fromMarkdown: FromMarkdown }).fromMarkdown;
}
