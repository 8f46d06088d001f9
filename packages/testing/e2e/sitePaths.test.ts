/**
 * Paths that content chooses, through the real CLI on sites generated here: slugs, ids and file
 * names that would leave their route base (a content error at file:line:col, found before
 * anything is written), symbolic links out of the site, nowhere or into a loop (skipped with one
 * warning each, in build, check-links and serve --watch alike), and a content folder named
 * `build`, which the watcher must not take for the output.
 */
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { listFiles, runDocgen } from '../src/cli.js';
import { startServe, type RunningServe } from '../src/serve.js';

const scratch = mkdtempSync(join(tmpdir(), 'docgen-paths-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const CONFIG = 'title: Paths\nurl: https://paths.example.com\ni18n:\n  defaultLocale: en\n  locales: [en, ko]\n';

/** Writes `files` (site-relative path -> text) under `root`. */
function writeFiles(root: string, files: Record<string, string>): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
}

/** A fresh site folder (inside its own folder of the scratch space) with a config and one good doc. */
function createSite(name: string, files: Record<string, string> = {}): string {
  const site = join(scratch, name, 'site');
  writeFiles(site, { 'docgen.config.yaml': CONFIG, 'docs/intro.md': '# Intro\n\nWelcome.\n', ...files });
  return site;
}

/** Every `Symbolic link <path> -> ...` warning of an output, by link path. */
function skippedLinks(stderr: string): string[] {
  return [...stderr.matchAll(/^warning Symbolic link (\S+) -> /gm)].map((match) => match[1]!).sort();
}

describe('slugs, ids and file names that would leave their route base', () => {
  const frontMatter = (lines: string) => `---\ntitle: Bad\n${lines}\n---\n\n# Bad\n`;
  it.each([
    {
      name: 'a slug climbing out',
      file: 'docs/bad.md',
      text: frontMatter('slug: ../../etc'),
      at: '3:7',
      says: '"../../etc" has a ".." segment',
    },
    {
      name: 'an absolute slug climbing out',
      file: 'docs/bad.md',
      text: frontMatter('slug: /docs/../../../etc'),
      at: '3:7',
      says: 'has a ".." segment',
    },
    {
      name: 'a percent-encoded slug',
      file: 'docs/bad.md',
      text: frontMatter('slug: "%2e%2e/%2e%2e/etc"'),
      at: '3:7',
      says: 'holds the percent escape "%2e"',
    },
    {
      name: 'an encoded slash',
      file: 'docs/bad.md',
      text: frontMatter('slug: ..%2F..%2Fetc'),
      at: '3:7',
      says: 'holds the percent escape "%2F"',
    },
    { name: 'backslashes', file: 'docs/bad.md', text: frontMatter("slug: '..\\..\\etc'"), at: '3:7', says: 'holds a backslash' },
    {
      name: 'a NUL',
      file: 'docs/bad.md',
      text: frontMatter('slug: "etc\\0passwd"'),
      at: '3:7',
      says: 'holds the control character U+0000',
    },
    { name: 'a newline', file: 'docs/bad.md', text: frontMatter('slug: "a\\nb"'), at: '3:7', says: 'holds the control character U+000A' },
    { name: 'an id ".."', file: 'docs/guide/bad.md', text: frontMatter('id: ".."'), at: '3:5', says: '".." has a ".." segment' },
    { name: 'an encoded id', file: 'docs/bad.md', text: frontMatter('id: "%2e%2e"'), at: '3:5', says: 'holds the percent escape "%2e"' },
    { name: 'an id with a backslash', file: 'docs/bad.md', text: frontMatter("id: 'a\\b'"), at: '3:5', says: 'holds a backslash' },
    {
      name: 'a blog slug climbing out',
      file: 'blog/2025-01-01-bad.md',
      text: frontMatter('slug: ../../../etc'),
      at: '3:7',
      says: 'has a ".." segment',
    },
    {
      name: 'a category slug climbing out',
      file: 'docs/guide/_category_.yaml',
      text: 'label: Guide\nlink:\n  type: generated-index\n  slug: /category/../../../etc\n',
      at: '4:9',
      says: 'Invalid category slug: "/category/../../../etc" has a ".." segment',
    },
    {
      name: 'a version name climbing out',
      file: 'versions.json',
      text: '[\n  "%2e%2e"\n]\n',
      at: '2:3',
      says: 'Invalid version name in versions.json: "%2e%2e" holds the percent escape "%2e"',
    },
    {
      name: 'a file name with a backslash',
      file: 'docs/a\\b.md',
      text: '# A\n',
      at: '1:1',
      says: "The path of docs/a\\b.md can't become a URL: it holds a backslash",
    },
    {
      name: 'a file name with a control character',
      file: 'pages/a\u0001b.md',
      text: '# A\n',
      at: '1:1',
      says: "can't become a URL: it holds the control character U+0001",
    },
    {
      name: 'a percent-encoded file name',
      file: 'blog/2025-01-01-%2e%2e.md',
      text: '# A\n',
      at: '1:1',
      says: 'holds the percent escape "%2e"',
    },
  ])(
    '$name: exit 2 at file:line:col with a hint, in build and check-links, before anything is written',
    async ({ name, file, text, at, says }) => {
      const site = createSite(name.replace(/[^a-z]/gi, '-'), { 'docs/guide/ok.md': '# OK\n', [file]: text });
      const outside = readdirSync(dirname(site));
      for (const command of ['build', 'check-links']) {
        const result = await runDocgen([command, site]);
        expect(result.code, `${command}: ${result.stderr}`).toBe(2);
        expect(result.stderr).toContain(`error ${file}:${at}  `);
        expect(result.stderr).toContain(says);
        expect(result.stderr).toContain('hint: ');
        expect(result.stderr).not.toContain('docgen crashed');
        expect(result.stderr).not.toMatch(/^\s+at /m);
      }
      // Refused while loading: no output, no staging folder, nothing beside the site.
      expect(existsSync(join(site, 'build'))).toBe(false);
      expect(readdirSync(site).filter((name) => name.includes('docgen-tmp'))).toEqual([]);
      expect(readdirSync(dirname(site))).toEqual(outside);
    },
  );

  it('keeps the last good output unchanged when a slug is refused, and builds plain slugs as before', async () => {
    const site = createSite('last-good', {
      'docs/guide/setup.md': '---\nslug: /guides/setup/\n---\n\n# Setup\n',
      'docs/guide/relative.md': '---\nslug: relative-page\n---\n\n# Relative\n',
    });
    const good = await runDocgen(['build', site]);
    expect(good.code, good.stderr).toBe(0);
    const before = listFiles(join(site, 'build'));
    expect(before).toContain('docs/guides/setup/index.html');
    expect(before).toContain('docs/guide/relative-page/index.html');
    const html = readFileSync(join(site, 'build', 'docs', 'intro', 'index.html'));
    writeFileSync(join(site, 'docs', 'intro.md'), '---\nslug: ../../../../etc\n---\n\n# Intro\n');
    const bad = await runDocgen(['build', site]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('docs/intro.md:2:7');
    expect(listFiles(join(site, 'build'))).toEqual(before);
    expect(readFileSync(join(site, 'build', 'docs', 'intro', 'index.html')).equals(html)).toBe(true);
  });
});

/**
 * A site whose content folders hold symbolic links of every kind: out of the site (folders and
 * files), nowhere, into a loop, and to folders inside the site (followed).
 */
function createLinkedSite(name: string): { site: string; skipped: string[] } {
  const root = join(scratch, name);
  const site = createSite(name, {
    'docs/intro.md': '# Intro\n\nRead [the shared page](./shared/page.md).\n',
    'docs/guide/page.md': '# Guide page\n\nA page beside a loop.\n',
    'docs/guides/build/page.md': '# In a folder named build\n\nFIRST-VERSION\n',
    'shared/page.md': '# Shared page\n\nSHARED-TEXT\n',
    'shared-static/file.txt': 'SHARED-STATIC\n',
    'static/img/logo.txt': 'logo\n',
    'blog/2025-01-01-hello.md': '# Hello\n\nA post.\n',
  });
  writeFiles(join(root, 'outside'), {
    'docs/secret.md': '# Secret\n\nTOPSECRET-DOCS\n',
    'leak.md': '# Leak\n\nTOPSECRET-LEAK\n',
    'pages/secret.md': '# Secret page\n\nTOPSECRET-PAGES\n',
    'intro-ko.md': '# 소개\n\nTOPSECRET-KO\n',
  });
  const link = (target: string, path: string) => {
    mkdirSync(dirname(join(site, path)), { recursive: true });
    symlinkSync(target, join(site, path));
  };
  link('../../outside/docs', 'docs/ext');
  link('../../outside/leak.md', 'docs/leak.md');
  link('..', 'docs/guide/loop');
  link('./missing.md', 'docs/dangling.md');
  link('../shared', 'docs/shared');
  link('../../outside/leak.md', 'blog/2025-01-02-leak.md');
  link('../../outside/pages', 'pages/ext');
  link(join(root, 'outside', 'intro-ko.md'), 'i18n/ko/docs/current/intro.md');
  link('/etc', 'static/etc');
  link('/etc/passwd', 'static/passwd');
  link('.', 'static/loop');
  link('../shared-static', 'static/alias');
  const skipped = [
    'blog/2025-01-02-leak.md',
    'docs/dangling.md',
    'docs/ext',
    'docs/guide/loop',
    'docs/leak.md',
    'i18n/ko/docs/current/intro.md',
    'pages/ext',
    'static/etc',
    'static/loop',
    'static/passwd',
  ];
  return { site, skipped };
}

describe('symbolic links in content folders', () => {
  it('build follows links inside the site, skips the others with one warning each, and publishes nothing from outside', async () => {
    const { site, skipped } = createLinkedSite('links-build');
    const result = await runDocgen(['build', site]);
    expect(result.code, result.stderr).toBe(0);
    expect(skippedLinks(result.stderr)).toEqual(skipped);
    expect(result.stderr).toContain('Symbolic link docs/ext -> ');
    expect(result.stderr).toMatch(/Symbolic link docs\/ext -> \S+\/outside\/docs skipped: its target is outside the site folder/);
    expect(result.stderr).toContain('Symbolic link static/etc -> /etc skipped: its target is outside the site folder');
    expect(result.stderr).toContain('Symbolic link docs/guide/loop -> docs skipped: it leads back into a folder that holds it (a loop)');
    expect(result.stderr).toContain('Symbolic link docs/dangling.md -> ./missing.md skipped: its target does not exist');
    const out = join(site, 'build');
    const files = listFiles(out);
    // Followed: a folder of the site shown in docs/, a folder of the site in static/.
    expect(files).toContain('docs/shared/page/index.html');
    expect(readFileSync(join(out, 'alias', 'file.txt'), 'utf8')).toBe('SHARED-STATIC\n');
    expect(files).toContain('img/logo.txt');
    // Skipped: nothing of what lies outside, and the loop read once.
    expect(files.filter((file) => /(^|\/)(etc|passwd|ext|leak|loop)(\/|$|\.)/.test(file))).toEqual([]);
    for (const file of files) expect(readFileSync(join(out, file), 'latin1'), file).not.toContain('TOPSECRET');
    expect(readFileSync(join(out, 'llms-full.txt'), 'utf8')).toContain('SHARED-TEXT');
    expect(files.some((file) => file.startsWith('_docgen/search/'))).toBe(true);
    // The Korean intro falls back to the English one: its translation is a link out of the site.
    const koIntro = readFileSync(join(out, 'ko', 'docs', 'intro', 'index.html'), 'utf8');
    expect(koIntro).toContain('"fallbackFrom":{"locale":"en","path":"/docs/intro"}');
    expect(koIntro).toContain('the shared page');
  });

  it('check-links applies the same rule, with the same warnings, and finds a link to a skipped file broken', async () => {
    const { site, skipped } = createLinkedSite('links-check');
    const clean = await runDocgen(['check-links', site]);
    expect(clean.code, clean.stderr + clean.stdout).toBe(0);
    expect(skippedLinks(clean.stderr)).toEqual(skipped);
    writeFileSync(join(site, 'docs', 'guide', 'page.md'), '# Guide page\n\nSee [the leak](../leak.md).\n');
    const broken = await runDocgen(['check-links', site]);
    expect(broken.code).toBe(1);
    expect(broken.stdout).toContain('docs/guide/page.md:3:5  ../leak.md');
    expect(skippedLinks(broken.stderr)).toEqual(skipped);
  });

  it('version cut freezes a followed link as the file it points at and leaves out, with a warning, what the rule skips', async () => {
    const { site, skipped } = createLinkedSite('links-cut');
    const cut = await runDocgen(['version', 'cut', '1.0', site]);
    expect(cut.code, cut.stderr).toBe(0);
    expect(skippedLinks(cut.stderr)).toEqual(
      skipped.filter((link) => link.startsWith('docs/') || link.startsWith('i18n/ko/docs/current/')),
    );
    const frozen = join(site, 'versioned_docs', 'version-1.0');
    const files = listFiles(frozen);
    expect(files).toEqual(expect.arrayContaining(['intro.md', 'guide/page.md', 'guides/build/page.md', 'shared/page.md']));
    expect(files.filter((file) => /(^|\/)(ext|leak|loop|dangling)(\/|$|\.)/.test(file))).toEqual([]);
    for (const file of files) {
      expect(lstatSync(join(frozen, file)).isSymbolicLink(), file).toBe(false);
      expect(readFileSync(join(frozen, file), 'utf8'), file).not.toContain('TOPSECRET');
    }
    // Frozen: editing what the current docs link to leaves the version as it was cut.
    writeFileSync(join(site, 'shared', 'page.md'), '# Shared page\n\nEDITED-LATER\n');
    expect(readFileSync(join(frozen, 'shared', 'page.md'), 'utf8')).toContain('SHARED-TEXT');
    const build = await runDocgen(['build', site]);
    expect(build.code, build.stderr).toBe(0);
    expect(readFileSync(join(site, 'build', 'docs', 'shared', 'page', 'index.html'), 'utf8')).toContain('SHARED-TEXT');
    expect(readFileSync(join(site, 'build', 'docs', 'next', 'shared', 'page', 'index.html'), 'utf8')).toContain('EDITED-LATER');
  });
});

describe('serve --watch', () => {
  let dev: RunningServe | undefined;
  afterAll(() => dev?.child.kill('SIGKILL'));

  it('applies the symlink rule, rebuilds edits made through followed links and in a docs folder named build, and ignores the output folder', async () => {
    const { site, skipped } = createLinkedSite('links-watch');
    const built = await runDocgen(['build', site]);
    expect(built.code, built.stderr).toBe(0);
    dev = await startServe(site, ['--watch', '--port', '0']);
    const server = dev;
    await expect.poll(() => server.stdout(), { timeout: 90_000 }).toMatch(/Built \d+ pages/);
    // The first build's warnings: one per skipped link. They follow the summary on stdout, on
    // another pipe: they may arrive a moment after it.
    await expect.poll(() => skippedLinks(server.stderr())).toEqual(skipped);
    const text = async (path: string) => (await fetch(`${server.url}${path}`)).text();
    const status = async (path: string) => (await fetch(`${server.url}${path}`)).status;
    for (const path of ['/docs/ext/secret', '/docs/leak', '/passwd', '/etc/hostname', '/ext/secret', '/blog/leak']) {
      expect(await status(path), path).toBe(404);
    }
    expect(await text('/docs/shared/page')).toContain('SHARED-TEXT');

    // A docs folder named build is content like any other.
    expect(await text('/docs/guides/build/page')).toContain('FIRST-VERSION');
    writeFileSync(join(site, 'docs', 'guides', 'build', 'page.md'), '# In a folder named build\n\nSECOND-VERSION\n');
    await expect.poll(() => text('/docs/guides/build/page'), { timeout: 30_000 }).toContain('SECOND-VERSION');

    // An edit of the real file behind a followed link shows at the path through the link.
    writeFileSync(join(site, 'shared', 'page.md'), '# Shared page\n\nEDITED-THROUGH-LINK\n');
    await expect.poll(() => text('/docs/shared/page'), { timeout: 30_000 }).toContain('EDITED-THROUGH-LINK');

    // Files written into the output folder of `docgen build` start no rebuild.
    writeFileSync(join(site, 'build', 'stray.html'), '<p>stray</p>');
    mkdirSync(join(site, 'build', 'docs', 'deeper'), { recursive: true });
    writeFileSync(join(site, 'build', 'docs', 'deeper', 'stray.md'), '# Stray\n');
    writeFileSync(join(site, 'docs', 'intro.md'), '# Intro\n\nAFTER-STRAY\n');
    await expect.poll(() => text('/docs/intro'), { timeout: 30_000 }).toContain('AFTER-STRAY');
    await expect.poll(() => server.stdout(), { timeout: 30_000 }).toMatch(/after changes to docs\/intro\.md/);
    expect(server.stdout()).not.toMatch(/after changes to (?:[^\n]*, )?build\//);
    expect(server.stderr()).not.toContain('docgen crashed');
  });
});
