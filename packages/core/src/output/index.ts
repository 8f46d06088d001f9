import {
  closeSync,
  copyFileSync,
  existsSync,
  fstatSync,
  ftruncateSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  realpathSync,
  renameSync,
  rmdirSync,
  rmSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { basename, dirname, join, parse, relative, resolve, sep } from 'node:path';
import { Worker } from 'node:worker_threads';
import { DocgenError, writingFile } from '../diagnostics/index.js';
import {
  acquireLock,
  failWriteForTest,
  findCompiledModule,
  getTemporaryName,
  pauseForTest,
  removeDeadTemporaries,
  writeAll,
  type HeldLock,
  type LockWait,
} from '../processes/index.js';
import { listFiles } from './listFiles.js';

export { assertWritableFolder } from './targetFolder.js';
export { listFiles } from './listFiles.js';

/**
 * Refuses output folders whose replacement would destroy something: the site folder itself, one of
 * its parents, the filesystem root, or a folder holding `.git`. Checked before anything is touched.
 */
export function assertSafeOutDir(siteDir: string, outDir: string): void {
  const real = (path: string) => {
    try {
      return realpathSync(path);
    } catch {
      return resolve(path);
    }
  };
  const site = real(siteDir);
  const out = real(outDir);
  const refuse = (why: string) =>
    new DocgenError(`Refusing to write the build into ${outDir}: ${why}`, {
      code: 'unsafe-out-dir',
      hint: 'Choose a dedicated folder such as build/ inside the site: docgen build --out-dir build',
    });
  if (out === parse(out).root) throw refuse('it is the filesystem root');
  if (out === site) throw refuse('it is the site folder');
  if (site.startsWith(out + sep)) throw refuse('it contains the site folder');
  if (existsSync(join(out, '.git'))) throw refuse('it holds a .git folder');
  // Replacing a folder deletes it: only an empty folder or an earlier docgen build may be replaced.
  if (existsSync(out) && readdirSync(out).length > 0 && !existsSync(join(out, DOCGEN_MARKER))) {
    throw refuse('it is not empty and does not hold an earlier docgen build (no _docgen folder), so replacing it could delete your files');
  }
}

/**
 * listFiles of `dir` on a thread of its own (`listWorker.ts`), while the calling thread does
 * other work: a build lists the last output (36,000 files at 10,000 pages, about 0.2 s) while it
 * reads the site. Rejects when the thread cannot list it.
 */
export function listFilesOnThread(dir: string): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(findCompiledModule(import.meta.url, 'listWorker.js'), { workerData: dir });
    worker.once('message', (message: { files?: string[]; error?: string }) =>
      message.files ? resolve(message.files) : reject(new Error(message.error)),
    );
    worker.once('error', reject);
    // After the message: the promise is settled then, and this does nothing.
    worker.once('exit', (code) => reject(new Error(`The thread listing ${dir} ended (exit code ${code})`)));
  });
}

/** Bytes gathered for one write by writePartsTo. */
const WRITE_CHUNK_BYTES = 1 << 20;

/**
 * Writes `parts` in order through `fd`, gathered into writes of about a megabyte (a part may be a
 * few bytes, and llms-full.txt is ten thousand parts of a few kilobytes: one write each took
 * twice the system time). A part larger than that is written as it is.
 */
function writePartsTo(fd: number, parts: Iterable<string | Uint8Array>): void {
  const chunk = Buffer.allocUnsafe(WRITE_CHUNK_BYTES);
  let used = 0;
  const flush = () => {
    if (used > 0) writeAll(fd, chunk.subarray(0, used));
    used = 0;
  };
  for (const part of parts) {
    const length = typeof part === 'string' ? Buffer.byteLength(part) : part.length;
    if (used + length > WRITE_CHUNK_BYTES) flush();
    if (length > WRITE_CHUNK_BYTES) writeAll(fd, typeof part === 'string' ? Buffer.from(part) : part);
    else if (typeof part === 'string') used += chunk.write(part, used);
    else {
      chunk.set(part, used);
      used += length;
    }
  }
  flush();
}

