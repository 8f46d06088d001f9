import { createHash } from 'node:crypto';
import { setImmediate } from 'node:timers/promises';
import type { CompiledMarkdown, ManifestRoute, SiteConfig, SiteContent, SiteManifest, SourceMarkdown } from '@docgen/types';
import { getSidebarFilePath } from '@docgen/shared/outputPaths';
import { fromRouteKey, toRouteKey } from './buildPlan.js';
import type { ClientBundle } from '../bundle/index.js';
import type { BundleExtras } from './builderResources.js';
import type { CompileTask } from '../compile/mainThread.js';
import { getMarkdownSources, readCompileSalt, type SourceKeys } from './compileKeys.js';
import { decodePath } from '@docgen/shared';
import { createManifest, stripNumberPrefix, type LinkCache, type ManifestInput } from '../manifest/index.js';
import { copyStaticFiles, type OutputWriter } from '../output/index.js';
import { findRouteKey, type RenderControl } from './renderInDemandOrder.js';
import type { TaskPool } from '../workers/pool.js';

/**
 * The dev server's first pages, served before its first build has compiled the site.
 *
 * A site of thousands of pages takes seconds to compile, and the sidebar and the previous/next
 * links of any page need the title of every other. Most titles are known without compiling: a
 * page's front matter `title`, or its leading `# heading` when that heading is plain text. A
 * preview builds the site model from those (compiling on the spot, ahead of the build, only the
 * pages whose title needs the markdown parser), and renders a page asked for from it once that
 * page's own content is compiled. It previews doc pages and markdown pages only: what they show
 * of other pages is their titles. Other pages (generated indexes show descriptions, blog lists
 * excerpts) are left to the build, and so are pages that show site components (the build bundles
 * them): its run renders them first once its pages are under way (the dev server asks it then).
 *
 * The build then renders every page again (a build that starts from a previous output, the pages
 * the preview wrote, and those whose inputs changed): `changed` tells whether a page the preview
 * wrote came out differently (a reader of it should reload).
 *
 * The preview holds the build's threads (see TaskPool.hold) while it makes its first model and
 * while it renders a page asked for: both are this thread's work, which on a two-core machine
 * would otherwise share its core with threads compiling the site (at 10,000 pages, the first
 * page came a second later).
 */
export interface Preview {
  /** Stops previewing: waits for the page under way; pages asked for after it reject. */
  stop(): Promise<void>;
  /** Whether a page the preview wrote is now different in `output` (the build wrote it again). */
  changed(output: OutputWriter): boolean;
  /** Route keys of the pages it wrote: a run that keeps the pages of a previous output renders these again. */
  readonly rendered: ReadonlySet<string>;
}

export interface PreviewInput {
  siteDir: string;
  config: SiteConfig;
  content: SiteContent;
  includeDrafts: boolean;
  locales: string[] | undefined;
  buildId: string;
  themeKey: string;
  /** Bodies compiled (the compile store's, the run's as it compiles them), by key: the preview adds those it compiles. */
  compiled: Map<string, CompiledMarkdown>;
  pool: TaskPool;
  output: OutputWriter;
  bundled: Promise<{ client: ClientBundle; serverFile: string }>;
  /** Copies what the theme loads only for pages that use it, after `bundled` (see BundleExtras). */
  copyExtras: (uses: BundleExtras) => Promise<void>;
  /** The builder's compile keys of source files. */
  sourceKeys: SourceKeys;
  /** The builder's relative links resolved so far: the preview's models and the run's share them. */
  linkCache: LinkCache;
  /** Tells the builder that the threads' setup of a locale is now the preview's. */
  onLocaleSetup: (locale: string) => void;
  /** The sanitiser of the config's HTML (see loadHtmlSanitizer). */
  sanitizeHtml: ManifestInput['sanitizeHtml'];
  /** URL paths asked for already (see RunHooks.wantedPaths). */
  wantedPaths?: () => Iterable<string>;
}

/** Route kinds whose pages show nothing of other pages but their titles. */
const PREVIEWED = new Set(['doc', 'markdownPage']);

