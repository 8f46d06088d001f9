import { relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * A site's own code (its remark and rehype plugins, MDX pages, components) runs inside docgen's
 * build. When that code calls `process.exit`, a worker thread would end without a word and the
 * build wait for it forever, and on the calling thread (`--threads 1`) docgen would exit with the
 * site's code and no message. While a task of the build runs, `process.exit` throws instead: the
 * task fails like any error of the site's code, naming the page and the plugin or file that called it.
 */

/** `process.exit` as Node gives it: docgen's own exits (a signal's) go through it while the guard is on. */
const realExit = process.exit.bind(process);

/** Tasks under way on this thread; the guard throws only while there are some. */
let running = 0;
let installed = false;

/** What a call of `process.exit` by the site's code becomes while a build task runs. */
export class SiteExitError extends Error {
  constructor(
    readonly exitCode: string | number | null | undefined,
    /** The file (or package) of the code that called it, when its stack tells. */
    readonly caller: string | undefined,
  ) {
    super(`The site's code called process.exit(${exitCode ?? ''})${caller ? ` in ${caller}` : ''}`);
    this.name = 'SiteExitError';
  }
}

function install(): void {
  if (installed) return;
  installed = true;
  process.exit = ((code?: string | number | null) => {
    if (running === 0) return realExit(code);
    throw new SiteExitError(code, findCaller(new Error().stack ?? ''));
  }) as typeof process.exit;
}

/** Runs a build task with the guard on (see above). */
export async function runGuarded<T>(task: () => Promise<T>): Promise<T> {
  install();
  running++;
  try {
    return await task();
  } finally {
    running--;
  }
}

/** Turns the guard on for good: a build thread runs nothing but the build's tasks. */
export function guardThread(): void {
  install();
  running++;
}

/** Ends the process with `code`, whatever the guard: for docgen's own exits, such as after a signal. */
export function exitProcess(code: number): never {
  return realExit(code);
}

/**
 * The code that called `process.exit`, from the stack: the first frame after the guard's own, as
 * the package it belongs to (`remark-x`) or its path relative to the working folder, with its line;
 * none in docgen's bundle of the site's components.
 */
function findCaller(stack: string): string | undefined {
  const frames = stack.split('\n').slice(1);
  const frame = frames.find((line) => !line.includes('exitGuard'));
  // `at f (file:///a/b.js:1:2)`, `at /a/b.js:1:2`, `at f (C:\\a\\b.js:1:2)`: the location is what ends the frame.
  const match = frame && /(?:\(|at )([^()]+?):(\d+):\d+\)?$/.exec(frame.trim());
  if (!match) return undefined;
  const file = match[1]!.startsWith('file:') ? fileURLToPath(match[1]!) : match[1]!;
  // docgen's bundle of the site's components: the error names the component already.
  if (/[\\/](\.docgen|\.cache[\\/]docgen)[\\/]/.test(file)) return undefined;
  const inPackage = file.split(/[\\/]node_modules[\\/]/).at(-1)!;
  if (inPackage !== file) {
    const parts = inPackage.split(/[\\/]/);
    return parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
  }
  return `${relative(process.cwd(), file).split(sep).join('/') || file}:${match[2]}`;
}
