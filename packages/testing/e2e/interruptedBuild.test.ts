/**
 * Temporaries outside the site: a `build --no-cache` keeps its compiled content in the system's
 * temporary folder. Interrupted (SIGINT, SIGTERM), a build removes its temporaries and locks and
 * exits with 130 or 143; killed (SIGKILL), it leaves them, and the next command removes them.
 * (A killed `serve --watch`'s `.docgen/serve.docgen-tmp-<pid>...` is the same sweep: killedProcesses.test.ts.)
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runDocgen, spawnDocgen } from '../src/cli.js';
import { findProcessDebris, writeGeneratedSite } from '../src/generatedSite.js';

const scratch = mkdtempSync(join(tmpdir(), 'docgen-interrupted-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A system temporary folder of the test's own (TMPDIR), so that other processes' files are not in the way. */
function makeTmpdir(name: string): string {
  const dir = join(scratch, name);
  mkdirSync(dir);
  return dir;
}

describe.each([
  ['SIGINT', 130],
  ['SIGTERM', 143],
] as const)('a build --no-cache interrupted by %s', (signal, exitCode) => {
  it(`removes its staging folder, its folder in the system temp folder and its locks, keeps the last output, and exits with ${exitCode}`, async () => {
    const site = writeGeneratedSite(join(scratch, `site-${signal}`), { pages: 10 });
    const temp = makeTmpdir(`tmp-${signal}`);
    const first = await runDocgen(['build', site], { TMPDIR: temp });
    expect(first.code, first.stderr).toBe(0);
    const before = readFileSync(join(site, 'build', 'docs', 'section-1', 'page-1', 'index.html'), 'utf8');

    const resume = join(scratch, `resume-${signal}`);
    const build = spawnDocgen(['build', site, '--no-cache'], {
      TMPDIR: temp,
      DOCGEN_TEST_PAUSE_AT: 'build:first-file',
      DOCGEN_TEST_RESUME_FILE: resume,
    });
    await build.waitFor(/DOCGEN_TEST_PAUSED build:first-file/);
    expect(readdirSync(temp).filter((name) => name.includes(`docgen-tmp-${build.child.pid}.`))).toHaveLength(1);
    expect(findProcessDebris(site).length).toBeGreaterThan(0);
    build.child.kill(signal);
    // The paused thread takes the signal once it runs again.
    writeFileSync(resume, '');
    expect(await build.exited).toBe(exitCode);
    expect(build.stderr()).toContain(`Interrupted (${signal}): the output folder is as it was before this build.`);
    expect(build.stderr()).not.toContain('crashed');
    expect(readdirSync(temp)).toEqual([]);
    expect(findProcessDebris(site)).toEqual([]);
    expect(readFileSync(join(site, 'build', 'docs', 'section-1', 'page-1', 'index.html'), 'utf8')).toBe(before);
  });
});

describe('a build --no-cache killed with SIGKILL', () => {
  it('leaves its folder in the system temp folder, which the next command removes', async () => {
    const site = writeGeneratedSite(join(scratch, 'site-killed'), { pages: 10 });
    const temp = makeTmpdir('tmp-killed');
    const build = spawnDocgen(['build', site, '--no-cache'], { TMPDIR: temp, DOCGEN_TEST_PAUSE_AT: 'build:first-file' });
    await build.waitFor(/DOCGEN_TEST_PAUSED build:first-file/);
    const pid = build.child.pid!;
    build.child.kill('SIGKILL');
    await build.exited;
    expect(readdirSync(temp)).toEqual([expect.stringMatching(new RegExp(`^cache\\.docgen-tmp-${pid}\\.\\d+-\\w+$`))]);

    const next = await runDocgen(['build', site], { TMPDIR: temp });
    expect(next.code, next.stderr).toBe(0);
    expect(readdirSync(temp)).toEqual([]);
    expect(findProcessDebris(site)).toEqual([]);
  });
});
