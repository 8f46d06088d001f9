/**
 * `headTags` and `scripts` of the config and a page's `head` front matter: in the `<head>` of
 * every page (the page's own on that page only), their attribute values escaped so that none can
 * add an element, as Chromium parses the page served by a plain static server.
 */
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { gotoReady, openPage } from '../src/browser.js';
import { writeSiteFiles } from '../src/fixtureSite.js';
import { useServedBuild } from '../src/servedBuild.js';

const HOSTILE = `"><script>window.injected=1</script><meta x="`;

const FILES: Record<string, string> = {
  'docgen.config.yaml': `title: Heads
url: https://heads.example.com
i18n:
  defaultLocale: en
  locales: [en]
headTags:
  - tagName: meta
    attributes: { name: google-site-verification, content: '${HOSTILE}' }
  - tagName: link
    attributes: { rel: preconnect, href: https://fonts.example.com, crossorigin: true }
  - tagName: script
    attributes: {}
    innerHTML: "window.inlineRan = (window.inlineRan || 0) + 1"
scripts:
  - /js/one.js
  - { src: /js/two.js, defer: true, data-domain: heads.example.com }
`,
  'sidebars.yaml': 'docs:\n  - a\n  - b\n  - c\n',
  'static/js/one.js': 'window.oneRan = true;\n',
  'static/js/two.js': 'window.twoRan = document.readyState;\n',
  'docs/a.md': `---\ntitle: A\nhead:\n  - tagName: meta\n    attributes: { name: robots, content: noarchive }\n  - tagName: link\n    attributes: { rel: alternate, type: application/pdf, href: '/a.pdf?x=1&y=${HOSTILE}' }\n---\n\nPage A.\n`,
  // Cross-posted: its own canonical link and og:title replace docgen's, as in Docusaurus (Babel's posts).
  'docs/b.md':
    '---\ntitle: B\nhead:\n  - tagName: link\n    attributes: { rel: canonical, href: https://elsewhere.example.com/b }\n  - tagName: meta\n    attributes: { property: og:title, content: B elsewhere }\n---\n\nPage B.\n',
  // Script in a head tag of the front matter: a handler that runs when the stylesheet fails, a script URL.
  'docs/c.md': `---\ntitle: C\nhead:\n  - tagName: link\n    attributes: { rel: stylesheet, href: 'javascript:window.ranUrl=1', onerror: 'window.ranHandler=1' }\n---\n\nPage C.\n`,
  'pages/about.md': '---\ntitle: About\nhead:\n  - tagName: meta\n    attributes: { name: author, content: The Team }\n---\n\nAbout.\n',
};

const served = useServedBuild('docgen-head-tags-', (root) => writeSiteFiles(join(root, 'site'), FILES));
beforeAll(() =>
  expect(served.diagnostics.map(({ code, message, location }) => `${location?.file}:${location?.line} ${code} ${message}`)).toEqual([
    'docs/c.md:5 head-tag-unsafe The href attribute of a link head tag is removed: a javascript: URL runs script',
    'docs/c.md:5 head-tag-unsafe The onerror attribute of a link head tag is removed: an event handler runs script',
  ]),
);

/** What Chromium parsed into the head of a page, and what its scripts did. */
async function readHead(path: string) {
  const { context, page, problems } = await openPage(served.browser);
  await page.goto(`${served.server.url}${path}`, { waitUntil: 'load' });
  const head = await page.evaluate(() => {
    const attributes = (selector: string) =>
      [...document.head.querySelectorAll(selector)].map((element) =>
        Object.fromEntries([...element.attributes].map((a) => [a.name, a.value])),
      );
    const w = window as unknown as Record<string, unknown>;
    return {
      verification: attributes('meta[name="google-site-verification"]'),
      preconnect: attributes('link[rel="preconnect"]'),
      scripts: attributes('script[src^="/js/"]'),
      robots: attributes('meta[name="robots"]'),
      canonical: attributes('link[rel="canonical"]'),
      ogTitle: attributes('meta[property="og:title"]'),
      author: attributes('meta[name="author"]'),
      pdf: attributes('link[type="application/pdf"]'),
      stylesheet: attributes('link[rel="stylesheet"][data-docgen-head]'),
      strayMeta: document.querySelectorAll('meta[x]').length,
      injected: w.injected,
      inlineRan: w.inlineRan,
      oneRan: w.oneRan,
      twoRan: w.twoRan,
      ranHandler: w.ranHandler,
      ranUrl: w.ranUrl,
    };
  });
  await context.close();
  return { ...head, problems };
}

