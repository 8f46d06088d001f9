import { existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, extname, join, relative, resolve, sep } from 'node:path';
import type * as esbuild from 'esbuild';
import { DocgenError } from '../diagnostics/index.js';
import { SITE_NAMESPACE } from '../files/index.js';
import { BASE_OPTIONS, findRootedFile, JSX_COMPAT_NAMESPACE, loadEsbuild, siteJsxRuntime, toBundleError } from './esbuildCommon.js';
import { sassStylesheets, type SassStylesheets } from './sass.js';
import { siteStylesheetUrls } from './stylesheetUrls.js';
import { getBrowserOnlyBundles, type BrowserOnlyBundle } from './browserOnly.js';
import { isGeneratedModule, readThemeComponents, themeOverrides } from './themeOverrides.js';

export interface ThemeEntries {
  serverEntry: string;
  clientEntry: string;
  /**
   * Packages the theme imports only in the browser, with a dynamic `import()` that the server
   * never runs (`docgen.browserOnly`: mermaid in docgen's theme): left out of the server bundle.
   */
  browserOnly: string[];
}

/** Reads the entries a theme declares in its package.json (`docgen.serverEntry`, `docgen.clientEntry`). */
export function readThemeEntries(themeDir: string): ThemeEntries {
  const manifest = JSON.parse(readFileSync(join(themeDir, 'package.json'), 'utf8')) as {
    docgen?: { serverEntry?: string; clientEntry?: string; browserOnly?: string[] };
  };
  if (!manifest.docgen?.serverEntry || !manifest.docgen.clientEntry) {
    throw new DocgenError(`The theme in ${themeDir} does not declare its entries`, {
      code: 'theme-invalid',
      hint: 'Add "docgen": { "serverEntry": "./src/server.tsx", "clientEntry": "./src/client.tsx" } to its package.json.',
    });
  }
  return {
    serverEntry: resolve(themeDir, manifest.docgen.serverEntry),
    clientEntry: resolve(themeDir, manifest.docgen.clientEntry),
    browserOnly: manifest.docgen.browserOnly ?? [],
  };
}

export interface BundleInput {
  themeDir: string;
  /** Component pages of the site by key (site-relative path) to absolute module path. */
  pages: Record<string, string>;
  siteDir: string;
  /** The site's stylesheets (site-relative paths), loaded after the theme's styles in this order. */
  customCss?: string[];
  /** The site's component overrides by component name, site-relative paths (see findThemeOverrides). */
  overrides?: Record<string, string>;
  /** The CSS of the config's code themes (see toCodeThemeCss), loaded after the theme's styles and before the site's. */
  codeThemeCss?: string;
}

/**
 * Packages that site pages (and the packages they import) and the theme must share a single copy
 * of: each is an esbuild alias of itself, which esbuild resolves from the working directory (the
 * theme's folder) wherever the importing file lives. Done by esbuild itself, not by a plugin: a
 * plugin's callback for every `react` import made the bundle wait on the main thread, which is
 * busy reading and compiling content while the bundle runs (both bundles of a small site took
 * twice as long).
 */
const SHARED_PACKAGES = ['react', 'react-dom', '@docgen/site-theme', '@docgen/client'];
const SHARED_FROM_THEME = Object.fromEntries(SHARED_PACKAGES.map((name) => [name, name]));

/**
 * Loads the site's own modules (component pages, stylesheets, component overrides and what they
 * import relatively) under a virtual namespace with site-relative paths. esbuild's content hashes
 * include input paths, so this keeps the output byte-identical wherever the site folder lives.
 */
