import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DocgenError } from '../diagnostics/index.js';
import { createGuestEnvironment } from './guestEnvironment.js';
import type { ChildExit, ChildOutput, GeneratorRequest } from './loadModuleChild.js';

const CHILD = fileURLToPath(new URL('./loadModuleChild.js', import.meta.url));

/** How long the site's code may take to give its value (the config, the sidebars, a generator's items). */
export const DEFAULT_TIMEOUT_MS = 30_000;

/**
 * The time limit of each run of the site's code: `DOCGEN_MIGRATE_TIMEOUT_MS` (milliseconds) when
 * set, for a site whose config takes longer (or for tests), else DEFAULT_TIMEOUT_MS.
 */
export function readTimeout(env: NodeJS.ProcessEnv = process.env): number {
  const given = env.DOCGEN_MIGRATE_TIMEOUT_MS;
  if (given === undefined || given === '') return DEFAULT_TIMEOUT_MS;
  const value = Number(given);
  if (!Number.isFinite(value) || value <= 0) {
    throw new DocgenError(`DOCGEN_MIGRATE_TIMEOUT_MS is ${JSON.stringify(given)}, not a number of milliseconds`, {
      code: 'usage',
      hint: `Set it to the time the Docusaurus config may take to load, in milliseconds (default ${DEFAULT_TIMEOUT_MS}), or unset it.`,
    });
  }
  return value;
}

/** `30 s`, `1.5 s`. */
export const formatSeconds = (ms: number) => `${Number((ms / 1000).toFixed(1))} s`;

/** One run of the site's code, for the report: which file, with what environment and time limit, and what it read. */
export interface GuestRun {
  /** Site path of the file run. */
  file: string;
  /** Whether it ran the config's `sidebarItemsGenerator`. */
  generator: boolean;
  passed: string[];
  dropped: number;
  nodeEnvSet: boolean;
  timeoutMs: number;
  /** What it read of the environment and what was left out of its value (see ChildOutput). */
  environment: ChildOutput['environment'];
  /** Of the unset variables the site's own code read, those docgen's environment has (not passed). */
  withheld: string[];
}

export interface LoadOptions {
  /** Run the config's `sidebarItemsGenerator` (sidebarGenerator.ts) instead of giving the config. */
  generatorRequest?: GeneratorRequest;
  /** Each run is added to it. */
  runs?: GuestRun[];
}

/**
 * What a file of the Docusaurus site (`docusaurus.config.ts`, `sidebars.js`) exports, as plain
 * data, evaluated in a child Node process (loadModuleChild.ts) with a scrubbed environment (see
 * guestEnvironment.ts) and a time limit (readTimeout). It runs in the site's folder, as
 * `docusaurus build` does: `path.resolve('src/css/custom.css')` names the site's file. A file that
 * throws, does not parse, ends the process (`process.exit`), never settles, or takes longer than
 * the limit is a DocgenError at the file saying which.
 */
