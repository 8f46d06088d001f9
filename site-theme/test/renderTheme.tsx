import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { RouterProvider } from '@docgen/client';
import type { PropSidebar, RouteData, SiteData } from '@docgen/types';

/**
 * Hand-written props for rendering theme components as the server does (`renderToString` inside
 * the client's router), and a small reader of the HTML they give, so that tests assert what a
 * reader and a screen reader get (links, names, aria attributes) rather than markup as a string.
 */

const version = (name: string, fields: Partial<SiteData['versions'][number]> = {}): SiteData['versions'][number] => ({
  name,
  label: name === 'current' ? '2508.1' : name,
  path: name === 'current' ? '/docs' : `/docs/${name}`,
  isLast: name === 'current',
  banner: 'none',
  mainDocPath: name === 'current' ? '/docs/intro' : `/docs/${name}/intro`,
  navbarDocPaths: { intro: name === 'current' ? '/docs/intro' : `/docs/${name}/intro` },
  navbarDocSidebars: { intro: 'guide' },
  sidebarPaths: { guide: name === 'current' ? '/docs/guide/start' : `/docs/${name}/guide/start` },
  ...fields,
});

/** A Korean site with two versions (the older unmaintained) and an English locale. */
export const SITE: SiteData = {
  buildId: 'b1',
  title: 'Example Docs',
  tagline: '',
  url: 'https://docs.example.com',
  siteBaseUrl: '/',
  baseUrl: '/',
  locale: 'ko',
  defaultLocale: 'ko',
  locales: [
    { locale: 'ko', label: '한국어', htmlLang: 'ko-KR', direction: 'ltr', baseUrl: '/' },
    { locale: 'en', label: 'English', htmlLang: 'en-US', direction: 'ltr', baseUrl: '/en/' },
  ],
  hasHomePage: true,
  navbar: { hideOnScroll: false, items: [] },
  footer: { style: 'dark', links: [] },
  colorMode: { defaultMode: 'light', disableSwitch: false, respectPrefersColorScheme: false },
  versions: [version('current'), version('2504.1', { banner: 'unmaintained' })],
  translations: {},
  blog: { title: 'Blog', path: '/blog', tags: true, authors: true },
};

/** The same site in English (`/en/`). */
export const EN_SITE: SiteData = { ...SITE, locale: 'en', baseUrl: '/en/' };

type DocRoute = Extract<RouteData, { type: 'doc' }>;

/** A doc of the latest version at /docs/guide/start, in the `guide` sidebar. */
export function docRoute(fields: Partial<DocRoute> = {}): DocRoute {
  return {
    type: 'doc',
    path: '/docs/guide/start',
    title: 'Start',
    description: '',
    canonical: 'https://docs.example.com/docs/guide/start',
    alternates: [
      { locale: 'ko', path: '/docs/guide/start', isTranslation: true },
      { locale: 'en', path: '/en/docs/guide/start', isTranslation: true },
    ],
    noIndex: false,
    html: { main: '<p>Body</p>' },
    toc: [],
    hideTableOfContents: false,
    unlisted: false,
    draft: false,
    versionName: 'current',
    sidebar: { id: 'guide', url: '/_docgen/data/b1/sidebars/guide.json' },
    // A doc page's own crumb at least, unless its docs hide them (docs.breadcrumbs: false gives none).
    breadcrumbs: [{ label: 'Start' }],
    versionPaths: { current: '/docs/guide/start', '2504.1': '/docs/2504.1/guide/start' },
    ...fields,
  };
}

/** Renders `node` as the server renders a page: inside the router, showing `route` of `site`. */
export function render(node: ReactNode, page: { site?: SiteData; route?: RouteData; sidebar?: PropSidebar } = {}): string {
  const route = page.route ?? docRoute();
  return renderToString(
    <RouterProvider site={page.site ?? SITE} initialPage={{ route, sidebar: page.sidebar }} pages={{}}>
      {node}
    </RouterProvider>,
  );
}

/** An element of rendered HTML: its tag, attributes (entities decoded), children and text. */
export interface HtmlElement {
  tag: string;
  attrs: Record<string, string>;
  children: (HtmlElement | string)[];
  /** The text inside it, as a screen reader reads it out of the markup (entities decoded). */
  text: string;
  /** Its elements and theirs, in document order, that match `test` (a tag name or a predicate). */
  findAll(test: string | ((element: HtmlElement) => boolean)): HtmlElement[];
}

const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);
const decode = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|#x27|#39|nbsp);/g, (_, name: string) =>
    name === 'amp' ? '&' : name === 'lt' ? '<' : name === 'gt' ? '>' : name === 'quot' ? '"' : name === 'nbsp' ? '\u00a0' : "'",
  );

function element(tag: string, attrs: Record<string, string>): HtmlElement {
  const node: HtmlElement = {
    tag,
    attrs,
    children: [],
    get text(): string {
      return node.children.map((child) => (typeof child === 'string' ? child : child.text)).join('');
    },
    findAll(test) {
      const matches = typeof test === 'string' ? (candidate: HtmlElement) => candidate.tag === test : test;
      const found: HtmlElement[] = [];
      const visit = (parent: HtmlElement) => {
        for (const child of parent.children) {
          if (typeof child === 'string') continue;
          if (matches(child)) found.push(child);
          visit(child);
        }
      };
      visit(node);
      return found;
    },
  };
  return node;
}

/**
 * Reads the HTML React renders (well-formed, attribute values quoted and escaped) into a tree,
 * attribute names lower-cased as a browser reads them (`hrefLang` is `hreflang`),
 * under a root element `#root`. Throws on a closing tag that does not match, so a test never reads
 * a tree its HTML did not describe.
 */
export function parseHtml(html: string): HtmlElement {
  const root = element('#root', {});
  const stack = [root];
  for (const match of html.matchAll(/<!--[\s\S]*?-->|<(\/?)([a-zA-Z][\w-]*)((?:\s+[^\s=>/]+(?:="[^"]*")?)*)\s*(\/?)>|([^<]+)/g)) {
    const [, closing, tag, attributes, selfClosing, text] = match;
    const parent = stack[stack.length - 1]!;
    if (text !== undefined) parent.children.push(decode(text));
    else if (tag === undefined) continue;
    else if (closing) {
      if (parent.tag !== tag) throw new Error(`</${tag}> closes <${parent.tag}> in ${html.slice(0, 200)}`);
      stack.pop();
    } else {
      const attrs: Record<string, string> = {};
      for (const [, name, value] of (attributes ?? '').matchAll(/\s+([^\s=>/]+)(?:="([^"]*)")?/g))
        attrs[name!.toLowerCase()] = decode(value ?? '');
      const child = element(tag, attrs);
      parent.children.push(child);
      if (!selfClosing && !VOID.has(tag)) stack.push(child);
    }
  }
  if (stack.length !== 1) throw new Error(`<${stack[stack.length - 1]!.tag}> is never closed`);
  return root;
}
