import { beforeAll, describe, expect, it } from 'vitest';
import type { PropNavbarItem, PropSidebar, RouteData } from '@docgen/types';
import { DocPage, Breadcrumbs, Paginator } from '../src/docs/DocPage.js';
import { DocSidebar } from '../src/docs/DocSidebar.js';
import { TableOfContents } from '../src/docs/TableOfContents.js';
import { docBanners } from '../src/docs/routeBanners.js';
import { preloadAll } from '../src/lazyModule.js';
import { NavbarItem } from '../src/navbar/Navbar.js';
import { renderPage } from '../src/server.js';
import { docRoute, EN_SITE, parseHtml, render, SITE, type HtmlElement } from './renderTheme.js';

// As the server does before rendering: every screen and banner loaded.
beforeAll(() => preloadAll());

/** The links of an element: text, href and the attributes that tell a reader where they are. */
const linksOf = (root: HtmlElement) =>
  root.findAll('a').map(({ text, attrs }) => ({ text, href: attrs.href, current: attrs['aria-current'], className: attrs.class }));

const byId = (root: HtmlElement, id: string | undefined) =>
  id === undefined ? undefined : root.findAll((element) => element.attrs.id === id)[0];

describe('DocSidebar', () => {
  const SIDEBAR: PropSidebar = [
    { type: 'link', label: 'Intro', href: '/docs/intro' },
    {
      type: 'category',
      label: 'Guide',
      href: '/docs/guide',
      collapsed: true,
      collapsible: true,
      items: [
        { type: 'link', label: 'Start', href: '/docs/guide/start' },
        { type: 'link', label: 'Next steps', href: '/docs/guide/next' },
      ],
    },
    {
      type: 'category',
      label: 'API',
      indexHref: '/docs/category/api',
      collapsed: true,
      collapsible: true,
      items: [{ type: 'link', label: 'analyzeCode', href: '/docs/api/analyze-code' }],
    },
    {
      type: 'category',
      label: 'SDKs',
      collapsed: false,
      collapsible: true,
      items: [{ type: 'link', label: 'GitHub', href: 'https://github.com/example/sdk', external: true }],
    },
    { type: 'category', label: 'Reference', href: '/docs/reference', collapsed: true, collapsible: true, items: [], itemsOmitted: true },
  ];
  // The page shown is /docs/guide/start.
  const sidebar = parseHtml(render(<DocSidebar items={SIDEBAR} />));
  const categoryList = (label: string) => {
    const toggle = sidebar.findAll('button').find((button) => button.text === label || button.attrs['aria-label']?.includes(`'${label}'`));
    return byId(sidebar, toggle!.attrs['aria-controls'])!;
  };

  it('is a navigation landmark named in the locale', () => {
    expect(sidebar.findAll('nav').map((nav) => nav.attrs['aria-label'])).toEqual(['문서 사이드바']);
  });

  it('expands the category holding the current page, marks the page current and its category as its parent', () => {
    const links = linksOf(sidebar);
    expect(links.find((link) => link.text === 'Start')).toMatchObject({ href: '/docs/guide/start', current: 'page' });
    expect(links.find((link) => link.text === 'Start')!.className).toContain('menu__link--active');
    expect(links.find((link) => link.text === 'Guide')).toMatchObject({ href: '/docs/guide', current: undefined });
    expect(links.find((link) => link.text === 'Guide')!.className).toContain('menu__link--active-parent');
    expect(links.filter((link) => link.current === 'page').map((link) => link.text)).toEqual(['Start']);
    const caret = sidebar.findAll('button').find((button) => button.attrs['aria-label']?.includes('Guide'))!;
    expect(caret.attrs).toMatchObject({ 'aria-label': "'Guide' 분류 펼치기/접기", 'aria-expanded': 'true' });
    const list = byId(sidebar, caret.attrs['aria-controls'])!;
    expect(list.attrs.hidden).toBeUndefined();
    expect(linksOf(list).map((link) => link.text)).toEqual(['Start', 'Next steps']);
  });

  it('leaves the items of a collapsed category out of the HTML, and links its label to its index page until hydration', () => {
    const api = sidebar.findAll('a').find((link) => link.text === 'API')!;
    expect(api.attrs).toMatchObject({ href: '/docs/category/api', 'aria-expanded': 'false' });
    expect(linksOf(sidebar).map((link) => link.text)).not.toContain('analyzeCode');
    // Its (empty) list is hidden; the category without an index page is a button that controls its list.
    const sdks = sidebar.findAll('button').find((button) => button.text === 'SDKs')!;
    expect(sdks.attrs['aria-expanded']).toBe('true');
    expect(categoryList('SDKs').attrs.hidden).toBeUndefined();
  });

  it('shows an expanded category by default and marks its external links for screen readers', () => {
    const github = sidebar.findAll('a').find((link) => link.text.startsWith('GitHub'))!;
    expect(github.attrs).toMatchObject({ href: 'https://github.com/example/sdk', target: '_blank', rel: 'noopener noreferrer' });
    expect(github.findAll((element) => element.attrs.class === 'sr-only').map((span) => span.text)).toEqual(['(새 탭에서 열림)']);
  });

  it('renders nothing of a category whose items this copy of the sidebar left out, until they load', () => {
    const caret = sidebar.findAll('button').find((button) => button.attrs['aria-label']?.includes('Reference'))!;
    expect(caret.attrs['aria-expanded']).toBe('false');
    expect(linksOf(sidebar).find((link) => link.text === 'Reference')!.href).toBe('/docs/reference');
    // Neither its items nor the region that will hold them are in the HTML until it first opens.
    expect(caret.attrs['aria-controls']).toBeUndefined();
    expect(sidebar.findAll((element) => element.attrs.class === 'menu__collapsible')).toHaveLength(2);
  });
});

