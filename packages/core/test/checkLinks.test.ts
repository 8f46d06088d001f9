import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Element, Root } from 'hast';
import { afterAll, describe, expect, it } from 'vitest';
import { build } from '../src/build/build.js';
import { loadSite } from '../src/build/loadSite.js';
import { checkLinks, getMalformedUrlReason, toLinkDiagnostic } from '../src/links/index.js';
import { copyFixture, elementsByTag, fixturePath, makeTempDir, removeTempDirs } from './helpers.js';

afterAll(removeTempDirs);

const problemsOf = async (siteDir: string, locales?: string[]) =>
  checkLinks((await loadSite({ siteDir, locales })).manifest).map(({ type, location, link, reason }) => ({
    at: `${location.file}:${location.line}:${location.column}`,
    type,
    link,
    reason,
  }));

/** Every problem planted in fixtures/links-broken, in the order the checker reports them. */
const PLANTED = [
  { at: 'blog/2025-01-01-hello.md:5:28', type: 'broken-link', link: '../docs/nope.md', reason: 'no page is built from docs/nope.md' },
  { at: 'docgen.config.yaml:13:11', type: 'broken-link', link: '/docs/nowhere-navbar', reason: 'no page at /docs/nowhere-navbar' },
  { at: 'docgen.config.yaml:23:15', type: 'broken-link', link: '/docs/missing-footer', reason: 'no page at /docs/missing-footer' },
  { at: 'docgen.config.yaml:26:49', type: 'broken-link', link: '/docs/gone', reason: 'no page at /docs/gone' },
  { at: 'docs/start.md:7:1', type: 'broken-link', link: './missing.md', reason: 'no page is built from docs/missing.md' },
  { at: 'docs/start.md:9:1', type: 'broken-link', link: '/docs/nowhere', reason: 'no page at /docs/nowhere' },
  {
    at: 'docs/start.md:11:1',
    type: 'broken-anchor',
    link: './guide/api.md#no-such-heading',
    reason: '/docs/guide/api has no heading with id "no-such-heading"',
  },
  { at: 'docs/start.md:13:1', type: 'broken-anchor', link: '#없는-제목', reason: '/docs/start has no heading with id "없는-제목"' },
  {
    at: 'docs/start.md:17:1',
    type: 'broken-anchor',
    link: './guide/api.md#%EC%9D%91%EB%8B%B5-%EC%BD%94%EB%93%9C',
    reason: '/docs/guide/api has no heading with id "응답-코드"',
  },
  {
    at: 'docs/start.md:21:1',
    type: 'broken-link',
    link: '/docs/1.0/guide/api',
    reason: 'no page at /docs/1.0/guide/api: did you mean /docs/guide/api?',
  },
  { at: 'docs/start.md:25:1', type: 'broken-link', link: '/en/docs/nowhere', reason: 'no page at /en/docs/nowhere' },
  { at: 'docs/start.md:29:1', type: 'broken-link', link: '/files/missing.pdf', reason: 'no page or file at /files/missing.pdf' },
  { at: 'docs/start.md:33:1', type: 'malformed-url', link: 'https//example.com', reason: 'malformed URL: missing ":" after "https"' },
  {
    at: 'docs/start.md:41:1',
    type: 'broken-link',
    link: './guide/apii.md',
    reason: 'no page is built from docs/guide/apii.md: did you mean docs/guide/api.md?',
  },
  {
    at: 'docs/start.md:43:1',
    type: 'broken-anchor',
    link: './guide/api.md#요청-파라미타',
    reason: '/docs/guide/api has no heading with id "요청-파라미타": did you mean #요청-파라미터?',
  },
  { at: 'i18n/en/site.yaml:1:60', type: 'broken-link', link: '/en/docs/nowhere', reason: 'no page at /en/docs/nowhere' },
  { at: 'pages/about.md:5:1', type: 'broken-link', link: '/nowhere', reason: 'no page at /nowhere' },
  { at: 'sidebars.yaml:8:9', type: 'broken-link', link: '/docs/no-such-page', reason: 'no page at /docs/no-such-page' },
];

