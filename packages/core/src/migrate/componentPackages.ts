import { existsSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import * as esbuild from 'esbuild';
import { ISLAND_MODULES, isThemePackage, MDX_MODULES, SASS_FILE } from '../bundle/index.js';
import { MODULE_IMPORT, parseLoaderImport } from '../files/index.js';
import { findFencedLines } from './fencedLines.js';

/** A package the site's components import that the new site does not have. */
export interface MissingPackage {
  name: string;
  /** Its version range in the Docusaurus site's package.json (or its repository's: readSiteDependencies), when listed there. */
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
 * The packages the site's own code (`files`: the JS and TS files the migration wrote, and its
 * markdown, whose MDX imports count alike; site paths) imports, and the modules of Docusaurus it
 * imports that docgen does not give, that the new site at `to` has neither in its package.json
 * nor in its node_modules. docgen bundles site components from the site's folder, React apart (it
 * comes from the theme), so each must be installed there. Code's imports are read by esbuild as
 * the bundle reads them (type-only imports are dropped; a file esbuild cannot read is skipped: its
 * bundle will say why), markdown's outside its fenced code (readMarkdownImports). The packages of
 * `stylesheets` (the config's `customCss`: one below node_modules/ is a package's) are wanted too,
 * and a Sass stylesheet (a component's or the config's) wants the Sass compiler the Docusaurus
 * site has (`sass`, or `sass-embedded`), unless the new site has one. So are the packages of the
 * config's markdown plugins (`markdownPlugins`), which docgen loads from the site's node_modules.
 */
