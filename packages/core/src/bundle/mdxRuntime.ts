import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type * as esbuild from 'esbuild';
import { DocgenError } from '../diagnostics/index.js';
import type { Diagnostic } from '@docgen/types';
import {
  findOwnThemeFile,
  islandAssets,
  islandModules,
  isThemePackage,
  SERVER_LOADERS,
  toDocgenError,
  withMissingImports,
  type MissingImports,
} from './islands.js';
import { sassStylesheets, type SassStylesheets } from './sass.js';
import { siteStylesheetUrls } from './stylesheetUrls.js';
import { SITE_NAMESPACE } from '../files/index.js';
import { BASE_OPTIONS, loadEsbuild, siteJsxRuntime } from './esbuildCommon.js';
import { writeFileWhole } from '../processes/index.js';

/**
 * The one module every MDX page of a site runs against at build time: docgen's MDX runtime
 * (src/mdxRuntime/runtime.tsx: React, rendering, Docusaurus's modules as content elements, site
 * components as islands) with every site module and package the site's MDX pages import, bundled
 * once for Node. Each build thread imports it once, and every page's compiled program takes its
 * imports from it (compile/mdxRun.ts).
 */
export interface MdxRuntimeInput {
  siteDir: string;
  /** The theme's folder: React is resolved from it, as for islands. */
  themeDir: string;
  /** The site paths of the modules (`.js`, `.tsx`, `.json`...) MDX pages import. */
  modules: string[];
  /** The packages MDX pages import by name (`clsx`, `@site-lib/x`), Docusaurus's own modules left out. */
  packages: string[];
  /** The site's component scope for every page (`src/theme/MDXComponents.js`), when it has one. */
  componentScope?: string;
  cacheDir: string;
  baseUrl: string;
}

export interface MdxRuntimeBundle {
  /** The bundle (ESM), named by the hash of its code: its path changes whenever what it runs does. */
  file: string;
  /** Every file esbuild read for it (absolute paths): while none changes, the same input gives the same bundle. */
  inputs: string[];
  /** What the bundle took as webpack does, with a warning: an import of a name its module does not export. */
  warnings: Diagnostic[];
}

const RUNTIME_FILE = fileURLToPath(new URL('../mdxRuntime/runtime.js', import.meta.url));
const PACKAGE = 'docgen-mdx-package';
const MISSING = 'docgen-mdx-missing';
/** The global (a Symbol.for key) that is true while a page renders (set by src/mdxRuntime/runtime.tsx). */
const RENDERING = 'docgen.mdx.rendering';
/** The global (a Symbol.for key) listing the names read of missing packages while modules loaded (read by compile/mdxRun.ts). */
const MISSING_READS = 'docgen.mdx.missingReads';
const DOCUSAURUS = 'docgen-mdx-docusaurus';
/** The modules of Docusaurus an MDX page may import: the keys of `docusaurusModules` in src/mdxRuntime/runtime.tsx. */
export const MDX_MODULES = [
  '@theme/Admonition',
  '@theme/Tabs',
  '@theme/TabItem',
  '@theme/CodeBlock',
  '@theme/CodeInline',
  '@theme/MDXComponents/Code',
  '@theme/Details',
  '@theme/Heading',
  '@theme/ThemedImage',
  '@theme/TOCInline',
  '@theme/MDXComponents',
  '@docusaurus/Link',
  '@theme/MDXComponents/A',
  '@docusaurus/Head',
  '@docusaurus/BrowserOnly',
  '@docusaurus/Translate',
  '@docusaurus/useBaseUrl',
  '@docusaurus/useDocusaurusContext',
  '@docusaurus/useIsBrowser',
  '@docusaurus/Interpolate',
  '@docusaurus/useGlobalData',
  '@docusaurus/theme-common',
  '@docusaurus/plugin-content-docs/client',
  '@docusaurus/theme-common/internal',
  '@theme/Layout',
  '@theme/DocCardList',
  '@theme/DocCard',
  '@theme/IdealImage',
  '@theme/Mermaid',
  '@theme/Icon/ExternalLink',
  '@theme/Icon/Copy',
  '@theme/Icon/Success',
  '@theme/Icon/Close',
  '@theme/Icon/Menu',
  '@theme/Icon/Home',
  '@docusaurus/useBrokenLinks',
  '@theme/BackToTopButton',
  '@docusaurus/ExecutionEnvironment',
];
/**
 * Docusaurus's modules: what the runtime has of them (`docusaurusModules`), wherever a site module
 * imports them; `@theme-original/<Name>` is always the runtime's, as a swizzled component imports it.
 */
