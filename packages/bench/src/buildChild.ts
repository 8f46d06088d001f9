/**
 * `node buildChild.js <siteDir> <outDir>`: the fallback build command where GNU time is missing.
 * Builds like `docgen build` and reports its own peak RSS and CPU time, so the figures are still this process's.
 */
import { build, formatDiagnostic, raiseTierUpBudget } from '@docgen/core';
import { formatUsageMark } from './runProcess.js';

const [siteDir, outDir] = process.argv.slice(2);
if (!siteDir || !outDir) throw new Error('usage: node buildChild.js <siteDir> <outDir>');
// As the docgen command does.
raiseTierUpBudget();
const start = performance.now();
const result = await build({ siteDir, outDir });
for (const diagnostic of result.diagnostics) process.stderr.write(`${formatDiagnostic(diagnostic)}\n`);
if (result.diagnostics.length > 0) process.stderr.write(`${result.diagnostics.length} warnings\n`);
process.stdout.write(`Built ${result.pageCount} pages into ${result.outDir} in ${((performance.now() - start) / 1000).toFixed(2)} s\n`);
const usage = process.resourceUsage();
process.stderr.write(`${formatUsageMark(usage.maxRSS, (usage.userCPUTime + usage.systemCPUTime) / 1000)}\n`);
