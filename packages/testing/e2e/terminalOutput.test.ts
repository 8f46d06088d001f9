import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { getMinimalSiteFiles, writeSiteFiles } from '../src/fixtureSite.js';
import { DOCGEN_BIN } from '../src/paths.js';

/**
 * What `docgen build` prints depending on where it prints: a progress line on a terminal (run
 * under a pseudo-terminal with util-linux's `script`), none in a pipe or in CI, and GitHub
 * workflow commands in GitHub Actions.
 */
const run = promisify(execFile);
const scratch = mkdtempSync(join(tmpdir(), 'docgen-terminal-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The environment of the test without what tells docgen it runs in CI. */
const { CI: _ci, GITHUB_ACTIONS: _actions, GITHUB_WORKSPACE: _workspace, ...plainEnv } = process.env;

function makeSite(name: string, pages = 150): string {
  const files = getMinimalSiteFiles('Terminal');
  for (let index = 1; index <= pages; index++) files[`docs/page-${index}.md`] = `# Page ${index}\n\nSome text.\n`;
  return writeSiteFiles(join(scratch, name), files);
}

const shellQuote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

/** Runs `docgen ...args` under a pseudo-terminal; returns everything it wrote (stdout and stderr together). */
async function runOnTerminal(args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  const command = [process.execPath, DOCGEN_BIN, ...args].map(shellQuote).join(' ');
  const { stdout } = await run('script', ['-qfec', command, '/dev/null'], { env, maxBuffer: 64 * 1024 * 1024 });
  return stdout;
}

async function runPiped(args: string[], env: NodeJS.ProcessEnv) {
  return run(process.execPath, [DOCGEN_BIN, ...args], { env, maxBuffer: 64 * 1024 * 1024 });
}

const PROGRESS = /\r\x1b\[2Kcompiling \d+\/150/;

describe('docgen build on a terminal', () => {
  it('shows the stage and a count on one updating line, cleared at the end, then the next step', async () => {
    const site = makeSite('tty');
    const output = await runOnTerminal(['build', site, '--no-cache'], { ...plainEnv, NO_COLOR: '1' });
    expect(output).toMatch(PROGRESS);
    expect(output).toMatch(/\r\x1b\[2Kcompiling 150\/150/);
    expect(output).toMatch(/\r\x1b\[2Krendering \d+\/152/);
    expect(output).toMatch(/\r\x1b\[2Kseo/);
    // Cleared before the result is printed: the last thing on the progress line is the erase.
    expect(output).toMatch(/\r\x1b\[2K(\r\n)?✔ Built 152 pages/);
    expect(output).toMatch(/Next: docgen serve \S+ to look at it, docgen check-links \S+ to check its links\./);
  });

  it('shows no progress with CI set, even on a terminal', async () => {
    const site = makeSite('tty-ci');
    const output = await runOnTerminal(['build', site, '--no-cache'], { ...plainEnv, CI: '1' });
    expect(output).toContain('Built 152 pages');
    expect(output).not.toMatch(/compiling|rendering|\x1b\[2K/);
  });

  it('shows no progress when its output is not a terminal', async () => {
    const site = makeSite('piped');
    const { stdout, stderr } = await runPiped(['build', site, '--no-cache'], plainEnv);
    expect(stdout).toContain('Built 152 pages');
    expect(`${stdout}${stderr}`).not.toMatch(/compiling|rendering|\x1b\[2K/);
  });
});

describe('docgen build in GitHub Actions', () => {
  it('prints every warning and error as a workflow command, relative to the repository root', async () => {
    const site = makeSite('repo/site, with: comma', 2);
    writeSiteFiles(site, { 'docs/page-1.md': '# Page 1\n\n100% sure: Returns List<String>.\n' });
    const env = { ...plainEnv, CI: 'true', GITHUB_ACTIONS: 'true', GITHUB_WORKSPACE: join(scratch, 'repo') };
    const warned = await runPiped(['build', site], env);
    expect(warned.stdout).toContain(
      '::warning file=site%2C with%3A comma/docs/page-1.md,line=3,col=24,title=docgen::' +
        'Unknown HTML tag <String> is shown as text%0Ahint: If this is code such as List<String>, wrap it in backticks: `List<String>`.\n',
    );
    // The terminal output is unchanged.
    expect(warned.stderr).toContain('warning docs/page-1.md:3:24  Unknown HTML tag <String> is shown as text');

    writeSiteFiles(site, { 'docs/page-2.md': '---\ntitle: "Unclosed\n---\n# Page 2\n' });
    const failed = await runPiped(['build', site], env).catch((error: { code: number; stdout: string; stderr: string }) => error);
    expect((failed as { code?: number }).code).toBe(2);
    expect(failed.stdout).toMatch(/^::error file=site%2C with%3A comma\/docs\/page-2\.md,line=2,col=8,title=docgen::Invalid YAML/m);

    const quiet = await runPiped(['build', site], { ...env, GITHUB_ACTIONS: '' }).catch((error: { stdout: string }) => error);
    expect(quiet.stdout).not.toContain('::');
  });
});
