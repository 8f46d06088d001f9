/**
 * The site model: config, sources, compiled bodies (compiled on the pool's threads when new) and
 * the manifest, and the keys that say when any of them changed. Shared by build, the dev server
 * and version cut.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import fg from 'fast-glob';
import type { Root as HastRoot } from 'hast';
import type { CompiledMarkdown, ContentSlot, Diagnostic, DocsConfig, SiteConfig, SiteContent, SourceMarkdown } from '@docgen/types';
// The store and the language list only: the markdown pipeline itself loads in the threads that compile.
import {
  getCompileKey,
  getStoredPart,
  readCompileIndex,
  readStoredContent,
  writeCompileIndex,
  type CompileTask,
  type MdxInput,
  type MdxPageContext,
} from '../compile/mainThread.js';
import { bundleMdxRuntime, COMPONENT_SCOPE, OVERRIDES_DIR, readBundleCodeKey, toCodeThemeCss } from '../bundle/index.js';
import { readConfig } from '../config/index.js';
import { getDocsInstances, getVersionLabel, getVersionNames, getVersionPath } from '../files/index.js';
import { readGitLastUpdates, readSiteContent, showsLastUpdates } from '../content/index.js';
import { DocgenError } from '../diagnostics/index.js';
import { getBrokenLinks } from '../links/index.js';
import { createManifest, hasConfigHtml, type LinkCache, type ManifestInput } from '../manifest/index.js';
import { rewriteUrls } from '../render/index.js';
import { getTemporaryName, type LockWait } from '../processes/index.js';
import { findCacheDir, lockSiteCache } from './siteCache.js';
import { DOCGEN_VERSION } from '../version.js';
import { createTaskPool, getThreadCount, inOrder, type TaskPool } from '../workers/pool.js';

/** Every markdown source of the site (a fallback page's source is its default-locale file). */
export function getMarkdownSources(content: SiteContent): SourceMarkdown<unknown>[] {
  return [
    ...content.versions.flatMap((version) => version.docs),
    ...content.blogPosts,
    ...content.pages.flatMap((page) => (page.markdown ? [page.markdown] : [])),
  ];
}

export interface LoadSiteOptions {
  siteDir: string;
  /** The site's config, when the caller has read it already (a build reads it once); read from the site when absent. */
  config?: SiteConfig;
  locales?: string[];
  includeDrafts?: boolean;
  /** A fixed build id (the dev server), instead of one derived from docgen, config and theme. */
  buildId?: string;
  /** Runs the compile tasks; a pool of `getThreadCount()` threads is made (and closed) when absent. */
  pool?: TaskPool;
  /** The compile store; the site's cache folder when absent. */
  storeDir?: string;
  /** Compiled bodies known from earlier runs, by key (updated with this run's). */
  compiled?: Map<string, CompiledMarkdown>;
  /** The sources, when already read with the same config. */
  content?: SiteContent;
  /** Links resolved by earlier runs (the dev server's); none when absent. */
  linkCache?: LinkCache;
  /** Compile keys known from earlier runs (the builder's); none when absent. */
  sourceKeys?: SourceKeys;
  /** The theme's key (readThemeKey), when already known. */
  themeKey?: string;
  /**
   * False: leave no cache in the site (a throw-away store is used and deleted); the content of
   * slots (`getContent`) is then not available afterwards. Used by `version cut` to check a site.
   */
  cache?: boolean;
  /** Called as bodies are compiled, with how many of those to compile are done. */
  onProgress?: (progress: { stage: 'compiling'; done: number; total: number }) => void;
  /** Called when loading waits for another docgen process using the site's cache (see lockSiteCache). */
  onWait?: (wait: LockWait) => void;
}

/**
 * Loads config and content, compiles every markdown body not compiled before (on the pool's
 * threads) and builds the site model. Nothing is rendered. With the site's own compile store
 * (no `storeDir`, `cache` not false) it holds the site cache's lock meanwhile.
 */
