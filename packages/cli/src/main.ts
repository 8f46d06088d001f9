import { createProgram } from './program.js';

const { run } = createProgram();
process.exitCode = await run(process.argv.slice(2));
