import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, parse } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../src/build/build.js';
import { DocgenError } from '../src/diagnostics/index.js';
import { assertSafeOutDir, createOutputDir, createStagingDir, listFilesOnThread } from '../src/output/index.js';
import { listFiles } from '../src/output/listFiles.js';
import { catchDocgenError, catchDocgenErrorAsync, copyFixture, makeTempDir, removeTempDirs, snapshotDir } from './helpers.js';

afterAll(removeTempDirs);

/** Leftover staging or backup folders that createStagingDir puts beside the output. */
const leftovers = (outDir: string) => readdirSync(dirname(outDir)).filter((name) => name.includes('.docgen-'));

describe('assertSafeOutDir', () => {
  const siteDir = join(makeTempDir('docgen-safe-'), 'site');
  mkdirSync(siteDir, { recursive: true });
  const hint = 'Choose a dedicated folder such as build/ inside the site: docgen build --out-dir build';

  it('accepts a folder inside the site', () => {
    expect(() => assertSafeOutDir(siteDir, join(siteDir, 'build'))).not.toThrow();
  });

  it('refuses the site folder itself', () => {
    const error = catchDocgenError(() => assertSafeOutDir(siteDir, siteDir));
    expect(error.message).toBe(`Refusing to write the build into ${siteDir}: it is the site folder`);
    expect(error.code).toBe('unsafe-out-dir');
    expect(error.hint).toBe(hint);
  });

  it('refuses the site folder reached through a symbolic link', () => {
    const link = join(makeTempDir('docgen-link-'), 'site-link');
    symlinkSync(siteDir, link);
    expect(catchDocgenError(() => assertSafeOutDir(siteDir, link)).message).toBe(
      `Refusing to write the build into ${link}: it is the site folder`,
    );
  });

  it('refuses a parent of the site folder', () => {
    const parent = dirname(siteDir);
    expect(catchDocgenError(() => assertSafeOutDir(siteDir, parent)).message).toBe(
      `Refusing to write the build into ${parent}: it contains the site folder`,
    );
  });

  it('refuses the filesystem root', () => {
    const root = parse(siteDir).root;
    expect(catchDocgenError(() => assertSafeOutDir(siteDir, root)).message).toBe(
      `Refusing to write the build into ${root}: it is the filesystem root`,
    );
  });

  // Regression test for a bug found in review.
  it('refuses a source folder of the site such as docs/', () => {
    mkdirSync(join(siteDir, 'docs'), { recursive: true });
    writeFileSync(join(siteDir, 'docs', 'intro.md'), '# Intro\n');
    expect(() => assertSafeOutDir(siteDir, join(siteDir, 'docs'))).toThrow(DocgenError);
  });

  it('refuses a folder holding .git', () => {
    const repo = join(makeTempDir('docgen-repo-'), 'checkout');
    mkdirSync(join(repo, '.git'), { recursive: true });
    expect(catchDocgenError(() => assertSafeOutDir(siteDir, repo)).message).toBe(
      `Refusing to write the build into ${repo}: it holds a .git folder`,
    );
  });
});

