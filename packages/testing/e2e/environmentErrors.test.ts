/**
 * A full disk, a read-only or forbidden folder and too many open files are the machine's doing:
 * `build` says what it was doing, where, and what to do, with exit code 4 and no stack trace
 * (unless --debug), and the last good output stays. A real full disk and a real read-only file
 * system where the machine lets the test mount them (root), the same errors injected at the
 * output writer (DOCGEN_TEST_FS_ERROR) everywhere. The hint names only the options of the command
 * that failed: `init` and `version cut` have no --out-dir, --no-cache or --threads.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runDocgen } from '../src/cli.js';
import { getMinimalSiteFiles, writeSiteFiles } from '../src/fixtureSite.js';

const scratch = mkdtempSync(join(tmpdir(), 'docgen-environment-'));
const mounted: string[] = [];
afterAll(() => {
  for (const dir of mounted) execFileSync('umount', [dir]);
  rmSync(scratch, { recursive: true, force: true });
});

/** Mounts a tmpfs of `size` at a new folder of the scratch folder; undefined where the machine does not allow it. */
function mountTmpfs(name: string, options: string): string | undefined {
  const dir = join(scratch, name);
  mkdirSync(dir);
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', options, 'tmpfs', dir], { stdio: 'ignore' });
  } catch {
    return undefined;
  }
  mounted.push(dir);
  return dir;
}

const site = writeSiteFiles(join(scratch, 'site'), {
  ...getMinimalSiteFiles('Environment'),
  'docs/intro.md': '# Intro\n\nThe first version.\n',
  'docs/next.md': '# Next\n\nMore words.\n',
});

/** What every environment error looks like: one error line with the operation and path, a hint, no stack trace. */
function expectEnvironmentError(result: { code: number; stderr: string }, what: RegExp, hint: RegExp): void {
  expect(result.stderr).toMatch(what);
  expect(result.stderr).toMatch(hint);
  expect(result.stderr).not.toContain('docgen crashed');
  expect(result.stderr).not.toMatch(/^\s+at /m);
  expect(result.code).toBe(4);
}

describe('a full disk (ENOSPC)', () => {
  // Room for a first build, mermaid's browser bundle included (about 5 MB in every output).
  const disk = mountTmpfs('full', 'size=16m');
  it.skipIf(!disk)('on a real 16 MB tmpfs: exit 4 naming the file, the last good output kept', async () => {
    const outDir = join(disk!, 'out');
    const first = await runDocgen(['build', site, '--out-dir', outDir, '--no-cache']);
    expect(first.code, first.stderr).toBe(0);
    // Fill what is left, but for a few kilobytes.
    const { bavail, bsize } = statfsSync(disk!);
    writeFileSync(join(disk!, 'filler'), Buffer.alloc(Math.max(0, bavail * bsize - 8 * 1024)));
    writeFileSync(join(site, 'docs', 'intro.md'), '# Intro\n\nThe second version.\n');
    const second = await runDocgen(['build', site, '--out-dir', outDir, '--no-cache']);
    expectEnvironmentError(
      second,
      new RegExp(`^error Could not [a-z ]+ ${disk}/\\S+: no space left on the device \\(ENOSPC\\)$`, 'm'),
      /hint: Free some space on that disk, or build into a folder on another one with --out-dir\./,
    );
    expect(readFileSync(join(outDir, 'docs', 'intro', 'index.html'), 'utf8')).toContain('The first version.');
    writeFileSync(join(site, 'docs', 'intro.md'), '# Intro\n\nThe first version.\n');
  });

  it('injected at the output writer: the same report', async () => {
    const result = await runDocgen(['build', site, '--out-dir', join(scratch, 'out-enospc')], {
      DOCGEN_TEST_FS_ERROR: 'ENOSPC',
      DOCGEN_TEST_FS_ERROR_PATH: 'index.html',
    });
    expectEnvironmentError(
      result,
      /^error Could not open \S+index\.html: no space left on the device \(ENOSPC\)$/m,
      /hint: Free some space on that disk/,
    );
  });
});

