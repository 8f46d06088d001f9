export { build, type BuildOptions, type BuildProgress, type BuildResult } from './build/index.js';
export { loadSite } from './build/index.js';
export { clearCache, findCacheDir, type ClearResult, type Debris } from './build/index.js';
export type { LockWait } from './processes/index.js';
export { raiseTierUpBudget, stopBundler } from './processes/index.js';
export { DocgenError, isDocgenError, formatDiagnostic, formatLocation, getEnvironmentError } from './diagnostics/index.js';
export { getConfigJsonSchema, readConfig } from './config/index.js';
export { getBrokenLinks } from './links/index.js';
export { DOCGEN_VERSION } from './version.js';
export { startStaticServer, startDevServer, type StaticServer, type DevServer, type DevServerEvent } from './dev/index.js';
export { cutVersion, type CutVersionOptions, type CutVersionPlace, type CutVersionResult, type CutStep } from './versioning/index.js';
export { checkLinks } from './links/index.js';
export { exitProcess } from './workers/exitGuard.js';
import type { MigrateOptions, MigrateResult } from './migrate/index.js';
export type { MigrateOptions, MigrateResult, MigrationNote } from './migrate/index.js';
export { listSwizzleComponents, swizzle, type SwizzleComponent, type SwizzleOptions } from './swizzle.js';
export { assertWritableFolder } from './output/index.js';
export { readTranslations, type TranslationsOptions, type TranslationsReport, type TranslationSummary } from './translations/index.js';
export { CHROMIUM_ARGS, findChromium, writeManuals, type PdfOptions, type PdfResult } from './pdf/index.js';

/**
 * Converts a Docusaurus site (see migrate/). Loaded when called: its MDX parser (a few hundred
 * modules) is not loaded by the other commands, `serve --watch` above all, whose first page waits
 * for this package to load.
 */
export async function migrateDocusaurus(options: MigrateOptions): Promise<MigrateResult> {
  const migrate = await import('./migrate/index.js');
  return migrate.migrateDocusaurus(options);
}