export async function loadSite(options: LoadSiteOptions) {
  const siteDir = resolve(options.siteDir);
  const usesSiteStore = !options.storeDir && options.cache !== false;
  const held = usesSiteStore ? await lockSiteCache(siteDir, options.onWait) : undefined;
  try {
    return await loadSiteUnlocked(siteDir, options);
  } finally {
    held?.lock.release();
  }
}

async function loadSiteUnlocked(siteDir: string, options: LoadSiteOptions) {
  const config = options.config ?? readConfig(siteDir);
  const languageWarnings: Diagnostic[] = [];
  for (const name of await findUnknownLanguages(config.themeConfig.code.additionalLanguages)) {
    languageWarnings.push({
      severity: 'warning',
      code: 'config-language',
      message: `Unknown code language "${name}" in code.additionalLanguages`,
      hint: 'Use a Prism language name such as groovy, kotlin, python.',
      location: { file: 'docgen.config.yaml', line: 1, column: 1 },
    });
  }
  for (const locale of options.locales ?? []) {
    if (!config.i18n.locales.includes(locale)) {
      throw new DocgenError(`Unknown locale "${locale}"`, { code: 'usage', hint: `Available locales: ${config.i18n.locales.join(', ')}.` });
    }
  }
  const content =
    options.content ??
    readSiteContent(siteDir, config, undefined, undefined, {
      git: showsLastUpdates(config) ? readGitLastUpdates(siteDir, options.cache === false ? undefined : findCacheDir(siteDir)) : undefined,
    });
  const throwAway = options.cache === false && !options.storeDir;
  const storeDir =
    options.storeDir ??
    (throwAway
      ? mkdtempSync(join(tmpdir(), `${getTemporaryName('compiled.', { unique: false })}-`))
      : join(findCacheDir(siteDir), 'compiled'));
  mkdirSync(storeDir, { recursive: true });
  try {
    const site = await loadCompiledSite({ ...options, siteDir, config, content, storeDir });
    return { ...site, diagnostics: [...languageWarnings, ...content.diagnostics, ...site.diagnostics] };
  } finally {
    if (throwAway) rmSync(storeDir, { recursive: true, force: true });
  }
}

/**
 * The sanitiser of the config's HTML (ManifestInput.sanitizeHtml) when the config holds any: the
 * HTML parser is loaded then only, as the markdown pipeline is (never by a build's main thread otherwise).
 */
export async function loadHtmlSanitizer(config: SiteConfig, content: SiteContent): Promise<ManifestInput['sanitizeHtml']> {
  return hasConfigHtml(config, content) ? (await import('../compile/configHtml.js')).sanitizeConfigHtml : undefined;
}

/** Bodies compiled and kept together, at most (see loadCompiledSite). */
const COMPILE_PART = 64;

