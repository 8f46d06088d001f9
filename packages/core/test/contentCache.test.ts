import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readConfig } from '../src/config/index.js';
import { ContentCache, readSiteContent } from '../src/content/index.js';
import { copyFixture, removeTempDirs } from './helpers.js';

afterAll(removeTempDirs);

const docPaths = (site: string, cache: ContentCache) =>
  readSiteContent(site, readConfig(site), cache)
    .versions[0]!.docs.filter((doc) => doc.locale === 'ko')
    .map((doc) => doc.relativePath);
const titleOf = (site: string, cache: ContentCache, relativePath: string) =>
  readSiteContent(site, readConfig(site), cache).versions[0]!.docs.find((doc) => doc.relativePath === relativePath && doc.locale === 'ko')!
    .frontMatter.title;

describe('ContentCache: what the dev server keeps of the sources between rebuilds', () => {
  it('reads a file again only once told it changed', () => {
    const site = copyFixture('autogen');
    const file = join(site, 'docs', 'custom-slug.md');
    const cache = new ContentCache();
    const before = titleOf(site, cache, 'custom-slug.md');
    writeFileSync(file, readFileSync(file, 'utf8').replace(/^title: .*$/m, 'title: 바뀐 제목'));
    expect(titleOf(site, cache, 'custom-slug.md')).toBe(before);
    cache.forget([{ kind: 'change', path: file }]);
    expect(titleOf(site, cache, 'custom-slug.md')).toBe('바뀐 제목');
  });

  it('lists added and removed files and folders once told of them', () => {
    const site = copyFixture('autogen');
    const cache = new ContentCache();
    const initial = docPaths(site, cache);
    const folder = join(site, 'docs', 'new-folder');
    mkdirSync(folder);
    writeFileSync(join(folder, 'page.md'), '---\ntitle: 새 문서\n---\n\n본문\n');
    expect(docPaths(site, cache)).toEqual(initial);
    cache.forget([
      { kind: 'addDir', path: folder },
      { kind: 'add', path: join(folder, 'page.md') },
    ]);
    expect(docPaths(site, cache)).toContain('new-folder/page.md');
    rmSync(folder, { recursive: true });
    cache.forget([{ kind: 'unlinkDir', path: folder }]);
    expect(docPaths(site, cache)).toEqual(initial);
  });

  it('hands out frozen values, so no rebuild can change what the next one reads', () => {
    const site = copyFixture('autogen');
    const doc = readSiteContent(site, readConfig(site), new ContentCache()).versions[0]!.docs[0]!;
    expect(Object.isFrozen(doc.frontMatter)).toBe(true);
    expect(Object.isFrozen(doc.file)).toBe(true);
  });
});
