/** The islands step: the site components MDX pages show, bundled once per run that needs them. */
import { join } from 'node:path';
import type { SiteConfig, SiteContent } from '@docgen/types';
import { bundleIslands } from '../bundle/index.js';
import { compilePageModule } from '../compile/mainThread.js';
import type { OutputWriter } from '../output/index.js';
import { getIslandSite } from './siteContext.js';

/**
 * The site components MDX pages show (islands), when they show any: bundled (bundle/islands.ts),
 * their browser code written into the output, and what the render threads need to render them.
 */
export async function writeIslands(input: {
  siteDir: string;
  site: { components: string[]; config: SiteConfig; content: SiteContent };
  cacheDir: string;
  output: OutputWriter;
}) {
  const { siteDir, site, cacheDir, output } = input;
  if (site.components.length === 0) return undefined;
  const bundle = await bundleIslands({
    siteDir,
    themeDir: site.config.themeDir,
    components: site.components,
    cacheDir: join(cacheDir, 'islands'),
    baseUrl: site.config.baseUrl,
    compilePage: (text, path) => compilePageModule(text, path, site.config.markdown.mdx1Compat),
    site: getIslandSite(site.config, site.content),
  });
  for (const [path, contents] of bundle.files) output.write(path, contents);
  const toUrls = (paths: Record<string, string>) =>
    Object.fromEntries(Object.entries(paths).map(([component, path]) => [component, `${site.config.baseUrl}${path}`]));
  return {
    key: bundle.key,
    setup: { serverFile: bundle.serverFile, srcs: toUrls(bundle.entries), stylesheets: toUrls(bundle.stylesheets) },
  };
}