/** loadSite once config and content are read and the store is chosen. */
async function loadCompiledSite(options: LoadSiteOptions & { config: SiteConfig; content: SiteContent; storeDir: string }) {
  const { siteDir, config, content, storeDir } = options;
  const diagnostics: Diagnostic[] = [];
  const known = options.compiled ?? readCompileIndex(storeDir);
  const salt = readCompileSalt(config);
  const sourceKeys = options.sourceKeys ?? createSourceKeys();
  await sourceKeys.prepareMdx({ siteDir, config, content, storeDir });
  const keyOf = new Map<SourceMarkdown<unknown>, string>();
  const missing = new Map<string, CompileTask>();
  for (const source of getMarkdownSources(content)) {
    const key = sourceKeys.keyOf(salt, source);
    keyOf.set(source, key);
    if (!known.has(key)) {
      missing.set(key, sourceKeys.taskOf(key, source));
    }
  }
  await compileTasks([...missing.values()], known, options);
  // Only this run's bodies are kept: entries of changed or deleted files are dropped.
  const used = new Map([...new Set(keyOf.values())].map((key) => [key, known.get(key)!]));
  for (const compiled of used.values()) diagnostics.push(...compiled.diagnostics);
  if (!options.compiled) writeCompileIndex(storeDir, used);
  else {
    options.compiled.clear();
    for (const [key, value] of used) options.compiled.set(key, value);
  }
  assertNoCompileErrors(diagnostics);
  const getCompiled = (key: string) => {
    const compiled = used.get(key);
    if (!compiled) throw new Error(`No compiled content ${key}`);
    return compiled;
  };
  const themeKey = options.themeKey ?? readThemeKey(config, siteDir, getComponentPages(content));
  const buildId = options.buildId ?? getBuildId(config, themeKey);
  const manifest = createManifest(
    {
      siteDir,
      config,
      content,
      compile: (source) => getCompiled(keyOf.get(source)!),
      getCompiled,
      includeDrafts: options.includeDrafts ?? false,
      locales: options.locales,
      linkCache: options.linkCache,
      sanitizeHtml: await loadHtmlSanitizer(config, content),
    },
    buildId,
  );
  /** The content of a route's slot as the page shows it (links resolved). */
  const getContent = (slot: ContentSlot): HastRoot =>
    rewriteUrls(readStoredContent(storeDir, getStoredPart(getCompiled(slot.key).stored, slot.part)), slot);
  diagnostics.push(...manifest.warnings);
  // The site components MDX pages show: bundled for them (see bundle/islands.ts).
  const components = [...new Set([...used.values()].flatMap((compiled) => compiled.components ?? []))].sort();
  // What the theme loads only for pages that use it (see BundleExtras).
  const uses = {
    diagrams: [...used.values()].some((compiled) => compiled.hasDiagram),
    math: [...used.values()].some((compiled) => compiled.hasMath),
  };
  return { siteDir, config, content, manifest, buildId, themeKey, diagnostics, getCompiled, getContent, components, uses };
}

/**
 * Compiles the tasks on the pool's threads (a pool is made, and closed, when none is given), part
 * by part, each result added to `known` as its part is done: a run stopped halfway (Ctrl-C in the
 * dev server) keeps what it compiled.
 */
async function compileTasks(
  tasks: CompileTask[],
  known: Map<string, CompiledMarkdown>,
  options: Pick<LoadSiteOptions, 'pool' | 'onProgress'> & { config: SiteConfig; storeDir: string },
): Promise<void> {
  if (tasks.length === 0) return;
  const { config, storeDir } = options;
  const pool =
    options.pool ??
    createTaskPool(getThreadCount(), {
      storeDir,
      outDir: storeDir,
      languages: config.themeConfig.code.additionalLanguages,
      markdown: config.markdown,
      compiles: true,
    });
  try {
    const parts: Promise<void>[] = [];
    let done = 0;
    const progress = () => options.onProgress?.({ stage: 'compiling', done, total: tasks.length });
    progress();
    for (let start = 0; start < tasks.length; start += COMPILE_PART) {
      const part = pool.compile(tasks.slice(start, start + COMPILE_PART));
      parts.push(
        part.then((results) => {
          results.forEach((compiled) => known.set(compiled.key, compiled));
          done += results.length;
          progress();
        }),
      );
    }
    await inOrder(parts);
  } finally {
    if (!options.pool) await pool.close();
  }
}

/** What checkSiteContent found. */
export interface SiteContentCheck {
  /** The errors and warnings `docgen build` gives reading, compiling and linking the site's pages. */
  diagnostics: Diagnostic[];
  /** Whether the links were checked: only once every page compiles and the site model is made, as in a build. */
  linksChecked: boolean;
}

/**
 * Reads and compiles every markdown source of a site as its build does (its config, its sources,
 * the same threads and pipeline) and gives what that reports, errors and warnings alike, without
 * stopping at an error; when every page compiles, the site model is made and its links checked
 * as the build checks them (getBrokenLinks). A config or source that cannot be read is its error.
 * Reads no git history and leaves no cache in the site. `docgen migrate` checks the site it wrote
 * with it.
 */
