/**
 * How an MDX page's imports resolve, as webpack resolves them for a Docusaurus site (mdxRun.ts runs
 * the pages): the runtime's modules, the site's files, partials, stylesheets and webpack loaders.
 */
import { encodePath } from '@docgen/shared';
import { getImportedFileKind, getRootImportCandidates, parseLoaderImport, resolveSitePath, SITE_ALIAS } from '../files/index.js';
import { parseYamlFile } from '../yaml/index.js';
import type { CompileData, MdxPageContext } from './compileData.js';
import { readPageStylesheet, StylesheetError, type PageStylesheet } from './stylesheets.js';

/** What the site's MDX runtime bundle exports (bundle/mdxRuntime.ts, src/mdxRuntime/runtime.tsx). */
export interface MdxRuntime {
  renderPage(
    Content: unknown,
    props: Record<string, unknown>,
    context: MdxPageContext,
  ): { html: string; warnings: { message: string; hint: string; at?: string }[] };
  findComponentStack(
    Content: unknown,
    props: Record<string, unknown>,
    context: MdxPageContext,
    timeLimitMs: number,
  ): Promise<{ stack: string[]; at?: string }>;
  docusaurusModules: Record<string, Record<string, unknown>>;
  toIsland(id: string, component: (props: Record<string, unknown>) => unknown): unknown;
  toSvgComponent(url: string, markup: string): unknown;
  toIslandModule(id: string, module: Record<string, unknown>): Record<string, unknown>;
  toComponentScope(id: string, components: Record<string, unknown>): Record<string, unknown>;
  jsxRuntime: { jsx(type: unknown, props: Record<string, unknown>): unknown };
  /** Each module the site's MDX pages import, loaded (and run) by the first page that imports it. */
  modules: Record<string, () => Record<string, unknown>>;
  componentScope?: { path: string; load: () => Record<string, unknown> };
}

/** A page that could not be run or rendered, at its place in the page (1-based, in the body) when known. */
export class MdxRunError extends Error {
  constructor(
    message: string,
    readonly hint: string,
    readonly place?: { line: number; column: number },
    readonly file?: string,
  ) {
    super(message);
  }
}

/** A module of the site that threw as it was loaded (its top-level code), for the pages that import it. */
export class ModuleLoadError extends Error {
  constructor(
    readonly module: string,
    readonly error: unknown,
    /** What to do, when more is known than that the module's top-level code threw (a module that could not be bundled). */
    readonly hint?: string,
  ) {
    super(
      hint === undefined
        ? `The module ${module} threw as it was loaded: ${(error as Error)?.message ?? String(error)}`
        : `The module ${module} cannot be loaded: ${(error as Error)?.message ?? String(error)}`,
    );
  }
}

/** Where the runtime's stand-in for a package the site lacks records each name read of it while modules load (bundle/mdxRuntime.ts). */
const MISSING_READS = Symbol.for('docgen.mdx.missingReads');

/** A module of the site's MDX runtime by its key, loaded (`load`, the runtime's own when absent); undefined when the runtime has none. */
export type ModuleLoader = (key: string, load?: () => Record<string, unknown>) => Record<string, unknown> | undefined;

/** A module of the runtime, loaded once per thread; what it threw as it loaded is thrown again to each page that imports it. */
export function createModuleLoader(runtime: MdxRuntime): ModuleLoader {
  const loaded = new Map<string, { module?: Record<string, unknown>; error?: unknown }>();
  return (
    key: string,
    load = Object.hasOwn(runtime.modules, key) ? runtime.modules[key] : undefined,
  ): Record<string, unknown> | undefined => {
    if (!load) return undefined;
    let result = loaded.get(key);
    if (!result) {
      const reads: { name: string; key: string }[] = ((globalThis as Record<symbol, unknown>)[MISSING_READS] = []) as never;
      try {
        // A CommonJS module (JSON too) is its default export, and its properties the named ones, as ES modules import it.
        const module = load();
        // A module that could not be bundled: the bundle's error, and what to do about it.
        if (typeof module?.__docgenBroken === 'string') {
          throw new ModuleLoadError(key, new Error(module.__docgenBroken), (module.__docgenHint as string | undefined) || undefined);
        }
        result = { module: module?.__esModule ? module : { ...module, default: module } };
      } catch (error) {
        // What it read of a package the site lacks (undefined) is the likely cause: said with the error.
        const read = reads[reads.length - 1];
        result = {
          error: read
            ? new Error(
                `${(error as Error)?.message ?? String(error)}, after reading ${read.key} of ${read.name}, which is not installed: npm install ${read.name}`,
              )
            : error,
        };
      }
      loaded.set(key, result);
    }
    if (result.error !== undefined) throw result.error instanceof ModuleLoadError ? result.error : new ModuleLoadError(key, result.error);
    return result.module;
  };
}

