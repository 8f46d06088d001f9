import {
  closeSync,
  copyFileSync,
  cpSync,
  existsSync,
  linkSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { basename, dirname, join, parse, relative, resolve, sep } from 'node:path';
import { DocgenError } from '../diagnostics/index.js';

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

/** writeSync may write less than it is given. */
function writeAll(fd: number, bytes: Uint8Array): void {
  for (let offset = 0; offset < bytes.length;) offset += writeSync(fd, bytes, offset);
}

/** Folder every docgen build writes; its presence marks a folder as docgen output. */
const DOCGEN_MARKER = '_docgen';

/** Writes the files of a build into a folder; paths are relative to it and never leave it. */
export interface OutputWriter {
  /** Absolute path of the folder written to. */
  path: string;
  write(relativePath: string, contents: string | Uint8Array): void;
  /** Writes a file from parts, as they come (a large file is never held whole); a part is written before the next is asked for. */
  writeParts(relativePath: string, parts: Iterable<string | Uint8Array>): void;
  read(relativePath: string): string;
  remove(relativePath: string): void;
  has(relativePath: string): boolean;
  /**
   * Keeps a file of the previous output (unchanged since): a no-op for an output written in
   * place, a hard link (or copy) from the old folder for a staging folder. False when the previous
   * output does not have it, and the file must be written again.
   */
  keep(relativePath: string): boolean;
  copyDir(from: string, relativePath: string): void;
  copyFile(from: string, relativePath: string): void;
}

/**
 * An output written in place (the dev server's folder, rebuilt again and again), or, with
 * `previous`, a new folder that takes unchanged files from the previous output.
 */
export function createOutputDir(dir: string, previous?: string): OutputWriter {
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
  return {
    path,
    write(relativePath, contents) {
      const full = inside(relativePath);
      makeParent(full);
      // A kept file is a hard link to the previous output: replace it, never write through it.
      if (previous !== undefined) rmSync(full, { force: true });
      try {
        writeFileSync(full, contents);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        // The folder was removed behind our back (a long-lived dev output): make it again.
        made.delete(dirname(full));
        makeParent(full);
        writeFileSync(full, contents);
      }
    },
    writeParts(relativePath, parts) {
      const full = inside(relativePath);
      mkdirSync(dirname(full), { recursive: true });
      if (previous !== undefined) rmSync(full, { force: true });
      const fd = openSync(full, 'w');
      try {
        // Strings are gathered into writes of about a megabyte (a part may be a few bytes).
        let pending = '';
        const flush = () => {
          if (pending !== '') writeAll(fd, Buffer.from(pending));
          pending = '';
        };
        for (const part of parts) {
          if (typeof part !== 'string') {
            flush();
            writeAll(fd, part);
          } else if ((pending += part).length >= 1 << 20) flush();
        }
        flush();
      } finally {
        closeSync(fd);
      }
    },
    read(relativePath) {
      return readFileSync(inside(relativePath), 'utf8');
    },
    remove(relativePath) {
      rmSync(inside(relativePath), { force: true });
    },
    has(relativePath) {
      return existsSync(inside(relativePath));
    },
    keep(relativePath) {
      const full = inside(relativePath);
      // In place (the dev server's own folder), what this writer wrote is taken to be there still.
      if (previous === undefined) return true;
      const from = resolve(previous, relativePath);
      makeParent(full);
      try {
        linkSync(from, full);
        return true;
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'ENOENT') return false;
        if (code === 'EEXIST') return true;
        // Another file system, or one without hard links: copy instead.
        try {
          copyFileSync(from, full);
          return true;
        } catch {
          return false;
        }
      }
    },
    copyDir(from, relativePath) {
      // Symlinks are followed only when they stay inside the copied folder: a link to /etc/passwd
      // placed in static/ must never end up in the output.
      const root = realpathSync(from);
      cpSync(from, inside(relativePath), {
        recursive: true,
        dereference: true,
        filter: (source) => {
          if (!lstatSync(source).isSymbolicLink()) return true;
          try {
            const target = realpathSync(source);
            return target === root || target.startsWith(root + sep);
          } catch {
            return false;
          }
        },
      });
    },
    copyFile(from, relativePath) {
      const full = inside(relativePath);
      makeParent(full);
      if (previous !== undefined) rmSync(full, { force: true });
      cpSync(from, full);
    },
  };
}

/**
 * A folder beside the output that receives the new build; `commit()` swaps it in, so a failed
 * build never destroys the last good output.
 */
export interface StagingDir extends OutputWriter {
  commit(): void;
  discard(): void;
}

export function createStagingDir(outDir: string): StagingDir {
  const target = resolve(outDir);
  const path = join(dirname(target), `.${basename(target)}.docgen-tmp-${process.pid}`);
  rmSync(path, { recursive: true, force: true });
  const writer = createOutputDir(path, existsSync(target) ? target : undefined);
  return {
    ...writer,
    commit() {
      const old = join(dirname(target), `.${basename(target)}.docgen-old-${process.pid}`);
      if (existsSync(target)) renameSync(target, old);
      renameSync(path, target);
      rmSync(old, { recursive: true, force: true });
    },
    discard() {
      rmSync(path, { recursive: true, force: true });
    },
  };
}