describe('createOutputDir', () => {
  // A reader that opened a file before it was written again (the dev server streaming a page while
  // a rebuild writes it) reads it as it was when opened: the old file whole, never an empty one.
  const readWhileRewritten = (servedWhileWritten: boolean, rewrite: (output: ReturnType<typeof createOutputDir>) => void) => {
    const outDir = makeTempDir('docgen-out-');
    const output = createOutputDir(outDir, { servedWhileWritten });
    output.write('docs/page.html', 'old page');
    const fd = openSync(join(outDir, 'docs/page.html'), 'r');
    try {
      rewrite(output);
      return {
        opened: readFileSync(fd, 'utf8'),
        now: readFileSync(join(outDir, 'docs/page.html'), 'utf8'),
        files: readdirSync(join(outDir, 'docs')),
      };
    } finally {
      closeSync(fd);
    }
  };
  const source = join(makeTempDir('docgen-source-'), 'page.html');
  writeFileSync(source, 'copied page');
  const rewrites: [string, (output: ReturnType<typeof createOutputDir>) => void, string][] = [
    ['write', (output) => output.write('docs/page.html', 'new page'), 'new page'],
    ['writeParts', (output) => output.writeParts('docs/page.html', ['new ', new TextEncoder().encode('parts')]), 'new parts'],
    ['copyFile', (output) => output.copyFile(source, 'docs/page.html'), 'copied page'],
  ];

  it.each(rewrites)('served while written, %s replaces a file by a rename', (_, rewrite, written) => {
    expect(readWhileRewritten(true, rewrite)).toEqual({ opened: 'old page', now: written, files: ['page.html'] });
  });

  it.each(rewrites)('written in place (a staging folder), %s rewrites the file itself', (_, rewrite, written) => {
    expect(readWhileRewritten(false, rewrite)).toEqual({ opened: written, now: written, files: ['page.html'] });
  });

  it('patches a file in place at once, and says when there is none', () => {
    const outDir = makeTempDir('docgen-out-');
    const output = createOutputDir(outDir, { servedWhileWritten: true });
    output.write('docs/page.html', 'a "x" b "x"');
    expect(output.patch('docs/page.html', '"x"', '"y"')).toBe(true);
    expect(readFileSync(join(outDir, 'docs/page.html'), 'utf8')).toBe('a "y" b "y"');
    expect(output.patch('docs/none.html', '"x"', '"y"')).toBe(false);
    expect(() => output.patch('docs/page.html', '"y"', '"yy"')).toThrow(/changes the length/);
  });

  it('patches at the byte offsets it is given when each holds the text; otherwise wherever the file has it', () => {
    const outDir = makeTempDir('docgen-out-');
    const output = createOutputDir(outDir, { servedWhileWritten: true });
    const text = '한글 "x" 다음 "x"';
    // The second "x", counted from the end of the file.
    const second = Buffer.byteLength(text) - Buffer.from(text).lastIndexOf('"x"');
    output.write('docs/page.html', text);
    // Only where it is told: the file is not searched.
    expect(output.patch('docs/page.html', '"x"', '"y"', [second])).toBe(true);
    expect(readFileSync(join(outDir, 'docs/page.html'), 'utf8')).toBe('한글 "x" 다음 "y"');
    // A place that does not hold the text (a file changed since the render): the whole file, as when not told.
    output.write('docs/page.html', text);
    expect(output.patch('docs/page.html', '"x"', '"y"', [second + 1])).toBe(true);
    expect(readFileSync(join(outDir, 'docs/page.html'), 'utf8')).toBe('한글 "y" 다음 "y"');
    output.write('docs/page.html', text);
    expect(output.patch('docs/page.html', '"x"', '"y"', [second + 1000])).toBe(true);
    expect(readFileSync(join(outDir, 'docs/page.html'), 'utf8')).toBe('한글 "y" 다음 "y"');
  });

  it.each([
    ['longer', 'NEW PART, LONGER THAN THE OLD'],
    ['shorter', 'new'],
    ['as long', 'OLD-PART'],
  ])('splices a part %s than the one it replaces into a file in place, moving the bytes after it', (_, part) => {
    const outDir = makeTempDir('docgen-out-');
    const output = createOutputDir(outDir, { servedWhileWritten: false });
    // Longer than the bytes a splice moves at a time: the tail moves in several chunks.
    const head = '머리 '.repeat(1000);
    const tail = '0123456789'.repeat(250_000);
    output.write('llms-full.txt', `${head}old-part${tail}`);
    const inode = statSync(join(outDir, 'llms-full.txt')).ino;
    const at = Buffer.byteLength(head);
    expect(output.splice('llms-full.txt', { at, length: 'old-part'.length, bytes: Buffer.from(part) })).toBe(true);
    expect(readFileSync(join(outDir, 'llms-full.txt'), 'utf8')).toBe(`${head}${part}${tail}`);
    expect(statSync(join(outDir, 'llms-full.txt')).ino).toBe(inode);
    expect(output.splice('none.txt', { at: 0, length: 0, bytes: Buffer.from('x') })).toBe(false);
    expect(() => output.splice('llms-full.txt', { at: at + tail.length + 100, length: 1, bytes: Buffer.from('x') })).toThrow(
      /ends after the file/,
    );
  });
});