describe('checkLinks', () => {
  it('reports exactly the planted broken links, anchors and URLs of every kind, each once, at file:line:col', async () => {
    // The fixture also holds a working link of each kind next to the broken one: an existing
    // percent-encoded Korean anchor, a page of version 1.0, a page of the English site, a static
    // file, a {#custom-id}, a Korean path, a trailing slash, a generated category page.
    expect(await problemsOf(fixturePath('links-broken'))).toEqual(PLANTED);
  });

  it('reports nothing for a clean site whose links use every supported form', async () => {
    expect(await problemsOf(fixturePath('links-clean'))).toEqual([]);
  });

  it('reports nothing for the other clean fixtures', async () => {
    expect(await problemsOf(fixturePath('versioned'))).toEqual([]);
    expect(await problemsOf(fixturePath('autogen'))).toEqual([]);
  });

  it('gives build the same problems as its warnings, so the two never disagree', async () => {
    const siteDir = copyFixture('links-broken');
    const result = await build({ siteDir, outDir: join(makeTempDir(), 'out') });
    const buildWarnings = result.diagnostics.filter((diagnostic) => diagnostic.code === 'broken-link');
    const problems = checkLinks((await loadSite({ siteDir })).manifest);
    expect(problems).toHaveLength(PLANTED.length);
    expect(buildWarnings).toEqual(problems.map(toLinkDiagnostic));
    expect(buildWarnings[0]).toEqual({
      severity: 'warning',
      code: 'broken-link',
      message: 'Broken link ../docs/nope.md: no page is built from docs/nope.md',
      hint: 'Point the link at an existing .md file (relative to this file) or an existing URL path.',
      location: { file: 'blog/2025-01-01-hello.md', line: 5, column: 28 },
    });
    expect(buildWarnings.find((warning) => warning.message.startsWith('Malformed'))).toMatchObject({
      message: 'Malformed URL https//example.com',
      hint: 'Missing ":" after "https"; write a complete URL such as https://example.com/path.',
    });
  }, 60_000);

  it('resolves links in blog excerpts as on the post itself, so the blog list page links work too', async () => {
    const { manifest, getContent } = await loadSite({ siteDir: fixturePath('links-clean') });
    const hrefsOn = (locale: string, path: string) => {
      const route = manifest.locales.find((candidate) => candidate.locale === locale)!.routes.find((candidate) => candidate.path === path)!;
      return Object.fromEntries(
        Object.entries(route.slots).map(([name, slot]) => [
          name,
          elementsByTag(getContent(slot), 'a').map((a: Element) => a.properties.href),
        ]),
      );
    };
    expect(hrefsOn('ko', '/blog')).toEqual({ 'excerpt:/blog/hello': ['/docs/start', '/en/blog/hello'] });
    expect(hrefsOn('en', '/en/blog')).toEqual({ 'excerpt:/en/blog/hello': ['/en/docs/start', '/en/blog/hello'] });
    expect(hrefsOn('ko', '/blog/hello').main).toEqual(['/docs/start', '/en/blog/hello']);
  });

  it('keeps a link that names another locale in that locale, on every page and in the navbar', async () => {
    const { manifest } = await loadSite({ siteDir: fixturePath('links-clean') });
    const en = manifest.locales.find((locale) => locale.locale === 'en')!;
    const start = en.linkSources.find((source) => source.sourcePath === 'docs/start.md')!;
    expect(start.links.find((link) => link.url === '/en/docs/guide/api#custom-id')?.target).toBe('/en/docs/guide/api#custom-id');
    expect(start.links.find((link) => link.url === '/docs/1.0/start')?.target).toBe('/en/docs/1.0/start');
    const dropdown = en.site.navbar.items.find((item) => item.type === 'dropdown');
    expect(dropdown?.type === 'dropdown' && dropdown.items.map((item) => item.href)).toEqual([
      '/en/docs/guide/api#custom-id',
      '/en/docs/start',
    ]);
  });

  it('does not report links into locales left out of the model (build --locale)', async () => {
    // i18n/en/site.yaml links to the Korean /docs/start, which an English-only build does not hold.
    expect(await problemsOf(fixturePath('links-clean'), ['en'])).toEqual([]);
    expect((await problemsOf(fixturePath('links-broken'), ['en'])).map((problem) => problem.at)).toContain('i18n/en/site.yaml:1:60');
  });

  it('locates an announcement bar written as a block scalar at its value, and relative links shown on every page', async () => {
    const siteDir = copyFixture('links-broken');
    const configPath = join(siteDir, 'docgen.config.yaml');
    const config = readFileSync(configPath, 'utf8')
      .replace(/ {2}content: '.*'\n/, '  content: |\n    See <a href="docs/start">start</a>\n')
      .replace('to: /docs/nowhere-navbar', 'to: docs/start');
    writeFileSync(configPath, config);
    writeFileSync(join(siteDir, 'sidebars.yaml'), 'docs:\n  - start\n  - type: link\n    label: 상대\n    href: guide/api\n');
    const problems = (await problemsOf(siteDir)).filter((problem) => !problem.at.startsWith('docs/') && !problem.at.startsWith('i18n/'));
    const relative = (where: string) => `a relative link in the ${where} leads somewhere else from every page`;
    expect(problems).toEqual([
      { at: 'blog/2025-01-01-hello.md:5:28', type: 'broken-link', link: '../docs/nope.md', reason: 'no page is built from docs/nope.md' },
      { at: 'docgen.config.yaml:13:11', type: 'broken-link', link: 'docs/start', reason: relative('navbar') },
      { at: 'docgen.config.yaml:23:15', type: 'broken-link', link: '/docs/missing-footer', reason: 'no page at /docs/missing-footer' },
      { at: 'docgen.config.yaml:26:12', type: 'broken-link', link: 'docs/start', reason: relative('announcement bar') },
      { at: 'pages/about.md:5:1', type: 'broken-link', link: '/nowhere', reason: 'no page at /nowhere' },
      { at: 'sidebars.yaml:3:5', type: 'broken-link', link: 'guide/api', reason: relative('sidebar') },
    ]);
  });
});