export async function checkSiteContent(siteDir: string): Promise<SiteContentCheck> {
  const storeDir = mkdtempSync(join(tmpdir(), `${getTemporaryName('compiled.', { unique: false })}-`));
  try {
    const config = readConfig(siteDir);
    const content = readSiteContent(siteDir, config);
    const salt = readCompileSalt(config);
    const sourceKeys = createSourceKeys();
    await sourceKeys.prepareMdx({ siteDir, config, content, storeDir });
    const tasks = new Map<string, CompileTask>();
    for (const source of getMarkdownSources(content)) {
      const key = sourceKeys.keyOf(salt, source);
      tasks.set(key, sourceKeys.taskOf(key, source));
    }
    const compiled = new Map<string, CompiledMarkdown>();
    await compileTasks([...tasks.values()], compiled, { config, storeDir });
    const diagnostics = [...content.diagnostics, ...[...compiled.values()].flatMap((result) => result.diagnostics)];
    if (diagnostics.some((diagnostic) => diagnostic.severity === 'error')) return { diagnostics, linksChecked: false };
    // Every page compiled: the site model from the same sources and bodies, and its links.
    const site = await loadSite({ siteDir, config, content, storeDir, compiled, sourceKeys });
    return { diagnostics: [...site.diagnostics, ...getBrokenLinks(site.manifest)], linksChecked: true };
  } catch (error) {
    if (error instanceof DocgenError) return { diagnostics: error.diagnostics, linksChecked: false };
    throw error;
  } finally {
    rmSync(storeDir, { recursive: true, force: true });
  }
}

/**
 * Fails the run with every file that could not be compiled (content that nests too deep), once
 * all of them were: they are reported together, and nothing is rendered.
 */
function assertNoCompileErrors(diagnostics: Diagnostic[]): void {
  const errors = diagnostics.filter((diagnostic) => diagnostic.severity === 'error');
  if (errors.length === 0) return;
  const first = errors[0]!;
  const files = new Set(errors.map((error) => error.location?.file));
  throw new DocgenError(files.size === 1 ? first.message : `${files.size} files cannot be compiled`, {
    code: first.code,
    location: first.location,
    hint: first.hint,
    diagnostics: errors,
  });
}

/**
 * What compile keys are salted with: docgen's version, the compiler's own code (a store outlives
 * a change of the compiler within a version) and the options that change what compiling gives.
 */
export const readCompileSalt = (config: SiteConfig) =>
  JSON.stringify([DOCGEN_VERSION, readCompilerKey(), config.themeConfig.code.additionalLanguages, getMarkdownKey(config)]);

/** What of `markdown` changes what compiling gives: math, diagrams, npm2yarn's package managers, and each plugin's name, version (and code, when linked) and options. */
function getMarkdownKey({ markdown }: SiteConfig) {
  const plugin = ({ name, version, codeKey, options }: SiteConfig['markdown']['remarkPlugins'][number]) => [
    name,
    version,
    codeKey ?? null,
    options ?? null,
  ];
  return [markdown.math, markdown.mermaid, markdown.npm2yarn, markdown.remarkPlugins.map(plugin), markdown.rehypePlugins.map(plugin)];
}

let compilerKey: string | undefined;

/**
 * A hash of the code of the compile stage (its folder, source or built), read once per process:
 * docgen's own code does not change while it runs, so this memo never changes what a build writes.
 */
function readCompilerKey(): string {
  if (compilerKey === undefined) {
    const dir = fileURLToPath(new URL('../compile/', import.meta.url));
    const digest = createHash('sha256');
    for (const file of readdirSync(dir).sort()) {
      if (/\.(js|ts)$/.test(file) && !file.endsWith('.d.ts')) digest.update(file).update(readFileSync(join(dir, file)));
    }
    compilerKey = digest.digest('hex').slice(0, 16);
  }
  return compilerKey;
}

