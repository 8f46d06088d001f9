import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProgram, EXIT } from '../src/program.js';

/** Runs the program in-process with a fake terminal; returns the exit code and everything printed. */
async function runCli(argv: string[]) {
  let stdout = '';
  let stderr = '';
  const { run } = createProgram({ stdout: (text) => void (stdout += text), stderr: (text) => void (stderr += text), color: false });
  const code = await run(argv);
  return { code, stdout, stderr };
}

const tempDirs: string[] = [];
function makeSite(config: string, docs: Record<string, string> = {}): string {
  const dir = mkdtempSync(join(tmpdir(), 'docgen-cli-'));
  tempDirs.push(dir);
  writeFileSync(join(dir, 'docgen.config.yaml'), config);
  mkdirSync(join(dir, 'docs'));
  for (const [name, text] of Object.entries(docs)) writeFileSync(join(dir, 'docs', name), text);
  return dir;
}

// Commander wraps help to the terminal width when stdout is a TTY; pin the 80-column layout.
const ttyState = { out: process.stdout.isTTY, err: process.stderr.isTTY };
beforeAll(() => {
  process.stdout.isTTY = false as true;
  process.stderr.isTTY = false as true;
});
afterAll(() => {
  process.stdout.isTTY = ttyState.out;
  process.stderr.isTTY = ttyState.err;
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

describe('docgen CLI', () => {
  it('lists the commands in --help', async () => {
    const { code, stdout, stderr } = await runCli(['--help']);
    expect(code).toBe(EXIT.ok);
    expect(stderr).toBe('');
    expect(stdout).toMatchInlineSnapshot(`
      "Usage: docgen [options] [command]

      Static documentation sites from markdown: versioned, multilingual, fast.

      Options:
        -v, --version                       print the docgen version
        --debug                             print the stack trace of an error
        -h, --help                          display help for command

      Commands:
        init [options] [dir]                create a new site, ready to build, in a
                                            new or empty folder
        build [options] [siteDir]           build the site into static files
        pdf [options] [siteDir]             build the site, then write a PDF manual
                                            per docs version and locale (cover,
                                            contents, bookmarks, links)
        translations [options] [siteDir]    how each page of the other locales is
                                            translated: translated, missing, or
                                            outdated (its source changed since, from
                                            git)
        clear [options] [siteDir]           delete the site's build cache (compiled
                                            content, bundles, the record of the last
                                            build)
        serve [options] [siteDir]           serve the site over HTTP; with --watch,
                                            build it and rebuild on every change
        version                             manage docs versions
        check-links [options] [siteDir]     check every internal link and anchor of
                                            the site (exit code 1 when one is broken)
        migrate                             convert a site from another generator into
                                            a docgen site
        swizzle [options] [name] [siteDir]  make a component of the theme the site's
                                            own: copy it (--eject) or wrap it (--wrap)
                                            in src/theme/<Name>.tsx
        config-schema [options]             print the JSON Schema of
                                            docgen.config.yaml (for editor completion)
        help [command]                      display help for command
      "
    `);
  });

  it('prints the version from its package.json with --version and -v', async () => {
    const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
    expect(version).toMatch(/^\d+\.\d+\.\d+/);
    expect(await runCli(['--version'])).toEqual({ code: 0, stdout: `${version}\n`, stderr: '' });
    expect(await runCli(['-v'])).toEqual({ code: 0, stdout: `${version}\n`, stderr: '' });
  });

  it('exits with 2 on an unknown option and says which', async () => {
    const { code, stdout, stderr } = await runCli(['build', '--bogus']);
    expect(code).toBe(EXIT.usage);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr.startsWith("error: unknown option '--bogus'\n")).toBe(true);
    expect(stderr).toContain('Usage: docgen build [options] [siteDir]');
  });

  it('exits with 2 on an unknown command, in one line and a pointer to --help, not the whole help', async () => {
    const { code, stdout, stderr } = await runCli(['publish']);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toBe("error: unknown command 'publish'\nRun docgen --help to see the commands.\n");
    const misspelt = await runCli(['biuld', '.']);
    expect(misspelt.code).toBe(2);
    expect(misspelt.stderr).toBe("error: unknown command 'biuld' (did you mean build?)\nRun docgen --help to see the commands.\n");
  });

  it('exits with 2 on an --editor-url that does not place the file', async () => {
    const { code, stderr } = await runCli(['serve', '--watch', '--editor-url', 'vscode://file']);
    expect(code).toBe(2);
    expect(stderr).toContain('Give a URL template with {path} (and {line}, {column}), e.g. vscode://file{path}:{line}:{column}');
  });

  it('exits with 2 on a bad --port', async () => {
    const { code, stderr } = await runCli(['serve', '--port', 'http']);
    expect(code).toBe(2);
    expect(stderr).toContain('Give a port number between 0 and 65535.');
  });

  it('exits with 2 on a config error and prints file:line:col, message and hint', async () => {
    const siteDir = makeSite(['title: T', 'url: https://x.example.com', 'navbar:', '  items:', '    - type: fancy', ''].join('\n'));
    const { code, stdout, stderr } = await runCli(['build', siteDir]);
    expect(code).toBe(EXIT.usage);
    expect(stdout).toBe('');
    expect(stderr).toBe(
      'error docgen.config.yaml:5:13  No NavbarItem component found for type "fancy"\n' +
        '    hint: Use one of the navbar item types: default, doc, docSidebar, dropdown, docsVersionDropdown, localeDropdown, html.\n',
    );
  });

  it('exits with 2 on a missing config file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'docgen-cli-empty-'));
    tempDirs.push(dir);
    const { code, stderr } = await runCli(['build', dir]);
    expect(code).toBe(2);
    // An empty folder is where a site starts.
    expect(stderr).toBe(`error No docgen.config.yaml found in ${dir}\n    hint: To start a site here: docgen init ${dir}\n`);
    // A Docusaurus site is migrated; any other folder is not a site.
    writeFileSync(join(dir, 'docusaurus.config.ts'), 'export default {};\n');
    expect((await runCli(['build', dir])).stderr).toContain(
      `hint: This is a Docusaurus site (docusaurus.config.ts): docgen migrate docusaurus ${dir} converts it into a docgen site beside it.`,
    );
    rmSync(join(dir, 'docusaurus.config.ts'));
    writeFileSync(join(dir, 'notes.txt'), 'not a site\n');
    expect((await runCli(['build', dir])).stderr).toContain(
      'hint: Run docgen in a site folder, or pass the folder: docgen build path/to/site',
    );
  });

  it("answers a Docusaurus user's commands and options with docgen's", async () => {
    for (const [argv, hint] of [
      [['start'], 'docgen serve --watch is the development server'],
      [['docs:version', '1.0'], 'docgen version cut <name> freezes the current docs as a version.'],
      [['deploy'], 'docgen build writes static files'],
      [['build', '--out', 'dist'], '--out-dir <dir> names the output folder.'],
      [['build', '--watch'], 'docgen serve --watch builds, watches and serves the site.'],
    ] as const) {
      const { code, stderr } = await runCli([...argv]);
      expect(code, argv.join(' ')).toBe(EXIT.usage);
      expect(stderr.split('\n').slice(0, 2).join('\n'), argv.join(' ')).toMatch(
        new RegExp(`^error: unknown (command|option) '[^']+'\n    hint: ${hint.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`),
      );
    }
  });

  it('builds a site, reports markdown warnings on stderr and exits with 0', async () => {
    const siteDir = makeSite('title: T\nurl: https://x.example.com\n', { 'intro.md': '# Intro\n\nReturns List<String>.\n' });
    const { code, stdout, stderr } = await runCli(['build', siteDir, '--out-dir', 'dist']);
    expect(code).toBe(EXIT.ok);
    expect(stdout).toMatch(
      new RegExp(
        `^✔ Built 3 pages into ${join(siteDir, 'dist').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} in \\d+\\.\\d\\d s\\n` +
          `Next: docgen serve ${siteDir} --out-dir dist to look at it, docgen check-links ${siteDir} to check its links\\.\\n$`,
      ),
    );
    expect(stderr).toBe(
      'warning docs/intro.md:3:13  Unknown HTML tag <String> is shown as text\n' +
        '    hint: If this is code such as List<String>, wrap it in backticks: `List<String>`.\n' +
        '1 warning\n',
    );
    expect(readFileSync(join(siteDir, 'dist', 'docs', 'intro', 'index.html'), 'utf8')).toContain('Intro');
  });

  it('prints a repeated warning once, with its other places under it, and every place with --verbose', async () => {
    // Five pages with the same unknown language, one with another: two warnings to read, not six.
    const pages = Object.fromEntries(
      ['a', 'b', 'c', 'd', 'e'].map((name) => [`${name}.md`, `# ${name}\n\n\`\`\`promql\nup == 0\n\`\`\`\n`]),
    );
    const siteDir = makeSite('title: T\nurl: https://x.example.com\n', { ...pages, 'f.md': '# f\n\n```logql\n{job="x"}\n```\n' });
    const { code, stderr } = await runCli(['build', siteDir]);
    expect(code).toBe(EXIT.ok);
    const hint = '    hint: Use a Prism language name, or add it to code.additionalLanguages in the config.\n';
    expect(stderr).toBe(
      'warning docs/a.md:3:1  Unknown code language "promql"; the block is shown without highlighting\n' +
        hint +
        '    also at docs/b.md:3:1, docs/c.md:3:1, docs/d.md:3:1 and 1 more place (--verbose lists them)\n' +
        'warning docs/f.md:3:1  Unknown code language "logql"; the block is shown without highlighting\n' +
        hint +
        '6 warnings (2 distinct)\n',
    );
    const verbose = await runCli(['build', siteDir, '--verbose']);
    expect(verbose.stderr).toContain('    also at docs/b.md:3:1, docs/c.md:3:1, docs/d.md:3:1, docs/e.md:3:1\n');
  });

  describe('on a generated site of 1,000 pages that repeat their problems', () => {
    // As generated API references are: each page carries the generator's own front matter, a
    // language Prism does not know and a link to an anchor that is gone; one page has a typo.
    let siteDir = '';
    beforeAll(() => {
      const pages = Object.fromEntries(
        Array.from({ length: 1000 }, (_, index) => [
          `api-${index}.md`,
          `---\ntitle: API ${index}\napi_metadata: {group: g${index % 7}}\nweight: ${index}\n---\n\n` +
            `See [the overview](overview.md#removed-section).\n\n\`\`\`promql\nup{job="api-${index}"} == 0\n\`\`\`\n`,
        ]),
      );
      siteDir = makeSite('title: T\nurl: https://x.example.com\n', {
        ...pages,
        'overview.md': '---\nsidebar_postion: 1\n---\n\n# Overview\n\n```log\nstarted\n```\n',
      });
    });

    it("prints one screen that still names every distinct problem, and keeps the site's own keys silently", async () => {
      const { code, stderr } = await runCli(['build', siteDir]);
      expect(code).toBe(EXIT.ok);
      const lines = stderr.trimEnd().split('\n');
      expect(lines.length).toBeLessThanOrEqual(24);
      expect(stderr).toContain('Unknown code language "promql"');
      expect(stderr).toContain('Unknown code language "log"');
      expect(stderr).toMatch(/#removed-section/);
      expect(stderr).toContain('warning docs/overview.md:2:1  Unknown front matter "sidebar_postion": did you mean "sidebar_position"?');
      expect(stderr).not.toMatch(/api_metadata|weight/);
      expect(lines.at(-1)).toMatch(/^2002 warnings \(4 distinct\)$/);
    });

    it('keeps every warning in --format json, and marks what only --strict reports', async () => {
      const { code, stdout, stderr } = await runCli(['build', siteDir, '--format', 'json']);
      expect(code).toBe(EXIT.ok);
      expect(stderr).toBe('');
      const report = JSON.parse(stdout) as { pages: number; warnings: Array<{ code: string; message: string; strictOnly?: true }> };
      expect(report.pages).toBeGreaterThan(1000);
      const strictOnly = report.warnings.filter((warning) => warning.strictOnly);
      expect(strictOnly).toHaveLength(2000);
      expect(new Set(strictOnly.map((warning) => warning.message))).toEqual(
        new Set(['Unknown front matter "api_metadata"', 'Unknown front matter "weight"']),
      );
      expect(report.warnings.filter((warning) => !warning.strictOnly)).toHaveLength(2002);
    });

    it('fails with --max-warnings below the count, and with --strict, which reports the unknown keys too', async () => {
      const limited = await runCli(['build', siteDir, '--max-warnings', '2001']);
      expect(limited.code).toBe(EXIT.problems);
      expect(limited.stderr).toContain('Failed: 2002 warnings, and --max-warnings allows 2001 (the site was written all the same).');
      expect((await runCli(['build', siteDir, '--max-warnings', '2002'])).code).toBe(EXIT.ok);
      const strict = await runCli(['build', siteDir, '--strict']);
      expect(strict.code).toBe(EXIT.problems);
      expect(strict.stderr).toContain('Unknown front matter "api_metadata"');
      expect(strict.stderr).toMatch(/^4002 warnings \(6 distinct\)$/m);
      expect(strict.stderr).toContain('--strict allows none');
      expect((await runCli(['build', siteDir, '--max-warnings', 'some'])).code).toBe(EXIT.usage);
    });
  });

  it('prints the JSON Schema that is committed as docs-content/docgen.config.schema.json', async () => {
    const { code, stdout } = await runCli(['config-schema']);
    expect(code).toBe(0);
    const committed = readFileSync(new URL('../../../docs-content/docgen.config.schema.json', import.meta.url), 'utf8');
    expect(stdout).toBe(committed);
    expect(Object.keys((JSON.parse(stdout) as { properties: object }).properties)).toEqual(
      expect.arrayContaining(['title', 'url', 'i18n', 'docs', 'navbar']),
    );
  });
});
