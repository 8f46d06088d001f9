/**
 * "Edit this page" and the last-updated line under docs and posts, as Docusaurus's `editUrl`,
 * `editLocalizedFiles`, `custom_edit_url`, `showLastUpdateTime` and `showLastUpdateAuthor` give
 * them: in Chromium, on a site in a git repository made here, served by a plain static server.
 * The dates must match `git log`; a shallow clone gives one warning and no dates; a rebuild at the
 * same commit runs no `git log` (a `git` on the PATH that records its arguments tells).
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { build } from '@docgen/core';
import { describe, expect, it } from 'vitest';
import { openPage } from '../src/browser.js';
import { runDocgen } from '../src/cli.js';
import { useServedBuild } from '../src/servedBuild.js';

const EDIT_BASE = 'https://github.com/acme/site/edit/main/website/';

const CONFIG = `title: Sources
url: https://sources.example.com
i18n:
  defaultLocale: en
  locales: [en, ko]
docs:
  lastVersion: current
  editUrl: ${EDIT_BASE}
  editLocalizedFiles: true
  showLastUpdateTime: true
  showLastUpdateAuthor: true
blog:
  editUrl: https://git.example.com/acme/site/-/edit/main/{blogDirPath}/{path}?locale={locale}
  showLastUpdateTime: true
`;

function write(siteDir: string, path: string, text: string) {
  mkdirSync(dirname(join(siteDir, path)), { recursive: true });
  writeFileSync(join(siteDir, path), text);
}

function git(cwd: string, args: string[], env: Record<string, string> = {}) {
  return execFileSync('git', args, { cwd, encoding: 'utf8', env: { ...process.env, ...env } });
}

/** Commits everything in `repo` as `author` at `date` (author and committer dates alike). */
function commit(repo: string, author: string, date: string, message: string) {
  git(repo, ['add', '-A']);
  git(repo, ['-c', `user.name=${author}`, '-c', 'user.email=writer@example.com', 'commit', '-q', '-m', message], {
    GIT_AUTHOR_DATE: date,
    GIT_COMMITTER_DATE: date,
  });
}

/** A site at `website/` inside a repository, with two commits by two writers. */
function makeRepository(repo: string): string {
  const site = join(repo, 'website');
  mkdirSync(site, { recursive: true });
  git(repo, ['init', '-q']);
  write(repo, 'README.md', 'The repository holds more than the site.\n');
  write(site, 'docgen.config.yaml', CONFIG);
  write(site, 'sidebars.yaml', 'docs:\n  - intro\n  - guide\n  - pinned\n  - hidden-edit\n');
  write(site, 'versions.json', '["1.0"]\n');
  write(site, 'versioned_sidebars/version-1.0-sidebars.yaml', 'docs:\n  - intro\n');
  write(site, 'versioned_docs/version-1.0/intro.md', '---\ntitle: Intro one\n---\n\nThe old intro.\n');
  write(site, 'docs/intro.md', '---\ntitle: Intro\n---\n\nThe intro.\n');
  write(site, 'docs/guide.md', '---\ntitle: Guide\n---\n\nThe guide.\n');
  write(
    site,
    'docs/pinned.md',
    '---\ntitle: Pinned\ncustom_edit_url: https://wiki.example.com/pinned\nlast_update:\n  date: 2020-02-02\n  author: The Editors\n---\n\nPinned.\n',
  );
  write(site, 'docs/hidden-edit.md', '---\ntitle: Hidden edit\ncustom_edit_url: null\n---\n\nNo edit link.\n');
  write(site, 'i18n/ko/docs/current/intro.md', '---\ntitle: 소개\n---\n\n소개 글.\n');
  write(site, 'blog/2025-01-01-hello.md', '---\ntitle: Hello\n---\n\nA post.\n');
  commit(repo, 'Ada Writer', '2024-03-05T10:00:00Z', 'first');
  write(site, 'docs/guide.md', '---\ntitle: Guide\n---\n\nThe guide, revised.\n');
  write(site, 'i18n/ko/docs/current/intro.md', '---\ntitle: 소개\n---\n\n소개 글, 고침.\n');
  commit(repo, 'Grace Editor', '2025-07-14T23:30:00Z', 'second');
  // Never committed: no date (as Docusaurus), never a wrong one.
  write(site, 'docs/new.md', '---\ntitle: New\n---\n\nNot committed yet.\n');
  return site;
}

