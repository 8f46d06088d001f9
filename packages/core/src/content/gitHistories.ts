/**
 * What each file of the site went through, for translations: its newest commit, and the commits
 * that changed what a reader of it sees. One `git log -p` pass over the site's folder (renames
 * followed), kept in the cache folder by the commit it was read at, as last-updated dates are.
 *
 * A commit does not change what a reader sees when it only touches front matter a page does not
 * show (anything but `title`, `sidebar_label` and `description`), only renames the file, or says so
 * with a `Translation: unchanged` trailer. To know which lines of a commit's diff are front matter,
 * each file is read at HEAD and taken back commit by commit (each diff applied in reverse).
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import type { Diagnostic, FileCommit, FileHistory } from '@docgen/types';
import { getGitOptions, readByCommit, readGitState, runGit } from './gitLastUpdates.js';

const CACHE_FILE = 'git-histories.json';

export interface GitHistories {
  /** By site-relative path at HEAD; files git does not track have none. */
  files: Record<string, FileHistory>;
  /** Why there are no histories at all (git missing, no repository, a shallow clone). */
  warning?: Diagnostic;
}

/** Front matter a page shows: an edit of only the other keys leaves a translation current. */
const SHOWN_FRONT_MATTER = new Set(['title', 'sidebar_label', 'description']);

export function readGitHistories(siteDir: string, cacheDir: string | undefined): GitHistories {
  const state = readGitState(siteDir, {
    code: 'translation-status',
    what: 'Translation statuses',
    off: 'turn i18n.status off',
    meanwhile: 'Until then no translation counts as outdated.',
  });
  if (state.type === 'unavailable') return { files: {}, warning: state.warning };
  return { files: readByCommit(cacheDir && join(cacheDir, CACHE_FILE), state.head, () => readHistories(siteDir)) };
}

/** Record separator before each commit, unit separator between its fields. */
const COMMIT = '\x1e';
const FIELD = '\x1f';

/** A file's part of a commit's diff: its paths before and after, and its hunks (`-U0`). */
interface FileDiff {
  from?: string;
  to?: string;
  hunks: Hunk[];
}

interface Hunk {
  /** 1-based first line and count, before and after (`@@ -a,b +c,d @@`). */
  oldStart: number;
  oldCount: number;
  newStart: number;
  newCount: number;
  removed: string[];
  added: string[];
}

interface ParsedCommit {
  commit: FileCommit;
  unchanged: boolean;
  files: FileDiff[];
}

function readHistories(siteDir: string): Record<string, FileHistory> {
  const log = runGit(siteDir, [
    'log',
    '-p',
    '-M',
    '--unified=0',
    '--no-color',
    '--no-ext-diff',
    '--relative',
    `--format=${COMMIT}%H${FIELD}%ct${FIELD}%an${FIELD}%s${FIELD}%(trailers:key=Translation,valueonly,separator=%x2C)`,
    '--',
    '.',
  ]);
  if (log.error || log.status !== 0) return {};
  const commits = log.stdout.split(COMMIT).slice(1).map(parseCommit);
  // Each file's lines at HEAD, then at each older commit as the walk goes back.
  const paths = new Set(commits.flatMap((commit) => commit.files.map((file) => file.to).filter((path): path is string => !!path)));
  const contents = readHeadFiles(siteDir, [...paths]);
  /** The path at HEAD of each path the walk has reached (a rename points the older name at the newer one). */
  const headPathOf = new Map([...contents.keys()].map((path) => [path, path]));
  const histories: Record<string, FileHistory> = {};
  for (const { commit, unchanged, files } of commits) {
    for (const file of files) {
      const headPath = file.to ? headPathOf.get(file.to) : undefined;
      if (!headPath) continue;
      const after = contents.get(headPath);
      const history = (histories[headPath] ??= { last: commit, visible: [] });
      if (after === undefined) continue;
      const before = applyInReverse(after, file.hunks);
      if (!unchanged && changesWhatReadersSee(file.hunks, before, after)) history.visible.push(commit);
      if (file.from === undefined) {
        // The file begins here: nothing older is its history.
        contents.delete(headPath);
        headPathOf.delete(file.to!);
        continue;
      }
      contents.set(headPath, before);
      if (file.from !== file.to) {
        headPathOf.delete(file.to!);
        headPathOf.set(file.from, headPath);
      }
    }
  }
  return histories;
}

