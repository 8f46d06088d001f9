import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Element, Root } from 'hast';
import type { LocaleManifest, ManifestRoute, SidebarItem, SiteManifest } from '@docgen/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLinks } from '../src/links/index.js';
import { loadSite } from '../src/build/loadSite.js';
import { catchDocgenErrorAsync, copyFixture, elementsByTag, fixturePath, removeTempDirs } from './helpers.js';

afterAll(removeTempDirs);

const localeOf = (manifest: SiteManifest, locale: string): LocaleManifest => manifest.locales.find((entry) => entry.locale === locale)!;
const routeAt = (manifest: SiteManifest, locale: string, path: string): ManifestRoute | undefined =>
  localeOf(manifest, locale).routes.find((route) => route.path === path);
const paths = (manifest: SiteManifest, locale: string) =>
  localeOf(manifest, locale)
    .routes.map((route) => route.path)
    .sort();

/** A sidebar reduced to labels, links and nesting, for readable expectations. */
type Outline = string | [string, string | undefined, Outline[]];
const outline = (items: SidebarItem[]): Outline[] =>
  items.map((item) => (item.type === 'link' ? `${item.label} -> ${item.href}` : [item.label, item.href, outline(item.items)]));

describe('loadSite: a sidebar generated from folders (fixtures/autogen)', () => {
  let manifest: SiteManifest;
  let draftsManifest: SiteManifest;
  beforeAll(async () => {
    manifest = (await loadSite({ siteDir: fixturePath('autogen') })).manifest;
    draftsManifest = (await loadSite({ siteDir: fixturePath('autogen'), includeDrafts: true })).manifest;
  });

  it('orders items by sidebar_position and _category_.yaml position, then by name, with category labels and links', () => {
    const [version] = localeOf(manifest, 'ko').versions;
    expect(Object.keys(version!.sidebars)).toEqual(['docs']);
    expect(outline(version!.sidebars.docs!)).toEqual([
      '소개 -> /docs/intro',
      ['레퍼런스', undefined, ['CLI -> /docs/reference/cli']],
      [
        'User Guide',
        '/docs/category/user-guide',
        ['개요 -> /docs/guide/overview', '설치 -> /docs/guide/setup', '상대 슬러그 -> /docs/guide/renamed'],
      ],
      '사용자 지정 주소 -> /docs/custom',
      '홈 -> /docs',
      ['tools', '/docs/tools/', ['린트 -> /docs/tools/lint']],
    ]);
  });

  it('gives a category without a page a fallback index: linked as indexHref, not indexed, out of the reading order', () => {
    const [version] = localeOf(manifest, 'ko').versions;
    const reference = version!.sidebars.docs![1]!;
    expect(reference).toMatchObject({ type: 'category', label: '레퍼런스', indexHref: '/docs/category/reference' });
    expect(reference.href).toBeUndefined();
    const route = routeAt(manifest, 'ko', '/docs/category/reference')!;
    expect(route.key).toBe('category:current:/category/reference');
    expect(route.data).toMatchObject({
      type: 'docCategory',
      title: '레퍼런스',
      noIndex: true,
      items: [{ title: 'CLI', path: '/docs/reference/cli' }],
      breadcrumbs: [{ label: '레퍼런스' }],
    });
    expect(route.data).toMatchObject({ previous: undefined, next: undefined });
    // The reading order skips it: the doc before it is followed by the doc inside it.
    expect(routeAt(manifest, 'ko', '/docs/intro')!.data).toMatchObject({ next: { path: '/docs/reference/cli' } });
    // The English locale has the same path (from the folder, not the translated label).
    expect(routeAt(manifest, 'en', '/en/docs/category/reference')!.key).toBe('category:current:/category/reference');
  });

  it('creates a generated-index route for a category with link type generated-index', () => {
    const route = routeAt(manifest, 'ko', '/docs/category/user-guide')!;
    expect(route.key).toBe('category:current:/category/user-guide');
    expect(route.data).toMatchObject({
      type: 'docCategory',
      title: 'User Guide',
      description: '사용자 가이드 모음',
      items: [
        { title: '개요', path: '/docs/guide/overview' },
        { title: '설치', path: '/docs/guide/setup' },
        { title: '상대 슬러그', path: '/docs/guide/renamed' },
      ],
    });
  });

  it('derives doc ids and routes from file paths, number prefixes and slugs', () => {
    const docs = localeOf(manifest, 'ko').versions[0]!.docs.map((doc) => [doc.id, doc.permalink, doc.sourcePath]);
    expect(docs.sort()).toEqual(
      [
        ['index', '/docs', 'docs/index.md'],
        ['intro', '/docs/intro', 'docs/01-intro.md'],
        ['reference/cli', '/docs/reference/cli', 'docs/02-reference/01-cli.md'],
        ['custom-slug', '/docs/custom', 'docs/custom-slug.md'],
        ['guide/overview', '/docs/guide/overview', 'docs/guide/overview.md'],
        ['guide/relative-slug', '/docs/guide/renamed', 'docs/guide/relative-slug.md'],
        ['guide/setup', '/docs/guide/setup', 'docs/guide/setup.md'],
        ['hidden', '/docs/hidden', 'docs/hidden.md'],
        ['tools/index', '/docs/tools/', 'docs/tools/index.md'],
        ['tools/lint', '/docs/tools/lint', 'docs/tools/lint.md'],
      ].sort(),
    );
  });

  it('takes the title from a leading # heading when the front matter has none', () => {
    expect(routeAt(manifest, 'ko', '/docs/intro')!.data.title).toBe('소개');
    expect(routeAt(manifest, 'en', '/en/docs/intro')!.data.title).toBe('Introduction');
  });

  it('builds every route of both locales, and no draft', () => {
    const ko = [
      '/404.html',
      '/docs',
      '/docs/category/reference',
      '/docs/category/user-guide',
      '/docs/custom',
      '/docs/guide/overview',
      '/docs/guide/renamed',
      '/docs/guide/setup',
      '/docs/hidden',
      '/docs/intro',
      '/docs/reference/cli',
      '/docs/tools/',
      '/docs/tools/lint',
    ];
    expect(paths(manifest, 'ko')).toEqual(ko);
    expect(paths(manifest, 'en')).toEqual(ko.map((path) => `/en${path}`));
  });

  it('includes drafts only when asked to', () => {
    expect(routeAt(draftsManifest, 'ko', '/docs/draft')!.data).toMatchObject({ type: 'doc', title: '초안', draft: true, noIndex: true });
  });

  it('builds an unlisted doc with noindex but leaves it out of the sidebar', () => {
    expect(routeAt(manifest, 'ko', '/docs/hidden')!.data).toMatchObject({ type: 'doc', unlisted: true, noIndex: true });
    expect(JSON.stringify(localeOf(manifest, 'ko').versions[0]!.sidebars)).not.toContain('/docs/hidden');
  });

  it('shows the Korean source for an untranslated doc in en, with fallbackFrom pointing at the Korean page', () => {
    const fallback = routeAt(manifest, 'en', '/en/docs/guide/setup')!;
    expect(fallback.isTranslation).toBe(false);
    expect(fallback.sources).toEqual(['docs/guide/setup.md']);
    expect(fallback.data).toMatchObject({ type: 'doc', title: '설치', fallbackFrom: { locale: 'ko', path: '/docs/guide/setup' } });
    expect(fallback.data.canonical).toBe('https://autogen.example.com/docs/guide/setup');
  });

  it('gives a translated doc no fallbackFrom and its own canonical URL', () => {
    const translated = routeAt(manifest, 'en', '/en/docs/intro')!;
    expect(translated.isTranslation).toBe(true);
    expect(translated.sources).toEqual(['i18n/en/docs/current/01-intro.md']);
    expect(translated.data).not.toHaveProperty('fallbackFrom');
    expect(translated.data.canonical).toBe('https://autogen.example.com/en/docs/intro');
    expect(translated.data.alternates).toEqual([
      { locale: 'ko', path: '/docs/intro', isTranslation: true },
      { locale: 'en', path: '/en/docs/intro', isTranslation: true },
    ]);
  });

  it('resolves relative .md links of a translation to pages of its own locale', () => {
    const intro = localeOf(manifest, 'en').linkSources.find((source) => source.sourcePath === 'i18n/en/docs/current/01-intro.md')!;
    expect(intro.links).toEqual([{ url: './guide/setup.md', kind: 'link', line: 7, column: 23, target: '/en/docs/guide/setup' }]);
  });

  // Regression test for a bug found in review.
  it('makes the root index.md the main doc of its version', () => {
    const [version] = localeOf(manifest, 'ko').versions;
    expect(version!.mainDocId).toBe('index');
  });
});

