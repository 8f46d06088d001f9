import { basename } from 'node:path';
import { readPackageJson, type MissingPackage } from './componentPackages.js';

/**
 * The new site's package.json, as `docgen init` writes one: the Docusaurus site's name and
 * version, docgen's scripts (`dev`, `build`, `check`, `serve`), docgen itself when `docgenVersion`
 * is given (the spec of `@docgen/cli`, as init names the docgen it was run from), and the packages
 * the components import that have a version in the Docusaurus site's package.json, at that version:
 * `npm install` in the new site installs what it builds with. A package the Docusaurus site does
 * not list is left to the report (its version is not known).
 */
export function toSitePackageJson(from: string, packages: MissingPackage[], docgenVersion?: string): string {
  const own = readPackageJson(from);
  const dependencies = Object.fromEntries(
    packages
      .filter((entry) => !entry.docusaurus && entry.version !== undefined)
      .map((entry) => [entry.name, entry.version!])
      .sort(([a], [b]) => a!.localeCompare(b!)),
  );
  const manifest = {
    name: typeof own.name === 'string' ? own.name : toPackageName(basename(from)),
    version: typeof own.version === 'string' ? own.version : '0.0.0',
    private: true,
    scripts: { dev: 'docgen serve --watch', build: 'docgen build', check: 'docgen check-links', serve: 'docgen serve' },
    ...(Object.keys(dependencies).length > 0 && { dependencies }),
    ...(docgenVersion !== undefined && { devDependencies: { '@docgen/cli': docgenVersion }, allowScripts: { esbuild: true } }),
  };
  return `${JSON.stringify(manifest, null, 2)}\n`;
}

/** A folder's name as an npm package name: lower case, what npm refuses dropped. */
const toPackageName = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/^[._-]+/, '') || 'docs';