/** Folder every docgen build writes; its presence marks a folder as docgen output. */
const DOCGEN_MARKER = '_docgen';

/** Writes the files of a build into a folder; paths are relative to it and never leave it. */
export interface OutputWriter {
  /** Absolute path of the folder written to. */
  path: string;
  /**
   * Whether the folder is served while it is written (the dev server's): each file is then
   * written under a temporary name and renamed, so a reader gets the old file or the new one,
   * never an empty or half-written one.
   */
  servedWhileWritten: boolean;
  write(relativePath: string, contents: string | Uint8Array): void;
  /** Writes a file from parts, as they come (a large file is never held whole); a part is written before the next is asked for. */
  writeParts(relativePath: string, parts: Iterable<string | Uint8Array>): void;
  read(relativePath: string): string;
  readBytes(relativePath: string): Buffer;
  remove(relativePath: string): void;
  has(relativePath: string): boolean;
  /**
   * Keeps a file of the previous output (unchanged since) in this one. False when the previous
   * output does not have it, and the file must be written again.
   */
  keep(relativePath: string): boolean;
  /**
   * Keeps a file of the previous output as `keep` does, with every `from` in it replaced by `to`,
   * of the same length in bytes, in place: no new file (a page whose sidebar file was renamed, see
   * build/relinkRoute.ts). `fromEnd`: where every `from` is, when the caller knows, as the bytes
   * from its start to the end of the file (the file is not read then, only those bytes checked).
   * A staging folder patches it as it commits, once the files it wrote are in the output. False as
   * `keep`.
   */
  patch(relativePath: string, from: string, to: string, fromEnd?: readonly number[]): boolean;
  /**
   * Keeps a file of the previous output as `keep` does, with the `length` bytes at `at` replaced by
   * `bytes`, in place: the bytes after them are moved, through a small buffer, not the whole file
   * read and written anew (a one-page edit's part of a 10,000-page `llms-full.txt`, 61 MB). A
   * staging folder splices as it commits, once the files it wrote are in the output; one splice
   * a file. False as `keep`.
   */
  splice(relativePath: string, splice: Splice): boolean;
  /** The folder the kept files are in (the previous output), by their relative paths: `path` for an output written in place. */
  keptFrom: string;
  /**
   * Settles once `keep` can answer without listing the previous output on the calling thread
   * (a staging folder lists it on a thread of its own from its start): await it before the first
   * `keep` when there is other work to do meanwhile.
   */
  listed: Promise<void>;
  /** Copies a file's bytes (a symbolic link is copied as the file it points at, never as a link). */
  copyFile(from: string, relativePath: string): void;
}

/**
 * Keeps a file of the previous output when it is there; false when it must be written. (An output
 * written in place takes every file it wrote to be there still: this one is looked for.)
 */
export function keepIfThere(output: OutputWriter, relativePath: string): boolean {
  return output.keep(relativePath) && output.has(relativePath);
}

/**
 * Copies the files of static/ into the output: the listing that content reading made under the
 * symlink rule (`staticFiles`, URL paths), so that what is copied is exactly what links are
 * checked against, and no link is followed out of the site.
 */
export function copyStaticFiles(output: OutputWriter, content: { staticDir?: string; staticFiles: readonly string[] }): void {
  if (!content.staticDir) return;
  for (const path of content.staticFiles) output.copyFile(join(content.staticDir, path.slice(1)), path.slice(1));
}

/**
 * An output written in place (the dev server's folder, rebuilt again and again, served while it is
 * written: `servedWhileWritten`; a staging folder).
 */
