import { existsSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join } from 'node:path';
import * as esbuild from 'esbuild';
import { ISLAND_MODULES, isThemePackage } from '../bundle/index.js';

/** A package the site's components import that the new site does not have. */
export interface MissingPackage {
  name: string;
  /** Its version range in the Docusaurus site's package.json, when listed there. */
  version?: string;
  /** The new site's files that import it. */
  files: string[];
  /** A module of Docusaurus itself (`@docusaurus/Link`, `@theme/Heading`): nothing to install, that code is to port. */
  docusaurus: boolean;
}

const DOCUSAURUS_MODULE = /^@(docusaurus|theme|theme-original|theme-init|generated)\//;

/** The package an import names: `clsx`, `@scope/name` of `@scope/name/sub/path`. */
const packageOf = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/**
 * The packages the site's own code (`files`: the JS and TS files the migration wrote, site
 * paths) imports, and the modules of Docusaurus it imports that docgen does not give, that the new site at `to` has neither in its package.json nor in its
 * node_modules. docgen bundles site components from the site's folder, React apart (it comes from
 * the theme), so each must be installed there. Imports are read by esbuild as the bundle reads
 * them (type-only imports are dropped); a file esbuild cannot read is skipped (its bundle will say
 * why). The packages of `stylesheets` (the config's `customCss` below node_modules/) are wanted too.
 */
export async function findMissingPackages(
  from: string,
  to: string,
  files: string[],
  stylesheets: string[] = [],
): Promise<MissingPackage[]> {
  const importers = new Map<string, Set<string>>();
  // A package's stylesheet the config lists (`customCss: node_modules/<package>/x.css`).
  for (const css of stylesheets) {
    const name = packageOf(css.slice('node_modules/'.length));
    importers.set(name, (importers.get(name) ?? new Set()).add('docgen.config.yaml'));
  }
  await Promise.all(
    files.map((file) =>
      esbuild
        .build({
          entryPoints: [join(to, file)],
          bundle: true,
          write: false,
          logLevel: 'silent',
          jsx: 'automatic',
          plugins: [
            {
              name: 'docgen-migrate-imports',
              setup(build) {
                // Every import is left out of the bundle: only its name is wanted.
                build.onResolve({ filter: /.*/ }, (args) => {
                  if (args.kind === 'entry-point') return undefined;
                  const name = packageOf(args.path);
                  // docgen gives these modules of Docusaurus (see bundle/islands.ts).
                  const local =
                    /^(\.|\/|@site\/|node:)/.test(args.path) ||
                    builtinModules.includes(name) ||
                    ISLAND_MODULES.includes(args.path.replace(/^@theme-original\//, '@theme/'));
                  if (!local && !isThemePackage(args.path)) importers.set(name, (importers.get(name) ?? new Set()).add(file));
                  return { path: args.path, external: true };
                });
              },
            },
          ],
        })
        .catch(() => undefined),
    ),
  );
  const installed = readDependencies(to);
  const versions = readDependencies(from);
  return [...importers]
    .filter(([name]) => !installed[name] && !existsSync(join(to, 'node_modules', name, 'package.json')))
    .map(([name, importing]) => ({
      name,
      ...(versions[name] && { version: versions[name] }),
      files: [...importing].sort(),
      docusaurus: DOCUSAURUS_MODULE.test(`${name}/`),
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** The dependencies a site's package.json lists (every kind), by name; none when it has no readable one. */
function readDependencies(siteDir: string): Record<string, string> {
  try {
    const manifest = JSON.parse(readFileSync(join(siteDir, 'package.json'), 'utf8')) as Record<string, unknown>;
    return Object.assign(
      {},
      ...['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies'].map((key) => manifest[key] ?? {}),
    ) as Record<string, string>;
  } catch {
    return {};
  }
}
