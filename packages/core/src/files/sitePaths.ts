import { posix } from 'node:path';
import type { MarkdownFormat } from '@docgen/types';

/** Whether a markdown file is read as MDX under the site's `markdown.format` (MarkdownFormat). */
export function readsAsMdx(sitePath: string, format: MarkdownFormat): boolean {
  return format === 'mdx' ? true : format === 'md' ? false : sitePath.endsWith('.mdx');
}

/** `@site/` at the start of an import or a link names the site's folder, as in Docusaurus. */
export const SITE_ALIAS = '@site/';

/**
 * The namespace of the site's own modules in docgen's bundles (`docgen-site:<site-relative
 * path>`): the theme's, the MDX runtime's and the islands' bundles name them so, and their source
 * maps too, where the render stage finds a site component's file again.
 */
export const SITE_NAMESPACE = 'docgen-site';

/**
 * The site path (relative to the site folder, `/`-separated) that an import or link `source`
 * written in the site file `importer` names: `@site/...` from the site's folder, `./` and `../`
 * from the importer's folder. Undefined for anything else (a package, a URL) and for a path above
 * the site folder. The one rule of `@site/` for MDX imports, markdown links and site components.
 */
export function resolveSitePath(importer: string, source: string): string | undefined {
  let resolved: string;
  if (source.startsWith(SITE_ALIAS)) resolved = posix.normalize(source.slice(SITE_ALIAS.length));
  else if (source.startsWith('./') || source.startsWith('../')) resolved = posix.normalize(posix.join(posix.dirname(importer), source));
  else return undefined;
  return resolved === '..' || resolved.startsWith('../') || resolved.startsWith('/') ? undefined : resolved;
}

/**
 * The site paths an import from `/` may name, in the order Docusaurus's webpack tries them: the
 * site folder's (`/static/img/x.png`), then the static folder's (`/img/x.png`). None for another
 * import, or one that leaves the site.
 */
export function getRootImportCandidates(source: string): string[] {
  if (!/^\/[^/]/.test(source)) return [];
  const path = posix.normalize(source.slice(1));
  return path === '..' || path.startsWith('../') ? [] : [path, `static/${path}`];
}

/** What an import of a site file gives, by the file's extension. */
export type ImportedFileKind = 'partial' | 'module' | 'stylesheet' | 'data' | 'file';

/**
 * What an `.mdx` file's import of a site file (or a site component's) is, by its extension:
 * `.md`/`.mdx` a partial, code (or no extension, as components are imported) a module,
 * CSS (and Sass) a stylesheet, JSON data, and any other file (an image, a PDF, a video, a font) a
 * file whose import gives its URL.
 */
export function getImportedFileKind(path: string): ImportedFileKind {
  const extension = /\.([^./]+)$/.exec(posix.basename(path))?.[1]?.toLowerCase();
  if (extension === undefined) return 'module';
  if (extension === 'md' || extension === 'mdx') return 'partial';
  if (/^[cm]?[jt]sx?$/.test(extension)) return 'module';
  if (extension === 'css' || extension === 'scss' || extension === 'sass') return 'stylesheet';
  if (extension === 'json') return 'data';
  return 'file';
}

/**
 * An MDX import or re-export, over several lines too: `import Intro from './_intro.mdx'`,
 * `import { A } from '@site/src/components/A'`, `import data from '../data.json'`, `import clsx from 'clsx'`,
 * `export { x } from './x'` (group 1: what is imported); and each of several on one line, after
 * the `;` of the one before (`import Tabs from '@theme/Tabs'; import TabItem from '@theme/TabItem';`,
 * as React Native's docs write them).
 */
export const MODULE_IMPORT = /(?:^|(?<=^(?:import|export)\b[^\n]*;)[ \t]*)(?:import|export)\s+(?:[^'";]*?\s+from\s*)?['"]([^'"\n]+)['"]/gm;
/** A file an MDX expression requires, Docusaurus's other way to an image's URL: `require('./img/a.png').default`, `require('/static/v.mp4')` (group 1: the path). */
export const FILE_REQUIRE = /\brequire\(\s*['"]((?:\.{1,2}\/|@site\/|\/(?!\/))[^'"\n]+)['"]\s*\)/g;
/**
 * A webpack loader's import, as Docusaurus sites write it: `!!raw-loader!./file` gives
 * `{ loader: 'raw', path: './file' }`; and an import of a file's text by the `?raw` query (Vite's
 * way, and a webpack rule's that sites add: typescript-eslint's `!!../src/types.ts?raw`) the raw
 * loader's too. Undefined for any other import.
 */
export function parseLoaderImport(specifier: string): { loader: string; path: string } | undefined {
  const loader = /^!!?([\w-]+)-loader!(.+)$/.exec(specifier);
  if (loader) return { loader: loader[1]!, path: loader[2]! };
  const raw = /^!{0,2}([^!?]+)\?raw$/.exec(specifier);
  return raw ? { loader: 'raw', path: raw[1]! } : undefined;
}
/**
 * What an import of a site module may leave out, tried in order (as the bundler resolves it):
 * `./languages` is `languages.json` too, as Docusaurus's webpack resolves it.
 */
export const MODULE_SUFFIXES = ['', '.tsx', '.ts', '.jsx', '.js', '.mjs', '.json', '/index.tsx', '/index.ts', '/index.jsx', '/index.js'];