describe("loadSite: the docs' sidebarCollapsed and sidebarCollapsible (fixtures/autogen)", () => {
  const loadWith = async (docs: string, categoryYaml?: string) => {
    const siteDir = copyFixture('autogen');
    writeFileSync(join(siteDir, 'docgen.config.yaml'), `${readFileSync(join(siteDir, 'docgen.config.yaml'), 'utf8')}docs:\n${docs}`);
    if (categoryYaml) writeFileSync(join(siteDir, 'docs/guide/_category_.yaml'), categoryYaml);
    const { manifest } = await loadSite({ siteDir });
    const categories = localeOf(manifest, 'ko').versions[0]!.sidebars.docs!.filter((item) => item.type === 'category');
    return { manifest, categories: categories.map(({ label, collapsed, collapsible }) => ({ label, collapsed, collapsible })) };
  };

  it('opens every category that does not say, as Docusaurus does: with no fallback index for one without a page', async () => {
    const { manifest, categories } = await loadWith('  sidebarCollapsed: false\n');
    expect(categories).toEqual([
      { label: '레퍼런스', collapsed: false, collapsible: true },
      { label: 'User Guide', collapsed: false, collapsible: true },
      { label: 'tools', collapsed: false, collapsible: true },
    ]);
    expect(routeAt(manifest, 'ko', '/docs/category/reference')).toBeUndefined();
  });

  it("makes them fixed and open with sidebarCollapsible: false, and lets a category's own settings win", async () => {
    const { categories } = await loadWith(
      '  sidebarCollapsible: false\n',
      'label: User Guide\nposition: 3\ncollapsible: true\ncollapsed: true\nlink:\n  type: generated-index\n',
    );
    expect(categories).toEqual([
      { label: '레퍼런스', collapsed: false, collapsible: false },
      { label: 'User Guide', collapsed: true, collapsible: true },
      { label: 'tools', collapsed: false, collapsible: false },
    ]);
  });
});

