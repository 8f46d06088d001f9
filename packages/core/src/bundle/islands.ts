import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, extname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type * as esbuild from 'esbuild';
import type { DocusaurusSiteContext } from '@docgen/types';
import { DocgenError } from '../diagnostics/index.js';
import { getImportedFileKind, isInsideFolder, MODULE_SUFFIXES, SITE_NAMESPACE } from '../files/index.js';
import { writeFileWhole } from '../processes/index.js';
import { BASE_OPTIONS, findRootedFile, loadEsbuild, siteJsxRuntime, toBundleError } from './esbuildCommon.js';
import { sassStylesheets, STYLESHEET_MODULE, type StylesheetUse } from './sass.js';
import { siteStylesheetUrls } from './stylesheetUrls.js';

/**
 * The site's own components that MDX pages show (islands, `src/components/Counter.tsx#default`):
 * bundled apart from the theme, once for the server (rendered at build time) and once for the
 * browser, where each component is an entry of its own: a page loads only the components it
 * shows, each once, with React in a chunk they share.
 */
export interface IslandsInput {
  siteDir: string;
  /** The theme's folder: React is resolved from it, wherever the site lives. */
  themeDir: string;
  /** Every island component of the site's pages: module site path, `#`, export name. */
  components: string[];
  /** Where the server bundle is written (a cache folder). */
  cacheDir: string;
  /** The site's base URL: files components import (images) are served below it. */
  baseUrl: string;
  /**
   * Compiles an MDX page whose own parts are islands (`docs/intro.mdx#Highlight`) to the ES module
   * the browser runs: compile's `compilePageModule`, with the site's MDX settings.
   */
  compilePage?: PageCompiler;
  /** The site as Docusaurus's context shows it, for the modules of Docusaurus components import (ISLAND_MODULES). */
  site?: IslandSite;
}

/** The site as `useDocusaurusContext` gives it to components, in each locale: the page's locale is the one whose base URL its path is below. */
export interface IslandSite {
  defaultLocale: string;
  locales: { locale: string; baseUrl: string; context: DocusaurusSiteContext }[];
}

/** The modules of Docusaurus that site components shown as islands may import: the keys of `islandModules` in src/mdxRuntime/islandModules.tsx. */
export const ISLAND_MODULES = [
  '@docusaurus/Interpolate',
  '@docusaurus/useGlobalData',
  '@theme/Layout',
  '@theme/Admonition',
  '@theme/Heading',
  '@theme/CodeBlock',
  '@theme/Tabs',
  '@theme/TabItem',
  '@theme/ThemedImage',
  '@theme/IdealImage',
  '@theme/Mermaid',
  '@theme/Icon/ExternalLink',
  '@theme/Icon/Copy',
  '@theme/Icon/Success',
  '@theme/Icon/Close',
  '@theme/Icon/Menu',
  '@theme/Icon/Home',
  '@docusaurus/useBrokenLinks',
  '@theme/SearchBar',
  '@theme/BackToTopButton',
  '@docusaurus/Link',
  '@theme/MDXComponents/A',
  '@docusaurus/useBaseUrl',
  '@docusaurus/useDocusaurusContext',
  '@docusaurus/BrowserOnly',
  '@docusaurus/useIsBrowser',
  '@docusaurus/ExecutionEnvironment',
  '@docusaurus/Translate',
  '@docusaurus/Head',
  '@theme/Details',
  '@docusaurus/router',
  '@docusaurus/theme-common',
  '@docusaurus/plugin-content-docs/client',
];
const ISLAND_MODULES_FILE = fileURLToPath(new URL('../mdxRuntime/islandModules.js', import.meta.url));
/** What Docusaurus's modules do alike in every bundle (React only): an SVG file's component. */
const DOCUSAURUS_COMMON_FILE = fileURLToPath(new URL('../mdxRuntime/docusaurusCommon.js', import.meta.url));

