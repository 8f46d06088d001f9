import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SourceFile } from '@docgen/types';
import { afterAll, describe, expect, it } from 'vitest';
import {
  blogFrontMatterSchema,
  docFrontMatterSchema,
  pageFrontMatterSchema,
  parseFrontMatter,
  readSourceFile,
} from '../src/content/index.js';
import { catchDocgenError, makeTempDir, removeTempDirs } from './helpers.js';

const sourceFile = (text: string, sitePath = 'docs/guide/a.md'): SourceFile => ({ absolutePath: `/site/${sitePath}`, sitePath, text });

const NO_FRONT_MATTER = {
  id: undefined,
  title: undefined,
  slug: undefined,
  sidebarLabel: undefined,
  sidebarPosition: undefined,
  description: undefined,
  draft: undefined,
  unlisted: undefined,
  tocMinHeadingLevel: undefined,
  tocMaxHeadingLevel: undefined,
  hideTableOfContents: undefined,
};

afterAll(removeTempDirs);

describe('parseFrontMatter', () => {
  it('splits YAML front matter from the body and maps snake_case keys to camelCase', () => {
    const markdown = parseFrontMatter(
      sourceFile(
        '---\ntitle: 시작하기\nsidebar_label: 시작\nsidebar_position: 2\ntoc_max_heading_level: 4\nhide_table_of_contents: true\n---\n# 제목\n\n본문\n',
      ),
      docFrontMatterSchema,
    );
    expect(markdown.frontMatter).toEqual({
      ...NO_FRONT_MATTER,
      title: '시작하기',
      sidebarLabel: '시작',
      sidebarPosition: 2,
      tocMaxHeadingLevel: 4,
      hideTableOfContents: true,
    });
    expect(markdown.body).toBe('# 제목\n\n본문\n');
    expect(markdown.bodyLine).toBe(8);
  });

  it('returns the whole text as body, starting on line 1, when there is no front matter', () => {
    const markdown = parseFrontMatter(sourceFile('# Title\n\ntext\n'), docFrontMatterSchema);
    expect(markdown.frontMatter).toEqual(NO_FRONT_MATTER);
    expect(markdown.body).toBe('# Title\n\ntext\n');
    expect(markdown.bodyLine).toBe(1);
  });

  it('accepts an empty block', () => {
    const markdown = parseFrontMatter(sourceFile('---\n---\nbody'), docFrontMatterSchema);
    expect(markdown.frontMatter).toEqual(NO_FRONT_MATTER);
    expect(markdown.body).toBe('body');
    expect(markdown.bodyLine).toBe(3);
  });

  it('refuses a ---js block without running it', () => {
    const marker = '__docgenFrontMatterWasRun';
    const text = `---js\nmodule.exports = { title: (globalThis.${marker} = 'ran') };\n---\nbody\n`;
    const error = catchDocgenError(() => parseFrontMatter(sourceFile(text), docFrontMatterSchema));
    expect(error.message).toBe('Front matter in "js" is not supported');
    expect(error.code).toBe('front-matter-language');
    expect(error.location).toEqual({ file: 'docs/guide/a.md', line: 1, column: 4 });
    expect(error.hint).toBe('Front matter is YAML only: start the block with a plain "---" line. Code in front matter is never run.');
    expect((globalThis as Record<string, unknown>)[marker]).toBeUndefined();
  });

  it('refuses ---toml too', () => {
    const error = catchDocgenError(() => parseFrontMatter(sourceFile('---toml\ntitle = "x"\n---\n'), docFrontMatterSchema));
    expect(error.message).toBe('Front matter in "toml" is not supported');
  });

  it('stops a YAML alias bomb quickly with a clear error', () => {
    const levels = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
    for (const [previous, name] of [
      ['a', 'b'],
      ['b', 'c'],
      ['c', 'd'],
      ['d', 'e'],
      ['e', 'f'],
      ['f', 'g'],
      ['g', 'h'],
      ['h', 'i'],
    ]) {
      levels.push(`${name}: &${name} [${Array(9).fill(`*${previous}`).join(',')}]`);
    }
    const text = `---\n${levels.join('\n')}\n---\nbody\n`;
    const start = performance.now();
    const error = catchDocgenError(() => parseFrontMatter(sourceFile(text), docFrontMatterSchema));
    expect(performance.now() - start).toBeLessThan(1000);
    expect(error.message).toBe('Invalid YAML: Excessive alias count indicates a resource exhaustion attack');
    expect(error.code).toBe('yaml-syntax');
    expect(error.location).toEqual({ file: 'docs/guide/a.md', line: 2, column: 1 });
    expect(error.hint).toBe('Reduce the use of aliases (*name); expanding them would be too large.');
  });

  it('does not let a __proto__ key pollute Object.prototype', () => {
    const markdown = parseFrontMatter(
      sourceFile('---\n__proto__:\n  polluted: yes\n  draft: true\ntitle: T\n---\nbody\n'),
      docFrontMatterSchema,
    );
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('polluted');
    expect(markdown.frontMatter).toEqual({ ...NO_FRONT_MATTER, title: 'T' });
    expect(markdown.frontMatter.draft).toBeUndefined();
  });

  it('reads a number in quotes as sidebar_position and numbers among keywords as text, as Docusaurus does', () => {
    const markdown = parseFrontMatter(
      sourceFile('---\ntitle: T\nsidebar_position: "2"\nkeywords: [api, 2024]\n---\nbody\n'),
      docFrontMatterSchema,
    );
    expect(markdown.frontMatter).toMatchObject({ sidebarPosition: 2, keywords: ['api', '2024'] });
  });

  it('reports a value of the wrong type at its line in the file', () => {
    const error = catchDocgenError(() =>
      parseFrontMatter(sourceFile('---\ntitle: T\nsidebar_position: "x"\n---\nbody\n'), docFrontMatterSchema),
    );
    expect(error.message).toBe('Invalid front matter "sidebar_position": Invalid input: expected number, received string');
    expect(error.code).toBe('front-matter-invalid');
    expect(error.location).toEqual({ file: 'docs/guide/a.md', line: 3, column: 19 });
    expect(error.hint).toBe('Found "x"; fix the value of "sidebar_position".');
  });

  it('counts blank lines inside the front matter', () => {
    const error = catchDocgenError(() => parseFrontMatter(sourceFile('---\ntitle: T\n\n\ndraft: maybe\n---\n'), docFrontMatterSchema));
    expect(error.message).toBe('Invalid front matter "draft": Invalid input: expected boolean, received string');
    expect(error.location).toEqual({ file: 'docs/guide/a.md', line: 5, column: 8 });
  });

  it('rejects an id holding a slash', () => {
    const error = catchDocgenError(() => parseFrontMatter(sourceFile('---\nid: a/b\n---\n'), docFrontMatterSchema));
    expect(error.message).toBe('Invalid front matter "id": "a/b" holds a "/" (an id is a single name; set slug to choose the URL path)');
    expect(error.location).toEqual({ file: 'docs/guide/a.md', line: 2, column: 5 });
  });

  it('accepts slugs that name a path below the route base, and refuses any other with the rule as hint', () => {
    for (const slug of ['setup', '/guides/setup/', '/', '', '가이드/시작', 'v1.2/notes', '..a/b..']) {
      const markdown = parseFrontMatter(sourceFile(`---\nslug: '${slug}'\n---\n`), docFrontMatterSchema);
      expect(markdown.frontMatter.slug).toBe(slug);
    }
    // The value as written in YAML, and what the error says of it.
    const refused: [string, string][] = [
      ['../../etc', '"../../etc" has a ".." segment, which would climb out of its route base'],
      ['/a/./b', '"/a/./b" has a "." segment'],
      ['a//b', '"a//b" has an empty segment ("//")'],
      ['"%2e%2e/etc"', '"%2e%2e/etc" holds the percent escape "%2e" (write the character itself; docgen encodes URLs)'],
      ["'a\\b'", '"a\\\\b" holds a backslash'],
      ['"a\\0b"', '"a\\u0000b" holds the control character U+0000'],
    ];
    for (const [yaml, message] of refused) {
      const error = catchDocgenError(() => parseFrontMatter(sourceFile(`---\ntitle: T\nslug: ${yaml}\n---\n`), blogFrontMatterSchema));
      expect(error.message).toBe(`Invalid front matter "slug": ${message}`);
      expect(error.location).toEqual({ file: 'docs/guide/a.md', line: 3, column: 7 });
      expect(error.hint).toMatch(/^Write the URL path the page should have below its route base/);
    }
    const id = catchDocgenError(() => parseFrontMatter(sourceFile('---\nid: ..\n---\n'), docFrontMatterSchema));
    expect(id.message).toBe('Invalid front matter "id": ".." has a ".." segment, which would climb out of its route base');
  });

  it('reports YAML syntax errors with the line in the markdown file', () => {
    const error = catchDocgenError(() => parseFrontMatter(sourceFile('---\ntitle: T\ndescription: x: y\n---\n'), docFrontMatterSchema));
    expect(error.message).toBe('Invalid YAML: Nested mappings are not allowed in compact mappings');
    expect(error.location).toEqual({ file: 'docs/guide/a.md', line: 3, column: 14 });
  });

  it('reports an unclosed quote or bracket where it opens, not where the front matter ends', () => {
    const quote = catchDocgenError(() =>
      parseFrontMatter(sourceFile('---\ntitle: "Getting started\nsidebar_position: 2\ntags: [a]\n---\nbody\n'), docFrontMatterSchema),
    );
    expect(quote.message).toBe('Invalid YAML: Missing closing "quote');
    expect(quote.location).toEqual({ file: 'docs/guide/a.md', line: 2, column: 8 });
    const single = catchDocgenError(() =>
      parseFrontMatter(sourceFile("---\ntitle: T\ntags: ['a', 'b]\ndescription: x\n---\n"), docFrontMatterSchema),
    );
    expect(single.location).toEqual({ file: 'docs/guide/a.md', line: 3, column: 13 });
    const bracket = catchDocgenError(() => parseFrontMatter(sourceFile('---\ntags: [a, b\ntitle: T\n---\n'), docFrontMatterSchema));
    expect(bracket.location).toEqual({ file: 'docs/guide/a.md', line: 2, column: 7 });
  });

  it('rejects front matter that is not a mapping', () => {
    const error = catchDocgenError(() => parseFrontMatter(sourceFile('---\n- a\n- b\n---\n'), docFrontMatterSchema));
    expect(error.message).toBe('Front matter must be a YAML mapping of keys to values');
    expect(error.location).toEqual({ file: 'docs/guide/a.md', line: 2, column: 1 });
  });

  it('rejects an unclosed block', () => {
    const error = catchDocgenError(() => parseFrontMatter(sourceFile('---\ntitle: x\n\nbody\n'), docFrontMatterSchema));
    expect(error.message).toBe('Front matter is not closed');
    expect(error.hint).toBe('End the front matter with a line holding only "---".');
  });

  it('normalises blog authors and tags to lists and YAML dates to YYYY-MM-DD', () => {
    const markdown = parseFrontMatter(
      sourceFile('---\ntitle: 출시\nauthors: kim\ntags: [release, sdk]\ndate: 2025-08-20\n---\n', 'blog/x.md'),
      blogFrontMatterSchema,
    );
    expect(markdown.frontMatter).toMatchObject({ title: '출시', authors: ['kim'], tags: ['release', 'sdk'], date: '2025-08-20' });
  });

  it("reads a date whose month or day has one digit, as Docusaurus does (Babel's `date: 2015-11-3 10:30:00`)", () => {
    const dateOf = (yaml: string) =>
      parseFrontMatter(sourceFile(`---\n${yaml}\n---\n`, 'blog/x.md'), blogFrontMatterSchema).frontMatter.date;
    expect(dateOf('date: 2015-11-3 10:30:00')).toBe('2015-11-03 10:30:00');
    expect(dateOf('date: 2016-1-5')).toBe('2016-01-05');
    expect(dateOf('date: "2016-1-05T08:00:00Z"')).toBe('2016-01-05T08:00:00Z');
    expect(dateOf('date: 2025-08-20')).toBe('2025-08-20');
    expect(dateOf('date: \u00a0 2017-09-12 10:00:00')).toBe('2017-09-12 10:00:00');
    // Not a date: left as it is (the blog reports it).
    expect(dateOf('date: 2016-123-5')).toBe('2016-123-5');
    const doc = parseFrontMatter(sourceFile('---\nlast_update:\n  date: 2024-3-9\n---\n', 'docs/x.md'), docFrontMatterSchema);
    expect(doc.frontMatter.lastUpdate).toEqual({ date: '2024-03-09' });
  });

  it("reads a post's one author of Docusaurus 1, its fields in snake case or, as older sites write them, in camel case", () => {
    const post = (yaml: string) => parseFrontMatter(sourceFile(`---\n${yaml}\n---\n`, 'blog/x.md'), blogFrontMatterSchema);
    const camel = post('author: Kent\nauthorTitle: Maintainer\nauthorURL: https://kent.example.com\nauthorImageURL: /img/kent.png');
    expect(camel.warnings).toBeUndefined();
    expect(camel.frontMatter.authors).toEqual([
      { name: 'Kent', title: 'Maintainer', url: 'https://kent.example.com', imageUrl: '/img/kent.png' },
    ]);
    // The snake case field wins, as in Docusaurus.
    expect(post('author: Kent\nauthor_url: https://a.example.com\nauthorURL: https://b.example.com').frontMatter.authors).toEqual([
      { name: 'Kent', url: 'https://a.example.com' },
    ]);
  });

  it('coerces a numeric page title to text', () => {
    const markdown = parseFrontMatter(sourceFile('---\ntitle: 2025\n---\n', 'pages/x.md'), pageFrontMatterSchema);
    expect(markdown.frontMatter.title).toBe('2025');
  });
});