export async function loadDocusaurusModule(
  absolutePath: string,
  sitePath: string,
  siteDir: string,
  options: LoadOptions = {},
): Promise<ChildOutput> {
  const { generatorRequest } = options;
  const timeoutMs = readTimeout();
  const guest = createGuestEnvironment(process.env);
  // The child's answer, and what it is asked to run of the file (a sidebarItemsGenerator): files, as they may be megabytes.
  const dir = mkdtempSync(join(tmpdir(), 'docgen-migrate-'));
  const requestFile = generatorRequest && join(dir, 'request.json');
  if (requestFile) writeFileSync(requestFile, JSON.stringify(generatorRequest));
  let ended: { code: number | null; signal: NodeJS.Signals | null; stderr: string; timedOut: boolean; answer?: string; exit?: string };
  try {
    ended = await new Promise((done, fail) => {
      const child = spawn(process.execPath, [CHILD, absolutePath, dir, ...(requestFile ? [requestFile] : [])], {
        stdio: ['ignore', 'ignore', 'pipe'],
        cwd: siteDir,
        env: guest.env,
      });
      let stderr = '';
      let timedOut = false;
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
      const timer = setTimeout(() => {
        timedOut = true;
        child.kill('SIGKILL');
      }, timeoutMs);
      child.on('error', (error) => {
        clearTimeout(timer);
        fail(error);
      });
      // On its exit, not on 'close': a process the config started may hold its stderr open for ever.
      child.on('exit', (code, signal) => {
        clearTimeout(timer);
        const read = (name: string) => (existsSync(join(dir, name)) ? readFileSync(join(dir, name), 'utf8') : undefined);
        // What it printed last is read a moment later, then the pipe is let go.
        setTimeout(() => {
          child.stderr.destroy();
          done({ code, signal, stderr, timedOut, answer: read('answer.json'), exit: read('exit.json') });
        }, 50);
      });
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const what = generatorRequest ? `${sitePath}'s sidebarItemsGenerator` : sitePath;
  const gives = generatorRequest ? 'its items' : /^docusaurus\.config\./.test(sitePath) ? 'its config' : 'its sidebars';
  const fail = (message: string, hint: string, stack = '') =>
    new DocgenError(message, {
      code: 'migrate-config',
      location: { file: sitePath, ...(findLine(stack, absolutePath) ?? { line: 1, column: 1 }) },
      hint,
    });
  if (ended.timedOut) {
    throw fail(
      `${what} did not finish ${generatorRequest ? 'running' : 'loading'} in ${formatSeconds(timeoutMs)} (a promise that never settles?)`,
      `It was stopped. Docusaurus would wait for it: find what it waits for. If it only needs longer, set DOCGEN_MIGRATE_TIMEOUT_MS (milliseconds; default ${DEFAULT_TIMEOUT_MS}).`,
    );
  }
  if (ended.code === 0 && ended.answer !== undefined) {
    const output = JSON.parse(ended.answer) as ChildOutput;
    options.runs?.push({
      file: sitePath,
      generator: Boolean(generatorRequest),
      passed: guest.passed,
      dropped: guest.dropped,
      nodeEnvSet: guest.nodeEnvSet,
      timeoutMs,
      environment: output.environment,
      withheld: output.environment.unset.filter((name) => process.env[name] !== undefined),
    });
    return output;
  }
  const printed = ended.stderr.trim() ? `\n    ${ended.stderr.trim().split('\n').slice(0, 12).join('\n    ')}` : '';
  const exit = ended.exit === undefined ? undefined : (JSON.parse(ended.exit) as ChildExit);
  if (exit?.called) {
    throw fail(
      `${what} ended the process (process.exit(${exit.code})) before giving ${gives}${printed}`,
      'Docusaurus would end there too, with nothing built: take the process.exit out (code that must stop should throw an error), then run the migration again.',
      exit.stack,
    );
  }
  if (exit && exit.code === 0) {
    throw fail(
      `${what} did not finish ${generatorRequest ? 'running' : 'loading'}: the promise it gives never settles (nothing was left to run)${printed}`,
      'Docusaurus would wait for it forever: make the promise resolve (or reject with an error), then run the migration again.',
    );
  }
  if (ended.signal) {
    throw fail(
      `${what} ended the process (${ended.signal}) before giving ${gives}${printed}`,
      'Find what stops the process (the site should fail under Docusaurus too), then run the migration again.',
    );
  }
  const own = ended.stderr.trim().split('\n').slice(0, 12).join('\n    ');
  throw new DocgenError(`${sitePath} could not be loaded: ${own || `the process ended with code ${ended.code}`}`, {
    code: 'migrate-config',
    location: { file: sitePath, ...(findLine(ended.stderr, absolutePath) ?? { line: 1, column: 1 }) },
    hint: 'This is the error of the file itself, as Node reports it. Fix it (the site should also fail under Docusaurus), then run the migration again.',
  });
}

/** The first `file:line:col` of the loaded file in an error text, when there is one. */
function findLine(text: string, absolutePath: string): { line: number; column: number } | undefined {
  const escaped = absolutePath.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`${escaped}:(\\d+):(\\d+)`).exec(text);
  return match ? { line: Number(match[1]), column: Number(match[2]) } : undefined;
}