/** Starts making the preview's site model; `onReady` is given its control once it is made (unless stopped before). */
export function startPreview(input: PreviewInput, onReady: (control: RenderControl) => void): Preview {
  const { config, content, pool, output } = input;
  const salt = readCompileSalt(config);
  let stopped = false;
  const sources = new Map<string, SourceMarkdown<unknown>>();
  for (const source of getMarkdownSources(content)) sources.set(input.sourceKeys.keyOf(salt, source), source);
  // Bodies compiled for real: the rest are sketched.
  const known = input.compiled;
  const sketches = new Map<string, CompiledMarkdown>();
  // The bodies the last model was made with sketches of.
  const sketchedInModel = new Set<string>();
  const getCompiled = (key: string) => {
    const compiled = known.get(key);
    if (compiled) return compiled;
    sketchedInModel.add(key);
    return sketches.get(key) ?? sketches.set(key, sketch(key, sources.get(key)!)).get(key)!;
  };
  const compile = async (keys: Iterable<string>) => {
    const tasks: CompileTask[] = [];
    for (const key of new Set(keys)) {
      const source = sources.get(key);
      if (!known.has(key) && source) tasks.push(input.sourceKeys.taskOf(key, source));
    }
    for (const result of await pool.compile(tasks, 'urgent')) known.set(result.key, result);
  };
  const toManifest = () => {
    sketchedInModel.clear();
    return createManifest(
      {
        siteDir: input.siteDir,
        config,
        content,
        compile: (source) => getCompiled(input.sourceKeys.keyOf(salt, source)),
        getCompiled,
        includeDrafts: input.includeDrafts,
        locales: input.locales,
        linkCache: input.linkCache,
        sanitizeHtml: input.sanitizeHtml,
      },
      input.buildId,
    );
  };

  const releaseFirstModel = pool.hold();
  let manifest: Promise<SiteManifest> = compile(
    [...sources].filter(([key, source]) => !known.has(key) && getLeadingHeading(source) === 'unsure').map(([key]) => key),
  )
    // The pages asked for meanwhile (reading the site held this thread: requests are taken now, a
    // turn of the event loop to accept the connection, one to read the request, one to spare),
    // as far as their paths tell, are compiled before the model is made: it holds them then, and
    // is not made again to render them.
    .then(async () => {
      for (let turn = 0; turn < 3; turn++) await setImmediate();
    })
    // (A guess that fails to compile is left to the page's render, which reports it as before.)
    .then(() => compile(guessSourceKeys(input.wantedPaths?.() ?? [], sources)).catch(() => {}))
    .then(toManifest);
  // Released a turn after the model is offered: a page asked for meanwhile takes its own hold
  // first, and the threads are not given compile tasks of the run while it waits for one.
  const releaseLater = () => void setImmediate().then(releaseFirstModel);
  manifest.then(releaseLater, releaseLater);
  // Every route of the model by path, and the keys (`locale\0path`) of those it previews; offered
  // once known (a page it leaves to the build is found, and refused: the caller asks the build's
  // run for it then, see RenderControl). A preview that cannot make its model previews nothing:
  // the build reports why.
  const keysByPath = new Map<string, string>();
  const previewed = new Set<string>();
  manifest.then(
    (loaded) => {
      for (const locale of loaded.locales) {
        for (const route of locale.routes) {
          const key = toRouteKey(locale.locale, route.path);
          keysByPath.set(route.path, key);
          if (PREVIEWED.has(route.data.type)) previewed.add(key);
        }
      }
      if (!stopped) onReady(control);
    },
    () => {},
  );

  const written = new Map<string, string>();
  const rendered = new Set<string>();
  const write = (file: string, contents: string) => {
    if (written.has(file)) return;
    output.write(file, contents);
    written.set(file, hash(contents));
  };
  const setups = new Map<string, string>();
  let staticCopied = false;
  // One page at a time: each may compile, and make the model again with what it compiled.
  let queue: Promise<unknown> = Promise.resolve();

  async function render(key: string): Promise<void> {
    if (stopped) throw new Error('The preview has stopped');
    const { locale, path } = fromRouteKey(key);
    const findRoute = (loaded: SiteManifest) => {
      const localeManifest = loaded.locales.find((candidate) => candidate.locale === locale)!;
      return { localeManifest, route: localeManifest.routes.find((candidate) => candidate.path === path)! };
    };
    // The page's own content, compiled (by the run meanwhile, or now) and in the model.
    const keys = slotKeys(findRoute(await manifest).route);
    await compile(keys);
    // Site components (islands) are bundled by the build: a page that shows one waits for it.
    if (keys.some((slotKey) => known.get(slotKey)?.components?.length))
      throw new Error('The page shows site components: the build renders it');
    if (keys.some((slotKey) => sketchedInModel.has(slotKey))) manifest = Promise.resolve(toManifest());
    const { localeManifest, route } = findRoute(await manifest);
    const { client, serverFile } = await input.bundled;
    await input.copyExtras({
      diagrams: keys.some((slotKey) => known.get(slotKey)?.hasDiagram),
      math: keys.some((slotKey) => known.get(slotKey)?.hasMath),
    });
    if (stopped) throw new Error('The preview has stopped');
    if (!staticCopied) {
      copyStaticFiles(output, content);
      staticCopied = true;
    }
    for (const asset of (await manifest).assets) output.copyFile(asset.absolutePath, asset.outputPath);
    for (const [fileName, sidebar] of Object.entries(localeManifest.sidebarFiles))
      write(getSidebarFilePath(fileName), JSON.stringify(sidebar));
    const { site } = localeManifest;
    const assets = {
      script: client.script,
      stylesheet: client.stylesheet,
      mathStylesheet: config.markdown.math ? client.math.stylesheet : undefined,
      siteBaseUrl: config.baseUrl,
    };
    const setup = JSON.stringify([site, assets, serverFile, Object.keys(localeManifest.sidebarFiles)]);
    if (setups.get(locale) !== setup) {
      setups.set(locale, setup);
      input.onLocaleSetup(locale);
      pool.setLocale({ locale, site, sidebarFiles: localeManifest.sidebarFiles, assets, themeFile: serverFile, themeKey: input.themeKey });
    }
    rendered.add(key);
    const [result] = await pool.render([{ locale, route }], (slotKey) => known.get(slotKey)!.stored, 'urgent');
    for (const file of result!.files) written.set(file, hash(output.read(file)));
  }

  const control: RenderControl = {
    find: (pathname) => findRouteKey(keysByPath, pathname),
    request(key) {
      if (!previewed.has(key)) return Promise.reject(new Error('The preview leaves this page to the build'));
      const rendered = queue.then(async () => {
        const release = pool.hold();
        try {
          await render(key);
        } finally {
          release();
        }
      });
      queue = rendered.catch(() => {});
      return rendered;
    },
  };
  return {
    rendered,
    async stop() {
      stopped = true;
      await queue;
    },
    changed(after) {
      for (const [file, before] of written) {
        if (!after.has(file) || hash(after.read(file)) !== before) return true;
      }
      return false;
    },
  };
}

