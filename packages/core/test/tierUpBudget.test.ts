import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { raiseTierUpBudget } from '../src/processes/tierUpBudget.js';

const compiledModule = fileURLToPath(new URL('../dist/processes/tierUpBudget.js', import.meta.url));

/**
 * Calls of a small function, on a worker thread started after `raise` (or not), before V8 has
 * compiled it with TurboFan: one compile at a time, on the calling thread, so the count is exact.
 */
function callsBeforeOptimized(raise: boolean): number {
  const thread = `
    function work(n) { let sum = 0; for (let i = 0; i < n; i++) sum += i % 7; return sum; }
    let calls = 0;
    while (!(%GetOptimizationStatus(work) & 16) && calls < 100000) { work(200); calls++; }
    require('node:worker_threads').parentPort.postMessage(calls);`;
  const main = `
    const { Worker } = require('node:worker_threads');
    import(${JSON.stringify(compiledModule)}).then(({ raiseTierUpBudget }) => {
      if (${raise}) raiseTierUpBudget();
      new Worker(${JSON.stringify(thread)}, { eval: true }).on('message', (calls) => console.log(calls));
    });`;
  const output = execFileSync(process.execPath, ['--allow-natives-syntax', '--no-concurrent-recompilation', '-e', main], {
    encoding: 'utf8',
  });
  return Number(output.trim());
}

describe('raiseTierUpBudget', () => {
  it('makes a thread started after it run a function several times longer before TurboFan compiles it', () => {
    const before = callsBeforeOptimized(false);
    const after = callsBeforeOptimized(true);
    expect(before).toBeGreaterThan(0);
    expect(before).toBeLessThan(100000);
    expect(after).toBeGreaterThanOrEqual(3 * before);
  });

  it("keeps a budget given on node's command line (and sets none then)", () => {
    expect(raiseTierUpBudget(['--interrupt-budget=1000'])).toBe(false);
    expect(raiseTierUpBudget(['--interrupt_budget', '1000'])).toBe(false);
  });
});
