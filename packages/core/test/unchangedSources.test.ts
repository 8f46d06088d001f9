import { readFileSync, statSync, utimesSync, writeFileSync, type Stats } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../src/config/index.js';
import { ContentCache, FRONT_MATTER_MEMO_FILE, FrontMatterMemo, readFrontMatterMemo, readSiteContent } from '../src/content/index.js';
import { toSitePath } from '../src/content/sourceFile.js';
import { getFileStamp } from '../src/content/unchangedSources.js';
import { readInputFingerprint } from '../src/build/buildRecord.js';
import { createSourceKeys, readCompileSalt } from '../src/build/compileKeys.js';
import { catchDocgenError, makeTempDir, removeTempDirs, writeSite } from './helpers.js';

afterAll(removeTempDirs);

const HOUR_AGO = Date.now() / 1000 - 3600;

/**
 * Sites made before the tests, which then wait until they have settled: a file is remembered by
 * its stamp only when its change time (which no test can set back) is a while ago.
 */
const sites: string[] = [];
beforeAll(async () => {
  for (let count = 0; count < 8; count++) sites.push(writeSampleSite());
  await new Promise((resolve) => setTimeout(resolve, 2100));
});
const makeSite = () => sites.pop()!;

/** A site of two docs (one with front matter, one without) and a post. */
function writeSampleSite(): string {
  return writeSite({
    'docgen.config.yaml': 'title: Site\nurl: https://example.com\n',
    'docs/intro.md': '---\ntitle: Intro\nsidebar_position: 1\ntags: [start]\nfuture_key: 1\n---\n\n# Intro\n\nFirst words.\n',
    'docs/guide/plain.md': '# Plain\n\nNo front matter.\n',
    'blog/2025-01-02-hello.md': '---\ntitle: Hello\n---\n\nPost body.\n',
  });
}

/**
 * Reads the site as a build does: with the memo the last build wrote into `storeDir` (a fresh
 * content cache, as in a new process), and the stats of its files when the build took them before.
 */
function readWithMemo(siteDir: string, storeDir: string, fileStats?: ReadonlyMap<string, Stats>) {
  const memo = readFrontMatterMemo(storeDir, 'salt');
  const content = readSiteContent(siteDir, readConfig(siteDir), new ContentCache(), memo, { fileStats });
  memo.write(storeDir);
  return content;
}

const docOf = (content: ReturnType<typeof readSiteContent>, relativePath: string) =>
  content.versions[0]!.docs.find((doc) => doc.relativePath === relativePath)!;

/** Whether the doc's body is still unread: a getter, not a value read with the file. */
const isUnread = (source: object) => typeof Object.getOwnPropertyDescriptor(source, 'body')?.get === 'function';

