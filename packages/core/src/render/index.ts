import { pathToFileURL } from 'node:url';
import type { Root as HastRoot } from 'hast';
import type { ContentSlot, HydrationPayload, ManifestRoute, PropHeadTag, PropSidebar, RouteData, SiteData } from '@docgen/types';
import {
  ANNOUNCEMENT_STORAGE_KEY,
  COLOR_MODE_STORAGE_KEY,
  encodePath,
  escapeHtml,
  getImageUrl,
  RESOLVING_ATTRIBUTE,
  RESOLVING_TIMEOUT_MS,
  toPackedSidebar,
} from '@docgen/shared';
import { getDocumentTitle, PAGE_HEAD_ATTRIBUTE } from '@docgen/shared/documentTitle';
import { getFeedPaths } from '@docgen/shared/outputPaths';
import { DocgenError, isDocgenError } from '../diagnostics/index.js';
import { findSiteFrame } from './siteFrame.js';
import { renderIslands, type IslandRenderer } from './islands.js';
import { rewriteUrls } from './rewriteUrls.js';
import { createShownSidebarKeys, getVisibleSidebar, toSidebarHolders, type SidebarHolders } from './visibleSidebar.js';

export { createShownSidebarKeys, getVisibleSidebar, rewriteUrls, type IslandRenderer };
export { findSidebarNames, toSidebarName } from './sidebarName.js';

/** What a theme's server entry exports (see site-theme/src/server.tsx). */
export interface ThemeServerModule {
  /** Renders markdown content (hast) with the theme's element components to static HTML. */
  renderContent(hast: HastRoot, context: { site: SiteData; route: RouteData }): string;
  /** Renders the body of a page; returns the HTML and the head metadata the page set. */
  renderPage(input: { site: SiteData; route: RouteData; sidebar?: PropSidebar; page?: unknown }): {
    html: string;
    title?: string;
    description?: string;
  };
  pages: Record<string, unknown>;
  /**
   * The label of the link that stands for `count` items of a long category a page's sidebar
   * leaves out (see getVisibleSidebar), in the site's locale; a theme without it gets `N more…`.
   */
  sidebarMoreLabel?(site: SiteData, count: number): string;
  /** Where the module was loaded from (set by loadThemeServer): its source map is `<bundlePath>.map`. */
  bundlePath?: string;
}

export async function loadThemeServer(bundlePath: string, version: string): Promise<ThemeServerModule> {
  const module = (await import(`${pathToFileURL(bundlePath).href}?v=${version}`)) as Partial<ThemeServerModule>;
  if (typeof module.renderPage !== 'function' || typeof module.renderContent !== 'function') {
    throw new DocgenError('The theme server entry must export renderPage and renderContent', { code: 'theme-invalid' });
  }
  // A theme that splits code off for the browser exports `preload`, which loads it: renderPage is
  // synchronous, so everything it renders must be loaded before the first page.
  const { preload } = module as { preload?: unknown };
  if (typeof preload === 'function') await (preload as () => Promise<void>)();
  return { ...(module as ThemeServerModule), bundlePath };
}

export interface RenderedRoute {
  /** The complete HTML document. */
  html: string;
  /** The route data with rendered content and final title, as served to client navigation. */
  data: RouteData;
}

export interface ShellAssets {
  script: string;
  stylesheet?: string;
  /** KaTeX's stylesheet, on a site with `markdown.math`: linked by the pages whose content has math. */
  mathStylesheet?: string;
  /** Base URL of the site, where `assets/` lives. */
  siteBaseUrl: string;
}

/** Renders a route; `getContent` gives the content of its slots. */
export type RouteRenderer = (route: ManifestRoute, getContent: (slot: ContentSlot) => HastRoot) => RenderedRoute;

/** What every page of one locale setup is rendered with. */
export interface RouteRendererInput {
  theme: ThemeServerModule;
  site: SiteData;
  assets: ShellAssets;
  /** A sidebar by its URL (route data names it). */
  getSidebar: (url: string) => PropSidebar | undefined;
  /** The site's components that MDX pages show, when any page shows one. */
  islands?: IslandRenderer;
}

