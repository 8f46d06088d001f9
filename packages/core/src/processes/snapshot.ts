import {
  chmodSync,
  constants,
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { basename, dirname, join, relative, sep } from 'node:path';
import { writingFile } from '../diagnostics/index.js';
import { getProcessTag, isProcessAlive, PROCESS_TAG_PATTERN } from './identity.js';
import { getTemporaryName } from './temporaries.js';
import { failWriteForTest, pauseForTest } from './testPause.js';

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
 * What a snapshot will have done, written in the site before each of its writes, so that the
 * next docgen command can undo a snapshot whose process was killed (see recoverInterruptedCuts).
 * Paths are site-relative with `/`.
 */
interface CutJournal {
  /** What the snapshot is for, e.g. `version cut 2511.1`. */
  what: string;
  entries: { target: string; temp: string; /** base64; null when the target is new. */ original: string | null }[];
  /** Folders the snapshot creates, outermost first. */
  createdDirs: string[];
}

const JOURNAL_PREFIX = '.docgen-cut-journal-';
const JOURNAL_NAME = new RegExp(`^${JOURNAL_PREFIX.replace(/\./g, '\\.')}(${PROCESS_TAG_PATTERN})\\.json$`);

/**
 * All-or-nothing writes into a site: everything is first written to temporaries beside the
 * targets (same folder, so the final rename is atomic), renamed into place by `commit`, and
 * `rollback` puts back what was there before, at any point. A journal in the site records each
 * write before it happens, until `finish()` (or a rollback) removes it: when the process is
 * killed, the next docgen command undoes what it did from the journal. A snapshot that has not
 * finished has not happened. Once rolled back (by a signal's clean-up too, while the cut awaits a
 * load of the site) or finished, it writes nothing more.
 */
export function createSnapshot(siteDir: string, options: { what: string; onStep?: (step: CutStep) => void }) {
  const { onStep } = options;
  const entries: StagedEntry[] = [];
  const createdDirs: string[] = [];
  const toSitePath = (path: string) => relative(siteDir, path).split(sep).join('/');
  const journalFile = join(siteDir, `${JOURNAL_PREFIX}${getProcessTag()}.json`);
  let ended = false;
  const assertNotEnded = () => {
    if (ended) throw new Error(`The ${options.what} was rolled back or finished: it writes nothing more`);
  };

  const writeJournal = () => {
    const journal: CutJournal = {
      what: options.what,
      entries: entries.map((entry) => ({
        target: toSitePath(entry.target),
        temp: toSitePath(entry.temp),
        original: entry.original?.toString('base64') ?? null,
      })),
      createdDirs: createdDirs.map(toSitePath),
    };
    const temporary = `${journalFile}.${getTemporaryName('')}`;
    writingFile(temporary, () => writeFileSync(temporary, JSON.stringify(journal)));
    renameSync(temporary, journalFile);
  };

  const prepare = (target: string, replace: boolean): StagedEntry => {
    assertNotEnded();
    onStep?.({ phase: 'stage', path: toSitePath(target) });
    const exists = existsSync(target);
    if (exists && !(replace && statSync(target).isFile())) throw new Error(`${toSitePath(target)} already exists`);
    const missingDirs = getMissingDirs(dirname(target));
    const entry: StagedEntry = {
      target,
      temp: join(dirname(target), getTemporaryName(`.${basename(target)}.`)),
      original: exists ? readFileSync(target) : undefined,
      committed: false,
    };
    createdDirs.push(...missingDirs);
    entries.push(entry);
    // Journaled before anything of it is written.
    writeJournal();
    for (const dir of missingDirs) mkdirSync(dir);
    failWriteForTest('open', entry.temp);
    return entry;
  };

  const staged = () => {
    if (entries.length === 1) pauseForTest('cut:stage');
  };

  return {
    /**
     * Stages the new folder `target` holding a byte-for-byte copy of each of `files` (paths
     * relative to `source`, `/`-separated): the files as the build reads them, a followed link as
     * the file it points at.
     */
    copyDir(source: string, target: string, files: readonly string[]): void {
      const entry = prepare(target, false);
      mkdirSync(entry.temp);
      for (const file of files) {
        const to = join(entry.temp, ...file.split('/'));
        mkdirSync(dirname(to), { recursive: true });
        copyFileSync(join(source, ...file.split('/')), to, constants.COPYFILE_EXCL);
      }
      staged();
    },
    /** Stages a byte-for-byte copy of the file `source` as `target`. */
    copyFile(source: string, target: string): void {
      const entry = prepare(target, false);
      writingFile(entry.temp, () => writeFileSync(entry.temp, readFileSync(source), { flag: 'wx' }));
      staged();
    },
    /** Stages new contents for `target`, which may exist (it is replaced on commit). */
    writeFile(target: string, text: string): void {
      const entry = prepare(target, true);
      writingFile(entry.temp, () => writeFileSync(entry.temp, text, { flag: 'wx' }));
      if (entry.original !== undefined) chmodSync(entry.temp, statSync(target).mode);
      staged();
    },
    /** Renames every temporary staged since the last commit into place, in staging order. */
    commit(): void {
      assertNotEnded();
      for (const entry of entries) {
        if (entry.committed) continue;
        onStep?.({ phase: 'commit', path: toSitePath(entry.target) });
        renameSync(entry.temp, entry.target);
        entry.committed = true;
        if (entry === entries[0]) pauseForTest('cut:commit');
      }
    },
    /** The snapshot is kept: its journal goes, and with it any way back. */
    finish(): void {
      assertNotEnded();
      pauseForTest('cut:finish');
      ended = true;
      rmSync(journalFile, { force: true });
    },
    /**
     * Removes the temporaries and whatever was renamed into place, restores replaced files and
     * removes the folders the snapshot created. Returns the paths it could not clean up (the
     * journal then stays, for the next command to try again once this process is gone); a second
     * call tries those again.
     */
    rollback(): string[] {
      ended = true;
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
      if (leftovers.length > 0) return leftovers;
      // Undone: nothing is left to undo.
      entries.length = 0;
      createdDirs.length = 0;
      rmSync(journalFile, { force: true });
      return leftovers;
    },
  };
}

/** `dir` and its parents that do not exist, outermost first. */
export function getMissingDirs(dir: string): string[] {
  const missing: string[] = [];
  for (let current = dir; !existsSync(current); current = dirname(current)) missing.unshift(current);
  return missing;
}

/** A snapshot that a killed process left unfinished, undone by `recoverInterruptedCuts`. */
export interface RecoveredCut {
  /** What it was for, e.g. `version cut 2511.1`. */
  what: string;
  /** The pid of the process that was killed. */
  pid: number;
  /** Site-relative paths that could not be put back (the journal stays for the next command). */
  leftovers: string[];
}

/**
 * Undoes the snapshots (version cuts) of `siteDir` whose process is gone, from their journals:
 * the site is as it was before each of them. A snapshot of a running process is left alone.
 * Never throws; what cannot be undone is returned in `leftovers`.
 */
export function recoverInterruptedCuts(siteDir: string): RecoveredCut[] {
  let names: string[];
  try {
    names = readdirSync(siteDir);
  } catch {
    return [];
  }
  const recovered: RecoveredCut[] = [];
  for (const name of names) {
    const tag = JOURNAL_NAME.exec(name)?.[1];
    if (tag === undefined || isProcessAlive(tag)) continue;
    const file = join(siteDir, name);
    let journal: CutJournal;
    try {
      journal = JSON.parse(readFileSync(file, 'utf8')) as CutJournal;
    } catch {
      // Cut short while being renamed into place cannot happen; a file that is not a journal is left alone.
      continue;
    }
    const leftovers = undoJournal(siteDir, journal);
    if (leftovers.length === 0) rmSync(file, { force: true });
    recovered.push({ what: journal.what, pid: Number(tag.split('.')[0]), leftovers });
  }
  return recovered;
}

/**
 * Puts back what a journal says a snapshot changed. A temporary still there was never renamed
 * into place (its target is untouched); a new target whose temporary is gone was renamed into
 * place (a snapshot never creates a target that exists); a replaced file gets its bytes back.
 */
function undoJournal(siteDir: string, journal: CutJournal): string[] {
  const leftovers: string[] = [];
  const inSite = (path: string) => join(siteDir, ...path.split('/'));
  for (const entry of [...journal.entries].reverse()) {
    const temp = inSite(entry.temp);
    const target = inSite(entry.target);
    try {
      if (existsSync(temp)) rmSync(temp, { recursive: true, force: true });
      else if (entry.original === null) rmSync(target, { recursive: true, force: true });
      if (entry.original !== null) {
        const original = Buffer.from(entry.original, 'base64');
        if (!existsSync(target) || !readFileSync(target).equals(original)) {
          const restored = `${target}.${getTemporaryName('')}`;
          writeFileSync(restored, original);
          if (existsSync(target)) chmodSync(restored, statSync(target).mode);
          renameSync(restored, target);
        }
      }
    } catch {
      leftovers.push(entry.target);
    }
  }
  for (const dir of [...journal.createdDirs].reverse()) {
    try {
      if (existsSync(inSite(dir))) rmdirSync(inSite(dir));
    } catch {
      leftovers.push(dir);
    }
  }
  return leftovers;
}
