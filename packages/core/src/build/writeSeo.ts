/** The seo step: sitemap, robots.txt, feeds, llms.txt, markdown twins and redirect pages, recorded in the output's state. */
import type { SiteContent, SiteManifest } from '@docgen/types';
import type { OutputWriter } from '../output/index.js';
import type { SeoFiles } from './builderState.js';
import { toRouteKey, type OutputState } from './buildPlan.js';
import type { RenderedRoutes } from './renderRoutes.js';

/**
 * Writes sitemap.xml, robots.txt, blog feeds, llms.txt and markdown twins (after rendering: they
 * use what pages rendered), and records the files in the state: a locale's with the locale, a
 * twin with its route (kept and removed with its files).
 */
export async function writeSeoFiles(input: {
  seoFiles: SeoFiles;
  manifest: SiteManifest;
  content: SiteContent;
  output: OutputWriter;
  state: OutputState;
  previous: OutputState | undefined;
  rendered: RenderedRoutes;
  renderLocales: ReadonlySet<string>;
}): Promise<void> {
  const { manifest, state, renderLocales } = input;
  const rendered = new Set(input.rendered.keys);
  const keptRoutes = Object.entries(state.routes).filter(([key]) => !rendered.has(key));
  const written = await input.seoFiles.write({
    manifest,
    content: input.content,
    output: input.output,
    renderedPaths: input.rendered.paths,
    keptFiles: new Set(keptRoutes.flatMap(([, entry]) => entry.files)),
    locales: renderLocales,
    llmsFull: input.previous?.llmsFull,
  });
  state.llmsFull = { ...input.previous?.llmsFull, ...written.llmsFull };
  for (const [locale, files] of Object.entries(written.localeFiles)) {
    state.localeFiles[locale] = [...(state.localeFiles[locale] ?? []), ...files];
  }
  for (const locale of manifest.locales) {
    if (!renderLocales.has(locale.locale)) continue;
    for (const route of locale.routes) {
      const twin = written.twins.get(route.path);
      const key = toRouteKey(locale.locale, route.path);
      const entry = state.routes[key];
      if (twin !== undefined && entry && !entry.files.includes(twin)) state.routes[key] = { ...entry, files: [...entry.files, twin] };
    }
  }
}