describe('readSourceFile', () => {
  const LF = '---\ntitle: 줄 끝\ntags: [a]\n---\n# 제목\n\n첫 줄\n둘째 줄\n';

  it('gives a BOM + CRLF file the same text, front matter and body as the LF file', () => {
    const siteDir = makeTempDir('docgen-source-');
    writeFileSync(join(siteDir, 'lf.md'), LF);
    writeFileSync(join(siteDir, 'crlf.md'), `\uFEFF${LF.replace(/\n/g, '\r\n')}`);
    const lf = readSourceFile(siteDir, join(siteDir, 'lf.md'));
    const crlf = readSourceFile(siteDir, join(siteDir, 'crlf.md'));
    expect(crlf.text).toBe(lf.text);
    expect(crlf.sitePath).toBe('crlf.md');
    const fromLf = parseFrontMatter(lf, docFrontMatterSchema);
    const fromCrlf = parseFrontMatter(crlf, docFrontMatterSchema);
    expect(fromCrlf.frontMatter).toEqual(fromLf.frontMatter);
    expect(fromCrlf.frontMatter.title).toBe('줄 끝');
    expect(fromCrlf.body).toBe('# 제목\n\n첫 줄\n둘째 줄\n');
    expect(fromCrlf.bodyLine).toBe(fromLf.bodyLine);
    expect(fromCrlf.bodyLine).toBe(5);
  });

  it('also normalises old Mac CR line endings', () => {
    const siteDir = makeTempDir('docgen-source-');
    writeFileSync(join(siteDir, 'cr.md'), LF.replace(/\n/g, '\r'));
    expect(readSourceFile(siteDir, join(siteDir, 'cr.md')).text).toBe(LF);
  });

  it('gives site-relative paths with forward slashes', () => {
    const siteDir = makeTempDir('docgen-source-');
    writeFileSync(join(siteDir, 'x.md'), 'x');
    expect(readSourceFile(siteDir, join(siteDir, 'x.md'))).toEqual({ absolutePath: join(siteDir, 'x.md'), sitePath: 'x.md', text: 'x' });
  });
});

