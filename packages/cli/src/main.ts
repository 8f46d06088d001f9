import { raiseTierUpBudget, stopBundler } from '@docgen/core/process';
import { createProgram } from './program.js';

// Before any thread starts and any code is hot: every command is a batch run (tierUpBudget.ts in core).
raiseTierUpBudget();
const { run } = createProgram();
process.exitCode = await run(process.argv.slice(2));
// esbuild's process ends as docgen's does, its CPU time counted as docgen's (see stopBundler).
await stopBundler();