function parseCommit(text: string): ParsedCommit {
  const newline = text.indexOf('\n');
  const [hash = '', time = '0', author = '', subject = '', trailer = ''] = (newline < 0 ? text : text.slice(0, newline)).split(FIELD);
  const commit = { hash, date: new Date(Number(time) * 1000).toISOString(), author, subject };
  const files: FileDiff[] = [];
  let file: FileDiff | undefined;
  let hunk: Hunk | undefined;
  for (const line of newline < 0 ? [] : text.slice(newline + 1).split('\n')) {
    if (line.startsWith('diff --git ')) {
      file = { hunks: [] };
      hunk = undefined;
      files.push(file);
    } else if (!file) {
      continue;
    } else if (line.startsWith('--- ')) {
      file.from = line === '--- /dev/null' ? undefined : unquote(line.slice(4)).replace(/^a\//, '');
    } else if (line.startsWith('+++ ')) {
      file.to = line === '+++ /dev/null' ? undefined : unquote(line.slice(4)).replace(/^b\//, '');
    } else if (line.startsWith('rename from ')) {
      file.from = unquote(line.slice('rename from '.length));
    } else if (line.startsWith('rename to ')) {
      file.to = unquote(line.slice('rename to '.length));
    } else if (line.startsWith('@@ ')) {
      const match = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/.exec(line);
      if (!match) continue;
      hunk = {
        oldStart: Number(match[1]),
        oldCount: match[2] === undefined ? 1 : Number(match[2]),
        newStart: Number(match[3]),
        newCount: match[4] === undefined ? 1 : Number(match[4]),
        removed: [],
        added: [],
      };
      file.hunks.push(hunk);
    } else if (hunk && line.startsWith('-')) {
      hunk.removed.push(line.slice(1));
    } else if (hunk && line.startsWith('+')) {
      hunk.added.push(line.slice(1));
    }
  }
  return { commit, unchanged: /\bunchanged\b/i.test(trailer), files };
}

/** A path as git prints it: in double quotes with C escapes when it holds unusual characters (core.quotePath is off). */
function unquote(path: string): string {
  if (!path.startsWith('"')) return path;
  const bytes: number[] = [];
  for (let i = 1; i < path.length - 1; i++) {
    const char = path[i]!;
    if (char !== '\\') {
      bytes.push(...Buffer.from(char));
      continue;
    }
    const next = path[++i]!;
    if (/[0-7]/.test(next)) {
      bytes.push(parseInt(path.slice(i, i + 3), 8));
      i += 2;
    } else bytes.push(({ n: 10, t: 9, '"': 34, '\\': 92 } as Record<string, number>)[next] ?? next.charCodeAt(0));
  }
  return Buffer.from(bytes).toString('utf8');
}

/** The lines of each file at HEAD (`git cat-file --batch`, one process), by path. */
function readHeadFiles(siteDir: string, paths: string[]): Map<string, string[]> {
  const contents = new Map<string, string[]>();
  if (paths.length === 0) return contents;
  // Bytes, not text: each blob's size in its header counts bytes.
  const result = spawnSync('git', ['cat-file', '--batch'], {
    ...getGitOptions(siteDir),
    input: paths.map((path) => `HEAD:./${path}`).join('\n') + '\n',
  });
  if (result.error || result.status !== 0) return contents;
  const output = result.stdout;
  let offset = 0;
  for (const path of paths) {
    const end = output.indexOf(10, offset);
    if (end < 0) break;
    const header = output.subarray(offset, end).toString('utf8');
    offset = end + 1;
    const size = /^[0-9a-f]+ blob (\d+)$/.exec(header);
    if (!size) continue;
    const text = output.subarray(offset, offset + Number(size[1])).toString('utf8');
    offset += Number(size[1]) + 1;
    contents.set(path, toLines(text));
  }
  return contents;
}

function toLines(text: string): string[] {
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  return lines;
}

/** The file before a commit: its lines after it, each hunk of the commit undone (last hunk first). */
function applyInReverse(after: string[], hunks: Hunk[]): string[] {
  const before = [...after];
  for (const hunk of [...hunks].sort((a, b) => b.newStart - a.newStart)) {
    // `+c,0` inserts nothing: its lines were removed after line c.
    const at = hunk.newCount === 0 ? hunk.newStart : hunk.newStart - 1;
    before.splice(at, hunk.newCount, ...hunk.removed);
  }
  return before;
}

/** The last line (1-based) of a file's front matter, its closing `---`; 0 when it has none. */
function getFrontMatterEnd(lines: string[]): number {
  if (lines[0]?.trimEnd() !== '---') return 0;
  const close = lines.findIndex((line, index) => index > 0 && /^(---|\.\.\.)\s*$/.test(line));
  return close < 0 ? 0 : close + 1;
}

/** The front matter key a line (1-based) of a file's front matter belongs to. */
function getFrontMatterKey(lines: string[], line: number): string | undefined {
  for (let index = line - 1; index > 0; index--) {
    const key = /^([A-Za-z_][\w-]*)\s*:/.exec(lines[index]!);
    if (key) return key[1];
  }
  return undefined;
}

/** Whether a file's diff changes its content or front matter a page shows. */
function changesWhatReadersSee(hunks: Hunk[], before: string[], after: string[]): boolean {
  const endBefore = getFrontMatterEnd(before);
  const endAfter = getFrontMatterEnd(after);
  const shown = (lines: string[], end: number, line: number) => {
    if (line > end) return true;
    // The delimiters themselves, and keys a page does not show, change nothing a reader sees.
    if (line === 1 || line === end) return false;
    return SHOWN_FRONT_MATTER.has(getFrontMatterKey(lines, line) ?? '');
  };
  return hunks.some((hunk) => {
    for (let i = 0; i < hunk.oldCount; i++) if (shown(before, endBefore, hunk.oldStart + i)) return true;
    for (let i = 0; i < hunk.newCount; i++) if (shown(after, endAfter, hunk.newStart + i)) return true;
    return false;
  });
}
