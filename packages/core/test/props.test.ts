import type { CompiledMarkdown, LoadedDoc, LoadedVersion, ManifestRoute, Sidebar } from '@docgen/types';
import { afterAll, describe, expect, it } from 'vitest';
import type { DocPlace, RouteLinks } from '../src/manifest/pendingRoute.js';
import { getSidebarFirstPath, toRouteProps, toSidebarProp } from '../src/manifest/props.js';
import { toSearchScopes } from '../src/manifest/searchScopes.js';
import { fixturePath, removeTempDirs, writeSite } from './helpers.js';
import { loadSite } from '../src/build/loadSite.js';
import { build } from '../src/build/build.js';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

afterAll(removeTempDirs);

// A hand-made site model: one sidebar, one doc, the links a route takes from the rest of the site.
const sidebar: Sidebar = [
  { type: 'link', label: 'Intro', href: '/docs/intro', docId: 'intro' },
  {
    type: 'category',
    label: 'Guide',
    href: '/docs/guide/',
    collapsed: true,
    collapsible: true,
    items: [
      { type: 'link', label: 'Setup', href: '/docs/guide/setup', docId: 'guide/setup' },
      { type: 'link', label: 'Elsewhere', href: 'https://example.com', external: true },
    ],
  },
];

const doc: LoadedDoc = {
  id: 'guide/setup',
  versionName: 'current',
  locale: 'en',
  title: 'Setup',
  description: 'How to set up',
  sidebarLabel: 'Setup',
  sidebarLabelTranslated: true,
  permalink: '/en/docs/guide/setup',
  sourcePath: 'docs/guide/setup.md',
  isFallback: true,
  draft: false,
  unlisted: false,
  toc: [{ id: 'install', level: 2, value: 'Install' }],
  hideTableOfContents: false,
  compiled: {} as CompiledMarkdown,
  sidebarId: 'docs',
};

const place: DocPlace = {
  versionName: 'current',
  sidebar: { id: 'docs', url: '/_docgen/sidebars/abc.json' },
  breadcrumbs: [{ label: 'Guide', href: '/docs/guide/' }, { label: 'Setup' }],
  previous: { title: 'Guide', path: '/en/docs/guide/' },
  next: undefined,
};

const links: RouteLinks = {
  canonical: 'https://example.com/docs/guide/setup',
  alternates: [
    { locale: 'ko', path: '/docs/guide/setup', isTranslation: true },
    { locale: 'en', path: '/en/docs/guide/setup', isTranslation: false },
  ],
  fallbackFrom: { locale: 'ko', path: '/docs/guide/setup' },
  versionPaths: { current: '/en/docs/guide/setup', '1.0': '/en/docs/1.0/intro' },
};

describe('toSidebarProp', () => {
  it('gives the sidebar as pages load it: the same items in the same order, without the doc ids links carry for the build', () => {
    const prop = toSidebarProp(sidebar);
    expect(JSON.stringify(prop)).not.toContain('docId');
    expect(prop).toEqual([
      { type: 'link', label: 'Intro', href: '/docs/intro' },
      {
        type: 'category',
        label: 'Guide',
        href: '/docs/guide/',
        collapsed: true,
        collapsible: true,
        items: [
          { type: 'link', label: 'Setup', href: '/docs/guide/setup' },
          { type: 'link', label: 'Elsewhere', href: 'https://example.com', external: true },
        ],
      },
    ]);
    // The build's own copy keeps them.
    expect(sidebar[0]).toHaveProperty('docId', 'intro');
  });

  it('finds the first internal page of a sidebar, skipping external links', () => {
    expect(getSidebarFirstPath([sidebar[1]!])).toBe('/docs/guide/');
    expect(getSidebarFirstPath([{ type: 'link', label: 'x', href: 'https://x.org', external: true }, sidebar[0]!])).toBe('/docs/intro');
    expect(getSidebarFirstPath([])).toBeUndefined();
  });
});

