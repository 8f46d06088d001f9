/**
 * `docgen build`: the output folder and the site cache locked, nothing done when no input changed
 * since the last build (the build record's fingerprint), else the builder run once into a staging
 * folder that replaces the output whole, and the cache and record saved.
 */
import { mkdtempSync, rmSync, type Stats } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Diagnostic, WrittenManual } from '@docgen/types';
import { assertSafeOutDir, createStagingDir, lockOutputDir } from '../output/index.js';
import { findCacheDir, getTemporaryName, type LockWait } from '../processes/index.js';
import { DocgenError } from '../diagnostics/index.js';
import { DOCGEN_VERSION } from '../version.js';
import type { BuildProgress, RebuildResult } from './builderState.js';
import {
  describesOutput,
  forgetBuildRecord,
  getFrame,
  getOwnCode,
  readBuildRecord,
  readRecordedState,
  readInputFingerprints,
  writeBuildRecord,
  type InputFingerprints,
} from './buildRecord.js';
import { forgetEditSnapshot, writeEditSnapshot } from './editSnapshot.js';
import { findSharedCacheDir } from '../bundle/index.js';
import { readConfig } from '../config/index.js';
import { getBuildThreads, startBuildThread } from '../workers/prestart.js';
import { lockSiteCache, type Debris } from './siteCache.js';
import { createSiteBuilder } from './siteBuilder.js';
import { buildTextEdit } from './textEdit.js';

export interface BuildOptions {
  siteDir: string;
  /** Output folder; `<siteDir>/build` when absent. */
  outDir?: string;
  /** Build only these locales; all when absent. Other locales of an earlier build in the folder are kept. */
  locales?: string[];
  /** Include draft pages (development). */
  includeDrafts?: boolean;
  /** Threads that compile and render; one per core when absent. */
  threads?: number;
  /** False: ignore and do not write the build cache (`--no-cache`). */
  cache?: boolean;
  /**
   * Whether a portable theme bundle may come from (and go to) the shared cache (see
   * readThemeBundle): as `cache` when absent. A build without the site's cache that is no clean
   * build a user asked for (migrate's check of the migrated site) still takes it.
   */
  sharedCache?: boolean;
  /** Called with the duration of each stage, in milliseconds. */
  onStage?: (stage: string, milliseconds: number) => void;
  /**
   * Called with why the build did not take the text-edit path (docs/cli/build.md), when the last
   * build's record was there: `docgen build --verbose` says it. With it, a build whose edit changed
   * what other pages show of a doc reads the compile store's index once more, to say what changed.
   */
  onTextEditNotTaken?: (reason: string) => void;
  /** Called as a stage goes (often: the caller throttles what it shows). */
  onProgress?: (progress: BuildProgress) => void;
  /** Called when the build waits for another docgen process using the same output folder or site cache. */
  onWait?: (wait: LockWait) => void;
  /**
   * For a caller that may end the process before the build ends (the CLI on SIGINT or SIGTERM):
   * called with what removes each temporary of this run (staging folder, `--no-cache` folder) and
   * releases each lock, as the build makes them. The caller runs them newest first, waiting for
   * each (the staging folder's first stops the threads that write into it); the function it
   * returns forgets one, once the build has done it itself.
   */
  onTemporary?: (cleanup: () => void | Promise<void>) => () => void;
  /**
   * With `pdf.build` in the config: false leaves the PDF manuals out (`docgen pdf` writes them
   * itself after its build); else each is written after the build, and then passed here.
   */
  manuals?: false | ((manual: WrittenManual) => void);
}

export interface BuildResult {
  outDir: string;
  pageCount: number;
  /** Pages rendered by this build; the others were unchanged since the last build and were kept. */
  renderedCount: number;
  /** Warnings: markdown problems and broken links. */
  diagnostics: Diagnostic[];
}

/**
 * `docgen build`: config -> content -> compile -> manifest -> bundle -> render -> write -> links.
 * What it writes goes beside the output and is moved in only when everything succeeded.
 * With the cache (the default) a build reuses compiled content and keeps every page of the last
 * build whose inputs did not change; when no input changed at all it does nothing.
 *
 * Builds into one output folder, and builds and checks of one site, run one after the other: a
 * build holds the output folder's lock and then the site cache's lock (always in that order),
 * waiting while another process holds either (`onWait`). Once it holds them, it cleans up after
 * killed docgen processes (see removeDebris) and reports what it undid as warnings.
 */