/** An MDX page (its whole file) as the browser module of its islands. */
export type PageCompiler = (text: string, path: string) => Promise<string>;

/**
 * Imports of a name the imported module does not export, by the importing module's site path:
 * where webpack warns and makes the name undefined (a TypeScript interface imported into a `.jsx`
 * file), esbuild fails; docgen does as webpack (see withMissingImports).
 */
export type MissingImports = Map<string, { line: number; column: number; name: string; from: string }[]>;

/**
 * Runs `bundle` with the site's imports of missing names made undefined (islandModules), adding
 * each one esbuild reports (`No matching export`) and bundling again, a few rounds at most (a
 * re-export of a missing name shows up a round later). What still fails is thrown.
 */
export async function withMissingImports<T>(bundle: (missing: MissingImports) => Promise<T>, missing: MissingImports = new Map()) {
  for (let round = 0; ; round++) {
    try {
      return { result: await bundle(missing), missing };
    } catch (error) {
      const found = readMissingImports(error);
      if (round === 4 || found.length === 0) throw error;
      for (const { file, ...entry } of found) missing.set(file, [...(missing.get(file) ?? []), entry]);
    }
  }
}

/** The `No matching export` errors of a failed bundle in the site's own modules. */
function readMissingImports(error: unknown) {
  const found: { file: string; line: number; column: number; name: string; from: string }[] = [];
  for (const message of (error as esbuild.BuildFailure).errors ?? []) {
    const match = /^No matching export in "(?:[\w-]+:)?([^"]+)" for import "([^"]+)"$/.exec(message.text);
    const file = message.location?.file;
    if (!match || !file?.startsWith(`${SITE_NAMESPACE}:`)) continue;
    found.push({
      file: file.slice(SITE_NAMESPACE.length + 1),
      line: message.location!.line,
      column: message.location!.column,
      name: match[2]!,
      from: match[1]!,
    });
  }
  return found;
}

/**
 * A module's source with its imports of missing names taken out of their import lists (blanked,
 * so places in the file stay) and each name declared undefined instead, as webpack leaves it.
 */
function withoutMissingImports(text: string, imports: { line: number; column: number; name: string }[]): string {
  const lines = text.split('\n');
  const declared: string[] = [];
  for (const { line, column, name } of imports) {
    const written = lines[line - 1];
    if (written === undefined) continue;
    const specifier = new RegExp(`^${name.replaceAll('$', '\\$')}(\\s+as\\s+([\\w$]+))?\\s*,?`).exec(written.slice(column));
    if (!specifier) continue;
    lines[line - 1] = written.slice(0, column) + ' '.repeat(specifier[0].length) + written.slice(column + specifier[0].length);
    declared.push(specifier[2] ?? name);
  }
  return `${lines.join('\n')}\n${[...new Set(declared)].map((name) => `var ${name} = undefined;`).join('\n')}\n`;
}

export interface IslandsBundle {
  /** The server bundle (ESM): `renderIsland(component, props, childrenHtml)`. */
  serverFile: string;
  /** Browser files by output path (`assets/islands/...`), to write into the output. */
  files: Map<string, Uint8Array>;
  /** The output path of each component's browser entry, by component. */
  entries: Record<string, string>;
  /** The output path of the stylesheet of each component that imports CSS, by component. */
  stylesheets: Record<string, string>;
  /** Changes with everything bundled. */
  key: string;
}

/** What the server bundle exports (see renderIsland in its entry). */
export interface IslandServerModule {
  renderIsland(component: string, props: Record<string, unknown>, childrenHtml: string | undefined, path?: string): string;
  /** What the islands rendered since the last call said of their page's head (a React page's `<Layout title>`), and forgets it. */
  takePageHead(): PageHead | undefined;
}

/** What a React page's `<Layout>` (or `<Head>`) says of its page. */
export interface PageHead {
  title?: string;
  description?: string;
}