/** What a page's imports resolve against besides the page: the thread's runtime and caches, and the page's own run. */
export interface ImportContext {
  data: CompileData;
  runtime: MdxRuntime;
  loadModule: ModuleLoader;
  /** The stylesheets this thread read (readPageStylesheet), by site path with the text they were read from. */
  readStylesheets: Map<string, { text: string; stylesheet: PageStylesheet }>;
  /** The stylesheets the page and its partials import, by site path, in the order first imported (filled here). */
  stylesheets: Map<string, PageStylesheet>;
  /** The site's modules as islands (their components rendered as islands), by module path, made once per thread. */
  islandModules: Map<string, Record<string, unknown>>;
  /** A partial as the component it is (mdxRun.ts runs it as a program of its own). */
  loadPartial: (sitePath: string, chain: string[], at: string, importer: string, lineOffset: number) => unknown;
}

/**
 * The `_docgenImport` of a program (the page's or a partial's, `importer`, whose lines are
 * `lineOffset` below its file's): resolves an import as webpack would for a Docusaurus site, at its
 * place (`at`, `line:col` in the program's source). `react/jsx-runtime` and Docusaurus's modules
 * come from the runtime; `!!raw-loader!` and `!!yaml-loader!` read `MdxInput.texts`; a partial is a
 * component (`chain`: the files importing it, to refuse a cycle); an image or other file is its
 * `@site/` URL (an SVG also a component); a stylesheet is shown with the page (a CSS module's
 * class names are its exports); a site module or package is loaded from the runtime, its
 * components as islands. What cannot be resolved is an MdxRunError at the import.
 */