describe('loadSite: versions and explicit sidebars (fixtures/versioned)', () => {
  let getContent: Awaited<ReturnType<typeof loadSite>>['getContent'];
  let manifest: SiteManifest;
  beforeAll(async () => {
    ({ manifest, getContent } = await loadSite({ siteDir: fixturePath('versioned') }));
  });

  it('reads explicit sidebars, doc labels and links from sidebars.yaml', () => {
    const [current, v1] = localeOf(manifest, 'ko').versions;
    expect(current!.name).toBe('current');
    expect(outline(current!.sidebars.guide!)).toEqual([
      '시작하기 -> /docs/start',
      ['가이드', '/docs/category/guide', ['설치 -> /docs/guide/install', '사용법 -> /docs/guide/usage']],
      '보고서 -> /files/report.pdf',
    ]);
    expect(outline(v1!.sidebars.guide!)).toEqual(['시작하기 1.0 -> /docs/1.0/start', '설치 1.0 -> /docs/1.0/guide/install']);
  });

  it('serves the last version at /docs and older versions under /docs/<version>', () => {
    expect(paths(manifest, 'ko')).toEqual([
      '/404.html',
      '/docs',
      '/docs/1.0',
      '/docs/1.0/guide/install',
      '/docs/1.0/start',
      '/docs/category/guide',
      '/docs/guide/install',
      '/docs/guide/usage',
      '/docs/start',
    ]);
    expect(
      localeOf(manifest, 'ko').versions.map((version) => [version.name, version.label, version.path, version.isLast, version.banner]),
    ).toEqual([
      ['current', 'Next', '/docs', true, 'none'],
      ['1.0', '1.0', '/docs/1.0', false, 'unmaintained'],
    ]);
  });

  it('serves the main doc of a version at the version root, with the main doc as canonical URL', () => {
    const root = routeAt(manifest, 'ko', '/docs/1.0')!;
    const main = routeAt(manifest, 'ko', '/docs/1.0/start')!;
    expect(root.sources).toEqual(['versioned_docs/version-1.0/start.md']);
    expect(root.data).toMatchObject({ type: 'doc', path: '/docs/1.0', title: '시작하기 1.0' });
    expect(root.data.canonical).toBe('https://versioned.example.com/docs/1.0/start');
    expect(root.slots.main).toEqual(main.slots.main);
    expect(elementsByTag(getContent(root.slots.main!), 'a').map((a: Element) => a.properties.href)).toEqual(['/docs/1.0/guide/install']);
    expect(routeAt(manifest, 'ko', '/docs')!.data).toMatchObject({
      title: '시작하기',
      canonical: 'https://versioned.example.com/docs/start',
    });
  });

  it('maps each doc to the same doc in every version', () => {
    const install = routeAt(manifest, 'ko', '/docs/guide/install')!;
    expect(install.data).toMatchObject({ versionPaths: { current: '/docs/guide/install', '1.0': '/docs/1.0/guide/install' } });
    const usage = routeAt(manifest, 'ko', '/docs/guide/usage')!;
    expect(usage.data).toMatchObject({ versionPaths: { current: '/docs/guide/usage', '1.0': '/docs/1.0/start' } });
  });

  it('resolves relative .md links inside the same version and locale, in the link list and in the content', () => {
    const target = (locale: string, sourcePath: string) =>
      localeOf(manifest, locale)
        .linkSources.find((source) => source.sourcePath === sourcePath)!
        .links.map((link) => [link.url, link.target]);
    expect(target('ko', 'versioned_docs/version-1.0/start.md')).toEqual([['./guide/install.md', '/docs/1.0/guide/install']]);
    expect(target('ko', 'versioned_docs/version-1.0/guide/install.md')).toEqual([['../start.md', '/docs/1.0/start']]);
    expect(target('ko', 'docs/guide/install.md')).toEqual([
      ['../start.md', '/docs/start'],
      ['./usage.md#옵션', '/docs/guide/usage#옵션'],
    ]);
    expect(target('en', 'i18n/en/docs/version-1.0/start.md')).toEqual([['./guide/install.md', '/en/docs/1.0/guide/install']]);
    expect(target('en', 'versioned_docs/version-1.0/guide/install.md')).toEqual([['../start.md', '/en/docs/1.0/start']]);

    const hrefs = (route: ManifestRoute) => elementsByTag(getContent(route.slots.main!), 'a').map((a: Element) => a.properties.href);
    expect(hrefs(routeAt(manifest, 'en', '/en/docs/1.0/start')!)).toEqual(['/en/docs/1.0/guide/install']);
    expect(hrefs(routeAt(manifest, 'en', '/en/docs/start')!)).toEqual([
      '/en/docs/guide/install',
      '/en/docs/guide/usage#옵션',
      '/files/report.pdf',
    ]);
  });

  it('keeps links to static files unlocalized', () => {
    const [, , report] = localeOf(manifest, 'en').versions[0]!.sidebars.guide!;
    expect(report).toEqual({ type: 'link', label: '보고서', href: '/files/report.pdf', external: false });
  });

  it('shows the untranslated versioned doc in en as a fallback', () => {
    expect(routeAt(manifest, 'en', '/en/docs/1.0/guide/install')!.data).toMatchObject({
      fallbackFrom: { locale: 'ko', path: '/docs/1.0/guide/install' },
    });
    expect(routeAt(manifest, 'en', '/en/docs/1.0/start')!.data).not.toHaveProperty('fallbackFrom');
  });

  it("labels an untranslated doc in the sidebar from the locale's labels, like a category", async () => {
    const site = copyFixture('versioned');
    writeFileSync(
      join(site, 'i18n/en/site.yaml'),
      'labels:\n  설치 1.0: Installing 1.0\n  가이드: Guide\n  사용법: Usage\n  보고서: Report\n',
    );
    const { manifest: labelled } = await loadSite({ siteDir: site, cache: false });
    const [current, v1] = localeOf(labelled, 'en').versions;
    // Translated: the fallback page's label (its page still shows the Korean text) and the category.
    expect(outline(v1!.sidebars.guide!)).toEqual([
      'Getting started 1.0 -> /en/docs/1.0/start',
      'Installing 1.0 -> /en/docs/1.0/guide/install',
    ]);
    expect(outline(current!.sidebars.guide!)[1]).toEqual(['Guide', '/en/docs/category/guide', expect.any(Array)]);
    expect(routeAt(labelled, 'en', '/en/docs/1.0/guide/install')!.data.title).toBe('설치 1.0');
    // A label with no translation stays as written, with a warning naming the file where it is written.
    expect(outline(current!.sidebars.guide!)[1]![2]).toContain('설치 -> /en/docs/guide/install');
    expect(labelled.warnings.map((warning) => [warning.code, warning.location?.file, warning.message])).toContainEqual([
      'untranslated-label',
      'docs/guide/install.md',
      'Sidebar "guide" shows "설치" untranslated in locale en',
    ]);
    // Nothing about the default locale, nor about a label the locale translates.
    expect(labelled.warnings.filter((warning) => / in locale ko$|"(설치 1\.0|가이드|사용법)"/.test(warning.message))).toEqual([]);
    // A label the locale leaves untranslated on purpose, for now, is not warned of.
    writeFileSync(join(site, 'i18n/en/site.yaml'), readFileSync(join(site, 'i18n/en/site.yaml'), 'utf8') + 'untranslated: [설치]\n');
    const { manifest: acknowledged } = await loadSite({ siteDir: site, cache: false });
    expect(acknowledged.warnings.filter((warning) => warning.code === 'untranslated-label')).toEqual([]);
  });

  it('does not warn of untranslated labels in a sidebar the locale has translated little of', () => {
    expect(manifest.warnings.filter((warning) => warning.code === 'untranslated-label')).toEqual([]);
  });

  it('builds one locale when asked to', async () => {
    const { manifest: onlyEn } = await loadSite({ siteDir: fixturePath('versioned'), locales: ['en'] });
    expect(onlyEn.locales.map((locale) => locale.locale)).toEqual(['en']);
  });

  it('rejects an unknown locale', async () => {
    const error = await catchDocgenErrorAsync(() => loadSite({ siteDir: fixturePath('versioned'), locales: ['fr'] }));
    expect(error.message).toBe('Unknown locale "fr"');
    expect(error.hint).toBe('Available locales: ko, en.');
  });
});