/**
 * Renders routes of one locale setup with the theme inside the HTML shell. What its pages share is
 * made once per renderer, not per page and not per process: the site data as script JSON, and
 * where each page of a sidebar is (see toSidebarHolders).
 */
export function createRouteRenderer(input: RouteRendererInput): RouteRenderer {
  const siteJson = toScriptJson(input.site);
  const holders = new Map<PropSidebar, SidebarHolders>();
  const { theme, site } = input;
  const moreLabel = theme.sidebarMoreLabel ? (count: number) => theme.sidebarMoreLabel!(site, count) : undefined;
  const toVisibleSidebar = (sidebar: PropSidebar, path: string) => {
    let byPath = holders.get(sidebar);
    if (!byPath) holders.set(sidebar, (byPath = toSidebarHolders(sidebar)));
    return getVisibleSidebar(sidebar, path, byPath, moreLabel);
  };
  return (route, getContent) => renderRoute({ ...input, route, getContent, siteJson, toVisibleSidebar });
}

function renderRoute(
  input: RouteRendererInput & {
    route: ManifestRoute;
    getContent: (slot: ContentSlot) => HastRoot;
    siteJson: string;
    toVisibleSidebar: (sidebar: PropSidebar, path: string) => PropSidebar;
  },
): RenderedRoute {
  const { theme, site, route, assets, getSidebar, getContent, siteJson } = input;
  const html: Record<string, string> = {};
  try {
    const components = new Set<string>();
    input.islands?.takePageHead();
    for (const [name, slot] of Object.entries(route.slots)) {
      const context = { site, route: route.data };
      const content = rewriteUrls(getContent(slot), slot);
      const shown = input.islands
        ? renderIslands(content, input.islands, (children) => theme.renderContent(children, context), components, route.data.path)
        : content;
      html[name] = theme.renderContent(shown, context);
    }
    // KaTeX's markup needs its stylesheet, and site components theirs: only pages that hold some load them.
    const math = assets.mathStylesheet && Object.values(html).some((part) => part.includes('<span class="katex">'));
    const stylesheets = [
      ...(math ? [assets.siteBaseUrl + assets.mathStylesheet] : []),
      ...new Set([...components].sort().flatMap((component) => input.islands?.getStylesheet(component) ?? [])),
    ];
    const shown: RouteData = { ...route.data, html, ...(stylesheets.length > 0 && { stylesheets }) };
    const page = shown.type === 'page' ? theme.pages[shown.component] : undefined;
    const sidebarUrl = 'sidebar' in shown ? shown.sidebar?.url : undefined;
    const fullSidebar = sidebarUrl ? getSidebar(sidebarUrl) : undefined;
    const sidebar = fullSidebar && input.toVisibleSidebar(fullSidebar, shown.path);
    // A React page's <Layout> says its title and description as its island renders.
    const islandHead = input.islands?.takePageHead();
    const body = theme.renderPage({ site, route: shown, page, sidebar });
    // A component page sets its own head title and description while it renders.
    const title = body.title ?? islandHead?.title;
    const description = body.description ?? islandHead?.description;
    const data: RouteData = { ...shown, ...(title && { title }), ...(description && { description }) };
    return { html: toHtmlDocument({ site, siteJson, route: data, body: body.html, sidebar, assets }), data };
  } catch (cause) {
    // A component of the content said where it threw (see renderIslands).
    if (isDocgenError(cause) && cause.location) {
      throw new DocgenError(`Rendering ${route.path} failed: ${cause.message}`, {
        code: 'render-failed',
        location: cause.location,
        hint: `Fix the site's component at ${cause.location.file}:${cause.location.line}; the cause is printed below.`,
        cause: cause.cause,
      });
    }
    const thrownAt = findSiteFrame(cause, theme.bundlePath);
    if (thrownAt) {
      throw new DocgenError(`Rendering ${route.path} failed: ${thrownAt.file} threw: ${(cause as Error).message}`, {
        code: 'render-failed',
        location: thrownAt,
        hint: `Fix the site's component at ${thrownAt.file}:${thrownAt.line}; the cause is printed below.`,
        cause,
      });
    }
    throw new DocgenError(`Rendering ${route.path} failed: ${(cause as Error).message}`, {
      code: 'render-failed',
      location: route.sources[0] ? { file: route.sources[0], line: 1, column: 1 } : undefined,
      hint: 'The theme threw while rendering this page; the cause is printed below.',
      cause,
    });
  }
}