describe('Breadcrumbs', () => {
  it('start at the home page, link every level but the page itself, which is marked current', () => {
    const nav = parseHtml(
      render(
        <Breadcrumbs
          items={[{ label: 'Guide', href: '/docs/guide' }, { label: 'Concepts' }, { label: 'Start', href: '/docs/guide/start' }]}
        />,
      ),
    );
    expect(nav.findAll('nav')[0]!.attrs['aria-label']).toBe('이동 경로');
    expect(nav.findAll('a').map(({ text, attrs }) => [attrs['aria-label'] ?? text, attrs.href])).toEqual([
      ['홈', '/'],
      ['Guide', '/docs/guide'],
    ]);
    const items = nav.findAll('li');
    expect(items.map((item) => item.text)).toEqual(['', 'Guide', 'Concepts', 'Start']);
    expect(items.map((item) => item.attrs['aria-current'])).toEqual([undefined, undefined, undefined, 'page']);
  });

  it('have no home link when the locale has no home page', () => {
    const nav = parseHtml(render(<Breadcrumbs items={[{ label: 'Start' }]} />, { site: { ...SITE, hasHomePage: false } }));
    expect(nav.findAll('a')).toEqual([]);
    expect(nav.findAll('li').map((item) => item.text)).toEqual(['Start']);
  });
});

describe('TableOfContents', () => {
  const items = [
    { value: 'Install', id: 'install', level: 2 },
    { value: 'With Gradle', id: 'with-gradle', level: 3 },
    { value: 'With Maven', id: 'with-maven', level: 3 },
    { value: 'Use', id: 'use', level: 2 },
  ];

  it('nests h3 under their h2 as anchor links, in a landmark named in the locale', () => {
    const toc = parseHtml(render(<TableOfContents items={items} />));
    const nav = toc.findAll('nav')[0]!;
    expect(nav.attrs['aria-label']).toBe('이 페이지의 내용');
    const top = nav.findAll('ul')[0]!;
    const topItems = top.children.filter((child): child is HtmlElement => typeof child !== 'string');
    expect(topItems.map((item) => item.findAll('a')[0]!.attrs.href)).toEqual(['#install', '#use']);
    expect(linksOf(topItems[0]!.findAll('ul')[0]!).map((link) => link.href)).toEqual(['#with-gradle', '#with-maven']);
    // Nothing is current before the page's behaviours track the reader's position.
    expect(linksOf(nav).filter((link) => link.current !== undefined)).toEqual([]);
  });

  it('is a collapsed disclosure in its mobile variant, and nothing without headings', () => {
    const mobile = parseHtml(render(<TableOfContents items={items} variant="mobile" />));
    expect(mobile.findAll('details')[0]!.findAll('summary')[0]!.text).toBe('이 페이지의 내용');
    expect(mobile.findAll('details')[0]!.attrs.open).toBeUndefined();
    expect(mobile.findAll('nav')).toEqual([]);
    expect(render(<TableOfContents items={[]} />)).toBe('');
  });
});