/** What `git log` says of a file: the date (en-US, UTC) and the author the page must show. */
function gitLogOf(site: string, path: string): { date: string; author: string } {
  const [seconds, author] = git(site, ['log', '-1', '--format=%ct%x1f%an', '--', path]).trim().split('\x1f');
  const date = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(Number(seconds) * 1000),
  );
  return { date, author: author! };
}

let site: string;
const served = useServedBuild('docgen-page-source-', (root) => (site = makeRepository(join(served.root, 'repo'))));

/** The edit link's URL and the last-updated text of a page, in Chromium. */
async function readPageSource(path: string) {
  const { context, page, problems } = await openPage(served.browser);
  await page.goto(`${served.server.url}${path}`);
  const edit = page.locator('.page-source__edit');
  const updated = page.locator('.page-source__updated');
  const result = {
    editUrl: (await edit.count()) > 0 ? await edit.getAttribute('href') : undefined,
    editText: (await edit.count()) > 0 ? await edit.locator('.page-source__label').textContent() : undefined,
    editTarget: (await edit.count()) > 0 ? await edit.getAttribute('target') : undefined,
    updated: (await updated.count()) > 0 ? await updated.textContent() : undefined,
    datetime: (await updated.count()) > 0 ? await updated.locator('time').getAttribute('datetime') : undefined,
    problems,
  };
  await context.close();
  return result;
}

describe('edit links', () => {
  it('builds without warnings', () => {
    expect(served.diagnostics.map((diagnostic) => diagnostic.message)).toEqual([]);
  });

  it('link a doc to its file under editUrl', async () => {
    const page = await readPageSource('/docs/intro');
    expect(page.editUrl).toBe(`${EDIT_BASE}docs/intro.md`);
    expect(page.editText).toBe('Edit this page');
    expect(page.editTarget).toBe('_blank');
    expect(page.problems).toEqual([]);
  });

  it("link a translated doc to the translation's file (editLocalizedFiles), in the locale's words", async () => {
    const page = await readPageSource('/ko/docs/intro');
    expect(page.editUrl).toBe(`${EDIT_BASE}i18n/ko/docs/current/intro.md`);
    expect(page.editText).toBe('이 페이지 편집');
  });

  it('link an untranslated page of a locale to the default locale’s file', async () => {
    expect((await readPageSource('/ko/docs/guide')).editUrl).toBe(`${EDIT_BASE}docs/guide.md`);
  });

  it("link a versioned doc to its version's folder", async () => {
    expect((await readPageSource('/docs/1.0/intro')).editUrl).toBe(`${EDIT_BASE}versioned_docs/version-1.0/intro.md`);
  });

  it('follow custom_edit_url, and none with custom_edit_url: null', async () => {
    expect((await readPageSource('/docs/pinned')).editUrl).toBe('https://wiki.example.com/pinned');
    expect((await readPageSource('/docs/hidden-edit')).editUrl).toBeUndefined();
  });

  it("fill a blog editUrl template's placeholders", async () => {
    expect((await readPageSource('/blog/hello')).editUrl).toBe(
      'https://git.example.com/acme/site/-/edit/main/blog/2025-01-01-hello.md?locale=en',
    );
  });
});

describe('last updated', () => {
  it('matches git log: date and author of the last commit of the file', async () => {
    for (const [path, file] of [
      ['/docs/intro', 'docs/intro.md'],
      ['/docs/guide', 'docs/guide.md'],
    ] as const) {
      const expected = gitLogOf(site, file);
      const page = await readPageSource(path);
      expect(page.updated).toBe(`Last updated on ${expected.date} by ${expected.author}`);
    }
    expect((await readPageSource('/docs/guide')).updated).toBe('Last updated on July 14, 2025 by Grace Editor');
  });

  it("dates a translation by its own file, in the locale's format", async () => {
    const page = await readPageSource('/ko/docs/intro');
    expect(page.updated).toBe('최종 수정: 2025년 7월 14일, Grace Editor');
    expect(page.datetime).toBe('2025-07-14T23:30:00.000Z');
  });

  it('takes front matter last_update over git', async () => {
    expect((await readPageSource('/docs/pinned')).updated).toBe('Last updated on February 2, 2020 by The Editors');
  });

  it('shows no date for a file never committed', async () => {
    expect((await readPageSource('/docs/new')).updated).toBeUndefined();
  });

  it('shows only the date on a post when only showLastUpdateTime is on', async () => {
    expect((await readPageSource('/blog/hello')).updated).toBe(`Last updated on ${gitLogOf(site, 'blog/2025-01-01-hello.md').date}`);
  });

  it('gives the sitemap the date as lastmod', () => {
    const sitemap = readFileSync(join(served.root, 'build', 'sitemap.xml'), 'utf8');
    expect(sitemap).toContain('<loc>https://sources.example.com/docs/guide</loc><lastmod>2025-07-14</lastmod>');
    expect(sitemap).toContain('<loc>https://sources.example.com/docs/pinned</loc><lastmod>2020-02-02</lastmod>');
    expect(sitemap).toMatch(/<loc>https:\/\/sources\.example\.com\/docs\/new<\/loc><xhtml/);
  });
});