/** JSON that is safe inside a <script> element. */
function toScriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The hydration payload of a page (the route's content is in the HTML already) as script JSON; `siteJson` is the site's part. */
function toHydrationJson(siteJson: string, route: RouteData, sidebar: PropSidebar | undefined): string {
  // What toScriptJson of the whole payload gives, with the site's part reused.
  const routeJson = toScriptJson({ ...route, html: {} } satisfies HydrationPayload['route']);
  const sidebarJson = sidebar && toScriptJson(toPackedSidebar(sidebar) satisfies HydrationPayload['sidebar']);
  return `{"site":${siteJson},"route":${routeJson}${sidebarJson ? `,"sidebar":${sidebarJson}` : ''}}`;
}

/**
 * Applies the stored colour mode and the announcement bar dismissal before first paint, so the
 * page never flashes the wrong theme or a bar the reader closed. On the not-found page at a
 * `.html` address, hides the not-found text until the runtime has looked for the clean path.
 */
function getHeadScript(site: SiteData, route: RouteData): string {
  const { defaultMode, respectPrefersColorScheme } = site.colorMode;
  const barId = site.announcementBar?.id;
  const attribute = JSON.stringify(RESOLVING_ATTRIBUTE);
  return [
    "(function(){var d=document.documentElement;d.setAttribute('data-js','');",
    route.type === 'notFound'
      ? `if(/(\\.html|\\/index\\.html)$/.test(location.pathname)){d.setAttribute(${attribute},'');setTimeout(function(){d.removeAttribute(${attribute})},${RESOLVING_TIMEOUT_MS})}`
      : '',
    'try{var s=localStorage.getItem(' + JSON.stringify(COLOR_MODE_STORAGE_KEY) + ');',
    `var m=s==='dark'||s==='light'?s:${respectPrefersColorScheme ? "(matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light')" : JSON.stringify(defaultMode)};`,
    "d.setAttribute('data-theme',m);d.setAttribute('data-theme-choice',s==='dark'||s==='light'?s:'system');",
    barId
      ? `if(localStorage.getItem(${JSON.stringify(ANNOUNCEMENT_STORAGE_KEY)})===${JSON.stringify(barId)})d.setAttribute('data-announcement-bar-dismissed','true');`
      : '',
    '}catch(e){}})();',
  ].join('');
}

/**
 * On home pages: when the site is opened under a path that does not match `baseUrl` (or its
 * bundle never started, which is what a wrong baseUrl causes), show a self-contained banner
 * explaining the mismatch and the fix, instead of a page with broken styles and links.
 */
function getBaseUrlCheckScript(site: SiteData): string {
  const localePath = site.baseUrl.slice(site.siteBaseUrl.length);
  return [
    '(function(){var base=' + JSON.stringify(site.siteBaseUrl) + ',localePath=' + JSON.stringify(localePath) + ';',
    'function show(){if(document.getElementById("__docgen-base-url-issue"))return;',
    'var path=location.pathname,suggested=path.replace(/[^/]*$/,"");if(localePath&&suggested.slice(-localePath.length)===localePath)suggested=suggested.slice(0,-localePath.length);',
    'var d=document.createElement("div");d.id="__docgen-base-url-issue";d.setAttribute("role","alert");',
    'd.style.cssText="border:3px solid #b3261e;background:#fdeceb;color:#1c1e21;padding:16px 20px;margin:16px;font:16px/1.6 system-ui,sans-serif;border-radius:8px";',
    'var t=document.createElement("p");t.style.margin="0 0 8px";t.innerHTML="<b>This site did not load properly.</b>";d.appendChild(t);',
    'var p=document.createElement("p");p.style.margin="0";p.textContent="It is served at "+path+" but its docgen.config.yaml says baseUrl: "+base+". Styles, scripts and links are looked up under "+base+", so they fail. Set baseUrl: "+suggested+" in docgen.config.yaml (or serve the site at "+base+") and build again.";d.appendChild(p);',
    'document.body.insertBefore(d,document.body.firstChild)}',
    'if(location.pathname.indexOf(base)!==0)document.addEventListener("DOMContentLoaded",show);',
    'else window.addEventListener("load",function(){if(!window.__docgenStarted)show()})})();',
  ].join('');
}

function toHtmlDocument(input: {
  site: SiteData;
  /** The site data as script JSON (see createRouteRenderer). */
  siteJson: string;
  route: RouteData;
  body: string;
  sidebar?: PropSidebar;
  assets: ShellAssets;
}): string {
  const { site, route, body, sidebar, assets } = input;
  const locale = site.locales.find((candidate) => candidate.locale === site.locale)!;
  const title = getDocumentTitle(site, route);
  const hreflangs = route.alternates
    .filter((alternate) => alternate.isTranslation)
    .map((alternate) => {
      const lang = site.locales.find((candidate) => candidate.locale === alternate.locale)!.htmlLang;
      return `<link rel="alternate" hreflang="${escapeHtml(lang)}" href="${escapeHtml(site.url + encodePath(alternate.path))}">`;
    });
  const defaultAlternate = route.alternates.find((alternate) => alternate.locale === site.defaultLocale);
  if (defaultAlternate && hreflangs.length > 1) {
    hreflangs.push(`<link rel="alternate" hreflang="x-default" href="${escapeHtml(site.url + encodePath(defaultAlternate.path))}">`);
  }
  // A tag of the page's own head (front matter `head`, Docusaurus's <head> in markdown) wins over
  // docgen's of the same name, as in Docusaurus (a cross-posted article's canonical link).
  const overridden = getOverriddenTags(route.head ?? []);
  const head = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title>`,
    route.description ? `<meta name="description" content="${escapeHtml(route.description)}">` : '',
    route.noIndex ? '<meta name="robots" content="noindex">' : '',
    route.keywords?.length ? `<meta name="keywords" content="${escapeHtml(route.keywords.join(', '))}">` : '',
    route.type === 'notFound'
      ? ''
      : `<link rel="canonical" href="${escapeHtml(encodePath(route.canonical.replace(site.url, '')).replace(/^/, site.url))}">`,
    ...hreflangs,
    ...getSocialTags(site, route),
    ...getAlternateLinks(site, route),
    ...getStructuredData(site, route).map((data) => `<script type="application/ld+json">${toScriptJson(data)}</script>`),
    // Without a favicon, an empty one: otherwise every page view requests /favicon.ico, a 404.
    `<link rel="icon" href="${site.favicon ? escapeHtml(site.favicon) : 'data:,'}">`,
    `<meta name="generator" content="docgen">`,
    ...(site.headTags ?? []).map(toHeadTagHtml),
    // Marked as the page's own: a client navigation replaces them with the next page's.
    ...(route.head ?? []).map((tag) => toHeadTagHtml({ ...tag, attributes: { ...tag.attributes, [PAGE_HEAD_ATTRIBUTE]: true } })),
    `<script>${getHeadScript(site, route)}</script>`,
    assets.stylesheet ? `<link rel="stylesheet" href="${assets.siteBaseUrl}${assets.stylesheet}">` : '',
    ...(route.stylesheets ?? []).map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`),
    `<script type="module" src="${assets.siteBaseUrl}${assets.script}"></script>`,
  ].filter((tag) => tag && !overridden(tag));
  return (
    `<!doctype html>\n<html lang="${escapeHtml(locale.htmlLang)}" dir="${locale.direction}" data-theme="${site.colorMode.defaultMode}"${site.navbar.style ? ` data-navbar="${site.navbar.style}"` : ''}>` +
    `<head>${head.join('')}</head>` +
    `<body><div id="__docgen">${body}</div>` +
    (route.path === site.baseUrl ? `<script>${getBaseUrlCheckScript(site)}</script>` : '') +
    `<script id="__docgen-data" type="application/json">${toHydrationJson(input.siteJson, route, sidebar)}</script></body></html>\n`
  );
}