/** What every `.mdx` source of a site is compiled with: the site's MDX runtime and the context its pages see (see getMdxInput). */
export interface MdxSetup {
  /** What the runtime was bundled from, and each file it read as it was then (see readMdxSetup). */
  key: string;
  stamps: Record<string, string>;
  runtime: string;
  /** What bundling the site's modules warned of (see bundleMdxRuntime). */
  warnings: Diagnostic[];
  compat: SiteConfig['markdown']['mdx1Compat'];
  context: (locale: string) => MdxPageContext;
  locales: { locale: string; dir: string }[];
  defaultLocale: string;
}

/**
 * Compile keys of source files, remembered by file object: a content cache hands out the same
 * file again until it changes, so a builder that runs again hashes only the bodies that changed.
 * Each builder (or loadSite call) has its own: nothing is remembered across builds of a process.
 * `.mdx` sources are keyed with the site's MDX runtime too (`prepareMdx`, once the content is read).
 */
export function createSourceKeys() {
  const known = new WeakMap<object, { salt: string; key: string }>();
  let mdx: { content: SiteContent; setup: Promise<MdxSetup | undefined>; ready?: MdxSetup } | undefined;
  const mdxInputOf = (source: SourceMarkdown<unknown>) => {
    if (!source.mdx) return undefined;
    if (!mdx?.ready) throw new Error(`The MDX runtime is not ready for ${source.file.sitePath}: prepareMdx first`);
    return getMdxInput(source, mdx.ready);
  };
  return {
    /** Bundles the MDX runtime of `content` (once per content read): keys and tasks of `.mdx` sources need it. */
    async prepareMdx(input: { siteDir: string; config: SiteConfig; content: SiteContent; storeDir: string }): Promise<void> {
      if (mdx?.content !== input.content) {
        const previous = mdx?.ready;
        mdx = { content: input.content, setup: readMdxSetup(input, previous) };
        // Reported with the content it was bundled for, once.
        void mdx.setup.then(
          (setup) => input.content.diagnostics.push(...(setup?.warnings ?? [])),
          () => {},
        );
      }
      const setup = await mdx.setup;
      if (mdx.content === input.content) mdx.ready = setup;
    },
    keyOf(salt: string, source: SourceMarkdown<unknown>): string {
      const remembered = known.get(source.file);
      const mdxInput = mdxInputOf(source);
      const fullSalt = mdxInput ? `${salt}\0${mdxInput.runtime}` : salt;
      // An MDX file with partials is keyed anew each time: a partial may change while the file does not.
      if (remembered?.salt === fullSalt && !source.partials) return remembered.key;
      const key = getCompileKey(salt, source.file.sitePath, source.bodyLine, source.body, mdxInput);
      known.set(source.file, { salt: fullSalt, key });
      return key;
    },
    /** What compiling `source` takes, under its compile key: the body, where it was written and, for MDX, getMdxInput. */
    taskOf(key: string, source: SourceMarkdown<unknown>): CompileTask {
      return { key, body: source.body, sourcePath: source.file.sitePath, bodyLine: source.bodyLine, mdx: mdxInputOf(source) };
    },
  };
}

export type SourceKeys = ReturnType<typeof createSourceKeys>;

/** The site's component scope for every MDX page, Docusaurus's `src/theme/MDXComponents`, when it has one. */
function findComponentScope(siteDir: string): string | undefined {
  return ['tsx', 'ts', 'jsx', 'js']
    .map((extension) => `${OVERRIDES_DIR}/${COMPONENT_SCOPE}.${extension}`)
    .find((path) => existsSync(join(siteDir, path)));
}

/** Bundles the MDX runtime of a site whose content has `.mdx` sources (see bundleMdxRuntime); undefined when it has none. */
async function bundleAndStamp(input: Parameters<typeof bundleMdxRuntime>[0]) {
  const { file, inputs, warnings } = await bundleMdxRuntime(input);
  return { file, warnings, stamps: Object.fromEntries(inputs.map((path) => [path, stampOf(path)])) };
}

/** What a file was when a bundle read it: its size and modification time. */
const stampOf = (path: string) => {
  try {
    const stats = statSync(path);
    return `${stats.size}:${stats.mtimeMs}`;
  } catch {
    return 'gone';
  }
};

