import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { build } from '../src/build/index.js';
import { findCacheDir } from '../src/processes/index.js';
import { prestartBuildThread, takePrestartedThread } from '../src/workers/prestart.js';
import { copyFixture, makeTempDir, removeTempDirs, snapshotDir } from './helpers.js';

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
    prestartBuildThread(site, { cache: false });
    const withThread = join(makeTempDir(), 'out');
    await build({ siteDir: site, outDir: withThread, cache: false });
    // The build's pool took it: none is left waiting.
    expect(await takeAndStop()).toBe(false);
    expect(snapshotDir(withThread)).toEqual(snapshotDir(without));
  });

  it('is started for a site without a cache or a build without it, not for one that may have nothing to build, nor for one thread', async () => {
    const site = copyFixture('autogen');
    rmSync(findCacheDir(site), { recursive: true, force: true });
    prestartBuildThread(site, {});
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
    prestartBuildThread(site, {});
    expect(await takeAndStop()).toBe(false);
    prestartBuildThread(site, { cache: false });
    expect(await takeAndStop()).toBe(true);
  });

  it('keeps no process alive when no build takes it', () => {
    const entry = fileURLToPath(new URL('../dist/process.js', import.meta.url));
    const site = makeTempDir();
    // A file, not `node -e`: the thread would take `--input-type` from the process's arguments, and fail.
    const script = join(makeTempDir(), 'prestart.mjs');
    writeFileSync(
      script,
      `import { prestartBuildThread } from ${JSON.stringify(pathToFileURL(entry).href)};\n` +
        `prestartBuildThread(${JSON.stringify(site)}, {});\n` +
        // Ends once the thread has loaded its modules: a thread that failed to start would let any process end.
        `setTimeout(() => console.log('started'), 1000);\n`,
    );
    const child = spawnSync(process.execPath, [script], { encoding: 'utf8', timeout: 20_000 });
    expect(child.error).toBeUndefined();
    expect(child.stdout.trim()).toBe('started');
    expect(child.status).toBe(0);
  });
});