const hash = (text: string) => createHash('sha256').update(text).digest('hex');

/** Keys guessed for the paths asked for, at most: a wrong guess costs a compile the build makes anyway. */
const GUESSES = 8;

/**
 * The sources (by key) that URL paths asked for before the site model is made may be the pages
 * of: those whose site path, without its extension and number prefixes (`01-`), ends with the
 * last two segments of the URL path (its last, for a path of one). Only a guess, so that their
 * pages are compiled first; a page of another slug or id is not guessed.
 */
export function guessSourceKeys(paths: Iterable<string>, sources: ReadonlyMap<string, SourceMarkdown<unknown>>): string[] {
  const segmentsOf = (path: string) => path.split('/').filter((segment) => segment !== '');
  const ends = [...new Set(paths)].flatMap((path) => {
    const segments = segmentsOf(decodePath(path).normalize('NFC').replace(/\.html$/, ''));
    return segments.length === 0 ? [] : [segments.slice(-2).join('/')];
  });
  if (ends.length === 0) return [];
  const keys: string[] = [];
  for (const [key, source] of sources) {
    const path = `/${segmentsOf(source.file.sitePath.normalize('NFC').replace(/\.mdx?$/, '')).map(stripNumberPrefix).join('/')}`;
    if (ends.some((end) => path.endsWith(`/${end}`))) keys.push(key);
    if (keys.length === GUESSES) break;
  }
  return keys;
}

const slotKeys = (route: ManifestRoute) => Object.values(route.slots).map((slot) => slot.key);

/**
 * What the site model takes from a body not compiled yet: its title (see getLeadingHeading), and
 * nothing else. Only pages that show no more than titles of others are previewed from it.
 */
export function sketch(key: string, source: SourceMarkdown<unknown>): CompiledMarkdown {
  const heading = getLeadingHeading(source);
  const nowhere = { pack: '', start: 0, end: 0 };
  return {
    key,
    hasExcerpt: false,
    contentTitle: typeof heading === 'string' ? heading : undefined,
    headings: [],
    anchorIds: [],
    links: [],
    urls: [],
    description: '',
    readingTimeMinutes: 0,
    diagnostics: [],
    stored: { main: nowhere, sections: nowhere },
  };
}

/** Lines of a body read for its leading heading, at most. */
const MAX_LINES = 64;
const BLANK = /^[ \t]*$/;
const ATX_H1 = /^ {0,3}#(?:[ \t]+([^]*?))?(?:[ \t]+#+)?[ \t]*$/;
const SETEXT_H1_UNDERLINE = /^ {0,3}=+[ \t]*$/;
/** What may make a heading's text differ from how it is written: inline markup, entities, escapes, explicit ids, directives. */
const INLINE_SYNTAX = /[\\`*_[\]<>&~{}]|:[A-Za-z]/;

/**
 * The text of a body's leading `# heading` (the page's title unless its front matter has one)
 * when it can be read without the markdown parser: undefined when the body does not start with
 * one, `unsure` when only the parser can tell (inline markup in it, a setext heading).
 */
export function getLeadingHeading(source: SourceMarkdown<unknown>): string | undefined | 'unsure' {
  if (typeof (source.frontMatter as { title?: unknown }).title === 'string') return undefined;
  const lines = source.body.split(/\r\n|\r|\n/, MAX_LINES);
  let first = 0;
  while (first < lines.length && BLANK.test(lines[first]!)) first++;
  const line = lines[first];
  if (line === undefined) return undefined;
  const atx = ATX_H1.exec(line);
  if (atx) {
    const text = (atx[1] ?? '').replace(/^#+$/, '');
    return INLINE_SYNTAX.test(text) ? 'unsure' : text;
  }
  // A paragraph underlined with `=` is a heading too.
  let index = first + 1;
  for (; index < lines.length && !BLANK.test(lines[index]!); index++) {
    if (SETEXT_H1_UNDERLINE.test(lines[index]!)) return 'unsure';
  }
  // A paragraph longer than the lines read might still be underlined further on.
  return index === MAX_LINES ? 'unsure' : undefined;
}
