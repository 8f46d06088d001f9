import { mkdirSync, mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createGuestEnvironment, formatValuePath, isPassedVariable, leaveOutEnvironmentValues } from '../src/migrate/guestEnvironment.js';
import { DEFAULT_TIMEOUT_MS, formatSeconds, readTimeout } from '../src/migrate/loadDocusaurusModule.js';
import { compareSourceStates, readSourceState, summarizeSourceChanges } from '../src/migrate/sourceState.js';

describe("the environment of the Docusaurus site's code", () => {
  it("keeps the machine's variables, the build mode and Docusaurus's own, and nothing else of docgen's", () => {
    const guest = createGuestEnvironment({
      PATH: '/usr/bin',
      HOME: '/home/me',
      TMPDIR: '/tmp',
      LANG: 'en_US.UTF-8',
      LC_ALL: 'C',
      DOCUSAURUS_CURRENT_LOCALE: 'fr',
      NODE_OPTIONS: '--require ./evil.js',
      DOCGEN_TEST_SECRET: 'shh',
      AWS_SECRET_ACCESS_KEY: 'key',
      GITHUB_TOKEN: 'token',
      GIT_PASS: 'pass',
      npm_config_registry: 'https://registry.example.com',
    });
    expect(guest.env).toEqual({
      PATH: '/usr/bin',
      HOME: '/home/me',
      TMPDIR: '/tmp',
      LANG: 'en_US.UTF-8',
      LC_ALL: 'C',
      DOCUSAURUS_CURRENT_LOCALE: 'fr',
      NODE_ENV: 'production',
    });
    expect(guest.passed).toEqual(['DOCUSAURUS_CURRENT_LOCALE', 'HOME', 'LANG', 'LC_ALL', 'NODE_ENV', 'PATH', 'TMPDIR']);
    expect(guest.dropped).toBe(6);
    expect(guest.nodeEnvSet).toBe(true);
  });

  it("keeps NODE_ENV as it is set, and Windows's variables whatever their case", () => {
    const guest = createGuestEnvironment({
      NODE_ENV: 'development',
      Path: 'C:\\Windows',
      SystemRoot: 'C:\\Windows',
      windir: 'C:\\Windows',
    });
    expect(guest.env).toEqual({ NODE_ENV: 'development', Path: 'C:\\Windows', SystemRoot: 'C:\\Windows', windir: 'C:\\Windows' });
    expect(guest.nodeEnvSet).toBe(false);
    expect(isPassedVariable('ALGOLIA_API_KEY')).toBe(false);
    expect(isPassedVariable('NODE_OPTIONS')).toBe(false);
  });

  it('leaves out each string that is, or holds, a value read from the environment, with where it was and which variable', () => {
    const reads = new Map([
      ['ALGOLIA_API_KEY', new Set(['algolia-secret-0123'])],
      ['SHORT', new Set(['abc'])],
      ['HOME', new Set(['/home/me'])],
      ['NODE_ENV', new Set(['production'])],
    ]);
    const { value, leftOut } = leaveOutEnvironmentValues(
      {
        title: 'Site',
        tagline: 'abc is too short to look for',
        scripts: ['https://a.example.com/x.js', 'https://cdn.example.com/x.js?key=algolia-secret-0123'],
        themeConfig: { algolia: { apiKey: 'algolia-secret-0123', appId: 'A' } },
        // The machine's variables: only a value that is theirs exactly.
        customCss: '/home/me/site/custom.css',
        home: '/home/me',
        mode: 'production',
        note: 'ready for production',
        'algolia-secret-0123': true,
      },
      reads,
    );
    expect(value).toEqual({
      title: 'Site',
      tagline: 'abc is too short to look for',
      scripts: ['https://a.example.com/x.js'],
      themeConfig: { algolia: { appId: 'A' } },
      customCss: '/home/me/site/custom.css',
      note: 'ready for production',
    });
    expect(leftOut).toEqual([
      { path: ['scripts', 1], names: ['ALGOLIA_API_KEY'] },
      { path: ['themeConfig', 'algolia', 'apiKey'], names: ['ALGOLIA_API_KEY'] },
      { path: ['home'], names: ['HOME'] },
      { path: ['mode'], names: ['NODE_ENV'] },
      { path: ['algolia-secret-0123'], names: ['ALGOLIA_API_KEY'] },
    ]);
    expect(leaveOutEnvironmentValues({ a: 'x' }, new Map())).toEqual({ value: { a: 'x' }, leftOut: [] });
  });

  it('writes a path as JavaScript does', () => {
    expect(formatValuePath(['themeConfig', 'navbar', 'items', 0, 'href'])).toBe('themeConfig.navbar.items[0].href');
    expect(formatValuePath(['customFields', 'my-key'])).toBe('customFields["my-key"]');
  });

  it('takes its time limit from DOCGEN_MIGRATE_TIMEOUT_MS, and refuses one that is not a number', () => {
    expect(readTimeout({})).toBe(DEFAULT_TIMEOUT_MS);
    expect(DEFAULT_TIMEOUT_MS).toBe(30_000);
    expect(readTimeout({ DOCGEN_MIGRATE_TIMEOUT_MS: '1500' })).toBe(1500);
    expect(() => readTimeout({ DOCGEN_MIGRATE_TIMEOUT_MS: 'soon' })).toThrow(
      /DOCGEN_MIGRATE_TIMEOUT_MS is "soon", not a number of milliseconds/,
    );
    expect(formatSeconds(30_000)).toBe('30 s');
    expect(formatSeconds(1500)).toBe('1.5 s');
  });
});

describe('the state of the Docusaurus site before and after its code runs', () => {
  const root = mkdtempSync(join(tmpdir(), 'docgen-source-state-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('tells the files created, changed and deleted, past node_modules, .git, build and .docusaurus', () => {
    const write = (path: string, text: string) => {
      mkdirSync(join(root, path, '..'), { recursive: true });
      writeFileSync(join(root, path), text);
    };
    write('docusaurus.config.js', 'module.exports = {};');
    write('docs/intro.md', '# Intro');
    write('docs/old.md', '# Old');
    write('node_modules/pkg/index.js', '');
    const before = readSourceState(root);
    write('docs/intro.md', '# Intro, longer');
    unlinkSync(join(root, 'docs/old.md'));
    write('written.txt', 'x');
    write('node_modules/.cache/x', 'x');
    write('docs/node_modules/x', 'x');
    write('.git/index', 'x');
    write('build/index.html', 'x');
    write('.docusaurus/client-modules.js', 'x');
    const changes = compareSourceStates(before, readSourceState(root));
    expect(changes).toEqual([
      { file: 'docs/intro.md', change: 'changed' },
      { file: 'docs/old.md', change: 'deleted' },
      { file: 'written.txt', change: 'created' },
    ]);
    expect(summarizeSourceChanges(changes, 2)).toBe('changed docs/intro.md, deleted docs/old.md, and 1 more');
    expect(compareSourceStates(readSourceState(root), readSourceState(root))).toEqual([]);
  });
});
