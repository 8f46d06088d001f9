import { randomBytes } from 'node:crypto';
import { closeSync, mkdirSync, openSync, readdirSync, readFileSync, readSync, renameSync, rmSync, writeSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { writingFile } from '../diagnostics/index.js';
import { getProcessTag, isProcessAlive, PROCESS_TAG_PATTERN } from './identity.js';

/**
 * Every file or folder docgen makes for a while and removes itself (staging folders, files written
 * under a temporary name, a dev server's output, a process's copy of the server bundle) has this
 * in its name, followed by its process's tag: what a killed process left behind is then known by
 * its name alone, and removed by the next docgen command (see removeDeadTemporaries).
 */
const TEMPORARY_MARK = 'docgen-tmp-';

const TEMPORARY_NAME = new RegExp(`${TEMPORARY_MARK}(${PROCESS_TAG_PATTERN})(?![\\d.])`);

/**
 * A name for a temporary of this process: `<prefix>docgen-tmp-<tag>`, and `-<random hex>` after
 * it unless `unique` is false (a name this process uses once at a time, like its staging folder).
 */
export function getTemporaryName(prefix: string, { unique = true } = {}): string {
  const name = `${prefix}${TEMPORARY_MARK}${getProcessTag()}`;
  return unique ? `${name}-${randomBytes(4).toString('hex')}` : name;
}

/**
 * The text of a file written whole, of megabytes (the compile store's index, the build record):
 * its bytes read, then decoded. Node 20's readFileSync(file, 'utf8') takes a third longer (17 MB
 * of JSON with Korean text, 10,000 pages' index: 290 ms against 180).
 */
export function readWholeText(file: string): string {
  return readFileSync(file).toString('utf8');
}

/**
 * Writes `file` whole (its folder made if need be): under a temporary name beside it, then
 * renamed into place, so that a reader (another thread or process) never sees half of it, and
 * what a killed process left is known as a temporary. `contents`: text, bytes, or parts of bytes
 * written one after another (a large file is not copied into one buffer first). A failed write
 * leaves no temporary and names `file`'s temporary (see writingFile).
 */
export function writeFileWhole(file: string, contents: string | Uint8Array | readonly Uint8Array[]): void {
  mkdirSync(dirname(file), { recursive: true });
  const temporary = `${file}.${getTemporaryName('')}`;
  const parts = typeof contents === 'string' ? [Buffer.from(contents)] : contents instanceof Uint8Array ? [contents] : contents;
  try {
    writingFile(temporary, () => {
      const fd = openSync(temporary, 'w');
      try {
        for (const part of parts) writeAll(fd, part);
      } finally {
        closeSync(fd);
      }
    });
    renameSync(temporary, file);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}

/**
 * Writes all of `bytes` through `fd` (writeSync may write less than it is given): at the file's
 * position, or at `position` when given.
 */
export function writeAll(fd: number, bytes: Uint8Array, position?: number): void {
  for (let offset = 0; offset < bytes.length;) {
    offset += writeSync(fd, bytes, offset, bytes.length - offset, position === undefined ? null : position + offset);
  }
}

/**
 * The first `length` bytes of a file, or fewer when it is shorter (a single read: files on local
 * disks give what they have); undefined when it is missing or cannot be read.
 */
export function readFileStart(path: string, length: number): Buffer | undefined {
  try {
    const fd = openSync(path, 'r');
    try {
      const bytes = Buffer.alloc(length);
      return bytes.subarray(0, readSync(fd, bytes, 0, length, 0));
    } finally {
      closeSync(fd);
    }
  } catch {
    return undefined;
  }
}

/** The tag of the process whose temporary `name` is; undefined when it is not a temporary's name. */
export function getTemporaryOwner(name: string): string | undefined {
  return TEMPORARY_NAME.exec(name)?.[1];
}

/**
 * Removes the temporaries in `dir` (not below it) whose process is no longer running; never one
 * of a running process. Returns the paths removed. Each is renamed to a temporary of this process
 * at once and deleted in the background: a dev server's output of thousands of pages takes
 * seconds to delete, which must not hold up the command (the process ends once the deletions have;
 * what a killed one leaves is a dead temporary again). Never throws: what cannot be listed or
 * moved (another user's, a folder gone meanwhile) stays for a later command.
 */
export function removeDeadTemporaries(dir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const name of names) {
    const owner = getTemporaryOwner(name);
    if (owner === undefined || isProcessAlive(owner)) continue;
    const trash = join(dir, getTemporaryName('removed.'));
    try {
      renameSync(join(dir, name), trash);
    } catch {
      continue; // Left for a later command.
    }
    rm(trash, { recursive: true, force: true }).catch(() => {});
    removed.push(join(dir, name));
  }
  return removed;
}
