/** The bundle stage: esbuild bundles of the theme for the browser and for the render stage, kept in the cache between processes. */
export { bundleClient, bundleServer, readThemeEntries, type BundleInput, type ClientBundle, type ThemeEntries } from './bundleTheme.js';
export { readThemeBundle, type CachedBundle } from './bundleCache.js';
export { findSharedCacheDir } from './sharedCache.js';
export {
  bundleIslands,
  isThemePackage,
  ISLAND_MODULES,
  type IslandsBundle,
  type IslandsInput,
  type IslandServerModule,
} from './islands.js';
export { bundleMdxRuntime, MDX_MODULES, type MdxRuntimeBundle, type MdxRuntimeInput } from './mdxRuntime.js';
export { readBrowserOnlyBundle, type BrowserOnlyBundle } from './browserOnly.js';
export { COMPONENT_SCOPE, findThemeOverrides, readThemeComponents, OVERRIDES_DIR, type ThemeComponent } from './themeOverrides.js';
export { toCodeThemeCss } from './codeTheme.js';
export { readBundleCodeKey } from './esbuildCommon.js';
export { SASS_FILE } from './sass.js';
