/**
 * The dev server's file watcher, on a thread of its own (see createSiteWatch): its first scan
 * stats every file of the site (about 1.5 s of a thread at 10,000 pages), which on the dev
 * server's thread waited behind the build's work, and held it up. Its workerData is a
 * `WatchThreadData`; it posts a `WatchThreadMessage` for each of chokidar's events, in their order.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { watch } from 'chokidar';
import { createWatchIgnore, type WatchIgnoreOptions } from './watchIgnore.js';

export interface WatchThreadData extends WatchIgnoreOptions {
  /** The folders watched. */
  paths: string[];
}

/** What the thread posts. (Import its types only: importing this module starts a watcher.) */
export type WatchThreadMessage =
  | { kind: 'add' | 'change' | 'unlink' | 'addDir' | 'unlinkDir'; path: string }
  /** The watcher may have lost events. */
  | { kind: 'error'; message: string }
  /** Its first scan is done. */
  | { kind: 'ready' };

const data = workerData as WatchThreadData;
const post = (message: WatchThreadMessage) => parentPort!.postMessage(message);
// Symbolic links are not followed: a link the symlink rule follows leads inside the site, which is
// watched anyway (see ContentCache.withLinkedPaths), and any other is never read.
const watcher = watch(data.paths, { ignoreInitial: true, followSymlinks: false, ignored: createWatchIgnore(data) });
for (const kind of ['add', 'change', 'unlink', 'addDir', 'unlinkDir'] as const) watcher.on(kind, (path: string) => post({ kind, path }));
watcher.on('error', (error: unknown) => post({ kind: 'error', message: (error as Error)?.message ?? String(error) }));
watcher.once('ready', () => post({ kind: 'ready' }));