function siteModules(siteDir: string): esbuild.Plugin {
  const namespace = SITE_NAMESPACE;
  const toVirtual = (absolutePath: string) => relative(siteDir, absolutePath).split('\\').join('/');
  return {
    name: 'docgen-site-modules',
    setup(build) {
      build.onResolve({ filter: /^docgen-site:/ }, (args) => ({ path: args.path.slice(namespace.length + 1), namespace }));
      // A stylesheet's `url(/img/x.png)` names a file of the site, else of static/, as on a Docusaurus
      // site (React Native's `url(/static/fonts/x.woff2)`): bundled (hashed, whatever the baseUrl)
      // when it is there, else left as written.
      build.onResolve({ filter: /^\/[^/]/, namespace }, (args) => {
        if (args.kind !== 'url-token' && args.kind !== 'import-rule') return undefined;
        const found = findRootedFile(siteDir, args.path.replace(/[?#].*$/, ''));
        return found ? { path: found } : { path: args.path, external: true };
      });
      build.onResolve({ filter: /^\.\.?\//, namespace }, (args) => {
        const importerDir = dirname(resolve(siteDir, args.importer));
        for (const candidate of ['', '.tsx', '.ts', '.jsx', '.js', '/index.tsx', '/index.ts']) {
          const absolutePath = resolve(importerDir, args.path + candidate);
          if (existsSync(absolutePath) && statSync(absolutePath).isFile()) {
            return absolutePath.startsWith(siteDir) && /\.[jt]sx?$/.test(absolutePath)
              ? { path: toVirtual(absolutePath), namespace }
              : { path: absolutePath };
          }
        }
        return { errors: [{ text: `Cannot resolve ${args.path} from ${args.importer}` }] };
      });
      build.onLoad({ filter: /.*/, namespace }, (args) => {
        const absolutePath = resolve(siteDir, args.path);
        const loader = extname(absolutePath).slice(1) as esbuild.Loader;
        return { contents: readFileSync(absolutePath), loader, resolveDir: dirname(absolutePath) };
      });
    },
  };
}

/** The module of the code themes' CSS in the client bundle, made from the config (toCodeThemeCss). */
const CODE_THEME_MODULE = 'docgen-code-theme.css';
const CODE_THEME_NAMESPACE = 'docgen-code-theme';

function codeThemeModule(css: string): esbuild.Plugin {
  return {
    name: 'docgen-code-theme',
    setup(build) {
      build.onResolve({ filter: /^docgen-code-theme\.css$/ }, () => ({ path: CODE_THEME_MODULE, namespace: CODE_THEME_NAMESPACE }));
      build.onLoad({ filter: /.*/, namespace: CODE_THEME_NAMESPACE }, () => ({ contents: css, loader: 'css' }));
    },
  };
}

/** Names of the generated entry modules (esbuild's stdin). */
const SERVER_ENTRY = 'docgen-server-entry.js';
const CLIENT_ENTRY = 'main.js';

const quote = (value: string) => JSON.stringify(value);
const sitePageImport = (input: BundleInput, key: string) =>
  quote(`${SITE_NAMESPACE}:${relative(input.siteDir, input.pages[key]!).split('\\').join('/')}`);

/** A failed theme bundle as docgen reports it (see toBundleError). */
function toDocgenError(error: unknown, input: BundleInput): DocgenError {
  return toBundleError(error, {
    siteDir: input.siteDir,
    workingDir: input.themeDir,
    failed: 'Bundling failed',
    hint: 'Fix the error in the theme or page component.',
  });
}

const common = (input: BundleInput, sass: SassStylesheets): esbuild.BuildOptions => ({
  ...BASE_OPTIONS,
  absWorkingDir: input.themeDir,
  conditions: ['source'],
  plugins: [
    // Before the site's modules: they load a stylesheet of `customCss` as it is written.
    sass.plugin,
    siteStylesheetUrls(input.siteDir),
    siteModules(input.siteDir),
    siteJsxRuntime(input.themeDir),
    themeOverrides({
      themeDir: input.themeDir,
      components: readThemeComponents(input.themeDir),
      overrides: input.overrides ?? {},
      siteNamespace: SITE_NAMESPACE,
    }),
  ],
  alias: SHARED_FROM_THEME,
  legalComments: 'none',
  charset: 'utf8',
});

/**
 * The files esbuild read for a bundle (its metafile's inputs), as absolute paths: the site's own
 * modules (`docgen-site:` namespace) under the site folder, the rest relative to the theme. The
 * generated entry (`entryName`), the modules that put overrides in place, the code themes' CSS and
 * the site's JSX runtime are no files: the page list, the theme's entries, the overrides and the config make them.
 */
function getInputFiles(metafile: esbuild.Metafile, input: BundleInput, entryName: string): string[] {
  return Object.keys(metafile.inputs)
    .filter(
      (path) =>
        path !== entryName &&
        !isGeneratedModule(path) &&
        !path.startsWith(`${CODE_THEME_NAMESPACE}:`) &&
        !path.startsWith(`${JSX_COMPAT_NAMESPACE}:`),
    )
    .map((path) =>
      path.startsWith(`${SITE_NAMESPACE}:`) ? resolve(input.siteDir, path.slice(SITE_NAMESPACE.length + 1)) : resolve(input.themeDir, path),
    );
}

/** The package an import names (`react` of `react/jsx-runtime`, `@docgen/client` of `@docgen/client/x`). */
const packageOf = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/** Whether `file` is one of the site's own, not of a package installed in its folder (docgen's among them). */
export const isSiteFile = (siteDir: string, file: string) => file.startsWith(siteDir + sep) && !file.includes(`${sep}node_modules${sep}`);

/**
 * Whether a bundle is the same for every site whose files it read are byte-identical at the same
 * site paths, wherever the site folder is: every file of the site it read is one of the site's own
 * modules (read by site-relative path, see siteModules), and they import nothing but each other,
 * the theme and the packages shared from it (SHARED_PACKAGES), which esbuild resolves from the
 * theme's folder. A file of the site read by its absolute path (an image a stylesheet names, a
 * Sass partial, a CSS module) or a package the site's modules find from their own folder makes the
 * bundle that site's own: its output names their paths, and another site would read other files.
 * `sassFiles`: what the bundle's Sass stylesheets read (see sassStylesheets), which the metafile
 * does not list.
 */
function isPortable(metafile: esbuild.Metafile, input: BundleInput, sassFiles: string[]): boolean {
  if (sassFiles.length > 0) return false;
  const themeDir = input.themeDir + sep;
  // A module of a virtual namespace (`docgen-site:pages/index.tsx`), not a file esbuild read by its path.
  const isVirtual = (path: string) => /^[a-z][\w-]+:/.test(path);
  for (const [path, { imports }] of Object.entries(metafile.inputs)) {
    if (!path.startsWith(`${SITE_NAMESPACE}:`)) {
      if (!isVirtual(path) && isSiteFile(input.siteDir, resolve(input.themeDir, path))) return false;
      continue;
    }
    for (const { path: imported, external, original } of imports) {
      if (external || isVirtual(imported)) continue;
      const shared = original !== undefined && !original.startsWith('.') && SHARED_PACKAGES.includes(packageOf(original));
      if (!shared && !resolve(input.themeDir, imported).startsWith(themeDir)) return false;
    }
  }
  return true;
}

/** What a bundle was made from. */
export interface BundleInputs {
  /** The files esbuild read, absolute paths (see getInputFiles). */
  files: string[];
  /** Whether the bundle is the same for any site with the same files at the same site paths (see isPortable). */
  portable: boolean;
}

/**
 * Builds the server bundle: the theme's server entry plus every component page, in one ESM file
 * that the render stage imports. Returns the files esbuild read (see getInputFiles).
 */
export async function bundleServer(input: BundleInput, outFile: string): Promise<BundleInputs> {
  const entries = readThemeEntries(input.themeDir);
  const pageKeys = Object.keys(input.pages).sort();
  const contents = [
    `export * from ${quote(entries.serverEntry)};`,
    ...pageKeys.map((key, index) => `import page${index} from ${sitePageImport(input, key)};`),
    `export const pages = {${pageKeys.map((key, index) => `${quote(key)}: page${index}`).join(', ')}};`,
  ].join('\n');
  mkdirSync(dirname(outFile), { recursive: true });
  const sass = sassStylesheets(input.siteDir, 'server');
  try {
    const result = await (
      await loadEsbuild()
    ).build({
      ...common(input, sass),
      stdin: { contents, resolveDir: input.themeDir, loader: 'js', sourcefile: SERVER_ENTRY },
      platform: 'node',
      outfile: outFile,
      external: entries.browserOnly,
      metafile: true,
      // `<outFile>.map`: the render stage names the source file and line of an error a component threw.
      sourcemap: 'external',
      sourcesContent: false,
      loader: { '.css': 'empty', '.svg': 'dataurl', '.png': 'dataurl' },
      banner: {
        js: "import { createRequire as __docgenCreateRequire } from 'node:module'; const require = __docgenCreateRequire(import.meta.url);",
      },
    });
    const sassFiles = sass.files();
    return {
      files: [...getInputFiles(result.metafile, input, SERVER_ENTRY), ...sassFiles],
      portable: isPortable(result.metafile, input, sassFiles),
    };
  } catch (error) {
    throw toDocgenError(error, input);
  }
}

export interface ClientBundle {
  /** Output paths (relative to the output folder) of the entry script and its stylesheet. */
  script: string;
  stylesheet?: string;
  /** Every file written, relative to the output folder. */
  files: string[];
  /**
   * KaTeX's stylesheet and fonts, for sites with `markdown.math`: not in `files`, as only such
   * sites copy them, and only pages with math link the stylesheet.
   */
  math: { stylesheet: string; files: string[] };
  /** The theme's browser-only packages (see browserOnly.ts): bundled apart, copied into `assets/` by the builder. */
  browserOnly: BrowserOnlyBundle[];
}

/** Imports of the theme's browser-only packages, left to the bundles of their own under `assets/`. */
function browserOnlyImports(bundles: BrowserOnlyBundle[]): esbuild.Plugin {
  return {
    name: 'docgen-browser-only',
    setup(build) {
      for (const bundle of bundles) {
        const filter = new RegExp(`^${bundle.name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}$`);
        build.onResolve({ filter }, () => ({ path: bundle.entry, external: true }));
      }
    },
  };
}

/**
 * Builds the browser bundle into `<outDir>/assets`: the theme's client entry with each component
 * page as a lazily loaded chunk. File names carry content hashes.
 */
export async function bundleClient(input: BundleInput, outDir: string): Promise<{ client: ClientBundle; inputs: BundleInputs }> {
  const entries = readThemeEntries(input.themeDir);
  const pageKeys = Object.keys(input.pages).sort();
  const contents = [
    `import { startClient } from ${quote(entries.clientEntry)};`,
    ...(input.codeThemeCss ? [`import ${quote(CODE_THEME_MODULE)};`] : []),
    ...(input.customCss ?? []).map((file) => `import ${quote(`${SITE_NAMESPACE}:${file}`)};`),
    `startClient({ pages: {${pageKeys.map((key) => `${quote(key)}: () => import(${sitePageImport(input, key)})`).join(', ')}} });`,
  ].join('\n');
  const browserOnly = getBrowserOnlyBundles(input.themeDir, entries.browserOnly);
  let result: esbuild.BuildResult<{ metafile: true; write: true }>;
  const sass = sassStylesheets(input.siteDir, 'browser');
  try {
    const options = common(input, sass);
    result = await (
      await loadEsbuild()
    ).build({
      ...options,
      plugins: [browserOnlyImports(browserOnly), codeThemeModule(input.codeThemeCss ?? ''), ...options.plugins!],
      stdin: { contents, resolveDir: input.themeDir, loader: 'js', sourcefile: CLIENT_ENTRY },
      platform: 'browser',
      splitting: true,
      minify: true,
      metafile: true,
      write: true,
      outdir: join(outDir, 'assets'),
      entryNames: 'main-[hash]',
      chunkNames: 'chunk-[hash]',
      assetNames: 'asset-[hash]',
      // Besides the theme's: what a site's stylesheets may refer to.
      loader: Object.fromEntries(
        ['.svg', '.png', '.jpg', '.jpeg', '.gif', '.webp', '.avif', '.woff', '.woff2', '.ttf', '.otf', '.eot'].map((extension) => [
          extension,
          'file' as const,
        ]),
      ),
    });
  } catch (error) {
    throw toDocgenError(error, input);
  }
  const outputs = Object.entries(result.metafile.outputs);
  const files = outputs.map(([path]) => relative(outDir, resolve(input.themeDir, path)).split('\\').join('/'));
  const entry =
    outputs.find(
      ([, output]) => output.entryPoint !== undefined && !output.cssBundle?.includes('chunk-') && output.entryPoint.includes('main.js'),
    ) ?? outputs.find(([path]) => /main-[^/]+\.js$/.test(path));
  if (!entry) throw new DocgenError('The client bundle has no entry script', { code: 'bundle-failed' });
  const toRelative = (path: string) => relative(outDir, resolve(input.themeDir, path)).split('\\').join('/');
  const math = await bundleMathStyles(outDir);
  const client: ClientBundle = {
    script: toRelative(entry[0]),
    stylesheet: entry[1].cssBundle ? toRelative(entry[1].cssBundle) : undefined,
    files,
    math: { stylesheet: math.stylesheet, files: math.files },
    browserOnly,
  };
  const sassFiles = sass.files();
  const inputs = {
    files: [
      ...getInputFiles(result.metafile, input, CLIENT_ENTRY),
      ...sassFiles,
      ...math.inputs,
      ...browserOnly.map((bundle) => bundle.manifestFile),
    ],
    portable: isPortable(result.metafile, input, sassFiles),
  };
  return { client, inputs };
}

/** KaTeX's stylesheet, with its fonts beside it under content-hashed names, into `<outDir>/assets`. */
async function bundleMathStyles(outDir: string) {
  const entry = createRequire(import.meta.url).resolve('katex/dist/katex.min.css');
  const workingDir = dirname(entry);
  const result = await (
    await loadEsbuild()
  ).build({
    entryPoints: [entry],
    bundle: true,
    minify: true,
    metafile: true,
    write: true,
    logLevel: 'silent',
    legalComments: 'none',
    absWorkingDir: workingDir,
    outdir: join(outDir, 'assets'),
    entryNames: 'katex-[hash]',
    assetNames: 'asset-[hash]',
    loader: { '.woff2': 'file', '.woff': 'file', '.ttf': 'file' },
  });
  const files = Object.keys(result.metafile.outputs).map((path) => relative(outDir, resolve(workingDir, path)).split('\\').join('/'));
  return {
    stylesheet: files.find((file) => file.endsWith('.css'))!,
    files,
    inputs: Object.keys(result.metafile.inputs).map((path) => resolve(workingDir, path)),
  };
}