describe('toRouteProps', () => {
  it('makes the final props of a doc: its place, the links from the rest of the site, its markdown twin', () => {
    const props = toRouteProps({ type: 'doc', path: doc.permalink, doc, place }, links);
    expect(props).toEqual({
      type: 'doc',
      path: '/en/docs/guide/setup',
      title: 'Setup',
      description: 'How to set up',
      canonical: links.canonical,
      alternates: links.alternates,
      noIndex: false,
      html: {},
      toc: doc.toc,
      hideTableOfContents: false,
      unlisted: false,
      draft: false,
      versionPaths: links.versionPaths,
      ...place,
      fallbackFrom: { locale: 'ko', path: '/docs/guide/setup' },
      markdownPath: '/en/docs/guide/setup.md',
    });
    // The page data and hydration JSON are written in this order: it is part of the output.
    expect(Object.keys(props).slice(0, 8)).toEqual(['type', 'path', 'title', 'description', 'canonical', 'alternates', 'noIndex', 'html']);
    expect(Object.keys(props).at(-1)).toBe('markdownPath');
  });

  it('gives a version root its own path and markdown twin, and a translated page no fallbackFrom', () => {
    const props = toRouteProps({ type: 'doc', path: '/en/docs', doc, place }, { ...links, fallbackFrom: undefined });
    expect(props).toMatchObject({ path: '/en/docs', markdownPath: '/en/docs.md', title: 'Setup' });
    expect(props).not.toHaveProperty('fallbackFrom');
  });

  it('makes a draft or unlisted doc noindex', () => {
    expect(toRouteProps({ type: 'doc', path: doc.permalink, doc: { ...doc, unlisted: true }, place }, links).noIndex).toBe(true);
    expect(toRouteProps({ type: 'doc', path: doc.permalink, doc: { ...doc, draft: true }, place }, links).noIndex).toBe(true);
  });

  it('makes the props of the other page kinds from what they show', () => {
    const category = toRouteProps(
      {
        type: 'docCategory',
        path: '/docs/category/guide',
        title: 'Guide',
        description: '',
        noIndex: true,
        items: [{ title: 'Setup', description: 'How to set up', path: '/docs/guide/setup' }],
        place,
      },
      links,
    );
    expect(category).toMatchObject({
      type: 'docCategory',
      noIndex: true,
      versionPaths: links.versionPaths,
      breadcrumbs: place.breadcrumbs,
    });
    expect(category).not.toHaveProperty('fallbackFrom');

    const archive = toRouteProps({ type: 'blogArchive', path: '/blog/archive', title: 'Archive', description: '', years: [] }, links);
    expect(archive).toEqual({
      canonical: links.canonical,
      alternates: links.alternates,
      noIndex: false,
      html: {},
      type: 'blogArchive',
      path: '/blog/archive',
      title: 'Archive',
      description: '',
      years: [],
    });

    const component = toRouteProps({ type: 'page', path: '/en/playground', component: 'pages/playground.tsx' }, links);
    expect(component).toMatchObject({ type: 'page', title: '', component: 'pages/playground.tsx', noIndex: false });
    expect(component).not.toHaveProperty('fallbackFrom');

    const notFound = toRouteProps({ type: 'notFound', path: '/en/404.html' }, links);
    expect(notFound).toMatchObject({ type: 'notFound', noIndex: true, canonical: links.canonical, alternates: links.alternates });
  });
});

