import { pathToFileURL } from 'node:url';
import { Script } from 'node:vm';
import type { Diagnostic, SourceLocation, TocItem } from '@docgen/types';
import type { Element, ElementContent, Root as HastRoot, RootContent } from 'hast';
import type { Code, Root as MdastRoot } from 'mdast';
import type { VFile } from 'vfile';
import { GithubSlugger, mdastToString, VFile as File, visit } from '../vendor/markdown.js';
import { fromHtml } from '../vendor/mdx.js';
import { createCodeHandler } from './codeBlocks.js';
import { getCompileData, type CompileData, type MdxPageContext } from './compileData.js';
import type { MarkdownPipeline } from './compileMarkdown.js';
import { toMdxSource } from './mdxCompat.js';
import { rebasePartialLinks } from './partialLinks.js';
import { createMdxCompiler, type MdxProgram } from './mdxProgram.js';
import { createImporter, createModuleLoader, MdxRunError, type MdxRuntime } from './mdxImports.js';
import { findOriginalPlace } from './sourceMap.js';
import type { PageStylesheet } from './stylesheets.js';
import { walkTree } from './walk.js';

export { MdxRunError, type MdxRuntime } from './mdxImports.js';

/** Imports a runtime bundle (Node's module cache keeps one copy per thread: its name changes with its code). */
export function loadMdxRuntime(file: string): Promise<MdxRuntime> {
  return import(pathToFileURL(file).href) as Promise<MdxRuntime>;
}

/** How long one page may take to run and render before it is stopped (an endless loop in an expression). */
export const MDX_TIME_LIMIT_MS = 10_000;

const RUN_SLOT = Symbol.for('docgen.mdx.run');
const timedScript = new Script(`globalThis[Symbol.for('docgen.mdx.run')]()`, { filename: 'docgen-mdx-run' });

/** Runs `work` synchronously, stopped after MDX_TIME_LIMIT_MS (vm's watchdog stops whatever runs, the page's code included). */
function runTimed<T>(work: () => T, limit: number): T {
  const slot = globalThis as unknown as Record<symbol, unknown>;
  const previous = slot[RUN_SLOT];
  slot[RUN_SLOT] = work;
  try {
    return timedScript.runInThisContext({ timeout: limit }) as T;
  } finally {
    slot[RUN_SLOT] = previous;
  }
}

/** A compiled page or partial, as the program a thread runs. */
interface LoadedProgram {
  run: (
    importer: (specifier: string, at: string) => unknown,
    page: Record<string, unknown>,
    require: (specifier: string) => unknown,
    island: (name: string, component: unknown) => unknown,
  ) => Record<string, unknown>;
  program: MdxProgram;
  sourcePath: string;
  lineOffset: number;
}

const FILENAME_PREFIX = 'docgen-mdx:';

function loadProgram(program: MdxProgram, sourcePath: string, lineOffset: number): LoadedProgram {
  const script = new Script(`(function (_docgenImport, _docgenPage, require, _docgenIsland) {\n${program.code}\n})`, {
    filename: `${FILENAME_PREFIX}${sourcePath}`,
  });
  return { run: script.runInThisContext() as LoadedProgram['run'], program, sourcePath, lineOffset };
}

/**
 * Where an error thrown by a page's code was written: the first frame of its stack in a compiled
 * program of this render (the page or one of its partials), mapped back through its source map.
 */
function findErrorPlace(error: unknown, programs: Map<string, LoadedProgram>): { file: string; line: number; column: number } | undefined {
  const stack = (error as Error)?.stack ?? '';
  for (const match of stack.matchAll(new RegExp(`${FILENAME_PREFIX}([^:\\n]+):(\\d+):(\\d+)`, 'g'))) {
    const loaded = programs.get(match[1]!);
    if (!loaded) continue;
    // The wrapper's first line comes before the program's.
    const place = findOriginalPlace(loaded.program.map.mappings, Number(match[2]) - 1, Number(match[3]));
    if (place) return { file: loaded.sourcePath, line: place.line + loaded.lineOffset, column: place.column };
  }
  return undefined;
}

/** The headings of a markdown tree as Docusaurus's `toc` export gives them, before the page renders (ids as rehypeDocgen makes them). */
function readToc(tree: MdastRoot): TocItem[] {
  const slugger = new GithubSlugger();
  const toc: TocItem[] = [];
  visit(tree, 'heading', (heading) => {
    const value = mdastToString(heading).trim();
    const written = (heading.data?.hProperties as { id?: unknown } | undefined)?.id;
    const id = typeof written === 'string' ? written : slugger.slug(value.normalize('NFC'));
    if (heading.depth >= 2) toc.push({ value, id, level: heading.depth });
  });
  return toc;
}

