import { describe, expect, it } from 'vitest';
import type { SiteData } from '@docgen/types';
import { assembleManual } from '../src/pdf/assembleManual.js';
import type { Manual, ManualEntry } from '../src/pdf/manualPlan.js';

const SITE = { title: 'Handbook', tagline: 'All of it', navbar: { hideOnScroll: false, items: [] } } as unknown as SiteData;

function makeManual(entries: ManualEntry[], anchors: Record<string, string>): Manual {
  return {
    instance: 'default',
    versionName: 'current',
    versionLabel: '1.0',
    locale: 'ko',
    localeLabel: '한국어',
    htmlLang: 'ko-KR',
    direction: 'ltr',
    fileName: 'docs-1.0-ko.pdf',
    site: SITE,
    entries,
    anchors: new Map(Object.entries(anchors)),
  };
}

/** A built page: its head's stylesheet, its title and its content slot, as the theme writes them. */
const page = (title: string, content: string) =>
  `<!doctype html><html><head><link rel="stylesheet" href="/assets/main.css"><style>.x{color:red}</style></head><body><nav><a href="/docs/a">sidebar</a></nav><main><article><header><h1>${title}</h1><div class="doc-actions"><button>Copy</button></div></header><div class="markdown" data-docgen-slot="main">${content}</div></article></main></body></html>`;

const PAGES: Record<string, string> = {
  '/docs/a': page(
    'Alpha',
    [
      '<h2 id="setup" class="anchor">Setup<a class="hash-link" href="#setup">#</a></h2>',
      '<p>See <a href="/docs/b#usage">B usage</a>, <a href="#setup">here</a>, <a href="../blog/x?y=1#z">blog</a>, <a href="https://example.org/">web</a>, <a href="/docs/b/">B</a>.</p>',
      '<div class="tabs-container"><div role="tablist"><button role="tab" id="t-0" aria-controls="p-0">Java</button><button role="tab" id="t-1" aria-controls="p-1">Node</button></div>',
      '<div role="tabpanel" id="p-0" aria-labelledby="t-0">Java text</div><div role="tabpanel" id="p-1" aria-labelledby="t-1" hidden>Node text</div></div>',
      '<h3 id="deep">Deep</h3><img src="img/x.png" alt=""><details><summary>More</summary>Hidden text</details>',
    ].join(''),
  ),
  '/docs/b': page('Beta', '<h2 id="usage">Usage</h2><h2 id="setup">Setup</h2><p><a href="/docs/a#deep">back</a></p>'),
};

const ENTRIES: ManualEntry[] = [
  { type: 'doc', anchor: 'm1', path: '/docs/a', label: 'Alpha label', description: '' },
  {
    type: 'category',
    anchor: 'm2',
    label: 'Part two',
    page: { type: 'index', description: 'What is in it.', cards: [{ title: 'Beta', description: 'The second.', path: '/docs/b' }] },
    items: [{ type: 'doc', anchor: 'm3', path: '/docs/b', label: 'Beta label', description: '' }],
  },
];

function assemble(pages = PAGES) {
  return assembleManual({
    manual: makeManual(ENTRIES, { '/docs/a': 'm1', '/docs/category/two': 'm2', '/docs/b': 'm3' }),
    readPage: (path) => pages[path],
    siteUrl: 'https://docs.example.com',
    paperSize: 'A4',
    cover: {},
    date: new Date('2026-01-02T00:00:00Z'),
  });
}

/** The element of `html` with id `id`, as written. */
const elementWithId = (html: string, id: string) => new RegExp(`<[^>]*\\bid="${id}"[^>]*>`).exec(html)?.[0];

