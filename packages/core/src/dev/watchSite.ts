/**
 * The file watcher of `serve --watch`: every file a build reads, the events of one save batched
 * into one list of changes, and what changed before the watcher started found by comparing.
 */
import { readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { FileChange } from '../content/index.js';
import { findCompiledModule, pauseForTest } from '../processes/index.js';
import { createOwnOutputTest } from './watchIgnore.js';
import type { WatchThreadData, WatchThreadMessage } from './watchThread.js';

/** How long the watcher waits after a file's event for the other events of the same save. */
const BATCH_MS = 30;

export interface SiteWatchInput {
  siteDir: string;
  cacheDir: string;
  /** The output folder the last `docgen build` recorded, left out too (see createWatchIgnore). */
  recordedOutDir: string | undefined;
  themeDir: string;
  configFile: string;
  /** Files changed since this time (ms since the epoch) count as changed when the watcher starts. */
  readFrom: number;
  /** Files and folders the builder read that changed since a time (see ContentCache.findChangedSince). */
  findChangedSince: (since: number) => FileChange[];
  /** Called with the changes of a save (or of several, batched). */
  onChanges: (changes: FileChange[]) => void;
  /** Called when the watcher may have lost events: nothing read before can be trusted. */
  onLost: () => void;
  /** Called when the watcher's thread failed: no change is seen any more. */
  onFailed: (error: Error) => void;
}

/**
 * A watcher, not started: `start` starts it, on a thread of its own (`watchThread.ts`: its first
 * scan stats every file of the site). `ready` settles once that scan is done and what changed
 * meanwhile was reported, or once it is closed or its thread failed.
 */
export function createSiteWatch(input: SiteWatchInput) {
  const { siteDir, cacheDir, configFile } = input;
  const themeSourceDir = join(input.themeDir, 'src');
  let pending: FileChange[] = [];
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  const flush = () => {
    const changes = pending;
    pending = [];
    input.onChanges(changes);
  };
  const isOwnOutput = createOwnOutputTest();
  // A file's state when its last change was taken: one save can be reported twice (the watcher's
  // events for its truncation and its write, or the watcher and the first scan's comparison), and
  // must rebuild once.
  const changedTo = new Map<string, string>();
  const isRepeated = (path: string) => {
    const stats = statSync(path, { throwIfNoEntry: false });
    if (!stats) return false;
    const state = `${stats.mtimeMs}:${stats.ctimeMs}:${stats.size}`;
    if (changedTo.get(path) === state) return true;
    changedTo.set(path, state);
    return false;
  };
  const schedule = (kind: FileChange['kind'], path: string) => {
    if (kind === 'change' && (isOwnOutput(path) || isRepeated(resolve(path)))) return;
    pending.push({ kind, path: resolve(path) });
    clearTimeout(timer);
    timer = setTimeout(flush, BATCH_MS);
  };
  // Ready, or closed before it was (then it never will be).
  let stopWaiting!: () => void;
  const ready = new Promise<void>((resolve) => (stopWaiting = resolve));
  let thread: Worker | undefined;
  const whenReady = () => {
    // A save during the scan is reported by the watcher and found by the comparison: one rebuild.
    const missed = [...input.findChangedSince(input.readFrom), ...findChangedFiles([configFile, themeSourceDir], input.readFrom)].filter(
      (change) => change.kind !== 'change' || !isRepeated(change.path),
    );
    if (missed.length > 0) {
      pending.push(...missed);
      clearTimeout(timer);
      flush();
    }
    stopWaiting();
  };
  const receive = (message: WatchThreadMessage) => {
    if (closed) return;
    if (message.kind === 'ready') whenReady();
    else if (message.kind === 'error') input.onLost();
    else schedule(message.kind, message.path);
  };

  return {
    ready,
    /** Whether changes were seen that have not been handed to `onChanges` yet (the events of a save still coming). */
    hasPending: () => pending.length > 0,
    /** Starts the watcher. What changed between the first reading and its start is found by comparing (see findChangedSince). */
    start(): void {
      if (closed) return;
      pauseForTest('serve:watch-start');
      const data: WatchThreadData = {
        paths: [siteDir, themeSourceDir],
        siteDir,
        cacheDir,
        themeSourceDir,
        recordedOutDir: input.recordedOutDir,
      };
      thread = new Worker(findCompiledModule(import.meta.url, 'watchThread.js'), { workerData: data });
      thread.on('message', receive);
      thread.once('error', (error) => {
        if (closed) return;
        stopWaiting();
        input.onFailed(error);
      });
    },
    async close(): Promise<void> {
      closed = true;
      stopWaiting();
      clearTimeout(timer);
      await thread?.terminate();
    },
  };
}

/** Files at `paths` (files, or folders read through) written to or removed since `since`, as watcher changes. */
function findChangedFiles(paths: string[], since: number): FileChange[] {
  const changes: FileChange[] = [];
  const visit = (path: string) => {
    const stats = statSync(path, { throwIfNoEntry: false });
    if (!stats) return;
    if (stats.isDirectory()) {
      for (const name of readdirSync(path)) visit(join(path, name));
    } else if (Math.max(stats.mtimeMs, stats.ctimeMs) >= since) {
      changes.push({ kind: 'change', path });
    }
  };
  for (const path of paths) visit(path);
  return changes;
}
