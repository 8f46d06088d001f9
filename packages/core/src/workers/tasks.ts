import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setImmediate } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import type { Root as HastRoot } from 'hast';
import type {
  CompiledMarkdown,
  MarkdownConfig,
  ContentSlot,
  ManifestRoute,
  PropSidebar,
  RenderedSummary,
  RouteData,
  SearchPage,
  SiteData,
  StoredContent,
} from '@docgen/types';
import { getHtmlFilePath } from '@docgen/shared';
import { getPageDataFilePath, toPageData } from '@docgen/shared/pageData';
// Types only from compile's index: a thread that only writes search indexes loads no markdown library.
import type { CompileTask, compileToStore, MarkdownPipeline, MdxInput, MdxRunner } from '../compile/index.js';
import { getStoredPart, openStore, type StoreReader } from '../compile/mainThread.js';
import { preReadMarkdown, type PreReadMarkdown } from '../content/preRead.js';
import { createOutputDir, type OutputWriter } from '../output/index.js';
import {
  createRouteRenderer,
  findSidebarNames,
  loadThemeServer,
  type RouteRenderer,
  type ShellAssets,
  type ThemeServerModule,
} from '../render/index.js';
import {
  getHtmlText,
  getSearchStatePath,
  readSearchCodeKey,
  readSearchState,
  readsOnly,
  writeScopeIndex,
  writeSearchState,
  type IslandText,
  type SearchTable,
} from '../search/index.js';
import type { IslandServerModule } from '../bundle/index.js';
import type { IslandRenderer } from '../render/index.js';

/** The server bundle of the site's components, imported once per thread. */
function importIslandServer(serverFile: string, loaded: Map<string, Promise<IslandServerModule>>): Promise<IslandServerModule> {
  let server = loaded.get(serverFile);
  if (!server) loaded.set(serverFile, (server = import(pathToFileURL(serverFile).href) as Promise<IslandServerModule>));
  return server;
}

/** The island renderer of a locale setup. */
async function loadIslands(
  islands: NonNullable<LocaleSetup['islands']>,
  loaded: Map<string, Promise<IslandServerModule>>,
): Promise<IslandRenderer> {
  const module = await importIslandServer(islands.serverFile, loaded);
  return {
    renderIsland: (component, props, childrenHtml, path) => module.renderIsland(component, props, childrenHtml, path),
    takePageHead: () => module.takePageHead(),
    getSrc: (component) => islands.srcs[component]!,
    getStylesheet: (component) => islands.stylesheets[component],
    bundlePath: islands.serverFile,
  };
}

/**
 * The text a site component shows for the search index: rendered without children (those are
 * content, indexed as such); nothing when it cannot render so (render reports its errors).
 */
async function loadIslandText(serverFile: string, loaded: Map<string, Promise<IslandServerModule>>): Promise<IslandText> {
  const module = await importIslandServer(serverFile, loaded);
  return ({ component, props }) => {
    try {
      return getHtmlText(module.renderIsland(component, JSON.parse(props) as Record<string, unknown>, undefined));
    } catch {
      return '';
    }
  };
}

/**
 * How many times prepareCompile runs the pipeline on each of its samples. V8 compiles a function
 * once it has run a while: a thread of a dev server that starts from its kept output compiles no
 * page before the first save, whose page then runs the pipeline's code cold (a 12 KB page took
 * 90-140 ms there, against 10 ms once the code is warm).
 */
const SAMPLE_ROUNDS = 6;

/** What every thread of a build shares: where compiled content lives and where the output goes. */
export interface TaskSetup {
  /** The compile store (see compile/store.ts). */
  storeDir: string;
  /** The folder the build writes. */
  outDir: string;
  /** Whether that folder is served while it is written (see OutputWriter.servedWhileWritten). */
  servedWhileWritten: boolean;
  /** `code.additionalLanguages` of the config. */
  languages: string[];
  /** `markdown` of the config: math, diagrams and the site's plugins (see compile/extensions.ts). */
  markdown: MarkdownConfig;
  /**
   * Whether the threads are started to compile: they load the markdown pipeline (a few hundred
   * milliseconds) as they start, while the main thread reads the sources. Other threads (those
   * that only write search indexes) load it if a compile task ever comes.
   */
  compiles: boolean;
}

/** A search index whose table is read ahead of its task (see TaskPool.searchAhead): its manifest path, and the bundle whose components' text it holds. */
export interface SearchAhead {
  file: string;
  islandsFile?: string;
}

