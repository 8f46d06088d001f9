/**
 * What the command line does with its process before and after a command, as
 * `@docgen/core/process`: without the build, which every command loads when it runs (`docgen
 * --help` and `--version` never do).
 */
export { raiseTierUpBudget, stopBundler } from './processes/index.js';
export { prestartBuildThread } from './workers/prestart.js';