/** What parse5 lowercases in the attributes of docgen's content elements, by element: the property each is. */
const CONTENT_PROPERTIES: Record<string, Record<string, string>> = {
  tabs: { groupid: 'groupId', defaultvalue: 'defaultValue', querystring: 'queryString' },
};

export interface MdxRunner {
  /** The rendered content of an MDX page from its markdown tree (docgen's remark plugins ran on it), as hast before rehypeDocgen. */
  run(tree: MdastRoot, file: VFile): HastRoot;
  /**
   * Adds to each error of a page that threw while rendering the components that were rendering
   * then (`in <Chart> in <Tabs>`), found by rendering the page again: asynchronous, so done after
   * the pages of a task are compiled, before their diagnostics leave the thread.
   */
  addComponentStacks(): Promise<void>;
}

/**
 * Runs MDX pages: each page's program (mdxProgram.ts) with its imports from the site's MDX runtime
 * and its partials compiled alike, rendered by React to HTML, read back as hast, in which docgen's
 * content elements (tabs, admonitions, islands, code blocks) are what the theme renders.
 */
export function createMdxRunner(
  pipeline: MarkdownPipeline,
  runtime: MdxRuntime,
  context: MdxPageContext,
  timeLimitMs = MDX_TIME_LIMIT_MS,
): MdxRunner {
  const options = pipeline.mdxOptions;
  const compile = createMdxCompiler({ handlers: options.handlers, rehypePlugins: options.rehypePlugins });
  const codeHandler = createCodeHandler({ mermaid: options.mermaid });
  const islandModules = new Map<string, Record<string, unknown>>();
  const loadModule = createModuleLoader(runtime);
  /** The stylesheets pages imported, as read (readPageStylesheet), by site path with the text they were read from. */
  const read = new Map<string, { text: string; stylesheet: PageStylesheet }>();
  /** Pages that threw while rendering: how to render each again to find its component stack, and its error to add it to. */
  let failed: {
    diagnostic: ReturnType<typeof toRunDiagnostic>;
    placeKnown: boolean;
    lineOffset: number;
    render: () => Promise<{ stack: string[]; at?: string }>;
  }[] = [];
  let scope: Record<string, unknown> | undefined;
  /** The site's component scope (`src/theme/MDXComponents`), loaded with the first page. */
  const getScope = () => {
    if (!scope) {
      const found = runtime.componentScope;
      const module = found ? loadModule(found.path, found.load) : undefined;
      scope = found && module ? runtime.toComponentScope(found.path, (module.default ?? {}) as Record<string, unknown>) : {};
    }
    return scope;
  };

  return {
    async addComponentStacks() {
      const pending = failed;
      failed = [];
      for (const { diagnostic, placeKnown, lineOffset, render } of pending) {
        const { stack, at } = await render().catch(() => ({ stack: [] as string[], at: undefined }));
        const shown = stack.map((name) => `<${name}>`).reverse();
        if (shown.length > 0) diagnostic.message += ` (in ${shown.join(' in ')})`;
        // Thrown below a component the page shows: at that component's element.
        if (!placeKnown && at) {
          const [line, column] = at.split(':').map(Number);
          diagnostic.location = { ...diagnostic.location, line: line! + lineOffset, column: column! };
        }
      }
    },

    run(tree, file) {
      const data = getCompileData(file.data);
      const input = data.mdx!;
      // A doc renders with its docs version known (useActiveVersion and the other hooks of the docs plugin).
      const pageContext = input.docsVersion ? { ...context, docsVersion: input.docsVersion } : context;
      const programs = new Map<string, LoadedProgram>();
      /** The stylesheets the page and its partials import, by site path, in the order first imported. */
      const stylesheets = new Map<string, PageStylesheet>();
      const toc = readToc(tree);

      const importerFor = (importer: string, lineOffset: number, chain: string[]) =>
        createImporter(
          { data, runtime, loadModule, readStylesheets: read, stylesheets, islandModules, loadPartial },
          importer,
          lineOffset,
          chain,
        );

      const pageData = (frontMatter: Record<string, unknown>, contentTitle: string | undefined) => ({
        frontMatter,
        toc,
        contentTitle,
        assets: {},
        metadata: {
          title: typeof frontMatter.title === 'string' ? frontMatter.title : contentTitle,
          description: frontMatter.description,
          frontMatter,
          source: `@site/${data.sourcePath}`,
        },
      });

      const evaluate = (loaded: LoadedProgram, chain: string[], page: Record<string, unknown>) => {
        const importer = importerFor(loaded.sourcePath, loaded.lineOffset, chain);
        const require = (specifier: string) => importer(specifier, '');
        // A component of the page that runs in the browser (pageIslands.ts), as an island of this file's browser module.
        const island = (name: string, component: unknown) =>
          runtime.toIsland(`${loaded.sourcePath}#${name}`, component as Parameters<MdxRuntime['toIsland']>[1]);
        return loaded.run(importer, page, require, island);
      };

      /** A partial as the component it is: run as a program of its own, `.md` as MDX too (as Docusaurus reads every file an MDX page imports). */
      const loadPartial = (sitePath: string, chain: string[], at: string, importer: string, lineOffset: number): unknown => {
        const partial = Object.hasOwn(input.partials, sitePath) ? input.partials[sitePath] : undefined;
        const [line, column] = at.split(':').map(Number);
        const place = at ? { line: line! + lineOffset, column: column! } : undefined;
        if (!partial)
          throw new MdxRunError(`The partial ${sitePath} does not exist`, 'Check the path: it is relative to this file.', place, importer);
        if (chain.includes(sitePath)) {
          throw new MdxRunError(
            `${sitePath} imports itself (${[...chain, sitePath].join(' -> ')})`,
            'Remove the import that closes the cycle.',
            place,
            importer,
          );
        }
        const partialData: CompileData = {
          ...data,
          diagnostics: [],
          links: [],
          headings: [],
          anchorIds: [],
          urls: data.urls,
          lineOffset: partial.bodyLine - 1,
          sourcePath: sitePath,
          source: partial.body,
          contentTitle: undefined,
          contentTitleId: undefined,
        };
        const body = toMdxSource(partial.body, input.compat);
        partialData.source = body;
        const partialFile = new File({ value: body, path: sitePath, data: { docgen: partialData } });
        const report = () => {
          for (const diagnostic of partialData.diagnostics) {
            const known = data.diagnostics.some(
              (other) => other.message === diagnostic.message && JSON.stringify(other.location) === JSON.stringify(diagnostic.location),
            );
            if (!known) data.diagnostics.push(diagnostic);
          }
        };
        const parsed = pipeline.parse(partialFile);
        rebasePartialLinks(parsed, sitePath);
        const partialTree = pipeline.runRemark(parsed, partialFile);
        const loaded = loadProgram(compile(partialTree, partialFile), sitePath, partialData.lineOffset);
        report();
        // Its links are the page's, checked at the page's import of it: a partial's lines are not the page's.
        if (place && chain.length === 1) for (const link of partialData.links) data.links.push({ ...link, ...place });
        programs.set(sitePath, loaded);
        const exports = evaluate(loaded, [...chain, sitePath], pageData(input.frontMatter, undefined));
        const Content = exports.default;
        return (props: Record<string, unknown>) =>
          runtime.jsxRuntime.jsx(Content, { ...props, components: { ...scope, ...(props.components as object) } });
      };

      let html: string;
      let Content: unknown;
      try {
        const program = compile(tree, file);
        const loaded = loadProgram(program, data.sourcePath, data.lineOffset);
        programs.set(data.sourcePath, loaded);
        const rendered = runTimed(() => {
          const exports = evaluate(loaded, [data.sourcePath], pageData(input.frontMatter, data.contentTitle));
          Content = exports.default;
          return runtime.renderPage(Content, { components: getScope() }, pageContext);
        }, timeLimitMs);
        html = rendered.html;
        for (const warning of rendered.warnings) {
          const [line, column] = (warning.at ?? '').split(':').map(Number);
          data.diagnostics.push({
            severity: 'warning',
            code: 'mdx-island',
            message: warning.message,
            hint: warning.hint,
            location: { file: data.sourcePath, line: (line || 1) + data.lineOffset, column: column || 1 },
          });
        }
      } catch (error) {
        const diagnostic = toRunDiagnostic(error, data, programs, timeLimitMs);
        data.diagnostics.push(diagnostic);
        // A page that ran and threw while React rendered it (not one that timed out or failed to import).
        if (Content !== undefined && diagnostic.code === 'mdx-run' && !(error instanceof MdxRunError)) {
          // The scope as loaded (it may be what failed to load).
          const components = { components: scope ?? {} };
          const placeKnown =
            findErrorPlace(error, programs) !== undefined || typeof (error as { docgenAt?: unknown })?.docgenAt === 'string';
          failed.push({
            diagnostic,
            placeKnown,
            lineOffset: data.lineOffset,
            render: () => runtime.findComponentStack(Content, components, pageContext, timeLimitMs),
          });
        }
        return { type: 'root', children: [] };
      }
      const hast = fromHtml(html, { fragment: true });
      restoreContent(hast, data, codeHandler);
      const styles = [...stylesheets.values()].map((stylesheet): Element => ({
        type: 'element',
        tagName: 'style',
        properties: {},
        children: [{ type: 'text', value: stylesheet.css }],
      }));
      hast.children.unshift(...styles);
      return hast;
    },
  };
}