export function createOutputDir(dir: string, { servedWhileWritten = false } = {}): OutputWriter {
  const path = resolve(dir);
  mkdirSync(path, { recursive: true });
  const inside = (relativePath: string) => {
    const full = resolve(path, relativePath);
    if (relative(path, full).startsWith('..')) throw new Error(`Refusing to write outside the output: ${relativePath}`);
    return full;
  };
  // Folders made by this writer: thousands of pages share a few hundred folders.
  const made = new Set<string>();
  const makeParent = (full: string) => {
    const parent = dirname(full);
    if (made.has(parent)) return;
    mkdirSync(parent, { recursive: true });
    made.add(parent);
  };
  // Writes `full` by `writeTo` (given the path to write), under a temporary name renamed to `full` when served while written.
  const writeWhole = (full: string, writeTo: (path: string) => void) => {
    if (!servedWhileWritten) {
      writingFile(full, () => writeTo(full));
      return;
    }
    const temporary = `${full}.${getTemporaryName('')}`;
    try {
      writingFile(full, () => writeTo(temporary));
      renameSync(temporary, full);
    } catch (error) {
      rmSync(temporary, { force: true });
      throw error;
    }
  };
  return {
    path,
    servedWhileWritten,
    keptFrom: path,
    listed: Promise.resolve(),
    write(relativePath, contents) {
      const full = inside(relativePath);
      failWriteForTest('open', full);
      makeParent(full);
      try {
        writeWhole(full, (target) => writeFileSync(target, contents));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        // The folder was removed behind our back (a long-lived dev output): make it again.
        made.delete(dirname(full));
        makeParent(full);
        writeWhole(full, (target) => writeFileSync(target, contents));
      }
    },
    writeParts(relativePath, parts) {
      const full = inside(relativePath);
      mkdirSync(dirname(full), { recursive: true });
      // A write or close of the descriptor names no file: a full disk is reported at `full`.
      writeWhole(full, (target) => {
        const fd = openSync(target, 'w');
        try {
          writePartsTo(fd, parts);
        } finally {
          closeSync(fd);
        }
      });
    },
    read(relativePath) {
      return readFileSync(inside(relativePath), 'utf8');
    },
    readBytes(relativePath) {
      return readFileSync(inside(relativePath));
    },
    remove(relativePath) {
      rmSync(inside(relativePath), { force: true });
    },
    has(relativePath) {
      return existsSync(inside(relativePath));
    },
    keep() {
      // In place, what this writer wrote is taken to be there still.
      return true;
    },
    patch(relativePath, from, to, fromEnd) {
      return patchInPlace(inside(relativePath), { from, to, fromEnd });
    },
    splice(relativePath, splice) {
      return spliceInPlace(inside(relativePath), splice);
    },
    copyFile(from, relativePath) {
      const full = inside(relativePath);
      makeParent(full);
      writeWhole(full, (target) => copyFileSync(from, target));
    },
  };
}

/**
 * A folder beside the output that receives what a build writes; `commit()` moves it into the
 * output, so a failed build never touches the last good output. Files the build keeps stay where
 * they are: a build that changed a few pages moves a few files, not the site's thousands of files
 * and folders (on some file systems creating and removing folders costs a millisecond each).
 */
export interface StagingDir extends OutputWriter {
  /**
   * Moves the written files into the output and removes the output's files that were neither
   * written nor kept. Not atomic as a whole, but every file is replaced by a rename: a reader sees
   * an old or a new file, never a partial one.
   */
  commit(): void;
  discard(): void;
}

/**
 * Takes the lock of an output folder (a file beside it), waiting while another docgen process
 * builds into the same folder; then removes what killed builds left beside it (their staging
 * folders). Two builds into one folder run one after the other, never mixed.
 */
export async function lockOutputDir(outDir: string, onWait?: (wait: LockWait) => void): Promise<HeldLock> {
  const target = resolve(outDir);
  const file = join(dirname(target), `.${basename(target)}.docgen-lock`);
  const lock = await acquireLock({ file, resource: { kind: 'output', path: target }, onWait });
  removeDeadTemporaries(dirname(target));
  return lock;
}

