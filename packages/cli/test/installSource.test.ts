import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findInstallSource, getDependencySpec } from '../src/installSource.js';

const scratch = mkdtempSync(join(tmpdir(), 'docgen-install-source-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** An install folder as npm leaves it: `@docgen/cli` in node_modules, recorded in .package-lock.json. */
function makeInstall(name: string, resolved: string | undefined, manifest: object = {}): string {
  const root = join(scratch, name);
  const cliDir = join(root, 'node_modules', '@docgen', 'cli');
  mkdirSync(cliDir, { recursive: true });
  writeFileSync(join(root, 'package.json'), JSON.stringify(manifest));
  const packages = resolved === undefined ? {} : { 'node_modules/@docgen/cli': { version: '0.1.0', resolved } };
  writeFileSync(join(root, 'node_modules', '.package-lock.json'), JSON.stringify({ lockfileVersion: 3, packages }));
  return cliDir;
}

describe('where the running docgen came from', () => {
  const tarball = join(scratch, 'downloads', 'docgen-0.1.0.tgz');
  mkdirSync(join(scratch, 'downloads'));
  writeFileSync(tarball, 'a release');

  it('is the release file npm installed it from, by the path npm recorded relative to the install', () => {
    const cliDir = makeInstall('tools', 'file:../downloads/docgen-0.1.0.tgz');
    expect(findInstallSource('0.1.0', cliDir)).toEqual({ kind: 'file', tarball });
  });

  it("is the release file npx ran, by the dependency npx wrote in its folder's package.json", () => {
    const cliDir = makeInstall('npx-cache', undefined, { dependencies: { '@docgen/cli': `file:${tarball}` } });
    expect(findInstallSource('0.1.0', cliDir)).toEqual({ kind: 'file', tarball });
  });

  it('is the registry for a registry install, and for a release file that is gone', () => {
    expect(findInstallSource('0.1.0', makeInstall('registry', 'https://registry.npmjs.org/@docgen/cli/-/cli-0.1.0.tgz'))).toEqual({
      kind: 'registry',
    });
    expect(findInstallSource('0.1.0', makeInstall('moved', 'file:../elsewhere/docgen-0.1.0.tgz'))).toEqual({ kind: 'registry' });
  });

  it('is the release file of the repository when docgen runs from a checkout', () => {
    const repository = join(scratch, 'docgen');
    expect(findInstallSource('0.1.0', join(repository, 'packages', 'cli'))).toEqual({
      kind: 'checkout',
      repository,
      tarball: join(repository, 'packages', 'cli', 'release', 'docgen-0.1.0.tgz'),
    });
  });

  it("gives a new site's package.json the version range, or the file: relative beside the site, absolute elsewhere", () => {
    expect(getDependencySpec({ kind: 'registry' }, '0.1.0', join(scratch, 'site'))).toBe('^0.1.0');
    expect(getDependencySpec({ kind: 'file', tarball }, '0.1.0', join(scratch, 'site'))).toBe('file:../downloads/docgen-0.1.0.tgz');
    expect(getDependencySpec({ kind: 'file', tarball }, '0.1.0', join(scratch, 'sites', 'site'))).toBe(`file:${tarball}`);
  });
});