/**
 * Whether a tag docgen writes into a page's head is one the page's own tags replace: a canonical
 * link, or a meta tag of the same name or property (`og:image`, `description`).
 */
function getOverriddenTags(own: readonly PropHeadTag[]): (html: string) => boolean {
  const keys = new Set(
    own.flatMap(({ tagName, attributes }) => {
      if (tagName === 'link' && attributes.rel === 'canonical') return ['link rel="canonical"'];
      if (tagName !== 'meta') return [];
      return (['name', 'property'] as const).flatMap((key) => {
        const value = attributes[key];
        return typeof value === 'string' ? [`meta ${key}="${escapeHtml(value)}"`] : [];
      });
    }),
  );
  if (keys.size === 0) return () => false;
  return (html) => {
    if (html.includes(PAGE_HEAD_ATTRIBUTE)) return false;
    const key = /^<(link rel="canonical"|meta (?:name|property)="[^"]*")/.exec(html)?.[1];
    return key !== undefined && keys.has(key);
  };
}

/**
 * An extra head tag (config `headTags` and `scripts`, front matter `head`). Tag and attribute names
 * were checked by the config and content stages; values are escaped, and a text was refused there
 * if it held its own closing tag.
 */
function toHeadTagHtml(tag: PropHeadTag): string {
  const attributes = Object.entries(tag.attributes)
    .map(([name, value]) => (value === true ? ` ${name}` : ` ${name}="${escapeHtml(value)}"`))
    .join('');
  const isVoid = tag.tagName === 'meta' || tag.tagName === 'link' || tag.tagName === 'base';
  return isVoid ? `<${tag.tagName}${attributes}>` : `<${tag.tagName}${attributes}>${tag.innerHTML ?? ''}</${tag.tagName}>`;
}

