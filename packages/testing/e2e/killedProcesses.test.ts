/**
 * docgen processes killed (SIGKILL) at the worst moments: a build after its first file is written,
 * mid-render and halfway through the final renames; a version cut halfway through staging, halfway
 * through its renames and once everything is renamed. The tests stop the process at exactly that
 * moment through core's test seam (DOCGEN_TEST_PAUSE_AT, see pauseForTest), kill it, and check
 * that what it left is gone after the next command (build, serve --watch, clear, version cut,
 * check-links), that the next build works and gives the output of a lone build, and that nothing
 * of a running process is ever removed.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listFiles, runDocgen, spawnDocgen, type RunningDocgen } from '../src/cli.js';
import { buildLoneReference, findProcessDebris, getTreeDifferences, writeGeneratedSite } from '../src/generatedSite.js';
import { startServe } from '../src/serve.js';

const scratch = mkdtempSync(join(tmpdir(), 'docgen-killed-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const PAGES = 160;
/** The output of a lone, uninterrupted build of revision 2 of the generated site. */
let reference: string;
beforeAll(async () => {
  reference = await buildLoneReference(join(scratch, 'reference'), { pages: PAGES, revision: 2 });
}, 300_000);

const differencesFromReference = (outDir: string) => getTreeDifferences(reference, outDir);

/** Starts `docgen ...args` stopped at `moment`, and resolves once it is there. */
async function startPaused(args: string[], moment: string): Promise<RunningDocgen> {
  const running = spawnDocgen(args, { DOCGEN_TEST_PAUSE_AT: moment });
  await running.waitFor(new RegExp(`DOCGEN_TEST_PAUSED ${moment}`));
  return running;
}

async function kill(running: RunningDocgen): Promise<void> {
  running.child.kill('SIGKILL');
  expect(await running.exited).toBe(null);
}

const cacheDirOf = (site: string) => join(site, '.docgen');