describe('toSearchScopes', () => {
  const route = (path: string, key: string, data: Partial<ManifestRoute['data']>, slotKey?: string): ManifestRoute =>
    ({
      path,
      key,
      slots: slotKey ? { main: { key: slotKey, part: 'main', hrefs: {}, srcs: {} } } : {},
      data: { noIndex: false, title: path, ...data },
    }) as ManifestRoute;
  const versions = [
    { name: 'current', label: 'Next' },
    { name: '1.0', label: '1.0' },
  ] as LoadedVersion[];

  it('puts indexed docs in their version scope and posts and pages in the blog scope; drops empty scopes', () => {
    const scopes = toSearchScopes(
      [
        route('/docs/a', 'doc:current:a', { type: 'doc', versionName: 'current' }, 'k1'),
        route('/docs', 'version-root:current', { type: 'doc', versionName: 'current' }, 'k1'),
        route('/docs/hidden', 'doc:current:hidden', { type: 'doc', versionName: 'current', noIndex: true }, 'k2'),
        route('/blog/post', 'blog:post:p', { type: 'blogPost' }, 'k3'),
        route('/about', 'page:/about', { type: 'markdownPage' }, 'k4'),
        route('/blog', 'blog:list:1', { type: 'blogList' }),
      ],
      versions,
      'Blog',
    );
    expect(scopes.map(({ scope, label, pages }) => [scope, label, pages.map((page) => page.path)])).toEqual([
      ['docs:current', 'Next', ['/docs/a']],
      ['blog', 'Blog', ['/blog/post', '/about']],
    ]);
    expect(scopes[0]!.key).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('createManifest: the props it hands the theme', () => {
  it('names the search scopes in the site data, and ships sidebars without doc ids (fixtures/autogen)', async () => {
    const { manifest } = await loadSite({ siteDir: fixturePath('autogen') });
    const [locale] = manifest.locales;
    expect(locale!.site.search?.scopes).toEqual(locale!.searchScopes.map(({ scope, label }) => ({ name: scope, label })));
    expect(JSON.stringify(locale!.versions[0]!.sidebars)).toContain('"docId"');
    expect(Object.keys(locale!.sidebarFiles).length).toBeGreaterThan(0);
    expect(JSON.stringify(locale!.sidebarFiles)).not.toContain('docId');
    for (const route of locale!.routes) {
      if (route.data.type === 'doc')
        expect(route.data.markdownPath).toBe(route.path.endsWith('/') ? `${route.path}index.md` : `${route.path}.md`);
    }
  });
});

describe("the blog's lists of tags and authors", () => {
  const siteWith = (posts: Record<string, string>, authorsYaml?: string) => {
    const files: Record<string, string> = {
      'docgen.config.yaml': 'title: Blog\nurl: https://blog.example.com\ni18n:\n  defaultLocale: en\n  locales: [en]\n',
      'docs/intro.md': '# Intro\n',
      ...Object.fromEntries(Object.entries(posts).map(([name, text]) => [`blog/${name}`, text])),
      ...(authorsYaml && { 'blog/authors.yaml': authorsYaml }),
    };
    return writeSite(files);
  };
  const listsOf = async (siteDir: string) => {
    const [locale] = (await loadSite({ siteDir })).manifest.locales;
    const paths = locale!.routes.map((route) => route.path);
    return { tags: paths.includes('/blog/tags'), authors: paths.includes('/blog/authors'), site: locale!.site.blog };
  };

  it('are made only when a post has a tag or an author of authors.yaml, and the site data says which there are', async () => {
    const inline = siteWith({ '2025-01-02-hello.md': '---\ntitle: Hello\nauthors:\n  - name: Jane Doe\n---\n\nHi.\n' });
    expect(await listsOf(inline)).toEqual({ tags: false, authors: false, site: expect.objectContaining({ tags: false, authors: false }) });
    const listed = siteWith(
      { '2025-01-02-hello.md': '---\ntitle: Hello\nauthors: [jane]\ntags: [news]\n---\n\nHi.\n' },
      'jane:\n  name: Jane Doe\n',
    );
    expect(await listsOf(listed)).toEqual({ tags: true, authors: true, site: expect.objectContaining({ tags: true, authors: true }) });
  });

  it('give no page to an author of authors.yaml with page: false, whose name links to their url, and list them still', async () => {
    const siteDir = siteWith(
      { '2025-01-02-hello.md': '---\ntitle: Hello\nauthors: [jane, kim]\n---\n\nHi.\n' },
      'jane:\n  name: Jane Doe\n  url: https://jane.example.com\n  page: false\nkim:\n  name: Kim\n  page: {permalink: /kim-lee}\n',
    );
    const [locale] = (await loadSite({ siteDir })).manifest.locales;
    const routeOf = (path: string) => locale!.routes.find((route) => route.path === path)?.data;
    expect(locale!.routes.map((route) => route.path).filter((path) => path.startsWith('/blog/authors/'))).toEqual([
      '/blog/authors/kim-lee',
    ]);
    const post = routeOf('/blog/hello');
    expect(post?.type === 'blogPost' && post.post.authors.map(({ name, path, url }) => ({ name, path, url }))).toEqual([
      { name: 'Jane Doe', path: undefined, url: 'https://jane.example.com' },
      { name: 'Kim', path: '/blog/authors/kim-lee', url: undefined },
    ]);
    const list = routeOf('/blog/authors');
    expect(list?.type === 'blogAuthorList' && list.authors.map((author) => author.name)).toEqual(['Jane Doe', 'Kim']);
  });
});

describe("the blog's sidebar of recent posts", () => {
  const posts = Object.fromEntries(
    ['2023-11-05', '2024-01-02', '2024-03-04', '2024-05-06', '2024-07-08', '2025-02-03', '2025-04-05'].map((date, index) => [
      `blog/${date}-post-${index}.md`,
      `---\ntitle: Post ${index}\n${index === 6 ? 'unlisted: true\n' : ''}---\n\nText of post ${index}.\n`,
    ]),
  );
  const sidebarsOf = async (blogConfig = '', siteYaml?: string) => {
    const siteDir = writeSite({
      'docgen.config.yaml': `title: Blog\nurl: https://blog.example.com\ni18n:\n  defaultLocale: en\n  locales: [en]\n${blogConfig}`,
      'docs/intro.md': '# Intro\n',
      ...posts,
      ...(siteYaml && { 'i18n/en/site.yaml': siteYaml }),
    });
    const [locale] = (await loadSite({ siteDir })).manifest.locales;
    return new Map(locale!.routes.map((route) => [route.path, 'blogSidebar' in route.data ? route.data.blogSidebar : undefined]));
  };

  it('lists the five newest listed posts, newest first, grouped by year, on every blog page but the archive', async () => {
    const sidebars = await sidebarsOf();
    const expected = {
      groupByYear: true,
      items: [
        { title: 'Post 5', path: '/blog/post-5', date: '2025-02-03' },
        { title: 'Post 4', path: '/blog/post-4', date: '2024-07-08' },
        { title: 'Post 3', path: '/blog/post-3', date: '2024-05-06' },
        { title: 'Post 2', path: '/blog/post-2', date: '2024-03-04' },
        { title: 'Post 1', path: '/blog/post-1', date: '2024-01-02' },
      ],
    };
    expect(sidebars.get('/blog')).toEqual(expected);
    expect(sidebars.get('/blog/post-0')).toEqual(expected);
    // The unlisted post's page has the sidebar, without itself in it.
    expect(sidebars.get('/blog/post-6')).toEqual(expected);
    expect(sidebars.get('/blog/archive')).toBeUndefined();
    expect(sidebars.get('/docs/intro')).toBeUndefined();
  });

  it('takes blogSidebarCount (ALL, 0), blogSidebarTitle, its translation and sidebarGroupByYear', async () => {
    const all = await sidebarsOf('blog:\n  blogSidebarCount: ALL\n  blogSidebarTitle: All posts\n  sidebarGroupByYear: false\n');
    expect(all.get('/blog')).toMatchObject({ title: 'All posts', groupByYear: false });
    expect(all.get('/blog')!.items.map((item) => item.title)).toEqual(['Post 5', 'Post 4', 'Post 3', 'Post 2', 'Post 1', 'Post 0']);
    const two = await sidebarsOf('blog:\n  blogSidebarCount: 2\n  blogSidebarTitle: Latest\n', 'blogSidebarTitle: Neueste\n');
    expect(two.get('/blog')).toMatchObject({ title: 'Neueste', items: [{ title: 'Post 5' }, { title: 'Post 4' }] });
    const none = await sidebarsOf('blog:\n  blogSidebarCount: 0\n');
    expect([...none.values()].every((sidebar) => sidebar === undefined)).toBe(true);
  });
});

describe('navbar doc items', () => {
  it("carry the sidebar their doc is in, by which the item is active on that sidebar's pages", async () => {
    const files: Record<string, string> = {
      'docgen.config.yaml': [
        'title: Nav',
        'url: https://nav.example.com',
        'i18n:\n  defaultLocale: en\n  locales: [en]',
        'navbar:',
        '  items:',
        '    - { type: doc, docId: guide/start, label: Guide }',
        '    - { type: doc, docId: api/index, label: API }',
        '    - { type: doc, docId: loose, label: Loose }',
        '',
      ].join('\n'),
      'sidebars.yaml': [
        'guide:',
        '  - guide/start',
        '  - guide/more',
        'api:',
        '  - type: category',
        '    label: API',
        '    link: { type: doc, id: api/index }',
        '    items: [api/call]',
        '',
      ].join('\n'),
      'docs/guide/start.md': '# Start\n',
      'docs/guide/more.md': '# More\n',
      'docs/api/index.md': '# API\n',
      'docs/api/call.md': '# Call\n',
      'docs/loose.md': '# Loose\n',
    };
    const [locale] = (await loadSite({ siteDir: writeSite(files) })).manifest.locales;
    // The category's own doc counts as in its sidebar; a doc of no sidebar has none.
    expect(locale!.site.versions[0]!.navbarDocSidebars).toEqual({ 'guide/start': 'guide', 'api/index': 'api' });
  });
});

describe("the config's titleDelimiter", () => {
  it("is in the site data only when it is not `|`, and stands between the titles of the built pages (Babel's `·`)", async () => {
    const files = { 'docs/setup.md': '# Setup\n', 'docgen.config.yaml': 'title: Babel\nurl: https://babel.example.com\n' };
    const [plain] = (await loadSite({ siteDir: writeSite(files) })).manifest.locales;
    expect(plain!.site.titleDelimiter).toBeUndefined();
    const siteDir = writeSite({ ...files, 'docgen.config.yaml': 'title: Babel\nurl: https://babel.example.com\ntitleDelimiter: ·\n' });
    const [babel] = (await loadSite({ siteDir })).manifest.locales;
    expect(babel!.site.titleDelimiter).toBe('·');
    const outDir = join(siteDir, 'out');
    await build({ siteDir, outDir });
    expect(readFileSync(join(outDir, 'docs/setup/index.html'), 'utf8')).toContain('<title>Setup · Babel</title>');
  }, 60_000);
});

describe('a page that hides its title (hide_title)', () => {
  it('shows its first other h1 as its only one: no "second h1" warning for it, one for the next', async () => {
    const body = '&nbsp;\n\n# The only h1 shown\n\nText.\n\n# Another\n';
    const siteDir = writeSite({
      'docgen.config.yaml': 'title: Hide\nurl: https://hide.example.com\ni18n:\n  defaultLocale: en\n  locales: [en]\n',
      'docs/hidden.md': `---\ntitle: Hidden title\nhide_title: true\n---\n\n${body}`,
      'docs/shown.md': `---\ntitle: Shown title\n---\n\n${body}`,
    });
    const { diagnostics } = await loadSite({ siteDir });
    const secondH1s = diagnostics
      .filter((diagnostic) => diagnostic.code === 'markdown-second-h1')
      .map((diagnostic) => `${diagnostic.location!.file}:${diagnostic.location!.line}`);
    expect(secondH1s.sort()).toEqual(['docs/hidden.md:12', 'docs/shown.md:11', 'docs/shown.md:7']);
  });
});
