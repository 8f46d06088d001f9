import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { SourceMarkdown } from '@docgen/types';
import { getHtmlFilePath } from '@docgen/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { createSiteBuilder, type PagesWritten } from '../src/build/index.js';
import { compileMarkdown } from '../src/compile/index.js';
import { createOutputDir } from '../src/output/index.js';
import type { RenderControl } from '../src/build/renderInDemandOrder.js';
import { getLeadingHeading, guessSourceKeys } from '../src/build/renderPreview.js';
import { loadSite } from '../src/build/loadSite.js';
import { copyFixture, makeTempDir, removeTempDirs } from './helpers.js';

afterAll(removeTempDirs);

const sourceOf = (body: string, frontMatter: Record<string, unknown> = {}) =>
  ({ body, frontMatter, bodyLine: 1, file: { sitePath: 'docs/x.md' } }) as unknown as SourceMarkdown<unknown>;

/** Bodies whose leading heading is read without the parser, with the title it gives. */
const READ: [body: string, title: string | undefined][] = [
  ['# Plain title\n\nText.', 'Plain title'],
  ['\n\n  #   Spaced out   \n', 'Spaced out'],
  ['# Closed #####\n', 'Closed'],
  ['# Use C#\n', 'Use C#'],
  ['# C# and F# guide\n', 'C# and F# guide'],
  ['#\n\nEmpty heading.', ''],
  ['# #\n', ''],
  ['#\tTabbed\n', 'Tabbed'],
  ['# Step 1: install, then run!\n', 'Step 1: install, then run!'],
  ['# 설치와 설정 (2508.1)\n\n본문', '설치와 설정 (2508.1)'],
  ['# See https://example.com/path?x=1\n', 'See https://example.com/path?x=1'],
  ['# Quotes "and" \'marks\'\n', 'Quotes "and" \'marks\''],
  ['# Windows\r\n\r\nText', 'Windows'],
  ['# Old Mac\rText', 'Old Mac'],
  ['## Second level first\n', undefined],
  ['#hashtag is text\n', undefined],
  ['    # indented code\n', undefined],
  ['Text first.\n\n# Late title\n', undefined],
  ['<!-- a comment -->\n# After a comment\n', undefined],
  ['> # In a quote\n', undefined],
  ['- # In a list\n', undefined],
  ['```\n# in code\n```\n', undefined],
  ['[ref]: /somewhere\n# After a definition\n', undefined],
  ['Setext level two\n---\n', undefined],
  ['', undefined],
];

/** Bodies only the parser can read: inline markup, escapes, entities, ids, directives, setext. */
const UNSURE = [
  '# The `code` title\n',
  '# *Emphasis* and __strong__\n',
  '# [A link](/x)\n',
  '# [ref] link\n\n[ref]: /x\n',
  '# Escaped \\# hash\n',
  '# AT&amp;T\n',
  '# With an id {#custom-id}\n',
  '# A :highlight[word]{color=red}\n',
  '# ~~struck~~\n',
  '# <span>html</span>\n',
  'Setext title\n===\n',
  'Two-line\nsetext title\n=====\n',
  `${'A long paragraph line\n'.repeat(70)}===\n`,
];

describe('the leading heading read without the markdown parser', () => {
  it.each(READ)('reads %j as the compiler does', (body, title) => {
    const read = getLeadingHeading(sourceOf(body));
    expect(read).toBe(title);
    expect(read).toBe(compileMarkdown(body, { sourcePath: 'docs/x.md', bodyLine: 1 }).meta.contentTitle);
  });

  it.each(UNSURE)('leaves %j to the compiler', (body) => {
    expect(getLeadingHeading(sourceOf(body))).toBe('unsure');
  });

  it('is not needed when the front matter has a title', () => {
    expect(getLeadingHeading(sourceOf('# The `code` title\n', { title: 'Front matter' }))).toBeUndefined();
  });
});

describe('the sources guessed for the paths asked for before the site model is made', () => {
  const sources = new Map(
    [
      'docs/guide/01-intro.md',
      'docs/guide/setup.md',
      'versioned_docs/version-1.0/guide/setup.md',
      'docs/other/setup.mdx',
      'docs/설치/시작.md',
      'docs/tutorial.md',
    ].map((sitePath) => [
      `key:${sitePath}`,
      { ...sourceOf('Text.'), file: { absolutePath: `/site/${sitePath}`, sitePath, text: 'Text.' } },
    ]),
  );

  it('are those whose path, without extension and number prefixes, ends as the URL path does', () => {
    expect(guessSourceKeys(['/docs/guide/setup'], sources)).toEqual([
      'key:docs/guide/setup.md',
      'key:versioned_docs/version-1.0/guide/setup.md',
    ]);
    expect(guessSourceKeys(['/docs/guide/intro/', '/en/docs/tutorial.html'], sources)).toEqual([
      'key:docs/guide/01-intro.md',
      'key:docs/tutorial.md',
    ]);
    expect(guessSourceKeys(['/docs/%EC%84%A4%EC%B9%98/%EC%8B%9C%EC%9E%91'], sources)).toEqual(['key:docs/설치/시작.md']);
  });

  it('are none for a path of no page, the root or none asked for', () => {
    expect(guessSourceKeys(['/assets/main.js', '/', '/docs/guide/set'], sources)).toEqual([]);
    expect(guessSourceKeys([], sources)).toEqual([]);
  });
});

/**
 * A site whose titles come in every way: front matter, a plain `# heading`, a heading with
 * inline markup (compiled by the preview first), a setext heading, the file name.
 */