describe('Paginator', () => {
  it('links the previous and next pages under a landmark, and keeps the next one right without a previous', () => {
    const both = parseHtml(
      render(<Paginator previous={{ title: 'Intro', path: '/docs/intro' }} next={{ title: 'API', path: '/docs/api' }} />),
    );
    expect(both.findAll('nav')[0]!.attrs['aria-label']).toBe('문서 페이지 이동');
    expect(linksOf(both).map((link) => [link.text, link.href])).toEqual([
      ['이전Intro', '/docs/intro'],
      ['다음API', '/docs/api'],
    ]);
    const nextOnly = parseHtml(render(<Paginator next={{ title: 'API', path: '/docs/api' }} label="Blog posts" />));
    const nav = nextOnly.findAll('nav')[0]!;
    expect(nav.attrs['aria-label']).toBe('Blog posts');
    expect((nav.children[0] as HtmlElement).tag).toBe('span');
    expect(linksOf(nav).map((link) => link.href)).toEqual(['/docs/api']);
  });

  it('renders nothing without a previous or next page', () => {
    expect(render(<Paginator />)).toBe('');
  });
});

describe('the banners of doc pages', () => {
  const PageBanners: ReturnType<typeof docBanners.get>['PageBanners'] = (props) => docBanners.get().PageBanners(props);
  const VersionBanner: ReturnType<typeof docBanners.get>['VersionBanner'] = (props) => docBanners.get().VersionBanner(props);
  const notes = (html: string) => parseHtml(html).findAll((element) => element.attrs.role === 'note');

  it('say a page is unlisted or a draft', () => {
    expect(notes(render(<PageBanners route={docRoute()} />))).toEqual([]);
    const shown = notes(render(<PageBanners route={docRoute({ unlisted: true, draft: true })} />));
    expect(shown.map((note) => note.text)).toEqual([
      '이 페이지는 목록에 표시되지 않습니다. 검색 엔진에 색인되지 않으며 직접 링크로만 접근할 수 있습니다.',
      '이 페이지는 초안입니다. 개발 중에만 보이며 배포용 빌드에서는 제외됩니다.',
    ]);
  });

  it("say a page shows another locale's source, in the page's language, linking the original in its own", () => {
    const route = docRoute({ path: '/en/docs/guide/start', fallbackFrom: { locale: 'ko', path: '/docs/guide/start' } });
    const [note] = notes(render(<PageBanners route={route} />, { site: EN_SITE, route }));
    expect(note!.attrs.lang).toBe('en-US');
    expect(note!.text).toBe('This page has not been translated yet, so it is shown in 한국어. Open the original page');
    expect(note!.findAll('a')[0]!.attrs).toMatchObject({ href: '/docs/guide/start', hreflang: 'ko-KR' });
  });

  it('say a version is no longer maintained and link the same page in the latest version', () => {
    const route = docRoute({ versionName: '2504.1', path: '/docs/2504.1/guide/start' });
    const [note] = notes(render(<VersionBanner route={route} />, { route }));
    expect(note!.text).toBe(
      'Example Docs 2504.1 문서는 더 이상 적극적으로 유지 관리되지 않는 버전입니다.최신 문서는 최신 버전(2508.1)을 확인하세요.',
    );
    expect(linksOf(note!)).toMatchObject([{ text: '최신 버전', href: '/docs/guide/start' }]);
    // Without the page in the latest version, its main doc.
    const orphan = docRoute({ versionName: '2504.1', versionPaths: {} });
    expect(linksOf(notes(render(<VersionBanner route={orphan} />, { route: orphan }))[0]!)[0]!.href).toBe('/docs/intro');
    expect(notes(render(<VersionBanner route={docRoute()} />))).toEqual([]);
  });
});