/**
 * Bundles the MDX runtime of a site whose content has `.mdx` sources (see bundleMdxRuntime);
 * undefined when it has none. The bundle of `previous` is kept while its input and every file it
 * read are the same (a dev server's save of a page's text does not bundle again).
 */
async function readMdxSetup(
  input: { siteDir: string; config: SiteConfig; content: SiteContent; storeDir: string },
  previous: MdxSetup | undefined,
): Promise<MdxSetup | undefined> {
  const { siteDir, config, content } = input;
  const sources = getMarkdownSources(content).filter((source) => source.mdx);
  if (sources.length === 0) return undefined;
  const modules = [...new Set(sources.flatMap((source) => Object.values(source.modules ?? {})))].sort();
  const packages = [...new Set(sources.flatMap((source) => source.packages ?? []))].sort();
  const bundleInput = {
    siteDir,
    themeDir: config.themeDir,
    modules,
    packages,
    componentScope: findComponentScope(siteDir),
    cacheDir: join(input.storeDir, 'mdx-runtime'),
    baseUrl: config.baseUrl,
  };
  const key = JSON.stringify(bundleInput);
  const unchanged =
    previous?.key === key &&
    existsSync(previous.runtime) &&
    Object.entries(previous.stamps).every(([path, stamp]) => stampOf(path) === stamp);
  const bundled = unchanged
    ? { file: previous.runtime, stamps: previous.stamps, warnings: previous.warnings }
    : await bundleAndStamp(bundleInput);
  const { i18n } = config;
  // One context per locale, made once: every MDX source of the locale compiles with it.
  const contexts = new Map(
    i18n.locales.map((locale) => [locale, getSiteContext(config, locale, content.translations[locale]?.code ?? {})]),
  );
  return {
    key,
    stamps: bundled.stamps,
    runtime: bundled.file,
    warnings: bundled.warnings,
    compat: config.markdown.mdx1Compat,
    defaultLocale: i18n.defaultLocale,
    locales: i18n.locales.map((locale) => ({ locale, dir: `i18n/${i18n.localeConfigs[locale]!.path}/` })),
    context: (locale) => contexts.get(locale)!,
  };
}

/** The site as Docusaurus's context shows it (`useDocusaurusContext`) in a locale, with its messages (`code.yaml`): to MDX pages and islands. */
export function getSiteContext(config: SiteConfig, locale: string, translations: Record<string, string>): MdxPageContext {
  return {
    siteConfig: {
      title: config.title,
      tagline: config.tagline ?? '',
      url: config.url,
      baseUrl: config.baseUrl,
      customFields: (config as { customFields?: Record<string, unknown> }).customFields ?? {},
    },
    i18n: { currentLocale: locale, defaultLocale: config.i18n.defaultLocale, locales: config.i18n.locales },
    globalData: {
      'docusaurus-plugin-content-docs': Object.fromEntries(
        getDocsInstances(config).map((docs) => [docs.id, getDocsGlobalData(config, docs, locale)]),
      ),
    },
    themeConfig: { navbar: config.themeConfig.navbar, footer: config.themeConfig.footer, colorMode: config.themeConfig.colorMode },
    translations,
  };
}

/** The site in each locale for its components (`docgen-island-site`): the page's locale is the one whose base URL its path is below. */
export function getIslandSite(config: SiteConfig, content: SiteContent) {
  const { i18n, baseUrl } = config;
  return {
    defaultLocale: i18n.defaultLocale,
    locales: i18n.locales.map((locale) => ({
      locale,
      baseUrl: locale === i18n.defaultLocale ? baseUrl : `${baseUrl}${i18n.localeConfigs[locale]?.path ?? locale}/`,
      context: getSiteContext(config, locale, content.translations[locale]?.code ?? {}),
    })),
  };
}

/**
 * A docs instance as Docusaurus's docs plugin publishes it to `useGlobalData()` (`path`,
 * `versions` with their `name`, `label`, `isLast` and `path`), newest first, in a locale.
 */