const DOCUSAURUS_MODULE = /^@(theme|theme-original|docusaurus)\//;
const quote = (value: string) => JSON.stringify(value);

function entrySource(input: MdxRuntimeInput, broken: Broken): string {
  const modules = [...new Set(input.modules)].sort().map((path) => ({ key: path, from: `${SITE_NAMESPACE}:${path}` }));
  const packages = [...new Set(input.packages)].sort().map((name) => ({ key: name, from: `${PACKAGE}:${name}` }));
  const load = ({ key, from }: { key: string; from: string }) =>
    Object.hasOwn(broken, key)
      ? `() => ({ __docgenBroken: ${quote(broken[key]!.message)}, __docgenHint: ${quote(broken[key]!.hint ?? '')} })`
      : `() => require(${quote(from)})`;
  const all = [...modules, ...packages];
  return [
    `export { renderPage, findComponentStack, docusaurusModules, toIsland, toIslandModule, toComponentScope, toSvgComponent } from ${quote(RUNTIME_FILE)};`,
    "import * as jsxRuntime from 'react/jsx-runtime';",
    'export { jsxRuntime };',
    // Each module is loaded when a page first imports it (esbuild makes a required module lazy): one
    // that throws as it loads fails the pages that import it, at their import, not every page.
    `export const modules = {${all.map((entry) => `${quote(entry.key)}: ${load(entry)}`).join(', ')}};`,
    input.componentScope
      ? `export const componentScope = { path: ${quote(input.componentScope)}, load: ${load({ key: input.componentScope, from: `${SITE_NAMESPACE}:${input.componentScope}` })} };`
      : 'export const componentScope = undefined;',
  ].join('\n');
}

/**
 * Packages MDX pages import resolve from the site's folder; one the site lacks is a module that
 * says so, for compile to report at each import of it. Docusaurus's modules, wherever a site module
 * imports them, are the runtime's (the site's own `src/theme/<Name>` when the runtime has none).
 */