describe('DocPage', () => {
  const sidebar: PropSidebar = [{ type: 'link', label: 'Start', href: '/docs/guide/start' }];
  const toc = [{ value: 'Install', id: 'install', level: 2 }];

  it('shows the sidebar, breadcrumbs, version badge, title, content and both tables of contents in the main landmark', () => {
    const route = docRoute({ toc, breadcrumbs: [{ label: 'Guide' }, { label: 'Start' }], markdownPath: '/docs/guide/start.md' });
    const page = parseHtml(render(<DocPage route={route} />, { route, sidebar }));
    const main = page.findAll('main')[0]!;
    expect(main.attrs.id).toBe('__docgen-main');
    expect(page.findAll('aside')[0]!.findAll('nav')[0]!.attrs['aria-label']).toBe('문서 사이드바');
    expect(main.findAll('nav').map((nav) => nav.attrs['aria-label'])).toEqual(['이동 경로', '이 페이지의 내용']);
    expect(main.findAll((element) => element.attrs.class?.includes('version-badge') ?? false)[0]!.text).toBe('버전: 2508.1');
    expect(main.findAll('h1')[0]!.text).toBe('Start');
    expect(main.findAll('details')).toHaveLength(1);
    expect(main.findAll('button').map((button) => button.text)).toEqual(['마크다운으로 복사']);
    expect(main.findAll((element) => element.attrs['data-docgen-slot'] === 'main')[0]!.text).toBe('Body');
    expect(main.findAll((element) => element.attrs.role === 'note')).toEqual([]);
  });

  it('leaves out the tables of contents when the page hides them, and shows the banners of an unlisted page', () => {
    const route = docRoute({ toc, hideTableOfContents: true, unlisted: true });
    const main = parseHtml(render(<DocPage route={route} />, { route, sidebar })).findAll('main')[0]!;
    expect(main.findAll('details')).toEqual([]);
    expect(main.findAll('nav').map((nav) => nav.attrs['aria-label'])).toEqual(['이동 경로']);
    expect(main.findAll((element) => element.attrs.role === 'note')).toHaveLength(1);
  });

  it('shows no breadcrumbs where the docs hide them (docs.breadcrumbs: false gives none)', () => {
    const route = docRoute({ toc, breadcrumbs: [] });
    const main = parseHtml(render(<DocPage route={route} />, { route, sidebar })).findAll('main')[0]!;
    expect(main.findAll('nav').map((nav) => nav.attrs['aria-label'])).toEqual(['이 페이지의 내용']);
    expect(main.findAll((element) => element.attrs.class?.includes('breadcrumbs') ?? false)).toEqual([]);
  });
});

describe('navbar items', () => {
  const item = (navbarItem: PropNavbarItem, route = docRoute()) => parseHtml(render(<NavbarItem item={navbarItem} />, { route }));

  it('link internal pages, marking the current one, and external ones in a new tab', () => {
    const current = item({ type: 'link', position: 'left', label: 'Start', href: '/docs/guide/start', external: false });
    expect(linksOf(current)).toMatchObject([{ text: 'Start', href: '/docs/guide/start' }]);
    expect(linksOf(current)[0]!.className).toContain('navbar__link--active');
    const external = item({ type: 'link', position: 'right', label: 'GitHub', href: 'https://github.com/example', external: true });
    expect(external.findAll('a')[0]!.attrs).toMatchObject({ target: '_blank', rel: 'noopener noreferrer' });
    expect(external.findAll('a')[0]!.text).toBe('GitHub(새 탭에서 열림)');
  });

  it('mark a link active on the pages under it too, as Docusaurus does (Blog on a post), but not the home page everywhere', () => {
    const active = (href: string) =>
      linksOf(item({ type: 'link', position: 'left', label: 'Link', href, external: false }))[0]!.className.includes(
        'navbar__link--active',
      );
    // The page is /docs/guide/start.
    expect([active('/docs'), active('/docs/guide/'), active('/docs/guide/start'), active('/'), active('/docs/gui')]).toEqual([
      true,
      true,
      true,
      false,
      false,
    ]);
  });

  it('link a doc and a sidebar in the version being read', () => {
    const doc: PropNavbarItem = { type: 'doc', position: 'left', label: 'Docs', docId: 'intro' };
    expect(linksOf(item(doc))[0]!.href).toBe('/docs/intro');
    expect(linksOf(item(doc, docRoute({ versionName: '2504.1' })))[0]!.href).toBe('/docs/2504.1/intro');
    const sidebar: PropNavbarItem = { type: 'docSidebar', position: 'left', label: 'Guide', sidebarId: 'guide' };
    expect(linksOf(item(sidebar))).toMatchObject([{ text: 'Guide', href: '/docs/guide/start', current: 'page' }]);
    expect(linksOf(item(sidebar, docRoute({ sidebar: undefined })))[0]!.current).toBeUndefined();
    // A doc item is active on every page of its doc's sidebar, as Docusaurus's is (intro is in the sidebar guide).
    expect(linksOf(item(doc))[0]!.className).toContain('navbar__link--active');
    expect(linksOf(item(doc, docRoute({ sidebar: undefined })))[0]!.className).not.toContain('navbar__link--active');
  });

  it('offer the versions as a closed dropdown, each to the same page, the one being read marked', () => {
    const dropdown = item({ type: 'docsVersionDropdown', position: 'right', versions: ['current', '2504.1'] });
    const button = dropdown.findAll('button')[0]!;
    expect(button.text).toBe('2508.1');
    expect(button.attrs).toMatchObject({ 'aria-haspopup': 'true' });
    // Neither open nor closed until hydrated: the stylesheet shows the menu while focus is in it.
    expect(button.attrs['aria-expanded']).toBeUndefined();
    expect(byId(dropdown, button.attrs['aria-controls'])!.tag).toBe('ul');
    expect(linksOf(dropdown).map(({ text, href, current }) => [text, href, current])).toEqual([
      ['2508.1', '/docs/guide/start', 'true'],
      ['2504.1', '/docs/2504.1/guide/start', undefined],
    ]);
  });

  it('offer the languages, each to the same page in it and in its language', () => {
    const dropdown = item({ type: 'localeDropdown', position: 'right' });
    expect(dropdown.findAll('button')[0]!.text).toBe('한국어');
    expect(dropdown.findAll('a').map(({ text, attrs }) => [text, attrs.href, attrs.lang, attrs['aria-current']])).toEqual([
      ['한국어', '/docs/guide/start', 'ko-KR', 'true'],
      ['English', '/en/docs/guide/start', 'en-US', undefined],
    ]);
  });
});

