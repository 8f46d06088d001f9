import { existsSync, lstatSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { gzipSync } from 'node:zlib';

/** Bytes of `text` gzipped at level 9 (what `gzip -9` writes). */
export function gzipSize(text: string | Buffer): number {
  return gzipSync(text, { level: 9 }).length;
}

/** The size of a build output. */
export interface OutputSize {
  files: number;
  /** Sum of the file sizes, in bytes. */
  bytes: number;
  /** Blocks allocated on disk (`du`), in bytes. */
  diskBytes: number;
}

/** Files, bytes and bytes on disk of everything under `dir`. */
export function measureOutputSize(dir: string): OutputSize {
  const size: OutputSize = { files: 0, bytes: 0, diskBytes: 0 };
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      const stat = lstatSync(path);
      size.diskBytes += stat.blocks * 512;
      if (entry.isDirectory()) walk(path);
      else {
        size.files++;
        size.bytes += stat.size;
      }
    }
  };
  walk(dir);
  return size;
}

/** Sizes of one page of a build, in bytes (gzip: at level 9). */
export interface PageMeasurement {
  route: string;
  htmlBytes: number;
  htmlGzip: number;
  /** Scripts the page loads before it is interactive: its script tags and their static imports. */
  scripts: { url: string; bytes: number; gzip: number }[];
  firstLoadJsGzip: number;
  /** The page data a client navigation to the page fetches. */
  pageData: { file: string; bytes: number; gzip: number };
  /** The `<article>` element of the page's HTML, which that page data replaces. */
  article: { bytes: number; gzip: number };
  /** The sidebar file the page data points to (fetched once per sidebar, then cached). */
  sidebar?: { file: string; bytes: number; gzip: number };
}

/** Static imports of an ES module (`from"./x.js"`, `import"./x.js"`); dynamic `import("...")` is left out. */
const STATIC_IMPORT = /(?:\bfrom|\bimport)\s*["']([^"']+\.m?js)["']/g;
const SCRIPT_TAG = /<script\b[^>]*?\bsrc="([^"]+)"[^>]*>/g;
const MODULE_PRELOAD = /<link\b[^>]*?\brel="modulepreload"[^>]*?\bhref="([^"]+)"[^>]*>/g;

/** Measures one page of a build in `outDir` (base URL `/`): HTML, first-load JavaScript, page data. */
export function measurePage(outDir: string, route: string): PageMeasurement {
  const htmlFile = join(outDir, route.replace(/^\/+|\/+$/g, ''), 'index.html');
  const html = readFileSync(htmlFile, 'utf8');

  const scripts = new Map<string, Buffer>();
  const load = (url: string) => {
    const path = decodeURIComponent(url.split(/[?#]/)[0]!);
    if (scripts.has(path) || /^[a-z]+:\/\//i.test(url)) return;
    const file = join(outDir, path);
    if (!existsSync(file)) throw new Error(`${route} loads ${url}, which is not in ${outDir}`);
    const code = readFileSync(file);
    scripts.set(path, code);
    for (const [, specifier] of code.toString('utf8').matchAll(STATIC_IMPORT)) load(posix.join(posix.dirname(path), specifier!));
  };
  for (const [, src] of [...html.matchAll(SCRIPT_TAG), ...html.matchAll(MODULE_PRELOAD)]) load(src!);
  const scriptSizes = [...scripts].map(([url, code]) => ({ url, bytes: code.length, gzip: gzipSize(code) }));

  const buildId = /"buildId":"([^"]+)"/.exec(html)?.[1];
  if (!buildId) throw new Error(`No buildId in ${htmlFile}`);
  const dataFile = `_docgen/data/${buildId}${route.endsWith('/') ? `${route}index` : route}.json`;
  const data = readFileSync(join(outDir, dataFile));

  const article = getElement(html, 'article');
  if (!article) throw new Error(`No <article> element in ${htmlFile}`);

  const sidebarUrl = (JSON.parse(data.toString('utf8')) as { sidebar?: { url?: string } }).sidebar?.url;
  let sidebar: PageMeasurement['sidebar'];
  if (sidebarUrl) {
    const file = sidebarUrl.replace(/^\/+/, '');
    const text = readFileSync(join(outDir, file));
    sidebar = { file, bytes: text.length, gzip: gzipSize(text) };
  }

  return {
    route,
    htmlBytes: Buffer.byteLength(html),
    htmlGzip: gzipSize(html),
    scripts: scriptSizes,
    firstLoadJsGzip: scriptSizes.reduce((sum, script) => sum + script.gzip, 0),
    pageData: { file: dataFile, bytes: data.length, gzip: gzipSize(data) },
    article: { bytes: Buffer.byteLength(article), gzip: gzipSize(article) },
    sidebar,
  };
}

/** The first `<name>` element of `html`, nested elements of the same name included. */
export function getElement(html: string, name: string): string | undefined {
  const tags = new RegExp(`<(/?)${name}\\b[^>]*>`, 'g');
  let start = -1;
  let depth = 0;
  for (const tag of html.matchAll(tags)) {
    if (tag[1] === '') {
      if (depth++ === 0) start = tag.index;
    } else if (depth > 0 && --depth === 0) {
      return html.slice(start, tag.index + tag[0].length);
    }
  }
  return undefined;
}

/** The folders a build of `outDir` may leave beside it (staging and swapped-out outputs). */
export function getOutputSiblings(outDir: string): string[] {
  const parent = dirname(outDir);
  const name = outDir.slice(parent.length + 1);
  if (!existsSync(parent)) return [];
  return readdirSync(parent)
    .filter((entry) => entry.startsWith(`.${name}.docgen-`))
    .map((entry) => join(parent, entry));
}