function mdxImports(siteDir: string): esbuild.Plugin {
  return {
    name: 'docgen-mdx-imports',
    setup(build) {
      build.onResolve({ filter: new RegExp(`^${PACKAGE}:`) }, async (args) => {
        const name = args.path.slice(PACKAGE.length + 1);
        if (DOCUSAURUS_MODULE.test(name)) {
          const own = name.startsWith('@theme/') ? findOwnThemeFile(siteDir, name) : undefined;
          return own
            ? { path: own, namespace: SITE_NAMESPACE }
            : { path: name.replace(/^@theme-original\//, '@theme/'), namespace: DOCUSAURUS };
        }
        const result = await build.resolve(name, { kind: 'import-statement', resolveDir: siteDir });
        if (result.errors.length > 0) return { path: name, namespace: MISSING };
        return { path: result.path, namespace: result.namespace, external: result.external, sideEffects: result.sideEffects };
      });
      // A package a site module imports that the site lacks: a module that says so when used, so
      // that one component's missing package does not stop every page (the islands' bundle reports it).
      build.onResolve({ filter: /^[^./]/ }, async (args) => {
        // Resolving it again comes back here (and React goes to the theme's copy, islandModules).
        if (args.pluginData !== undefined || args.namespace === MISSING || isThemePackage(args.path)) return undefined;
        if (/^(node:|docgen-|@site\/)/.test(args.path) || DOCUSAURUS_MODULE.test(args.path)) return undefined;
        const { kind, importer, namespace, resolveDir } = args;
        const result = await build.resolve(args.path, { kind, importer, namespace, resolveDir, pluginData: PACKAGE });
        if (result.errors.length > 0) return { path: args.path, namespace: MISSING };
        return { path: result.path, namespace: result.namespace, external: result.external, sideEffects: result.sideEffects };
      });
      build.onResolve({ filter: DOCUSAURUS_MODULE }, (args) => {
        const name = args.path.replace(/^@theme-original\//, '@theme/');
        // A site's own `src/theme/<Name>` is `@theme/<Name>`, but to itself (which wraps the original).
        const own = name.startsWith('@theme/') && args.path === name ? findOwnThemeFile(siteDir, name) : undefined;
        const importer = args.namespace === SITE_NAMESPACE ? args.importer : relative(siteDir, args.importer).split(sep).join('/');
        if (own && own !== importer) return { path: own, namespace: SITE_NAMESPACE };
        return { path: name, namespace: DOCUSAURUS };
      });
      // Its default export throws when used. Any other name of it (`Tooltip.Root`, read through the
      // prototype that an ES module's namespace of it keeps too) is undefined while modules load (a
      // module that only names it loads), each read recorded (MISSING_READS) for the error it may
      // cause; while a page renders (RENDERING), reading one throws, saying why.
      build.onLoad({ filter: /.*/, namespace: MISSING }, (args) => ({
        contents: [
          `const name = ${quote(args.path)};`,
          'const message = `The package ${name} is not installed: npm install ${name}`;',
          'const names = new Proxy({}, {',
          '  get(target, key) {',
          // Interop's and docgen's own questions (`__esModule`, `__docgenBroken`), promises' `then`: no names of it.
          "    if (typeof key === 'symbol' || key.startsWith('__') || key === 'then' || key in Object.prototype) return Reflect.get(target, key);",
          `    if (globalThis[Symbol.for(${quote(RENDERING)})]) throw new Error(message + ' (reading ' + key + ')');`,
          `    (globalThis[Symbol.for(${quote(MISSING_READS)})] ??= []).push({ name, key });`,
          '    return undefined;',
          '  },',
          '});',
          'module.exports = Object.assign(Object.create(names), { __esModule: true, __docgenMissing: true, default() { throw new Error(message); } });',
        ].join('\n'),
        loader: 'js',
      }));
      // CommonJS, so that a site module may import any name of it: one docgen lacks is undefined,
      // and a page importing the module itself is told (`__docgenMissing`) instead of a failed bundle.
      build.onLoad({ filter: /.*/, namespace: DOCUSAURUS }, (args) => ({
        contents: [
          `const { docusaurusModules } = require(${quote(RUNTIME_FILE)});`,
          `const found = docusaurusModules[${quote(args.path)}];`,
          `module.exports = found ? { __esModule: true, ...found } : { __esModule: true, __docgenMissing: ${quote(args.path)} };`,
        ].join('\n'),
        loader: 'js',
        resolveDir: siteDir,
      }));
    },
  };
}

/** What each module of the runtime that cannot be bundled says, by key: it fails the pages that import it, not the bundle. */
type Broken = Record<string, { message: string; hint?: string }>;

const buildOptions = (
  input: MdxRuntimeInput,
  broken: Broken,
  missing?: MissingImports,
  sass: SassStylesheets = sassStylesheets(input.siteDir, 'server'),
): esbuild.BuildOptions & { write: false; metafile: true } => ({
  ...BASE_OPTIONS,
  target: 'node20',
  platform: 'node',
  absWorkingDir: input.siteDir,
  plugins: [
    // Before the site's modules, which would load a stylesheet of the site as it is written.
    sass.plugin,
    mdxImports(input.siteDir),
    islandAssets(),
    siteStylesheetUrls(input.siteDir),
    siteJsxRuntime(input.themeDir),
    islandModules(input.siteDir, input.themeDir, undefined, missing),
  ],
  loader: SERVER_LOADERS,
  assetNames: '[name]-[hash]',
  publicPath: `${input.baseUrl}assets/islands/`,
  legalComments: 'none',
  charset: 'utf8',
  stdin: { contents: entrySource(input, broken), resolveDir: input.siteDir, loader: 'js', sourcefile: 'docgen-mdx-runtime.js' },
  write: false,
  metafile: true,
  outfile: join(input.cacheDir, 'mdx-runtime.mjs'),
  banner: {
    js: "import { createRequire as __docgenCreateRequire } from 'node:module'; const require = __docgenCreateRequire(import.meta.url);",
  },
});

/**
 * When the whole runtime cannot be bundled, the modules that cannot be alone (each tried on its
 * own), with the error each gives at its file, line and column; none when no module alone fails.
 */
async function findBroken(input: MdxRuntimeInput, missing: MissingImports): Promise<Broken> {
  const broken: Broken = {};
  const tries = [
    ...input.modules.map((path) => ({ key: path, only: { ...input, modules: [path], packages: [], componentScope: undefined } })),
    ...input.packages.map((name) => ({ key: name, only: { ...input, modules: [], packages: [name], componentScope: undefined } })),
  ];
  for (const { key, only } of tries) {
    try {
      await (await loadEsbuild()).build(buildOptions(only, {}, missing));
    } catch (error) {
      const reported = toDocgenError(error, input.siteDir);
      const at = reported.location ? ` (${reported.location.file}:${reported.location.line}:${reported.location.column})` : '';
      broken[key] = { message: `${reported.message}${at}`, hint: reported.hint };
    }
  }
  return broken;
}

/**
 * Bundles the MDX runtime of a site (see MdxRuntimeInput); the same input gives the same file,
 * written once. A module that cannot be bundled (a syntax error, an import of a name its module
 * lacks) is left out, and fails only the pages that import it, at their import.
 */
export async function bundleMdxRuntime(input: MdxRuntimeInput): Promise<MdxRuntimeBundle> {
  let result: esbuild.BuildResult<{ write: false; metafile: true }>;
  const missing: MissingImports = new Map();
  // The Sass stylesheets' files (their partials too) are what the runtime was made from, besides esbuild's inputs.
  const sass = sassStylesheets(input.siteDir, 'server');
  const bundler = await loadEsbuild();
  try {
    result = (await withMissingImports((found) => bundler.build(buildOptions(input, {}, found, sass)), missing)).result;
  } catch (error) {
    const broken = await findBroken(input, missing);
    if (Object.keys(broken).length === 0) throw error instanceof DocgenError ? error : toDocgenError(error, input.siteDir);
    try {
      result = await bundler.build(buildOptions(input, broken, missing, sass));
    } catch (again) {
      throw again instanceof DocgenError ? again : toDocgenError(again, input.siteDir);
    }
  }
  const warnings = [...missing].flatMap(([file, imports]) =>
    imports.map(({ line, column, name, from }): Diagnostic => ({
      severity: 'warning',
      code: 'missing-export',
      message: `${from} does not export ${name}: it is undefined here, as webpack leaves it`,
      hint: `Import only what ${from} exports: a TypeScript type is imported with \`import type\`, from a .ts or .tsx file.`,
      location: { file, line, column: column + 1 },
    })),
  );
  const code = result.outputFiles.find((file) => file.path.endsWith('.mjs'))!.contents;
  const key = createHash('sha256').update(code).digest('hex').slice(0, 16);
  mkdirSync(input.cacheDir, { recursive: true });
  const file = join(input.cacheDir, `mdx-runtime-${key}.mjs`);
  if (!existsSync(file)) {
    writeFileWhole(file, code);
    // One site's store has one runtime in use: the ones it replaced go.
    for (const name of readdirSync(input.cacheDir)) {
      if (/^mdx-runtime-[0-9a-f]+\.mjs$/.test(name) && join(input.cacheDir, name) !== file)
        rmSync(join(input.cacheDir, name), { force: true });
    }
  }
  const inputs = Object.keys(result.metafile!.inputs).flatMap((path) => {
    if (path.startsWith(`${SITE_NAMESPACE}:`)) return [join(input.siteDir, path.slice(SITE_NAMESPACE.length + 1))];
    // Modules made here (the entry, Docusaurus's modules, missing packages) are no files.
    return /^[\w-]+:/.test(path) ? [] : [resolve(input.siteDir, path)];
  });
  return { file, inputs: [...inputs, ...sass.files()], warnings };
}
