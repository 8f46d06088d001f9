/**
 * The cost of last-updated dates (`showLastUpdateTime`, `showLastUpdateAuthor`): a generated site
 * in a git repository with a history, built with `docgen build --verbose`, whose `git` stage is
 * the one `git log` pass over the whole site. Judged: under a second on a cold build, and no
 * `git log` at all on a rebuild (the pass is cached by commit).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DOCGEN_SHAPE } from './docgenShape.js';
import { generateSite, getSamplePageIndex, type GeneratedSite } from './generateSite.js';
import { summarize, type Metric } from './report.js';
import { runMeasured, type DocgenCommand } from './runProcess.js';

export const GIT_BUDGETS = {
  /** The git pass of a cold build, in ms. */
  coldMs: 1000,
} as const;

/** Commits of the generated history: the first adds every file, each later one edits a few pages. */
const COMMITS = 20;

/** Makes `siteDir` a git repository whose history touches every page, some of them several times. */
function commitHistory(site: GeneratedSite): void {
  const git = (args: string[], date: string) =>
    execFileSync('git', args, {
      cwd: site.siteDir,
      stdio: 'ignore',
      env: {
        ...process.env,
        GIT_AUTHOR_NAME: 'Bench Writer',
        GIT_AUTHOR_EMAIL: 'bench@example.com',
        GIT_COMMITTER_NAME: 'Bench Writer',
        GIT_COMMITTER_EMAIL: 'bench@example.com',
        GIT_AUTHOR_DATE: date,
        GIT_COMMITTER_DATE: date,
      },
    });
  const dateOf = (commit: number) => new Date(Date.UTC(2025, 0, 1 + commit)).toISOString();
  git(['init', '-q'], dateOf(0));
  git(['add', '-A'], dateOf(0));
  git(['commit', '-q', '-m', 'site'], dateOf(0));
  for (let commit = 1; commit < COMMITS; commit++) {
    for (let index = commit; index < site.docs.length; index += COMMITS * 2) {
      const file = join(site.siteDir, site.docs[index]!.sitePath);
      writeFileSync(file, `${readFileSync(file, 'utf8')}\nRevision ${commit}.\n`);
    }
    git(['commit', '-q', '-a', '-m', `revision ${commit}`], dateOf(commit));
  }
}

/** The `git` stage of `docgen build --verbose` (`  git      123 ms`), or 0 when the build did not reach it. */
function readGitStageMs(stdout: string): number {
  const match = /^\s*git\s+(\d+) ms$/m.exec(stdout);
  return match ? Number(match[1]) : 0;
}

export interface GitDatesResult {
  metrics: Metric[];
  /** Files git tracks in the repository. */
  files: number;
  passed: boolean;
}

/**
 * Generates a site of `pages` doc pages (docgen's shape) with last-updated dates on, commits it
 * with a history, then times the git stage of `runs` cold builds (the cache removed before each),
 * of a rebuild with nothing changed, and of a rebuild after an uncommitted edit (which must not
 * run `git log`: the cached pass is not rewritten).
 */
export async function measureGitDates(options: DocgenCommand & { pages: number; runs: number; keep: boolean }): Promise<GitDatesResult> {
  const { pages, runs, log } = options;
  const workDir = mkdtempSync(join(tmpdir(), `docgen-bench-git-${pages}-`));
  try {
    log(`\n[git] last-updated dates: ${pages} pages in a git repository of ${COMMITS} commits, in ${workDir}`);
    const site = generateSite(join(workDir, 'site'), DOCGEN_SHAPE, pages, getSamplePageIndex(DOCGEN_SHAPE, [pages]));
    const configFile = join(site.siteDir, 'docgen.config.yaml');
    const config = readFileSync(configFile, 'utf8');
    const options_ = '  showLastUpdateTime: true\n  showLastUpdateAuthor: true\n';
    writeFileSync(
      configFile,
      /^docs:\n/m.test(config) ? config.replace(/^docs:\n/m, `docs:\n${options_}`) : `${config}\ndocs:\n${options_}`,
    );
    commitHistory(site);
    const files = execFileSync('git', ['ls-files'], { cwd: site.siteDir, encoding: 'utf8' }).split('\n').filter(Boolean).length;
    log(`  committed ${files} files`);

    const outDir = join(workDir, 'out');
    const cacheDir = join(site.siteDir, '.docgen');
    const gitCache = join(cacheDir, 'git-last-updates.json');
    const buildVerbose = async (what: string) => {
      const run = await runMeasured(process.execPath, [options.docgenBin, 'build', site.siteDir, '--out-dir', outDir, '--verbose'], {
        env: options.env,
      });
      if (run.exitCode !== 0) throw new Error(`docgen build failed (${what}, exit code ${run.exitCode}):\n${run.stdout}\n${run.stderr}`);
      if (run.stderr.trim() !== '') log(`  docgen printed (${what}):\n${run.stderr.split('\n').slice(0, 10).join('\n')}`);
      const ms = readGitStageMs(run.stdout);
      log(`  ${what}: build ${(run.milliseconds / 1000).toFixed(2)} s, git stage ${ms} ms`);
      return ms;
    };

    const cold: number[] = [];
    for (let run = 1; run <= runs; run++) {
      rmSync(cacheDir, { recursive: true, force: true });
      rmSync(outDir, { recursive: true, force: true });
      cold.push(await buildVerbose(`cold build ${run}/${runs}`));
    }
    const unchanged = await buildVerbose('rebuild, nothing changed');
    const cachedAt = statSync(gitCache).mtimeMs;
    const editFile = join(site.siteDir, site.editPage.sitePath);
    writeFileSync(editFile, `${readFileSync(editFile, 'utf8')}\nAn edit not committed.\n`);
    const edited = await buildVerbose(`rebuild after editing ${site.editPage.sitePath}`);
    const logRan = !existsSync(gitCache) || statSync(gitCache).mtimeMs !== cachedAt;

    const coldSummary = summarize(cold);
    const metrics: Metric[] = [
      {
        id: 'gitColdMs',
        label: `git pass, cold build (${files} files)`,
        unit: 'ms',
        value: coldSummary,
        budget: { text: `< ${GIT_BUDGETS.coldMs / 1000} s`, pass: coldSummary.median < GIT_BUDGETS.coldMs },
      },
      {
        id: 'gitUnchangedMs',
        label: 'git pass, rebuild with nothing changed',
        unit: 'ms',
        value: unchanged,
        budget: { text: '0', pass: unchanged === 0 },
      },
      {
        id: 'gitEditedMs',
        label: 'git stage, rebuild after an edit',
        unit: 'ms',
        value: edited,
        budget: { text: 'no git log', pass: !logRan },
        note: 'one git rev-parse; the git log pass comes from the cache',
      },
    ];
    return { metrics, files, passed: metrics.every((metric) => metric.budget?.pass !== false) };
  } finally {
    if (options.keep) log(`  kept ${workDir}`);
    else rmSync(workDir, { recursive: true, force: true });
  }
}
