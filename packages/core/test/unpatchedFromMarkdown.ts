/**
 * mdast-util-from-markdown, micromark and micromark-util-subtokenize as published, without
 * docgen's patches (patches/, applied by pnpm's patchedDependencies), for the differential tests.
 *
 * pnpm applies a patch to every install of the package at that version, an npm alias included,
 * so the published code is made here instead: each patched file is the installed (patched) file
 * with the patch's hunks undone, which gives the published file back byte for byte (its SHA-256
 * is checked). The parse chain is then written to a temporary folder and imported from there:
 * mdast-util-from-markdown, micromark and micromark-core-commonmark (the two packages that import
 * micromark-util-subtokenize), and micromark-util-subtokenize, each file's imports of one another
 * pointed at the copies, its other imports at the installed packages. Each package is the build
 * that docgen loads here (`dev/` under the `development` condition, as vitest resolves).
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Root as MdastRoot } from 'mdast';
import { makeTempDir } from './helpers.js';

/** `fromMarkdown` of mdast-util-from-markdown (not a dependency of core's own: remark-parse's). */
export type FromMarkdown = (value: string, options?: object) => MdastRoot;

/** A dependency docgen patches, its patch and the SHA-256 of its published files the patch changes, by path in its tarball. */
export interface PatchedPackage {
  name: string;
  /** The package in the parse chain (see getParseChain). */
  chain: 'fromMarkdown' | 'micromark' | 'subtokenize';
  /** The file the patch changes, relative to the folder of the build's entry. */
  file: string;
  patch: string;
  published: Record<string, string>;
}

const patchPath = (file: string) => fileURLToPath(new URL(`../../../patches/${file}`, import.meta.url));

export const FROM_MARKDOWN: PatchedPackage = {
  name: 'mdast-util-from-markdown',
  chain: 'fromMarkdown',
  // The entry re-exports lib/index.js.
  file: 'lib/index.js',
  patch: patchPath('mdast-util-from-markdown@2.1.0.patch'),
  published: {
    'lib/index.js': 'dd0cd20672558ab4ca548b4f7e442e850863228915fff8eafd6d987d29fb107b',
    // Loaded under the `development` condition (as vitest resolves).
    'dev/lib/index.js': 'c05ff75bbc99fbae60f4bcf53bc29edc7ab20f3750c7f3bc3ed6381e2f7627dd',
  },
};

export const MICROMARK: PatchedPackage = {
  name: 'micromark',
  chain: 'micromark',
  // The entry (index.js) re-exports lib/parse.js, among others.
  file: 'lib/parse.js',
  patch: patchPath('micromark@4.0.3.patch'),
  published: {
    'lib/parse.js': 'a8e110b17213a26a212332b2c8c39d31c302735c810bb0078e00b752f00552d9',
    'dev/lib/parse.js': 'ae9cf9fc82bcf90bec3b26e35b82aae65a2f532e11b0a2432ff0d905d1b7904b',
  },
};

export const SUBTOKENIZE: PatchedPackage = {
  name: 'micromark-util-subtokenize',
  chain: 'subtokenize',
  file: 'index.js',
  patch: patchPath('micromark-util-subtokenize@2.1.0.patch'),
  published: {
    'index.js': 'a70e48d4652be4f956606dcda3e4c13707952dc74b86f6f71990eba88d4a1e79',
    'dev/index.js': 'a63cb1552428d205157690b7c052b9a8bd011f94a7420e5b2c8f4765d5d67603',
  },
};

/** An installed package as docgen loads it: its root folder and its entry file. */
interface Installed {
  root: string;
  entry: string;
}

/** Where `specifier` is installed for code at `from` (a file): the entry file and the package's root. */
function resolveInstalled(from: string, specifier: string): Installed {
  const entry = createRequire(from).resolve(specifier);
  let root = dirname(entry);
  while (!existsSync(join(root, 'package.json'))) root = dirname(root);
  return { root, entry };
}