const ASSET = 'docgen-island-asset';
/** Where the browser code of islands is written in the output, and the files components import. */
const ISLANDS_DIR = 'assets/islands';
const ISLAND_ASSET_NAMES = '[name]-[hash]';
const ENTRY = 'docgen-island';
/**
 * A component's browser entry, named so that its file name (esbuild's `[name]`: the module's, as
 * `Counter`) holds no `#`, which would end a URL's path: `src/theme/MDXComponents.js~default.Highlight`.
 */
const toEntryPath = (component: string) => `${ENTRY}:${component.replace(/#(?=[^#]*$)/, '~')}`;
const fromEntryPath = (path: string) => {
  const component = path.slice(ENTRY.length + 1);
  const at = component.lastIndexOf('~');
  return `${component.slice(0, at)}#${component.slice(at + 1)}`;
};
const RUNTIME = 'docgen-island-runtime';
const SCOPE = 'docgen-island-scope';
const SITE_CONTEXT = 'docgen-island-site';
/** The global (a Symbol.for key) that holds the page's path while an island renders on the server. */
const ISLAND_PATH = 'docgen.island.path';
/** The global (a Symbol.for key) that holds, while an island renders on the server, what it says of its page's head. */
const ISLAND_HEAD = 'docgen.island.head';
const DOCUSAURUS = 'docgen-island-docusaurus';
const SHARED_PACKAGES = /^(react|react-dom|clsx)(\/.*)?$/;

/**
 * React and React DOM, which site components share with the theme (resolved from its folder), and
 * clsx, which Docusaurus's theme brings and nearly every Docusaurus site's components import: a
 * site need not install them.
 */
export const isThemePackage = (specifier: string) => SHARED_PACKAGES.test(specifier);
const quote = (value: string) => JSON.stringify(value);

/** The element that holds an island's children (content, rendered by docgen): the same markup on the server and in the browser. */
const CHILDREN_ELEMENT = 'docgen-children';

/**
 * Server entry: every component, and `renderIsland`, which renders one with React's renderToString
 * (hydratable markup), its children given as HTML.
 */
function serverEntry(components: string[]): string {
  const modules = [...new Set(components.map((component) => component.slice(0, component.lastIndexOf('#'))))].sort();
  return [
    "import { createElement } from 'react';",
    "import { renderToString } from 'react-dom/server';",
    ...modules.map((module, index) => `import * as m${index} from ${quote(`${SITE_NAMESPACE}:${module}`)};`),
    `const modules = {${modules.map((module, index) => `${quote(module)}: m${index}`).join(', ')}};`,
    'export function renderIsland(component, props, childrenHtml, path) {',
    "  const at = component.lastIndexOf('#');",
    // `#default.Highlight`: a component of an object the module exports (a site's MDXComponents).
    "  const Component = component.slice(at + 1).split('.').reduce((value, name) => value?.[name], modules[component.slice(0, at)]);",
    "  if (typeof Component !== 'function' && (typeof Component !== 'object' || Component === null)) {",
    '    throw new Error(`${component.slice(0, at)} has no export ${component.slice(at + 1)} that is a component`);',
    '  }',
    `  const children = childrenHtml === undefined ? undefined : createElement(${quote(CHILDREN_ELEMENT)}, { style: { display: 'contents' }, dangerouslySetInnerHTML: { __html: childrenHtml } });`,
    // The page's path, which `useLocation()` of @docusaurus/router gives (src/mdxRuntime/islandModules.tsx).
    `  globalThis[Symbol.for(${quote(ISLAND_PATH)})] = path;`,
    // What a React page's <Layout> or <Head> says of the page (its title, description), for takePageHead.
    `  globalThis[Symbol.for(${quote(ISLAND_HEAD)})] = head;`,
    '  try {',
    '    return renderToString(createElement(Component, props, children));',
    '  } finally {',
    `    globalThis[Symbol.for(${quote(ISLAND_PATH)})] = undefined;`,
    `    globalThis[Symbol.for(${quote(ISLAND_HEAD)})] = undefined;`,
    '  }',
    '}',
    'let head = {};',
    'export function takePageHead() {',
    '  const taken = head;',
    '  head = {};',
    '  return Object.keys(taken).length > 0 ? taken : undefined;',
    '}',
  ].join('\n');
}

