/**
 * What `npm start` and `npm run build` of a Docusaurus site run beside Docusaurus itself, which
 * docgen's `dev` and `build` scripts do not: migrate names each step, where the site's package.json
 * holds it, and leaves the scripts that only run Docusaurus unsaid.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { noteSiteScripts } from '../src/migrate/sitePackage.js';
import { removeTempDirs, writeSite } from './helpers.js';

afterEach(removeTempDirs);

const siteWith = (scripts: Record<string, string>) =>
  writeSite({ 'package.json': `${JSON.stringify({ name: 'site', scripts, dependencies: { '@docusaurus/core': '3.10.2' } }, null, 2)}\n` });

describe('migrate docusaurus: the steps its start and build scripts run beside Docusaurus', () => {
  it("names the other commands of the start and build scripts, at their lines (pnpm.io's copy of its docs)", () => {
    const notes = noteSiteScripts(
      siteWith({
        'copy-docs': 'shx rm -rf versioned_docs/version-11.x && shx cp -r docs versioned_docs/version-11.x',
        start: 'pnpm copy-docs && docusaurus start',
        build: 'pnpm copy-docs && node scripts/build-with-fallback.mjs',
        swizzle: 'docusaurus swizzle',
      }),
    );
    expect(notes).toEqual([
      {
        file: 'package.json',
        line: 5,
        what: "`npm start` of the Docusaurus site also runs `pnpm copy-docs` (its `start` script), which docgen's `dev` script (`npm run dev`) does not",
        todo: "Run it before or after docgen as the site needs, or add it to the new package.json's `dev` script with the packages and files it uses.",
      },
      {
        file: 'package.json',
        line: 6,
        what: "`npm run build` of the Docusaurus site also runs `pnpm copy-docs`, `node scripts/build-with-fallback.mjs` (its `build` script), which docgen's `build` script (`npm run build`) does not",
        todo: "Run it before or after docgen as the site needs, or add it to the new package.json's `build` script with the packages and files it uses.",
      },
    ]);
  });

  it('names the scripts npm runs before and after them', () => {
    const notes = noteSiteScripts(
      siteWith({
        prebuild: 'node scripts/generate-api-docs.js',
        build: 'docusaurus build',
        postbuild: 'node scripts/sitemap.js',
        prestart: 'npm run gen',
      }),
    );
    expect(notes.map((note) => [note.line, note.what])).toEqual([
      [
        7,
        "`npm start` of the Docusaurus site also runs `npm run gen` (its `prestart` script, which npm runs before `start`), which docgen's `dev` script (`npm run dev`) does not",
      ],
      [
        4,
        "`npm run build` of the Docusaurus site also runs `node scripts/generate-api-docs.js` (its `prebuild` script, which npm runs before `build`), which docgen's `build` script (`npm run build`) does not",
      ],
      [
        6,
        "`npm run build` of the Docusaurus site also runs `node scripts/sitemap.js` (its `postbuild` script, which npm runs after `build`), which docgen's `build` script (`npm run build`) does not",
      ],
    ]);
  });

  it("names Docusaurus's other commands (a plugin's gen-api-docs) and each command of a script npm runs before", () => {
    const notes = noteSiteScripts(
      siteWith({ prebuild: 'node a.js && node b.js', build: 'docusaurus gen-api-docs all && docusaurus build', start: 'docusaurus build' }),
    );
    expect(notes.map((note) => note.what)).toEqual([
      "`npm start` of the Docusaurus site also runs `docusaurus build` (its `start` script), which docgen's `dev` script (`npm run dev`) does not",
      "`npm run build` of the Docusaurus site also runs `node a.js`, `node b.js` (its `prebuild` script, which npm runs before `build`), which docgen's `build` script (`npm run build`) does not",
      "`npm run build` of the Docusaurus site also runs `docusaurus gen-api-docs all` (its `build` script), which docgen's `build` script (`npm run build`) does not",
    ]);
  });

  it.for([
    'docusaurus build',
    'docusaurus build --out-dir dist',
    'npx docusaurus build',
    'yarn docusaurus build',
    'pnpm exec docusaurus build',
    'NODE_OPTIONS=--max-old-space-size=8000 docusaurus build',
    'cross-env NODE_ENV=production DOCUSAURUS_SSR_CONCURRENCY=5 docusaurus build',
  ])('says nothing of a build script that only runs Docusaurus: %s', (build) => {
    expect(noteSiteScripts(siteWith({ build, start: 'docusaurus start --port 3001', serve: 'docusaurus serve' }))).toEqual([]);
  });

  it('says nothing of a site without a package.json or its scripts', () => {
    expect(noteSiteScripts(writeSite({ 'docusaurus.config.js': 'module.exports = {};\n' }))).toEqual([]);
    expect(noteSiteScripts(writeSite({ 'package.json': '{"name": "site"}\n' }))).toEqual([]);
    expect(noteSiteScripts(writeSite({ 'package.json': '{"scripts": ' }))).toEqual([]);
  });
});