export async function findMissingPackages(
  from: string,
  to: string,
  files: string[],
  stylesheets: string[] = [],
  markdownPlugins: string[] = [],
): Promise<MissingPackage[]> {
  const importers = new Map<string, Set<string>>();
  const want = (name: string, file: string) => importers.set(name, (importers.get(name) ?? new Set()).add(file));
  for (const plugin of markdownPlugins) want(packageOf(plugin), 'docgen.config.yaml');
  // Files that load Sass stylesheets: they want the site's Sass compiler, named once the Docusaurus site's is known.
  const sassUsers = new Set<string>();
  for (const css of stylesheets) {
    // A package's stylesheet the config lists (`customCss: node_modules/<package>/x.css`).
    if (css.startsWith('node_modules/')) want(packageOf(css.slice('node_modules/'.length)), 'docgen.config.yaml');
    if (SASS_FILE.test(css)) sassUsers.add('docgen.config.yaml');
  }
  // What an import names that is a package to install: not a file of the site, a built-in or a module
  // docgen gives: to site components (see bundle/islands.ts) or to MDX pages (bundle/mdxRuntime.ts).
  const wantImport = (specifier: string, file: string) => {
    if (SASS_FILE.test(specifier)) sassUsers.add(file);
    const name = packageOf(specifier);
    const given = MARKDOWN_FILE.test(file) ? MDX_MODULES : ISLAND_MODULES;
    const local =
      /^(\.|\/|@site\/|node:|[a-z]+:)/.test(specifier) ||
      // A file's text through a loader (`!!raw-loader!./a.ts`, `./a.ts?raw`).
      parseLoaderImport(specifier) !== undefined ||
      builtinModules.includes(name) ||
      given.includes(specifier.replace(/^@theme-original\//, '@theme/'));
    if (!local && !isThemePackage(specifier)) want(name, file);
  };
  const markdown = files.filter((file) => MARKDOWN_FILE.test(file));
  for (const file of markdown)
    for (const specifier of readMarkdownImports(readFileSync(join(to, file), 'utf8'))) wantImport(specifier, file);
  await Promise.all(
    files
      .filter((file) => !MARKDOWN_FILE.test(file))
      .map((file) =>
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
                    wantImport(args.path, file);
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
  const isInstalled = (name: string) => Boolean(installed[name]) || existsSync(join(to, 'node_modules', name, 'package.json'));
  const versions = readSiteDependencies(from);
  if (!SASS_COMPILERS.some(isInstalled)) for (const file of sassUsers) want(SASS_COMPILERS.find((name) => versions[name]) ?? 'sass', file);
  return [...importers]
    .filter(([name]) => !isInstalled(name))
    .map(([name, importing]) => ({
      name,
      ...(versions[name] && { version: versions[name] }),
      files: [...importing].sort(),
      docusaurus: DOCUSAURUS_MODULE.test(`${name}/`),
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

const MARKDOWN_FILE = /\.mdx?$/;

/**
 * What a markdown file's MDX imports (`import X from 'pkg'` at the start of a line), outside its
 * fenced code blocks, where an import is an example to show (Redux's docs hold hundreds).
 */
export function readMarkdownImports(text: string): string[] {
  const lines = text.split('\n');
  const fenced = findFencedLines(lines);
  const prose = lines.map((line, index) => (fenced[index] ? '' : line)).join('\n');
  return [...prose.matchAll(MODULE_IMPORT)].map((match) => match[1]!.replace(/\\(.)/g, '$1'));
}

/** The packages that compile Sass, as docusaurus-plugin-sass takes them: the site has one. */
const SASS_COMPILERS = ['sass', 'sass-embedded'];

/** The dependencies a site's package.json lists (every kind), by name; none when it has no readable one. */
function readDependencies(siteDir: string): Record<string, string> {
  const manifest = readPackageJson(siteDir);
  return Object.assign(
    {},
    ...['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies'].map((key) => manifest[key] ?? {}),
  ) as Record<string, string>;
}

/**
 * The folders whose package.json and node_modules a site builds with, nearest first: its own, and
 * each above it up to its repository's root (the folder with `.git`), as Node finds packages up the
 * tree (Babel's website/package.json lists no package: the repository's lists them all). Only its
 * own when it is in no repository.
 */
function packageFolders(siteDir: string): string[] {
  const folders = [resolve(siteDir)];
  for (let dir = folders[0]!; !existsSync(join(dir, '.git'));) {
    const parent = dirname(dir);
    if (parent === dir) return folders.slice(0, 1);
    folders.push((dir = parent));
  }
  return folders;
}

/** The dependencies of a Docusaurus site, listed by its package.json or one above it in its repository (packageFolders); the nearest wins. */
function readSiteDependencies(siteDir: string): Record<string, string> {
  return Object.assign({}, ...packageFolders(siteDir).reverse().map(readDependencies)) as Record<string, string>;
}

/** A package's version as the site builds with it; `installed` when node_modules has it, else the lowest its package.json's range allows. */
export interface SiteVersion {
  major: number;
  minor: number;
  patch: number;
  installed: boolean;
}

/**
 * The version of a package the site builds with: the installed package's, else the lowest its
 * package.json's range allows (`^2.0.1` 2.0.1, `~3.1` 3.1.0, `2.x` 2.0.0; a prerelease as its
 * release), the site's or its repository's (packageFolders). Undefined when neither says: not
 * listed, or a range such as `latest` or a git URL.
 */
export function readSiteVersion(siteDir: string, name: string): SiteVersion | undefined {
  for (const folder of packageFolders(siteDir)) {
    const installed = parseVersion(readPackageJson(join(folder, 'node_modules', name)).version);
    if (installed) return { ...installed, installed: true };
  }
  const range = parseVersion(readSiteDependencies(siteDir)[name]);
  return range && { ...range, installed: false };
}

/** The first version a version or range names (a missing minor or patch, or `x`, is 0). */
function parseVersion(written: unknown): Omit<SiteVersion, 'installed'> | undefined {
  const match = typeof written === 'string' ? /^[\s^~>=v]*(\d+)(?:\.(\d+))?(?:\.(\d+))?/.exec(written) : null;
  return match ? { major: Number(match[1]), minor: Number(match[2] ?? 0), patch: Number(match[3] ?? 0) } : undefined;
}

/** A site's package.json; empty when it has no readable one. */
export function readPackageJson(siteDir: string): Record<string, unknown> {
  try {
    const manifest = JSON.parse(readFileSync(join(siteDir, 'package.json'), 'utf8')) as unknown;
    return manifest && typeof manifest === 'object' ? (manifest as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
