/**
 * What a site builder (see builderState.ts) holds from one run to the next: its threads, with the
 * setup of each locale they were sent, and its copy of the theme bundle.
 */
import { copyFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { SiteConfig } from '@docgen/types';
import {
  findThemeOverrides,
  readBrowserOnlyBundle,
  readThemeBundle,
  readThemeComponents,
  toCodeThemeCss,
  type ClientBundle,
} from '../bundle/index.js';
import type { FileChange } from '../content/index.js';
import { readFileStamp } from '../files/index.js';
import { keepIfThere, type OutputWriter } from '../output/index.js';
import { getTemporaryName } from '../processes/index.js';
import { createTaskPool, getThreadCount, getThreadCountFor, type TaskPool } from '../workers/pool.js';
import type { LocaleSetup } from '../workers/tasks.js';

/**
 * The builder's task pool. A pool is made when none is running or the languages or output folder
 * it was made for changed; the threads keep each locale's setup until it changes, so that a
 * rebuild sends a locale's site data and sidebars again only when they changed.
 */
export function createBuildThreads(input: { storeDir: string; threads: number | undefined }) {
  const toSetup = (config: SiteConfig, output: Pick<OutputWriter, 'path' | 'servedWhileWritten'>, compiles: boolean) => ({
    storeDir: input.storeDir,
    outDir: output.path,
    servedWhileWritten: output.servedWhileWritten,
    languages: config.themeConfig.code.additionalLanguages,
    markdown: config.markdown,
    compiles,
  });
  let pool: TaskPool | undefined;
  let poolKey = '';
  // Threads for the site's size (see fitToPages): every pool of the run takes it.
  let fitted = Infinity;
  // What each locale's setup sent to the pool's threads was.
  const localeSetups = new Map<string, string>();
  return {
    /**
     * Starts the pool unless the running one fits: `threads` at most, when a new one is made;
     * `compiles`: the threads load the markdown pipeline as they start (see TaskSetup).
     * `besideCallingThread`: a pool of one thread is a thread of its own (the calling thread has
     * other work meanwhile), unless the run has one thread in all (`--threads 1`, a small site).
     */
    start(
      config: SiteConfig,
      output: Pick<OutputWriter, 'path' | 'servedWhileWritten'>,
      { threads = Infinity, compiles = true, besideCallingThread = false } = {},
    ): TaskPool {
      const key = JSON.stringify([output.path, output.servedWhileWritten, config.themeConfig.code.additionalLanguages, config.markdown]);
      // A pool whose thread died or stalled serves no more tasks: the next run (a save in serve --watch) gets new threads.
      if (pool && poolKey === key && !pool.failed) return pool;
      void pool?.close();
      poolKey = key;
      localeSetups.clear();
      const most = Math.min(fitted, getThreadCount(input.threads));
      const count = Math.min(threads, most);
      pool = createTaskPool(count, toSetup(config, output, compiles), count <= 1 && !(besideCallingThread && most > 1));
      return pool;
    },
    /** A pool of the calling thread, for the same output: tasks that would wait for the threads' (a text edit's search index). */
    onCallingThread(config: SiteConfig, output: Pick<OutputWriter, 'path' | 'servedWhileWritten'>): TaskPool {
      return createTaskPool(1, toSetup(config, output, false), true);
    },
    /**
     * A `docgen build` of `pages` pages runs on as many threads as it pays to start (see
     * getThreadCountFor), unless the count was asked for: the running pool starts no more, and a
     * pool started later (the search indexes') has no more.
     */
    fitToPages(pages: number): void {
      fitted = getThreadCountFor(pages, input.threads);
      pool?.limitThreads(fitted);
    },
    /** Sends a locale's setup to the threads unless they hold it already (`key` names what it was made from). */
    setLocale(setup: LocaleSetup, key: string): void {
      if (localeSetups.get(setup.locale) === key) return;
      localeSetups.set(setup.locale, key);
      pool!.setLocale(setup);
    },
    hasLocale(locale: string): boolean {
      return localeSetups.has(locale);
    },
    /** Something else (a preview) set the locale up on the threads. */
    forgetLocale(locale: string): void {
      localeSetups.delete(locale);
    },
    async close(): Promise<void> {
      await pool?.close();
      pool = undefined;
      localeSetups.clear();
    },
    /** Closes the pool, its idle thread kept for the process's next pool (see TaskPool.release). */
    async release(): Promise<void> {
      await pool?.release();
      pool = undefined;
      localeSetups.clear();
    },
  };
}

function removeServerFile(serverFile: string): void {
  rmSync(serverFile, { force: true });
  rmSync(`${serverFile}.map`, { force: true });
}

/** The theme bundle a run uses: its client files are in the output, its server module in a file of this process. */
export interface RunBundle {
  key: string;
  client: ClientBundle;
  serverFile: string;
  /** The site's files it was made from, each as it was then (readFileStamp): one that changed makes it again. */
  stamps: Map<string, string>;
}

/** What every page loads of the theme bundle (the render threads' `LocaleSetup.assets`): part of every route's inputs. */
export function toShellAssets(bundle: RunBundle, config: SiteConfig): LocaleSetup['assets'] {
  return {
    script: bundle.client.script,
    stylesheet: bundle.client.stylesheet,
    mathStylesheet: config.markdown.math ? bundle.client.math.stylesheet : undefined,
    siteBaseUrl: config.baseUrl,
  };
}

/** The site's files of `bundle` whose stamp differs from the one it was made with (see RunBundle.stamps). */
function findChangedFiles(bundle: RunBundle): FileChange[] {
  return [...bundle.stamps].flatMap(([path, stamp]): FileChange[] => {
    const now = readFileStamp(path);
    return now === stamp ? [] : [{ kind: now === 'gone' ? 'unlink' : 'change', path }];
  });
}

/** What a site's pages use of what the theme may load: only a site that uses them has their files. */
export interface BundleExtras {
  /** mermaid's browser bundle (megabytes), for pages with a diagram. */
  diagrams: boolean;
  /** KaTeX's stylesheet and fonts, for pages with math (and `markdown.math` on). */
  math: boolean;
}

/**
 * The builder's copy of the theme bundle: taken from the cache when made from byte-identical
 * files (see readThemeBundle), else bundled. Copied out of the cache, as another process may
 * replace it meanwhile; a copy that fails because it did is tried once more. Every file's name
 * holds a hash of its content: a file the previous output has is kept, not copied again.
 */
export function createBundleCopies(input: { siteDir: string; cacheDir: string; sharedCacheDir?: string }) {
  let bundle: RunBundle | undefined;
  // How the theme bundle of `bundle` is read from the cache again (its client files are there).
  let readTheme: (() => ReturnType<typeof readThemeBundle>) | undefined;
  const copyFiles = (output: OutputWriter, fromDir: string, files: readonly string[], toDir = '') => {
    for (const file of files) if (!keepIfThere(output, toDir + file)) output.copyFile(join(fromDir, file), toDir + file);
  };
  /** Runs `copy`, once more when the cache was replaced under it. */
  const retried = async <T>(copy: () => Promise<T>): Promise<T> =>
    copy().catch((error: unknown) => {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      return copy();
    });
  return {
    /** The bundle of `key` (see readThemeKey), its client files copied into `output` unless there already. */
    async copy(request: { config: SiteConfig; pages: Record<string, string>; key: string; output: OutputWriter }): Promise<RunBundle> {
      const { config, pages, key, output } = request;
      if (bundle?.key === key && findChangedFiles(bundle).length === 0 && bundle.client.files.every((file) => output.has(file))) {
        return bundle;
      }
      const overrides = findThemeOverrides(input.siteDir, readThemeComponents(config.themeDir));
      const bundleInput = {
        themeDir: config.themeDir,
        pages,
        siteDir: input.siteDir,
        customCss: config.customCss,
        overrides,
        codeThemeCss: toCodeThemeCss(config.themeConfig.code),
      };
      const serverFile = join(input.cacheDir, `${getTemporaryName('server.', { unique: false })}-${key}.mjs`);
      const reread = () => readThemeBundle(bundleInput, input.cacheDir, key, input.sharedCacheDir);
      const { client, siteFiles } = await retried(async () => {
        const theme = await reread();
        await output.listed;
        copyFiles(output, theme.clientDir, theme.client.files);
        copyFileSync(theme.serverFile, serverFile);
        // Its source map, beside it: the render stage maps a component's error to its source.
        copyFileSync(`${theme.serverFile}.map`, `${serverFile}.map`);
        return theme;
      });
      if (bundle && bundle.serverFile !== serverFile) removeServerFile(bundle.serverFile);
      // Stamped after it was read from the cache, which checked their bytes.
      bundle = { key, client, serverFile, stamps: new Map(siteFiles.map((file) => [file, readFileStamp(file)])) };
      readTheme = reread;
      return bundle;
    },
    /**
     * The site's files of the last bundle (its page components, stylesheets and what they import)
     * that changed since it was made, for a file watcher started later (see
     * ContentCache.findChangedSince, which knows only the content's files).
     */
    findChanged(): FileChange[] {
      return bundle ? findChangedFiles(bundle) : [];
    },
    /**
     * Copies into `output` what the theme loads only for pages that use it, when some do (see
     * BundleExtras): after `copy`, once the content is compiled.
     */
    async copyExtras(request: { config: SiteConfig; output: OutputWriter; uses: BundleExtras }): Promise<void> {
      const { config, output, uses } = request;
      if (!bundle || !readTheme) throw new Error('copyExtras before copy');
      const { client } = bundle;
      const reread = readTheme;
      if (uses.math && config.markdown.math) await retried(async () => copyFiles(output, (await reread()).clientDir, client.math.files));
      if (!uses.diagrams) return;
      for (const browserOnly of client.browserOnly) {
        const built = await readBrowserOnlyBundle(browserOnly, config.themeDir, input.cacheDir);
        copyFiles(output, built.dir, built.files, `assets/${browserOnly.folder}/`);
      }
    },
    close(): void {
      if (bundle) removeServerFile(bundle.serverFile);
      bundle = undefined;
    },
  };
}