describe('renderPage (the server entry)', () => {
  const site = {
    ...SITE,
    announcementBar: { id: 'a1', content: 'New: <b>SDK 2.0</b>', backgroundColor: '#fff', textColor: '#000', isCloseable: true },
    navbar: { hideOnScroll: false, items: [{ type: 'localeDropdown', position: 'right' } as PropNavbarItem] },
  };

  it('starts every page with the skip link to the main landmark, and names its controls as readers and screen readers know them', () => {
    const { html } = renderPage({ site, route: docRoute(), sidebar: [] });
    const page = parseHtml(html);
    const focusable = page.findAll((element) => element.tag === 'a' || element.tag === 'button');
    expect(focusable[0]!.attrs).toMatchObject({ href: '#__docgen-main' });
    expect(focusable[0]!.text).toBe('본문으로 건너뛰기');
    expect(page.findAll('main').map((main) => main.attrs.id)).toEqual(['__docgen-main']);
    const names = page.findAll('button').map((button) => button.attrs['aria-label'] ?? button.text);
    expect(names).toEqual(expect.arrayContaining(['닫기', '탐색 메뉴 열기/닫기', '한국어']));
    expect(names.some((name) => name.startsWith('어두운 모드와 밝은 모드 전환'))).toBe(true);
  });
});

describe('counts in UI strings', () => {
  const post = (n: number) => ({
    path: `/en/blog/post-${n}`,
    title: `Post ${n}`,
    description: '',
    date: '2025-01-01',
    readingTimeMinutes: 1,
    authors: [],
    tags: [],
    hasTruncateMarker: false,
  });
  const page = (route: RouteData) => parseHtml(renderPage({ site: EN_SITE, route }).html);
  const common = {
    title: 'Blog',
    description: '',
    canonical: 'https://docs.example.com/en/blog',
    alternates: [],
    noIndex: false,
    html: {},
  };

  it("say one post and 2 posts on the authors' list, as English does", () => {
    const authors = [
      { key: 'kim', name: 'Kim', count: 1 },
      { key: 'lee', name: 'Lee', count: 2 },
    ];
    const list = page({ ...common, type: 'blogAuthorList', path: '/en/blog/authors', authors });
    expect(list.findAll('li').map((item) => item.findAll('span').at(-1)!.text)).toEqual(['1 post', '2 posts']);
  });

  it("count every post of a tag on each of its pages, not the page's", () => {
    const tag = { label: 'sbom', path: '/en/blog/tags/sbom', count: 25 };
    const posts = Array.from({ length: 10 }, (_, n) => post(n));
    const second = page({ ...common, type: 'blogTag', path: '/en/blog/tags/sbom/page/2', tag, posts, page: 2, totalPages: 3 });
    expect(second.findAll('h1')[0]!.text).toBe('25 posts tagged with "sbom"');
    // The page's title too, as Docusaurus's.
    const route = { ...common, type: 'blogTag' as const, path: '/en/blog/tags/sbom', tag, posts, page: 1, totalPages: 3 };
    expect(renderPage({ site: EN_SITE, route }).title).toBe('25 posts tagged with "sbom"');
    const single = page({
      ...common,
      type: 'blogTag',
      path: '/en/blog/tags/one',
      tag: { ...tag, count: 1 },
      posts: [post(1)],
      page: 1,
      totalPages: 1,
    });
    expect(single.findAll('h1')[0]!.text).toBe('One post tagged with "sbom"');
  });
});