describe('createStagingDir', () => {
  const makeOutput = () => {
    const outDir = join(makeTempDir('docgen-out-'), 'build');
    mkdirSync(join(outDir, 'old'), { recursive: true });
    writeFileSync(join(outDir, 'index.html'), 'old index');
    writeFileSync(join(outDir, 'old', 'page.html'), 'old page');
    return outDir;
  };

  it('writes beside the output and replaces the old output on commit', () => {
    const outDir = makeOutput();
    const staging = createStagingDir(outDir);
    expect(dirname(staging.path)).toBe(dirname(outDir));
    staging.write('index.html', 'new index');
    staging.write('docs/a/index.html', new TextEncoder().encode('new page'));
    expect(readFileSync(join(outDir, 'index.html'), 'utf8')).toBe('old index');
    staging.commit();
    expect(snapshotDir(outDir)).toEqual({
      'index.html': Buffer.from('new index').toString('base64'),
      'docs/a/index.html': Buffer.from('new page').toString('base64'),
    });
    expect(leftovers(outDir)).toEqual([]);
  });

  it('creates the output on commit when there was none', () => {
    const outDir = join(makeTempDir('docgen-out-'), 'fresh');
    const staging = createStagingDir(outDir);
    staging.write('a.txt', 'a');
    staging.commit();
    expect(readFileSync(join(outDir, 'a.txt'), 'utf8')).toBe('a');
  });

  it('leaves the old output untouched on discard', () => {
    const outDir = makeOutput();
    const before = snapshotDir(outDir);
    const staging = createStagingDir(outDir);
    staging.write('index.html', 'new index');
    staging.discard();
    expect(snapshotDir(outDir)).toEqual(before);
    expect(existsSync(staging.path)).toBe(false);
    expect(leftovers(outDir)).toEqual([]);
  });

  it('writes a file from parts, strings and bytes in order, and never through a kept file', () => {
    const outDir = makeOutput();
    const staging = createStagingDir(outDir);
    expect(staging.keep('old/page.html')).toBe(true);
    const big = '가'.repeat(1 << 20);
    staging.writeParts('old/page.html', ['a', new TextEncoder().encode('-bytes-'), 'b', big, 'c']);
    expect(staging.read('old/page.html')).toBe(`a-bytes-b${big}c`);
    expect(readFileSync(join(outDir, 'old', 'page.html'), 'utf8')).toBe('old page');
    // Parts of every size around the megabyte the writes gather: small ones, ones that fill it
    // exactly, cross it, or are larger, strings of three-byte characters among them.
    const sizes = [1, 5_000, (1 << 20) - 5_001, 3, 1 << 20, 7, (1 << 20) + 1, 2, 700_000, 700_000];
    const parts = sizes.map((size, index) =>
      index % 2 === 0 ? new Uint8Array(size).fill(97 + index) : '한'.repeat(Math.max(1, Math.floor(size / 3))),
    );
    staging.writeParts('many.txt', parts);
    // Compared as one buffer: toEqual walks megabytes element by element (20 s).
    const expected = Buffer.concat(parts.map((part) => (typeof part === 'string' ? Buffer.from(part) : part)));
    const written = staging.readBytes('many.txt');
    expect(written.length).toBe(expected.length);
    expect(written.equals(expected)).toBe(true);
    staging.discard();
  });

  // Listed on this thread when asked for at once, else (`listed`) on a thread of its own.
  it.each([false, true])(
    'leaves kept files where they are, moves written ones in and removes the rest on commit (listed on a thread: %s)',
    async (onThread) => {
      const outDir = makeOutput();
      mkdirSync(join(outDir, 'docs', 'a'), { recursive: true });
      writeFileSync(join(outDir, 'docs', 'a', 'index.html'), 'old a');
      writeFileSync(join(outDir, 'docs', 'b.md'), 'old b');
      const inode = (file: string) => statSync(join(outDir, file)).ino;
      const keptInode = inode('docs/a/index.html');
      const staging = createStagingDir(outDir);
      if (onThread) await staging.listed;
      expect(staging.keep('docs/a/index.html')).toBe(true);
      expect(staging.keep('docs/missing.html')).toBe(false);
      // A path written otherwise names the same file (its key is the resolved one), and none outside.
      for (const path of ['docs/./a/index.html', 'docs//a/index.html', 'docs/x/../a/index.html']) expect(staging.has(path)).toBe(true);
      expect(() => staging.keep('../elsewhere.html')).toThrow(/outside the output/);
      expect(staging.read('docs/a/index.html')).toBe('old a');
      expect(staging.has('docs/b.md')).toBe(false);
      staging.write('index.html', 'new index');
      // A file where a folder was, and a folder where a file was.
      staging.write('old', 'now a file');
      staging.write('docs/b.md/inside.txt', 'now a folder');
      mkdirSync(join(outDir, 'empty'));
      staging.write('empty', 'where an empty folder was');
      expect(readFileSync(join(outDir, 'index.html'), 'utf8')).toBe('old index');
      staging.commit();
      expect(snapshotDir(outDir)).toEqual({
        'index.html': Buffer.from('new index').toString('base64'),
        old: Buffer.from('now a file').toString('base64'),
        'docs/a/index.html': Buffer.from('old a').toString('base64'),
        'docs/b.md/inside.txt': Buffer.from('now a folder').toString('base64'),
        empty: Buffer.from('where an empty folder was').toString('base64'),
      });
      expect(inode('docs/a/index.html')).toBe(keptInode);
      expect(leftovers(outDir)).toEqual([]);
    },
  );

  it('lists the output as it was when it was made, on a thread, as on this one', async () => {
    const outDir = makeOutput();
    writeFileSync(join(outDir, '.nojekyll'), '');
    mkdirSync(join(outDir, 'a', 'b', 'c'), { recursive: true });
    writeFileSync(join(outDir, 'a', 'b', 'c', 'd.json'), '{}');
    symlinkSync(join(outDir, 'index.html'), join(outDir, 'link.html'));
    const files = listFiles(outDir);
    expect([...files].sort()).toEqual(['.nojekyll', 'a/b/c/d.json', 'index.html', 'old/page.html']);
    expect(await listFilesOnThread(outDir)).toEqual(files);
    await expect(listFilesOnThread(join(outDir, 'missing'))).rejects.toThrow(/ENOENT/);
    const staging = createStagingDir(outDir);
    await staging.listed;
    // Made after the listing: not a file of the last output, so neither kept nor removed.
    writeFileSync(join(outDir, 'late.html'), 'late');
    expect(staging.keep('late.html')).toBe(false);
    expect(staging.keep('a/b/c/d.json')).toBe(true);
    staging.commit();
    expect(existsSync(join(outDir, 'late.html'))).toBe(true);
    expect(existsSync(join(outDir, 'old', 'page.html'))).toBe(false);
  });

  it('removes the folders that a commit leaves empty', () => {
    const outDir = makeOutput();
    mkdirSync(join(outDir, 'docs', 'deep', 'er'), { recursive: true });
    writeFileSync(join(outDir, 'docs', 'deep', 'er', 'page.html'), 'gone');
    const staging = createStagingDir(outDir);
    staging.keep('index.html');
    staging.commit();
    expect(readdirSync(outDir)).toEqual(['index.html']);
  });

  it('writes a file again that it was told to keep', () => {
    const outDir = makeOutput();
    const staging = createStagingDir(outDir);
    expect(staging.keep('index.html')).toBe(true);
    staging.write('index.html', 'written after all');
    staging.remove('old/page.html');
    staging.commit();
    expect(snapshotDir(outDir)).toEqual({ 'index.html': Buffer.from('written after all').toString('base64') });
  });

  it('patches a kept file in place as it commits, not before: the old output is untouched until then', () => {
    const outDir = makeOutput();
    writeFileSync(join(outDir, 'old', 'page.html'), '{"url":"/a/AAAA.json"} and {"url":"/a/AAAA.json"}');
    const inode = statSync(join(outDir, 'old', 'page.html')).ino;
    const staging = createStagingDir(outDir);
    expect(staging.patch('old/page.html', '"url":"/a/AAAA.json"', '"url":"/a/BBBB.json"')).toBe(true);
    expect(staging.patch('index.html', 'old', 'new')).toBe(true);
    staging.write('index.html', 'written after all');
    expect(staging.patch('missing.html', 'a', 'b')).toBe(false);
    expect(readFileSync(join(outDir, 'old', 'page.html'), 'utf8')).toBe('{"url":"/a/AAAA.json"} and {"url":"/a/AAAA.json"}');
    staging.commit();
    expect(readFileSync(join(outDir, 'old', 'page.html'), 'utf8')).toBe('{"url":"/a/BBBB.json"} and {"url":"/a/BBBB.json"}');
    expect(statSync(join(outDir, 'old', 'page.html')).ino).toBe(inode);
    expect(readFileSync(join(outDir, 'index.html'), 'utf8')).toBe('written after all');
  });

  it('splices a kept file in place as it commits, once; leaves it as it was when it discards', () => {
    const outDir = makeOutput();
    writeFileSync(join(outDir, 'llms-full.txt'), 'one two three');
    const staging = createStagingDir(outDir, { keepsAll: true });
    expect(staging.splice('llms-full.txt', { at: 4, length: 3, bytes: Buffer.from('TWO!') })).toBe(true);
    expect(() => staging.splice('llms-full.txt', { at: 0, length: 3, bytes: Buffer.from('1') })).toThrow(/spliced twice/);
    expect(staging.splice('missing.txt', { at: 0, length: 0, bytes: Buffer.from('x') })).toBe(false);
    expect(readFileSync(join(outDir, 'llms-full.txt'), 'utf8')).toBe('one two three');
    staging.commit();
    expect(readFileSync(join(outDir, 'llms-full.txt'), 'utf8')).toBe('one TWO! three');
    const again = createStagingDir(outDir, { keepsAll: true });
    expect(again.splice('llms-full.txt', { at: 0, length: 3, bytes: Buffer.from('1') })).toBe(true);
    again.discard();
    expect(readFileSync(join(outDir, 'llms-full.txt'), 'utf8')).toBe('one TWO! three');
  });

  it('leaves a file it was to patch as it was when it discards', () => {
    const outDir = makeOutput();
    const before = snapshotDir(outDir);
    const staging = createStagingDir(outDir);
    expect(staging.patch('old/page.html', 'old', 'new')).toBe(true);
    staging.discard();
    expect(snapshotDir(outDir)).toEqual(before);
  });

  it('with keepsAll, keeps every file of the output it neither writes nor removes, and reads through to them', () => {
    const outDir = makeOutput();
    writeFileSync(join(outDir, 'old', 'gone.html'), 'to remove');
    writeFileSync(join(outDir, 'old', 'back.html'), 'removed, then written');
    const staging = createStagingDir(outDir, { keepsAll: true });
    // What the output holds is there without being kept; what it lacks is not.
    expect(staging.has('old/page.html')).toBe(true);
    expect(staging.read('old/page.html')).toBe('old page');
    expect(staging.has('old/missing.html')).toBe(false);
    expect(staging.keep('old/missing.html')).toBe(false);
    expect(staging.keep('index.html')).toBe(true);
    staging.write('index.html', 'new index');
    expect(staging.read('index.html')).toBe('new index');
    staging.remove('old/gone.html');
    expect(staging.has('old/gone.html')).toBe(false);
    expect(staging.keep('old/gone.html')).toBe(false);
    staging.remove('old/back.html');
    staging.write('old/back.html', 'written again');
    staging.write('new/page.html', 'new page');
    staging.commit();
    const text = (file: string) => Buffer.from(file).toString('base64');
    expect(snapshotDir(outDir)).toEqual({
      'index.html': text('new index'),
      'old/page.html': text('old page'),
      'old/back.html': text('written again'),
      'new/page.html': text('new page'),
    });
    expect(leftovers(outDir)).toEqual([]);
  });

  it('refuses to write outside the staging folder', () => {
    const staging = createStagingDir(join(makeTempDir('docgen-out-'), 'build'));
    expect(() => staging.write('../escape.txt', 'x')).toThrow('Refusing to write outside the output: ../escape.txt');
    staging.discard();
  });
});

