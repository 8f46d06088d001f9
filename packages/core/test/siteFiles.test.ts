import { mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SiteFiles } from '../src/dev/staticServer.js';
import { makeTempDir, removeTempDirs } from './helpers.js';

afterAll(removeTempDirs);

/** An output folder with a page, a 404 page and a file outside it. */
function writeOutput(): { root: string; outside: string } {
  const dir = makeTempDir();
  const root = join(dir, 'out');
  mkdirSync(join(root, 'docs', 'a'), { recursive: true });
  writeFileSync(join(root, 'docs', 'a', 'index.html'), 'a');
  writeFileSync(join(root, '404.html'), 'missing');
  const outside = join(dir, 'secret.txt');
  writeFileSync(outside, 'secret');
  return { root, outside };
}

describe('SiteFiles of an output that changes while served', () => {
  it('finds a page written after the scan, as the scan would have, without scanning again', () => {
    const { root } = writeOutput();
    const files = new SiteFiles(root);
    mkdirSync(join(root, 'docs', 'b'));
    writeFileSync(join(root, 'docs', 'b', 'index.html'), 'b');
    writeFileSync(join(root, 'docs', 'c.html'), 'c');
    expect(files.resolve('/docs/b')).toBeUndefined();
    expect(files.find('/docs/b')).toBe(join(root, 'docs', 'b', 'index.html'));
    expect(files.find('/docs/b/')).toBe(join(root, 'docs', 'b', 'index.html'));
    expect(files.find('/docs/c')).toBe(join(root, 'docs', 'c.html'));
    // Found once, known since.
    expect(files.resolve('/docs/b')).toBe(join(root, 'docs', 'b', 'index.html'));
    expect(files.find('/docs/nothing')).toBeUndefined();
  });

  it('finds only regular files reached through folders: no symbolic link, no folder, nothing outside', () => {
    const { root, outside } = writeOutput();
    const files = new SiteFiles(root);
    symlinkSync(outside, join(root, 'linked.txt'));
    symlinkSync(join(root, 'docs'), join(root, 'alias'));
    mkdirSync(join(root, 'folder.html'));
    expect(files.find('/linked.txt')).toBeUndefined();
    expect(files.find('/alias/a/index.html')).toBeUndefined();
    expect(files.find('/folder.html')).toBeUndefined();
    expect(files.find('/../secret.txt')).toBeUndefined();
    expect(files.find('/docs//a/index.html')).toBeUndefined();
  });

  it("finds the 404 page of the path's locale written after the scan, the deepest first", () => {
    const { root } = writeOutput();
    rmSync(join(root, '404.html'));
    const files = new SiteFiles(root);
    expect(files.findNotFoundPage('/en/docs/nothing')).toBeUndefined();
    writeFileSync(join(root, '404.html'), 'missing');
    mkdirSync(join(root, 'en'));
    writeFileSync(join(root, 'en', '404.html'), 'missing, in English');
    expect(files.findNotFoundPage('/en/docs/nothing')).toBe(join(root, 'en', '404.html'));
    expect(files.findNotFoundPage('/en/')).toBe(join(root, 'en', '404.html'));
    expect(files.findNotFoundPage('/en')).toBe(join(root, '404.html'));
    expect(files.findNotFoundPage('/docs/nothing')).toBe(join(root, '404.html'));
    // A page at /docs/404/ is no 404 page: only a folder's 404.html is.
    mkdirSync(join(root, 'docs', '404'), { recursive: true });
    writeFileSync(join(root, 'docs', '404', 'index.html'), 'a page');
    expect(files.findNotFoundPage('/docs/nothing')).toBe(join(root, '404.html'));
  });

  it('forgets a file removed since: what the path names now is found instead', () => {
    const { root } = writeOutput();
    writeFileSync(join(root, 'docs', 'a.html'), 'flat');
    const files = new SiteFiles(root);
    expect(files.find('/docs/a')).toBe(join(root, 'docs', 'a.html'));
    rmSync(join(root, 'docs', 'a.html'));
    files.forget(join(root, 'docs', 'a.html'));
    expect(files.find('/docs/a')).toBe(join(root, 'docs', 'a', 'index.html'));
  });
});
