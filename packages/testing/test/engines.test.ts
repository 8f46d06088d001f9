import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { REPO_ROOT } from '../src/paths.js';

/*
 * The Node version docgen declares is true: every package of the lockfile (what `npm run setup`
 * installs and what a site's `npm install` of docgen pulls in) runs on the oldest Node the
 * workspace admits. npm prints EBADENGINE for each package that does not, and an engine-strict
 * install refuses it.
 */

const readJson = (path: string) => JSON.parse(readFileSync(join(REPO_ROOT, path), 'utf8')) as { engines?: { node?: string } };

const declared = readJson('package.json').engines?.node ?? '';
const oldest = semver.minVersion(declared)?.version ?? '';

const PACKAGES = ['packages/types', 'packages/shared', 'packages/client', 'packages/core', 'packages/cli', 'site-theme'];

interface Lockfile {
  packages?: Record<string, { engines?: { node?: string } }>;
}

describe('the Node version docgen declares', () => {
  it('is a range with a minimum, which this machine meets', () => {
    expect(oldest).toMatch(/^20\./);
    expect(semver.satisfies(process.versions.node, declared), `Node ${process.versions.node} is outside ${declared}`).toBe(true);
  });

  it('is the same in every published package', () => {
    for (const folder of PACKAGES) expect(readJson(`${folder}/package.json`).engines?.node, folder).toBe(declared);
  });

  it(`is supported by every package of the lockfile (their engines admit Node ${oldest})`, () => {
    const lockfile = parse(readFileSync(join(REPO_ROOT, 'pnpm-lock.yaml'), 'utf8')) as Lockfile;
    const entries = Object.entries(lockfile.packages ?? {});
    expect(entries.length).toBeGreaterThan(100);
    const refusing = entries
      .filter(([, entry]) => entry.engines?.node && !semver.satisfies(oldest, entry.engines.node))
      .map(([name, entry]) => `${name} needs Node ${entry.engines!.node}`);
    expect(refusing).toEqual([]);
  });
});
