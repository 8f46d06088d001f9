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

/** Runs git in the site's folder, paths unquoted. */
export function runGit(siteDir: string, args: string[]) {
  return spawnSync('git', ['-c', 'core.quotePath=false', ...args], { ...getGitOptions(siteDir), encoding: 'utf8' });
}

/** How docgen runs git in the site's folder: no optional locks (a build never blocks a user's git), the C locale, room for a long log. */
export function getGitOptions(siteDir: string) {
  return { cwd: siteDir, maxBuffer: 1 << 30, env: { ...process.env, GIT_OPTIONAL_LOCKS: '0', LC_ALL: 'C' } };
}

/** What reads git says it needs, and how to do without: the words of its warning when git has nothing to give. */
export interface GitUse {
  code: 'git-last-update' | 'translation-status';
  /** What needs git: "Last-updated dates". */
  what: string;
  /** How to go without: "turn showLastUpdateTime and showLastUpdateAuthor off". */
  off: string;
  /** What happens meanwhile. */
  meanwhile: string;
}

const LAST_UPDATES: GitUse = {
  code: 'git-last-update',
  what: 'Last-updated dates',
  off: 'turn showLastUpdateTime and showLastUpdateAuthor off',
  meanwhile: 'Pages show no last-updated date until then; front matter last_update still sets one.',
};

/** The commit checked out in the repository holding `siteDir` (one small `git rev-parse`), or why there is none to read history from. */
export function readGitState(siteDir: string, use: GitUse = LAST_UPDATES): GitState {
  const unavailable = (message: string, hint: string): GitState => ({
    type: 'unavailable',
    warning: { severity: 'warning', code: use.code, message, hint: `${hint} ${use.meanwhile}` },
  });
  const result = runGit(siteDir, ['rev-parse', '--is-shallow-repository', 'HEAD']);
  if (result.error) return unavailable(`${use.what} need git, which was not found`, `Install git (it must be on the PATH), or ${use.off}.`);
  const [shallow, head] = result.stdout.trim().split('\n');
  if (result.status !== 0 || !head || !/^[0-9a-f]{40,64}$/.test(head)) {
    return unavailable(
      `${use.what} come from git, but the site is not in a git repository with a commit`,
      `Build from a git clone of the site, or ${use.off}.`,
    );
  }
  if (shallow === 'true') {
    return unavailable(
      `The site's git repository is a shallow clone: its history is cut, so its ${use.what.toLowerCase()} would be wrong`,
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
  return { files: readByCommit(cacheDir && join(cacheDir, CACHE_FILE), state.head, () => readGitLog(siteDir)) };
}

/**
 * What `read` gives at the commit `head`: from `cacheFile` when it was written at that commit,
 * else read and saved there (a cache that cannot be written costs the next run one more git pass).
 */
export function readByCommit<T>(cacheFile: string | undefined, head: string, read: () => T): T {
  if (cacheFile) {
    try {
      const cached = JSON.parse(readFileSync(cacheFile, 'utf8')) as { head?: unknown; files?: T };
      if (cached.head === head && cached.files) return cached.files;
    } catch {
      // None yet, or unreadable: read it again.
    }
  }
  const files = read();
  if (cacheFile) {
    try {
      writeFileWhole(cacheFile, JSON.stringify({ head, files }));
    } catch {
      // Left for the next run to read again.
    }
  }
  return files;
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