/** The installed packages of the parse chain, each resolved from the package that imports it. */
function getParseChain(): Record<'fromMarkdown' | 'micromark' | 'commonmark' | 'subtokenize', Installed> {
  const fromCore = fileURLToPath(new URL('../package.json', import.meta.url));
  const remarkParse = resolveInstalled(fromCore, 'remark-parse');
  const fromMarkdown = resolveInstalled(remarkParse.entry, 'mdast-util-from-markdown');
  const micromark = resolveInstalled(fromMarkdown.entry, 'micromark');
  return {
    fromMarkdown,
    micromark,
    commonmark: resolveInstalled(micromark.entry, 'micromark-core-commonmark'),
    subtokenize: resolveInstalled(micromark.entry, 'micromark-util-subtokenize'),
  };
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

/** The file of a patched package that docgen loads, as installed (patched) and with every hunk of the patch undone. */
export function readUnpatched(patched: PatchedPackage): { inPackage: string; patched: string; unpatched: string } {
  const installed = getParseChain()[patched.chain];
  const path = join(dirname(installed.entry), patched.file);
  const inPackage = relative(installed.root, path).split(sep).join('/');
  const text = readFileSync(path, 'utf8');
  let unpatched = text;
  for (const { before, after } of readHunks(readFileSync(patched.patch, 'utf8'), inPackage)) {
    if (unpatched.split(after).length !== 2) throw new Error(`A hunk of the patch is not found once in the installed ${path}`);
    unpatched = unpatched.replace(after, () => before);
  }
  if (sha256(unpatched) !== patched.published[inPackage]) throw new Error(`Undoing the patch did not give the published ${inPackage}`);
  return { inPackage, patched: text, unpatched };
}

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** The `.js` files below a folder, as paths relative to it (no `node_modules`). */
function listScripts(dir: string, prefix = ''): string[] {
  return readdirSync(join(dir, prefix), { withFileTypes: true }).flatMap((entry) => {
    const path = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : listScripts(dir, path);
    return entry.name.endsWith('.js') ? [path] : [];
  });
}

/**
 * Copies the build of an installed package that holds its entry (the entry's folder and all
 * below it) to `target`, with `replace` applied to each file's text (the patched files undone) and
 * each import of a package pointed at `copies` (package name -> entry file) or else at the
 * installed package. Returns the copied entry.
 */
function copyBuild(installed: Installed, target: string, copies: Record<string, string>, replace: Record<string, string> = {}): string {
  const buildDir = dirname(installed.entry);
  for (const file of listScripts(buildDir)) {
    const source = join(buildDir, file);
    const inPackage = relative(installed.root, source).split(sep).join('/');
    const text = replace[inPackage] ?? readFileSync(source, 'utf8');
    const pointed = text.replace(
      /^((?:import|export)\b[^'"]*? from |import )(['"])([^'".][^'"]*)\2/gm,
      (_, head: string, quote: string, specifier: string) => {
        const name = specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0]!;
        const resolved = specifier === name && copies[name] ? copies[name] : createRequire(source).resolve(specifier);
        return `${head}${quote}${resolved}${quote}`;
      },
    );
    mkdirSync(dirname(join(target, file)), { recursive: true });
    writeFileSync(join(target, file), pointed);
  }
  return join(target, relative(buildDir, installed.entry));
}

/**
 * The published `fromMarkdown`, parsing with the published micromark: the parse chain copied with
 * every patched file undone (see the top of this file); and the folder it was copied to.
 */
export async function loadUnpatchedParseChain(): Promise<{ fromMarkdown: FromMarkdown; dir: string }> {
  const chain = getParseChain();
  const dir = makeTempDir('docgen-unpatched-');
  const undone = (patched: PatchedPackage) => {
    const { inPackage, unpatched } = readUnpatched(patched);
    return { [inPackage]: unpatched };
  };
  const subtokenize = copyBuild(chain.subtokenize, join(dir, 'subtokenize'), {}, undone(SUBTOKENIZE));
  const commonmark = copyBuild(chain.commonmark, join(dir, 'commonmark'), { 'micromark-util-subtokenize': subtokenize });
  const micromark = copyBuild(
    chain.micromark,
    join(dir, 'micromark'),
    { 'micromark-util-subtokenize': subtokenize, 'micromark-core-commonmark': commonmark },
    undone(MICROMARK),
  );
  const fromMarkdown = copyBuild(chain.fromMarkdown, join(dir, 'from-markdown'), { micromark }, undone(FROM_MARKDOWN));
  return { fromMarkdown: ((await import(/* @vite-ignore */ fromMarkdown)) as { fromMarkdown: FromMarkdown }).fromMarkdown, dir };
}
