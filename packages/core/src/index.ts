export { build, clearCache, loadSite, getCacheDir, type BuildOptions, type BuildResult } from './build.js';
export { DocgenError, isDocgenError, formatDiagnostic, formatLocation } from './diagnostics/index.js';
export { getConfigJsonSchema } from './config/index.js';
export { getBrokenLinks } from './links/index.js';
export { DOCGEN_VERSION } from './version.js';
export { startStaticServer, startDevServer, type StaticServer, type DevServer, type DevServerEvent } from './dev/index.js';
export { cutVersion, type CutVersionOptions, type CutVersionPlace, type CutVersionResult, type CutStep } from './versioning/index.js';
export { checkLinks } from './links/index.js';
