/**
 * Bundles each module of src/vendor/ (re-exports of third-party libraries) into the file tsc
 * wrote for it, dist/vendor/<name>.js, so that Node loads those libraries as one file. Run after
 * tsc (`build:packages`); without it, the same files are plain re-exports and work the same, slower.
 * Names are kept (keepNames): code that finds a library's function by its name still finds it.
 */
import { readdirSync, renameSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const sources = readdirSync(join(root, 'src/vendor')).filter((name) => name.endsWith('.ts'));

for (const source of sources) {
  const outfile = join(root, 'dist/vendor', source.replace(/\.ts$/, '.js'));
  const temporary = `${outfile}.${process.pid}.tmp`;
  await build({
    entryPoints: [join(root, 'src/vendor', source)],
    outfile: temporary,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    keepNames: true,
    legalComments: 'none',
    logLevel: 'warning',
    // Bundled CommonJS modules that require Node's built-ins need a require of their own.
    banner: {
      js: "import { createRequire as __docgenCreateRequire } from 'node:module';\nconst require = __docgenCreateRequire(import.meta.url);",
    },
  });
  renameSync(temporary, outfile);
  // tsc's source map is of the re-exports, not of the bundle.
  rmSync(`${outfile}.map`, { force: true });
}