/** The browser runtime every island entry shares: hydrates an island element with its component and props. */
const RUNTIME_SOURCE = [
  "import { createElement } from 'react';",
  "import { hydrateRoot } from 'react-dom/client';",
  'export function hydrateIsland(element, Component) {',
  "  const props = JSON.parse(element.getAttribute('data-props') || '{}');",
  `  const held = element.querySelector(${quote(CHILDREN_ELEMENT)});`,
  `  const children = held ? createElement(${quote(CHILDREN_ELEMENT)}, { style: { display: 'contents' }, dangerouslySetInnerHTML: { __html: held.innerHTML } }) : undefined;`,
  '  const root = hydrateRoot(element, createElement(Component, props, children));',
  '  return () => root.unmount();',
  '}',
].join('\n');

/** A component's browser entry: `hydrate(element)` hydrates an island of it. */
function browserEntry(component: string): string {
  const at = component.lastIndexOf('#');
  const exportName = component.slice(at + 1);
  return [
    `import { hydrateIsland } from ${quote(RUNTIME)};`,
    `import * as module from ${quote(`${SITE_NAMESPACE}:${component.slice(0, at)}`)};`,
    `export function hydrate(element) { return hydrateIsland(element, ${exportName
      .split('.')
      .reduce((value, name) => `${value}?.[${quote(name)}]`, 'module')}); }`,
  ].join('\n');
}

/**
 * Resolves and loads the site's modules under a namespace with site-relative paths (so output is
 * the same wherever the site folder is), the generated entries and runtime, and React from the
 * theme's folder.
 */