describe('loadSite: content errors', () => {
  it('names file:line:col of a sidebar item pointing at a missing doc id', async () => {
    const siteDir = copyFixture('versioned');
    writeFileSync(
      join(siteDir, 'sidebars.yaml'),
      [
        'guide:',
        '  - start',
        '  - type: category',
        '    label: 가이드',
        '    items:',
        '      - guide/install',
        '      - type: doc',
        '        id: guide/usge',
        '',
      ].join('\n'),
    );
    const error = await catchDocgenErrorAsync(() => loadSite({ siteDir }));
    expect(error.message).toBe('Sidebar "guide" of version Next points at doc "guide/usge", which does not exist');
    expect(error.code).toBe('sidebar-unknown-doc');
    expect(error.location).toEqual({ file: 'sidebars.yaml', line: 7, column: 9 });
    expect(error.hint).toBe('Did you mean: guide/usage?');
  });

  it('suggests the near doc id for a shorthand item, located at the item', async () => {
    const siteDir = copyFixture('versioned');
    writeFileSync(join(siteDir, 'versioned_sidebars', 'version-1.0-sidebars.yaml'), 'guide:\n  - start\n  - guide/instal\n');
    const error = await catchDocgenErrorAsync(() => loadSite({ siteDir }));
    expect(error.message).toBe('Sidebar "guide" of version 1.0 points at doc "guide/instal", which does not exist');
    expect(error.location).toEqual({ file: 'versioned_sidebars/version-1.0-sidebars.yaml', line: 3, column: 5 });
    expect(error.hint).toBe('Did you mean: guide/install?');
  });

  it('does not fail on a sidebar item naming a draft doc', async () => {
    const siteDir = copyFixture('versioned');
    writeFileSync(join(siteDir, 'docs', 'guide', 'usage.md'), '---\ntitle: 사용법\ndraft: true\n---\n\n본문\n');
    const { manifest } = await loadSite({ siteDir });
    expect(routeAt(manifest, 'ko', '/docs/guide/usage')).toBeUndefined();
    expect(outline(localeOf(manifest, 'ko').versions[0]!.sidebars.guide!)[1]).toEqual([
      '가이드',
      '/docs/category/guide',
      ['설치 -> /docs/guide/install'],
    ]);
  });

  it('fails when two files claim one route, naming both', async () => {
    const siteDir = copyFixture('autogen');
    writeFileSync(join(siteDir, 'docs', 'zzz.md'), '---\nslug: /guide/setup\n---\n\n중복\n');
    const error = await catchDocgenErrorAsync(() => loadSite({ siteDir }));
    expect(error.message).toBe('Two sources claim the route /docs/guide/setup: docs/guide/setup.md and docs/zzz.md');
    expect(error.code).toBe('duplicate-route');
    expect(error.location).toEqual({ file: 'docs/zzz.md', line: 1, column: 1 });
  });

  it('fails when two routes differ only in letter case', async () => {
    const siteDir = copyFixture('autogen');
    writeFileSync(join(siteDir, 'docs', 'zzz.md'), '---\nslug: /Custom\n---\n\n대문자\n');
    const error = await catchDocgenErrorAsync(() => loadSite({ siteDir }));
    expect(error.message).toBe('Two sources claim the route /docs/Custom: docs/custom-slug.md and docs/zzz.md');
    expect(error.hint).toContain('letter case');
  });

  it('fails when two routes differ only in a trailing slash', async () => {
    const siteDir = copyFixture('autogen');
    writeFileSync(join(siteDir, 'docs', 'zzz.md'), '---\nslug: /custom/\n---\n\n슬래시\n');
    const error = await catchDocgenErrorAsync(() => loadSite({ siteDir }));
    expect(error.message).toBe('Two sources claim the route /docs/custom/: docs/custom-slug.md and docs/zzz.md');
  });

  it('reports invalid front matter of a doc with its file and line', async () => {
    const siteDir = copyFixture('autogen');
    writeFileSync(join(siteDir, 'docs', 'guide', 'setup.md'), '---\ntitle: 설치\nsidebar_position: "x"\n---\n\n본문\n');
    const error = await catchDocgenErrorAsync(() => loadSite({ siteDir }));
    expect(error.message).toBe('Invalid front matter "sidebar_position": Invalid input: expected number, received string');
    expect(error.location).toEqual({ file: 'docs/guide/setup.md', line: 3, column: 19 });
  });

  it.each([
    ['an unknown HTML tag', 'Returns List<String>.\n', 'Unknown HTML tag <String> is shown as text', 5, 13],
    // The page's title is its only h1.
    ['a second h1', '# 설치 안내\n\n본문\n\n# 두 번째 제목\n', 'The heading "두 번째 제목" is a second h1 on the page', 9, 1],
  ])('collects markdown warnings (%s) with the file line, front matter included', async (_what, body, message, line, column) => {
    const siteDir = copyFixture('autogen');
    writeFileSync(join(siteDir, 'docs', 'guide', 'setup.md'), `---\ntitle: 설치\n---\n\n${body}`);
    const { diagnostics } = await loadSite({ siteDir, locales: ['ko'] });
    expect(diagnostics.map((diagnostic) => [diagnostic.message, diagnostic.location])).toEqual([
      [message, { file: 'docs/guide/setup.md', line, column }],
    ]);
  });
});

