/**
 * Writes docgen's release file, `packages/cli/release/docgen-<version>.tgz` (or into the folder
 * given as the first argument): one npm package, `@docgen/cli`, with the other five workspace
 * packages inside it (bundleDependencies), so that `npm install docgen-<version>.tgz` installs
 * docgen into a site without any docgen package on a registry. The third-party dependencies of the
 * packages inside are dependencies of the release itself: npm installs them from the registry (it
 * does not install the dependencies of bundled packages on its own).
 *
 * Run after `build:packages` (`pnpm release` does both). Each package is packed by `pnpm pack`,
 * which writes the real versions in place of `workspace:*`.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const cliDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const repository = join(cliDir, '..', '..');
/** The packages inside the release, by folder; `@docgen/cli` is the release itself. */
const BUNDLED = ['packages/types', 'packages/shared', 'packages/client', 'packages/core', 'site-theme'];

const outDir = resolve(process.argv[2] ?? join(cliDir, 'release'));
const work = mkdtempSync(join(tmpdir(), 'docgen-release-'));
try {
  const stage = join(work, 'package');
  unpack(pack(cliDir), stage);
  const manifest = readManifest(stage);
  const bundled = BUNDLED.map((folder) => {
    const packed = pack(join(repository, folder));
    const name = readManifest(join(repository, folder)).name;
    unpack(packed, join(stage, 'node_modules', name));
    return readManifest(join(stage, 'node_modules', name));
  });
  manifest.bundleDependencies = bundled.map((inner) => inner.name).sort();
  manifest.dependencies = mergeDependencies(manifest, bundled);
  writeFileSync(join(stage, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);

  // Packed into the release folder itself: a rename from the temporary folder may cross file systems.
  mkdirSync(outDir, { recursive: true });
  const fileName = execFileSync('npm', ['pack', '--silent', '--pack-destination', outDir], { cwd: stage, encoding: 'utf8' }).trim();
  const target = join(outDir, `docgen-${manifest.version}.tgz`);
  renameSync(join(outDir, fileName.split('\n').at(-1)), target);
  process.stdout.write(`${target}\n`);
} finally {
  rmSync(work, { recursive: true, force: true });
}

/** `pnpm pack` of the package in `folder`, into the work folder; returns the tarball's path. */
function pack(folder) {
  const into = mkdtempSync(join(work, 'pack-'));
  execFileSync('pnpm', ['pack', '--pack-destination', into], { cwd: folder, stdio: ['ignore', 'ignore', 'inherit'] });
  return join(into, readdirSync(into)[0]);
}

/** Unpacks an npm tarball (whose files are under `package/`) into `target`. */
function unpack(tarball, target) {
  mkdirSync(target, { recursive: true });
  execFileSync('tar', ['-xzf', tarball, '-C', target, '--strip-components=1']);
}

function readManifest(folder) {
  return JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8'));
}

/**
 * The release's dependencies: its own, with the third-party dependencies (and peer dependencies)
 * of every bundled package. A dependency's range wins over a peer range of the same package; two
 * different dependency ranges are an error, to be made one in the workspace.
 */
function mergeDependencies(manifest, bundled) {
  const merged = { ...manifest.dependencies };
  const from = Object.fromEntries(Object.keys(merged).map((name) => [name, manifest.name]));
  const add = (inner, field) => {
    for (const [name, range] of Object.entries(inner[field] ?? {})) {
      if (name.startsWith('@docgen/')) continue;
      if (merged[name] !== undefined && merged[name] !== range) {
        if (field === 'peerDependencies') continue;
        throw new Error(`${name} is ${merged[name]} in ${from[name]} but ${range} in ${inner.name}: give it one range.`);
      }
      merged[name] = range;
      from[name] = inner.name;
    }
  };
  for (const inner of bundled) add(inner, 'dependencies');
  for (const inner of bundled) add(inner, 'peerDependencies');
  return Object.fromEntries(Object.entries(merged).sort(([a], [b]) => a.localeCompare(b)));
}