/** An error of running or rendering a page, as the build reports it: where it was written, else the page. */
function toRunDiagnostic(
  error: unknown,
  data: CompileData,
  programs: Map<string, LoadedProgram>,
  timeLimitMs: number,
): Diagnostic & { location: SourceLocation } {
  const location = (file: string, line: number, column: number) => ({ file, line, column });
  if (error instanceof MdxRunError) {
    return {
      severity: 'error' as const,
      code: 'mdx-run',
      message: error.message,
      hint: error.hint,
      location: location(error.file ?? data.sourcePath, error.place?.line ?? data.lineOffset + 1, error.place?.column ?? 1),
    };
  }
  const timedOut = (error as { code?: unknown })?.code === 'ERR_SCRIPT_EXECUTION_TIMEOUT';
  if (timedOut) {
    return {
      severity: 'error' as const,
      code: 'mdx-time-limit',
      message: `The page did not finish rendering within ${timeLimitMs / 1000} s: an expression or a component never returns`,
      hint: 'Look for a loop that never ends in the expressions of this page, its exports or the components it shows.',
      location: location(data.sourcePath, data.lineOffset + 1, 1),
    };
  }
  const place = findErrorPlace(error, programs);
  const at = (error as { docgenAt?: unknown })?.docgenAt;
  const [atLine, atColumn] = typeof at === 'string' ? at.split(':').map(Number) : [];
  const message = (error as Error)?.message ?? String(error);
  return {
    severity: 'error' as const,
    code: 'mdx-run',
    message: `The page threw while rendering: ${message}`,
    hint: place
      ? 'Fix the expression at this place, or what it calls.'
      : 'Fix the component at this place (or the one it renders): it threw while the page was rendered at build time.',
    location: place ?? location(data.sourcePath, (atLine ?? 1) + data.lineOffset, atColumn ?? 1),
  };
}