/** A locale's data every page of it is rendered with: sent to each thread once. */
export interface LocaleSetup {
  locale: string;
  site: SiteData;
  sidebarFiles: Record<string, PropSidebar>;
  assets: ShellAssets;
  /** The theme's server bundle, and a key that changes with its contents. */
  themeFile: string;
  themeKey: string;
  /** When pages show site components: their server bundle, and the URLs of each one's browser code and stylesheet (if it has CSS). */
  islands?: { serverFile: string; srcs: Record<string, string>; stylesheets: Record<string, string> };
}

/** A route to render, with the locale whose setup (`setLocale`) it is rendered with. */
export interface RenderTask {
  locale: string;
  route: ManifestRoute;
}

/** What rendering one route gave, for the seo stage and the next incremental build. */
export interface RenderResult extends RenderedSummary {
  path: string;
  /** Output files of the route, relative to the output folder. */
  files: string[];
  /** Where its HTML and page data (the first two of `files`) name its sidebar's file (see findSidebarNames). */
  sidebarAt?: number[][];
}

/** The modules a thread compiles markdown with (the markdown pipeline's libraries among them), loaded once per thread. */
export function loadCompileModules() {
  return Promise.all([
    import('../compile/compileToStore.js'),
    import('../compile/highlight.js'),
    import('../compile/extensions.js'),
    import('../compile/compileMarkdown.js'),
  ]);
}

/**
 * The work of a build that can run on any thread: compiling markdown into the store, rendering
 * routes into the output and serialising search indexes. Pure functions of their messages (and
 * the store), so running them on one thread or many gives the same files.
 */