describe('the anchors of a React page', () => {
  it("are not checked: only rendering shows its ids (Babel's /setup, whose ids its component makes, as Docusaurus's useBrokenLinks collects them)", async () => {
    const siteDir = copyFixture('links-clean');
    writeFileSync(
      join(siteDir, 'pages/tools.js'),
      "import Layout from '@theme/Layout';\nexport default function Tools() {\n  return <Layout>{['webpack', 'gulp'].map((tool) => <h2 key={tool} id={tool}>{tool}</h2>)}</Layout>;\n}\n",
    );
    const startPath = join(siteDir, 'docs/start.md');
    writeFileSync(
      startPath,
      `${readFileSync(startPath, 'utf8')}\n[webpack](/tools#webpack), [gulp](/tools#gulp), [nowhere](/tools-gone#webpack)\n`,
    );
    const { manifest } = await loadSite({ siteDir });
    expect(checkLinks(manifest).map((problem) => `${problem.link} ${problem.reason}`)).toEqual([
      '/tools-gone#webpack no page at /tools-gone',
    ]);
  });
});

describe('an absolute favicon URL', () => {
  it('is used as it is in every page head, and not checked as a file of the site', async () => {
    const siteDir = copyFixture('links-clean');
    const configPath = join(siteDir, 'docgen.config.yaml');
    const config = readFileSync(configPath, 'utf8');
    for (const url of ['https://example.com/favicon.ico', 'http://example.com/f.ico', '//cdn.example.com/f.ico', 'data:,']) {
      writeFileSync(configPath, config.replace('favicon: files/report.pdf', `favicon: '${url}'`));
      const { manifest } = await loadSite({ siteDir });
      expect(manifest.locales.map((locale) => locale.site.favicon)).toEqual([url, url]);
      expect(checkLinks(manifest)).toEqual([]);
    }
    writeFileSync(configPath, config.replace('favicon: files/report.pdf', 'favicon: https://example.com/favicon.ico'));
    const outDir = join(makeTempDir(), 'out');
    const result = await build({ siteDir, outDir });
    expect(result.diagnostics).toEqual([]);
    expect(readFileSync(join(outDir, 'docs/start/index.html'), 'utf8')).toContain(
      '<link rel="icon" href="https://example.com/favicon.ico">',
    );
    // A path is still a file of the site, under the base URL, and checked.
    writeFileSync(configPath, config.replace('favicon: files/report.pdf', 'favicon: img/missing.ico'));
    const { manifest } = await loadSite({ siteDir });
    expect(manifest.locales[0]!.site.favicon).toBe('/img/missing.ico');
    expect(checkLinks(manifest).map((problem) => `${problem.location.line} ${problem.link} ${problem.reason}`)).toEqual([
      '2 img/missing.ico no file at /img/missing.ico',
    ]);
  }, 60_000);
});

describe('getMalformedUrlReason', () => {
  it.each([
    ['https//example.com', 'missing ":" after "https"'],
    ['http://exa mple.com', 'contains a space'],
    ['https://', 'missing host name'],
    ['https:///path', 'missing host name'],
    ['http:/example.com', 'missing "//" after "http:"'],
    ['www.example.com/docs', 'missing "https://" before the host name'],
    ['https://exa[mple.com', 'not a valid URL'],
  ])('reports %s', (url, reason) => {
    expect(getMalformedUrlReason(url)).toBe(reason);
  });

  it.each([
    'https://example.com/a?b=c#d',
    '//cdn.example.com/x.js',
    'mailto:docs@example.com',
    'tel:+82-2-000',
    './a.md',
    '/docs/x',
    '#id',
  ])('accepts %s', (url) => {
    expect(getMalformedUrlReason(url)).toBeUndefined();
  });
});
