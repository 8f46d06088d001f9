import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadSite } from '../src/build/loadSite.js';
import { getBrokenLinks } from '../src/links/index.js';
import { copyFixture, fixturePath, removeTempDirs } from './helpers.js';

afterAll(removeTempDirs);

const brokenLinksOf = async (siteDir: string, locales?: string[]) => getBrokenLinks((await loadSite({ siteDir, locales })).manifest);

describe('getBrokenLinks', () => {
  it('reports a broken .md link, a broken path and a broken anchor, each once, at file:line:col', async () => {
    const problems = await brokenLinksOf(fixturePath('broken-links'), ['ko']);
    expect(problems).toEqual([
      {
        severity: 'warning',
        code: 'broken-link',
        message: 'Broken link ./missing.md: no page is built from docs/missing.md',
        hint: 'Point the link at an existing .md file (relative to this file) or an existing URL path.',
        location: { file: 'docs/a.md', line: 5, column: 15 },
      },
      {
        severity: 'warning',
        code: 'broken-link',
        message: 'Broken link /docs/nowhere: no page at /docs/nowhere',
        hint: 'Check the path; links to other docs are best written as relative .md links.',
        location: { file: 'docs/a.md', line: 7, column: 11 },
      },
      {
        severity: 'warning',
        code: 'broken-link',
        message: 'Broken anchor ./b.md#no-such-heading: /docs/b has no heading with id "no-such-heading"',
        hint: 'Heading ids are the heading text in lower case with spaces as "-", or an explicit {#id}.',
        location: { file: 'docs/a.md', line: 9, column: 9 },
      },
    ]);
  });

  // Regression test for a bug found in review.
  it('reports a broken link of an untranslated doc once, not once per locale', async () => {
    const problems = await brokenLinksOf(fixturePath('broken-links'));
    const locations = problems.map((problem) => `${problem.location!.file}:${problem.location!.line}:${problem.location!.column}`);
    expect(locations).toEqual(['docs/a.md:5:15', 'docs/a.md:7:11', 'docs/a.md:9:9']);
  });

  it('reports nothing for clean fixtures, whose links include static files, anchors and other versions', async () => {
    expect(await brokenLinksOf(fixturePath('versioned'))).toEqual([]);
    expect(await brokenLinksOf(fixturePath('autogen'))).toEqual([]);
  });

  it('accepts links to static files, existing headings in Korean, own anchors and external URLs', async () => {
    const { manifest } = await loadSite({ siteDir: fixturePath('broken-links'), locales: ['ko'] });
    const a = manifest.locales[0]!.linkSources.find((source) => source.sourcePath === 'docs/a.md')!;
    expect(a.links.slice(3).map((link) => [link.url, link.target])).toEqual([
      ['/img/logo.png', '/img/logo.png'],
      ['./b.md#real-heading', '/docs/b#real-heading'],
      ['#local', '/docs/a#local'],
      ['https://example.com/x', undefined],
    ]);
  });

  it('resolves a link written with its Korean anchor as is and percent-encoded alike, each reported as written', async () => {
    const siteDir = copyFixture('broken-links');
    writeFileSync(join(siteDir, 'docs', 'b.md'), '---\ntitle: B\n---\n\n## 설치\n\nBack to [a](./a.md).\n');
    writeFileSync(
      join(siteDir, 'docs', 'a.md'),
      '---\ntitle: A\n---\n\n[written](./b.md#설치) and [encoded](./b.md#%EC%84%A4%EC%B9%98) and [gone](./b.md#없음)\n',
    );
    const { manifest } = await loadSite({ siteDir, locales: ['ko'] });
    const locale = manifest.locales[0]!;
    const a = locale.linkSources.find((source) => source.sourcePath === 'docs/a.md')!;
    expect(a.links.map((link) => [link.url, link.target, link.column])).toEqual([
      ['./b.md#설치', '/docs/b#설치', 1],
      ['./b.md#%EC%84%A4%EC%B9%98', '/docs/b#설치', 26],
      ['./b.md#없음', '/docs/b#없음', 67],
    ]);
    // The page's own hrefs (percent-encoded in the compiled page) lead to the same place.
    const route = locale.routes.find((candidate) => candidate.path === '/docs/a')!;
    expect(Object.values(route.slots.main!.hrefs)).toEqual(['/docs/b#설치', '/docs/b#없음']);
    expect((await brokenLinksOf(siteDir, ['ko'])).map((problem) => problem.message)).toEqual([
      'Broken anchor ./b.md#없음: /docs/b has no heading with id "없음"',
    ]);
  });

  it('checks anchors against Korean heading ids', async () => {
    const siteDir = copyFixture('broken-links');
    writeFileSync(join(siteDir, 'docs', 'a.md'), '# A\n\n[ok](./b.md#요청-파라미터)\n\n[bad](./b.md#요청)\n');
    writeFileSync(join(siteDir, 'docs', 'b.md'), '# B\n\n## 요청 파라미터\n');
    expect((await brokenLinksOf(siteDir, ['ko'])).map((problem) => [problem.message, problem.location])).toEqual([
      ['Broken anchor ./b.md#요청: /docs/b has no heading with id "요청"', { file: 'docs/a.md', line: 5, column: 1 }],
    ]);
  });

  it("accepts links to the id of a doc's or page's leading # heading, which the page shows; not of a blog post's, which it leaves out", async () => {
    const siteDir = copyFixture('broken-links');
    const page = (title: string) => `---\ntitle: ${title}\n---\n\n# Welcome to My Docs\n\nText.\n`;
    writeFileSync(join(siteDir, 'docs', 'a.md'), `${page('Home')}\n[top](#welcome-to-my-docs)\n`);
    writeFileSync(
      join(siteDir, 'docs', 'b.md'),
      '# B\n\n[a](./a.md#welcome-to-my-docs) [page](/welcome#welcome-to-my-docs) [post](/blog/post#welcome-to-my-docs)\n',
    );
    mkdirSync(join(siteDir, 'pages'));
    writeFileSync(join(siteDir, 'pages', 'welcome.md'), page('Welcome page'));
    mkdirSync(join(siteDir, 'blog'));
    writeFileSync(join(siteDir, 'blog', '2025-01-01-post.md'), page('Post'));
    expect((await brokenLinksOf(siteDir, ['ko'])).map((problem) => [problem.message, problem.location])).toEqual([
      [
        'Broken anchor /blog/post#welcome-to-my-docs: /blog/post has no heading with id "welcome-to-my-docs"',
        { file: 'docs/b.md', line: 3, column: 68 },
      ],
    ]);
  });

  it('reports a relative link to a missing non-markdown file', async () => {
    const siteDir = copyFixture('broken-links');
    writeFileSync(join(siteDir, 'docs', 'a.md'), '# A\n\n![diagram](./img/diagram.png)\n');
    expect((await brokenLinksOf(siteDir, ['ko'])).map((problem) => [problem.message, problem.location])).toEqual([
      ['Broken link ./img/diagram.png: file docs/img/diagram.png does not exist', { file: 'docs/a.md', line: 3, column: 1 }],
    ]);
  });

  it('reads @site/ in a link as the site folder, as Docusaurus does: the file is copied and linked', async () => {
    const siteDir = copyFixture('broken-links');
    writeFileSync(
      join(siteDir, 'docs', 'a.md'),
      '# A\n\n[logo](@site/static/img/logo.png) [page](@site/docs/b.md#real-heading) [gone](@site/static/gone.pdf) [up](@site/../outside.pdf)\n',
    );
    const { manifest } = await loadSite({ siteDir, locales: ['ko'] });
    const links = manifest.locales[0]!.linkSources.find((source) => source.sourcePath === 'docs/a.md')!.links;
    expect(links.map((link) => [link.url, link.target ?? link.unresolved])).toEqual([
      ['@site/static/img/logo.png', expect.stringMatching(/^\/assets\/files\/\w+-logo\.png$/)],
      ['@site/docs/b.md#real-heading', '/docs/b#real-heading'],
      ['@site/static/gone.pdf', 'file static/gone.pdf does not exist'],
      ['@site/../outside.pdf', '@site/../outside.pdf is outside the site folder'],
    ]);
    expect(manifest.assets.map((asset) => asset.outputPath)).toEqual([links[0]!.target!.slice(1)]);
    expect((await brokenLinksOf(siteDir, ['ko'])).map((problem) => problem.location!.column)).toEqual([72, 102]);
  });

  it('looks a bare .md path up from the docs folder first, then beside the file, as Docusaurus does; ./ and ../ only beside it', async () => {
    const siteDir = copyFixture('broken-links');
    mkdirSync(join(siteDir, 'docs', 'sub'), { recursive: true });
    writeFileSync(join(siteDir, 'docs', 'sub', 'b.md'), '# Sub B\n');
    writeFileSync(join(siteDir, 'docs', 'sub', 'only.md'), '# Only here\n');
    writeFileSync(join(siteDir, 'docs', 'sub', 'notes.txt'), 'notes\n');
    writeFileSync(
      join(siteDir, 'docs', 'sub', 'page.md'),
      '# Page\n\n[root b](b.md) [own b](./b.md) [from root](sub/only.md) [only beside](only.md) [up](../b.md) [file](notes.txt) [slash](./only.md/#top)\n',
    );
    const { manifest } = await loadSite({ siteDir, locales: ['ko'] });
    const links = manifest.locales[0]!.linkSources.find((source) => source.sourcePath === 'docs/sub/page.md')!.links;
    expect(links.map((link) => [link.url, link.target])).toEqual([
      // docs/b.md and docs/sub/b.md both exist: Docusaurus takes the docs folder's for a path written bare.
      ['b.md', '/docs/b'],
      ['./b.md', '/docs/sub/b'],
      ['sub/only.md', '/docs/sub/only'],
      ['only.md', '/docs/sub/only'],
      ['../b.md', '/docs/b'],
      ['notes.txt', expect.stringMatching(/^\/assets\/files\/\w+-notes\.txt$/)],
      // A slash after the file's name (testing-library's api-debugging.mdx/#prettydom), as Docusaurus 2 read it.
      ['./only.md/#top', '/docs/sub/only#top'],
    ]);
  });

  it("keeps a path that starts with the base URL as it is, as Docusaurus's useBaseUrl does (Capacitor's /docs/ links)", async () => {
    const siteDir = copyFixture('broken-links');
    const configFile = join(siteDir, 'docgen.config.yaml');
    writeFileSync(configFile, `${readFileSync(configFile, 'utf8')}baseUrl: /base/\n`);
    writeFileSync(
      join(siteDir, 'docs', 'a.md'),
      '# A\n\n[with base](/base/docs/b#real-heading) [without](/docs/b) [static](/img/logo.png)\n',
    );
    const { manifest } = await loadSite({ siteDir, locales: ['ko'] });
    const links = manifest.locales[0]!.linkSources.find((source) => source.sourcePath === 'docs/a.md')!.links;
    expect(links.map((link) => link.target)).toEqual(['/base/docs/b#real-heading', '/base/docs/b', '/base/img/logo.png']);
    expect(await brokenLinksOf(siteDir, ['ko'])).toEqual([]);
  });

  it('reports a malformed external URL', async () => {
    const siteDir = copyFixture('broken-links');
    writeFileSync(join(siteDir, 'docs', 'a.md'), '---\ntitle: A\n---\n\n[bad](http://)\n');
    expect((await brokenLinksOf(siteDir, ['ko'])).map((problem) => [problem.message, problem.location])).toEqual([
      ['Malformed URL http://', { file: 'docs/a.md', line: 5, column: 1 }],
    ]);
  });
});
