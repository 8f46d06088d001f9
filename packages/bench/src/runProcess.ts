import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export interface ProcessRun {
  /** Wall-clock time from spawn to exit, in milliseconds. */
  milliseconds: number;
  /** Peak resident set size of the measured process, in KiB. */
  maxRssKb: number;
  /** CPU time of the measured process, user and system, all its threads, in milliseconds. */
  cpuMs: number;
  exitCode: number;
  stdout: string;
  stderr: string;
}

/** How the bench starts docgen: its `bin/docgen`, the environment of its processes, and where to log. */
export interface DocgenCommand {
  docgenBin: string;
  /** With NO_COLOR, and DOCGEN_THREADS when `--threads` is given. */
  env: NodeJS.ProcessEnv;
  log: (line: string) => void;
}

const TIME = '/usr/bin/time';
const RSS_MARK = 'docgen-bench-max-rss-kb=';
const CPU_MARK = 'cpu-seconds=';

/** True when GNU time can report the peak RSS of a child (`-f %M`, in KiB). */
export const hasGnuTime: boolean = existsSync(TIME) && spawnSync(TIME, ['-f', '%M', 'true']).status === 0;

/**
 * Runs a command to its end and measures it as its own process: wall time, and peak RSS and CPU
 * time through GNU time. Without GNU time, a command may print the mark of formatUsageMark itself
 * (the bench's buildChild does); otherwise maxRssKb and cpuMs are 0.
 */
export function runMeasured(command: string, args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): Promise<ProcessRun> {
  const [file, argv] = hasGnuTime ? [TIME, ['-f', `${RSS_MARK}%M ${CPU_MARK}%U+%S`, command, ...args]] : [command, args];
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const child = spawn(file, argv, { cwd: options.cwd, env: options.env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      const milliseconds = performance.now() - start;
      let maxRssKb = 0;
      let cpuMs = 0;
      const strip = (text: string) =>
        text.replace(
          new RegExp(`^.*${RSS_MARK}(\\d+) ${CPU_MARK}([\\d.]+)\\+([\\d.]+)\\s*$`, 'm'),
          (_line, kb: string, user: string, system: string) => {
            maxRssKb = Number(kb);
            cpuMs = (Number(user) + Number(system)) * 1000;
            return '';
          },
        );
      stderr = strip(stderr).trim();
      stdout = strip(stdout).trim();
      resolve({ milliseconds, maxRssKb, cpuMs, exitCode: code ?? 1, stdout, stderr });
    });
  });
}

/** The line a process prints for the fallback measurement: its peak RSS (KiB) and CPU time (ms). */
export function formatUsageMark(kb: number, cpuMs: number): string {
  return `${RSS_MARK}${kb} ${CPU_MARK}${(cpuMs / 1000).toFixed(2)}+0`;
}