const BLOG_ROUTE_TYPES = new Set<RouteData['type']>([
  'blogList',
  'blogPost',
  'blogTagList',
  'blogTag',
  'blogArchive',
  'blogAuthorList',
  'blogAuthor',
]);

/** An absolute URL of a decoded site path (`/en/docs/x`); an absolute URL unchanged, a protocol-relative one with the site's scheme. */
function toAbsoluteUrl(site: SiteData, path: string): string {
  if (path.startsWith('//')) return new URL(site.url).protocol + path;
  return /^[a-z][a-z\d+.-]*:/i.test(path) ? path : site.url + encodePath(path);
}

/** The locale whose text the page shows: the source locale of a fallback page, else the page's own. */
function getContentLocale(site: SiteData, route: RouteData) {
  const fallback = 'fallbackFrom' in route ? route.fallbackFrom : undefined;
  return site.locales.find((locale) => locale.locale === (fallback?.locale ?? site.locale))!;
}

/** Open Graph and Twitter card tags. `og:url` is the canonical URL; articles are docs and blog posts. */
function getSocialTags(site: SiteData, route: RouteData): string[] {
  if (route.type === 'notFound') return [];
  const meta = (property: string, content: string) => `<meta property="${property}" content="${escapeHtml(content)}">`;
  const isArticle = route.type === 'doc' || route.type === 'blogPost';
  const locale = getContentLocale(site, route);
  const toOgLocale = (htmlLang: string) => htmlLang.replace(/-/g, '_');
  const tags = [
    meta('og:title', route.title || site.title),
    route.description ? meta('og:description', route.description) : '',
    meta('og:url', toAbsoluteUrl(site, route.canonical.replace(site.url, ''))),
    meta('og:type', isArticle ? 'article' : 'website'),
    meta('og:locale', toOgLocale(locale.htmlLang)),
    ...route.alternates
      .filter((alternate) => alternate.isTranslation && alternate.locale !== locale.locale)
      .map((alternate) =>
        meta('og:locale:alternate', toOgLocale(site.locales.find((entry) => entry.locale === alternate.locale)!.htmlLang)),
      ),
    meta('og:site_name', site.title),
    route.image ? meta('og:image', toAbsoluteUrl(site, getImageUrl(site.siteBaseUrl, route.image))) : '',
    !route.image && site.image ? meta('og:image', toAbsoluteUrl(site, site.image)) : '',
    route.type === 'blogPost' ? meta('article:published_time', route.post.date) : '',
    `<meta name="twitter:card" content="summary">`,
  ];
  return tags.filter(Boolean);
}

