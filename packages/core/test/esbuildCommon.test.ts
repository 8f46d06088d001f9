import { existsSync } from 'node:fs';
import { join } from 'node:path';
import * as esbuild from 'esbuild';
import { describe, expect, it } from 'vitest';
import { toBundleError } from '../src/bundle/esbuildCommon.js';
import { listChildProcesses, stopBundler } from '../src/processes/index.js';

/** A failure as esbuild throws it: its first error's text, file (as esbuild names it), line and column (0-based), and a note. */
const failure = (file: string, note?: string) => ({
  errors: [{ text: 'Unexpected "}"', location: { file, line: 3, column: 4 }, notes: note ? [{ text: note }] : [] }],
});

describe('a failed bundle as docgen reports it', () => {
  const siteDir = join('/', 'sites', 'docs');
  const input = { siteDir, workingDir: join('/', 'themes', 'mine'), failed: 'Bundling failed', hint: 'Fix it.' };

  it("names a site module by its site path, and another file from the bundle's working folder, wherever docgen runs", () => {
    expect(toBundleError(failure('docgen-site:src/theme/Footer.tsx'), input).location).toEqual({
      file: 'src/theme/Footer.tsx',
      line: 3,
      column: 5,
    });
    // A theme outside the site: esbuild names its files from the theme's folder (the theme bundle
    // took them from the process's folder before, which is not the theme's).
    const error = toBundleError(failure('src/Broken.tsx', 'Did you mean "{"?'), input);
    expect(error.location?.file).toBe(join('..', '..', 'themes', 'mine', 'src', 'Broken.tsx'));
    expect(error.message).toBe('Bundling failed: Unexpected "}"');
    expect(error.hint).toBe('Did you mean "{"?');
  });

  it('says what failed, with the error, when esbuild gives no error of its own', () => {
    const error = toBundleError(new Error('The service was stopped'), { ...input, failed: 'Bundling a site component failed' });
    expect(error.message).toBe('Bundling a site component failed: The service was stopped');
    expect(error.location).toBeUndefined();
  });
});

describe("a failed bundle's hint", () => {
  const input = { siteDir: join('/', 'sites', 'docs'), workingDir: join('/', 'sites', 'docs'), failed: 'Bundling failed', hint: 'Fix it.' };
  const unresolved = (path: string, file: string, line: number) => ({
    text: `Could not resolve "${path}"`,
    location: { file, line, column: 0 },
    notes: [{ text: `You can mark the path "${path}" as external to exclude it from the bundle, which will remove this error.` }],
  });

  it('tells to install a package that is not, not to mark it external (no setting of docgen), and names the other errors', () => {
    const error = toBundleError(
      {
        errors: [
          unresolved('left-pad/lib/index.js', 'docgen-site:docs/components/Pad.jsx', 1),
          unresolved('@scope/chart', 'docgen-site:src/components/Chart.jsx', 2),
          unresolved('./gone', 'docgen-site:src/components/Chart.jsx', 3),
        ],
      },
      input,
    );
    expect(error.message).toBe('Bundling failed: Could not resolve "left-pad/lib/index.js"');
    expect(error.location).toEqual({ file: 'docs/components/Pad.jsx', line: 1, column: 1 });
    expect(error.hint).toBe(
      'Install the package in the site: npm install left-pad; also: src/components/Chart.jsx:2:1: Could not resolve "@scope/chart"; src/components/Chart.jsx:3:1: Could not resolve "./gone"',
    );
    // A file that is not there is no package to install.
    expect(toBundleError({ errors: [unresolved('./gone', 'docgen-site:src/a.jsx', 3)] }, input).hint).toBe('Fix it.');
  });
});

describe.runIf(existsSync('/proc/self/task'))("esbuild's process at the end of a command", () => {
  it('has ended and been reaped when stopBundler resolves, and the next bundle starts another', async () => {
    await esbuild.transform('let a = 1', {});
    const services = listChildProcesses().filter((child) => child.command.includes(`--service=${esbuild.version}`));
    expect(services.length).toBeGreaterThan(0);
    await stopBundler();
    // Reaped: its CPU time is this process's children's. A process killed and not yet reaped
    // would still be in /proc, as a zombie.
    for (const service of services) expect(existsSync(`/proc/${service.pid}`)).toBe(false);
    expect((await esbuild.transform('let b = 2', { minify: true })).code).toBe('let b=2;\n');
  });
});