function getDocsGlobalData(config: SiteConfig, docs: DocsConfig, locale: string) {
  const { i18n, baseUrl } = config;
  const localeBase = locale === i18n.defaultLocale ? baseUrl : `${baseUrl}${i18n.localeConfigs[locale]?.path ?? locale}/`;
  // As Docusaurus writes them: without the trailing slash of a locale's root (`/en`), `/` itself kept.
  const withoutSlash = (path: string) => path.replace(/(.)\/$/, '$1');
  const versions = getVersionNames(docs).map((name) => ({
    name,
    label: getVersionLabel(docs, name),
    isLast: name === docs.lastVersion,
    path: withoutSlash(getVersionPath(localeBase, docs, name)),
  }));
  return { path: withoutSlash(localeBase + docs.routeBasePath), versions, breadcrumbs: true };
}

/** What an `.mdx` source is compiled with besides its body. */
function getMdxInput(source: SourceMarkdown<unknown>, setup: MdxSetup): MdxInput {
  const locale = setup.locales.find(({ dir }) => source.file.sitePath.startsWith(dir))?.locale ?? setup.defaultLocale;
  return {
    frontMatter: source.writtenFrontMatter ?? {},
    compat: setup.compat,
    runtime: setup.runtime,
    context: setup.context(locale),
    partials: source.partials ?? {},
    modules: source.modules ?? {},
    texts: source.texts ?? {},
    files: source.files ?? [],
  };
}

/**
 * The id in page-data and search-index URLs: changes with everything that changes the shape of
 * the data (docgen, config, theme), not with content, so an edit re-renders only what it affects.
 */
export function getBuildId(config: unknown, themeKey: string): string {
  return createHash('sha256')
    .update(DOCGEN_VERSION)
    .update(themeKey)
    .update(
      JSON.stringify(config, (key, value) => (key === 'themeDir' || key === 'sourceLocations' || key === 'entryFile' ? undefined : value)),
    )
    .digest('hex')
    .slice(0, 10);
}

export function getComponentPages(content: SiteContent): Record<string, string> {
  return Object.fromEntries(
    content.pages.filter((page) => page.kind === 'component').map((page) => [page.file.sitePath, page.modulePath!]),
  );
}

/**
 * Changes whenever a file of the theme, a component page of the site, one of its stylesheets
 * (`customCss`), a file of its overrides folder (`src/theme/`) or docgen's bundling code changes.
 */
export function readThemeKey(config: SiteConfig, siteDir: string, pages: Record<string, string>): string {
  const { themeDir } = config;
  const digest = createHash('sha256').update(DOCGEN_VERSION).update(readBundleCodeKey());
  const themeFiles = fg.sync(['src/**/*', 'package.json'], { cwd: themeDir, onlyFiles: true }).sort();
  for (const file of themeFiles) digest.update(file).update(readFileSync(join(themeDir, file)));
  for (const [key, path] of Object.entries(pages).sort()) digest.update(key).update(readFileSync(path));
  for (const file of config.customCss) digest.update(`css:${file}`).update(readFileSync(join(siteDir, file)));
  digest.update(`code-theme:${toCodeThemeCss(config.themeConfig.code)}`);
  const overrideFiles = fg.sync([`${OVERRIDES_DIR}/**/*`], { cwd: siteDir, onlyFiles: true }).sort();
  for (const file of overrideFiles) digest.update(`override:${file}`).update(readFileSync(join(siteDir, file)));
  return digest.digest('hex').slice(0, 16);
}

/**
 * The names of `additionalLanguages` Prism does not know. The highlighter (Prism's grammars) is
 * loaded only when there are names to check: this thread does not highlight (the compile threads do).
 */
async function findUnknownLanguages(names: readonly string[]): Promise<string[]> {
  if (names.length === 0) return [];
  const { registerLanguages } = await import('../compile/highlight.js');
  return registerLanguages(names);
}
