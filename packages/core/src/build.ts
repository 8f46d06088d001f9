import { createHash } from 'node:crypto';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fg from 'fast-glob';
import type { Diagnostic, SiteConfig, SiteManifest, SourceMarkdown } from '@docgen/types';
import { DATA_DIR, getHtmlFilePath, getPageDataFilePath, toPageData } from '@docgen/shared';
import { getSearchIndexFilePath } from '@docgen/shared/search';
import { bundleClient, bundleServer, type ClientBundle } from './bundle/index.js';
import { DocgenError } from './diagnostics/index.js';
import { compileMarkdown, registerLanguages, type CompileResult } from './compile/index.js';
import { readConfig } from './config/index.js';
import { readSiteContent } from './content/index.js';
import { getBrokenLinks } from './links/index.js';
import { createManifest } from './manifest/index.js';
import { assertSafeOutDir, createStagingDir, type OutputWriter } from './output/index.js';
import { getFeedPaths, getMarkdownPath, loadThemeServer, renderRoute, type ThemeServerModule } from './render/index.js';
import { createSeoFiles } from './seo/index.js';
import { createSearchIndexes } from './search/index.js';
import { DOCGEN_VERSION } from './version.js';

export interface BuildOptions {
  siteDir: string;
  /** Output folder; `<siteDir>/build` when absent. */
  outDir?: string;
  /** Build only these locales; all when absent. */
  locales?: string[];
  /** Include draft pages (development). */
  includeDrafts?: boolean;
  /** Called with the duration of each stage, in milliseconds. */
  onStage?: (stage: string, milliseconds: number) => void;
}

export interface BuildResult {
  outDir: string;
  pageCount: number;
  /** Warnings: markdown problems and broken links. */
  diagnostics: Diagnostic[];
  manifest: SiteManifest;
}

/** Compiled markdown by file and content hash: survives between rebuilds of a builder. */
export type CompileCache = Map<string, CompileResult>;

/** Where docgen keeps generated intermediate files of a site (the server bundle). */
export function getCacheDir(siteDir: string): string {
  return existsSync(join(siteDir, 'node_modules')) ? join(siteDir, 'node_modules', '.cache', 'docgen') : join(siteDir, '.docgen');
}

const hash = (text: string | Buffer) => createHash('sha256').update(text).digest('hex');

/** Loads config and content and builds the site model, without rendering anything. */
export async function loadSite(options: {
  siteDir: string;
  locales?: string[];
  includeDrafts?: boolean;
  buildId?: string;
  compileCache?: CompileCache;
}) {
  const siteDir = resolve(options.siteDir);
  const config = readConfig(siteDir);
  const diagnostics: Diagnostic[] = [];
  for (const name of await registerLanguages(config.themeConfig.code.additionalLanguages)) {
    diagnostics.push({
      severity: 'warning',
      code: 'config-language',
      message: `Unknown code language "${name}" in code.additionalLanguages`,
      hint: 'Use a Prism language name such as groovy, kotlin, python.',
      location: { file: 'docgen.config.yaml', line: 1, column: 1 },
    });
  }
  for (const locale of options.locales ?? []) {
    if (!config.i18n.locales.includes(locale)) {
      throw new DocgenError(`Unknown locale "${locale}"`, { code: 'usage', hint: `Available locales: ${config.i18n.locales.join(', ')}.` });
    }
  }
  const content = readSiteContent(siteDir, config);
  const cache = options.compileCache ?? new Map<string, CompileResult>();
  const seen = new Set<string>();
  const compile = (source: SourceMarkdown<unknown>) => {
    const key = `${source.file.absolutePath}\0${source.bodyLine}\0${hash(source.body)}`;
    let result = cache.get(key);
    if (!result) {
      result = compileMarkdown(source.body, { sourcePath: source.file.sitePath, bodyLine: source.bodyLine });
      cache.set(key, result);
    }
    if (!seen.has(key)) {
      seen.add(key);
      diagnostics.push(...result.diagnostics);
    }
    return result;
  };
  const buildId = options.buildId ?? getBuildId(config, content);
  const manifest = createManifest(
    { siteDir, config, content, compile, includeDrafts: options.includeDrafts ?? false, locales: options.locales },
    buildId,
  );
  // Entries of files that changed or disappeared are not needed by the next rebuild.
  for (const key of cache.keys()) if (!seen.has(key)) cache.delete(key);
  return { siteDir, config, content, manifest, buildId, diagnostics };
}