describe('head tags', () => {
  it('are in the head of every page, attribute values intact and unable to add elements', async () => {
    for (const path of ['/docs/a', '/docs/b', '/about', '/404.html']) {
      const head = await readHead(path);
      expect(head.verification).toEqual([{ name: 'google-site-verification', content: HOSTILE }]);
      expect(head.preconnect).toEqual([{ rel: 'preconnect', href: 'https://fonts.example.com', crossorigin: '' }]);
      expect(head.strayMeta).toBe(0);
      expect(head.injected).toBeUndefined();
      expect(head.inlineRan).toBe(1);
    }
  });

  it('load the scripts, with their attributes', async () => {
    const head = await readHead('/docs/b');
    expect(head.scripts).toEqual([{ src: '/js/one.js' }, { src: '/js/two.js', defer: '', 'data-domain': 'heads.example.com' }]);
    expect(head.oneRan).toBe(true);
    // Deferred: it runs once the document is parsed.
    expect(head.twoRan).toBe('interactive');
  });

  it("add a page's own head front matter to that page only", async () => {
    const a = await readHead('/docs/a');
    // Marked as the page's own (a client navigation replaces them).
    expect(a.robots).toEqual([{ name: 'robots', content: 'noarchive', 'data-docgen-head': '' }]);
    expect(a.pdf).toEqual([{ rel: 'alternate', type: 'application/pdf', href: `/a.pdf?x=1&y=${HOSTILE}`, 'data-docgen-head': '' }]);
    expect(a.injected).toBeUndefined();
    expect(a.canonical).toEqual([{ rel: 'canonical', href: 'https://heads.example.com/docs/a' }]);
    expect(a.ogTitle).toEqual([{ property: 'og:title', content: 'A' }]);
    const b = await readHead('/docs/b');
    expect(b.robots).toEqual([]);
    // The page's own, not docgen's beside them.
    expect(b.canonical).toEqual([{ rel: 'canonical', href: 'https://elsewhere.example.com/b', 'data-docgen-head': '' }]);
    expect(b.ogTitle).toEqual([{ property: 'og:title', content: 'B elsewhere', 'data-docgen-head': '' }]);
    expect((await readHead('/about')).author).toEqual([{ name: 'author', content: 'The Team', 'data-docgen-head': '' }]);
  });

  it('run no script of a head tag written in front matter: its handler and script URL are gone', async () => {
    const c = await readHead('/docs/c');
    expect(c.stylesheet).toEqual([{ rel: 'stylesheet', 'data-docgen-head': '' }]);
    expect(c.ranHandler).toBeUndefined();
    expect(c.ranUrl).toBeUndefined();
  });

  it("replace a page's own head tags with the next page's on a client navigation", async () => {
    const { context, page, problems } = await openPage(served.browser);
    await gotoReady(page, `${served.server.url}/docs/a`);
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    const own = () =>
      page.evaluate(() =>
        [...document.head.querySelectorAll('[data-docgen-head]')].map(
          (element) =>
            `${element.tagName} ${element.getAttribute('name') ?? element.getAttribute('property') ?? element.getAttribute('rel')}`,
        ),
      );
    expect(await own()).toEqual(['META robots', 'LINK alternate']);
    await page.locator('.pagination-nav__link--next').click();
    await expect.poll(() => page.title()).toBe('B | Heads');
    expect(await own()).toEqual(['LINK canonical', 'META og:title']);
    await page.locator('.pagination-nav__link--prev').click();
    await expect.poll(() => page.title()).toBe('A | Heads');
    expect(await own()).toEqual(['META robots', 'LINK alternate']);
    expect(await page.locator('link[type="application/pdf"]').getAttribute('href')).toBe(`/a.pdf?x=1&y=${HOSTILE}`);
    // One document all along: the navigations were the client's.
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
    expect(await page.evaluate(() => document.querySelectorAll('meta[x]').length)).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });
});
