import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import type { MarkdownPluginConfig } from '@docgen/types';
import { DocgenError } from '../diagnostics/index.js';
import type { YamlFile } from '../yaml/index.js';

type PackageJson = { version?: string; main?: string; exports?: unknown; module?: string };

/**
 * Resolves the plugins of `markdown.remarkPlugins` or `markdown.rehypePlugins` (`path` in the
 * config) from the site's folder, as Node resolves a package the site imports: the nearest
 * `node_modules/<name>` at or above it. A package that is not installed, or has no entry module,
 * is an error at the entry in the config.
 */
export function resolveMarkdownPlugins(
  siteDir: string,
  entries: (string | [string, unknown])[],
  path: (string | number)[],
  yaml: YamlFile,
): MarkdownPluginConfig[] {
  return entries.map((entry, index) => {
    const [name, options] = typeof entry === 'string' ? [entry, undefined] : entry;
    const location = yaml.locate([...path, index, ...(typeof entry === 'string' ? [] : [0])]);
    const packageDir = findPackageDir(siteDir, name);
    const fail = (message: string, hint: string): never => {
      throw new DocgenError(message, { code: 'config-markdown-plugin', location, hint });
    };
    if (!packageDir) {
      return fail(
        `Cannot find the markdown plugin "${name}" in ${path.join('.')}`,
        `Install it in the site (npm install ${name}) or remove it: plugins are resolved from the site's node_modules.`,
      );
    }
    const manifest = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as PackageJson;
    const entryFile = getEntryFile(packageDir, manifest);
    if (!entryFile)
      return fail(`The markdown plugin "${name}" has no entry module`, `Check that ${name} is a remark or rehype plugin package.`);
    const codeKey = getLinkedCodeKey(packageDir);
    return {
      name,
      version: manifest.version ?? '0.0.0',
      ...(codeKey !== undefined && { codeKey }),
      ...(options !== undefined && { options }),
      entryFile,
      location,
    };
  });
}

/**
 * For a package linked from outside any node_modules folder (a plugin of the site's own, linked
 * with `file:` or a workspace), a hash of its code: it changes without a new version. An installed
 * package changes only with its version: undefined.
 */
function getLinkedCodeKey(packageDir: string): string | undefined {
  const real = realpathSync(packageDir);
  if (real.split(sep).includes('node_modules')) return undefined;
  const hash = createHash('sha256');
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) visit(path);
      else if (/\.(c|m)?js$|^package\.json$/.test(entry.name))
        hash
          .update(`${relative(real, path)}\0`)
          .update(readFileSync(path))
          .update('\0');
    }
  };
  visit(real);
  return hash.digest('hex').slice(0, 16);
}

/** The folder of package `name` in the nearest node_modules at or above `fromDir`. */
function findPackageDir(fromDir: string, name: string): string | undefined {
  if (!/^(@[a-z0-9._~-]+\/)?[a-z0-9._~-]+$/i.test(name)) return undefined;
  for (let dir = resolve(fromDir); ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return candidate;
    if (dirname(dir) === dir) return undefined;
  }
}

/** The module `import(name)` loads: the package's `exports` for `.` (import, node or default condition), else `main`, else index.js. */
function getEntryFile(packageDir: string, manifest: PackageJson): string | undefined {
  const pick = (target: unknown): string | undefined => {
    if (typeof target === 'string') return target;
    if (Array.isArray(target)) return target.map(pick).find(Boolean);
    if (target && typeof target === 'object') {
      const record = target as Record<string, unknown>;
      if ('.' in record) return pick(record['.']);
      for (const condition of ['import', 'node', 'default']) if (condition in record) return pick(record[condition]);
    }
    return undefined;
  };
  const relativePath = pick(manifest.exports) ?? manifest.module ?? manifest.main ?? 'index.js';
  const file = resolve(packageDir, relativePath);
  for (const candidate of [file, `${file}.js`, join(file, 'index.js')])
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  return undefined;
}
