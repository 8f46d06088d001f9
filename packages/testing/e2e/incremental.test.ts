import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { listFiles, runDocgen } from '../src/cli.js';
import { copyDocsContent } from '../src/siteCopy.js';

/**
 * The build cache, thread counts and locale shards must never change what is built: every build
 * here is compared byte for byte with a clean, single-threaded build of the same sources (made once
 * for each state of the sources the tests come to: buildClean). Which pages a cached build rendered
 * again is read from the output itself: a page kept from the last build is left where it was, so its
 * inode stays; a rendered page is a new file.
 */
const scratch = mkdtempSync(join(tmpdir(), 'docgen-incremental-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const EDITED = 'docs/guide/api/stopAnalysis.md';
const EDITED_ROUTES = ['docs/guide/api/stopAnalysis/index.html', 'en/docs/guide/api/stopAnalysis/index.html'];
const ADDED = 'docs/guide/api/retryAnalysis.md';

async function build(site: string, outDir: string, ...flags: string[]): Promise<string> {
  const result = await runDocgen(['build', site, '--out-dir', outDir, ...flags]);
  expect(result.code, result.stderr).toBe(0);
  return result.stdout;
}

/** Every file of a folder with its contents. */
function snapshot(root: string): Map<string, Buffer> {
  return new Map(listFiles(root).map((file) => [file, readFileSync(join(root, file))]));
}

function expectSameTree(actual: string, expected: string): void {
  expectSameSnapshots(snapshot(actual), snapshot(expected), 'the output');
}

function expectSameSnapshots(a: Map<string, Buffer>, b: Map<string, Buffer>, what: string): void {
  expect([...a.keys()], `the files of ${what}`).toEqual([...b.keys()]);
  const differing = [...b].filter(([file, contents]) => !a.get(file)!.equals(contents)).map(([file]) => file);
  expect(differing, `the files of ${what} that differ`).toEqual([]);
}

/** The HTML pages of a folder, by path. */
const readPages = (root: string) =>
  new Map(listFiles(root).flatMap((file) => (file.endsWith('.html') ? [[file, readFileSync(join(root, file), 'utf8')] as const] : [])));
/** Pages whose HTML is not what `before` holds but for the name of their sidebar's file (a page kept and relinked), sorted. */
function changedPages(before: Map<string, string>, root: string): string[] {
  const unnamed = (page: string | undefined) => page?.replace(/\/_docgen\/sidebars\/[^"]+\.json/g, '');
  return [...readPages(root)].filter(([file, page]) => unnamed(page) !== unnamed(before.get(file))).map(([file]) => file);
}

const inodes = (root: string) => new Map(listFiles(root).map((file) => [file, statSync(join(root, file)).ino]));
/** HTML pages whose file is new since `before` (rendered again), sorted. */
const renderedSince = (before: Map<string, number>, root: string) =>
  [...inodes(root)].filter(([file, inode]) => file.endsWith('.html') && before.get(file) !== inode).map(([file]) => file);

/** A hash of the site's sources as they are now (not its cache or git's files). */
function hashSources(root: string): string {
  const hash = createHash('sha256');
  for (const file of listFiles(root)) {
    if (/^(\.docgen|\.git|build)[\\/]/.test(file)) continue;
    hash
      .update(`${file}\0`)
      .update(readFileSync(join(root, file)))
      .update('\0');
  }
  return hash.digest('hex');
}

/**
 * The clean, single-threaded builds made so far (or under way), by the hash of the sources each was
 * built from. They run one at a time, beside the test's own builds, each from a copy of the
 * sources as they were when it was asked for (git's history with them: pages show dates from it).
 */
const cleanBuilds = new Map<string, Promise<string>>();
let lastCleanBuild: Promise<unknown> = Promise.resolve();

/** A clean, single-threaded build of the site's sources as they are now: the same folder for sources built clean before. */
function buildClean(): Promise<string> {
  const sources = hashSources(site);
  let out = cleanBuilds.get(sources);
  if (out === undefined) {
    const copy = join(scratch, `sources-${cleanBuilds.size}`);
    const own = (file: string) => !/^(\.docgen|build)([\\/]|$)/.test(relative(site, file));
    cpSync(site, copy, { recursive: true, preserveTimestamps: true, filter: own });
    const dir = join(scratch, `clean-${cleanBuilds.size}`);
    out = lastCleanBuild.then(() => build(copy, dir, '--no-cache', '--threads', '1')).then(() => dir);
    lastCleanBuild = out.catch(() => undefined);
    cleanBuilds.set(sources, out);
  }
  return out;
}

/**
 * Checks, once its clean build is done, that `out` holds what a clean build of the sources as they
 * are now writes. `out` is read now: the test goes on to change it. The checks of a test are
 * awaited after it (afterEach).
 */
const pendingChecks: Promise<unknown>[] = [];
function expectSameAsClean(out: string, when: string): void {
  const actual = snapshot(out);
  const check = buildClean().then((clean) => expectSameSnapshots(actual, snapshot(clean), `the output ${when}`));
  // Kept as a value until awaited: a check that fails before then is no unhandled rejection.
  pendingChecks.push(
    check.then(
      () => undefined,
      (error: unknown) => ({ error }),
    ),
  );
}
afterEach(async () => {
  const results = await Promise.all(pendingChecks.splice(0));
  const failed = results.find((result): result is { error: unknown } => result !== undefined);
  if (failed) throw failed.error;
});

let site: string;
let reference: string;
beforeAll(async () => {
  site = copyDocsContent(join(scratch, 'site'));
  reference = await buildClean();
}, 180_000);

describe('docgen build: threads and cache never change the output', () => {
  it('builds the same bytes on 1, 2 and 3 threads', async () => {
    await build(site, join(scratch, 'two-threads'), '--no-cache', '--threads', '2');
    await build(site, join(scratch, 'three-threads'), '--no-cache', '--threads', '3');
    expectSameTree(join(scratch, 'two-threads'), reference);
    expectSameTree(join(scratch, 'three-threads'), reference);
    expect(existsSync(join(site, '.docgen'))).toBe(false);
  }, 180_000);

  it('does nothing when nothing changed, and re-renders exactly the pages an edit affects', async () => {
    const out = join(scratch, 'cached');
    const cold = await build(site, out);
    expect(cold).not.toMatch(/unchanged/);
    expect(existsSync(join(site, '.docgen', 'compiled', 'index.json'))).toBe(true);
    expectSameTree(out, reference);

    let before = inodes(out);
    expect(await build(site, out)).toMatch(/nothing changed since the last build/);
    expect(renderedSince(before, out)).toEqual([]);

    const original = readFileSync(join(site, EDITED), 'utf8');
    try {
      // A paragraph added at the end of a doc without a translation: its page and its English fallback.
      writeFileSync(join(site, EDITED), `${original}\n분석 중지 요청은 한 번만 보내면 됩니다.\n`);
      before = inodes(out);
      expect(await build(site, out)).toMatch(/2 rendered, the others unchanged/);
      expect(renderedSince(before, out)).toEqual(EDITED_ROUTES);
      // The search files are named by their content: those the edit did not change are the same
      // files (never written again), and the edit wrote few.
      const searchFiles = (files: Map<string, number>) => [...files].filter(([file]) => file.startsWith('_docgen/search/files/'));
      const searchedBefore = new Map(searchFiles(before));
      const searchedAfter = searchFiles(inodes(out));
      const fresh = searchedAfter.filter(([file]) => !searchedBefore.has(file));
      expect(searchedAfter.filter(([file, inode]) => searchedBefore.has(file) && searchedBefore.get(file) !== inode)).toEqual([]);
      // The shards of the terms the paragraph touched. It is past the start of its section's text
      // that a result shows: the packs of detail chunks keep their bytes.
      expect(fresh.length).toBeGreaterThan(0);
      expect(fresh.filter(([file]) => file.endsWith('.bin'))).toEqual([]);
      expect(fresh.length).toBeLessThan(searchedAfter.length / 2);
      // What does not show the page's text stays where it is; llms-full.txt holds it, its part spliced in place.
      const after = inodes(out);
      const unchanged = ['sitemap.xml', 'robots.txt', 'llms.txt', 'en/llms.txt', 'blog/rss.xml', 'blog/atom.xml', 'blog/feed.json'];
      expect(unchanged.filter((file) => after.get(file) !== before.get(file))).toEqual([]);
      expect(after.get('llms-full.txt')).toBe(before.get('llms-full.txt'));
      expect(readFileSync(join(out, 'llms-full.txt'), 'utf8')).toContain('분석 중지 요청은 한 번만 보내면 됩니다.');
      expectSameAsClean(out, 'after a paragraph added');

      // Its title shows only on its own pages (its sidebar label is set apart).
      writeFileSync(join(site, EDITED), original.replace(/^title: .*$/m, 'title: 분석 중단하기'));
      before = inodes(out);
      await build(site, out);
      expect(renderedSince(before, out)).toEqual(EDITED_ROUTES);
      expectSameAsClean(out, 'after its title changed');

      // Its sidebar label shows in the open sidebar of the pages of its category, in both locales:
      // those are rendered. The other pages of its sidebar show the same part of it as before and
      // are kept, with the name of the sidebar's new file written in.
      writeFileSync(join(site, EDITED), original.replace(/^sidebar_label: .*$/m, 'sidebar_label: 분석 중단'));
      before = inodes(out);
      const pagesBefore = readPages(out);
      const printed = await build(site, out);
      const changed = changedPages(pagesBefore, out);
      expect(changed).toEqual(expect.arrayContaining([...EDITED_ROUTES, 'docs/guide/api/analyzeCode/index.html']));
      expect(changed).not.toContain('docs/guide/overview/index.html');
      expect(changed.filter((file) => /^(en\/)?(docs\/250[46]\.1|blog)\//.test(file))).toEqual([]);
      expect(printed).toContain(`(${changed.length} rendered, the others unchanged)`);
      // The kept pages are patched where they are: only the pages rendered are new files.
      expect(renderedSince(before, out)).toEqual(changed);
      const sidebarFile = (page: string) => /"url":"(\/_docgen\/sidebars\/[^"]+)"/.exec(page)?.[1];
      const overview = readFileSync(join(out, 'docs/guide/overview/index.html'), 'utf8');
      expect(sidebarFile(overview)).not.toBe(sidebarFile(pagesBefore.get('docs/guide/overview/index.html')!));
      expect(existsSync(join(out, sidebarFile(overview)!))).toBe(true);
      expect(readFileSync(join(out, 'docs/guide/api/analyzeCode/index.html'), 'utf8').includes('>분석 중단<')).toBe(true);
      expectSameAsClean(out, 'after its sidebar label changed');

      // A page added beside it: it is rendered (and its English fallback), and the output (the
      // search index updated with it, see searchShards.test) is a clean build's; then removed again.
      writeFileSync(join(site, ADDED), '---\ntitle: 분석 재시도\n---\n\n실패한 분석을 다시 요청합니다.\n');
      const pagesBeforeAdding = readPages(out);
      const printedAdding = await build(site, out);
      // Its sidebars file does not list it: no other page shows it.
      const changedByAdding = changedPages(pagesBeforeAdding, out);
      expect(changedByAdding).toEqual(['docs/guide/api/retryAnalysis/index.html', 'en/docs/guide/api/retryAnalysis/index.html']);
      expect(printedAdding).toContain(`(${changedByAdding.length} rendered, the others unchanged)`);
      expectSameAsClean(out, 'after a page added');
      rmSync(join(site, ADDED));
      await build(site, out);
      expectSameAsClean(out, 'after the page removed');
    } finally {
      writeFileSync(join(site, EDITED), original);
      rmSync(join(site, ADDED), { force: true });
    }
    // Back to the original sources: byte-identical to the first clean build again.
    await build(site, out);
    expectSameTree(out, reference);
  }, 300_000);

  it("builds an edit of docs' text from the last build's model, as a whole build would", async () => {
    const out = join(scratch, 'text-edits');
    await build(site, out);
    // A build that took the text-edit path reports its `edit` stage (--verbose); one that did not, why.
    let whole: string | undefined;
    const buildEdit = async () => {
      const printed = await build(site, out, '--verbose');
      whole = /^\s+the whole build runs: (.*)$/m.exec(printed)?.[1];
      return /^\s+edit\s+\d+ ms$/m.test(printed);
    };
    const files = [EDITED, 'versioned_docs/version-2506.1/guide/api/analyzeCode.md', 'i18n/en/docs/current/guide/overview.md'];
    const originals = files.map((file) => readFileSync(join(site, file), 'utf8'));
    try {
      // Two edits one after the other (the second starts from the model the first recorded): the
      // page and its English fallback, and nothing else.
      for (const text of ['첫 번째로 덧붙인 문단입니다.', '두 번째 문단에는 **굵은 말**과 `code`가 있습니다.']) {
        writeFileSync(join(site, EDITED), `${originals[0]}\n${text}\n`);
        const before = inodes(out);
        expect(await buildEdit()).toBe(true);
        expect(renderedSince(before, out)).toEqual(EDITED_ROUTES);
        expectSameAsClean(out, `after edit ${text}`);
      }
      // Three docs at once: a frozen version's doc (and its fallback) and a translation.
      writeFileSync(join(site, files[1]!), `${originals[1]}\nA paragraph added to version 2506.1.\n`);
      writeFileSync(join(site, files[2]!), originals[2]!.replace('Reading this page once', 'Reading this page just once'));
      const before = inodes(out);
      expect(await buildEdit()).toBe(true);
      expect(renderedSince(before, out)).toEqual([
        'docs/2506.1/guide/api/analyzeCode/index.html',
        'en/docs/2506.1/guide/api/analyzeCode/index.html',
        'en/docs/guide/overview/index.html',
        // The version's root shows its first doc.
        'en/docs/index.html',
      ]);
      expectSameAsClean(out, 'after three docs edited');
      // A new heading: its pages' tables of contents (no link points at an anchor it gains); the
      // other two docs back as they were.
      writeFileSync(join(site, EDITED), `${originals[0]}\n## 새로운 절\n\n절의 내용입니다.\n`);
      for (const index of [1, 2]) writeFileSync(join(site, files[index]!), originals[index]!);
      expect(await buildEdit()).toBe(true);
      expect(readFileSync(join(out, 'docs/guide/api/stopAnalysis/index.html'), 'utf8')).toContain('href="#새로운-절"');
      expectSameAsClean(out, 'after a heading added');
      // What other pages see of a doc changes (its front matter): the whole build.
      writeFileSync(join(site, EDITED), originals[0]!.replace(/^title: .*$/m, 'title: 분석 중단하기'));
      expect(await buildEdit()).toBe(false);
      expect(whole).toBe(`the front matter of ${EDITED} changed`);
      expectSameAsClean(out, 'after its front matter changed');
    } finally {
      for (const [index, file] of files.entries()) writeFileSync(join(site, file), originals[index]!);
    }
    await build(site, out);
    expectSameTree(out, reference);
  }, 300_000);

  it('does not keep pages of a folder that a build without the cache wrote over', async () => {
    const out = join(scratch, 'no-cache-over-cached');
    await build(site, out);
    const original = readFileSync(join(site, EDITED), 'utf8');
    try {
      writeFileSync(join(site, EDITED), `${original}\n캐시 없이 빌드한 문단입니다.\n`);
      await build(site, out, '--no-cache');
    } finally {
      writeFileSync(join(site, EDITED), original);
    }
    // The sources are again those the cached build recorded; the folder no longer is its output.
    await build(site, out);
    expectSameTree(out, reference);
  }, 300_000);

  it('re-renders every page when the config changes', async () => {
    const out = join(scratch, 'config-change');
    await build(site, out);
    const config = readFileSync(join(site, 'docgen.config.yaml'), 'utf8');
    try {
      writeFileSync(join(site, 'docgen.config.yaml'), config.replace(/^tagline: .*$/m, 'tagline: 새 태그라인'));
      const before = inodes(out);
      await build(site, out);
      const pages = [...inodes(out).keys()].filter((file) => file.endsWith('.html'));
      expect(renderedSince(before, out)).toEqual(pages);
    } finally {
      writeFileSync(join(site, 'docgen.config.yaml'), config);
    }
  }, 300_000);

  it('builds each locale separately into one folder with the same result as building them together', async () => {
    const out = join(scratch, 'shards');
    const ko = await build(site, out, '--locale', 'ko');
    expect(ko).toMatch(/Built \d+ pages/);
    expect(existsSync(join(out, 'en', 'index.html'))).toBe(false);
    expect(existsSync(join(out, 'index.html'))).toBe(true);
    await build(site, out, '--locale', 'en');
    expectSameTree(out, reference);

    // A shard alone (as on a CI machine of its own): its locale and the site-wide files, the same bytes.
    const alone = join(scratch, 'en-alone');
    await build(site, alone, '--locale', 'en', '--no-cache');
    const enFiles = listFiles(alone);
    expect(enFiles.some((file) => file.startsWith('docs/'))).toBe(false);
    for (const file of enFiles) expect(readFileSync(join(alone, file)).equals(readFileSync(join(reference, file))), file).toBe(true);
  }, 300_000);

  it('forgets everything with docgen clear', async () => {
    expect(existsSync(join(site, '.docgen'))).toBe(true);
    const result = await runDocgen(['clear', site]);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/Deleted .*\.docgen/);
    expect(existsSync(join(site, '.docgen'))).toBe(false);
    const out = join(scratch, 'after-clear');
    await build(site, out);
    expectSameTree(out, reference);
  }, 180_000);
});
