import { spawnSync } from 'node:child_process';
import { appendFileSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { build } from '../src/build/index.js';
import { findCacheDir } from '../src/processes/index.js';
import { isSmallSite, PAGES_PER_THREAD, prestartBuildThread, startBuildThread, takePrestartedThread } from '../src/workers/prestart.js';
import { copyFixture, makeTempDir, removeTempDirs, snapshotDir } from './helpers.js';

// The build's calls of startBuildThread, counted (the command line's prestartBuildThread calls the real one).
vi.mock('../src/workers/prestart.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../src/workers/prestart.js')>();
  return { ...original, startBuildThread: vi.fn(original.startBuildThread) };
});

afterAll(removeTempDirs);

/** Whether a thread was started ahead: takes it, and stops it. */
async function takeAndStop(): Promise<boolean> {
  const thread = takePrestartedThread();
  await thread?.terminate();
  return thread !== undefined;
}

describe('the build thread the command line starts ahead', () => {
  it('is taken by the build, which writes what it writes without it', async () => {
    const site = copyFixture('autogen');
    const without = join(makeTempDir(), 'out');
    await build({ siteDir: site, outDir: without, cache: false });
    prestartBuildThread(site, { cache: false, threads: 2 });
    const withThread = join(makeTempDir(), 'out');
    await build({ siteDir: site, outDir: withThread, cache: false, threads: 2 });
    // The build's pool took it: none is left waiting.
    expect(await takeAndStop()).toBe(false);
    expect(snapshotDir(withThread)).toEqual(snapshotDir(without));
  });

  it('is not started for a small site unless threads are asked for: the build runs on the calling thread, and writes the same', async () => {
    const site = copyFixture('autogen');
    rmSync(findCacheDir(site), { recursive: true, force: true });
    expect(isSmallSite(site)).toBe(true);
    prestartBuildThread(site, {});
    expect(await takeAndStop()).toBe(false);
    const started = vi.mocked(startBuildThread);
    started.mockClear();
    const inline = join(makeTempDir(), 'out');
    await build({ siteDir: site, outDir: inline, cache: false });
    // Asked to start none: one thread in all.
    expect(started.mock.calls.map(([threads]) => threads)).toEqual([1]);
    expect(await takeAndStop()).toBe(false);
    const threaded = join(makeTempDir(), 'out');
    await build({ siteDir: site, outDir: threaded, cache: false, threads: 2 });
    expect(snapshotDir(inline)).toEqual(snapshotDir(threaded));
    // Its pages counted once a locale: PAGES_PER_THREAD markdown files in two locales is not small.
    const large = makeTempDir();
    mkdirSync(join(large, 'i18n', 'en'), { recursive: true });
    mkdirSync(join(large, 'docs'));
    for (let n = 0; n < PAGES_PER_THREAD / 2 - 1; n++) writeFileSync(join(large, 'docs', `${n}.md`), `# ${n}\n`);
    expect(isSmallSite(large)).toBe(true);
    writeFileSync(join(large, 'docs', 'last.mdx'), '# Last\n');
    expect(isSmallSite(large)).toBe(false);
    prestartBuildThread(large, {});
    expect(await takeAndStop()).toBe(true);
  });

  it('is started for a site without a cache or a build without it, not for one that may have nothing to build, nor for one thread', async () => {
    const site = copyFixture('autogen');
    rmSync(findCacheDir(site), { recursive: true, force: true });
    prestartBuildThread(site, { threads: 2 });
    expect(await takeAndStop()).toBe(true);
    prestartBuildThread(site, { threads: 1 });
    expect(await takeAndStop()).toBe(false);
    process.env.DOCGEN_THREADS = '1';
    try {
      prestartBuildThread(site, {});
      expect(await takeAndStop()).toBe(false);
    } finally {
      delete process.env.DOCGEN_THREADS;
    }
    mkdirSync(findCacheDir(site), { recursive: true });
    prestartBuildThread(site, { threads: 2 });
    expect(await takeAndStop()).toBe(false);
    prestartBuildThread(site, { cache: false, threads: 2 });
    expect(await takeAndStop()).toBe(true);
  });

  it('is started by a build with a record of its folder, or with something to build, and taken by it when it has', async () => {
    const site = copyFixture('autogen');
    rmSync(findCacheDir(site), { recursive: true, force: true });
    const out = join(makeTempDir(), 'out');
    const started = vi.mocked(startBuildThread);
    const notTaken: string[] = [];
    const buildOnce = async (leftWaiting = false) => {
      started.mockClear();
      await build({ siteDir: site, outDir: out, threads: 2, onTextEditNotTaken: (why) => notTaken.push(why) });
      // The build's pool took it (none is left waiting), unless the build had nothing to do.
      expect(await takeAndStop()).toBe(leftWaiting);
      return started.mock.calls.length;
    };
    expect(await buildOnce()).toBe(1);
    // Nothing changed: the thread started on the record is not taken.
    expect(await buildOnce(true)).toBe(1);
    // Without the cache there is no record to start it on: it is started once, to build, and taken.
    started.mockClear();
    await build({ siteDir: site, outDir: join(makeTempDir(), 'out'), cache: false, threads: 2 });
    expect(started.mock.calls.length).toBe(1);
    expect(await takeAndStop()).toBe(false);
    // A doc's text edited (the edit path), then a doc added (the whole build).
    appendFileSync(join(site, 'docs/01-intro.md'), '\nA line added.\n');
    expect(await buildOnce()).toBe(1);
    expect(notTaken).toEqual([]);
    writeFileSync(join(site, 'docs/added.md'), '# Added\n\nA page added.\n');
    expect(await buildOnce()).toBe(1);
    expect(notTaken).toHaveLength(1);
    const anew = join(makeTempDir(), 'out');
    await build({ siteDir: site, outDir: anew, cache: false });
    expect(snapshotDir(out)).toEqual(snapshotDir(anew));
  });

  it('keeps no process alive when no build takes it', () => {
    const entry = fileURLToPath(new URL('../dist/process.js', import.meta.url));
    const site = makeTempDir();
    // A file, not `node -e`: the thread would take `--input-type` from the process's arguments, and fail.
    const script = join(makeTempDir(), 'prestart.mjs');
    writeFileSync(
      script,
      `import { prestartBuildThread } from ${JSON.stringify(pathToFileURL(entry).href)};\n` +
        `prestartBuildThread(${JSON.stringify(site)}, { threads: 2 });\n` +
        // Ends once the thread has loaded its modules: a thread that failed to start would let any process end.
        `setTimeout(() => console.log('started'), 1000);\n`,
    );
    const child = spawnSync(process.execPath, [script], { encoding: 'utf8', timeout: 20_000 });
    expect(child.error).toBeUndefined();
    expect(child.stdout.trim()).toBe('started');
    expect(child.status).toBe(0);
  });
});
