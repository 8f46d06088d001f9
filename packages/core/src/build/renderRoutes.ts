/** The render step: the routes a plan does not keep, rendered on the threads; then the site's static files and assets. */
import type { LocaleManifest, ManifestRoute, SiteContent, SiteManifest } from '@docgen/types';
import { copyStaticFiles, type OutputWriter } from '../output/index.js';
import type { Locate, TaskPool } from '../workers/pool.js';
import type { RenderTask } from '../workers/tasks.js';
import type { BuildProgress, SeoFiles } from './builderState.js';
import { getSidebarUrl, toRouteKey, type BuildPlan, type RouteRecord } from './buildPlan.js';
import { relinkRoute } from './relinkRoute.js';
import { renderInDemandOrder, type RenderControl } from './renderInDemandOrder.js';

/** What renderRoutes rendered; the plan's state holds every route of the built locales by then. */
export interface RenderedRoutes {
  /** Routes of the built locales, rendered or kept. */
  pageCount: number;
  /** Paths and keys (`locale\0path`) of the routes rendered, in the order rendered. */
  paths: string[];
  keys: string[];
}

/**
 * Renders the routes the plan does not keep (a kept route whose files the output lost is rendered
 * too), on the pool's threads, and records each in the plan's state. With `onRenderStart`
 * (the dev server), in the order routes are asked for (see renderInDemandOrder).
 */
export async function renderRoutes(input: {
  manifest: SiteManifest;
  plan: BuildPlan;
  output: OutputWriter;
  pool: TaskPool;
  locate: Locate;
  seoFiles: SeoFiles;
  /** Sends a locale's setup to the threads (before its routes are rendered). */
  setLocale: (locale: LocaleManifest) => void;
  /**
   * Sends the setup of a built locale none of whose routes is rendered too (a builder that runs
   * again): the next save's pages are rendered ahead with it (see renderAhead), and a dev server
   * started again on an unchanged site renders none in its first run.
   */
  setUpKeptLocales?: boolean;
  /** The dev server's (see RunHooks.onRenderStart). */
  onRenderStart: ((control: RenderControl) => void) | undefined;
  onProgress?: (progress: BuildProgress) => void;
}): Promise<RenderedRoutes> {
  const { manifest, plan, output, pool, locate, seoFiles } = input;
  const { state } = plan;
  const tasks: RenderTask[] = [];
  let pageCount = 0;
  for (const locale of plan.locales) {
    const manifestLocale = manifest.locales.find((candidate) => candidate.locale === locale.locale)!;
    const changed: ManifestRoute[] = [];
    for (const [index, route] of locale.routes.entries()) {
      pageCount++;
      const sidebar = getSidebarUrl(manifestLocale.routes[index]!.data);
      if (route.kept && keepRoute(output, route.kept, sidebar)) {
        state.routes[route.key] = { ...route.kept, ...(sidebar && { sidebar }) };
        seoFiles.capture({ path: route.path, ...route.kept.summary });
        continue;
      }
      const summary = { title: '', description: '' };
      state.routes[route.key] = { locale: locale.locale, inputs: route.inputs, files: [], summary, ...(sidebar && { sidebar }) };
      changed.push(manifestLocale.routes[index]!);
    }
    if (changed.length > 0 || input.setUpKeptLocales) input.setLocale(manifestLocale);
    for (const route of changed) tasks.push({ locale: locale.locale, route });
  }
  let done = 0;
  if (tasks.length > 0) input.onProgress?.({ stage: 'rendering', done, total: tasks.length });
  const results = input.onRenderStart
    ? await renderInDemandOrder({
        pool,
        tasks,
        locate,
        keysByPath: getRouteKeys(manifest, new Set(plan.locales.map((locale) => locale.locale))),
        onStart: input.onRenderStart,
      })
    : await pool.render(tasks, locate, 'normal', (count) => {
        done += count;
        input.onProgress?.({ stage: 'rendering', done, total: tasks.length });
      });
  const rendered: RenderedRoutes = { pageCount, paths: [], keys: [] };
  for (const [index, result] of results.entries()) {
    const { path, files, sidebarAt, ...summary } = result;
    const key = toRouteKey(tasks[index]!.locale, path);
    state.routes[key] = { ...state.routes[key]!, files, summary, ...(sidebarAt && { sidebarAt }) };
    seoFiles.capture(result);
    rendered.paths.push(path);
    rendered.keys.push(key);
  }
  return rendered;
}

/**
 * Keeps the files of a route whose inputs did not change from the previous output; false when the
 * output lost one. Its sidebar may still have changed where its page does not show it (see
 * toInputData): the sidebar file's new name is then written into its files (relinkRoute).
 */
function keepRoute(output: OutputWriter, kept: RouteRecord, sidebar: string | undefined): boolean {
  if (kept.sidebar === sidebar) return kept.files.every((file) => output.keep(file));
  return kept.sidebar !== undefined && sidebar !== undefined && relinkRoute(output, kept, kept.sidebar, sidebar);
}

/** The key (`locale\0path`) of every route of the locales rendered, by path. */
function getRouteKeys(manifest: SiteManifest, locales: ReadonlySet<string>): Map<string, string> {
  const keys = new Map<string, string>();
  for (const locale of manifest.locales) {
    if (locales.has(locale.locale)) for (const route of locale.routes) keys.set(route.path, toRouteKey(locale.locale, route.path));
  }
  return keys;
}

/** Copies static/ and the assets of markdown pages (images) into the output. */
export function copySiteFiles(input: { output: OutputWriter; content: SiteContent; manifest: SiteManifest }): void {
  copyStaticFiles(input.output, input.content);
  for (const asset of input.manifest.assets) input.output.copyFile(asset.absolutePath, asset.outputPath);
}