describe('a build killed with SIGKILL', () => {
  const moments = [
    { moment: 'build:first-file', next: 'build' },
    { moment: 'build:render', next: 'serve --watch' },
    { moment: 'build:commit', next: 'clear' },
  ] as const;

  it.each(moments)(
    'at $moment leaves debris that the next command ($next) removes; the next build equals a lone build',
    async ({ moment, next }) => {
      const site = writeGeneratedSite(join(scratch, moment.replace(':', '-')), { pages: PAGES, revision: 1 });
      const first = await runDocgen(['build', site]);
      expect(first.code, first.stderr).toBe(0);
      // Every page changes: the killed build renders them all again.
      writeGeneratedSite(site, { pages: PAGES, revision: 2 });

      const killed = await startPaused(['build', site, '--threads', '2'], moment);
      const pid = killed.child.pid!;
      await kill(killed);
      const debris = findProcessDebris(site);
      // The staging folder beside the output, the output's lock and the cache's lock.
      expect(debris).toContainEqual(expect.stringMatching(new RegExp(`^\\.build\\.docgen-tmp-${pid}\\.\\d+$`)));
      expect(debris).toContain('.build.docgen-lock');
      expect(debris).toContain('.docgen/lock');

      switch (next) {
        case 'build': {
          const after = await runDocgen(['build', site]);
          expect(after.code, after.stderr).toBe(0);
          expect(after.stderr).not.toContain('Waiting for another docgen process');
          break;
        }
        case 'serve --watch': {
          const serve = await startServe(site, ['--watch', '--port', '0']);
          try {
            expect(findProcessDebris(site).filter((path) => path.includes(`docgen-tmp-${pid}.`))).toEqual([]);
          } finally {
            serve.child.kill('SIGTERM');
            expect(await serve.exited).toBe(0);
          }
          break;
        }
        case 'clear': {
          const cleared = await runDocgen(['clear', site]);
          expect(cleared.code, cleared.stderr).toBe(0);
          expect(cleared.stdout).toContain('Removed what killed docgen processes left:');
          expect(cleared.stdout).toContain(`.build.docgen-tmp-${pid}.`);
          break;
        }
      }
      expect(findProcessDebris(site).filter((path) => path.includes(`docgen-tmp-${pid}.`))).toEqual([]);

      const rebuilt = await runDocgen(['build', site]);
      expect(rebuilt.code, rebuilt.stderr).toBe(0);
      expect(rebuilt.stderr).not.toContain('Waiting for another docgen process');
      expect(differencesFromReference(join(site, 'build'))).toEqual([]);
      expect(findProcessDebris(site)).toEqual([]);
    },
  );

  it('never loses a running build: another build beside it and `clear` leave its staging folder alone', async () => {
    const shared = join(scratch, 'shared-parent');
    const siteA = writeGeneratedSite(join(scratch, 'running-a'), { pages: 20 });
    const siteB = writeGeneratedSite(join(scratch, 'running-b'), { pages: 20 });
    const running = await startPaused(['build', siteA, '--out-dir', join(shared, 'a')], 'build:first-file');
    const staging = readdirSync(shared).find((name) => name.startsWith('.a.docgen-tmp-'));
    expect(staging).toBeDefined();

    // A build into a folder beside it cleans that parent folder of killed builds' debris: not this.
    const beside = await runDocgen(['build', siteB, '--out-dir', join(shared, 'b')]);
    expect(beside.code, beside.stderr).toBe(0);
    expect(existsSync(join(shared, staging!))).toBe(true);

    // `clear` waits for the build (it holds the site's cache), and says so.
    const clear = spawnDocgen(['clear', siteA]);
    await clear.waitFor(new RegExp(`Waiting for another docgen process \\(pid ${running.child.pid}: .*build`));
    expect(existsSync(join(shared, staging!))).toBe(true);
    await kill(running);
    expect(await clear.exited).toBe(0);
    // Killed now: the next build into the parent folder removes it.
    const again = await runDocgen(['build', siteB, '--out-dir', join(shared, 'b')]);
    expect(again.code, again.stderr).toBe(0);
    expect(existsSync(join(shared, staging!))).toBe(false);
  });

  it('takes a pid reused by another process for what it is: debris and a stale lock of a docgen process that is gone', async () => {
    // Linux tells when a process started; elsewhere a live pid is taken to be the docgen process.
    if (!existsSync('/proc/self/stat')) return;
    const site = writeGeneratedSite(join(scratch, 'reused-pid'), { pages: 10 });
    // This test process is alive, but did not start at tick 1: a docgen process of that pid is gone.
    const reused = `${process.pid}.1`;
    mkdirSync(join(site, `.build.docgen-tmp-${reused}`, 'docs'), { recursive: true });
    writeFileSync(join(site, `.build.docgen-tmp-${reused}`, 'docs', 'index.html'), 'partial');
    writeFileSync(
      join(site, '.build.docgen-lock'),
      JSON.stringify({ pid: process.pid, tag: reused, command: 'docgen build', token: 'gone' }),
    );
    const built = await runDocgen(['build', site]);
    expect(built.code, built.stderr).toBe(0);
    expect(built.stderr).not.toContain('Waiting');
    expect(findProcessDebris(site)).toEqual([]);
  });
});