/** A deterministic id of everything that shapes the output, used in page-data URLs. */
function getBuildId(
  config: unknown,
  content: {
    versions: { docs: { file: { text: string } }[] }[];
    blogPosts: { file: { text: string } }[];
    pages: { file: { text: string } }[];
  },
): string {
  const digest = createHash('sha256')
    .update(DOCGEN_VERSION)
    .update(JSON.stringify(config, (key, value) => (key === 'themeDir' ? undefined : value)));
  for (const version of content.versions) for (const doc of version.docs) digest.update(doc.file.text);
  for (const post of content.blogPosts) digest.update(post.file.text);
  for (const page of content.pages) digest.update(page.file.text);
  return digest.digest('hex').slice(0, 10);
}

export interface BuilderOptions {
  siteDir: string;
  locales?: string[];
  includeDrafts?: boolean;
  /** A fixed build id (the dev server), instead of one derived from the sources. */
  buildId?: string;
  onStage?: (stage: string, milliseconds: number) => void;
}

export interface RebuildResult {
  pageCount: number;
  /** Routes rendered by this run; the others were unchanged and kept. */
  renderedPaths: string[];
  diagnostics: Diagnostic[];
  manifest: SiteManifest;
}

/**
 * A builder that can run again after changes. Between runs it keeps the compiled markdown (by
 * content hash), the theme bundle (until a theme or page-component file changes) and a hash of
 * every route's inputs, so a rebuild renders only the pages whose inputs changed.
 */
