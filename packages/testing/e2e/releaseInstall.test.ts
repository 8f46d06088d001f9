import { execFile } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listFiles } from '../src/cli.js';
import { REPO_ROOT } from '../src/paths.js';

const run = promisify(execFile);

/** The packages a user installs, by folder in this repository. */
const PUBLISHED = ['packages/types', 'packages/shared', 'packages/client', 'packages/core', 'packages/cli', 'site-theme'];
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

// One pack and one install for the whole file: they take most of its time.
const root = mkdtempSync(join(realpathSync(tmpdir()), 'docgen-packed-'));
const tarballDir = join(root, 'tarballs');
const app = join(root, 'app');
const site = join(app, 'my-docs');
const printed: string[] = [];

beforeAll(async () => {
  mkdirSync(tarballDir);
  for (const folder of PUBLISHED) {
    const packed = await runIn(join(REPO_ROOT, folder), 'pnpm', ['pack', '--pack-destination', tarballDir]);
    expect(packed.code, `pnpm pack in ${folder}: ${packed.stderr}`).toBe(0);
  }
  mkdirSync(app);
  writeFileSync(join(app, 'package.json'), '{ "name": "app", "private": true }\n');
  const tarballs = readdirSync(tarballDir).map((name) => join(tarballDir, name));
  const installed = await runIn(app, 'npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', ...tarballs]);
  expect(installed.code, `npm install: ${installed.stderr}`).toBe(0);
}, 600_000);

afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Runs `npx docgen ...args` in `cwd` and keeps what it printed for the check of paths below. */
async function npxDocgen(cwd: string, args: string[]) {
  const result = await runIn(cwd, 'npx', ['docgen', ...args]);
  printed.push(result.stdout, result.stderr);
  return result;
}

describe('docgen installed from its packed tarballs with npm', () => {
  it('packs each package with its license, compiled code and real dependency versions', () => {
    const manifests = readdirSync(join(app, 'node_modules/@docgen')).map((name) => {
      const dir = join(app, 'node_modules/@docgen', name);
      expect(lstatSync(dir).isSymbolicLink(), `${dir} is a copy, not a link into the repository`).toBe(false);
      expect(existsSync(join(dir, 'LICENSE')), `${name}/LICENSE`).toBe(true);
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
    expect(existsSync(join(app, 'node_modules/@docgen/core/dist/index.js'))).toBe(true);
    expect(existsSync(join(app, 'node_modules/.bin/docgen'))).toBe(true);
  });

  it('creates a site with npx docgen init', async () => {
    const result = await npxDocgen(app, ['init', 'my-docs']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`Created a docgen site in ${site}`);
    // The config's $schema line names a file the installed packages hold.
    const schemaLine = readFileSync(join(site, 'docgen.config.yaml'), 'utf8').split('\n')[0]!;
    const schemaPath = schemaLine.replace(/^# yaml-language-server: \$schema=/, '');
    const schema = JSON.parse(readFileSync(join(app, schemaPath), 'utf8')) as { properties: Record<string, unknown> };
    expect(Object.keys(schema.properties)).toEqual(expect.arrayContaining(['title', 'url', 'i18n', 'navbar']));
  });

  it('builds the site with npx docgen build, the theme found inside the installed packages', async () => {
    const result = await npxDocgen(site, ['build']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/Built 15 pages into /);
    expect(existsSync(join(site, 'build/docs/writing/markdown/index.html'))).toBe(true);
    expect(existsSync(join(site, 'build/blog/welcome/index.html'))).toBe(true);
    // The bundle's record lists every file esbuild read: the theme and React from app/node_modules.
    const records = listFiles(join(site, '.docgen')).filter((path) => path.endsWith('record.json') && path.startsWith('bundles'));
    expect(records.length).toBeGreaterThan(0);
    const inputs = Object.keys((JSON.parse(readFileSync(join(site, '.docgen', records[0]!), 'utf8')) as { inputs: object }).inputs);
    expect(inputs).toContain(join(app, 'node_modules/@docgen/site-theme/src/server.tsx'));
    expect(inputs.filter((input) => !input.startsWith(app))).toEqual([]);
  });

  it('checks its links with npx docgen check-links', async () => {
    const result = await npxDocgen(site, ['check-links']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/No problems found in the links and anchors of 15 pages/);
  });

  it('never refers to the repository: not in what it printed, nor in any file it wrote', () => {
    expect(printed.filter((text) => text.includes(repository))).toEqual([]);
    const needle = Buffer.from(repository);
    const mentions = listFiles(site).filter((path) => readFileSync(join(site, path)).includes(needle));
    expect(mentions.map((path) => relative(site, join(site, path)))).toEqual([]);
  });
});