describe('loadSite: a front matter title and a leading # heading', () => {
  let manifest: SiteManifest;
  beforeAll(async () => {
    const siteDir = copyFixture('links-clean');
    const body = '---\ntitle: Home\n---\n\n# Welcome to My Docs\n\nText.\n';
    writeFileSync(join(siteDir, 'docs', 'start.md'), body);
    mkdirSync(join(siteDir, 'pages'), { recursive: true });
    writeFileSync(join(siteDir, 'pages', 'welcome.md'), body);
    writeFileSync(join(siteDir, 'blog', '2025-01-01-hello.md'), body);
    manifest = (await loadSite({ siteDir, locales: ['ko'] })).manifest;
  });

  it('names a doc and a markdown page by the front matter title, and gives them the heading as a title slot, with its id', () => {
    for (const path of ['/docs/start', '/welcome']) {
      const route = routeAt(manifest, 'ko', path)!;
      expect(route.data.title).toBe('Home');
      expect(Object.entries(route.slots).map(([name, slot]) => [name, slot.part])).toEqual([
        ['title', 'title'],
        ['main', 'main'],
      ]);
      expect(route.anchorIds).toContain('welcome-to-my-docs');
    }
    const version = localeOf(manifest, 'ko').versions.find((candidate) => candidate.isLast)!;
    expect(JSON.stringify(version.sidebars)).toContain('"label":"Home"');
  });

  it('names a blog post by the front matter title and leaves the heading out, as Docusaurus does: the post header shows the title', () => {
    const post = localeOf(manifest, 'ko').routes.find((route) => route.data.type === 'blogPost')!;
    expect(post.data.title).toBe('Home');
    expect(Object.keys(post.slots)).toEqual(['main']);
    expect(post.anchorIds).not.toContain('welcome-to-my-docs');
  });
});