export function islandModules(
  siteDir: string,
  themeDir: string,
  compilePage?: PageCompiler,
  missing: MissingImports = new Map(),
  site?: IslandSite,
): esbuild.Plugin {
  const toSitePath = (absolutePath: string) => relative(siteDir, absolutePath).split(sep).join('/');
  return {
    name: 'docgen-islands',
    setup(build) {
      build.onResolve({ filter: new RegExp(`^${SITE_NAMESPACE}:`) }, (args) => ({
        path: args.path.slice(SITE_NAMESPACE.length + 1),
        namespace: SITE_NAMESPACE,
      }));
      build.onResolve({ filter: new RegExp(`^${ENTRY}:`) }, (args) => ({ path: args.path.slice(ENTRY.length + 1), namespace: ENTRY }));
      build.onResolve({ filter: new RegExp(`^${RUNTIME}$`) }, () => ({ path: 'runtime', namespace: RUNTIME }));
      // What a site's MDXComponents spreads (Docusaurus's own scope) is the build's, never an island's: empty in these bundles.
      build.onResolve({ filter: /^@theme(-original)?\/MDXComponents$/ }, () => ({ path: 'MDXComponents', namespace: SCOPE }));
      build.onLoad({ filter: /.*/, namespace: SCOPE }, () => ({ contents: 'export default {};', loader: 'js' }));
      // Docusaurus's modules a component imports: docgen's (ISLAND_MODULES), else an error at the import naming the module.
      if (site) {
        build.onResolve({ filter: /^docgen-island-site$/ }, () => ({ path: 'site', namespace: SITE_CONTEXT }));
        build.onLoad({ filter: /.*/, namespace: SITE_CONTEXT }, () => ({
          contents: `export default ${JSON.stringify(site)};`,
          loader: 'js',
        }));
        // `@theme-original/<Name>` (what a swizzled component wraps) is docgen's own, as `@theme/<Name>` is.
        build.onResolve({ filter: /^@(docusaurus|theme|theme-original)\// }, (args) => {
          const name = args.path.replace(/^@theme-original\//, '@theme/');
          // A theme component docgen has none of is the site's own (`src/theme/<Name>`), as Docusaurus resolves it.
          const own = ISLAND_MODULES.includes(name) || args.path !== name ? undefined : findOwnThemeFile(siteDir, name);
          if (own) return { path: own, namespace: SITE_NAMESPACE };
          return ISLAND_MODULES.includes(name)
            ? { path: name, namespace: DOCUSAURUS }
            : {
                errors: [
                  {
                    text: `${args.path} is not a module docgen gives site components in the browser`,
                    notes: [
                      { text: `They may import ${ISLAND_MODULES.join(', ')}; MDX pages may import more (see "MDX" in docgen's manual).` },
                    ],
                  },
                ],
              };
        });
        build.onLoad({ filter: /.*/, namespace: DOCUSAURUS }, (args) => ({
          contents: `module.exports = require(${quote(ISLAND_MODULES_FILE)}).islandModules[${quote(args.path)}];`,
          loader: 'js',
          resolveDir: siteDir,
        }));
      }
      build.onResolve({ filter: SHARED_PACKAGES }, async (args) => {
        if (args.pluginData === 'from-theme') return undefined;
        const result = await build.resolve(args.path, { kind: args.kind, resolveDir: themeDir, pluginData: 'from-theme' });
        return result.errors.length > 0 ? { errors: result.errors } : { path: result.path, sideEffects: result.sideEffects };
      });
      // A path from `/` is the site's (`/static/img/x.svg`), else the static folder's (`/img/x.svg`), as Docusaurus's webpack resolves it.
      build.onResolve({ filter: /^\/[^/]/, namespace: SITE_NAMESPACE }, (args) => {
        if (args.kind !== 'import-statement' && args.kind !== 'require-call' && args.kind !== 'dynamic-import') return undefined;
        const found = findRootedFile(siteDir, args.path);
        if (!found) return undefined;
        return /\.[jt]sx?$/.test(found) ? { path: toSitePath(found), namespace: SITE_NAMESPACE } : { path: found };
      });
      // `url(/fonts/x.woff2)` in a component's stylesheet: the site's file, else the static folder's, as
      // Docusaurus resolves it; left as written (an URL of the deployed site) when neither has it.
      build.onResolve({ filter: /^\/[^/]/ }, (args) => {
        if (args.kind !== 'url-token' && args.kind !== 'import-rule') return undefined;
        const found = findRootedFile(siteDir, args.path);
        return found ? { path: found } : { path: args.path, external: true };
      });
      const resolveSiteModule = (args: esbuild.OnResolveArgs): esbuild.OnResolveResult => {
        const base = args.path.startsWith('@site/')
          ? join(siteDir, args.path.slice('@site/'.length))
          : resolve(dirname(resolve(siteDir, args.importer)), args.path);
        for (const suffix of MODULE_SUFFIXES) {
          const absolutePath = base + suffix;
          if (!existsSync(absolutePath) || !statSync(absolutePath).isFile()) continue;
          return absolutePath.startsWith(siteDir + sep) && /\.[jt]sx?$/.test(absolutePath)
            ? { path: toSitePath(absolutePath), namespace: SITE_NAMESPACE }
            : { path: absolutePath };
        }
        return { errors: [{ text: `Cannot resolve ${args.path} from ${args.importer}` }] };
      };
      build.onResolve({ filter: /^(\.\.?\/|@site\/)/, namespace: SITE_NAMESPACE }, resolveSiteModule);
      // `@site/` in MDX a site module imports (React Native's docs/_fabric-native-components.jsx shows
      // docs that import `@site/core/TabsConstants`): that MDX is loaded as a file of the site.
      build.onResolve({ filter: /^@site\//, namespace: 'file' }, (args) =>
        /\.mdx?$/.test(args.importer) && isInsideFolder(args.importer, siteDir) ? resolveSiteModule(args) : undefined,
      );
      build.onLoad({ filter: /.*/, namespace: SITE_NAMESPACE }, async (args) => {
        const absolutePath = resolve(siteDir, args.path);
        if (/\.mdx?$/.test(args.path)) return loadPage(absolutePath);
        const imports = missing.get(args.path);
        return {
          contents: imports ? withoutMissingImports(readFileSync(absolutePath, 'utf8'), imports) : readFileSync(absolutePath),
          // A `.js` file may hold JSX, as Docusaurus's webpack reads it.
          loader: (/\.[cm]?js$/.test(absolutePath) ? 'jsx' : extname(absolutePath).slice(1)) as esbuild.Loader,
          resolveDir: dirname(absolutePath),
        };
      });
      /** A page whose own parts are islands (`docs/intro.mdx#Highlight`): the module of those parts. */
      const loadPage = async (absolutePath: string): Promise<esbuild.OnLoadResult> => {
        if (!compilePage) return { errors: [{ text: `${toSitePath(absolutePath)} is a page, and this bundle compiles no pages` }] };
        try {
          const contents = await compilePage(readFileSync(absolutePath, 'utf8'), absolutePath);
          return { contents, loader: 'js', resolveDir: dirname(absolutePath) };
        } catch (error) {
          return { errors: [toMdxError(error, absolutePath)] };
        }
      };
      // MDX a site module imports (content written beside a component): compiled by MDX itself, as Docusaurus's loader does.
      build.onLoad({ filter: /\.mdx?$/ }, async (args) => {
        if (args.namespace !== 'file' && args.namespace !== SITE_NAMESPACE) return undefined;
        const absolutePath = resolve(siteDir, args.path);
        const { createMdxProcessor } = await import('../vendor/mdx.js');
        const text = readFileSync(absolutePath, 'utf8').replace(/^---\r?\n[\s\S]*?\r?\n---[ \t]*(\r?\n|$)/, '');
        try {
          const code = await createMdxProcessor({ jsxImportSource: 'react' }).process({ value: text, path: absolutePath });
          return { contents: String(code.value), loader: 'js', resolveDir: dirname(absolutePath) };
        } catch (error) {
          return { errors: [toMdxError(error, absolutePath)] };
        }
      });
      build.onLoad({ filter: /.*/, namespace: ENTRY }, (args) => ({
        contents: browserEntry(fromEntryPath(`${ENTRY}:${args.path}`)),
        loader: 'js',
        resolveDir: siteDir,
      }));
      build.onLoad({ filter: /.*/, namespace: RUNTIME }, () => ({ contents: RUNTIME_SOURCE, loader: 'js', resolveDir: themeDir }));
    },
  };
}

/** An error of the MDX compiler as esbuild reports it, at its place in the file. */
function toMdxError(error: unknown, absolutePath: string): esbuild.PartialMessage {
  const place = error as { reason?: string; line?: number; column?: number };
  return {
    text: `MDX: ${place.reason ?? String(error)}`,
    location: { file: absolutePath, line: place.line ?? 1, column: (place.column ?? 1) - 1 },
  };
}

/**
 * Files a component (or its CSS) imports that are not code, CSS or JSON: an image, a font, a PDF
 * (getImportedFileKind). Each is written beside the browser code under its content hash
 * (ISLAND_ASSET_NAMES), and its import is its URL below the site's base URL, the same in the
 * server's markup and the browser's code: `import logo from './logo.png'`, and, as webpack's asset
 * modules give it to Docusaurus's components, `require('./logo.png').default`.
 */
export function islandAssets(): esbuild.Plugin {
  return {
    name: 'docgen-island-assets',
    setup(build) {
      // A module's import of such a file is an ES module whose default export is the file's URL.
      build.onResolve({ filter: /\.[^./\\]+$/ }, async (args) => {
        if (args.pluginData === ASSET || args.namespace === ASSET || getImportedFileKind(args.path) !== 'file') return undefined;
        if (args.kind !== 'import-statement' && args.kind !== 'require-call' && args.kind !== 'dynamic-import') return undefined;
        const { kind, importer, namespace, resolveDir } = args;
        const result = await build.resolve(args.path, { kind, importer, namespace, resolveDir, pluginData: ASSET });
        if (result.errors.length > 0) return { errors: result.errors };
        // Anything else is esbuild's to resolve as it does, a path that is no file among them (see isAssetFile).
        return isAssetFile(result.path) ? { path: result.path, namespace: ASSET } : undefined;
      });
      // An SVG file is also the component that draws it inline, as Docusaurus's SVGR makes one (toSvgComponent).
      build.onLoad({ filter: /.*/, namespace: ASSET }, (args) => ({
        contents: /\.svg$/i.test(args.path)
          ? [
              `import url from ${quote(args.path)};`,
              `import { toSvgComponent } from ${quote(DOCUSAURUS_COMMON_FILE)};`,
              `export default toSvgComponent(url, ${quote(readFileSync(args.path, 'utf8'))});`,
            ].join('\n')
          : `export { default } from ${quote(args.path)};`,
        loader: 'js',
        resolveDir: dirname(args.path),
      }));
      // The file itself (for that module, and for a CSS url()): esbuild's file loader.
      build.onLoad({ filter: /\.[^./\\]+$/, namespace: 'file' }, (args) =>
        isAssetFile(args.path) ? { contents: readFileSync(args.path), loader: 'file' } : undefined,
      );
    },
  };
}

/**
 * Whether a resolved path is a file a module imports as its URL: a file of such a kind that is
 * there. esbuild resolves a module that a package's `browser` field disables to a path that is
 * not, whose name may end as a file's does (object-inspect's `./util.inspect`, which the browser
 * does without): esbuild gives it as an empty module.
 */
function isAssetFile(path: string): boolean {
  return getImportedFileKind(path) === 'file' && statSync(path, { throwIfNoEntry: false })?.isFile() === true;
}

/** A failed bundle of the site's components (or of the MDX runtime, which bundles them too) as docgen reports it (see toBundleError). */
export function toDocgenError(error: unknown, siteDir: string): DocgenError {
  return toBundleError(error, {
    siteDir,
    workingDir: siteDir,
    failed: 'Bundling a site component failed',
    hint: 'Fix the error in the component.',
  });
}

const common = (input: IslandsInput, missing: MissingImports, use: StylesheetUse): esbuild.BuildOptions => ({
  ...BASE_OPTIONS,
  absWorkingDir: input.siteDir,
  plugins: [
    // Before the site's modules, which would load a stylesheet of the site as it is written.
    sassStylesheets(input.siteDir, use).plugin,
    islandAssets(),
    siteStylesheetUrls(input.siteDir),
    siteJsxRuntime(input.themeDir),
    islandModules(input.siteDir, input.themeDir, input.compilePage, missing, input.site),
  ],
  // Files components import: beside the browser code, at the same URL in both bundles.
  assetNames: ISLAND_ASSET_NAMES,
  publicPath: `${input.baseUrl}${ISLANDS_DIR}/`,
  legalComments: 'none',
  charset: 'utf8',
});

/**
 * CSS a component imports: plain CSS is bundled into the stylesheet of each browser entry that
 * imports it (the page links it); CSS modules (`.module.css`) give both bundles the same class
 * names, which the server needs for the markup it renders. Sass stylesheets are the same, once
 * compiled (see sass.ts).
 */
export const SERVER_LOADERS: Record<string, esbuild.Loader> = { '.css': 'empty', '.module.css': 'local-css' };
const BROWSER_LOADERS: Record<string, esbuild.Loader> = { '.css': 'css', '.module.css': 'local-css' };

/** Bundles the site's island components for the server and the browser (see IslandsInput). */
export async function bundleIslands(input: IslandsInput): Promise<IslandsBundle> {
  const components = [...new Set(input.components)].sort();
  const bundler = await loadEsbuild();
  try {
    const bundleForBrowser = (minifyIdentifiers: boolean, missing: MissingImports) =>
      bundler.build({
        ...common(input, missing, 'browser'),
        loader: BROWSER_LOADERS,
        entryPoints: components.map(toEntryPath),
        platform: 'browser',
        splitting: true,
        minifyWhitespace: true,
        minifySyntax: true,
        minifyIdentifiers,
        metafile: true,
        write: false,
        outdir: join(input.siteDir, ISLANDS_DIR),
        entryNames: '[name]-[hash]',
        chunkNames: 'chunk-[hash]',
      });
    // The same imports of missing names as the MDX runtime takes (which warns of them), in both bundles.
    const {
      result: [server, minified],
      missing,
    } = await withMissingImports((found) =>
      Promise.all([
        bundler.build({
          ...common(input, found, 'server'),
          loader: SERVER_LOADERS,
          stdin: { contents: serverEntry(components), resolveDir: input.siteDir, loader: 'js', sourcefile: 'docgen-islands-server.js' },
          platform: 'node',
          write: false,
          outfile: join(input.cacheDir, 'islands-server.mjs'),
          // Its map: the render stage names the file and line of the site's component that threw.
          sourcemap: 'external',
          sourcesContent: false,
          banner: {
            js: "import { createRequire as __docgenCreateRequire } from 'node:module'; const require = __docgenCreateRequire(import.meta.url);",
          },
        }),
        bundleForBrowser(true, found),
      ]),
    );
    // Minified identifiers would rename the class names of CSS modules in the browser only: the
    // server's markup would not match them.
    const usesCssModules = Object.keys(minified.metafile.inputs).some((path) => STYLESHEET_MODULE.test(path));
    const browser = usesCssModules ? await bundleForBrowser(false, missing) : minified;
    const serverCode = server.outputFiles.find((file) => file.path.endsWith('.mjs'))!.contents;
    const digest = createHash('sha256').update(serverCode);
    const files = new Map<string, Uint8Array>();
    for (const file of browser.outputFiles) {
      const path = relative(input.siteDir, file.path).split(sep).join('/');
      files.set(path, file.contents);
      digest.update(path).update(file.contents);
    }
    const entries: Record<string, string> = {};
    const stylesheets: Record<string, string> = {};
    const toOutputPath = (path: string) => relative(input.siteDir, resolve(input.siteDir, path)).split(sep).join('/');
    for (const [path, output] of Object.entries(browser.metafile.outputs)) {
      if (!output.entryPoint?.startsWith(`${ENTRY}:`)) continue;
      const component = fromEntryPath(output.entryPoint);
      entries[component] = toOutputPath(path);
      if (output.cssBundle) stylesheets[component] = toOutputPath(output.cssBundle);
    }
    const key = digest.digest('hex').slice(0, 16);
    mkdirSync(input.cacheDir, { recursive: true });
    const serverFile = join(input.cacheDir, `islands-server-${key}.mjs`);
    if (!existsSync(serverFile)) {
      // The map first: a server file there has its map beside it.
      const map = server.outputFiles.find((file) => file.path.endsWith('.mjs.map'));
      if (map) writeFileWhole(`${serverFile}.map`, map.contents);
      writeFileWhole(serverFile, serverCode);
    }
    return { serverFile, files, entries, stylesheets, key };
  } catch (error) {
    throw error instanceof DocgenError ? error : toDocgenError(error, input.siteDir);
  }
}

/** The site's own file of a theme component (`@theme/Name` is `src/theme/Name.tsx`...), when it has one. */
export function findOwnThemeFile(siteDir: string, name: string): string | undefined {
  const base = name.replace(/^@theme\//, 'src/theme/');
  return MODULE_SUFFIXES.filter((suffix) => suffix !== '')
    .map((suffix) => base + suffix)
    .find((path) => existsSync(join(siteDir, path)));
}