export async function build(options: BuildOptions): Promise<BuildResult> {
  const siteDir = resolve(options.siteDir);
  const outDir = resolve(siteDir, options.outDir ?? 'build');
  assertSafeOutDir(siteDir, outDir);
  const outputLock = await lockOutputDir(outDir, options.onWait);
  const forgetOutputLock = options.onTemporary?.(() => outputLock.release());
  try {
    const cache = await lockSiteCache(siteDir, options.onWait);
    const forgetCacheLock = options.onTemporary?.(() => cache.lock.release());
    try {
      const result = await buildLocked({ siteDir, outDir, options });
      return { ...result, diagnostics: [...getDebrisWarnings(cache.debris), ...result.diagnostics] };
    } finally {
      cache.lock.release();
      forgetCacheLock?.();
    }
  } finally {
    outputLock.release();
    forgetOutputLock?.();
  }
}

/** Records what the next build's text edits need (see editSnapshot.ts), with the stamps of the docs' files; or forgets it. */
function writeSnapshot(cacheDir: string, fingerprints: InputFingerprints, textEdit: RebuildResult['textEdit']): void {
  if (!textEdit) {
    forgetEditSnapshot(cacheDir);
    return;
  }
  for (const [sitePath, doc] of Object.entries(textEdit.docs)) doc.stamp = fingerprints.stamps.get(sitePath) ?? '';
  const frame = getFrame(fingerprints, new Set(Object.keys(textEdit.docs)));
  writeEditSnapshot(cacheDir, { ...textEdit, fingerprint: fingerprints.fingerprint, frame });
}

/** Version cuts that a killed process left unfinished and that were undone, as warnings. */
function getDebrisWarnings(debris: Debris): Diagnostic[] {
  return debris.cuts.map(({ what, pid, leftovers }) => ({
    severity: 'warning',
    code: 'interrupted-cut',
    message:
      leftovers.length === 0
        ? `A ${what} that did not finish (process ${pid}, no longer running) was undone: the site is as it was before it`
        : `A ${what} that did not finish (process ${pid}, no longer running) could not be fully undone`,
    hint: leftovers.length === 0 ? 'Run the cut again.' : `Remove or restore these by hand: ${leftovers.join(', ')}`,
  }));
}

