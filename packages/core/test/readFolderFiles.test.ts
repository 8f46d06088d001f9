import { execFileSync } from 'node:child_process';
import { mkdirSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it, onTestFinished } from 'vitest';
import { build } from '../src/build/build.js';
import { ContentCache } from '../src/content/index.js';
import { describeSkippedLink, getSitePathVerdict, readFolderFiles } from '../src/files/index.js';
import { makeTempDir, removeTempDirs } from './helpers.js';

afterAll(removeTempDirs);

/** A scratch folder holding `site/` and `outside/`, with `files` written and `links` (path -> target) made. */
function createTree(files: string[], links: Record<string, string>): { root: string; site: string } {
  const root = realpathSync(makeTempDir('docgen-links-'));
  for (const file of files) {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    writeFileSync(join(root, file), file);
  }
  for (const [path, target] of Object.entries(links)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    symlinkSync(target, join(root, path));
  }
  return { root, site: join(root, 'site') };
}

const reasons = (site: string, listing: ReturnType<typeof readFolderFiles>) =>
  listing.skipped.map((skipped) => `${describeSkippedLink(site, skipped).message.split(' skipped')[0]} ${skipped.reason}`).sort();

describe('readFolderFiles: the symlink rule', () => {
  it('follows links into the site, skips links out of it, broken ones and loops, and never reads a loop twice', () => {
    const { root, site } = createTree(['site/docs/a.md', 'site/docs/sub/b.md', 'site/shared/c.md', 'outside/secret.md'], {
      'site/docs/shared': '../shared',
      'site/docs/c-alias.md': '../shared/c.md',
      'site/docs/out': '../../outside',
      'site/docs/out.md': '../../outside/secret.md',
      'site/docs/sub/up': '..',
      'site/docs/self': '.',
      'site/docs/gone.md': 'nowhere.md',
      // Two folders leading into each other: each link is a loop once the walk came through the other.
      'site/shared/to-x': '../x',
      'site/x/to-shared': '../shared',
    });
    const listing = readFolderFiles({ siteDir: site, dir: join(site, 'docs'), kind: 'content' });
    expect(listing.files).toEqual(['a.md', 'c-alias.md', 'shared/c.md', 'sub/b.md']);
    expect(reasons(site, listing)).toEqual([
      `Symbolic link docs/gone.md -> nowhere.md broken`,
      `Symbolic link docs/out -> ${root}/outside outside`,
      `Symbolic link docs/out.md -> ${root}/outside/secret.md outside`,
      'Symbolic link docs/self -> docs loop',
      'Symbolic link docs/shared/to-x/to-shared -> shared loop',
      'Symbolic link docs/sub/up -> docs loop',
    ]);
    expect(listing.links).toContainEqual([join(site, 'shared'), join(site, 'docs', 'shared')]);
  });

  it('skips dot files, partial folders and node_modules in content, but lists every file of static/', () => {
    const { site } = createTree(
      ['site/docs/a.md', 'site/docs/.hidden.md', 'site/docs/_partials/p.md', 'site/docs/node_modules/m.md', 'site/static/.well-known/x'],
      {},
    );
    expect(readFolderFiles({ siteDir: site, dir: join(site, 'docs'), kind: 'content' }).files).toEqual(['a.md']);
    expect(readFolderFiles({ siteDir: site, dir: join(site, 'static'), kind: 'static' }).files).toEqual(['.well-known/x']);
  });

  it('skips a content folder that is itself a link out of the site, naming the link', () => {
    const { root, site } = createTree(['outside/en/docs/current/a.md'], { 'site/i18n': '../outside' });
    const listing = readFolderFiles({ siteDir: site, dir: join(site, 'i18n', 'en', 'docs', 'current'), kind: 'content' });
    expect(listing.files).toEqual([]);
    expect(reasons(site, listing)).toEqual([`Symbolic link i18n -> ${root}/outside outside`]);
    expect(getSitePathVerdict(site, join(site, 'i18n', 'en', 'site.yaml'))).toMatchObject({ type: 'skipped' });
    expect(getSitePathVerdict(site, join(site, 'nothing.yaml'))).toEqual({ type: 'missing' });
  });

  it('takes a folder the config names outside the site as written, with links that stay inside it', () => {
    const { root, site } = createTree(['site/docgen.config.yaml', 'docs/a.md', 'docs/sub/b.md', 'elsewhere/c.md'], {
      'docs/alias': './sub',
      'docs/away': '../elsewhere',
    });
    const listing = readFolderFiles({ siteDir: site, dir: join(root, 'docs'), kind: 'content' });
    expect(listing.files).toEqual(['a.md', 'alias/b.md', 'sub/b.md']);
    expect(reasons(site, listing)).toEqual([`Symbolic link ${root}/docs/away -> ${root}/elsewhere outside`]);
  });

  it('lets the content cache map a change at a real path to the path a link shows it at', () => {
    const { site } = createTree(['site/docs/a.md', 'site/shared/c.md'], { 'site/docs/shared': '../shared' });
    const cache = new ContentCache();
    cache.list(site, join(site, 'docs'), 'content');
    const change = { kind: 'change' as const, path: join(site, 'shared', 'c.md') };
    expect(cache.withLinkedPaths([change])).toEqual([change, { kind: 'change', path: join(site, 'docs', 'shared', 'c.md') }]);
  });
});

describe('readFolderFiles: folders it cannot read', () => {
  it('lists a folder deeper than the file system allows as unreadable, and a build warns of it once', async () => {
    const { site } = createTree(['site/docgen.config.yaml', 'site/docs/intro.md'], {});
    writeFileSync(join(site, 'docgen.config.yaml'), 'title: Deep\nurl: https://deep.example.com\n');
    writeFileSync(join(site, 'docs/intro.md'), '# Intro\n');
    // 30 folders of 200 letters: past PATH_MAX (4,096 bytes), made one step at a time from inside.
    const name = 'd'.repeat(200);
    // rm -r removes a tree deeper than PATH_MAX (it walks from inside, as it was made); Node's rmSync does not.
    onTestFinished(() => void execFileSync('rm', ['-rf', join(site, 'docs', name)]));
    execFileSync('bash', ['-c', `cd docs && for i in $(seq 1 30); do mkdir ${name} && cd ${name}; done && echo '# Deep' > deep.md`], {
      cwd: site,
    });
    const listing = readFolderFiles({ siteDir: site, dir: join(site, 'docs'), kind: 'content' });
    expect(listing.files[0]).toBe('intro.md');
    expect(listing.unreadable).toEqual([{ path: expect.stringMatching(/d{200}$/), code: 'ENAMETOOLONG' }]);
    const result = await build({ siteDir: site, outDir: join(makeTempDir('docgen-deep-out-'), 'out') });
    const warnings = result.diagnostics.filter((diagnostic) => diagnostic.code === 'folder-unreadable');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.message).toMatch(
      /^A folder was left out with everything in it, as it could not be read \(a path longer than the file system allows\): docs\/d{55}…d{50}$/,
    );
  });
});
