/**
 * The site model: config, sources, compiled bodies (compiled on the pool's threads when new) and
 * the manifest. Shared by build, the dev server, version cut and migrate (checkSiteContent).
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Root as HastRoot } from 'hast';
import type { CompiledMarkdown, ContentSlot, Diagnostic, SiteConfig, SiteContent, SourceMarkdown } from '@docgen/types';
// The store and the language list only: the markdown pipeline itself loads in the threads that compile.
import {
  getStoredPart,
  isLanguageFile,
  readCompileIndex,
  readStoredContent,
  writeCompileIndex,
  type CompileTask,
} from '../compile/mainThread.js';
import { readConfig } from '../config/index.js';
import { readGitHistories, readGitLastUpdates, readSiteContent, showsLastUpdates } from '../content/index.js';
import { DocgenError } from '../diagnostics/index.js';
import { getBrokenLinks } from '../links/index.js';
import { createManifest, hasConfigHtml, type LinkCache, type ManifestInput } from '../manifest/index.js';
import { rewriteUrls } from '../render/index.js';
import { findCacheDir, getTemporaryName, type LockWait } from '../processes/index.js';
import { createTaskPool, getThreadCount, inOrder, type TaskPool } from '../workers/pool.js';
import { createSourceKeys, getMarkdownSources, readCompileSalt, type SourceKeys } from './compileKeys.js';
import { lockSiteCache } from './siteCache.js';
import { getBuildId, getComponentPages, readThemeKey } from './themeKey.js';

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
  /** Read each file's history from git, for translation statuses, even when the config has no `i18n.status`. */
  histories?: boolean;
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
      histories:
        config.i18n.status || options.histories
          ? readGitHistories(siteDir, options.cache === false ? undefined : findCacheDir(siteDir))
          : undefined,
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
  const index = options.compiled ? undefined : readCompileIndex(storeDir);
  const known = options.compiled ?? index!.entries;
  const salt = readCompileSalt(config);
  const sourceKeys = options.sourceKeys ?? createSourceKeys();
  await sourceKeys.prepareMdx({ siteDir, config, content, storeDir });
  const keyOf = keySources(content, salt, sourceKeys);
  const missing = new Map<string, CompileTask>();
  for (const [source, key] of keyOf) if (!known.has(key)) missing.set(key, sourceKeys.taskOf(key, source));
  await compileTasks([...missing.values()], known, options);
  // Only this run's bodies are kept: entries of changed or deleted files are dropped.
  const used = new Map([...new Set(keyOf.values())].map((key) => [key, known.get(key)!]));
  diagnostics.push(...getCompiledDiagnostics(used, keyOf));
  if (!options.compiled) writeCompileIndex(storeDir, used, { onDisk: index?.onDisk });
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
      servedWhileWritten: false,
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
    const keyOf = keySources(content, salt, sourceKeys);
    const tasks = new Map([...keyOf].map(([source, key]) => [key, sourceKeys.taskOf(key, source)]));
    const compiled = new Map<string, CompiledMarkdown>();
    await compileTasks([...tasks.values()], compiled, { config, storeDir });
    const diagnostics = [...content.diagnostics, ...getCompiledDiagnostics(compiled, keyOf)];
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
 * The names of `additionalLanguages` Prism does not know. The highlighter (Prism's grammars) is
 * loaded only when a name is not one of its language files: this thread does not highlight (the
 * compile threads do).
 */
async function findUnknownLanguages(names: readonly string[]): Promise<string[]> {
  if (names.every(isLanguageFile)) return [];
  const { registerLanguages } = await import('../compile/highlight.js');
  return registerLanguages(names);
}

/** Each markdown source of the content, with the key of its compiled body. */
function keySources(content: SiteContent, salt: string, sourceKeys: SourceKeys): Map<SourceMarkdown<unknown>, string> {
  return new Map(getMarkdownSources(content).map((source) => [source, sourceKeys.keyOf(salt, source)]));
}

/** Whether a doc's front matter hides its title (hide_title). */
export const hidesTitle = (frontMatter: unknown) => (frontMatter as { hideTitle?: boolean }).hideTitle === true;

/** The diagnostics of compiled bodies (by key) as their pages report them (see getReportedDiagnostics). */
function getCompiledDiagnostics(compiled: Map<string, CompiledMarkdown>, keyOf: Map<SourceMarkdown<unknown>, string>): Diagnostic[] {
  const hidingTitle = new Set([...keyOf].filter(([source]) => hidesTitle(source.frontMatter)).map(([, key]) => key));
  return [...compiled].flatMap(([key, result]) => getReportedDiagnostics(result, hidingTitle.has(key)));
}

/**
 * The diagnostics of a compiled body as its pages report them: on a page that hides its front
 * matter title (`hidingTitle`, see hidesTitle), the first "second h1" is the one h1 it shows.
 */
export function getReportedDiagnostics(result: CompiledMarkdown, hidingTitle: boolean): Diagnostic[] {
  if (!hidingTitle) return result.diagnostics;
  const shown = result.diagnostics.find((diagnostic) => diagnostic.code === 'markdown-second-h1');
  return result.diagnostics.filter((diagnostic) => diagnostic !== shown);
}
