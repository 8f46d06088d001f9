import { execFile, spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { DOCGEN_BIN } from './paths.js';

const run = promisify(execFile);

/** Runs `bin/docgen` as a real process (CI=1: no colours); never throws on a non-zero exit. */
export async function runDocgen(args: string[], env: NodeJS.ProcessEnv = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [DOCGEN_BIN, ...args], { env: { ...process.env, CI: '1', ...env } });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failure = error as { code: number; stdout: string; stderr: string };
    return { code: failure.code, stdout: failure.stdout, stderr: failure.stderr };
  }
}

/** Relative paths of every file below `root`, sorted. */
export function listFiles(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else out.push(relative(root, path));
    }
  };
  walk(root);
  return out.sort();
}

/** A `docgen` process started by a test, still running. */
export interface RunningDocgen {
  child: ChildProcessWithoutNullStreams;
  stdout: () => string;
  stderr: () => string;
  /** Resolves with the exit code once the process ends (null when killed by a signal). */
  exited: Promise<number | null>;
  /** Resolves once `pattern` appears in its stdout or stderr; rejects if it exits first or after `timeoutMs`. */
  waitFor: (pattern: RegExp, timeoutMs?: number) => Promise<void>;
}

/**
 * Starts `bin/docgen ...args` as a real process (CI=1), for tests that run processes side by side
 * or kill them: with DOCGEN_TEST_PAUSE_AT in `env`, it stops at that moment (see pauseForTest in core).
 */
export function spawnDocgen(args: string[], env: NodeJS.ProcessEnv = {}): RunningDocgen {
  const child = spawn(process.execPath, [DOCGEN_BIN, ...args], { env: { ...process.env, CI: '1', ...env } });
  let stdout = '';
  let stderr = '';
  const listeners = new Set<() => void>();
  const changed = () => listeners.forEach((listener) => listener());
  child.stdout.on('data', (chunk) => ((stdout += chunk), changed()));
  child.stderr.on('data', (chunk) => ((stderr += chunk), changed()));
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  const waitFor = (pattern: RegExp, timeoutMs = 120_000) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (!pattern.test(stdout) && !pattern.test(stderr)) return;
        done();
        resolve();
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(`docgen ${args.join(' ')} did not print ${pattern} in ${timeoutMs} ms:\n${stdout}\n${stderr}`));
      }, timeoutMs);
      const done = () => {
        clearTimeout(timer);
        listeners.delete(check);
      };
      listeners.add(check);
      void exited.then((code) => {
        if (!listeners.has(check)) return;
        done();
        reject(new Error(`docgen ${args.join(' ')} exited with ${code} before printing ${pattern}:\n${stdout}\n${stderr}`));
      });
      check();
    });
  return { child, stdout: () => stdout, stderr: () => stderr, exited, waitFor };
}
