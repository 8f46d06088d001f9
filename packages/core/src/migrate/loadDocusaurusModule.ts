import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DocgenError } from '../diagnostics/index.js';
import type { ChildOutput, GeneratorRequest } from './loadModuleChild.js';

const CHILD = fileURLToPath(new URL('./loadModuleChild.js', import.meta.url));
const TIMEOUT_MS = 60_000;

/**
 * What a file of the Docusaurus site (`docusaurus.config.ts`, `sidebars.js`) exports, as plain
 * data, evaluated in a child Node process (loadModuleChild.ts). A file that throws, or does not
 * parse, is a DocgenError carrying its own error text. It runs in the site's folder, as
 * `docusaurus build` does: `path.resolve('src/css/custom.css')` names the site's file.
 */
export async function loadDocusaurusModule(
  absolutePath: string,
  sitePath: string,
  siteDir: string,
  generatorRequest?: GeneratorRequest,
): Promise<ChildOutput> {
  // What the child is asked to run of the file (a sidebarItemsGenerator), in a file: it may be megabytes.
  const requestDir = generatorRequest && mkdtempSync(join(tmpdir(), 'docgen-migrate-'));
  const requestFile = requestDir && join(requestDir, 'request.json');
  if (requestFile) writeFileSync(requestFile, JSON.stringify(generatorRequest));
  const { code, stdout, stderr } = await new Promise<{ code: number | null; stdout: string; stderr: string }>((done, fail) => {
    const child = spawn(process.execPath, [CHILD, absolutePath, ...(requestFile ? [requestFile] : [])], {
      stdio: ['ignore', 'pipe', 'pipe'],
      cwd: siteDir,
      env: { ...process.env, NODE_OPTIONS: '' },
    });
    let out = '';
    let err = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      err += `\nStopped after ${TIMEOUT_MS / 1000} s: the file did not finish loading.`;
    }, TIMEOUT_MS);
    child.on('error', fail);
    child.on('close', (exitCode) => {
      clearTimeout(timer);
      done({ code: exitCode, stdout: out, stderr: err });
    });
  }).finally(() => requestDir && rmSync(requestDir, { recursive: true, force: true }));
  if (code !== 0) {
    const own = stderr.trim().split('\n').slice(0, 12).join('\n    ');
    throw new DocgenError(`${sitePath} could not be loaded: ${own}`, {
      code: 'migrate-config',
      location: { file: sitePath, ...(findLine(stderr, absolutePath) ?? { line: 1, column: 1 }) },
      hint: 'This is the error of the file itself, as Node reports it. Fix it (the site should also fail under Docusaurus), then run the migration again.',
    });
  }
  return JSON.parse(stdout) as ChildOutput;
}

/** The first `file:line:col` of the loaded file in an error text, when there is one. */
function findLine(text: string, absolutePath: string): { line: number; column: number } | undefined {
  const escaped = absolutePath.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`${escaped}:(\\d+):(\\d+)`).exec(text);
  return match ? { line: Number(match[1]), column: Number(match[2]) } : undefined;
}