export function createImporter(context: ImportContext, importer: string, lineOffset: number, chain: string[]) {
  const { data, runtime, loadModule, islandModules, loadPartial } = context;
  const input = data.mdx!;
  const read = context.readStylesheets;
  const stylesheets = context.stylesheets;
  const fail = (message: string, hint: string, at: string): never => {
    const [line, column] = at.split(':').map(Number);
    throw new MdxRunError(message, hint, at ? { line: line! + lineOffset, column: column! } : undefined, importer);
  };
  const useFile = (sitePath: string, at: string) => {
    const url = SITE_ALIAS + encodePath(sitePath);
    data.urls.set(`image\0${url}`, { value: url, kind: 'image' });
    // A link of the page at the import (check-links checks it there); a partial's lines are not the page's.
    if (chain.length === 1 && at) {
      const [line, column] = at.split(':').map(Number);
      const place = { line: line! + lineOffset, column: column! };
      if (!data.links.some((link) => link.url === url && link.line === place.line && link.column === place.column))
        data.links.push({ url, kind: 'image', ...place });
    }
    // An SVG is also a component that draws it, as Docusaurus's SVGR makes one: `<Logo />` and `<img src={logo} />`.
    const svg = sitePath.endsWith('.svg') && Object.hasOwn(input.texts, sitePath) ? input.texts[sitePath] : undefined;
    return { default: svg === undefined ? url : runtime.toSvgComponent(url, svg) };
  };
  /** Docusaurus's webpack loaders that pages use: `raw-loader` (the file's text) and `yaml-loader` (its data). */
  const importThroughLoader = (name: string, sitePath: string | undefined, specifier: string, at: string) => {
    const text = sitePath !== undefined && Object.hasOwn(input.texts, sitePath) ? input.texts[sitePath]! : undefined;
    if (text === undefined) return fail(`The file of ${specifier} does not exist`, 'Check the path: it is relative to this file.', at);
    if (name === 'raw') return { default: text };
    if (name === 'yaml') return { default: parseYamlFile(text, sitePath!).value };
    return fail(
      `The webpack loader ${name}-loader is not one docgen runs`,
      'docgen reads !!raw-loader! and ?raw (the text of a file) and !!yaml-loader! (YAML data): import the data as JSON, or read it in a component.',
      at,
    );
  };
  /** A stylesheet: shown with the page (a `<style>` before its content), a CSS module's class names its default export. */
  const importStylesheet = (sitePath: string, specifier: string, at: string) => {
    // Compiled with the site's Sass compiler where the bundles of its components are made, not here.
    if (/\.s[ac]ss$/i.test(sitePath))
      return fail(
        `The stylesheet ${specifier} is Sass, which an MDX page cannot import`,
        "Import it from the component that uses it (a .tsx or .jsx file of src/components): components compile Sass with the site's sass package.",
        at,
      );
    const text = Object.hasOwn(input.texts, sitePath) ? input.texts[sitePath] : undefined;
    if (text === undefined)
      return fail(`The stylesheet ${specifier} does not exist (${sitePath})`, 'Check the path: it is relative to this file.', at);
    // Read once per thread while its text stays the same, however many pages import it.
    const known = read.get(sitePath);
    let stylesheet = known?.text === text ? known.stylesheet : undefined;
    if (!stylesheet) {
      try {
        stylesheet = readPageStylesheet(sitePath, text);
        read.set(sitePath, { text, stylesheet });
      } catch (error) {
        if (!(error instanceof StylesheetError)) throw error;
        throw new MdxRunError(`The stylesheet ${sitePath} cannot be read: ${error.message}`, 'Fix the CSS at this place.', error, sitePath);
      }
    }
    stylesheets.set(sitePath, stylesheet);
    return { default: stylesheet.classes, ...stylesheet.classes };
  };
  const resolveImport = (specifier: string, at: string): unknown => {
    if (specifier === 'react/jsx-runtime') return runtime.jsxRuntime;
    const loader = parseLoaderImport(specifier);
    if (loader) return importThroughLoader(loader.loader, resolveSitePath(importer, loader.path), specifier, at);
    const candidates = getRootImportCandidates(specifier);
    const rooted = candidates.find((path) => input.files.includes(path));
    if (rooted !== undefined) return useFile(rooted, at);
    // `/data/team.json`, a module of the site or of its static folder, as webpack resolves it.
    const sitePath = resolveSitePath(importer, specifier) ?? candidates.find((path) => Object.hasOwn(input.modules, path));
    if (sitePath === undefined) {
      if (/^(\.{1,2}\/|@site\/)/.test(specifier))
        return fail(
          `${specifier} names a path outside the site folder`,
          'Move the file into the site, or import it with @site/ from the site root.',
          at,
        );
      // A package's stylesheet, shown with the page as the site's own are (read with the page's content).
      if (getImportedFileKind(specifier) === 'stylesheet' && Object.hasOwn(input.modules, specifier))
        return importStylesheet(input.modules[specifier]!, specifier, at);
      const own = Object.hasOwn(runtime.docusaurusModules, specifier) ? runtime.docusaurusModules[specifier] : undefined;
      const module = own ?? loadModule(specifier);
      if (!module || '__docgenMissing' in module) {
        return /^@(theme|docusaurus)\//.test(specifier)
          ? fail(
              `${specifier} is not a module docgen provides`,
              `docgen gives MDX pages ${Object.keys(runtime.docusaurusModules).join(', ')}; write the component in src/components, or override it in src/theme.`,
              at,
            )
          : fail(`The package ${specifier} is not installed`, `Install it in the site: npm install ${specifier}`, at);
      }
      return module;
    }
    const kind = getImportedFileKind(sitePath);
    switch (kind) {
      case 'partial':
        return { default: loadPartial(sitePath, chain, at, importer, lineOffset) };
      case 'file':
        if (!input.files.includes(sitePath))
          fail(
            `The file ${specifier} does not exist (${sitePath})`,
            'Check the path: it is relative to this file, or to the site with @site/.',
            at,
          );
        return useFile(sitePath, at);
      case 'stylesheet':
        return importStylesheet(sitePath, specifier, at);
      default: {
        const modulePath = input.modules[sitePath];
        const module = modulePath === undefined ? undefined : loadModule(modulePath);
        if (!module) {
          return fail(
            `The module ${specifier} does not exist (${sitePath})`,
            'Check the path: it is relative to this file, or to the site with @site/. Components are .tsx, .ts, .jsx or .js files.',
            at,
          );
        }
        if (kind === 'data') return module;
        let islands = islandModules.get(modulePath!);
        if (!islands) islandModules.set(modulePath!, (islands = runtime.toIslandModule(modulePath!, module)));
        return islands;
      }
    }
  };
  return (specifier: string, at: string): unknown => {
    try {
      return resolveImport(specifier, at);
    } catch (error) {
      if (!(error instanceof ModuleLoadError)) throw error;
      return fail(error.message, error.hint ?? 'Fix the module: its top-level code runs when a page first imports it.', at);
    }
  };
}