export function createSiteBuilder(options: BuilderOptions) {
  const siteDir = resolve(options.siteDir);
  const compileCache: CompileCache = new Map();
  let bundle: { key: string; client: ClientBundle; theme: ThemeServerModule } | undefined;
  let routeHashes = new Map<string, string>();
  let routeFiles = new Map<string, string[]>();
  // Sitemap, robots.txt, feeds, llms.txt, markdown twins: written after rendering (seo stage).
  const seoFiles = createSeoFiles();

  const timed = async <T>(stage: string, run: () => Promise<T> | T): Promise<T> => {
    const start = performance.now();
    const result = await run();
    options.onStage?.(stage, performance.now() - start);
    return result;
  };

  async function getBundle(config: SiteConfig, pages: Record<string, string>, output: OutputWriter) {
    const key = getBundleKey(config.themeDir, pages);
    if (bundle?.key === key && output.has(bundle.client.script)) return bundle;
    const bundleInput = { themeDir: config.themeDir, pages, siteDir };
    const serverFile = join(getCacheDir(siteDir), `server-${process.pid}-${Date.now()}.mjs`);
    const [client] = await Promise.all([bundleClient(bundleInput, output.path), bundleServer(bundleInput, serverFile)]);
    try {
      const theme = await loadThemeServer(serverFile, key);
      bundle = { key, client, theme };
      return bundle;
    } finally {
      // Imported once: the file is not needed afterwards and must not pile up in the cache.
      rmSync(serverFile, { force: true });
    }
  }

  return {
    /** Builds into `output`, rendering only what changed since the last run on the same output. */
    async run(output: OutputWriter): Promise<RebuildResult> {
      const site = await timed('load', () =>
        loadSite({ siteDir, locales: options.locales, includeDrafts: options.includeDrafts, buildId: options.buildId, compileCache }),
      );
      const { config, content, manifest, buildId } = site;
      const pages = Object.fromEntries(
        content.pages.filter((page) => page.kind === 'component').map((page) => [page.file.sitePath, page.modulePath!]),
      );
      const { client, theme } = await timed('bundle', () => getBundle(config, pages, output));
      const assets = { script: client.script, stylesheet: client.stylesheet, siteBaseUrl: config.baseUrl };

      await timed('search', () => {
        for (const locale of manifest.locales) {
          const indexes = createSearchIndexes(locale);
          for (const index of indexes) output.write(getSearchIndexFilePath(buildId, locale.locale, index.scope), index.json);
          locale.site = { ...locale.site, search: { scopes: indexes.map(({ scope, label }) => ({ name: scope, label })) } };
        }
      });

      const nextHashes = new Map<string, string>();
      const nextFiles = new Map<string, string[]>();
      const renderedPaths: string[] = [];
      let pageCount = 0;
      await timed('render', () => {
        for (const locale of manifest.locales) {
          const siteKey = hash(JSON.stringify([locale.site, assets]));
          const claimed = new Set(locale.routes.map((route) => route.path));
          const getSidebar = (url: string) => locale.sidebarFiles[url.slice(url.lastIndexOf('/') + 1)];
          for (const route of locale.routes) {
            pageCount++;
            // The sidebar's URL (in route.data) is a hash of its content, so it stands for the sidebar.
            const inputs = hash(JSON.stringify([siteKey, route.data, route.slots, route.componentModule]));
            const key = `${locale.locale}\0${route.path}`;
            nextHashes.set(key, inputs);
            if (routeHashes.get(key) === inputs && routeFiles.has(key)) {
              nextFiles.set(key, routeFiles.get(key)!);
              continue;
            }
            const rendered = renderRoute(theme, locale.site, route, assets, getSidebar);
            seoFiles.capture(rendered.data);
            const relative = route.path.slice(config.baseUrl.length - 1);
            const files = [route.data.type === 'notFound' ? relative.slice(1) : getHtmlFilePath(relative)];
            output.write(files[0]!, rendered.html);
            if (route.data.type !== 'notFound') {
              const json = toPageData(rendered.data);
              files.push(getPageDataFilePath(buildId, relative).replace(/^\//, ''));
              output.write(files[1]!, json);
              // `/x` and `/x/` are one page on a static host; give client navigation data for both forms.
              const twin = route.path.endsWith('/') ? route.path.replace(/\/+$/, '') : `${route.path}/`;
              if (twin !== '' && !claimed.has(twin)) {
                files.push(getPageDataFilePath(buildId, twin.slice(config.baseUrl.length - 1)).replace(/^\//, ''));
                output.write(files[2]!, json);
              }
            }
            nextFiles.set(key, files);
            renderedPaths.push(route.path);
          }
          for (const [fileName, sidebar] of Object.entries(locale.sidebarFiles)) {
            output.write(`${DATA_DIR}/sidebars/${fileName}`, JSON.stringify(sidebar));
          }
        }
        // Pages that no longer exist leave no files behind.
        const removed = [...routeFiles].filter(([key]) => !nextFiles.has(key));
        if (removed.length > 0) {
          const kept = new Set([...nextFiles.values()].flat());
          for (const [, files] of removed) for (const file of files) if (!kept.has(file)) output.remove(file);
        }
      });
      // --- seo: sitemap.xml, robots.txt, blog feeds, llms.txt, markdown twins (after rendering) ---
      await timed('seo', () => seoFiles.write({ manifest, content, output, renderedPaths, getMarkdownPath, getFeedPaths }));
      // --- end seo ---
      await timed('write', () => {
        if (content.staticDir) output.copyDir(content.staticDir, '.');
        for (const asset of manifest.assets) output.copyFile(asset.absolutePath, asset.outputPath);
      });
      routeHashes = nextHashes;
      routeFiles = nextFiles;
      return { pageCount, renderedPaths, diagnostics: [...site.diagnostics, ...getBrokenLinks(manifest)], manifest };
    },
  };
}

/** Changes whenever a file of the theme or a component page of the site changes. */
function getBundleKey(themeDir: string, pages: Record<string, string>): string {
  const digest = createHash('sha256');
  const themeFiles = fg.sync(['src/**/*'], { cwd: themeDir, onlyFiles: true }).sort();
  for (const file of themeFiles) digest.update(file).update(readFileSync(join(themeDir, file)));
  for (const [key, path] of Object.entries(pages).sort()) digest.update(key).update(readFileSync(path));
  return digest.digest('hex').slice(0, 16);
}

/**
 * `docgen build`: config -> content -> compile -> manifest -> bundle -> render -> write -> links.
 * The new output is written beside the old one and swapped in only when everything succeeded.
 */
export async function build(options: BuildOptions): Promise<BuildResult> {
  const siteDir = resolve(options.siteDir);
  const outDir = resolve(siteDir, options.outDir ?? 'build');
  assertSafeOutDir(siteDir, outDir);
  const builder = createSiteBuilder({ siteDir, locales: options.locales, includeDrafts: options.includeDrafts, onStage: options.onStage });
  const staging = createStagingDir(outDir);
  try {
    const result = await builder.run(staging);
    staging.commit();
    return { outDir, pageCount: result.pageCount, diagnostics: result.diagnostics, manifest: result.manifest };
  } catch (error) {
    staging.discard();
    throw error;
  }
}
