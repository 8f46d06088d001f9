import { join } from 'node:path';
import { getOutputSiblings } from './measureOutput.js';
import { hasGnuTime, runMeasured, type DocgenCommand, type ProcessRun } from './runProcess.js';
import type { Trash } from './trash.js';

/** A docgen build as the bench measured it. */
export interface BuildRun extends ProcessRun {
  /** Pages docgen reports it built (every route of every locale). */
  routes: number;
  /** Warnings docgen printed. */
  warnings: number;
}

/** One measured build; `what` names it in the log and in errors. */
export type Builder<T extends ProcessRun> = (what: string) => Promise<T>;

/**
 * `docgen build <siteDir> --out-dir <outDir>` as a child process, measured by GNU time (or, without
 * it, the bench's buildChild, which reports its own usage). Fails on a non-zero exit.
 */
export function createDocgenBuilder(
  options: DocgenCommand & {
    /** The bench's dist folder (where buildChild.js is). */
    distDir: string;
    siteDir: string;
    outDir: string;
  },
): Builder<BuildRun> {
  const { siteDir, outDir, log } = options;
  const [command, args] = hasGnuTime
    ? [process.execPath, [options.docgenBin, 'build', siteDir, '--out-dir', outDir]]
    : [process.execPath, [join(options.distDir, 'buildChild.js'), siteDir, outDir]];
  return async (what) => {
    const run = await runMeasured(command, args, { env: options.env });
    if (run.exitCode !== 0) throw new Error(`docgen build failed (${what}, exit code ${run.exitCode}):\n${run.stdout}\n${run.stderr}`);
    const routes = Number(/Built (\d+) pages/.exec(run.stdout)?.[1] ?? NaN);
    const warnings = run.stderr === '' ? 0 : Number(/^(\d+) warnings?$/m.exec(run.stderr)?.[1] ?? run.stderr.split('\n').length);
    if (warnings > 0) log(`  docgen printed ${warnings} warning(s) (${what}):\n${run.stderr.split('\n').slice(0, 20).join('\n')}`);
    logRun(log, `docgen ${what}`, run);
    return { ...run, routes, warnings };
  };
}

/** `hugo --quiet --destination <destination>` in `hugoDir`, measured by GNU time. Fails on a non-zero exit. */
export function createHugoBuilder(options: { hugoDir: string; destination: string; log: (line: string) => void }): Builder<ProcessRun> {
  return async (what) => {
    const run = await runMeasured('hugo', ['--quiet', '--destination', options.destination], { cwd: options.hugoDir });
    if (run.exitCode !== 0) throw new Error(`hugo failed (${what}, exit code ${run.exitCode}):\n${run.stdout}\n${run.stderr}`);
    logRun(options.log, `hugo ${what}`, run);
    return run;
  };
}

function logRun(log: (line: string) => void, what: string, run: ProcessRun): void {
  log(
    `  ${what}: ${(run.milliseconds / 1000).toFixed(2)} s, CPU ${(run.cpuMs / 1000).toFixed(1)} s, peak RSS ${(run.maxRssKb / 1024).toFixed(0)} MiB`,
  );
}

/**
 * A cold docgen build starts from nothing: no output, no staging folders, no docgen cache. They are
 * set aside into the trash rather than deleted (see trash.ts).
 */
export function setAsideDocgenOutput(trash: Trash, siteDir: string, outDir: string): void {
  for (const path of [outDir, ...getOutputSiblings(outDir), join(siteDir, '.docgen'), join(siteDir, 'node_modules', '.cache', 'docgen')]) {
    trash.setAside(path);
  }
}

/** A cold Hugo build starts without its output and its `resources/` cache (set aside, see trash.ts). */
export function setAsideHugoOutput(trash: Trash, hugoDir: string, destination: string): void {
  trash.setAside(destination);
  trash.setAside(join(hugoDir, 'resources'));
}
