import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { toSitePackageJson } from '../src/migrate/sitePackage.js';

const scratch = mkdtempSync(join(tmpdir(), 'docgen-site-package-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe("migrate: the new site's package.json", () => {
  const packages = [
    { name: 'tinycolor2', version: '^1.6.0', files: ['src/components/A.tsx'], docusaurus: false },
    { name: 'left-pad', files: ['src/components/B.tsx'], docusaurus: false },
    { name: '@docusaurus/plugin-content-docs', version: '^3.0.0', files: ['src/components/A.tsx'], docusaurus: true },
  ];

  it("names docgen and the components' packages the Docusaurus site lists, at its versions", () => {
    const from = join(scratch, 'site');
    mkdirSync(from);
    writeFileSync(join(from, 'package.json'), JSON.stringify({ name: 'acme-website', version: '2.1.0', dependencies: { react: '^18' } }));
    expect(JSON.parse(toSitePackageJson(from, packages, 'file:../docgen-0.1.0.tgz'))).toEqual({
      name: 'acme-website',
      version: '2.1.0',
      private: true,
      scripts: { dev: 'docgen serve --watch', build: 'docgen build', check: 'docgen check-links', serve: 'docgen serve' },
      // Not left-pad: its version is not known (the report says to add it); not Docusaurus's own module.
      dependencies: { tinycolor2: '^1.6.0' },
      devDependencies: { '@docgen/cli': 'file:../docgen-0.1.0.tgz' },
      allowScripts: { esbuild: true },
    });
  });

  it('takes its name from the folder when the Docusaurus site has no package.json, and names no docgen unless told', () => {
    const from = join(scratch, 'My Website');
    mkdirSync(from);
    expect(JSON.parse(toSitePackageJson(from, []))).toEqual({
      name: 'my-website',
      version: '0.0.0',
      private: true,
      scripts: { dev: 'docgen serve --watch', build: 'docgen build', check: 'docgen check-links', serve: 'docgen serve' },
    });
  });
});