describe('a read-only output folder (EROFS)', () => {
  const readOnly = mountTmpfs('read-only', 'size=1m,ro');
  it.skipIf(!readOnly)('on a real read-only tmpfs: exit 4 naming the lock file it could not create', async () => {
    const result = await runDocgen(['build', site, '--out-dir', join(readOnly!, 'out')]);
    expectEnvironmentError(
      result,
      new RegExp(`^error Could not open ${readOnly}/\\.out\\.docgen-lock: the file system is read-only \\(EROFS\\)$`, 'm'),
      /hint: Choose a writable output folder with --out-dir; when it is the cache folder, build with --no-cache\./,
    );
  });
});

describe.each([
  ['EACCES', 'permission denied', /Make the folder writable for this user, or choose another output folder with --out-dir/],
  ['EPERM', 'operation not permitted', /Make the folder writable for this user/],
  ['EMFILE', 'too many open files', /Raise the limit of open files \(ulimit -n\), or build with fewer threads/],
])('%s, injected at the output writer', (code, what, hint) => {
  it(`is an environment error on the build's threads too: exit 4, "${what}", the stack only with --debug`, async () => {
    const env = { DOCGEN_TEST_FS_ERROR: code, DOCGEN_TEST_FS_ERROR_PATH: 'intro/index.html' };
    const outDir = join(scratch, `out-${code}`);
    const result = await runDocgen(['build', site, '--out-dir', outDir, '--threads', '2'], env);
    expectEnvironmentError(result, new RegExp(`^error Could not open \\S+/docs/intro/index\\.html: ${what} \\(${code}\\)$`, 'm'), hint);
    const debug = await runDocgen(['build', site, '--out-dir', outDir, '--threads', '2', '--debug'], env);
    expect(debug.code).toBe(4);
    expect(debug.stderr).toMatch(/^\s+at /m);
  });
});

describe('the hint of a command without --out-dir, --no-cache and --threads', () => {
  /** Whatever the error, the hint names none of the options the command does not have. */
  const expectNoBuildOptions = (stderr: string) => expect(stderr).not.toMatch(/--out-dir|--no-cache|--threads/);

  const small = mountTmpfs('init-full', 'size=64k');
  it.skipIf(!small)('init on a full disk (a real 64 kB tmpfs): free some space; nothing is left', async () => {
    const { bavail, bsize } = statfsSync(small!);
    writeFileSync(join(small!, 'filler'), Buffer.alloc(Math.max(0, bavail * bsize - 4 * 1024)));
    const result = await runDocgen(['init', join(small!, 'site')]);
    expectEnvironmentError(
      result,
      new RegExp(`^error Could not [a-z ]+ ${small}/site\\S*: no space left on the device \\(ENOSPC\\)$`, 'm'),
      /hint: Free some space on that disk\.\n/,
    );
    expectNoBuildOptions(result.stderr);
    expect(readdirSync(small!)).toEqual(['filler']);
  });

  it('version cut refused a write (EACCES, injected at its temporaries): make the folder writable; nothing is cut', async () => {
    const cutSite = writeSiteFiles(join(scratch, 'cut-site'), { ...getMinimalSiteFiles('Cut'), 'docs/intro.md': '# Intro\n' });
    const result = await runDocgen(['version', 'cut', '2.0', cutSite], {
      DOCGEN_TEST_FS_ERROR: 'EACCES',
      DOCGEN_TEST_FS_ERROR_PATH: 'versioned_docs',
    });
    expectEnvironmentError(
      result,
      new RegExp(
        `^error Could not open ${cutSite}/versioned_docs/\\.version-2\\.0\\.docgen-tmp-\\S+: permission denied \\(EACCES\\)$`,
        'm',
      ),
      /hint: Make the folder writable for this user\.\n/,
    );
    expectNoBuildOptions(result.stderr);
    expect(existsSync(join(cutSite, 'versioned_docs'))).toBe(false);
    expect(existsSync(join(cutSite, 'versions.json'))).toBe(false);
  });
});