describe('front matter Docusaurus writers use', () => {
  it('reads keywords, image, hide_title, pagination, tags and last_update on docs', () => {
    const markdown = parseFrontMatter(
      sourceFile(
        [
          '---',
          'keywords: [install, setup]',
          'image: /img/card.png',
          'hide_title: true',
          'pagination_prev: null',
          'pagination_next: guide/next',
          'tags: [intro, { label: Getting started, permalink: /getting-started }]',
          'last_update:',
          '  date: 2025-01-31',
          '  author: Kim',
          '---',
          'body',
        ].join('\n'),
      ),
      docFrontMatterSchema,
    );
    expect(markdown.frontMatter).toMatchObject({
      keywords: ['install', 'setup'],
      image: '/img/card.png',
      hideTitle: true,
      paginationPrev: null,
      paginationNext: 'guide/next',
      tags: ['intro', 'Getting started'],
      lastUpdate: { date: '2025-01-31', author: 'Kim' },
    });
    expect(markdown.warnings).toBeUndefined();
  });

  it('warns of an unknown key at its line and column, with the key it may have meant', () => {
    const markdown = parseFrontMatter(sourceFile('---\ntitle: T\nsidebar_postion: 2\nflavour: x\n---\nbody\n'), docFrontMatterSchema);
    expect(markdown.warnings).toEqual([
      {
        severity: 'warning',
        code: 'front-matter-unknown',
        message: 'Unknown front matter "sidebar_postion": did you mean "sidebar_position"?',
        hint: 'Rename it to sidebar_position.',
        location: { file: 'docs/guide/a.md', line: 3, column: 1 },
      },
      // Not near a key docgen reads: the site's own, reported by a strict build only.
      expect.objectContaining({
        message: 'Unknown front matter "flavour"',
        location: { file: 'docs/guide/a.md', line: 4, column: 1 },
        strictOnly: true,
      }),
    ]);
  });

  it('names a Docusaurus key docgen does not act on as such, and knows which keys each kind of page takes', () => {
    const doc = parseFrontMatter(sourceFile('---\nsidebar_class_name: wide\n---\n'), docFrontMatterSchema);
    expect(doc.warnings?.map((warning) => warning.message)).toEqual([
      'Front matter "sidebar_class_name" (a Docusaurus key) is not supported by docgen: it has no effect',
    ]);
    // custom_edit_url is read by docs and posts; a markdown page of pages/ has no edit link.
    expect(parseFrontMatter(sourceFile('---\ncustom_edit_url: null\n---\n'), docFrontMatterSchema).warnings).toBeUndefined();
    expect(
      parseFrontMatter(sourceFile('---\ncustom_edit_url: null\n---\n', 'pages/a.md'), pageFrontMatterSchema).warnings?.map(
        (warning) => warning.message,
      ),
    ).toEqual(['Front matter "custom_edit_url" (a Docusaurus key) is not supported by docgen: it has no effect']);
    const page = parseFrontMatter(sourceFile('---\nsidebar_position: 1\n---\n', 'pages/a.md'), pageFrontMatterSchema);
    expect(page.warnings?.map((warning) => warning.message)).toEqual(['Unknown front matter "sidebar_position"']);
    const post = parseFrontMatter(sourceFile('---\nauthors: [kim]\nkeywords: x\n---\n', 'blog/a.md'), blogFrontMatterSchema);
    expect(post.warnings).toBeUndefined();
    expect(post.frontMatter.keywords).toEqual(['x']);
  });
});