/**
 * The rendered HTML read back as docgen's content: code blocks made as fenced ones are
 * (`docgen-code`), content element properties in their case, the places of links and images
 * recorded for check-links.
 */
function restoreContent(hast: HastRoot, data: CompileData, codeHandler: ReturnType<typeof createCodeHandler>): void {
  // React 19 puts a preload link for each image before the markup it renders (for a document's head): not content.
  hast.children = hast.children.filter(
    (node) => !(node.type === 'element' && node.tagName === 'link' && String(node.properties.rel) === 'preload'),
  );
  walkTree<HastRoot | RootContent, HastRoot | Element>(hast, hast, (node, parent) => {
    delete node.position;
    if (node.type !== 'element') return undefined;
    const properties = node.properties;
    const renamed = CONTENT_PROPERTIES[node.tagName];
    if (renamed) {
      for (const [written, name] of Object.entries(renamed)) {
        if (written in properties) {
          properties[name] = properties[written];
          delete properties[written];
        }
      }
    }
    // The place compile gives a component (AT_PROP), when a component spreads its props onto an element.
    delete properties.__docgenat;
    if (typeof properties.dataDocgenAt === 'string') {
      const [line, column] = properties.dataDocgenAt.split(':').map(Number);
      delete properties.dataDocgenAt;
      const url = node.tagName === 'a' ? properties.href : node.tagName === 'img' ? properties.src : undefined;
      if (typeof url === 'string' && url !== '') {
        const place = { line: line! + data.lineOffset, column: column! };
        const kind = node.tagName === 'img' ? ('image' as const) : ('link' as const);
        if (!data.links.some((link) => link.url === url && link.line === place.line && link.column === place.column))
          data.links.push({ url, kind, ...place });
      }
    }
    if (node.tagName === 'island') (data.components ??= new Set()).add(String(properties.component));
    const siblings = parent.children as ElementContent[];
    if (node.tagName === 'docgen-code') {
      const code: Code = {
        type: 'code',
        lang: typeof properties.language === 'string' ? properties.language : null,
        meta: typeof properties.meta === 'string' ? properties.meta : null,
        value: node.children.map((child) => (child.type === 'text' ? child.value : '')).join(''),
      };
      siblings[siblings.indexOf(node)] = codeHandler!(undefined as never, code, undefined) as Element;
      return undefined;
    }
    return node;
  });
}