export function createTaskRunner(setup: TaskSetup) {
  let output: OutputWriter | undefined;
  const getOutput = () => (output ??= createOutputDir(setup.outDir, { servedWhileWritten: setup.servedWhileWritten }));
  // Each locale's setup, with the renderer its pages share (made by the first render after setLocale).
  const locales = new Map<string, LocaleSetup & { theme: Promise<ThemeServerModule>; renderer?: RouteRenderer }>();
  const themes = new Map<string, Promise<ThemeServerModule>>();
  const islandServers = new Map<string, Promise<IslandServerModule>>();
  let compiler:
    Promise<{ pipeline: MarkdownPipeline; compile: typeof compileToStore; warmUp: (samples: CompileTask[]) => Promise<void> }> | undefined;
  const loadCompiler = () =>
    (compiler ??= loadCompileModules().then(
      async ([{ compileToStore: compile, compileUnkept }, { registerLanguages }, { loadDocgenPipeline }, { warmUpPipeline }]) => {
        const [pipeline] = await Promise.all([loadDocgenPipeline(setup.markdown), registerLanguages(setup.languages)]);
        const warmUp = async (samples: CompileTask[]) => {
          warmUpPipeline(pipeline);
          for (let round = 0; round < SAMPLE_ROUNDS; round++) {
            for (const sample of samples) {
              // A task sent meanwhile (a save's page) runs between two samples, not after them all.
              await setImmediate();
              compileUnkept(sample, pipeline);
            }
          }
        };
        return { pipeline, compile, warmUp };
      },
    ));
  // Settles once the pipeline has run on the sample (see prepareCompile), on this thread once.
  let warmedUp: Promise<void> | undefined;
  // MDX pages' runners, by runtime bundle and context (a locale's): loaded by the first MDX task of each.
  const mdxRunners = new Map<string, Promise<MdxRunner>>();
  const runnerKey = (mdx: MdxInput) => `${mdx.runtime}\0${JSON.stringify(mdx.context)}`;
  const loadMdxRunner = (pipeline: MarkdownPipeline, mdx: MdxInput) => {
    const key = runnerKey(mdx);
    let runner = mdxRunners.get(key);
    if (!runner) {
      runner = import('../compile/mdxRun.js').then(async ({ createMdxRunner, loadMdxRuntime }) =>
        createMdxRunner(pipeline, await loadMdxRuntime(mdx.runtime), mdx.context),
      );
      mdxRunners.set(key, runner);
    }
    return runner.then((loaded) => [key, loaded] as const);
  };
  if (setup.compiles) void loadCompiler().catch(() => {}); // A failure is reported by the first compile task.
  const themeOf = (themeFile: string, themeKey: string) => {
    let theme = themes.get(themeKey);
    if (!theme) themes.set(themeKey, (theme = loadThemeServer(themeFile, themeKey)));
    return theme;
  };
  // A fallback page shows the default locale's content: the last few trees are kept for it.
  const recent = new Map<string, HastRoot>();
  // Where an index's table is kept, the salt of the code and components it was made with, and both as the key of a table read ahead.
  const stateOf = ({ file, islandsFile }: SearchAhead) => {
    const stateFile = getSearchStatePath(setup.storeDir, file);
    const salt = `${file}\0${islandsFile ?? ''}\0${readSearchCodeKey()}`;
    return { stateFile, salt, key: `${stateFile}\0${salt}` };
  };
  // The tables read ahead (see readAhead), each let go by the task that takes it.
  const tablesAhead = new Map<string, SearchTable | undefined>();
  const getContent = (slot: ContentSlot, stored: Record<string, StoredContent>, store: StoreReader): HastRoot => {
    const cacheKey = `${slot.key}\0${slot.part}`;
    let tree = recent.get(cacheKey);
    if (!tree) {
      tree = store.content(getStoredPart(storedOf(stored, slot.key), slot.part));
      recent.set(cacheKey, tree);
      if (recent.size > 64) recent.delete(recent.keys().next().value!);
    }
    return tree;
  };

  return {
    async compile(tasks: CompileTask[]): Promise<CompiledMarkdown[]> {
      const { pipeline, compile } = await loadCompiler();
      const runners = new Map(await Promise.all(tasks.flatMap((task) => (task.mdx ? [loadMdxRunner(pipeline, task.mdx)] : []))));
      const compiled = compile(setup.storeDir, tasks, pipeline, (task) => runners.get(runnerKey(task.mdx!)));
      for (const runner of runners.values()) await runner.addComponentStacks();
      return compiled;
    },

    /** Reads markdown files for the main thread's reading of the content (see preReadMarkdown): null for a file it must read itself. */
    preRead(paths: string[]): (PreReadMarkdown | null)[] {
      const now = Date.now();
      return paths.map((path) => preReadMarkdown(path, now) ?? null);
    },

    /**
     * Loads the markdown pipeline now, unless it is, and runs it once on a sample (see
     * warmUpPipeline), then SAMPLE_ROUNDS times on each of `samples` (markdown pages of the site;
     * none when the thread compiled pages already): the next compile task (a dev server's next
     * save) waits for neither, and runs between two samples. Once a thread; settles when done.
     */
    prepareCompile(samples: CompileTask[] = []): Promise<void> {
      // A failure to load is reported by the first compile task; a warm-up that fails only warms less.
      warmedUp ??= loadCompiler()
        .then(({ warmUp }) => warmUp(samples))
        .catch(() => {});
      return warmedUp;
    },

    /**
     * Starts loading a theme's server code (a hundred milliseconds of compiling), so that the
     * first render after `setLocale` does not wait for it. A failure is the render's to report.
     */
    loadTheme(themeFile: string, themeKey: string): void {
      themeOf(themeFile, themeKey).catch(() => {});
    },

    /** Reads the tables of search indexes a later task will update (see TaskPool.searchAhead). */
    readAhead(indexes: SearchAhead[]): void {
      for (const index of indexes) {
        const { stateFile, salt, key } = stateOf(index);
        tablesAhead.set(key, readSearchState(stateFile, salt));
      }
    },

    setLocale(locale: LocaleSetup): void {
      locales.set(locale.locale, { ...locale, theme: themeOf(locale.themeFile, locale.themeKey) });
    },

    /** Renders routes into the output; `stored` tells where the content of their slots is, by key. */
    async render(tasks: RenderTask[], stored: Record<string, StoredContent>): Promise<RenderResult[]> {
      const setups = new Map<string, { site: SiteData; render: RouteRenderer }>();
      for (const name of new Set(tasks.map((task) => task.locale))) {
        const locale = locales.get(name);
        if (!locale) throw new Error(`No setup for locale ${name}`);
        const { site, assets, sidebarFiles } = locale;
        const getSidebar = (url: string) => sidebarFiles[url.slice(url.lastIndexOf('/') + 1)];
        if (!locale.renderer) {
          const islands = locale.islands && (await loadIslands(locale.islands, islandServers));
          locale.renderer = createRouteRenderer({ theme: await locale.theme, site, assets, getSidebar, islands });
        }
        setups.set(name, { site, render: locale.renderer });
      }
      const out = getOutput();
      const store = openStore(setup.storeDir);
      try {
        return tasks.map(({ locale: name, route }) => {
          const { site, render } = setups.get(name)!;
          const rendered = render(route, (slot) => getContent(slot, stored, store));
          const relative = route.path.slice(site.siteBaseUrl.length - 1);
          const files = [route.data.type === 'notFound' ? relative.slice(1) : getHtmlFilePath(relative)];
          const texts = [rendered.html];
          if (route.data.type !== 'notFound') {
            files.push(getPageDataFilePath(site.buildId, relative).replace(/^\//, ''));
            texts.push(toPageData(rendered.data, site));
          }
          for (const [place, text] of texts.entries()) out.write(files[place]!, text);
          const sidebar = 'sidebar' in route.data ? route.data.sidebar?.url : undefined;
          return {
            ...toSummary(rendered.data, files),
            ...(sidebar && { sidebarAt: texts.map((text) => findSidebarNames(text, sidebar)) }),
          };
        });
      } finally {
        store.close();
      }
    },

    /**
     * Writes the sharded search index of `pages` (manifest at `file`), their sections read from the
     * store (`stored`, by key), with the text of the site components they show (rendered with the
     * server bundle `islandsFile`, when the site has one). The index is updated from the table its
     * last build kept in the store (see writeScopeIndex): an edit reads and counts the pages it
     * changed, not the scope. The files of `existing` are in the output already: their names are
     * hashes of their contents, so a file of the same name is not written again (an edit writes
     * the few shards and chunks it changed). Gives the index's files.
     */
    async search(
      file: string,
      pages: SearchPage[],
      stored: Record<string, StoredContent>,
      existing: ExistingFiles,
      islandsFile?: string,
    ): Promise<string[]> {
      const islandText = islandsFile ? await loadIslandText(islandsFile, islandServers) : undefined;
      const { stateFile, salt: stateSalt, key: aheadKey } = stateOf({ file, islandsFile });
      const there = new Set(existing.paths);
      const store = openStore(setup.storeDir);
      // A table is updated from when the task has the content of every page the update reads.
      const fits = (table: SearchTable) => readsOnly(table, pages, (key) => Object.hasOwn(stored, key));
      let previous: SearchTable | undefined;
      let index: ReturnType<typeof writeScopeIndex>;
      try {
        index = writeScopeIndex({
          pages,
          readSections: (key) => store.sections(storedOf(stored, key).sections),
          islandText,
          salt: file,
          readPrevious: () => {
            const ahead = tablesAhead.get(aheadKey);
            const readAhead = tablesAhead.delete(aheadKey);
            // None read ahead is none to read; one that does not fit gives way to the other slot's.
            previous = readAhead && (!ahead || fits(ahead)) ? ahead : readSearchState(stateFile, stateSalt, fits);
            return previous;
          },
          has: (path) => there.has(path),
          read: (path) => (there.has(path) ? readIfThere(join(existing.dir, path)) : undefined),
        });
      } finally {
        store.close();
      }
      const { manifest, files, table } = index;
      const out = getOutput();
      for (const { path, contents } of files) if (contents !== undefined && !there.has(path)) out.write(path, contents);
      // The manifest last: it names the files, which are there by then.
      out.write(file, manifest);
      try {
        writeSearchState(stateFile, stateSalt, table, previous);
      } catch {
        // A table that cannot be kept costs the next build a whole index, nothing else.
      }
      return files.map(({ path }) => path);
    },
  };
}

/** Where the store keeps the content of `key`, as a task was given it; an error when it was not (see Locate). */
function storedOf(stored: Record<string, StoredContent>, key: string): StoredContent {
  const where = stored[key];
  if (!where) throw new Error(`No stored content given for ${key}`);
  return where;
}

function toSummary(data: RouteData, files: string[]): RenderResult {
  return {
    path: data.path,
    files,
    title: data.title,
    description: data.description,
    mainHtml: data.type === 'blogPost' ? data.html.main : undefined,
  };
}

/** A file's bytes; undefined when it cannot be read (a kept file is only an aid to the index, which makes it again). */
function readIfThere(file: string): Buffer | undefined {
  try {
    return readFileSync(file);
  } catch {
    return undefined;
  }
}

export type TaskRunner = ReturnType<typeof createTaskRunner>;

/** Files of a search index that the output holds already: their paths, and the folder they are read from (a staging folder's kept files are in the output). */
export interface ExistingFiles {
  paths: string[];
  dir: string;
}
