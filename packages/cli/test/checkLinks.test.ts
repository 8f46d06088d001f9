import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createProgram, EXIT } from '../src/program.js';

/** Runs the program in-process with a fake terminal; returns the exit code and everything printed. */
async function runCli(argv: string[]) {
  let stdout = '';
  let stderr = '';
  const { run } = createProgram({ stdout: (text) => void (stdout += text), stderr: (text) => void (stderr += text), color: false });
  const code = await run(argv);
  return { code, stdout, stderr };
}

const fixture = (name: string) => fileURLToPath(new URL(`../../core/test/fixtures/${name}`, import.meta.url));
const BROKEN = fixture('links-broken');
const CLEAN = fixture('links-clean');

const tempDirs: string[] = [];
const makeTempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'docgen-check-links-'));
  tempDirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

describe('docgen check-links', () => {
  it('prints each problem as file:line:col  link  reason, grouped by file with counts, and exits with 1', async () => {
    const { code, stdout, stderr } = await runCli(['check-links', BROKEN]);
    expect(code).toBe(EXIT.problems);
    expect(code).toBe(1);
    expect(stderr).toBe('');
    expect(stdout).toMatchInlineSnapshot(`
      "blog/2025-01-01-hello.md (1 problem)
        blog/2025-01-01-hello.md:5:28  ../docs/nope.md  no page is built from docs/nope.md

      docgen.config.yaml (3 problems)
        docgen.config.yaml:13:11  /docs/nowhere-navbar  no page at /docs/nowhere-navbar
        docgen.config.yaml:23:15  /docs/missing-footer  no page at /docs/missing-footer
        docgen.config.yaml:26:49  /docs/gone  no page at /docs/gone

      docs/start.md (11 problems)
        docs/start.md:7:1  ./missing.md  no page is built from docs/missing.md
        docs/start.md:9:1  /docs/nowhere  no page at /docs/nowhere
        docs/start.md:11:1  ./guide/api.md#no-such-heading  /docs/guide/api has no heading with id "no-such-heading"
        docs/start.md:13:1  #없는-제목  /docs/start has no heading with id "없는-제목"
        docs/start.md:17:1  ./guide/api.md#%EC%9D%91%EB%8B%B5-%EC%BD%94%EB%93%9C  /docs/guide/api has no heading with id "응답-코드"
        docs/start.md:21:1  /docs/1.0/guide/api  no page at /docs/1.0/guide/api: did you mean /docs/guide/api?
        docs/start.md:25:1  /en/docs/nowhere  no page at /en/docs/nowhere
        docs/start.md:29:1  /files/missing.pdf  no page or file at /files/missing.pdf
        docs/start.md:33:1  https//example.com  malformed URL: missing ":" after "https"
        docs/start.md:41:1  ./guide/apii.md  no page is built from docs/guide/apii.md: did you mean docs/guide/api.md?
        docs/start.md:43:1  ./guide/api.md#요청-파라미타  /docs/guide/api has no heading with id "요청-파라미타": did you mean #요청-파라미터?

      i18n/en/site.yaml (1 problem)
        i18n/en/site.yaml:1:60  /en/docs/nowhere  no page at /en/docs/nowhere

      pages/about.md (1 problem)
        pages/about.md:5:1  /nowhere  no page at /nowhere

      sidebars.yaml (1 problem)
        sidebars.yaml:8:9  /docs/no-such-page  no page at /docs/no-such-page

      ✖ 18 problems in 6 files
      "
    `);
  });

  it('prints a machine-readable report with --format json and exits with 1', async () => {
    const { code, stdout, stderr } = await runCli(['check-links', BROKEN, '--format', 'json']);
    expect(code).toBe(1);
    expect(stderr).toBe('');
    const report = JSON.parse(stdout) as { problems: Record<string, unknown>[]; count: number };
    expect(Object.keys(report)).toEqual(['problems', 'count']);
    expect(report.count).toBe(18);
    expect(report.problems).toHaveLength(18);
    expect(report.problems[0]).toEqual({
      file: 'blog/2025-01-01-hello.md',
      line: 5,
      column: 28,
      link: '../docs/nope.md',
      reason: 'no page is built from docs/nope.md',
    });
    expect(report.problems.map((problem) => `${problem.file}:${problem.line}:${problem.column}`)).toEqual([
      'blog/2025-01-01-hello.md:5:28',
      'docgen.config.yaml:13:11',
      'docgen.config.yaml:23:15',
      'docgen.config.yaml:26:49',
      'docs/start.md:7:1',
      'docs/start.md:9:1',
      'docs/start.md:11:1',
      'docs/start.md:13:1',
      'docs/start.md:17:1',
      'docs/start.md:21:1',
      'docs/start.md:25:1',
      'docs/start.md:29:1',
      'docs/start.md:33:1',
      'docs/start.md:41:1',
      'docs/start.md:43:1',
      'i18n/en/site.yaml:1:60',
      'pages/about.md:5:1',
      'sidebars.yaml:8:9',
    ]);
  });

  it('says that no problems were found and exits with 0 on a clean site, in both formats', async () => {
    const text = await runCli(['check-links', CLEAN]);
    expect(text.code).toBe(EXIT.ok);
    expect(text.stderr).toBe('');
    expect(text.stdout).toMatch(/^✔ No problems found in the links and anchors of \d+ pages\.\n$/);
    const json = await runCli(['check-links', CLEAN, '--format', 'json']);
    expect(json).toEqual({ code: 0, stdout: '{\n  "problems": [],\n  "count": 0\n}\n', stderr: '' });
  });

  it('exits with 2 on a config error, printed at file:line:col, whatever the format', async () => {
    const siteDir = makeTempDir();
    mkdirSync(join(siteDir, 'docs'));
    writeFileSync(join(siteDir, 'docgen.config.yaml'), 'title: T\nurl: https://x.example.com\nnavbar:\n  items:\n    - type: fancy\n');
    for (const format of ['text', 'json']) {
      const { code, stdout, stderr } = await runCli(['check-links', siteDir, '--format', format]);
      expect(code).toBe(EXIT.usage);
      expect(stdout).toBe('');
      expect(stderr).toBe(
        'error docgen.config.yaml:5:13  No NavbarItem component found for type "fancy"\n' +
          '    hint: Use one of the navbar item types: default, doc, docSidebar, dropdown, docsVersionDropdown, localeDropdown, html.\n',
      );
    }
  });

  it('exits with 2 on a content error and on an unknown --format', async () => {
    const siteDir = makeTempDir();
    cpSync(CLEAN, siteDir, { recursive: true });
    writeFileSync(join(siteDir, 'sidebars.yaml'), 'docs:\n  - no/such/doc\n');
    const content = await runCli(['check-links', siteDir]);
    expect(content.code).toBe(2);
    expect(content.stderr).toMatch(
      /^error sidebars\.yaml:2:5 {2}Sidebar "docs" of version .* points at doc "no\/such\/doc", which does not exist\n/,
    );
    const format = await runCli(['check-links', CLEAN, '--format', 'xml']);
    expect(format.code).toBe(2);
    expect(format.stderr).toContain("error: option '--format <format>' argument 'xml' is invalid. Allowed choices are text, json.");
  });

  it('finds the same problems that build prints as warnings on the same broken site', async () => {
    const siteDir = join(makeTempDir(), 'site');
    cpSync(BROKEN, siteDir, { recursive: true });
    const built = await runCli(['build', siteDir, '--out-dir', join(siteDir, '..', 'out'), '--verbose']);
    expect(built.code).toBe(0);
    // Each warning, and the other places of a repeated one (`also at`, every one with --verbose).
    const warnings: { at: string; message: string }[] = [];
    for (const [, at, message, others] of built.stderr.matchAll(
      /^warning (\S+:\d+:\d+) {2}(.*)\n(?: {4}hint:.*\n)?(?: {4}also at (.*)\n)?/gm,
    )) {
      for (const place of [at!, ...(others ? others.split(', ') : [])]) warnings.push({ at: place, message: message! });
    }
    const checked = await runCli(['check-links', siteDir, '--format', 'json']);
    const { problems } = JSON.parse(checked.stdout) as { problems: { file: string; line: number; column: number; link: string }[] };
    expect(warnings).toHaveLength(18);
    const byPlace = new Map(warnings.map((warning) => [warning.at, warning.message]));
    expect([...byPlace.keys()].sort()).toEqual(problems.map((problem) => `${problem.file}:${problem.line}:${problem.column}`).sort());
    for (const problem of problems) expect(byPlace.get(`${problem.file}:${problem.line}:${problem.column}`)).toContain(problem.link);
  }, 60_000);
});
