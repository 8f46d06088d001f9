import { existsSync, readFileSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Where the running docgen was installed from, so that `docgen init` writes a dependency that
 * installs the same docgen into the new site: the registry's version range, or the release file
 * (`docgen-<version>.tgz`) npm or npx installed it from.
 */
export type InstallSource =
  | { kind: 'registry' }
  | { kind: 'file'; tarball: string }
  /** A checkout of docgen's repository: its release file, which may not be built yet. */
  | { kind: 'checkout'; tarball: string; repository: string };

/** The folder of the `@docgen/cli` package that runs. */
const CLI_DIR = fileURLToPath(new URL('..', import.meta.url));

/** `releaseFileName('0.1.0')` is `docgen-0.1.0.tgz`, the file `pnpm release` writes. */
export function getReleaseFileName(version: string): string {
  return `docgen-${version}.tgz`;
}

/** The folder `pnpm release` writes into, in a checkout of docgen's repository. */
export function getReleaseDir(repository: string): string {
  return join(repository, 'packages', 'cli', 'release');
}

/**
 * Finds where the `@docgen/cli` in `cliDir` came from: npm and npx record the file an installed
 * package came from in `node_modules/.package-lock.json` (or, for npx, in the `package.json` of the
 * folder they install into); a checkout has no `node_modules` above the package.
 */
export function findInstallSource(version: string, cliDir = CLI_DIR): InstallSource {
  const path = resolve(cliDir);
  const marker = `${sep}node_modules${sep}`;
  const at = path.lastIndexOf(marker);
  if (at < 0) {
    const repository = resolve(path, '..', '..');
    return { kind: 'checkout', repository, tarball: join(getReleaseDir(repository), getReleaseFileName(version)) };
  }
  const installRoot = path.slice(0, at);
  const key = path
    .slice(installRoot.length + 1)
    .split(sep)
    .join('/');
  const lock = readJson(join(installRoot, 'node_modules', '.package-lock.json')) as { packages?: Record<string, { resolved?: string }> };
  const manifest = readJson(join(installRoot, 'package.json')) as Record<string, Record<string, string> | undefined>;
  const spec = lock.packages?.[key]?.resolved ?? manifest.dependencies?.['@docgen/cli'] ?? manifest.devDependencies?.['@docgen/cli'] ?? '';
  if (spec.startsWith('file:') && /\.tgz$/.test(spec)) {
    const file = spec.slice('file:'.length);
    const tarball = isAbsolute(file) ? file : resolve(installRoot, file);
    if (existsSync(tarball)) return { kind: 'file', tarball };
  }
  return { kind: 'registry' };
}

/**
 * The version spec of `@docgen/cli` in a new site's package.json: `^version` from the registry;
 * for a release file beside the site (in the folder that holds it, or below), its path relative to
 * the site, so that the two can move together; else the file's absolute path.
 */
export function getDependencySpec(source: InstallSource, version: string, siteDir: string): string {
  if (source.kind === 'registry') return `^${version}`;
  const beside = !relative(dirname(siteDir), source.tarball).startsWith('..');
  const path = beside ? relative(siteDir, source.tarball) : source.tarball;
  return `file:${path.split(sep).join('/')}`;
}

function readJson(path: string): unknown {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return {};
  }
}