describe('loadSite: a page written as .mdx instead of .md (fixtures/links-clean)', () => {
  it('keeps its id, URL, translation in another extension and the .md links to it', async () => {
    const siteDir = copyFixture('links-clean');
    // The sidebar names the doc by its id, guide/api; start.md links to ./guide/api.md.
    renameSync(join(siteDir, 'docs/guide/api.md'), join(siteDir, 'docs/guide/api.mdx'));
    mkdirSync(join(siteDir, 'i18n/en/docs/current/guide'), { recursive: true });
    writeFileSync(
      join(siteDir, 'i18n/en/docs/current/guide/api.md'),
      '---\ntitle: API in English\n---\n\n## 요청 파라미터\n\nText.\n\n## Custom heading {#custom-id}\n\nText.\n',
    );
    const post = readFileSync(join(siteDir, 'blog/2025-01-01-hello.md'), 'utf8');
    rmSync(join(siteDir, 'blog/2025-01-01-hello.md'));
    writeFileSync(join(siteDir, 'blog/2025-01-01-hello.mdx'), post.replace('<!-- truncate -->', '{/* truncate */}'));
    const { manifest } = await loadSite({ siteDir });
    const korean = routeAt(manifest, 'ko', '/docs/guide/api')!;
    expect(korean).toMatchObject({ key: 'doc:current:guide/api', sources: ['docs/guide/api.mdx'], data: { title: 'API' } });
    const english = routeAt(manifest, 'en', '/en/docs/guide/api')!;
    expect(english).toMatchObject({ key: 'doc:current:guide/api', isTranslation: true, data: { title: 'API in English' } });
    expect(routeAt(manifest, 'ko', '/blog/hello')).toBeDefined();
    expect(checkLinks(manifest)).toEqual([]);
  });
});