/** A path with an empty, `.` or `..` segment, or a backslash: one whose key only resolving tells (see createStagingDir). */
const NOT_PLAIN_PATH = /(^|\/)\.{0,2}(\/|$)|\\/;

/**
 * A folder beside `outDir` that a build writes into, its files moved into `outDir` by `commit`.
 * With `keepsAll` (a build that writes a few files of an output it knows, build/textEdit.ts) every
 * file of the output stays unless removed, and the output is never listed; else the output's files
 * neither written nor kept go.
 */
export function createStagingDir(outDir: string, { keepsAll = false } = {}): StagingDir {
  const target = resolve(outDir);
  const path = join(dirname(target), getTemporaryName(`.${basename(target)}.`, { unique: false }));
  rmSync(path, { recursive: true, force: true });
  const staged = createOutputDir(path);
  // Test seam (see pauseForTest): a build stopped once its first file is written.
  let wroteOne = false;
  const noteWritten = () => {
    if (wroteOne) return;
    wroteOne = true;
    pauseForTest('build:first-file');
  };
  const hasTarget = existsSync(target);
  // Files of the output kept by this build (relative paths with `/`), and (`keepsAll`) those it removes.
  const kept = new Set<string>();
  const removed = new Set<string>();
  // Kept files patched and spliced as the build commits (see OutputWriter.patch and splice), by key.
  const patches = new Map<string, Patch>();
  const splices = new Map<string, Splice>();
  const inTarget = (relativePath: string) => {
    const full = resolve(target, relativePath);
    if (relative(target, full).startsWith('..')) throw new Error(`Refusing to write outside the output: ${relativePath}`);
    return full;
  };
  // A plain relative path (no empty, `.` or `..` segment, no backslash) is its own key, as resolving it would give on POSIX.
  const toKey = (relativePath: string) =>
    sep === '/' && !NOT_PLAIN_PATH.test(relativePath) ? relativePath : relative(target, inTarget(relativePath)).split(sep).join('/');
  // The output's files, listed once (when first needed): what `keep` may keep, and what the
  // commit removes unless kept or written again.
  let existing: Set<string> | undefined;
  const getExisting = () => (existing ??= new Set(hasTarget ? listFiles(target) : []));
  // Listed on a thread meanwhile; if it is asked for before that thread is done (or it failed), listed here.
  const listed =
    hasTarget && !keepsAll
      ? listFilesOnThread(target).then(
          (files) => void (existing ??= new Set(files)),
          () => {},
        )
      : Promise.resolve();
  // With `keepsAll`: whether the output has a file, its folder listed once (a search index's thousands of files are one folder).
  const folders = new Map<string, Set<string>>();
  const isInTarget = (key: string) => {
    const folder = dirname(key);
    let names = folders.get(folder);
    if (!names) {
      names = new Set(listFolderFiles(inTarget(folder)));
      folders.set(folder, names);
    }
    return names.has(basename(key));
  };
  // Whether the output has a file this build did not write (kept, or with `keepsAll` there and not removed).
  const inOutput = (relativePath: string) => {
    const key = toKey(relativePath);
    return kept.has(key) || (keepsAll && !removed.has(key) && isInTarget(key));
  };
  const keep = (relativePath: string) => {
    const key = toKey(relativePath);
    if (keepsAll ? removed.has(key) || !isInTarget(key) : !getExisting().has(key)) return false;
    kept.add(key);
    return true;
  };
  const markWritten = (relativePath: string) => {
    const key = toKey(relativePath);
    kept.delete(key);
    removed.delete(key);
    patches.delete(key);
    splices.delete(key);
    noteWritten();
  };
  return {
    ...staged,
    keptFrom: target,
    listed,
    write(relativePath, contents) {
      staged.write(relativePath, contents);
      markWritten(relativePath);
    },
    writeParts(relativePath, parts) {
      staged.writeParts(relativePath, parts);
      markWritten(relativePath);
    },
    copyFile(from, relativePath) {
      staged.copyFile(from, relativePath);
      markWritten(relativePath);
    },
    read(relativePath) {
      return staged.has(relativePath) || !inOutput(relativePath) ? staged.read(relativePath) : readFileSync(inTarget(relativePath), 'utf8');
    },
    readBytes(relativePath) {
      return staged.has(relativePath) || !inOutput(relativePath) ? staged.readBytes(relativePath) : readFileSync(inTarget(relativePath));
    },
    has(relativePath) {
      // The output first: a set or a folder listed once, where asking the staging folder is a stat.
      return inOutput(relativePath) || staged.has(relativePath);
    },
    remove(relativePath) {
      const key = toKey(relativePath);
      kept.delete(key);
      patches.delete(key);
      splices.delete(key);
      if (keepsAll) removed.add(key);
      staged.remove(relativePath);
    },
    keep,
    patch(relativePath, from, to, fromEnd) {
      if (!keep(relativePath)) return false;
      patches.set(toKey(relativePath), { from, to, fromEnd });
      return true;
    },
    splice(relativePath, splice) {
      const key = toKey(relativePath);
      if (splices.has(key)) throw new Error(`${relativePath} is spliced twice`);
      if (!keep(relativePath)) return false;
      splices.set(key, splice);
      return true;
    },
    commit() {
      if (!hasTarget) {
        pauseForTest('build:commit');
        renameSync(path, target);
        return;
      }
      const written = listFiles(path);
      const next = new Set([...kept, ...written]);
      // Whatever the output holds that this build neither wrote nor kept goes (with `keepsAll`, what
      // it removed), then the folders left empty: a file where a written file needs a folder (or
      // the other way round) with them.
      const emptied = new Set<string>();
      for (const file of keepsAll ? removed : getExisting()) {
        if (next.has(file)) continue;
        rmSync(join(target, file), { force: true });
        emptied.add(dirname(file));
      }
      removeEmptyFolders(target, emptied);
      const made = new Set<string>();
      for (const file of written) {
        const to = join(target, file);
        if (!made.has(dirname(to))) {
          mkdirSync(dirname(to), { recursive: true });
          made.add(dirname(to));
        }
        try {
          renameSync(join(path, file), to);
        } catch (error) {
          // An empty folder where the file goes (a folder with files was emptied above).
          if (!['EISDIR', 'ENOTEMPTY', 'EEXIST'].includes((error as NodeJS.ErrnoException).code ?? '')) throw error;
          rmSync(to, { recursive: true, force: true });
          renameSync(join(path, file), to);
        }
        if (file === written[0]) pauseForTest('build:commit');
      }
      // Now that the files they may name are in the output.
      for (const [key, patch] of patches) if (kept.has(key)) patchInPlace(join(target, key), patch);
      for (const [key, splice] of splices) if (kept.has(key)) spliceInPlace(join(target, key), splice);
      rmSync(path, { recursive: true, force: true });
    },
    discard() {
      rmSync(path, { recursive: true, force: true });
    },
  };
}

