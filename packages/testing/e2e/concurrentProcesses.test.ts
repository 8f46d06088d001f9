/**
 * Two docgen processes on one site at the same time: two builds into one output, check-links
 * while a build runs, a build while `serve --watch` runs. Each must finish correctly, with the
 * output of a lone build, and say so when it waits for the other. To make them overlap for sure,
 * the first process stops mid-render (core's test seam DOCGEN_TEST_PAUSE_AT, see pauseForTest)
 * until the second has started and said it waits, then goes on.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDocgen, spawnDocgen, type RunningDocgen } from '../src/cli.js';
import { buildLoneReference, findProcessDebris, getTreeDifferences, writeGeneratedSite } from '../src/generatedSite.js';
import { startServe } from '../src/serve.js';

const scratch = mkdtempSync(join(tmpdir(), 'docgen-concurrent-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const PAGES = 120;
/** The output of a lone build of the generated site. */
let reference: string;
beforeAll(async () => {
  reference = await buildLoneReference(join(scratch, 'reference'), { pages: PAGES });
}, 300_000);

const differencesFromReference = (outDir: string) => getTreeDifferences(reference, outDir);

let resumeCount = 0;

/**
 * Starts `docgen ...args` and holds it mid-render; `resume()` lets it go on. A process that
 * holds its locks there makes any other that needs them wait.
 */
async function startHeld(args: string[]): Promise<RunningDocgen & { resume: () => void }> {
  const resumeFile = join(scratch, `resume-${++resumeCount}`);
  const running = spawnDocgen(args, { DOCGEN_TEST_PAUSE_AT: 'build:render', DOCGEN_TEST_RESUME_FILE: resumeFile });
  await running.waitFor(/DOCGEN_TEST_PAUSED build:render/);
  return { ...running, resume: () => writeFileSync(resumeFile, '') };
}

const waitingFor = (pid: number | undefined, what: string) =>
  new RegExp(`Waiting for another docgen process \\(pid ${pid}: .*\\) to finish ${what}`);

