import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

/** The language of the starter text `text` is in, by its script: Hangul ko, kana ja, other Han characters zh, none of them en. */
function languageOf(text: string): string {
  if (/\p{Script=Hangul}/u.test(text)) return 'ko';
  if (/[\p{Script=Hiragana}\p{Script=Katakana}]/u.test(text)) return 'ja';
  if (/\p{Script=Han}/u.test(text)) return 'zh';
  return 'en';
}

/** Expects each of `texts` in `language`, by its script (a short Japanese text may be all kanji). */
function expectLanguage(texts: string[], language: string): void {
  for (const text of texts) expect(language === 'ja' && languageOf(text) === 'zh' ? 'ja' : languageOf(text), text).toBe(language);
}

/** A markdown file's front matter and body. */
function readMarkdown(dir: string, path: string): { frontMatter: Record<string, string>; body: string } {
  const [, frontMatter, body] = read(dir, path).split(/^---$/m);
  return { frontMatter: parse(frontMatter!), body: body! };
}

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
      // esbuild's install script is docgen's to vouch for: npm 11.16+ lists unreviewed ones, npm 12 skips them.
      allowScripts: { esbuild: true },
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
    expect(parse(read(dir, 'i18n/fr/site.yaml'))).toMatchObject({ title: 'Acme: "API" docs', labels: { '문서 작성': 'Writing' } });
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

  it.each([
    ['ko-KR', 'ko'],
    ['ja-JP', 'ja'],
    ['zh', 'zh'],
    ['zh-CN', 'zh'],
    ['zh-SG', 'zh'],
    ['zh-TW', 'en'],
    ['zh-Hant', 'en'],
    ['zh-HK', 'en'],
    ['en-GB', 'en'],
  ])('writes the site of default locale %s in %s', (locale, language) => {
    const dir = newDir();
    writeStarterSite({ dir, title: 'T', url: 'https://t.example', locales: [locale], blog: false, docgenVersion: '^1.0.0', now: NOW });
    const intro = readMarkdown(dir, 'docs/intro.md');
    expect(languageOf(intro.frontMatter.title!)).toBe(language);
    expect(languageOf(intro.body)).toBe(language);
  });

  it('writes English, and says so, for a locale it has no text in', () => {
    const dir = newDir();
    const site = writeStarterSite({
      dir,
      title: 'T',
      url: 'https://t.example',
      locales: ['fr', 'ko', 'de'],
      blog: true,
      docgenVersion: '^1.0.0',
      now: NOW,
    });
    expect(site.notes).toEqual([
      "docgen init has no starter text in French (fr): the site's docs, labels and home page are in English, to translate.",
      'docgen init has no starter text in German (de): i18n/de/ is in English, to translate.',
    ]);
    expect(languageOf(read(dir, 'docs/intro.md'))).toBe('en');
    expect(parse(read(dir, 'docgen.config.yaml')).navbar.items[0].label).toBe('Docs');
    expect(parse(read(dir, 'i18n/ko/site.yaml')).labels).toMatchObject({ Docs: '문서', Writing: '문서 작성' });
    expect(read(dir, 'i18n/ko/docs/current/intro.md')).not.toContain('translate it here');
    expect(parse(read(dir, 'i18n/de/site.yaml')).labels).toMatchObject({ Docs: 'Docs', Writing: 'Writing' });
    for (const path of ['site.yaml', 'theme.yaml', 'docs/current/intro.md']) {
      expect(read(dir, `i18n/de/${path}`), path).toContain('docgen init has no starter text in this language');
    }
    expect(
      writeStarterSite({
        dir: newDir(),
        title: 'T',
        url: 'https://t.example',
        locales: ['ko', 'en'],
        blog: false,
        docgenVersion: '^1',
        now: NOW,
      }).notes,
    ).toEqual([]);
  });

  it.each(['en', 'ko', 'ja', 'zh'])('keeps every feature of the docs in %s', (language) => {
    const locale = language === 'zh' ? 'zh-Hans' : language;
    const dir = newDir();
    writeStarterSite({ dir, title: 'T', url: 'https://t.example', locales: [locale], blog: true, docgenVersion: '^1.0.0', now: NOW });
    const markdown = read(dir, 'docs/writing/markdown.md');
    expect(markdown).toMatch(/^:::tip\[.+\]$/m);
    expect(markdown).toMatch(/^::::tabs\{groupId="package-manager"\}$/m);
    expect(markdown).toMatch(/^```ts title="greet.ts" \{2-3\}$/m);
    expect(markdown).toContain('  const greeting = `Hello, ${name}!`;');
    expect(markdown).toMatch(/^\| :--- \| :--- \| :--- \|$/m);
    expect(markdown).toMatch(/^!\[.+\]\(\/img\/docgen-flow\.svg\)$/m);
    expect(markdown).toMatch(/\]\(\.\/organize\.md\)/);
    expect(read(dir, 'docs/writing/organize.md')).toContain('](../intro.md)');
    expect(read(dir, 'docs/publish.md')).toContain('npx docgen serve');
    expect(read(dir, 'blog/2026-03-04-welcome.md')).toContain('authors: [docgen]');
    expect(read(dir, 'blog/2026-03-04-welcome.md')).toContain('`blog/2026-03-04-welcome.md`');
  });
});

describe.each([
  { locales: ['ko', 'en'], language: 'ko', translation: 'en' },
  { locales: ['ja', 'en'], language: 'ja', translation: 'en' },
  { locales: ['zh-Hans', 'en'], language: 'zh', translation: 'en' },
  { locales: ['en', 'ko'], language: 'en', translation: 'ko' },
])('docgen init --locales $locales', ({ locales, language, translation }) => {
  const dir = newDir();
  const [defaultLocale, other] = locales as [string, string];
  beforeAll(() => {
    writeStarterSite({ dir, title: 'T', url: 'https://t.example', locales, blog: true, docgenVersion: '^1.0.0', now: NOW });
  });

  it(`writes the site in ${language}, and i18n/${other}/ in ${translation}`, () => {
    const intro = readMarkdown(dir, 'docs/intro.md');
    expect(languageOf(intro.frontMatter.title!)).toBe(language);
    expect(languageOf(intro.body)).toBe(language);
    for (const path of ['docs/writing/markdown.md', 'docs/writing/organize.md', 'docs/publish.md', 'blog/2026-03-04-welcome.md']) {
      expect(languageOf(readMarkdown(dir, path).frontMatter.title!), path).toBe(language);
      expect(languageOf(readMarkdown(dir, path).body), path).toBe(language);
    }
    expect(languageOf(read(dir, 'blog/tags.yaml'))).toBe(language);
    const config = parse(read(dir, 'docgen.config.yaml'));
    const sidebars = parse(read(dir, 'sidebars.yaml'));
    const labels: string[] = [
      ...config.navbar.items.flatMap((item: { label?: string }) => item.label ?? []),
      ...config.footer.links.flatMap((column: { title: string; items: { label: string }[] }) => [
        column.title,
        ...column.items.map((item) => item.label),
      ]),
      sidebars.docs[1].label,
    ];
    expect(labels).toHaveLength(8);
    expectLanguage([...labels, config.tagline, config.footer.copyright, config.blog.blogTitle], language);
    const home = read(dir, 'pages/index.tsx');
    expect(languageOf(home)).toBe(language);
    if (language !== 'en') expect(home).toMatch(new RegExp(`^  '${defaultLocale}': \\{$`, 'm'));

    // Each label of the site, and each title of a doc shown untranslated, translated in i18n/<locale>/site.yaml.
    const site = parse(read(dir, `i18n/${other}/site.yaml`));
    const titles = ['docs/writing/markdown.md', 'docs/writing/organize.md', 'docs/publish.md'].map(
      (path) => readMarkdown(dir, path).frontMatter.title!,
    );
    expect(Object.keys(site.labels).sort()).toEqual([...new Set([...labels, ...titles])].sort());
    expectLanguage([...Object.values<string>(site.labels), site.tagline, site.copyright, site.blogTitle], translation);
    expectLanguage(Object.values<string>(parse(read(dir, `i18n/${other}/theme.yaml`))), translation);
    const translatedIntro = readMarkdown(dir, `i18n/${other}/docs/current/intro.md`);
    expect(languageOf(translatedIntro.frontMatter.title!)).toBe(translation);
    expect(languageOf(translatedIntro.body)).toBe(translation);
    expect(translatedIntro.body).toContain(`\`i18n/${other}/docs/current/intro.md\``);
  });

  it('builds with no warning, and its links check clean', async () => {
    const built = await runCli(['build', dir]);
    expect(built.stderr).toBe('');
    expect(built.code).toBe(EXIT.ok);
    const checked = await runCli(['check-links', dir]);
    expect(checked.stderr).toBe('');
    expect(checked.code).toBe(EXIT.ok);
    expect(checked.stdout).toContain('No problems found');
  });
});