/** Every `from` of a file replaced by `to` (see OutputWriter.patch). */
interface Patch {
  from: string;
  to: string;
  fromEnd: readonly number[] | undefined;
}

/**
 * Replaces every `from` in a file by `to`, of the same length in bytes, where it is: a few bytes
 * written into the file, not a new file renamed over it (4,200 pages of 30 KB: 0.1 s of system
 * time against 0.7-1.0 s, and the old file's blocks are not freed). Told where every `from` is
 * (`fromEnd`), only those bytes are read, to check them: reading whole files took most of a patch
 * (20,000 files of 10,000 pages: 0.6 s of 1.2 s). When one of them is not `from` after all, the
 * whole file is read. False when there is no such file.
 */
function patchInPlace(file: string, { from, to, fromEnd }: Patch): boolean {
  const [was, is] = [Buffer.from(from), Buffer.from(to)];
  if (was.length !== is.length) throw new Error(`A patch changes the length of ${file}: "${from}" to "${to}"`);
  const fd = openForUpdate(file);
  if (fd === undefined) return false;
  try {
    const there = Buffer.allocUnsafe(was.length);
    const isThere = (offset: number) => offset >= 0 && readSync(fd, there, 0, there.length, offset) === there.length && there.equals(was);
    const size = fromEnd && fromEnd.length > 0 ? fstatSync(fd).size : 0;
    const told = fromEnd?.map((bytes) => size - bytes);
    const offsets = told && told.length > 0 && told.every(isThere) ? told : findAll(readFileSync(fd), was);
    for (const offset of offsets) writeSync(fd, is, 0, is.length, offset);
  } finally {
    closeSync(fd);
  }
  return true;
}

