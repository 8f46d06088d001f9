/**
 * The file watcher of `serve --watch`: every file a build reads, the events of one save batched
 * into one list of changes, and what changed before the watcher started found by comparing.
 */
import { readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { watch, type FSWatcher } from 'chokidar';
import type { FileChange } from '../content/index.js';
import { pauseForTest } from '../processes/index.js';
import { createOwnOutputTest, createWatchIgnore } from './watchIgnore.js';

/** How long the watcher waits after a file's event for the other events of the same save. */
const BATCH_MS = 30;

export interface SiteWatchInput {
  siteDir: string;
  cacheDir: string;
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
}

/**
 * A watcher, not started: `start` starts it (its first scan stats every file of the site on this
 * thread, so the dev server starts it once its first page is answered). `ready` settles once its
 * first scan is done and what changed meanwhile was reported, or once it is closed.
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
  const schedule = (kind: FileChange['kind']) => (path: string) => {
    if (kind === 'change' && (isOwnOutput(path) || isRepeated(resolve(path)))) return;
    pending.push({ kind, path: resolve(path) });
    clearTimeout(timer);
    timer = setTimeout(flush, BATCH_MS);
  };
  // Ready, or closed before it was (then it never will be).
  let stopWaiting!: () => void;
  const ready = new Promise<void>((resolve) => (stopWaiting = resolve));
  let watcher: FSWatcher | undefined;

  return {
    ready,
    /** Whether changes were seen that have not been handed to `onChanges` yet (the events of a save still coming). */
    hasPending: () => pending.length > 0,
    /**
     * Starts the watcher. What changed between the first reading and its start is found by
     * comparing (see findChangedSince). Symbolic links are not followed: a link the symlink rule
     * follows leads inside the site, which is watched anyway (see ContentCache.withLinkedPaths),
     * and any other is never read.
     */
    start(): void {
      if (closed) return;
      pauseForTest('serve:watch-start');
      watcher = watch([siteDir, themeSourceDir], {
        ignoreInitial: true,
        followSymlinks: false,
        ignored: createWatchIgnore({ siteDir, cacheDir, themeSourceDir }),
      });
      for (const kind of ['add', 'change', 'unlink', 'addDir', 'unlinkDir'] as const) watcher.on(kind, schedule(kind));
      watcher.on('error', input.onLost);
      watcher.once('ready', () => {
        // A save during the scan is reported by the watcher and found by the comparison: one rebuild.
        const missed = [
          ...input.findChangedSince(input.readFrom),
          ...findChangedFiles([configFile, themeSourceDir], input.readFrom),
        ].filter((change) => change.kind !== 'change' || !isRepeated(change.path));
        if (missed.length > 0) {
          pending.push(...missed);
          clearTimeout(timer);
          flush();
        }
        stopWaiting();
      });
    },
    async close(): Promise<void> {
      closed = true;
      stopWaiting();
      clearTimeout(timer);
      await watcher?.close();
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
