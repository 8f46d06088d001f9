/**
 * When each file of the site last changed, and who changed it, from git: one `git log` pass over
 * the whole site (never a process per file), kept in the cache folder by the commit it was read
 * at, so that a rebuild at the same commit runs no `git log` at all.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Diagnostic, GitLastUpdate } from '@docgen/types';
import { writeFileWhole } from '../processes/index.js';

const CACHE_FILE = 'git-last-updates.json';

export interface GitLastUpdates {
  /** By site-relative path (`docs/intro.md`); files git does not track (new, untracked) have none. */
  files: Record<string, GitLastUpdate>;
  /** Why there are no dates at all (git missing, no repository, a shallow clone); one per build. */
  warning?: Diagnostic;
}

/** What git says of the site's folder: the commit checked out, or why dates cannot be read. */
type GitState = { type: 'ok'; head: string } | { type: 'unavailable'; warning: Diagnostic };

function runGit(siteDir: string, args: string[]) {
  return spawnSync('git', ['-c', 'core.quotePath=false', ...args], {
    cwd: siteDir,
    encoding: 'utf8',
    maxBuffer: 1 << 30,
    env: { ...process.env, GIT_OPTIONAL_LOCKS: '0', LC_ALL: 'C' },
  });
}

const NO_DATES_HINT = 'Pages show no last-updated date until then; front matter last_update still sets one.';

function unavailable(message: string, hint: string): GitState {
  return { type: 'unavailable', warning: { severity: 'warning', code: 'git-last-update', message, hint: `${hint} ${NO_DATES_HINT}` } };
}

/** The commit checked out in the repository holding `siteDir` (one small `git rev-parse`), or why there is none to read dates from. */
function readGitState(siteDir: string): GitState {
  const result = runGit(siteDir, ['rev-parse', '--is-shallow-repository', 'HEAD']);
  if (result.error) {
    return unavailable(
      'Last-updated dates need git, which was not found',
      'Install git (it must be on the PATH), or turn showLastUpdateTime and showLastUpdateAuthor off.',
    );
  }
  const [shallow, head] = result.stdout.trim().split('\n');
  if (result.status !== 0 || !head || !/^[0-9a-f]{40,64}$/.test(head)) {
    return unavailable(
      'Last-updated dates come from git, but the site is not in a git repository with a commit',
      'Build from a git clone of the site, or turn showLastUpdateTime and showLastUpdateAuthor off.',
    );
  }
  if (shallow === 'true') {
    return unavailable(
      "The site's git repository is a shallow clone: its history is cut, so its last-updated dates would be wrong",
      'Fetch the whole history (git fetch --unshallow; in GitHub Actions, actions/checkout with fetch-depth: 0).',
    );
  }
  return { type: 'ok', head };
}

/**
 * The commit the site's dates would be read at, for the build's input fingerprint: a commit
 * changes the dates without changing any file. Undefined when there are no dates to read.
 */
export function readGitHead(siteDir: string): string | undefined {
  const state = readGitState(siteDir);
  return state.type === 'ok' ? state.head : undefined;
}

/**
 * The last commit of every file of the site that git tracks. Read from `<cacheDir>/git-last-updates.json`
 * when it was written at the commit checked out; otherwise one `git log` pass, then saved there.
 * A file changed but not committed keeps the date of its last commit (as Docusaurus).
 */
export function readGitLastUpdates(siteDir: string, cacheDir: string | undefined): GitLastUpdates {
  const state = readGitState(siteDir);
  if (state.type === 'unavailable') return { files: {}, warning: state.warning };
  const cacheFile = cacheDir && join(cacheDir, CACHE_FILE);
  if (cacheFile) {
    try {
      const cached = JSON.parse(readFileSync(cacheFile, 'utf8')) as { head?: unknown; files?: Record<string, GitLastUpdate> };
      if (cached.head === state.head && cached.files) return { files: cached.files };
    } catch {
      // None yet, or unreadable: read the log again.
    }
  }
  const files = readGitLog(siteDir);
  if (cacheFile) {
    try {
      writeFileWhole(cacheFile, JSON.stringify({ head: state.head, files }));
    } catch {
      // A cache that cannot be written costs the next build one more git log, nothing else.
    }
  }
  return { files };
}

/** Record separator before each commit, unit separator between its fields. */
const COMMIT = '\x1e';
const FIELD = '\x1f';

/** One `git log` over the site's folder: each file's newest commit (paths relative to the site, as `--relative` gives them). */
function readGitLog(siteDir: string): Record<string, GitLastUpdate> {
  const result = runGit(siteDir, ['log', `--format=${COMMIT}%ct${FIELD}%an`, '--name-only', '--relative', '--', '.']);
  if (result.error || result.status !== 0) return {};
  const files: Record<string, GitLastUpdate> = {};
  for (const commit of result.stdout.split(COMMIT)) {
    const lines = commit.split('\n');
    const [time, author] = lines[0]!.split(FIELD);
    const seconds = Number(time);
    if (!Number.isFinite(seconds)) continue;
    const date = new Date(seconds * 1000).toISOString();
    for (const path of lines.slice(1)) {
      if (path !== '' && !Object.hasOwn(files, path)) files[path] = { date, author: author ?? '' };
    }
  }
  return files;
}
