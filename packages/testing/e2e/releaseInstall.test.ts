import { execFile } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { basename, join, relative } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listFiles } from '../src/cli.js';
import { REPO_ROOT } from '../src/paths.js';

const run = promisify(execFile);

const repository = REPO_ROOT.replace(/[\\/]+$/, '');

/**
 * The environment of a user's shell: none of the variables pnpm or npm set for the scripts they
 * run (this test may run under `pnpm test`), nothing that points node at other modules; the
 * machine's way to the registry (its address, proxy and certificates) is kept.
 */
const userEnv = (): NodeJS.ProcessEnv => {
  const keep = /^npm_config_(registry|.*proxy|cafile|strict_ssl)$/i;
  const drop = /^(npm_|pnpm_|NODE_PATH$|NODE_OPTIONS$|INIT_CWD$)/i;
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => keep.test(name) || !drop.test(name)));
  return { ...env, CI: '1' };
};

/** Runs a command like a user in `cwd`; never throws on a non-zero exit. */
async function runIn(cwd: string, command: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(command, args, { cwd, env: userEnv(), maxBuffer: 64 * 1024 * 1024 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failure = error as { code: number; stdout: string; stderr: string };
    return { code: failure.code, stdout: failure.stdout, stderr: failure.stderr };
  }
}

// The README's steps, once for the whole file: they take most of its time.
const root = mkdtempSync(join(realpathSync(tmpdir()), 'docgen-release-'));
const releaseDir = join(root, 'release');
const app = join(root, 'app');
const site = join(app, 'my-docs');
const printed: string[] = [];
let tarball = '';
let siteInstall = { code: 0, stdout: '', stderr: '' };

beforeAll(async () => {
  // `pnpm release` without its first step, `build:packages`: the tests run on built packages.
  const released = await runIn(REPO_ROOT, 'node', ['packages/cli/scripts/release.mjs', releaseDir]);
  expect(released.code, `release: ${released.stderr}`).toBe(0);
  tarball = released.stdout.trim();
  mkdirSync(app);
  const created = await runIn(app, 'npx', ['--yes', '--package', tarball, 'docgen', 'init', 'my-docs', '--locales', 'en']);
  printed.push(created.stdout, created.stderr);
  expect(created.code, `npx ${tarball} init: ${created.stderr}`).toBe(0);
  siteInstall = await runIn(site, 'npm', ['install', '--prefer-offline', '--no-audit', '--no-fund']);
  expect(siteInstall.code, `npm install: ${siteInstall.stderr}`).toBe(0);
}, 600_000);

afterAll(() => {
  rmSync(root, { recursive: true, force: true });
  forgetNpxInstall(tarball);
});

/** Removes the folder npx installed the release into (in npm's cache, one per tarball path). */
function forgetNpxInstall(file: string): void {
  const npxDir = join(homedir(), '.npm', '_npx');
  if (!file || !existsSync(npxDir)) return;
  for (const name of readdirSync(npxDir)) {
    const manifest = join(npxDir, name, 'package.json');
    if (existsSync(manifest) && readFileSync(manifest, 'utf8').includes(basename(file))) {
      rmSync(join(npxDir, name), { recursive: true, force: true });
    }
  }
}

/** Runs `npm run <script>` in the site and keeps what it printed for the check of paths below. */
async function npmRun(script: string) {
  const result = await runIn(site, 'npm', ['run', '--silent', script]);
  printed.push(result.stdout, result.stderr);
  return result;
}

describe('docgen installed from its release file, as the README says, in an empty folder', () => {
  it('is one package with the other five inside it, each with its license, compiled code and real versions', () => {
    const cli = join(site, 'node_modules/@docgen/cli');
    const inner = join(cli, 'node_modules/@docgen');
    expect(lstatSync(cli).isSymbolicLink(), `${cli} is a copy, not a link into the repository`).toBe(false);
    const manifests = [cli, ...readdirSync(inner).map((name) => join(inner, name))].map((dir) => {
      expect(existsSync(join(dir, 'LICENSE')), `${dir}/LICENSE`).toBe(true);
      return JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Record<string, unknown>;
    });
    expect(manifests.map((manifest) => manifest.name).sort()).toEqual([
      '@docgen/cli',
      '@docgen/client',
      '@docgen/core',
      '@docgen/shared',
      '@docgen/site-theme',
      '@docgen/types',
    ]);
    for (const manifest of manifests) {
      expect(manifest).toMatchObject({ license: 'MIT', engines: { node: expect.any(String) } });
      expect(manifest.private).toBeUndefined();
      expect(JSON.stringify(manifest)).not.toContain('workspace:');
    }
    expect(existsSync(join(inner, 'core/dist/index.js'))).toBe(true);
    expect(existsSync(join(site, 'node_modules/.bin/docgen'))).toBe(true);
  });

  it('creates a site whose package.json installs docgen from the release file npx ran', () => {
    expect(printed.join('')).toContain(`Created a docgen site in ${site}`);
    const manifest = JSON.parse(readFileSync(join(site, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> };
    expect(manifest.devDependencies['@docgen/cli']).toBe(`file:${tarball}`);
    // The config's $schema line names a file the installed packages hold.
    const schemaLine = readFileSync(join(site, 'docgen.config.yaml'), 'utf8').split('\n')[0]!;
    const schemaPath = schemaLine.replace(/^# yaml-language-server: \$schema=/, '');
    const schema = JSON.parse(readFileSync(join(site, schemaPath), 'utf8')) as { properties: Record<string, unknown> };
    expect(Object.keys(schema.properties)).toEqual(expect.arrayContaining(['title', 'url', 'i18n', 'navbar']));
  });

  it('installs with no warning: no dependency refuses this Node version, no install script is unreviewed', () => {
    expect(siteInstall.stdout + siteInstall.stderr).not.toMatch(/EBADENGINE|Unsupported engine/i);
    // npm 11.16 and later list the install scripts package.json's allowScripts does not cover (npm 12 skips them).
    expect(siteInstall.stdout + siteInstall.stderr).not.toMatch(/install-scripts|allowScripts/);
  });

  it('builds the site with npm run build, the theme found inside the installed release', async () => {
    const result = await npmRun('build');
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/Built 15 pages into /);
    expect(existsSync(join(site, 'build/docs/writing/markdown/index.html'))).toBe(true);
    expect(existsSync(join(site, 'build/blog/welcome/index.html'))).toBe(true);
    // The bundle's record lists every file esbuild read: the theme and React from the site's
    // node_modules, the site's own files by site-relative path (`./pages/index.tsx`: the bundle is
    // portable, see readThemeBundle).
    const cache = join(site, 'node_modules/.cache/docgen');
    const records = listFiles(cache).filter((path) => path.endsWith('record.json') && path.startsWith('bundles'));
    expect(records.length).toBeGreaterThan(0);
    const inputs = Object.keys((JSON.parse(readFileSync(join(cache, records[0]!), 'utf8')) as { inputs: object }).inputs).map((name) =>
      name.startsWith('./') ? join(site, name) : name,
    );
    expect(inputs).toContain(join(site, 'pages/index.tsx'));
    expect(inputs).toContain(join(site, 'node_modules/@docgen/cli/node_modules/@docgen/site-theme/src/server.tsx'));
    expect(inputs.filter((input) => !input.startsWith(site))).toEqual([]);
  });

  it('checks its links with npm run check', async () => {
    const result = await npmRun('check');
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/No problems found in the links and anchors of 15 pages/);
  });

  it('never refers to the repository: not in what it printed, nor in any file it wrote', () => {
    expect(printed.filter((text) => text.includes(repository))).toEqual([]);
    const needle = Buffer.from(repository);
    const mentions = listFiles(site)
      .filter((path) => !path.startsWith('node_modules/'))
      .filter((path) => readFileSync(join(site, path)).includes(needle));
    expect(mentions).toEqual([]);
  });
});
