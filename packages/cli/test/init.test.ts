import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { writeStarterSite } from '../src/init.js';
import { askStarterOptions } from '../src/initQuestions.js';
import { createProgram, EXIT } from '../src/program.js';

/** Runs the program in-process; `input` stands for the terminal docgen init may ask on. */
async function runCli(argv: string[], input?: NodeJS.ReadableStream & { isTTY?: boolean }) {
  let stdout = '';
  let stderr = '';
  const { run } = createProgram({ stdout: (text) => void (stdout += text), stderr: (text) => void (stderr += text), color: false, input });
  const code = await run(argv);
  return { code, stdout, stderr };
}

const scratch = mkdtempSync(join(tmpdir(), 'docgen-init-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
let count = 0;
const newDir = () => join(scratch, `site-${++count}`);
const read = (dir: string, path: string) => readFileSync(join(dir, path), 'utf8');
const NOW = new Date('2026-03-04T10:00:00Z');

describe('docgen init', () => {
  it('writes a site with one English locale and a blog by default', async () => {
    const dir = newDir();
    const { code, stdout, stderr } = await runCli(['init', dir]);
    expect(stderr).toBe('');
    expect(code).toBe(EXIT.ok);
    expect(stdout).toContain(`Created a docgen site in ${dir}`);
    expect(stdout).toContain('npm run dev');
    const files = readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1))
      .sort();
    expect(files).toEqual([
      '.gitignore',
      expect.stringMatching(/^blog\/\d{4}-\d\d-\d\d-welcome\.md$/),
      'blog/authors.yaml',
      'blog/tags.yaml',
      'docgen.config.yaml',
      'docs/intro.md',
      'docs/publish.md',
      'docs/writing/markdown.md',
      'docs/writing/organize.md',
      'package.json',
      'pages/index.tsx',
      'sidebars.yaml',
      'static/img/docgen-flow.svg',
      'static/img/favicon.svg',
      'static/img/logo.svg',
    ]);
    const config = read(dir, 'docgen.config.yaml');
    expect(config.split('\n')[0]).toBe('# yaml-language-server: $schema=./node_modules/@docgen/cli/docgen.config.schema.json');
    expect(parse(config)).toMatchObject({
      title: 'My Docs',
      url: 'https://docs.example.com',
      i18n: { defaultLocale: 'en', locales: ['en'], localeConfigs: { en: { label: 'English', htmlLang: 'en' } } },
      navbar: { items: [{ type: 'docSidebar', sidebarId: 'docs' }, { label: 'Blog', to: '/blog' }, { type: 'docsVersionDropdown' }] },
    });
    const manifest = JSON.parse(read(dir, 'package.json'));
    const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
    expect(manifest).toMatchObject({
      name: `site-${count}`,
      scripts: { dev: 'docgen serve --watch', build: 'docgen build', check: 'docgen check-links' },
      // Run from a checkout of docgen: the release file `pnpm release` writes there.
      devDependencies: { '@docgen/cli': `file:${fileURLToPath(new URL(`../release/docgen-${version}.tgz`, import.meta.url))}` },
    });
    expect(read(dir, '.gitignore')).toMatch(/^build\/$/m);
    expect(read(dir, '.gitignore')).toMatch(/^\.docgen\/$/m);
  });

  it('shows the features in its docs, in docgen syntax', () => {
    const dir = newDir();
    writeStarterSite({ dir, title: 'T', url: 'https://t.example', locales: ['en'], blog: true, docgenVersion: '^1.0.0', now: NOW });
    const markdown = read(dir, 'docs/writing/markdown.md');
    expect(markdown).toMatch(/^:::tip\[Keep them rare\]$/m);
    expect(markdown).toMatch(/^::::tabs\{groupId="package-manager"\}$/m);
    expect(markdown).toMatch(/^```ts title="greet.ts" \{2-3\}$/m);
    expect(markdown).toMatch(/^\| Block \| Syntax \| Good for \|$/m);
    expect(markdown).toContain('![Markdown files go through docgen and come out as a static site](/img/docgen-flow.svg)');
    expect(markdown).toContain('[Organize your docs](./organize.md)');
    expect(read(dir, 'blog/2026-03-04-welcome.md')).toContain('authors: [docgen]');
    expect(read(dir, 'docgen.config.yaml')).toContain('copyright: Copyright © 2026 T. Built with docgen.');
  });

  it('leaves the blog out with --no-blog, and writes the translations of every further locale', async () => {
    const dir = newDir();
    const { code, stderr } = await runCli(['init', dir, '--no-blog', '--locales', 'ko, en,fr', '--title', 'Acme: "API" docs']);
    expect(stderr).toBe('');
    expect(code).toBe(EXIT.ok);
    const entries = readdirSync(dir).sort();
    expect(entries).not.toContain('blog');
    expect(readdirSync(join(dir, 'i18n')).sort()).toEqual(['en', 'fr']);
    expect(readdirSync(join(dir, 'i18n/fr'), { recursive: true }).sort()).toEqual([
      'docs',
      'docs/current',
      'docs/current/intro.md',
      'site.yaml',
      'theme.yaml',
    ]);
    const config = parse(read(dir, 'docgen.config.yaml'));
    expect(config.title).toBe('Acme: "API" docs');
    expect(config.i18n).toEqual({
      defaultLocale: 'ko',
      locales: ['ko', 'en', 'fr'],
      localeConfigs: {
        ko: { label: '한국어', htmlLang: 'ko', direction: 'ltr' },
        en: { label: 'English', htmlLang: 'en', direction: 'ltr' },
        fr: { label: 'Français', htmlLang: 'fr', direction: 'ltr' },
      },
    });
    expect(config.navbar.items.map((item: { type?: string; label?: string }) => item.type ?? item.label)).toEqual([
      'docSidebar',
      'docsVersionDropdown',
      'localeDropdown',
    ]);
    expect(parse(read(dir, 'i18n/fr/site.yaml'))).toMatchObject({ title: 'Acme: "API" docs', labels: { Writing: 'Writing' } });
    expect(parse(read(dir, 'i18n/fr/site.yaml'))).not.toHaveProperty('blogTitle');
    expect(read(dir, 'i18n/en/docs/current/intro.md')).toContain('`i18n/en/docs/current/intro.md`');
  });

  it('refuses a folder that is not empty with exit code 2, and writes nothing', async () => {
    const dir = newDir();
    mkdirSync(dir);
    writeFileSync(join(dir, 'notes.txt'), 'mine');
    const { code, stdout, stderr } = await runCli(['init', dir]);
    expect(code).toBe(EXIT.usage);
    expect(stdout).toBe('');
    expect(stderr).toContain(`error ${dir} is not empty (notes.txt); docgen init writes only into a new or empty folder.`);
    expect(stderr).toContain('hint: Give the name of a new folder, e.g. docgen init my-docs');
    expect(readdirSync(dir)).toEqual(['notes.txt']);
  });

  it('refuses a folder that is not empty before asking anything', async () => {
    const previousCi = process.env.CI;
    delete process.env.CI;
    try {
      const dir = newDir();
      mkdirSync(dir);
      writeFileSync(join(dir, 'notes.txt'), 'mine');
      const input = Object.assign(new PassThrough(), { isTTY: true });
      const { code, stdout } = await runCli(['init', dir], input);
      expect(code).toBe(EXIT.usage);
      expect(stdout).toBe('');
    } finally {
      if (previousCi !== undefined) process.env.CI = previousCi;
    }
  });

  it('writes into an existing empty folder', async () => {
    const dir = newDir();
    mkdirSync(dir);
    expect((await runCli(['init', dir])).code).toBe(EXIT.ok);
    expect(readdirSync(dir)).toContain('docgen.config.yaml');
  });

  it.each([
    [['--url', 'docs.example.com'], '"docs.example.com" is not the origin of a website.'],
    [['--url', 'https://example.com/docs/'], '"https://example.com/docs/" is not the origin of a website.'],
    [['--locales', 'en,en'], 'The locale "en" is given twice.'],
    [['--locales', ' , '], 'No locale is given.'],
    [['--locales', 'en,not a locale'], '"not a locale" is not a locale name.'],
    [['--title', ' '], 'The title is empty.'],
  ])('refuses %j with exit code 2 and creates no folder', async (flags, message) => {
    const dir = newDir();
    const { code, stderr } = await runCli(['init', dir, ...flags]);
    expect(code).toBe(EXIT.usage);
    expect(stderr).toContain(message);
    expect(readdirSync(scratch)).not.toContain(dir.slice(scratch.length + 1));
  });

  it('never waits for input without a terminal, even with no flags', async () => {
    const input = Object.assign(new PassThrough(), { isTTY: false });
    const dir = newDir();
    expect((await runCli(['init', dir], input)).code).toBe(EXIT.ok);
    expect(parse(read(dir, 'docgen.config.yaml')).title).toBe('My Docs');
  });

  it('asks on a terminal when no flag is given, and takes the defaults on Enter', async () => {
    const previousCi = process.env.CI;
    delete process.env.CI;
    try {
      const input = Object.assign(new PassThrough(), { isTTY: true });
      input.end('Acme Docs\nnot a url\nhttps://acme.example\n\nn\n');
      const dir = newDir();
      const { code, stdout } = await runCli(['init', dir], input);
      expect(code).toBe(EXIT.ok);
      expect(stdout).toContain('Title of the site (My Docs): ');
      expect(stdout).toContain('"not a url" is not the origin of a website.');
      const config = parse(read(dir, 'docgen.config.yaml'));
      expect(config).toMatchObject({ title: 'Acme Docs', url: 'https://acme.example', i18n: { locales: ['en'] } });
      expect(readdirSync(dir)).not.toContain('blog');
    } finally {
      if (previousCi !== undefined) process.env.CI = previousCi;
    }
  });

  it('does not ask with CI set, even on a terminal', async () => {
    const previousCi = process.env.CI;
    process.env.CI = '1';
    try {
      const input = Object.assign(new PassThrough(), { isTTY: true });
      const dir = newDir();
      expect((await runCli(['init', dir], input)).code).toBe(EXIT.ok);
    } finally {
      if (previousCi === undefined) delete process.env.CI;
      else process.env.CI = previousCi;
    }
  });

  it('asks again until an answer can be used', async () => {
    const input = new PassThrough();
    let output = '';
    const answers = askStarterOptions(input, Object.assign(new PassThrough(), { write: (text: string) => ((output += text), true) }));
    input.end('\n\nko,en\nmaybe\nyes\n');
    expect(await answers).toEqual({ title: 'My Docs', url: 'https://docs.example.com', locales: ['ko', 'en'], blog: true });
    expect(output).toContain('"maybe" is neither yes nor no. Answer y or n.');
  });
});