/** The blog feeds on every blog page, and the markdown twin on doc pages. */
function getAlternateLinks(site: SiteData, route: RouteData): string[] {
  const link = (type: string, href: string, title?: string) =>
    `<link rel="alternate" type="${type}"${title ? ` title="${escapeHtml(title)}"` : ''} href="${escapeHtml(encodePath(href))}">`;
  if (route.type === 'doc' && route.markdownPath) return [link('text/markdown', route.markdownPath)];
  if (!BLOG_ROUTE_TYPES.has(route.type)) return [];
  const feeds = getFeedPaths(site.blog.path);
  return [
    link('application/rss+xml', feeds.rss, `${site.blog.title} RSS Feed`),
    link('application/atom+xml', feeds.atom, `${site.blog.title} Atom Feed`),
    link('application/feed+json', feeds.json, `${site.blog.title} JSON Feed`),
  ];
}

/** JSON-LD: a BreadcrumbList on docs pages that show their breadcrumbs, a BlogPosting on blog posts. */
function getStructuredData(site: SiteData, route: RouteData): object[] {
  if ((route.type === 'doc' || route.type === 'docCategory') && route.breadcrumbs.length > 0) {
    // Crumbs without a page of their own (a category with no link) cannot be list items.
    const crumbs = [
      { label: site.title, href: site.baseUrl },
      ...route.breadcrumbs.slice(0, -1).filter((crumb) => crumb.href),
      { label: route.breadcrumbs.at(-1)?.label ?? route.title, href: route.path },
    ];
    return [
      {
        '@context': 'https://schema.org',
        '@type': 'BreadcrumbList',
        itemListElement: crumbs.map((crumb, index) => ({
          '@type': 'ListItem',
          position: index + 1,
          name: crumb.label,
          item: toAbsoluteUrl(site, crumb.href!),
        })),
      },
    ];
  }
  if (route.type === 'blogPost') {
    const { post } = route;
    const pageUrl = toAbsoluteUrl(site, route.canonical.replace(site.url, ''));
    return [
      {
        '@context': 'https://schema.org',
        '@type': 'BlogPosting',
        headline: post.title,
        description: post.description || undefined,
        datePublished: post.date,
        url: pageUrl,
        mainEntityOfPage: pageUrl,
        inLanguage: getContentLocale(site, route).htmlLang,
        author: post.authors.map((author) => ({
          '@type': 'Person',
          name: author.name,
          url: author.url,
          image: author.imageUrl && toAbsoluteUrl(site, author.imageUrl),
        })),
        keywords: post.tags.length > 0 ? post.tags.map((tag) => tag.label).join(', ') : undefined,
        image: site.image ? toAbsoluteUrl(site, site.image) : undefined,
        publisher: { '@type': 'Organization', name: site.title, url: toAbsoluteUrl(site, site.siteBaseUrl) },
      },
    ];
  }
  return [];
}