function writeTitledSite(): string {
  const site = join(makeTempDir(), 'titled');
  write(site, 'docgen.config.yaml', 'title: Titled\nurl: https://titled.example.com\ni18n:\n  defaultLocale: en\n  locales: [en]\n');
  write(site, 'sidebars.yaml', 'docs:\n  - type: autogenerated\n    dirName: .\n');
  const titles = [
    (n: number) => `---\ntitle: Front matter ${n}\n---\n\nText of ${n}.`,
    (n: number) => `# Plain heading ${n}\n\nText of ${n}, linking [the next](./page-${n + 1}.md#section).`,
    (n: number) => `# The \`code\` of ${n}\n\nText of ${n}.`,
    (n: number) => `Setext ${n}\n===\n\nText of ${n}.`,
    (n: number) => `Text of ${n}, with no heading.`,
  ];
  for (let n = 0; n < 30; n++) {
    write(site, `docs/part-${n % 3}/page-${n}.md`, `${titles[n % titles.length]!(n)}\n\n## Section\n\nMore text of ${n}.\n`);
  }
  // A page with a site component: the build bundles it, so the preview leaves the page to the build.
  write(
    site,
    'src/components/Counter.tsx',
    'export default function Counter({ label }: { label: string }) {\n  return <button type="button">{label}</button>;\n}\n',
  );
  write(
    site,
    'docs/part-0/island.mdx',
    '# Island\n\nimport Counter from \'@site/src/components/Counter\';\n\n<Counter label="Clicks" />\n',
  );
  return withManyPages(site);
}

function write(site: string, path: string, text: string): void {
  mkdirSync(dirname(join(site, path)), { recursive: true });
  writeFileSync(join(site, path), text);
}

/**
 * The site with a few hundred more pages: their compiling keeps the run busy long enough that
 * the preview is ready before it renders (on a small site the run may well be first).
 */
function withManyPages(site: string): string {
  for (let n = 0; n < 400; n++) {
    write(site, `docs/zz-more/more-${n}.md`, `# More ${n}\n\n${'Some text to compile, with *emphasis* and `code`. '.repeat(30)}\n`);
  }
  return site;
}

describe('a first run that previews the pages asked for', () => {
  /**
   * Runs a watching builder's first run with a preview, asking the preview for every page it
   * offers as soon as it does; returns each page's HTML as the preview wrote it, the files at the
   * end of the run, and what `onPagesWritten` was told.
   */
  async function previewEverything(site: string) {
    const { manifest } = await loadSite({ siteDir: site, includeDrafts: true, cache: false });
    const paths = manifest.locales
      .flatMap((locale) => locale.routes.filter((route) => ['doc', 'markdownPage'].includes(route.data.type)).map((route) => route.path))
      .sort((a, b) => (a.includes('zz-more') ? 1 : 0) - (b.includes('zz-more') ? 1 : 0) || a.localeCompare(b, 'en', { numeric: true }));
    const out = join(makeTempDir(), 'out');
    const builder = createSiteBuilder({ siteDir: site, includeDrafts: true, buildId: 'dev', threads: 2, watching: true, previewFrom: 1 });
    const controls: RenderControl[] = [];
    const previewed = new Map<string, string>();
    const asked: Promise<void>[] = [];
    let written: PagesWritten | undefined;
    const output = createOutputDir(out);
    try {
      await builder.run({
        output,
        hooks: {
          onRenderStart(control) {
            controls.push(control);
            if (controls.length > 1) return;
            for (const path of paths) {
              const key = control.find(path);
              if (key === undefined) continue;
              const file = getHtmlFilePath(path);
              asked.push(
                control.request(key).then(
                  () => void previewed.set(file, output.read(file)),
                  () => {}, // asked for too late: the run renders it
                ),
              );
            }
          },
          onPagesWritten(pages) {
            written = pages;
          },
          // The first pages asked for before the preview's model is made: it compiles them first.
          wantedPaths: () => paths.slice(0, 3),
        },
      });
      await Promise.all(asked);
    } finally {
      await builder.close();
    }
    return { controls, previewed, final: (file: string) => output.read(file), written };
  }

  it('writes each page as the build then writes it, and says so', async () => {
    const site = writeTitledSite();
    const { controls, previewed, final, written } = await previewEverything(site);
    expect(controls).toHaveLength(2);
    expect(previewed.size).toBeGreaterThan(0);
    for (const [file, html] of previewed) expect(html, file).toBe(final(file));
    // Titles of each kind were previewed (the pages asked for first); a leading heading is shown with its markup.
    const shownTitles = [...previewed.values()].flatMap((html) =>
      [...html.matchAll(/<h1[^>]*>(.*?)<\/h1>/g)].map((match) => match[1]!.replace(/<[^>]+>/g, '')),
    );
    expect(shownTitles).toEqual(expect.arrayContaining(['Front matter 0', 'Setext 3', 'Plain heading 6', 'page-9', 'The code of 12']));
    expect(final('docs/part-0/island/index.html')).toMatch(/<docgen-island[^>]*><button type="button">Clicks<\/button>/);
    expect([...previewed.keys()]).not.toContain('docs/part-0/island/index.html');
    expect(written).toEqual({ previewChanged: false });
  }, 60_000);

  it('on a site of two locales and three versions', async () => {
    const site = withManyPages(copyFixture('versioned'));
    const { controls, previewed, final, written } = await previewEverything(site);
    expect(controls).toHaveLength(2);
    expect(previewed.size).toBeGreaterThan(0);
    for (const [file, html] of previewed) expect(html, file).toBe(final(file));
    expect(written).toEqual({ previewChanged: false });
  }, 60_000);
});