/** `length` bytes at `at` of a file replaced by `bytes` (see OutputWriter.splice). */
export interface Splice {
  at: number;
  length: number;
  bytes: Uint8Array;
}

/** The bytes a splice moves at a time. */
const SPLICE_CHUNK_BYTES = 1 << 20;

/**
 * Replaces the `length` bytes at `at` of a file by `bytes`, in place: the bytes after them move
 * by the difference, a chunk at a time (from the end when they move forward, so that none is
 * written over before it is read). False when there is no such file.
 */
function spliceInPlace(file: string, { at, length, bytes }: Splice): boolean {
  const fd = openForUpdate(file);
  if (fd === undefined) return false;
  try {
    const size = fstatSync(fd).size;
    if (at + length > size) throw new Error(`A splice of ${file} ends after the file`);
    const shift = bytes.length - length;
    const tail = at + length;
    const chunk = Buffer.allocUnsafe(Math.min(SPLICE_CHUNK_BYTES, Math.max(1, size - tail)));
    const move = (from: number, count: number) => {
      for (let read = 0; read < count;) {
        const got = readSync(fd, chunk, read, count - read, from + read);
        if (got === 0) throw new Error(`${file} ended while it was spliced`);
        read += got;
      }
      writeAll(fd, chunk.subarray(0, count), from + shift);
    };
    if (shift > 0) {
      for (let end = size; end > tail; end -= chunk.length) move(Math.max(tail, end - chunk.length), Math.min(chunk.length, end - tail));
    } else if (shift < 0) {
      for (let from = tail; from < size; from += chunk.length) move(from, Math.min(chunk.length, size - from));
      ftruncateSync(fd, size + shift);
    }
    writeAll(fd, bytes, at);
  } finally {
    closeSync(fd);
  }
  return true;
}

/** A file opened to read and write in place; undefined when there is no such file. */
function openForUpdate(file: string): number | undefined {
  try {
    return openSync(file, 'r+');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** The offsets of every `part` in `bytes`. */
function findAll(bytes: Buffer, part: Buffer): number[] {
  const offsets: number[] = [];
  for (let at = bytes.indexOf(part); at !== -1; at = bytes.indexOf(part, at + part.length)) offsets.push(at);
  return offsets;
}

/** The names of a folder's files (not its folders); none when there is no such folder. */
function listFolderFiles(folder: string): string[] {
  try {
    return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? [] : [entry.name]));
  } catch {
    return [];
  }
}

/** Removes those of `folders` (relative to `dir`) that are empty, and their parents left empty. */
function removeEmptyFolders(dir: string, folders: Iterable<string>): void {
  // Deepest first: a folder's path is longer than its parent's.
  for (let folder of [...folders].sort((a, b) => b.length - a.length)) {
    while (folder !== '.' && folder !== '') {
      try {
        rmdirSync(join(dir, folder));
      } catch {
        break; // Not empty (or gone already).
      }
      folder = dirname(folder);
    }
  }
}
