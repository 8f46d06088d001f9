/**
 * `init`, `migrate docusaurus` and `swizzle --eject` refuse a folder they cannot write in before
 * writing anything: one that is a file, one below a file, one on a read-only file system, one this
 * user may not write in. Exit code 2, the path and what is wrong, a hint, and nothing written.
 * Root ignores file permissions: as root the forbidden folder is skipped, and the read-only file
 * system (a tmpfs mounted read-only) stands for what a user cannot write in.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runDocgen } from '../src/cli.js';
import { getMinimalSiteFiles, writeSiteFiles } from '../src/fixtureSite.js';
import { REPO_ROOT } from '../src/paths.js';

const scratch = mkdtempSync(join(tmpdir(), 'docgen-unwritable-'));
const mounted: string[] = [];
afterAll(() => {
  for (const dir of mounted) execFileSync('umount', [dir]);
  rmSync(scratch, { recursive: true, force: true });
});

const isRoot = process.getuid?.() === 0;

/** A new folder of the scratch folder with a read-only tmpfs mounted on it; undefined where the machine does not allow it. */
function mountReadOnly(dir: string): string | undefined {
  mkdirSync(dir, { recursive: true });
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k,ro', 'tmpfs', dir], { stdio: 'ignore' });
  } catch {
    return undefined;
  }
  mounted.push(dir);
  return dir;
}

/** A new folder of the scratch folder that this user may not write in (chmod 555). */
function makeForbidden(dir: string): string {
  mkdirSync(dir, { recursive: true });
  chmodSync(dir, 0o555);
  return dir;
}

const file = join(scratch, 'a-file.txt');
writeFileSync(file, 'mine\n');
const readOnly = mountReadOnly(join(scratch, 'read-only'));
const forbidden = isRoot ? undefined : makeForbidden(join(scratch, 'forbidden'));

/** The targets to refuse, each with its error line; undefined where this machine cannot make it. */
const TARGETS = [
  { what: 'a file', target: file, error: `${file} is a file, not a folder` },
  {
    what: 'a folder below a file',
    target: join(file, 'site'),
    error: `${file} is a file, not a folder: cannot create ${join(file, 'site')} in it`,
  },
  {
    what: 'a folder on a read-only file system',
    target: readOnly && join(readOnly, 'site'),
    error: `Cannot write in ${readOnly} to create ${readOnly && join(readOnly, 'site')} (the file system is read-only)`,
  },
  {
    what: 'a folder in a folder this user may not write in',
    target: forbidden && join(forbidden, 'site'),
    error: `Cannot write in ${forbidden} to create ${forbidden && join(forbidden, 'site')} (permission denied)`,
  },
];

/** What every refusal looks like: exit code 2, one error line and a hint, no crash, nothing on stdout. */
function expectRefused(result: { code: number; stdout: string; stderr: string }, error: string, hint: string): void {
  expect(result.stderr).toContain(`error ${error}\n    hint: ${hint}\n`);
  expect(result.stderr).not.toContain('crashed');
  expect(result.stdout).toBe('');
  expect(result.code).toBe(2);
}

describe.each(TARGETS)('a target that is $what', ({ target, error }) => {
  it.skipIf(!target)('is refused by docgen init, which writes nothing', async () => {
    const result = await runDocgen(['init', target!]);
    expectRefused(result, error, 'Give a new or empty folder in a place this user can write in, e.g. docgen init my-docs');
    expect(readFileSync(file, 'utf8')).toBe('mine\n');
    if (target !== file) expect(existsSync(target!)).toBe(false);
  });

  it.skipIf(!target)('is refused by docgen migrate docusaurus, which writes nothing', async () => {
    const from = join(REPO_ROOT, 'packages/testing/test/fixtures/docusaurus-classic');
    const result = await runDocgen(['migrate', 'docusaurus', from, target!]);
    expectRefused(result, error, 'Give a new or empty folder in a place this user can write in: docgen migrate docusaurus <from> <to>');
    expect(readFileSync(file, 'utf8')).toBe('mine\n');
    if (target !== file) expect(existsSync(target!)).toBe(false);
  });
});

describe('docgen swizzle --eject into a src/theme it cannot write in', () => {
  const siteWith = (name: string) =>
    writeSiteFiles(join(scratch, name), { ...getMinimalSiteFiles('Swizzle'), 'docs/intro.md': '# Intro\n' });
  const hint = 'swizzle writes into src/theme/ of the site: make it a folder this user can write in.';

  it('refuses a src/theme that is a file, and a src that is a file', async () => {
    const site = siteWith('theme-file');
    writeSiteFiles(site, { 'src/theme': 'mine\n' });
    expectRefused(await runDocgen(['swizzle', 'Footer', site, '--eject']), `${join(site, 'src/theme')} is a file, not a folder`, hint);
    const other = siteWith('src-file');
    writeSiteFiles(other, { src: 'mine\n' });
    expectRefused(
      await runDocgen(['swizzle', 'Footer', other, '--eject']),
      `${join(other, 'src')} is a file, not a folder: cannot create ${join(other, 'src/theme')} in it`,
      hint,
    );
    expect(readFileSync(join(site, 'src/theme'), 'utf8')).toBe('mine\n');
  });

  it.skipIf(!readOnly)('refuses a src/theme on a read-only file system', async () => {
    const site = siteWith('theme-read-only');
    const theme = mountReadOnly(join(site, 'src/theme'))!;
    expectRefused(await runDocgen(['swizzle', 'Footer', site, '--eject']), `Cannot write in ${theme} (the file system is read-only)`, hint);
  });

  it.skipIf(isRoot)('refuses a src/theme this user may not write in', async () => {
    const site = siteWith('theme-forbidden');
    const theme = makeForbidden(join(site, 'src/theme'));
    expectRefused(await runDocgen(['swizzle', 'Footer', site, '--eject']), `Cannot write in ${theme} (permission denied)`, hint);
  });
});