describe('tag URLs', () => {
  it("are Docusaurus's (lodash's kebabCase): split where case or digits change, accents dropped, Hangul kept", async () => {
    const { toTagSlug } = await import('../src/manifest/context.js');
    expect(['GraphQL', 'K8s', 'Next.js', 'OpenAI', 'Getting started', 'café', '빠른 시작', 'XMLHttpRequest'].map(toTagSlug)).toEqual([
      'graph-ql',
      'k-8-s',
      'next-js',
      'open-ai',
      'getting-started',
      'cafe',
      '빠른-시작',
      'xml-http-request',
    ]);
  });
});

describe("a folder's page", () => {
  it("is the doc named index, README or as its folder, in any case, by the names as written (Docusaurus's category index)", async () => {
    const site = copyFixture('autogen');
    for (const [file, title] of [
      ['docs/upgrade-guide/01-upgrade-guide.md', 'Upgrading'],
      ['docs/upgrade-guide/02-notes.md', 'Notes'],
      ['docs/setup/Setup.md', 'Setting up'],
      ['docs/01-faq/faq.md', 'Questions'],
      ['docs/01-faq/02-more.md', 'More'],
      ['docs/other/README.md', 'Other'],
    ]) {
      mkdirSync(join(site, file, '..'), { recursive: true });
      writeFileSync(join(site, file), `# ${title}\n\nText.\n`);
    }
    const { manifest } = await loadSite({ siteDir: site, cache: false });
    const permalinks = Object.fromEntries(
      localeOf(manifest, 'ko')
        .versions[0]!.docs.filter((doc) => ['Upgrading', 'Setting up', 'Questions', 'Other'].includes(doc.title))
        .map((doc) => [doc.title, doc.permalink]),
    );
    expect(permalinks).toEqual({
      // The number prefix is part of the name compared: not the folder's page (Apache EventMesh's).
      Upgrading: '/docs/upgrade-guide/upgrade-guide',
      'Setting up': '/docs/setup/',
      Questions: '/docs/faq/faq',
      Other: '/docs/other/',
    });
  });
});

describe('blog lists', () => {
  it("hold the newest first, to the time of day the front matter gives, and posts of one time in their files' order, as Docusaurus", async () => {
    const siteDir = copyFixture('links-clean');
    for (const [file, date] of [
      ['blog/b-second.md', '2025-02-01'],
      ['blog/a-first.md', '2025-02-01'],
      ['blog/z-later.md', '2025-02-01T10:00:00Z'],
      ['blog/c-earlier.md', '2025-02-01T08:00:00Z'],
    ]) {
      writeFileSync(join(siteDir, file), `---\ntitle: ${file}\ndate: ${date}\n---\n\nText.\n`);
    }
    const { manifest } = await loadSite({ siteDir });
    const list = routeAt(manifest, 'ko', '/blog')!.data as unknown as { posts: { path: string }[] };
    expect(list.posts.map((post) => post.path)).toEqual([
      '/blog/z-later',
      '/blog/c-earlier',
      '/blog/a-first',
      '/blog/b-second',
      '/blog/hello',
    ]);
  });
});
