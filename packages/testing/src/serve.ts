import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { DOCGEN_BIN } from './paths.js';

/** A `docgen serve` process started by a test. */
export interface RunningServe {
  child: ChildProcessWithoutNullStreams;
  /** `http://127.0.0.1:<port>`, without a trailing slash. */
  url: string;
  stdout: () => string;
  stderr: () => string;
  /** Resolves with the exit code once the process ends. */
  exited: Promise<number | null>;
}

/** Starts `docgen serve <site> ...args` (with CI and `env` set) and resolves once it prints where it serves. */
export async function startServe(site: string, args: string[], env: Record<string, string> = {}): Promise<RunningServe> {
  const child = spawn(process.execPath, [DOCGEN_BIN, 'serve', site, ...args], { env: { ...process.env, CI: '1', ...env } });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`serve did not start:\n${stdout}\n${stderr}`)), 60_000);
    child.stdout.on('data', () => {
      const match = /Serving at (http:\/\/[^\s]+)/.exec(stdout);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!.replace(/\/$/, ''));
      }
    });
    void exited.then((code) => reject(new Error(`serve exited with ${code}:\n${stderr}`)));
  });
  return { child, url, stdout: () => stdout, stderr: () => stderr, exited };
}
