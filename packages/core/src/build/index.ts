/**
 * The build: `docgen build` (`build`), the builder the dev server runs again after every save
 * (`createSiteBuilder`), the site loaded as a build loads it (`loadSite`, `checkSiteContent`) and
 * the site cache. One file per step of the walk ARCHITECTURE.md describes.
 */
export { build, type BuildOptions, type BuildResult } from './build.js';
export type { BuildProgress, BuilderOptions, PagesWritten, RebuildResult, RunHooks } from './builderState.js';
export { keepPresentFiles, type OutputState } from './buildPlan.js';
export { getOwnCode, readInputFingerprint, readRecordedOutDir } from './buildRecord.js';
export { checkSiteContent, loadHtmlSanitizer, loadSite } from './loadSite.js';
export type { RenderControl } from './renderInDemandOrder.js';
export { sketch } from './renderPreview.js';
export { createSiteBuilder, type RunInput } from './siteBuilder.js';
export { findCacheDir } from '../processes/index.js';
export { clearCache, lockSiteCache, removeDebrisUnlessLocked, type ClearResult, type Debris } from './siteCache.js';