describe('build', () => {
  let siteDir: string;
  let outDir: string;
  let goodOutput: Record<string, string>;

  beforeAll(async () => {
    siteDir = copyFixture('versioned');
    const result = await build({ siteDir, outDir: 'out' });
    outDir = result.outDir;
    goodOutput = snapshotDir(outDir);
    expect(result.diagnostics).toEqual([]);
  });

  it('writes every route, page data and static files into the output', () => {
    expect(outDir).toBe(join(siteDir, 'out'));
    const files = Object.keys(goodOutput);
    expect(files).toEqual(
      expect.arrayContaining([
        '404.html',
        'docs/index.html',
        'docs/start/index.html',
        'docs/1.0/index.html',
        'docs/1.0/guide/install/index.html',
        'docs/category/guide/index.html',
        'en/404.html',
        'en/docs/1.0/start/index.html',
        'files/report.pdf',
      ]),
    );
    expect(files.some((file) => /^_docgen\/data\/[^/]+\/docs\/1\.0\/start\.json$/.test(file))).toBe(true);
    const html = readFileSync(join(outDir, 'docs/1.0/start/index.html'), 'utf8');
    expect(html).toContain('시작하기 1.0');
    expect(html).toContain('href="/docs/1.0/guide/install"');
    expect(leftovers(outDir)).toEqual([]);
  });

  it('leaves the last good output byte-for-byte unchanged when a page component throws while rendering', async () => {
    mkdirSync(join(siteDir, 'pages'), { recursive: true });
    // A component page of docgen's theme (it uses the theme's hooks).
    writeFileSync(
      join(siteDir, 'pages', 'boom.tsx'),
      "import { useSiteData } from '@docgen/client';\nexport default function Boom(): never {\n  useSiteData();\n  throw new Error('boom at render');\n}\n",
    );
    try {
      // On a thread: vitest maps the stack traces of its own thread to their sources, which the
      // bundle's source map then no longer finds (the command line runs a small site on its own
      // thread, and names the line all the same).
      const error = await catchDocgenErrorAsync(() => build({ siteDir, outDir: 'out', threads: 2 }));
      // The site's own code threw: the server bundle's source map names the line.
      expect(error.message).toBe('Rendering /boom failed: pages/boom.tsx threw: boom at render');
      expect(error.code).toBe('render-failed');
      expect(error.location).toEqual({ file: 'pages/boom.tsx', line: 4, column: 9 });
      expect(snapshotDir(outDir)).toEqual(goodOutput);
      expect(leftovers(outDir)).toEqual([]);
    } finally {
      writeFileSync(
        join(siteDir, 'pages', 'boom.tsx'),
        "import { useSiteData } from '@docgen/client';\nexport default function Fine() {\n  useSiteData();\n  return null;\n}\n",
      );
    }
  });

  it('leaves the last good output byte-for-byte unchanged when a sidebar is wrong', async () => {
    const sidebars = readFileSync(join(siteDir, 'sidebars.yaml'), 'utf8');
    writeFileSync(join(siteDir, 'sidebars.yaml'), 'guide:\n  - start\n  - nowhere\n');
    try {
      const error = await catchDocgenErrorAsync(() => build({ siteDir, outDir: 'out' }));
      expect(error.message).toBe('Sidebar "guide" of version Next points at doc "nowhere", which does not exist');
      expect(error.location).toEqual({ file: 'sidebars.yaml', line: 3, column: 5 });
      expect(snapshotDir(outDir)).toEqual(goodOutput);
      expect(leftovers(outDir)).toEqual([]);
    } finally {
      writeFileSync(join(siteDir, 'sidebars.yaml'), sidebars);
    }
  });

  it('refuses to build into the site folder before touching anything', async () => {
    const before = snapshotDir(siteDir);
    const error = await catchDocgenErrorAsync(() => build({ siteDir, outDir: '.' }));
    expect(error.message).toBe(`Refusing to write the build into ${siteDir}: it is the site folder`);
    expect(snapshotDir(siteDir)).toEqual(before);
  });
});