describe('two docgen processes on one site', () => {
  it('two builds into one output: the second waits for the first, says so, and both give the output of a lone build', async () => {
    const site = writeGeneratedSite(join(scratch, 'two-builds'), { pages: PAGES });
    const first = await startHeld(['build', site, '--threads', '2']);
    const second = spawnDocgen(['build', site, '--threads', '2']);
    await second.waitFor(waitingFor(first.child.pid, `writing ${join(site, 'build')}`));
    first.resume();
    expect(await first.exited, first.stderr()).toBe(0);
    expect(await second.exited, second.stderr()).toBe(0);
    expect(first.stderr()).not.toContain('Waiting');
    // The second found the site unchanged since the first.
    expect(second.stdout()).toContain('nothing changed since the last build');
    expect(differencesFromReference(join(site, 'build'))).toEqual([]);
    expect(findProcessDebris(site)).toEqual([]);
  });

  it('two builds started together without the cache both finish, the output a lone build', async () => {
    const site = writeGeneratedSite(join(scratch, 'together'), { pages: PAGES });
    const runs = [spawnDocgen(['build', site, '--no-cache']), spawnDocgen(['build', site, '--no-cache'])];
    const codes = await Promise.all(runs.map((run) => run.exited));
    expect(codes, runs.map((run) => run.stderr()).join('\n')).toEqual([0, 0]);
    // Whichever waited (if they overlapped) named the other.
    for (const [index, run] of runs.entries()) {
      const other = runs[1 - index]!.child.pid;
      for (const line of run
        .stderr()
        .split('\n')
        .filter((text) => text.startsWith('Waiting')))
        expect(line).toMatch(waitingFor(other, ''));
    }
    expect(differencesFromReference(join(site, 'build'))).toEqual([]);
    expect(findProcessDebris(site)).toEqual([]);
  });

  it('two builds into different outputs share the compile store one after the other', async () => {
    const site = writeGeneratedSite(join(scratch, 'two-outputs'), { pages: PAGES });
    const first = await startHeld(['build', site, '--threads', '2', '--out-dir', 'out-a']);
    const second = spawnDocgen(['build', site, '--threads', '2', '--out-dir', 'out-b']);
    await second.waitFor(waitingFor(first.child.pid, `using this site's cache \\(${join(site, '.docgen')}\\)`));
    first.resume();
    expect(await first.exited, first.stderr()).toBe(0);
    expect(await second.exited, second.stderr()).toBe(0);
    expect(differencesFromReference(join(site, 'out-a'))).toEqual([]);
    expect(differencesFromReference(join(site, 'out-b'))).toEqual([]);
  });

  it('check-links during a build waits for it, then checks from what it compiled; the build is unaffected', async () => {
    const site = writeGeneratedSite(join(scratch, 'check-during-build'), { pages: PAGES });
    const building = await startHeld(['build', site, '--threads', '2']);
    const checking = spawnDocgen(['check-links', site]);
    await checking.waitFor(waitingFor(building.child.pid, `using this site's cache`));
    building.resume();
    expect(await building.exited, building.stderr()).toBe(0);
    expect(await checking.exited, checking.stderr()).toBe(0);
    expect(checking.stdout()).toMatch(/No problems found in the links and anchors of \d+ pages/);
    expect(differencesFromReference(join(site, 'build'))).toEqual([]);
    expect(findProcessDebris(site)).toEqual([]);
  });

  it('a build and a clear while serve --watch runs: neither waits, the build equals a lone build, the dev server keeps rebuilding', async () => {
    const site = writeGeneratedSite(join(scratch, 'build-during-serve'), { pages: PAGES });
    const serve = await startServe(site, ['--watch', '--port', '0']);
    try {
      const rebuilds = () => serve.stdout().match(/Built \d+ pages/g)?.length ?? 0;
      for (let waited = 0; rebuilds() === 0 && waited < 90_000; waited += 100) await new Promise((resolve) => setTimeout(resolve, 100));
      const before = rebuilds();
      expect(before, serve.stdout()).toBe(1);
      const built = await runDocgen(['build', site, '--threads', '2']);
      expect(built.code, built.stderr).toBe(0);
      expect(built.stderr).not.toContain('Waiting');
      expect(differencesFromReference(join(site, 'build'))).toEqual([]);
      // What the build wrote beside its output (staging folder, lock) is no change to the dev server.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(rebuilds(), serve.stdout()).toBe(before);

      // The dev server still serves and rebuilds from its own store and output.
      const page = join(site, 'docs', 'section-1', 'page-1.md');
      writeFileSync(page, readFileSync(page, 'utf8').replace('Revision 1.', 'Revision 1, edited while a build ran.'));
      const served = async (text: string) => {
        const deadline = Date.now() + 60_000;
        let html = '';
        while (!html.includes(text) && Date.now() < deadline) {
          await new Promise((resolve) => setTimeout(resolve, 200));
          html = await (await fetch(`${serve.url}/docs/section-1/page-1`)).text();
        }
        return html;
      };
      expect(await served('edited while a build ran')).toContain('edited while a build ran');
      // And a second build, with the dev server's rebuild done, renders the edit too.
      const again = await runDocgen(['build', site]);
      expect(again.code, again.stderr).toBe(0);
      expect(readFileSync(join(site, 'build', 'docs', 'section-1', 'page-1', 'index.html'), 'utf8')).toContain('edited while a build ran');

      // docgen clear deletes the cache, except the dev server's output and store, and says so.
      const cleared = await runDocgen(['clear', site]);
      expect(cleared.code, cleared.stderr).toBe(0);
      expect(cleared.stdout).toContain('Kept what running docgen processes use (serve --watch):');
      expect(cleared.stdout).toMatch(new RegExp(`serve\\.docgen-tmp-${serve.child.pid}\\.\\d+\n`));
      expect(cleared.stdout).toContain('serve-compiled\n');
      writeFileSync(page, readFileSync(page, 'utf8').replace('edited while a build ran', 'edited after a clear'));
      expect(await served('edited after a clear')).toContain('edited after a clear');
    } finally {
      serve.child.kill('SIGTERM');
      expect(await serve.exited).toBe(0);
    }
    expect(findProcessDebris(site)).toEqual([]);
  });
});
