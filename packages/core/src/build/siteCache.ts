/**
 * The site's cache folder, its lock, and the clean-up after docgen processes that were killed:
 * every command that uses the cache first removes what such processes left (see removeDebris).
 */
import { existsSync, readdirSync, rmdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { readRecordedOutDir } from './buildRecord.js';
import {
  acquireLock,
  findCacheDir,
  getTemporaryOwner,
  isProcessAlive,
  removeDeadTemporaries,
  tryAcquireLock,
  type HeldLock,
  type LockWait,
} from '../processes/index.js';
import { getMissingDirs, recoverInterruptedCuts, type RecoveredCut } from '../processes/index.js';

/** The lock of a site's cache folder, held by build, check-links, version cut and clear. */
const LOCK_FILE = 'lock';

/** What killed docgen processes had left, cleaned up by removeDebris. */
export interface Debris {
  /** Temporaries removed (absolute paths): staging folders, files written under a temporary name, ... */
  removed: string[];
  /** Version cuts undone. */
  cuts: RecoveredCut[];
}

/**
 * Cleans up after docgen processes of this site that are no longer running (killed, crashed, the
 * machine restarted): undoes their unfinished version cuts, and removes their temporaries in the
 * site folder, beside the default and the last recorded output folder, in the cache and in the
 * system's temporary folder. Never touches what a running process made. Never throws.
 */
export function removeDebris(siteDir: string): Debris {
  const cuts = recoverInterruptedCuts(siteDir);
  const cacheDir = findCacheDir(siteDir);
  const recordedOutDir = readRecordedOutDir(cacheDir);
  const dirs = new Set([
    siteDir,
    ...(recordedOutDir ? [dirname(recordedOutDir)] : []),
    cacheDir,
    join(cacheDir, 'compiled'),
    join(cacheDir, 'serve-compiled'),
    join(cacheDir, 'bundles'),
    tmpdir(),
  ]);
  return { removed: [...dirs].flatMap((dir) => removeDeadTemporaries(dir)), cuts };
}

/**
 * Takes the lock of the site's cache (compile store, bundles, the record of the last build),
 * waiting while another docgen process holds it (`onWait` says so), then cleans up after killed
 * processes (removeDebris). A compile store has one user at a time: a process compacting it
 * never deletes what another is still reading.
 */
export async function lockSiteCache(siteDir: string, onWait?: (wait: LockWait) => void): Promise<{ lock: HeldLock; debris: Debris }> {
  const cacheDir = findCacheDir(siteDir);
  const created = getMissingDirs(cacheDir);
  const lock = await acquireLock({ file: join(cacheDir, LOCK_FILE), resource: { kind: 'cache', path: cacheDir }, onWait });
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    lock.release();
    // A command that keeps no cache (build --no-cache, a check of a site without one) leaves none.
    for (const dir of [...created].reverse()) {
      try {
        rmdirSync(dir);
      } catch {
        break;
      }
    }
  };
  return { lock: { path: lock.path, release }, debris: removeDebris(siteDir) };
}

/**
 * removeDebris, when no other process holds the site's cache lock (which then cleans up itself):
 * for the dev server, which does not wait for a build to start.
 */
export function removeDebrisUnlessLocked(siteDir: string): Debris | undefined {
  const attempt = tryAcquireLock(join(findCacheDir(siteDir), LOCK_FILE));
  if (!('lock' in attempt)) return undefined;
  try {
    return removeDebris(siteDir);
  } finally {
    attempt.lock.release();
  }
}

/** What `docgen clear` did. */
export interface ClearResult {
  cacheDir: string;
  /** Whether anything of the cache was deleted. */
  deleted: boolean;
  /** Paths in the cache kept because a running docgen process uses them (a dev server's output and store). */
  kept: string[];
  debris: Debris;
}

/**
 * `docgen clear`: deletes the site's cache, once no build or check uses it (`onWait`), except
 * what running dev servers use; and cleans up after killed processes (removeDebris).
 */
export async function clearCache(siteDir: string, onWait?: (wait: LockWait) => void): Promise<ClearResult> {
  const site = resolve(siteDir);
  const cacheDir = findCacheDir(site);
  const { lock, debris } = await lockSiteCache(site, onWait);
  const kept: string[] = [];
  let deleted = false;
  try {
    const names = readdirSync(cacheDir);
    for (const name of names) {
      if (name === LOCK_FILE || name.endsWith('.lock')) continue;
      if (isInUse(cacheDir, name)) {
        kept.push(join(cacheDir, name));
        continue;
      }
      rmSync(join(cacheDir, name), { recursive: true, force: true });
      deleted = true;
    }
    // Locks of entries: gone with their owner (taking one removes it again on release).
    for (const name of names) {
      if (name === LOCK_FILE || !name.endsWith('.lock')) continue;
      const attempt = tryAcquireLock(join(cacheDir, name));
      if ('lock' in attempt) attempt.lock.release();
      else kept.push(join(cacheDir, name));
    }
  } finally {
    lock.release();
    try {
      rmdirSync(cacheDir);
    } catch {
      // Not empty: what running processes use.
    }
  }
  return { cacheDir, deleted, kept, debris };
}

/** Whether a running process uses an entry of the cache: its temporary, or held by a lock (`<name>.lock`). */
function isInUse(cacheDir: string, name: string): boolean {
  const owner = getTemporaryOwner(name);
  if (owner !== undefined) return isProcessAlive(owner);
  const lockFile = join(cacheDir, `${name}.lock`);
  if (!existsSync(lockFile)) return false;
  const attempt = tryAcquireLock(lockFile);
  if (!('lock' in attempt)) return true;
  attempt.lock.release();
  return false;
}
