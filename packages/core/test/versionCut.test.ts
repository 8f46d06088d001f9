import { appendFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadSite } from '../src/build/loadSite.js';
import { cutVersion, type CutStep } from '../src/versioning/index.js';
import { catchDocgenErrorAsync, copyFixture, removeTempDirs, snapshotDir } from './helpers.js';

afterEach(removeTempDirs);

/** Every version the default locale serves: name, label, URL path and banner. */
async function versionsOf(siteDir: string) {
  const { manifest } = await loadSite({ siteDir });
  return manifest.locales[0]!.versions.map(({ name, label, path, banner, isLast }) => ({ name, label, path, banner, isLast }));
}

/** Files below `dir` whose relative path starts with `prefix`, keyed without the prefix. */
function subtree(files: Record<string, string>, prefix: string): Record<string, string> {
  return Object.fromEntries(
    Object.entries(files).flatMap(([path, bytes]) => (path.startsWith(prefix) ? [[path.slice(prefix.length), bytes]] : [])),
  );
}

const CONFIG_AFTER_CUT = `# A small versioned site for \`docgen version cut\` tests.
title: Cut Site
url: https://cut.example.com
i18n:
  defaultLocale: ko
  locales: [ko, en]
  localeConfigs:
    ko:
      label: 한국어
      htmlLang: ko-KR
    en:
      label: English
      htmlLang: en-US

docs:
  # The current docs are the released 2.0; a cut freezes them.
  lastVersion: '2.0'
  versions:
    current:
      label: 'Next' # shown in the version dropdown
      path: 'next'
      banner: unreleased
    '2.0':
      label: '2.0'
      path: ''
      banner: none
    '1.0':
      label: '1.0'
      path: '1.0'
      banner: unmaintained # kept without a banner until the next release

navbar:
  items:
    - type: docsVersionDropdown
    - type: localeDropdown
`;

