/** The keys of what a site's pages look like: the theme's (`readThemeKey`) and the build id of page-data and search URLs. */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fg } from '../vendor/fastGlob.js';
import type { SiteConfig, SiteContent } from '@docgen/types';
import { OVERRIDES_DIR, readBundleCodeKey, toCodeThemeCss } from '../bundle/index.js';
import { DOCGEN_VERSION } from '../version.js';

/**
 * The id in page-data and search-index URLs: changes with everything that changes the shape of
 * the data (docgen, config, theme), not with content, so an edit re-renders only what it affects.
 */
export function getBuildId(config: unknown, themeKey: string): string {
  return createHash('sha256')
    .update(DOCGEN_VERSION)
    .update(themeKey)
    .update(
      JSON.stringify(config, (key, value) => (key === 'themeDir' || key === 'sourceLocations' || key === 'entryFile' ? undefined : value)),
    )
    .digest('hex')
    .slice(0, 10);
}

export function getComponentPages(content: SiteContent): Record<string, string> {
  return Object.fromEntries(
    content.pages.filter((page) => page.kind === 'component').map((page) => [page.file.sitePath, page.modulePath!]),
  );
}

/**
 * Changes whenever a file of the theme, a component page of the site, one of its stylesheets
 * (`customCss`), a file of its overrides folder (`src/theme/`) or docgen's bundling code changes.
 */
export function readThemeKey(config: SiteConfig, siteDir: string, pages: Record<string, string>): string {
  const { themeDir } = config;
  const digest = createHash('sha256').update(DOCGEN_VERSION).update(readBundleCodeKey());
  const themeFiles = fg.sync(['src/**/*', 'package.json'], { cwd: themeDir, onlyFiles: true }).sort();
  for (const file of themeFiles) digest.update(file).update(readFileSync(join(themeDir, file)));
  for (const [key, path] of Object.entries(pages).sort()) digest.update(key).update(readFileSync(path));
  for (const file of config.customCss) digest.update(`css:${file}`).update(readFileSync(join(siteDir, file)));
  digest.update(`code-theme:${toCodeThemeCss(config.themeConfig.code)}`);
  const overrideFiles = fg.sync([`${OVERRIDES_DIR}/**/*`], { cwd: siteDir, onlyFiles: true }).sort();
  for (const file of overrideFiles) digest.update(`override:${file}`).update(readFileSync(join(siteDir, file)));
  return digest.digest('hex').slice(0, 16);
}
