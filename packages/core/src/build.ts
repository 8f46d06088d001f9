import { createHash } from 'node:crypto';
import { existsSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Diagnostic, SiteManifest, SourceMarkdown } from '@docgen/types';
import { DATA_DIR, getHtmlFilePath, getPageDataFilePath, toPageData } from '@docgen/shared';
import { bundleClient, bundleServer } from './bundle/index.js';
import { DocgenError } from './diagnostics/index.js';
import { compileMarkdown, registerLanguages, type CompileResult } from './compile/index.js';
import { readConfig } from './config/index.js';
import { readSiteContent } from './content/index.js';
import { getBrokenLinks } from './links/index.js';
import { createManifest } from './manifest/index.js';
import { assertSafeOutDir, createStagingDir } from './output/index.js';
import { loadThemeServer, renderRoute } from './render/index.js';
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

/** Where docgen keeps generated intermediate files of a site (the server bundle). */
export function getCacheDir(siteDir: string): string {
  return existsSync(join(siteDir, 'node_modules')) ? join(siteDir, 'node_modules', '.cache', 'docgen') : join(siteDir, '.docgen');
}

/** Loads config and content and builds the site model, without rendering anything. */
export async function loadSite(options: { siteDir: string; locales?: string[]; includeDrafts?: boolean; buildId?: string }) {
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
  const content = readSiteContent(siteDir, config);
  const compiled = new Map<string, CompileResult>();
  const compile = (source: SourceMarkdown<unknown>) => {
    const key = source.file.absolutePath;
    let result = compiled.get(key);
    if (!result) {
      result = compileMarkdown(source.body, { sourcePath: source.file.sitePath, bodyLine: source.bodyLine });
      compiled.set(key, result);
      diagnostics.push(...result.diagnostics);
    }
    return result;
  };
  if (options.locales) {
    for (const locale of options.locales) {
      if (!config.i18n.locales.includes(locale)) {
        throw new DocgenError(`Unknown locale "${locale}"`, {
          code: 'usage',
          hint: `Available locales: ${config.i18n.locales.join(', ')}.`,
        });
      }
    }
  }
  const buildId = options.buildId ?? getBuildId(config, content);
  const manifest = createManifest(
    { siteDir, config, content, compile, includeDrafts: options.includeDrafts ?? false, locales: options.locales },
    buildId,
  );
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
  const hash = createHash('sha256')
    .update(DOCGEN_VERSION)
    .update(JSON.stringify(config, (key, value) => (key === 'themeDir' ? undefined : value)));
  for (const version of content.versions) for (const doc of version.docs) hash.update(doc.file.text);
  for (const post of content.blogPosts) hash.update(post.file.text);
  for (const page of content.pages) hash.update(page.file.text);
  return hash.digest('hex').slice(0, 10);
}

/**
 * `docgen build`: config -> content -> compile -> manifest -> bundle -> render -> write -> links.
 * The new output is written beside the old one and swapped in only when everything succeeded.
 */
export async function build(options: BuildOptions): Promise<BuildResult> {
  const siteDir = resolve(options.siteDir);
  const outDir = resolve(siteDir, options.outDir ?? 'build');
  assertSafeOutDir(siteDir, outDir);
  const timed = async <T>(stage: string, run: () => Promise<T> | T): Promise<T> => {
    const start = performance.now();
    const result = await run();
    options.onStage?.(stage, performance.now() - start);
    return result;
  };

  const site = await timed('load', () => loadSite({ siteDir, locales: options.locales, includeDrafts: options.includeDrafts }));
  const { config, content, manifest, buildId } = site;
  const staging = createStagingDir(outDir);
  try {
    const pages = Object.fromEntries(
      content.pages.filter((page) => page.kind === 'component').map((page) => [page.file.sitePath, page.modulePath!]),
    );
    const bundleInput = { themeDir: config.themeDir, pages, siteDir };
    const serverFile = join(getCacheDir(siteDir), `server-${process.pid}.mjs`);
    const [client] = await timed('bundle', () =>
      Promise.all([bundleClient(bundleInput, staging.path), bundleServer(bundleInput, serverFile)]),
    );
    const theme = await loadThemeServer(serverFile, `${buildId}-${Date.now()}`);
    // Imported once: the file is not needed afterwards and must not pile up in the cache.
    rmSync(serverFile, { force: true });

    let pageCount = 0;
    await timed('render', () => {
      for (const locale of manifest.locales) {
        const claimed = new Set(locale.routes.map((route) => route.path));
        for (const route of locale.routes) {
          const assets = { script: client.script, stylesheet: client.stylesheet, siteBaseUrl: config.baseUrl };
          const rendered = renderRoute(
            theme,
            locale.site,
            route,
            assets,
            (url) => locale.sidebarFiles[url.slice(url.lastIndexOf('/') + 1)],
          );
          const relative = route.path.slice(config.baseUrl.length - 1);
          staging.write(route.data.type === 'notFound' ? relative.slice(1) : getHtmlFilePath(relative), rendered.html);
          pageCount++;
          if (route.data.type === 'notFound') continue;
          const json = toPageData(rendered.data);
          staging.write(getPageDataFilePath(buildId, relative).replace(/^\//, ''), json);
          // `/x` and `/x/` are one page on a static host; give client navigation data for both forms.
          const twin = route.path.endsWith('/') ? route.path.replace(/\/+$/, '') : `${route.path}/`;
          if (twin !== '' && !claimed.has(twin)) staging.write(getPageDataFilePath(buildId, twin.slice(config.baseUrl.length - 1)), json);
        }
        for (const [fileName, sidebar] of Object.entries(locale.sidebarFiles)) {
          staging.write(`${DATA_DIR}/sidebars/${fileName}`, JSON.stringify(sidebar));
        }
      }
    });
    await timed('write', () => {
      if (content.staticDir) staging.copyDir(content.staticDir, '.');
      for (const asset of manifest.assets) staging.copyFile(asset.absolutePath, asset.outputPath);
    });
    const diagnostics = [...site.diagnostics, ...getBrokenLinks(manifest)];
    staging.commit();
    return { outDir, pageCount, diagnostics, manifest };
  } catch (error) {
    staging.discard();
    throw error;
  }
}
