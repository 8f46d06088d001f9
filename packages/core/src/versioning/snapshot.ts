import { randomBytes } from 'node:crypto';
import { chmodSync, cpSync, existsSync, mkdirSync, readFileSync, renameSync, rmdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, sep } from 'node:path';

/** One step that touches the site, reported before it runs (a test seam to simulate failures). */
export interface CutStep {
  /** `stage` writes a temporary beside its target; `commit` renames it into place. */
  phase: 'stage' | 'commit';
  /** Site-relative path of the target, with `/` separators. */
  path: string;
}

interface StagedEntry {
  target: string;
  temp: string;
  /** The bytes the target had before, restored on rollback; undefined when the target is new. */
  original: Buffer | undefined;
  committed: boolean;
}

/**
 * All-or-nothing writes into a site: everything is first written to temporaries beside the
 * targets (same folder, so the final rename is atomic), renamed into place by `commit`, and
 * `rollback` puts back what was there before, at any point.
 */
export function createSnapshot(siteDir: string, onStep?: (step: CutStep) => void) {
  const token = `${process.pid}-${randomBytes(4).toString('hex')}`;
  const entries: StagedEntry[] = [];
  const createdDirs: string[] = [];
  const toSitePath = (path: string) => relative(siteDir, path).split(sep).join('/');

  const prepare = (target: string, replace: boolean): StagedEntry => {
    onStep?.({ phase: 'stage', path: toSitePath(target) });
    const exists = existsSync(target);
    if (exists && !(replace && statSync(target).isFile())) throw new Error(`${toSitePath(target)} already exists`);
    ensureDir(dirname(target), createdDirs);
    const entry: StagedEntry = {
      target,
      temp: join(dirname(target), `.${basename(target)}.docgen-cut-${token}`),
      original: exists ? readFileSync(target) : undefined,
      committed: false,
    };
    entries.push(entry);
    return entry;
  };

  return {
    /** Stages a byte-for-byte copy of the folder `source` as the new folder `target`. */
    copyDir(source: string, target: string): void {
      const entry = prepare(target, false);
      cpSync(source, entry.temp, { recursive: true, errorOnExist: true, force: false });
    },
    /** Stages a byte-for-byte copy of the file `source` as `target`. */
    copyFile(source: string, target: string): void {
      const entry = prepare(target, false);
      writeFileSync(entry.temp, readFileSync(source), { flag: 'wx' });
    },
    /** Stages new contents for `target`, which may exist (it is replaced on commit). */
    writeFile(target: string, text: string): void {
      const entry = prepare(target, true);
      writeFileSync(entry.temp, text, { flag: 'wx' });
      if (entry.original !== undefined) chmodSync(entry.temp, statSync(target).mode);
    },
    /** Renames every temporary into place, in staging order. */
    commit(): void {
      for (const entry of entries) {
        onStep?.({ phase: 'commit', path: toSitePath(entry.target) });
        renameSync(entry.temp, entry.target);
        entry.committed = true;
      }
    },
    /**
     * Removes the temporaries and whatever was renamed into place, restores replaced files and
     * removes the folders the snapshot created. Returns the paths it could not clean up.
     */
    rollback(): string[] {
      const leftovers: string[] = [];
      const attempt = (path: string, run: () => void) => {
        try {
          run();
        } catch {
          leftovers.push(path);
        }
      };
      for (const entry of [...entries].reverse()) {
        // existsSync first: rmSync fails (ENOTDIR) for a path below a file that stands where a folder should be.
        attempt(entry.temp, () => existsSync(entry.temp) && rmSync(entry.temp, { recursive: true, force: true }));
        if (!entry.committed) continue;
        const { original } = entry;
        if (original === undefined)
          attempt(entry.target, () => existsSync(entry.target) && rmSync(entry.target, { recursive: true, force: true }));
        else attempt(entry.target, () => writeFileSync(entry.target, original));
      }
      for (const dir of [...createdDirs].reverse()) attempt(dir, () => existsSync(dir) && rmdirSync(dir));
      return leftovers;
    },
  };
}

/** Creates `dir` and its missing parents, recording each folder created (outermost first). */
function ensureDir(dir: string, created: string[]): void {
  if (existsSync(dir)) return;
  ensureDir(dirname(dir), created);
  mkdirSync(dir);
  created.push(dir);
}
