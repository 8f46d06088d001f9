import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { listFiles, runDocgen } from '../src/cli.js';
import { copyDocsContent } from '../src/siteCopy.js';
import { afterAll, describe, expect, it } from 'vitest';

const scratch = mkdtempSync(join(tmpdir(), 'docgen-cli-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Copies docs-content (sources only) to a fresh folder anywhere on disk. */
function copySite(name: string): string {
  const target = join(scratch, name);
  return copyDocsContent(target);
}

const docgen = runDocgen;

describe('docgen CLI', () => {
  it('lists its commands and prints its version', async () => {
    const help = await docgen(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/build \[options\] \[siteDir\]/);
    expect(help.stdout).toMatch(/serve \[options\] \[siteDir\]/);
    const version = await docgen(['--version']);
    expect(version.stdout.trim()).toBe(JSON.parse(readFileSync(new URL('../../cli/package.json', import.meta.url), 'utf8')).version);
  });

  it('answers --help and --version without loading the build: of core, only what it does with its process and its errors', async () => {
    // A module resolution hook that names every module of core the process loads, on stderr.
    const hook = `export async function resolve(specifier, context, next) {
      const resolved = await next(specifier, context);
      if (resolved.url.includes('/packages/core/')) process.stderr.write('core module ' + resolved.url + '\\n');
      return resolved;
    }`;
    const register = `import { register } from 'node:module'; register(${JSON.stringify(`data:text/javascript,${encodeURIComponent(hook)}`)});`;
    const env = { NODE_OPTIONS: `--import=data:text/javascript,${encodeURIComponent(register)}` };
    for (const args of [['--help'], ['--version']]) {
      const { code, stderr } = await docgen(args, env);
      expect(code).toBe(0);
      const loaded = [...stderr.matchAll(/^core module \S*\/packages\/core\/dist\/(\S+)$/gm)].map((match) => match[1]!);
      // The hook saw the entry the command line loads first.
      expect(loaded).toContain('process.js');
      // Besides it, the process utilities and the diagnostics they throw, and what starts a build's
      // first thread ahead (which loads nothing more until it starts one): no stage, no vendor bundle.
      const light = (file: string) => file === 'process.js' || file === 'workers/prestart.js' || /^(processes|diagnostics)\//.test(file);
      expect(loaded.filter((file) => !light(file))).toEqual([]);
    }
    // A command that runs loads the build, and the hook sees it (a folder that is not there: it stops at once).
    const { code, stderr } = await docgen(['check-links', join(scratch, 'no-such-site')], env);
    expect(code).not.toBe(0);
    expect(stderr).toMatch(/^core module \S*\/packages\/core\/dist\/index\.js$/m);
  });

  it('builds a copy of the site from anywhere on disk, byte-identical in any folder and time zone', async () => {
    const first = copySite('first-copy');
    const second = copySite('elsewhere/another-name');
    const [a, b] = await Promise.all([
      docgen(['build', first, '--out-dir', join(scratch, 'out-a')], { TZ: 'UTC' }),
      docgen(['build', second, '--out-dir', join(scratch, 'out-b')], { TZ: 'Pacific/Kiritimati' }),
    ]);
    expect(a.code, a.stderr).toBe(0);
    expect(b.code, b.stderr).toBe(0);
    const filesA = listFiles(join(scratch, 'out-a'));
    expect(filesA.length).toBeGreaterThan(300);
    expect(listFiles(join(scratch, 'out-b'))).toEqual(filesA);
    const different = filesA.filter(
      (file) => !readFileSync(join(scratch, 'out-a', file)).equals(readFileSync(join(scratch, 'out-b', file))),
    );
    expect(different).toEqual([]);
  });

  it('fails with exit code 2 and file:line:col on an unknown navbar item type, keeping the last good output', async () => {
    const site = copySite('bad-navbar');
    const good = await docgen(['build', site]);
    expect(good.code, good.stderr).toBe(0);
    const before = statSync(join(site, 'build', 'index.html')).mtimeMs;
    const configPath = join(site, 'docgen.config.yaml');
    writeFileSync(configPath, readFileSync(configPath, 'utf8').replace('    - type: localeDropdown', '    - type: fancyDropdown'));
    const bad = await docgen(['build', site]);
    expect(bad.code).toBe(2);
    const line =
      readFileSync(configPath, 'utf8')
        .split('\n')
        .findIndex((text) => text.includes('fancyDropdown')) + 1;
    expect(bad.stderr).toContain(`docgen.config.yaml:${line}:13`);
    expect(bad.stderr).toContain('No NavbarItem component found for type "fancyDropdown"');
    expect(statSync(join(site, 'build', 'index.html')).mtimeMs).toBe(before);
  });

  it('refuses output folders it must never replace', async () => {
    const site = copySite('unsafe-out');
    mkdirSync(join(scratch, 'repo', '.git'), { recursive: true });
    for (const outDir of [site, scratch, '/', join(scratch, 'repo')]) {
      const result = await docgen(['build', site, '--out-dir', outDir]);
      expect(result.code, outDir).toBe(2);
      expect(result.stderr).toContain('Refusing to write the build into');
    }
    expect(readdirSync(join(scratch, 'repo'))).toEqual(['.git']);
  });

  it('warns about broken links with file:line:col but still builds', async () => {
    const site = copySite('broken-links');
    const page = join(site, 'docs', 'guide', 'start.md');
    writeFileSync(page, `${readFileSync(page, 'utf8')}\n\n[없는 문서](./no-such-doc.md) 와 [없는 제목](./overview.md#no-such-heading)\n`);
    const lines = readFileSync(page, 'utf8').split('\n');
    const line = lines.findIndex((text) => text.includes('no-such-doc.md')) + 1;
    const result = await docgen(['build', site]);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain(`docs/guide/start.md:${line}:1  Broken link ./no-such-doc.md`);
    expect(result.stderr).toContain(`docs/guide/start.md:${line}:`);
    expect(result.stderr).toMatch(/Broken anchor \.\/overview\.md#no-such-heading/);
  });
});
