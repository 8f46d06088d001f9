import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { FileChange } from '../src/content/index.js';
import { createSiteWatch } from '../src/dev/watchSite.js';
import { makeTempDir, removeTempDirs } from './helpers.js';

afterAll(removeTempDirs);

/** A site folder with a doc, a config, a theme source folder, a cache and build outputs beside its content. */
function makeSite() {
  const root = makeTempDir('docgen-watch-');
  const siteDir = join(root, 'site');
  const themeDir = join(root, 'theme');
  for (const dir of ['docs', 'build', 'out', '.docgen', 'node_modules/pkg', 'static']) mkdirSync(join(siteDir, dir), { recursive: true });
  mkdirSync(join(themeDir, 'src'), { recursive: true });
  writeFileSync(join(siteDir, 'docs/intro.md'), '# Intro\n');
  writeFileSync(join(siteDir, 'docgen.config.yaml'), 'title: Site\n');
  writeFileSync(join(themeDir, 'src/Layout.tsx'), 'export {};\n');
  return { siteDir, themeDir };
}

const watches: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(watches.splice(0).map((watch) => watch.close()));
});

/** A started watch of `site` whose batches of changes come out of `next()`, in order. */
function startWatch(site: ReturnType<typeof makeSite>, options: { readFrom?: number; changedBefore?: FileChange[] } = {}) {
  const batches: FileChange[][] = [];
  const waiting: ((changes: FileChange[]) => void)[] = [];
  const failures: Error[] = [];
  const watch = createSiteWatch({
    siteDir: site.siteDir,
    cacheDir: join(site.siteDir, '.docgen'),
    recordedOutDir: join(site.siteDir, 'out'),
    themeDir: site.themeDir,
    configFile: join(site.siteDir, 'docgen.config.yaml'),
    readFrom: options.readFrom ?? Date.now() - 100,
    findChangedSince: () => options.changedBefore ?? [],
    onChanges: (changes) => {
      const taker = waiting.shift();
      if (taker) taker(changes);
      else batches.push(changes);
    },
    onLost: () => failures.push(new Error('lost')),
    onFailed: (error) => failures.push(error),
  });
  watches.push(watch);
  watch.start();
  const next = () => {
    const batch = batches.shift();
    return batch ? Promise.resolve(batch) : new Promise<FileChange[]>((resolve) => waiting.push(resolve));
  };
  /** The changes of the batches to come until one has a change `until` accepts (a loaded machine may split a save's events). */
  const nextUntil = async (until: (change: string) => boolean) => {
    const changes: string[] = [];
    while (!changes.some(until)) changes.push(...relativeTo(site.siteDir, await next()));
    return changes;
  };
  return { watch, next, nextUntil, failures, batches };
}

const relativeTo = (siteDir: string, changes: FileChange[]) => changes.map(({ kind, path }) => `${kind} ${path.slice(siteDir.length + 1)}`);

describe('createSiteWatch', () => {
  it('reports files changed, added and removed, from the thread that watches', async () => {
    const site = makeSite();
    const { watch, nextUntil, failures } = startWatch(site, { readFrom: Date.now() + 60_000 });
    await watch.ready;
    writeFileSync(join(site.siteDir, 'docs/intro.md'), '# Intro, edited\n');
    writeFileSync(join(site.siteDir, 'docs/new.md'), '# New\n');
    const changes = await nextUntil((change) => change === 'add docs/new.md');
    expect(changes.sort()).toEqual(['add docs/new.md', 'change docs/intro.md']);

    rmSync(join(site.siteDir, 'docs'), { recursive: true });
    const removed = await nextUntil((change) => change === 'unlinkDir docs');
    // The folder's removal, with or without its files' (as chokidar sees them).
    expect(removed.filter((change) => !/^unlink(Dir)? docs/.test(change))).toEqual([]);
    expect(failures).toEqual([]);
  });

  it('sees a change of the theme source folder, wherever it is', async () => {
    const site = makeSite();
    const { watch, next } = startWatch(site, { readFrom: Date.now() + 60_000 });
    await watch.ready;
    writeFileSync(join(site.themeDir, 'src/Layout.tsx'), 'export const x = 1;\n');
    expect(await next()).toEqual([{ kind: 'change', path: join(site.themeDir, 'src/Layout.tsx') }]);
  });

  it('leaves out the cache, the build outputs (the recorded one too) and node_modules', async () => {
    const site = makeSite();
    const { watch, next } = startWatch(site, { readFrom: Date.now() + 60_000 });
    await watch.ready;
    for (const file of ['build/index.html', 'out/index.html', '.docgen/store.json', 'node_modules/pkg/index.js']) {
      writeFileSync(join(site.siteDir, file), 'x');
    }
    // Written last: the first batch is what the watcher saw of all these writes.
    setTimeout(() => writeFileSync(join(site.siteDir, 'static/logo.svg'), '<svg/>'), 200);
    // Its creation, and (when chokidar saw the file before its bytes, on a busy machine) its change.
    const changes = relativeTo(site.siteDir, await next());
    expect(changes[0]).toBe('add static/logo.svg');
    expect(changes.slice(1).filter((change) => change !== 'change static/logo.svg')).toEqual([]);
  });

  it('reports what changed before it started once its first scan is done, once', async () => {
    const site = makeSite();
    // The site was made before: only what is written after this counts.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const readFrom = Date.now() - 100;
    writeFileSync(join(site.siteDir, 'docgen.config.yaml'), 'title: Changed\n');
    const doc = join(site.siteDir, 'docs/intro.md');
    writeFileSync(doc, '# Changed before the watcher started\n');
    const { watch, next, batches } = startWatch(site, { readFrom, changedBefore: [{ kind: 'change', path: doc }] });
    await watch.ready;
    expect(relativeTo(site.siteDir, await next()).sort()).toEqual(['change docgen.config.yaml', 'change docs/intro.md']);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(batches).toEqual([]);
  });

  it('is ready once closed, and reports nothing after', async () => {
    const site = makeSite();
    const { watch, batches } = startWatch(site, { readFrom: Date.now() + 60_000 });
    await watch.close();
    await watch.ready;
    writeFileSync(join(site.siteDir, 'docs/intro.md'), '# After the close\n');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(batches).toEqual([]);
  });
});