describe('front matter of page sources, redirects and head tags', () => {
  it('reads custom_edit_url, last_update, redirect_from (with where each was written) and head', () => {
    const doc = parseFrontMatter(
      sourceFile(
        '---\ncustom_edit_url: https://wiki.example.com/a\nlast_update:\n  date: 2024-02-03\n  author: Kim\nredirect_from:\n  - /docs/old\n  - /old\nhead:\n  - tagName: meta\n    attributes: { name: robots, content: noarchive }\n---\n',
      ),
      docFrontMatterSchema,
    );
    expect(doc.warnings).toBeUndefined();
    expect(doc.frontMatter).toMatchObject({
      customEditUrl: 'https://wiki.example.com/a',
      lastUpdate: { date: '2024-02-03', author: 'Kim' },
      redirectFrom: [
        { path: '/docs/old', location: { file: 'docs/guide/a.md', line: 7, column: 5 } },
        { path: '/old', location: { file: 'docs/guide/a.md', line: 8, column: 5 } },
      ],
      head: [{ tagName: 'meta', attributes: { name: 'robots', content: 'noarchive' } }],
    });
  });

  it('refuses a script in head, a last_update date that is none, and a redirect_from that is not a path, at their lines', () => {
    const script = catchDocgenError(() =>
      parseFrontMatter(sourceFile('---\nhead:\n  - tagName: script\n    attributes: { src: /x.js }\n---\n'), docFrontMatterSchema),
    );
    expect(script.message).toMatch(/^Invalid front matter "head\.0\.tagName"/);
    expect(script.location).toEqual({ file: 'docs/guide/a.md', line: 3, column: 14 });
    const date = catchDocgenError(() => parseFrontMatter(sourceFile('---\nlast_update:\n  date: last week\n---\n'), docFrontMatterSchema));
    expect(date.message).toBe('Invalid front matter "last_update.date": a date such as 2025-08-20');
    expect(date.location).toEqual({ file: 'docs/guide/a.md', line: 3, column: 9 });
    const path = catchDocgenError(() => parseFrontMatter(sourceFile('---\nredirect_from: old-page\n---\n'), docFrontMatterSchema));
    expect(path.message).toMatch(/^Invalid front matter "redirect_from"/);
    expect(path.location).toEqual({ file: 'docs/guide/a.md', line: 2, column: 16 });
  });

  it('removes event handlers and script URLs from head tags with a warning at each, and refuses a meta refresh', () => {
    const text = [
      '---',
      'head:',
      '  - tagName: link',
      '    attributes:',
      '      rel: stylesheet',
      '      href: " JavaScript:alert(1)"',
      '      onerror: alert(4)',
      '  - tagName: link',
      '    attributes: { rel: preload, as: image, imagesrcset: "/a.png 1x, data:text/html,<script>x</script> 2x" }',
      '  - tagName: meta',
      '    attributes: { name: description, content: "javascript: the good parts", onLoad: x() }',
      '---',
      '',
    ].join('\n');
    const parsed = parseFrontMatter(sourceFile(text), docFrontMatterSchema);
    expect(parsed.frontMatter.head).toEqual([
      { tagName: 'link', attributes: { rel: 'stylesheet' } },
      { tagName: 'link', attributes: { rel: 'preload', as: 'image' } },
      // A meta text that starts like a script URL is no URL: kept.
      { tagName: 'meta', attributes: { name: 'description', content: 'javascript: the good parts' } },
    ]);
    expect(parsed.warnings?.map(({ code, message, location }) => [code, message, `${location?.line}:${location?.column}`])).toEqual([
      ['head-tag-unsafe', 'The href attribute of a link head tag is removed: a javascript: URL runs script', '6:13'],
      ['head-tag-unsafe', 'The onerror attribute of a link head tag is removed: an event handler runs script', '7:16'],
      ['head-tag-unsafe', 'The imagesrcset attribute of a link head tag is removed: a data: URL runs script', '9:57'],
      ['head-tag-unsafe', 'The onLoad attribute of a meta head tag is removed: an event handler runs script', '11:85'],
    ]);
    const refresh = catchDocgenError(() =>
      parseFrontMatter(
        sourceFile(
          '---\nhead:\n  - tagName: meta\n    attributes: { http-equiv: Refresh, content: "0;url=https://elsewhere.example" }\n---\n',
        ),
        docFrontMatterSchema,
      ),
    );
    expect(refresh.message).toBe('A meta http-equiv="refresh" head tag is refused: it sends the reader to another page');
    expect(refresh.location).toEqual({ file: 'docs/guide/a.md', line: 4, column: 31 });
  });
});