/** `build` once it holds the locks. */
async function buildLocked(input: { siteDir: string; outDir: string; options: BuildOptions }): Promise<BuildResult> {
  const { siteDir, outDir, options } = input;
  const useCache = options.cache !== false;
  const cacheDir = findCacheDir(siteDir);
  // Read once for the whole build: the fingerprint, the theme and every stage use this one.
  const config = readConfig(siteDir);
  // Read once: what a cached build starts from, and (whatever it was written by) the record to
  // delete before this build replaces the folder it describes.
  const recorded = readBuildRecord(cacheDir);
  const record = useCache && recorded && describesOutput(recorded, outDir) ? recorded : undefined;
  // A thread compiles and renders what changed. With a record of this folder the build is most
  // often an edit: the thread is started before the fingerprint (a few hundred milliseconds of
  // stats at 10,000 pages), so that it has loaded its modules by the time the edit's compile is
  // sent (one-page edits at 10,000 pages took 0.15 s less wall time). When nothing changed it is
  // not taken: unreferenced, it keeps no process alive (a build with nothing to do spent about
  // 0.2 s more CPU, in the other core, and 0.03-0.07 s more wall time).
  // A small site builds on this thread alone, as `--threads 1` (see getBuildThreads).
  const threads = getBuildThreads(siteDir, options.threads, record?.pageCount);
  if (record) startBuildThread(threads);
  // The stats the fingerprint takes of every file of the site: reading the content asks no more.
  const fileStats = new Map<string, Stats>();
  const fingerprints: InputFingerprints = useCache
    ? readInputFingerprints({ siteDir, outDir, config, locales: options.locales, includeDrafts: options.includeDrafts, stats: fileStats })
    : { fingerprint: '', base: '', stamps: new Map() };
  const { fingerprint } = fingerprints;
  if (record && record.fingerprint === fingerprint) {
    return { outDir, pageCount: record.pageCount, renderedCount: 0, diagnostics: record.diagnostics };
  }
  // Something changed, and no record started the thread above: it loads its modules while this one plans.
  if (!record) startBuildThread(threads);
  const sharedCacheDir = (options.sharedCache ?? useCache) ? findSharedCacheDir() : undefined;
  // Docs whose text alone changed: their pages, from what the last build recorded of the site model.
  const edited =
    record &&
    (await buildTextEdit({
      siteDir,
      outDir,
      cacheDir,
      config,
      record,
      fingerprints,
      threads,
      sharedCacheDir,
      onStage: options.onStage,
      explains: options.onTextEditNotTaken !== undefined,
      onTemporary: options.onTemporary,
    }));
  if (edited && 'notTaken' in edited) options.onTextEditNotTaken?.(edited.notTaken);
  else if (edited) return { outDir, ...edited };
  // Without the cache, compiled content and the bundle go to a temporary folder, deleted afterwards.
  const temporaryCache = useCache ? undefined : mkdtempSync(join(tmpdir(), `${getTemporaryName('cache.', { unique: false })}-`));
  const removeTemporaryCache = () => {
    if (temporaryCache) rmSync(temporaryCache, { recursive: true, force: true, maxRetries: 3 });
  };
  const forgetTemporaryCache = temporaryCache ? options.onTemporary?.(removeTemporaryCache) : undefined;
  const builder = createSiteBuilder({
    siteDir,
    locales: options.locales,
    includeDrafts: options.includeDrafts,
    threads,
    cacheDir: temporaryCache,
    sharedCacheDir,
    onStage: options.onStage,
    onProgress: options.onProgress,
  });
  const staging = createStagingDir(outDir);
  // The render threads write pages into the staging folder (and make its folders again when they
  // are gone): they are stopped before it is removed.
  const forgetStaging = options.onTemporary?.(async () => {
    await builder.close();
    staging.discard();
  });
  try {
    const previous = record && readRecordedState(cacheDir, record);
    const result = await builder.run({ output: staging, previous, config, fileStats });
    // The record describes the output: from here until the new one is written, none does (a build
    // stopped halfway through the commit leaves an output that the next build makes again).
    if (recorded?.outDir === outDir) forgetBuildRecord(cacheDir);
    staging.commit();
    forgetStaging?.();
    if (useCache) {
      builder.saveCache();
      writeBuildRecord(cacheDir, {
        docgenVersion: DOCGEN_VERSION,
        outDir,
        docgenCode: getOwnCode().stamp,
        fingerprint,
        pageCount: result.pageCount,
        diagnostics: result.diagnostics,
        state: result.state,
      });
      writeSnapshot(cacheDir, fingerprints, result.textEdit);
    }
    const diagnostics = [...result.diagnostics];
    if (config.pdf.build && options.manuals !== false) {
      // After the commit: the manuals are printed from the whole output, kept pages and all.
      const { writeManuals } = await import('../pdf/index.js');
      const onManual = options.manuals;
      const printed = await writeManuals({ siteDir, outDir, built: { manifest: result.manifest }, ...(onManual && { onManual }) });
      diagnostics.push(...printed.diagnostics);
    }
    return { outDir, pageCount: result.pageCount, renderedCount: result.renderedPaths.length, diagnostics };
  } catch (error) {
    staging.discard();
    forgetStaging?.();
    // A build stopped by its site's errors (content that cannot be compiled, a broken link in a
    // strict build) keeps what it compiled: once they are fixed, the next build compiles the files
    // changed, not every other file again. The error is what the build reports, whatever the index.
    if (useCache && error instanceof DocgenError) {
      try {
        builder.saveCache();
      } catch {
        // The index is only an aid: without it the next build compiles again.
      }
    }
    throw error;
  } finally {
    await builder.close();
    removeTemporaryCache();
    forgetTemporaryCache?.();
  }
}