describe('cutVersion', () => {
  it('snapshots docs, sidebars and translations byte for byte and makes the new version the latest', async () => {
    const site = copyFixture('cut-site');
    const before = snapshotDir(site);

    const result = await cutVersion({ siteDir: site, name: '2.0' });

    const after = snapshotDir(site);
    expect(subtree(after, 'versioned_docs/version-2.0/')).toEqual(subtree(before, 'docs/'));
    expect(Object.keys(subtree(after, 'versioned_docs/version-2.0/')).sort()).toEqual([
      '_snippet.md',
      'guide/setup.md',
      'img/diagram.png',
      'intro.md',
    ]);
    expect(after['versioned_sidebars/version-2.0-sidebars.yaml']).toBe(before['sidebars.yaml']);
    expect(subtree(after, 'i18n/en/docs/version-2.0/')).toEqual(subtree(before, 'i18n/en/docs/current/'));
    expect(Object.keys(subtree(after, 'i18n/en/docs/version-2.0/')).sort()).toEqual(['guide/setup.md', 'intro.md']);

    // Nothing else was added, removed or touched.
    const added = Object.keys(after).filter((path) => !(path in before));
    expect(
      added.every((path) => /^(versioned_docs\/version-2\.0|versioned_sidebars\/version-2\.0-|i18n\/en\/docs\/version-2\.0)/.test(path)),
    ).toBe(true);
    const changed = Object.keys(before).filter((path) => before[path] !== after[path]);
    expect(changed.sort()).toEqual(['docgen.config.yaml', 'versions.json']);

    expect(readFileSync(join(site, 'versions.json'), 'utf8')).toBe('["2.0", "1.0"]\n');
    expect(readFileSync(join(site, 'docgen.config.yaml'), 'utf8')).toBe(CONFIG_AFTER_CUT);

    expect(result).toEqual({
      siteDir: site,
      created: ['versioned_docs/version-2.0/', 'versioned_sidebars/version-2.0-sidebars.yaml', 'i18n/en/docs/version-2.0/'],
      updated: ['versions.json', 'docgen.config.yaml'],
      latest: { name: '2.0', label: '2.0', path: '/docs', banner: 'none' },
      previous: { name: 'current', label: 'Next', path: '/docs/next', banner: 'unreleased', formerLabel: '2.0', formerPath: '/docs' },
      redirects: { added: [], removed: [], retargeted: [] },
      warnings: [],
    });
    expect(await versionsOf(site)).toEqual([
      { name: 'current', label: 'Next', path: '/docs/next', banner: 'unreleased', isLast: false },
      { name: '2.0', label: '2.0', path: '/docs', banner: 'none', isLast: true },
      { name: '1.0', label: '1.0', path: '/docs/1.0', banner: 'unmaintained', isLast: false },
    ]);
  });

  it('moves a frozen latest version to /docs/<name> with the unmaintained banner on the next cut', async () => {
    const site = copyFixture('cut-site');
    await cutVersion({ siteDir: site, name: '2.0' });
    const result = await cutVersion({ siteDir: site, name: '2.1' });

    expect(result.previous).toEqual({
      name: '2.0',
      label: '2.0',
      path: '/docs/2.0',
      banner: 'unmaintained',
      formerLabel: '2.0',
      formerPath: '/docs',
    });
    expect(readFileSync(join(site, 'versions.json'), 'utf8')).toBe('["2.1", "2.0", "1.0"]\n');
    expect(await versionsOf(site)).toEqual([
      { name: 'current', label: 'Next', path: '/docs/next', banner: 'unreleased', isLast: false },
      { name: '2.1', label: '2.1', path: '/docs', banner: 'none', isLast: true },
      { name: '2.0', label: '2.0', path: '/docs/2.0', banner: 'unmaintained', isLast: false },
      { name: '1.0', label: '1.0', path: '/docs/1.0', banner: 'unmaintained', isLast: false },
    ]);
    expect(readFileSync(join(site, 'docgen.config.yaml'), 'utf8')).toContain(
      `  lastVersion: '2.1'
  versions:
    current:
      label: 'Next' # shown in the version dropdown
      path: 'next'
      banner: unreleased
    '2.1':
      label: '2.1'
      path: ''
      banner: none
    '2.0':
      label: '2.0'
      path: '2.0'
      banner: unmaintained
`,
    );
  });

  it('creates versions.json and leaves a config that needs no change alone (Docusaurus-style defaults)', async () => {
    const site = copyFixture('cut-site');
    rmSync(join(site, 'versions.json'));
    rmSync(join(site, 'versioned_docs'), { recursive: true });
    rmSync(join(site, 'versioned_sidebars'), { recursive: true });
    rmSync(join(site, 'i18n/en/docs/version-1.0'), { recursive: true });
    const config = readFileSync(join(site, 'docgen.config.yaml'), 'utf8');
    writeFileSync(join(site, 'docgen.config.yaml'), config.slice(0, config.indexOf('docs:')) + config.slice(config.indexOf('navbar:')));
    const before = snapshotDir(site);

    const result = await cutVersion({ siteDir: site, name: 'v1' });

    expect(result.created).toEqual([
      'versioned_docs/version-v1/',
      'versioned_sidebars/version-v1-sidebars.yaml',
      'i18n/en/docs/version-v1/',
      'versions.json',
    ]);
    expect(result.updated).toEqual([]);
    expect(readFileSync(join(site, 'versions.json'), 'utf8')).toBe('["v1"]\n');
    expect(snapshotDir(site)['docgen.config.yaml']).toBe(before['docgen.config.yaml']);
    expect(await versionsOf(site)).toEqual([
      { name: 'current', label: 'Next', path: '/docs/next', banner: 'unreleased', isLast: false },
      { name: 'v1', label: 'v1', path: '/docs', banner: 'none', isLast: true },
    ]);
  });

  it('adds the new version to docs.onlyIncludeVersions and to a version dropdown that lists versions', async () => {
    const site = copyFixture('cut-site');
    const configPath = join(site, 'docgen.config.yaml');
    const config = readFileSync(configPath, 'utf8')
      .replace('  lastVersion: current\n', "  lastVersion: current\n  onlyIncludeVersions: [current, '1.0']\n")
      .replace(
        '    - type: docsVersionDropdown\n',
        "    - type: docsVersionDropdown\n      versions:\n        - current\n        - '1.0'\n",
      );
    writeFileSync(configPath, config);

    await cutVersion({ siteDir: site, name: '2.0' });

    const after = readFileSync(configPath, 'utf8');
    expect(after).toContain("  onlyIncludeVersions: ['2.0', current, '1.0']\n");
    expect(after).toContain("    - type: docsVersionDropdown\n      versions:\n        - '2.0'\n        - current\n        - '1.0'\n");
    expect((await versionsOf(site)).map((version) => [version.name, version.path])).toEqual([
      ['current', '/docs/next'],
      ['2.0', '/docs'],
      ['1.0', '/docs/1.0'],
    ]);
  });

  it('keeps every old URL of the previous latest working: redirects for its pages the new version lacks', async () => {
    const site = copyFixture('cut-site');
    const configPath = join(site, 'docgen.config.yaml');
    await cutVersion({ siteDir: site, name: '2.0' });
    // After 2.0, the setup page is dropped from the current docs; an older redirect leads to it.
    const sidebars = readFileSync(join(site, 'sidebars.yaml'), 'utf8');
    rmSync(join(site, 'docs/guide/setup.md'));
    rmSync(join(site, 'i18n/en/docs/current/guide/setup.md'));
    writeFileSync(join(site, 'sidebars.yaml'), 'guide:\n  - intro\n');
    appendFileSync(
      configPath,
      '\nredirects:\n  - from: [/docs/install, /docs/setup]\n    to: /docs/guide/setup#linux # the old install page\n',
    );

    const cut = await cutVersion({ siteDir: site, name: '2.1' });

    expect(cut.redirects).toEqual({
      added: [
        { from: '/docs/category/가이드', to: '/docs/2.0/category/가이드' },
        { from: '/docs/guide/setup', to: '/docs/2.0/guide/setup' },
      ],
      removed: [],
      retargeted: [
        { from: '/docs/install', to: '/docs/2.0/guide/setup#linux', formerTo: '/docs/guide/setup#linux' },
        { from: '/docs/setup', to: '/docs/2.0/guide/setup#linux', formerTo: '/docs/guide/setup#linux' },
      ],
    });
    expect(readFileSync(configPath, 'utf8')).toContain(`
redirects:
  - from: [/docs/install, /docs/setup]
    to: /docs/2.0/guide/setup#linux # the old install page
  # Written by docgen version cut 2.1: pages of the previous latest version that the new one does not have.
  - from: /docs/category/가이드
    to: /docs/2.0/category/가이드
  - from: /docs/guide/setup
    to: /docs/2.0/guide/setup
`);
    const redirectsOf = async () =>
      (await loadSite({ siteDir: site, cache: false })).manifest.locales.map((locale) =>
        locale.redirects.map(({ from, to }) => [from, to]),
      );
    expect(await redirectsOf()).toEqual([
      [
        ['/docs/category/가이드', '/docs/2.0/category/가이드'],
        ['/docs/guide/setup', '/docs/2.0/guide/setup'],
        ['/docs/install', '/docs/2.0/guide/setup#linux'],
        ['/docs/setup', '/docs/2.0/guide/setup#linux'],
      ],
      [
        ['/en/docs/category/가이드', '/en/docs/2.0/category/가이드'],
        ['/en/docs/guide/setup', '/en/docs/2.0/guide/setup'],
        ['/en/docs/install', '/en/docs/2.0/guide/setup#linux'],
        ['/en/docs/setup', '/en/docs/2.0/guide/setup#linux'],
      ],
    ]);

    // The page and its category come back in the next release: their URLs are pages again, so the redirects go.
    writeFileSync(join(site, 'docs/guide/setup.md'), '# 설치 (다시)\n');
    writeFileSync(join(site, 'sidebars.yaml'), sidebars);
    const next = await cutVersion({ siteDir: site, name: '2.2' });
    expect(next.redirects).toEqual({
      added: [],
      removed: [
        { from: '/docs/category/가이드', to: '/docs/2.0/category/가이드' },
        { from: '/docs/guide/setup', to: '/docs/2.0/guide/setup' },
      ],
      retargeted: [],
    });
    expect(readFileSync(configPath, 'utf8')).toMatch(
      /\nredirects:\n  - from: \[\/docs\/install, \/docs\/setup\]\n    to: \/docs\/2\.0\/guide\/setup#linux # the old install page\n$/,
    );
    expect((await redirectsOf())[0]).toEqual([
      ['/docs/install', '/docs/2.0/guide/setup#linux'],
      ['/docs/setup', '/docs/2.0/guide/setup#linux'],
    ]);
  });

  describe('refuses, changing nothing on disk', () => {
    const cases: { title: string; name: string; prepare?: (site: string) => void; message: RegExp }[] = [
      { title: 'a name that exists in versions.json', name: '1.0', message: /Version "1\.0" already exists in versions\.json/ },
      {
        title: 'an existing name in another case',
        name: 'V1',
        prepare: (site) => writeFileSync(join(site, 'versions.json'), '["v1", "1.0"]\n'),
        message: /already exists/,
      },
      { title: 'an empty name', name: '', message: /The version name is empty/ },
      { title: 'a name with a slash', name: 'a/b', message: /contains a path separator/ },
      { title: 'a name with a backslash', name: 'a\\b', message: /contains a path separator/ },
      { title: 'a name that climbs out of the folder', name: '..', message: /contains "\.\."/ },
      { title: 'a hidden name', name: '.v1', message: /starts with "\."/ },
      { title: 'a name with a space', name: 'a b', message: /not allowed in a URL path segment: " "/ },
      { title: 'a name with a URL-special character', name: '2.0?x', message: /not allowed in a URL path segment: "\?"/ },
      { title: 'the reserved name current', name: 'current', message: /"current" is reserved/ },
      { title: 'the URL path of the next version', name: 'next', message: /is the URL path of version "current"/ },
      {
        title: 'a site without a docs folder',
        name: '2.0',
        prepare: (site) => rmSync(join(site, 'docs'), { recursive: true }),
        message: /docs\/ does not exist/,
      },
      {
        title: 'a docs folder without markdown pages',
        name: '2.0',
        prepare: (site) => {
          rmSync(join(site, 'docs/intro.md'));
          rmSync(join(site, 'docs/guide/setup.md'));
        },
        message: /docs\/ holds no markdown page/,
      },
      {
        title: 'a sidebar that points at a doc that does not exist',
        name: '2.0',
        prepare: (site) => appendFileSync(join(site, 'sidebars.yaml'), '  - guide/missing\n'),
        message: /Cannot cut version "2\.0": Sidebar "guide" .* points at doc "guide\/missing", which does not exist/,
      },
      {
        title: 'a folder left over from an earlier cut',
        name: '2.0',
        prepare: (site) => mkdirSync(join(site, 'i18n/en/docs/version-2.0')),
        message: /i18n\/en\/docs\/version-2\.0 already exists/,
      },
      {
        title: 'a site that would not load after the cut (the new latest claims a route of the next version)',
        name: '2.0',
        prepare: (site) => {
          mkdirSync(join(site, 'docs/next'));
          writeFileSync(join(site, 'docs/next/intro.md'), '# Under /docs/next/intro\n');
        },
        message: /Cutting version "2\.0" was undone: the site does not load after the cut: Two sources claim the route \/docs\/next\/intro/,
      },
    ];

    it.each(cases)('$title', async ({ name, prepare, message }) => {
      const site = copyFixture('cut-site');
      prepare?.(site);
      const before = snapshotDir(site);
      const error = await catchDocgenErrorAsync(() => cutVersion({ siteDir: site, name }));
      expect(error.message).toMatch(message);
      expect(error.hint).toBeTruthy();
      expect(snapshotDir(site)).toEqual(before);
    });
  });

  describe('a failure halfway leaves no partial snapshot', () => {
    it('undoes every step, whichever fails', async () => {
      const steps: CutStep[] = [];
      await cutVersion({ siteDir: copyFixture('cut-site'), name: '2.0', onStep: (step) => steps.push(step) });
      expect(steps).toEqual([
        { phase: 'stage', path: 'versioned_docs/version-2.0' },
        { phase: 'stage', path: 'versioned_sidebars/version-2.0-sidebars.yaml' },
        { phase: 'stage', path: 'i18n/en/docs/version-2.0' },
        { phase: 'stage', path: 'versions.json' },
        { phase: 'stage', path: 'docgen.config.yaml' },
        { phase: 'commit', path: 'versioned_docs/version-2.0' },
        { phase: 'commit', path: 'versioned_sidebars/version-2.0-sidebars.yaml' },
        { phase: 'commit', path: 'i18n/en/docs/version-2.0' },
        { phase: 'commit', path: 'versions.json' },
        { phase: 'commit', path: 'docgen.config.yaml' },
      ]);

      for (const failing of steps) {
        const site = copyFixture('cut-site');
        const before = snapshotDir(site);
        const attempt = cutVersion({
          siteDir: site,
          name: '2.0',
          onStep: (step) => {
            if (step.phase === failing.phase && step.path === failing.path)
              throw new Error(`simulated failure before ${step.phase} ${step.path}`);
          },
        });
        await expect(attempt, `${failing.phase} ${failing.path}`).rejects.toThrow(/simulated failure/);
        expect(snapshotDir(site), `${failing.phase} ${failing.path}`).toEqual(before);
      }
    });

    it('undoes the copies when the file system refuses a write, and says so as a DocgenError', async () => {
      const site = copyFixture('cut-site');
      // A file where the versioned sidebars folder should be: the docs copy succeeds, the sidebars copy fails.
      rmSync(join(site, 'versioned_sidebars'), { recursive: true });
      writeFileSync(join(site, 'versioned_sidebars'), 'not a folder\n');
      const before = snapshotDir(site);

      const error = await catchDocgenErrorAsync(() => cutVersion({ siteDir: site, name: '2.0' }));

      expect(error.message).toMatch(/Cutting version "2\.0" failed and was undone: ENOTDIR/);
      expect(error.hint).toMatch(/writable/);
      expect(snapshotDir(site)).toEqual(before);
    });
  });

  describe('the cleanups given to onTemporary, run as the CLI runs them on a signal', () => {
    /**
     * Cuts `site` and, once `when` says a step is reached, runs the cleanups the cut registered,
     * newest first, at the cut's next wait (where a signal's handler runs): the cut is then
     * loading the site after its renames. Resolves with the cut's end and the cleanups' errors.
     */
    async function interruptCut(site: string, when: (step: CutStep) => boolean, onStep?: (step: CutStep) => void) {
      const cleanups = new Set<() => void>();
      const failures: unknown[] = [];
      let ran = false;
      const cut = cutVersion({
        siteDir: site,
        name: '2.0',
        onTemporary: (cleanup) => (cleanups.add(cleanup), () => cleanups.delete(cleanup)),
        onStep: (step) => {
          onStep?.(step);
          if (ran || !when(step)) return;
          ran = true;
          setImmediate(() => {
            expect(cleanups.size, 'the lock and the undoing').toBe(2);
            for (const cleanup of [...cleanups].reverse()) {
              try {
                cleanup();
              } catch (error) {
                failures.push(error);
              }
            }
          });
        },
      });
      const end = await cut.then(
        () => 'finished',
        (error: unknown) => (error as Error).message,
      );
      return { end, failures, ran };
    }
    const lastCommit = (step: CutStep) => step.phase === 'commit' && step.path === 'docgen.config.yaml';

    it('undo everything the cut wrote, and the cut writes nothing after them and does not finish', async () => {
      const site = copyFixture('cut-site');
      const before = snapshotDir(site);
      const { end, failures, ran } = await interruptCut(site, lastCommit);
      expect(ran).toBe(true);
      expect(failures).toEqual([]);
      expect(end).toMatch(/^The version cut 2\.0 was rolled back or finished: it writes nothing more$/);
      expect(snapshotDir(site)).toEqual(before);
    });

    it('say what they could not put back, and that the next docgen command undoes the rest; the journal stays for it', async () => {
      const site = copyFixture('cut-site');
      // The cut creates versioned_sidebars/; a file put there meanwhile keeps it from being removed.
      rmSync(join(site, 'versioned_sidebars'), { recursive: true });
      const { failures } = await interruptCut(site, lastCommit, (step) => {
        if (step.phase === 'stage' && step.path === 'versions.json') writeFileSync(join(site, 'versioned_sidebars', 'notes.txt'), 'mine\n');
      });
      expect(failures.map((failure) => (failure as Error).message)).toEqual([
        `version cut 2.0 was stopped and only partly undone (left: versioned_sidebars); the next docgen command in ${site} (build, check-links, clear, version cut) undoes the rest or names what to restore by hand`,
      ]);
      expect(readdirSync(site).filter((name) => name.startsWith('.docgen-cut-journal-'))).toHaveLength(1);
      expect(readdirSync(join(site, 'versioned_sidebars'))).toEqual(['notes.txt']);
      expect(existsSync(join(site, 'versioned_docs', 'version-2.0'))).toBe(false);
    });
  });
});
