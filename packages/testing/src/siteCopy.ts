import { execFileSync } from 'node:child_process';
import { cpSync } from 'node:fs';
import { relative } from 'node:path';
import { DOCS_CONTENT } from './paths.js';

/** When the one commit of a copied site was made: its pages' last-updated date. */
export const COPY_COMMIT_DATE = '2025-08-01T09:00:00Z';

/**
 * Copies docs-content's sources (not its build output or caches) to `target`, as a git repository
 * of one commit (at COPY_COMMIT_DATE, by "docs-content"): docs-content shows last-updated dates
 * from git, and a copy outside any repository would warn that it has none.
 */
export function copyDocsContent(target: string): string {
  cpSync(DOCS_CONTENT, target, {
    recursive: true,
    filter: (source) => source === DOCS_CONTENT || !/^(build|node_modules|\.docgen)([\\/]|$)/.test(relative(DOCS_CONTENT, source)),
  });
  commitAll(target);
  return target;
}

/** Makes `dir` a git repository whose one commit holds every file in it. */
export function commitAll(dir: string): void {
  const env = {
    ...process.env,
    GIT_AUTHOR_NAME: 'docs-content',
    GIT_AUTHOR_EMAIL: 'docs@example.com',
    GIT_COMMITTER_NAME: 'docs-content',
    GIT_COMMITTER_EMAIL: 'docs@example.com',
    GIT_AUTHOR_DATE: COPY_COMMIT_DATE,
    GIT_COMMITTER_DATE: COPY_COMMIT_DATE,
  };
  const git = (args: string[]) => execFileSync('git', args, { cwd: dir, env, stdio: 'ignore' });
  git(['init', '-q']);
  git(['add', '-A']);
  git(['-c', 'commit.gpgsign=false', 'commit', '-q', '-m', 'copy of docs-content']);
}