describe('git itself', () => {
  /** A `git` first on the PATH that appends its arguments to `calls` and runs the real git. */
  function recordingGit(dir: string, calls: string): NodeJS.ProcessEnv {
    const realGit = execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim();
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'git'), `#!/bin/sh\necho "$*" >> ${JSON.stringify(calls)}\nexec ${JSON.stringify(realGit)} "$@"\n`);
    chmodSync(join(dir, 'git'), 0o755);
    return { PATH: `${dir}:${process.env.PATH}` };
  }
  const logCalls = (calls: string) =>
    existsSync(calls)
      ? readFileSync(calls, 'utf8')
          .split('\n')
          .filter((line) => / log /.test(` ${line} `))
      : [];

  it('runs one git log for the whole site, and none on a rebuild at the same commit, even after an edit', async () => {
    const repo = join(served.root, 'recorded');
    const recordedSite = makeRepository(repo);
    const calls = join(served.root, 'git-calls.txt');
    const env = recordingGit(join(served.root, 'bin'), calls);
    const out = join(served.root, 'recorded-build');
    expect((await runDocgen(['build', recordedSite, '--out-dir', out], env)).code).toBe(0);
    expect(logCalls(calls)).toHaveLength(1);
    write(recordedSite, 'docs/intro.md', '---\ntitle: Intro\n---\n\nThe intro, edited but not committed.\n');
    const rebuilt = await runDocgen(['build', recordedSite, '--out-dir', out], env);
    expect(rebuilt.code).toBe(0);
    expect(logCalls(calls)).toHaveLength(1);
    // Uncommitted changes keep the date of the last commit (as Docusaurus).
    expect(readFileSync(join(out, 'docs/intro/index.html'), 'utf8')).toContain('March 5, 2024');
    // A commit changes no file but the dates: the next build reads the log again and shows it.
    commit(repo, 'Lin Committer', '2026-01-09T08:00:00Z', 'third');
    expect((await runDocgen(['build', recordedSite, '--out-dir', out], env)).code).toBe(0);
    expect(logCalls(calls)).toHaveLength(2);
    expect(readFileSync(join(out, 'docs/intro/index.html'), 'utf8')).toContain('January 9, 2026');
  });

  it('warns once and shows no dates in a shallow clone, and never wrong ones', async () => {
    const clone = join(served.root, 'shallow');
    execFileSync('git', ['clone', '-q', '--depth', '1', `file://${join(served.root, 'repo')}`, clone]);
    const result = await build({ siteDir: join(clone, 'website'), outDir: join(served.root, 'shallow-build') });
    const gitWarnings = result.diagnostics.filter((diagnostic) => diagnostic.code === 'git-last-update');
    expect(gitWarnings).toHaveLength(1);
    expect(gitWarnings[0]!.message).toMatch(/shallow clone/);
    expect(result.diagnostics).toHaveLength(1);
    const html = readFileSync(join(served.root, 'shallow-build', 'docs/intro/index.html'), 'utf8');
    expect(html).not.toContain('page-source__updated');
    // The edit links do not need history.
    expect(html).toContain(`${EDIT_BASE}docs/intro.md`);
    // Front matter dates stay.
    expect(readFileSync(join(served.root, 'shallow-build', 'docs/pinned/index.html'), 'utf8')).toContain('February 2, 2020');
  });

  it('warns once and shows no dates outside a git repository', async () => {
    const plain = join(served.root, 'plain');
    makeRepository(plain);
    rmSync(join(plain, '.git'), { recursive: true, force: true });
    const result = await build({ siteDir: join(plain, 'website'), outDir: join(served.root, 'plain-build') });
    expect(result.diagnostics.map((diagnostic) => diagnostic.message)).toEqual([
      'Last-updated dates come from git, but the site is not in a git repository with a commit',
    ]);
    expect(readFileSync(join(served.root, 'plain-build', 'docs/guide/index.html'), 'utf8')).not.toContain('page-source__updated');
  });
});
