import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { DocgenError } from '../diagnostics/index.js';
import { getProcessTag, isProcessAlive } from './identity.js';
import { getTemporaryName } from './temporaries.js';

/** Who holds a lock, as written in its file. */
export interface LockOwner {
  pid: number;
  /** The owner's process tag (see getProcessTag). */
  tag: string;
  /** What the owner runs (its command line), for messages. */
  command: string;
  /** Tells this holding of the lock from any other by the same process. */
  token: string;
}

/** A lock this process holds until `release()`. */
export interface HeldLock {
  path: string;
  /** Removes the lock file, if it is still this holding's (a no-op the second time). */
  release(): void;
}

/**
 * How long a lock file that cannot be read stays respected: the moment between its creation and
 * its first write, in milliseconds. After that it is taken for the debris of a killed process.
 */
const UNREADABLE_GRACE_MS = 5000;

/** Polling while another process holds a lock: from the first to the longest pause, in milliseconds. */
const POLL_MS = { first: 50, longest: 500 };

/**
 * Takes the lock file `path` now (created with O_EXCL, holding this process's tag), or says who
 * holds it. A lock whose owner is no longer running (killed, crashed, or a reused pid) is taken
 * over: a lock never outlives its process.
 */
export function tryAcquireLock(path: string): { lock: HeldLock } | { owner: LockOwner } {
  try {
    mkdirSync(dirname(path), { recursive: true });
  } catch (error) {
    throw toLockError(path, error);
  }
  for (;;) {
    const owner: LockOwner = { pid: process.pid, tag: getProcessTag(), command: getCommandLine(), token: randomBytes(8).toString('hex') };
    try {
      writeFileSync(path, JSON.stringify(owner), { flag: 'wx' });
      return { lock: createHeldLock(path, owner) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw toLockError(path, error);
    }
    const current = readLock(path);
    if (current.state === 'missing') continue;
    if (current.state === 'held' && isProcessAlive(current.owner.tag)) return { owner: current.owner };
    if (current.state === 'unreadable' && current.ageMs < UNREADABLE_GRACE_MS) return { owner: current.owner };
    removeStaleLock(path, current.text);
  }
}

/** A lock file that cannot be written: a folder that is not writable is the user's to fix (exit code 2). */
function toLockError(path: string, error: unknown): DocgenError {
  return new DocgenError(`Cannot create the lock file ${path}: ${(error as Error).message}`, {
    code: 'lock-failed',
    hint: "docgen writes a lock file beside the output folder and in the site's cache folder: make both writable.",
    cause: error,
  });
}

/** What a lock guards, for messages: an output folder, or a site's cache folder. */
export interface LockedResource {
  kind: 'output' | 'cache';
  /** The folder guarded (not the lock file). */
  path: string;
}

/** What `acquireLock` tells while it waits: what is locked, and by whom. */
export interface LockWait extends LockedResource {
  owner: LockOwner;
}

export interface AcquireLockOptions {
  /** The lock file. */
  file: string;
  resource: LockedResource;
  /** Called when the wait starts, and whenever the lock passes to yet another process meanwhile. */
  onWait?: (wait: LockWait) => void;
}

/** Takes the lock file `file`, waiting while another running process holds it (see tryAcquireLock). */
export async function acquireLock({ file, resource, onWait }: AcquireLockOptions): Promise<HeldLock> {
  let told: string | undefined;
  let pause = POLL_MS.first;
  for (;;) {
    const attempt = tryAcquireLock(file);
    if ('lock' in attempt) return attempt.lock;
    if (attempt.owner.token !== told) {
      told = attempt.owner.token;
      onWait?.({ ...resource, owner: attempt.owner });
    }
    await sleep(pause);
    pause = Math.min(pause * 2, POLL_MS.longest);
  }
}

type LockState =
  | { state: 'missing' }
  | { state: 'held'; owner: LockOwner; text: string }
  | { state: 'unreadable'; owner: LockOwner; text: string; ageMs: number };

function readLock(path: string): LockState {
  let text: string;
  let ageMs: number;
  try {
    ageMs = Date.now() - statSync(path).mtimeMs;
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { state: 'missing' };
    throw error;
  }
  try {
    const owner = JSON.parse(text) as LockOwner;
    if (typeof owner.tag === 'string' && typeof owner.token === 'string' && Number.isInteger(owner.pid))
      return { state: 'held', owner, text };
  } catch {
    // Being written, or written by something else.
  }
  return { state: 'unreadable', owner: { pid: 0, tag: '', command: '', token: `unreadable:${text}` }, text, ageMs };
}

/**
 * Removes a lock judged stale, unless it changed since it was read (`seen`): another process may
 * have taken it over and taken it meanwhile. It is first renamed to a name of this process, so
 * that of two processes removing the same stale lock only one does.
 */
function removeStaleLock(path: string, seen: string): void {
  const aside = join(dirname(path), getTemporaryName(`${basename(path)}.`));
  try {
    renameSync(path, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  const moved = readFileSync(aside, 'utf8');
  if (moved !== seen) {
    // A live lock, taken between the read and the rename: give it back, unless yet another is there.
    try {
      writeFileSync(path, moved, { flag: 'wx' });
    } catch {
      // A newer lock holds the name; its owner goes first.
    }
  }
  rmSync(aside, { force: true });
}

function createHeldLock(path: string, owner: LockOwner): HeldLock {
  let held = true;
  return {
    path,
    release() {
      if (!held) return;
      held = false;
      const current = readLock(path);
      if (current.state === 'held' && current.owner.token === owner.token) rmSync(path, { force: true });
    },
  };
}

/** This process's command line, short: `docgen build site --out-dir x`. */
function getCommandLine(): string {
  const [, script, ...args] = process.argv;
  const line = [script ? basename(script) : 'node', ...args].join(' ');
  return line.length > 200 ? `${line.slice(0, 199)}…` : line;
}