describe('assembleManual', () => {
  it('bookmarks each page by its sidebar label, with its headings to h3 under it', () => {
    const { outline, html } = assemble();
    const titles = (items: typeof outline): unknown[] => items.map((item) => [item.title, titles(item.items)]);
    expect(titles(outline)).toEqual([
      ['Alpha label', [['Setup', [['Deep', []]]]]],
      [
        'Part two',
        [
          [
            'Beta label',
            [
              ['Usage', []],
              ['Setup', []],
            ],
          ],
        ],
      ],
    ]);
    // The contents list the pages (not their headings), each with the place of its page number, which the printer fills in.
    expect([...html.matchAll(/data-page-of="([^"]+)"/g)].map((match) => match[1])).toEqual(['m1', 'm2', 'm3']);
  });

  it('gives every element an id of its own in the manual, and links each bookmark to it', () => {
    const { html, outline } = assemble();
    const ids = [...html.matchAll(/\bid="([^"]+)"/g)].map((match) => match[1]);
    expect(new Set(ids).size).toBe(ids.length);
    const anchors = (items: typeof outline): string[] => items.flatMap((item) => [item.anchor, ...anchors(item.items)]);
    for (const anchor of anchors(outline)) {
      expect(elementWithId(html, anchor), anchor).toBeDefined();
      // A link leads to each, so that the printer writes its named destination.
      expect(html).toContain(`href="#${anchor}"`);
    }
  });

  it('keeps links to pages of the manual inside it, anchors too, and makes other links absolute URLs of the site', () => {
    const { html, outline } = assemble();
    const [alpha, part] = outline;
    const setupOfA = alpha!.items[0]!.anchor;
    const usageOfB = part!.items[0]!.items[0]!.anchor;
    const deepOfA = alpha!.items[0]!.items[0]!.anchor;
    expect(elementWithId(html, usageOfB)).toMatch(/^<h2/);
    expect(html).toContain(`<a href="#${usageOfB}">B usage</a>`);
    expect(html).toContain(`<a href="#${setupOfA}">here</a>`);
    expect(html).toContain('<a href="https://docs.example.com/blog/x?y=1#z">blog</a>');
    expect(html).toContain('<a href="https://example.org/">web</a>');
    expect(html).toContain('<a href="#m3">B</a>');
    expect(html).toContain(`<a href="#${deepOfA}">back</a>`);
    // The card of the generated index leads to the doc in the manual.
    expect(html).toMatch(
      /<a class="card" href="#m3"><span class="card__title">Beta<\/span><span class="card__description">The second\.<\/span><\/a>/,
    );
  });

  it('prints what the site shows on paper: tabs one after another under their labels, details open, no buttons or hash links', () => {
    const { html } = assemble();
    expect(html).toMatch(
      /<p class="manual-tab-label">Java<\/p><div role="tabpanel"[^>]*>Java text<\/div><p class="manual-tab-label">Node<\/p><div role="tabpanel"[^>]*>Node text/,
    );
    expect(html).not.toMatch(/<div role="tabpanel"[^>]*hidden/);
    expect(html).not.toContain('role="tablist"');
    expect(html).not.toContain('<button');
    expect(html).not.toContain('hash-link');
    expect(html).toContain('<details open>');
    expect(html).toContain('<img src="/docs/img/x.png" alt="">');
    // The site's stylesheets and styles come with the pages; the navigation does not.
    expect(html).toContain('<link rel="stylesheet" href="/assets/main.css">');
    expect(html).toContain('<style>.x{color:red}</style>');
    expect(html).not.toContain('sidebar</a>');
  });

  it('prints the cover in the locale, and a running header per page from its title', () => {
    const { html } = assemble();
    expect(html).toContain('<h1 class="manual-cover__title">Handbook</h1>');
    expect(html).toContain('버전 1.0');
    expect(html).toContain('2026년 1월 2일 빌드');
    expect(html).toContain('@page manual-m1 { @top-center { content: "Alpha";');
    expect(html).toContain('@page manual-m2 { @top-center { content: "Part two";');
    expect(html).toContain('<html lang="ko-KR" dir="ltr" data-theme="light">');
  });

  it('reports a page the build wrote no content for, and prints the rest', () => {
    const { problems, outline } = assemble({ '/docs/a': PAGES['/docs/a']!, '/docs/b': '<html><body>no slot</body></html>' });
    expect(problems).toEqual([{ path: '/docs/b', message: 'its built page has no content (no element with data-docgen-slot="main")' }]);
    expect(outline[0]!.items).toHaveLength(1);
    const missing = assemble({ '/docs/a': PAGES['/docs/a']! });
    expect(missing.problems).toEqual([{ path: '/docs/b', message: 'the build wrote no page at this path' }]);
  });
});
