import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const hashes = new Map<string, string>();

const isModule = (name: string) => /\.(js|ts)$/.test(name) && !name.endsWith('.d.ts');

/**
 * A hash of some of docgen's own modules as they are on disk (built `.js`, or `.ts` when run from
 * the sources), for the salt of what docgen keeps between runs (compiled content, bundles, search
 * tables, the front matter memo): what other code made, docgen built anew at the same version, is
 * not reused. `modules` are URLs of modules without their extension, or of folders (ending in
 * `/`: every module in them, in name order). Each module counts by its name and bytes. Read once
 * per process: docgen's code does not change while it runs, so the memo never changes a build.
 */
export function hashOwnCode(modules: readonly URL[]): string {
  const key = modules.map((url) => url.href).join('\0');
  let hash = hashes.get(key);
  if (hash === undefined) {
    const digest = createHash('sha256');
    for (const url of modules) {
      if (url.pathname.endsWith('/')) {
        const dir = fileURLToPath(url);
        for (const name of readdirSync(dir).filter(isModule).sort()) digest.update(name).update(readFileSync(join(dir, name)));
      } else {
        const file = ['.js', '.ts'].map((extension) => fileURLToPath(`${url.href}${extension}`)).find((path) => existsSync(path));
        if (file) digest.update(basename(file)).update(readFileSync(file));
      }
    }
    hash = digest.digest('hex').slice(0, 16);
    hashes.set(key, hash);
  }
  return hash;
}

/**
 * The compiled module `name` (`worker.js`) in the folder of the module at `callerUrl`, for a thread
 * to load. Tests run core from its TypeScript sources, which a thread cannot load: they use the
 * compiled package's (`pnpm build:packages` runs before them).
 */
export function findCompiledModule(callerUrl: string, name: string): string {
  const here = dirname(fileURLToPath(callerUrl));
  const compiled = join(here, name);
  return existsSync(compiled) ? compiled : join(here.replace(/([\\/])src([\\/][^\\/]+)$/, '$1dist$2'), name);
}