describe('serve --watch killed with SIGKILL', () => {
  it('leaves its output, server bundle and store lock; the next command removes them and the next dev server takes the store over', async () => {
    const site = writeGeneratedSite(join(scratch, 'killed-serve'), { pages: 20 });
    const serve = await startServe(site, ['--watch', '--port', '0']);
    for (let waited = 0; !/Built \d+ pages/.test(serve.stdout()) && waited < 90_000; waited += 100) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const pid = serve.child.pid!;
    serve.child.kill('SIGKILL');
    await serve.exited;
    const cache = readdirSync(cacheDirOf(site));
    expect(cache).toContainEqual(expect.stringMatching(new RegExp(`^serve\\.docgen-tmp-${pid}\\.\\d+$`)));
    expect(cache).toContainEqual(expect.stringMatching(new RegExp(`^server\\.docgen-tmp-${pid}\\.\\d+-\\w+\\.mjs$`)));
    expect(cache).toContain('serve-compiled.lock');

    const built = await runDocgen(['build', site]);
    expect(built.code, built.stderr).toBe(0);
    expect(readdirSync(cacheDirOf(site)).filter((name) => name.includes(`docgen-tmp-${pid}.`))).toEqual([]);
    // The store's lock names a process that is gone: the next dev server takes the store, not one of its own.
    const next = await startServe(site, ['--watch', '--port', '0']);
    try {
      expect(readdirSync(cacheDirOf(site)).filter((name) => name.startsWith('serve-compiled.docgen-tmp-'))).toEqual([]);
      expect(JSON.parse(readFileSync(join(cacheDirOf(site), 'serve-compiled.lock'), 'utf8')).pid).toBe(next.child.pid);
    } finally {
      next.child.kill('SIGTERM');
      expect(await next.exited).toBe(0);
    }
    expect(findProcessDebris(site)).toEqual([]);
  });
});

/** One hash of every path and byte of the site's sources (build output and cache left out). */
function hashSources(site: string): string {
  const hash = createHash('sha256');
  for (const file of listFiles(site).filter((path) => !/^(build|\.docgen)\//.test(path))) {
    hash.update(file).update(readFileSync(join(site, file)));
  }
  return hash.digest('hex');
}

describe('a version cut killed with SIGKILL', () => {
  const moments = [
    // After the first temporary (the copy of docs/) is written.
    { moment: 'cut:stage', next: 'build' },
    // After the first rename: versioned_docs/version-3.0 is in place, the rest is not.
    { moment: 'cut:commit', next: 'version cut' },
    // Everything renamed into place and checked, the cut not yet reported done.
    { moment: 'cut:finish', next: 'check-links' },
  ] as const;

  it.each(moments)(
    'at $moment is undone by the next command ($next): the site is unchanged or fully cut, and builds',
    async ({ moment, next }) => {
      const site = writeGeneratedSite(join(scratch, moment.replace(':', '-')), { pages: 12 });
      const before = hashSources(site);
      const killed = await startPaused(['version', 'cut', '3.0', site], moment);
      const pid = killed.child.pid!;
      await kill(killed);
      expect(findProcessDebris(site)).toContainEqual(expect.stringMatching(new RegExp(`^\\.docgen-cut-journal-${pid}\\.\\d+\\.json$`)));
      if (moment !== 'cut:stage') expect(existsSync(join(site, 'versioned_docs', 'version-3.0'))).toBe(true);

      const command = next === 'build' ? ['build', site] : next === 'version cut' ? ['version', 'cut', '3.0', site] : ['check-links', site];
      const after = await runDocgen(command);
      expect(after.code, after.stderr + after.stdout).toBe(0);
      expect(findProcessDebris(site)).toEqual([]);
      if (next === 'version cut') {
        // Undone, then cut in full.
        expect(JSON.parse(readFileSync(join(site, 'versions.json'), 'utf8'))).toEqual(['3.0', '1.0']);
        expect(listFiles(join(site, 'versioned_docs', 'version-3.0'))).toEqual(listFiles(join(site, 'docs')));
        expect(listFiles(join(site, 'i18n/en/docs/version-3.0'))).toEqual(listFiles(join(site, 'i18n/en/docs/current')));
      } else {
        expect(hashSources(site)).toBe(before);
        if (next === 'build') {
          expect(after.stderr).toContain(
            `A version cut 3.0 that did not finish (process ${pid}, no longer running) was undone: the site is as it was before it`,
          );
        }
      }

      const built = await runDocgen(['build', site]);
      expect(built.code, built.stderr).toBe(0);
      expect(built.stderr).not.toMatch(/error/i);
      expect(existsSync(join(site, 'build', 'docs', next === 'version cut' ? 'next' : '1.0'))).toBe(true);
      expect(findProcessDebris(site)).toEqual([]);
    },
  );
});