describe('unchanged sources', () => {
  it('are not read by the next build, and give what reading them gives: front matter, warnings, body and compile key', () => {
    const siteDir = makeSite();
    const storeDir = makeTempDir();
    const first = readWithMemo(siteDir, storeDir);
    const second = readWithMemo(siteDir, storeDir);
    const salt = readCompileSalt(readConfig(siteDir));
    for (const path of ['intro.md', 'guide/plain.md']) {
      const [read, known] = [docOf(first, path), docOf(second, path)];
      expect(isUnread(read)).toBe(false);
      expect(isUnread(known)).toBe(true);
      expect(createSourceKeys().keyOf(salt, known)).toBe(createSourceKeys().keyOf(salt, read));
      expect({ ...known, file: { ...known.file } }).toEqual({ ...read, file: { ...read.file } });
    }
    expect(docOf(second, 'intro.md').warnings).toEqual(docOf(first, 'intro.md').warnings);
    expect(isUnread(second.blogPosts[0]!)).toBe(true);
    expect(second.blogPosts[0]!.body).toBe('\nPost body.\n');
    expect(second.blogPosts[0]!.frontMatter.slug).toBe(first.blogPosts[0]!.frontMatter.slug);
  });

  it('are read again when the file changed, even to the same size with its modification time put back', () => {
    const siteDir = makeSite();
    const storeDir = makeTempDir();
    readWithMemo(siteDir, storeDir);
    const file = join(siteDir, 'docs/intro.md');
    writeFileSync(file, readFileSync(file, 'utf8').replace('First words.', 'Other words.'));
    utimesSync(file, HOUR_AGO, HOUR_AGO);
    const doc = docOf(readWithMemo(siteDir, storeDir), 'intro.md');
    expect(isUnread(doc)).toBe(false);
    expect(doc.body).toContain('Other words.');
  });

  it('stop the build when one changed after the build took it as unchanged, rather than mix its two texts', () => {
    const siteDir = makeSite();
    const storeDir = makeTempDir();
    readWithMemo(siteDir, storeDir);
    const doc = docOf(readWithMemo(siteDir, storeDir), 'intro.md');
    writeFileSync(join(siteDir, 'docs/intro.md'), '---\ntitle: Intro\n---\n\nRewritten meanwhile.\n');
    const error = catchDocgenError(() => doc.body);
    expect(error.code).toBe('source-changed');
    expect(error.location).toMatchObject({ file: 'docs/intro.md', line: 1 });
  });

  it("take a file's stamp from the stats the build's fingerprint took, and stop the build if it changed since", () => {
    const siteDir = makeSite();
    const storeDir = makeTempDir();
    readWithMemo(siteDir, storeDir);
    const stats = new Map<string, Stats>();
    readInputFingerprint({
      siteDir,
      outDir: join(siteDir, 'build'),
      config: readConfig(siteDir),
      locales: undefined,
      includeDrafts: false,
      stats,
    });
    const file = join(siteDir, 'docs/intro.md');
    expect(stats.get(file)?.size).toBe(statSync(file).size);
    writeFileSync(file, '---\ntitle: Intro\n---\n\nChanged after the fingerprint.\n');
    // Read as the fingerprint saw it (unchanged): its text, asked for, is found changed.
    const doc = docOf(readWithMemo(siteDir, storeDir, stats), 'intro.md');
    expect(isUnread(doc)).toBe(true);
    expect(catchDocgenError(() => doc.body).code).toBe('source-changed');
    // Without them, the file is stat'ed and read again.
    expect(docOf(readWithMemo(siteDir, storeDir), 'intro.md').body).toContain('Changed after the fingerprint.');
  });

  it('are remembered only once they have not changed for a while (a second write in the same clock tick keeps the stamp)', () => {
    const siteDir = makeSite();
    const file = join(siteDir, 'docs/intro.md');
    writeFileSync(file, 'Just written.\n');
    const modified = statSync(file).mtimeMs;
    expect(getFileStamp(file, modified + 100)?.settled).toBe(false);
    expect(getFileStamp(file, modified + 60_000)?.settled).toBe(true);
    const storeDir = makeTempDir();
    readWithMemo(siteDir, storeDir);
    const doc = docOf(readWithMemo(siteDir, storeDir), 'intro.md');
    expect(isUnread(doc)).toBe(false);
    expect(isUnread(docOf(readWithMemo(siteDir, storeDir), 'guide/plain.md'))).toBe(true);
  });

  it("are not read by a store of its own that starts from the build store's memo (the dev server's first run), which stays as it was", () => {
    const siteDir = makeSite();
    const buildStore = makeTempDir();
    readWithMemo(siteDir, buildStore);
    const buildMemo = readFileSync(join(buildStore, FRONT_MATTER_MEMO_FILE), 'utf8');
    const devStore = makeTempDir();
    const memo = readFrontMatterMemo(devStore, 'salt', buildStore);
    const content = readSiteContent(siteDir, readConfig(siteDir), new ContentCache(), memo);
    expect(isUnread(docOf(content, 'intro.md'))).toBe(true);
    expect(docOf(content, 'intro.md').body).toContain('First words.');
    memo.write(devStore);
    expect(readFileSync(join(buildStore, FRONT_MATTER_MEMO_FILE), 'utf8')).toBe(buildMemo);
    // Once it has a memo of its own, that is the one it reads.
    writeFileSync(join(buildStore, FRONT_MATTER_MEMO_FILE), '{}');
    const again = readSiteContent(siteDir, readConfig(siteDir), new ContentCache(), readFrontMatterMemo(devStore, 'salt', buildStore));
    expect(isUnread(docOf(again, 'intro.md'))).toBe(true);
  });

  it('give compile tasks that read the body when a task is sent to a thread, not when it is made', () => {
    const siteDir = makeSite();
    const storeDir = makeTempDir();
    readWithMemo(siteDir, storeDir);
    const content = readWithMemo(siteDir, storeDir);
    const keys = createSourceKeys();
    const salt = readCompileSalt(readConfig(siteDir));
    const [intro, plain] = [docOf(content, 'intro.md'), docOf(content, 'guide/plain.md')];
    const tasks = [intro, plain].map((doc) => keys.taskOf(keys.keyOf(salt, doc), doc));
    // Posting a task to a thread clones it as structuredClone does: that is when its body is read.
    expect(structuredClone(tasks[1])).toMatchObject({ sourcePath: 'docs/guide/plain.md', body: plain.body });
    writeFileSync(join(siteDir, 'docs/intro.md'), '---\ntitle: Intro\n---\n\nRewritten after its task was made.\n');
    expect(catchDocgenError(() => structuredClone(tasks[0])).code).toBe('source-changed');
  });

  it('are forgotten with the memo of another docgen (its salt)', () => {
    const siteDir = makeSite();
    const storeDir = makeTempDir();
    readWithMemo(siteDir, storeDir);
    const memo = readFrontMatterMemo(storeDir, 'other salt');
    expect(memo).toBeInstanceOf(FrontMatterMemo);
    const content = readSiteContent(siteDir, readConfig(siteDir), new ContentCache(), memo);
    expect(isUnread(docOf(content, 'intro.md'))).toBe(false);
  });
});

describe("a file's site path", () => {
  it('is what path.relative gives, for plain paths below the site and every other kind', () => {
    const dirs = ['/site', '/tmp/my site', '/site/', '/', '/a/./site', '/a/../site', '/a//site', 'site', '/사이트', '/.hidden'];
    const rests = [
      'docs/a.md',
      'a',
      '.a/b.md',
      '..a/b',
      'a..b/c',
      'docs/./a.md',
      'docs/../a.md',
      'docs//a.md',
      'docs/a/',
      'docs/..',
      '.',
      '..',
      '',
      '/x',
      '문서/가.md',
      'a\\b.md',
    ];
    let plain = 0;
    for (const dir of dirs) {
      for (const rest of rests) {
        for (const path of [`${dir}/${rest}`, `${dir}${rest}`, `/elsewhere/${rest}`, dir]) {
          expect(toSitePath(dir, path), `${dir} + ${path}`).toBe(relative(dir, path));
          if (toSitePath(dir, path) === path.slice(dir.length + 1)) plain++;
        }
      }
    }
    expect(plain).toBeGreaterThan(20);
  });
});
