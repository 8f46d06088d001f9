/**
 * A manual as one HTML document for the printer: a cover, the contents, then every page of the
 * manual as the build rendered it (the content of its built HTML, the site's own stylesheets),
 * each page's ids made unique in the manual and its links made to lead somewhere from a PDF: to
 * the page in the manual when it is there, else to the site's absolute URL.
 */
import type { Element, ElementContent, Root, RootContent } from 'hast';
import type { PropCard } from '@docgen/types';
import { decodePath, encodePath, escapeHtml, isExternalUrl, normalizePathname } from '@docgen/shared';
import { hastToString } from '../vendor/markdown.js';
import { fromHtml, toHtml } from '../vendor/mdx.js';
import type { Manual, ManualCategory, ManualDoc, ManualEntry } from './manualPlan.js';
import { fillIn, getManualStrings } from './manualStrings.js';
import { getManualCss } from './manualCss.js';

/** A bookmark of the PDF: a page or a heading, and those under it. */
export interface OutlineItem {
  title: string;
  /** The id of its element in the manual, a named destination of the PDF. */
  anchor: string;
  /** A heading of a page (else a page: a part, a chapter, a doc). */
  heading?: true;
  items: OutlineItem[];
}

export interface AssembledManual {
  html: string;
  /** The bookmarks: the sidebar's parts, chapters and pages, each page's headings to h3. */
  outline: OutlineItem[];
  /** What the manual could not print as the site shows it. */
  problems: { path: string; message: string }[];
}

export interface AssembleInput {
  manual: Manual;
  /** The built HTML of a route path, undefined when the build wrote none. */
  readPage: (path: string) => string | undefined;
  /** The site's origin (`url`): links that leave the manual lead there. */
  siteUrl: string;
  paperSize: string;
  cover: { title?: string; subtitle?: string };
  /** The day on the cover. */
  date: Date;
  /** Mermaid diagrams as the site draws them (SVG markup), by route path, in the page's order. */
  drawings?: Map<string, (string | undefined)[]>;
}

/** A page of the manual read from the build: its title and content, ids not yet renamed. */
interface ReadPage {
  entry: ManualDoc | ManualCategory;
  path: string;
  title: string;
  content: Element[];
  stylesheets: string[];
  styles: string[];
  /** Each id of the page and the manual's id for it. */
  ids: Map<string, string>;
}

export function assembleManual(input: AssembleInput): AssembledManual {
  const { manual } = input;
  const strings = getManualStrings(manual.htmlLang);
  const problems: AssembledManual['problems'] = [];
  const pages = new Map<string, ReadPage>();
  forEachEntry(manual.entries, (entry) => {
    const path = entry.type === 'doc' ? entry.path : entry.page?.type === 'doc' ? entry.page.path : undefined;
    if (!path) return;
    const page = readPage(entry, path, input, problems);
    if (page) pages.set(path, page);
  });

  const stylesheets = unique([...pages.values()].flatMap((page) => page.stylesheets));
  const styles = unique([...pages.values()].flatMap((page) => page.styles));
  const outline: OutlineItem[] = [];
  const pageTitles: { anchor: string; title: string }[] = [];
  const body: string[] = [];
  // The anchor of each page of the manual by its route, as a link names it (no trailing slash).
  const anchorsByKey = new Map([...manual.anchors].map(([path, anchor]) => [toRouteKey(path), anchor]));
  const rewritePage = createPageRewriter(pages, anchorsByKey, input.siteUrl);

  const printEntries = (entries: ManualEntry[], depth: number, into: OutlineItem[]) => {
    for (const entry of entries) {
      const pagePath = entry.type === 'doc' ? entry.path : entry.page?.type === 'doc' ? entry.page.path : undefined;
      const page = pagePath ? pages.get(pagePath) : undefined;
      // Bookmarks and contents name a page as the sidebar does; the page and its running header by its title.
      const item: OutlineItem = { title: entry.label, anchor: entry.anchor, items: [] };
      into.push(item);
      pageTitles.push({ anchor: entry.anchor, title: page?.title ?? entry.label });
      const kind = entry.type === 'doc' ? 'doc' : depth === 0 ? 'part' : 'chapter';
      body.push(
        `<section class="manual-page manual-page--${kind}" id="${entry.anchor}" data-depth="${depth}" style="page: manual-${entry.anchor}">`,
        `<h1 class="manual-page__title">${escapeHtml(page?.title ?? entry.label)}</h1>`,
      );
      if (page) {
        const content = page.content.map((node) => rewritePage(node, page));
        body.push(`<div class="markdown">${toHtml({ type: 'root', children: content })}</div>`);
        item.items.push(...getHeadingOutline(content));
      } else if (entry.type === 'category' && entry.page?.type === 'index') {
        body.push(printCards(entry.page.description, entry.page.cards, anchorsByKey, input.siteUrl, strings.items));
      }
      body.push('</section>');
      if (entry.type === 'category') printEntries(entry.items, depth + 1, item.items);
    }
  };
  printEntries(manual.entries, 0, outline);

  const title = input.cover.title ?? manual.site.title;
  const subtitle = input.cover.subtitle ?? manual.site.tagline;
  const logo = manual.site.navbar.logo;
  const date = new Intl.DateTimeFormat(manual.htmlLang, { dateStyle: 'long', timeZone: 'UTC' }).format(input.date);
  const cover = [
    '<section class="manual-cover" style="page: manual-cover">',
    logo ? `<img class="manual-cover__logo" src="${escapeHtml(logo.src)}" alt="${escapeHtml(logo.alt)}">` : '',
    `<h1 class="manual-cover__title">${escapeHtml(title)}</h1>`,
    subtitle ? `<p class="manual-cover__subtitle">${escapeHtml(subtitle)}</p>` : '',
    `<p class="manual-cover__version">${escapeHtml(fillIn(strings.version, { version: manual.versionLabel }))}</p>`,
    `<p class="manual-cover__locale">${escapeHtml(manual.localeLabel)}</p>`,
    `<p class="manual-cover__date">${escapeHtml(fillIn(strings.builtOn, { date }))}</p>`,
    '</section>',
  ].join('');
  const contents = [
    '<nav class="manual-contents" style="page: manual-contents">',
    `<h1 class="manual-contents__title">${escapeHtml(strings.contents)}</h1>`,
    printContents(outline),
    '</nav>',
  ].join('');
  // Chromium writes a named destination only for an element a link of the document leads to: one
  // link to each bookmark's element, never shown.
  const targets = `<nav class="manual-targets" aria-hidden="true">${collectAnchors(outline)
    .map((anchor) => `<a href="#${anchor}"></a>`)
    .join('')}</nav>`;
  const css = getManualCss({
    paperSize: input.paperSize,
    footer: manual.versionLabel,
    contentsTitle: strings.contents,
    pages: pageTitles,
  });
  const html = [
    `<!doctype html><html lang="${escapeHtml(manual.htmlLang)}" dir="${manual.direction}" data-theme="light"><head><meta charset="utf-8">`,
    `<title>${escapeHtml(`${title} ${manual.versionLabel} (${manual.localeLabel})`)}</title>`,
    ...stylesheets.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`),
    ...styles.map((style) => `<style>${style}</style>`),
    `<style>${css}</style>`,
    `</head><body class="manual">${cover}${contents}${body.join('')}${targets}</body></html>`,
  ].join('\n');
  return { html, outline, problems };
}

function forEachEntry(entries: ManualEntry[], visit: (entry: ManualEntry) => void): void {
  for (const entry of entries) {
    visit(entry);
    if (entry.type === 'category') forEachEntry(entry.items, visit);
  }
}

function unique<T>(items: T[]): T[] {
  return [...new Set(items)];
}

const hasClass = (node: Element, name: string) => {
  const value = node.properties.className;
  return Array.isArray(value) && value.includes(name);
};

function findElement(nodes: readonly (RootContent | ElementContent)[], test: (node: Element) => boolean): Element | undefined {
  for (const node of nodes) {
    if (node.type !== 'element') continue;
    if (test(node)) return node;
    const found = findElement(node.children, test);
    if (found) return found;
  }
  return undefined;
}

/** Every element, but for the inside of a drawing the manual inserted (see insertDrawings). */
function forEachElement(nodes: readonly (RootContent | ElementContent)[], visit: (node: Element) => void): void {
  for (const node of nodes) {
    if (node.type !== 'element') continue;
    visit(node);
    if (node.properties.dataManualDrawing) continue;
    forEachElement(node.tagName === 'template' && node.content ? node.content.children : node.children, visit);
  }
}

/** A heading's text as a reader sees it: without its hash link. */
function getHeadingText(heading: Element): string {
  const children = heading.children.filter((child) => !(child.type === 'element' && hasClass(child, 'hash-link')));
  return hastToString({ ...heading, children })
    .replace(/\s+/g, ' ')
    .trim();
}

/** The title and content of a built page, or a problem when the build wrote no content for it. */
function readPage(entry: ManualDoc | ManualCategory, path: string, input: AssembleInput, problems: AssembledManual['problems']) {
  const text = input.readPage(path);
  if (text === undefined) {
    problems.push({ path, message: 'the build wrote no page at this path' });
    return undefined;
  }
  const tree: Root = fromHtml(text);
  const slot = findElement(tree.children, (node) => node.properties.dataDocgenSlot === 'main');
  if (!slot) {
    problems.push({ path, message: 'its built page has no content (no element with data-docgen-slot="main")' });
    return undefined;
  }
  const article = findElement(tree.children, (node) => node.tagName === 'article');
  const heading = article && findElement(article.children, (node) => node.tagName === 'h1');
  const head = findElement(tree.children, (node) => node.tagName === 'head');
  const stylesheets: string[] = [];
  const styles: string[] = [];
  forEachElement(head?.children ?? [], (node) => {
    const rel = node.properties.rel;
    if (node.tagName === 'link' && Array.isArray(rel) && rel.includes('stylesheet') && typeof node.properties.href === 'string') {
      stylesheets.push(resolveResource(node.properties.href, path));
    }
    if (node.tagName === 'style') styles.push(hastToString(node));
  });
  const content = slot.children.filter((child): child is Element => child.type === 'element');
  insertDrawings(content, input.drawings?.get(path), entry.anchor, { path, problems });
  const ids = new Map<string, string>();
  const anchor = entry.anchor;
  forEachElement(content, (node) => {
    const id = node.properties.id;
    if (typeof id === 'string' && !ids.has(id)) ids.set(id, `${anchor}-${ids.size + 1}`);
  });
  const title = heading ? getHeadingText(heading) : entry.label;
  return { entry, path, title, content, stylesheets, styles, ids } satisfies ReadPage;
}

/** Puts each mermaid diagram's drawing beside its code, as the theme does in the browser. */
function insertDrawings(
  content: Element[],
  drawings: (string | undefined)[] | undefined,
  anchor: string,
  { path, problems }: { path: string; problems: AssembledManual['problems'] },
) {
  let index = 0;
  forEachElement(content, (node) => {
    if (node.properties.dataDiagram !== 'mermaid') return;
    const svg = drawings?.[index++];
    if (svg === undefined) {
      problems.push({ path, message: `mermaid diagram ${index} could not be drawn: its code is printed instead` });
      return;
    }
    // Each page numbers its drawings from 1 (`docgen-mermaid-1`), and a drawing's styles and
    // markers select its ids: they are made unique here, and no other rewriting enters the drawing.
    const drawing = fromHtml(svg.replaceAll('docgen-mermaid-', `${anchor}-mermaid-`), { fragment: true, space: 'svg' });
    node.children.push({
      type: 'element',
      tagName: 'div',
      properties: { className: ['diagram__drawing'], dataManualDrawing: true },
      children: drawing.children as ElementContent[],
    });
    node.properties.dataDrawn = 'light';
  });
}

/** A resource URL of a page (`src`, a stylesheet) as a path of the site, for the printer's server. */
function resolveResource(url: string, pagePath: string): string {
  if (isExternalUrl(url) && !url.startsWith('//')) return url;
  const resolved = new URL(url, `http://site${encodePath(pagePath)}`);
  return resolved.host === 'site' ? `${resolved.pathname}${resolved.search}` : resolved.href;
}

/** The route path of an internal link, without a trailing slash (but for the root). */
function toRouteKey(pathname: string): string {
  const decoded = normalizePathname(decodePath(pathname));
  return decoded.length > 1 ? decoded.replace(/\/+$/, '') : decoded;
}

/**
 * The page's content as the manual prints it: ids renamed, links made to lead somewhere, what only
 * works on screen (copy buttons, hash links, tab lists) taken out, tabs printed one after another
 * under their labels, details open.
 */
function createPageRewriter(pages: Map<string, ReadPage>, anchorsByKey: Map<string, string>, siteUrl: string) {
  const pagesByAnchor = new Map([...pages.values()].map((read) => [read.entry.anchor, read]));
  return (node: Element, page: ReadPage) => rewritePage(node, page, (href) => resolveLink(href, page));

  function resolveLink(href: string, page: ReadPage): string {
    if (href.startsWith('#')) {
      const id = decodePath(href.slice(1));
      return `#${id === '' ? page.entry.anchor : (page.ids.get(id) ?? page.entry.anchor)}`;
    }
    if (isExternalUrl(href) && !href.startsWith('//')) return href;
    const url = new URL(href, `http://site${encodePath(page.path)}`);
    if (url.host !== 'site') return url.href;
    const anchor = anchorsByKey.get(toRouteKey(url.pathname));
    if (anchor) {
      const target = pagesByAnchor.get(anchor);
      const id = decodePath(url.hash.slice(1));
      return `#${(id && target?.ids.get(id)) || anchor}`;
    }
    return `${siteUrl}${url.pathname}${url.search}${url.hash}`;
  }
}

function rewritePage(node: Element, page: ReadPage, resolveLink: (href: string) => string): Element {
  const renameId = (id: string) => page.ids.get(id) ?? id;
  const tabLabels = new Map<string, string>();
  forEachElement([node], (element) => {
    if (element.properties.role === 'tab' && typeof element.properties.id === 'string') {
      tabLabels.set(element.properties.id, hastToString(element).trim());
    }
  });
  const rewrite = (element: Element): Element => {
    if (element.properties.dataManualDrawing) return element;
    const properties = { ...element.properties };
    if (typeof properties.id === 'string') properties.id = renameId(properties.id);
    for (const name of ['ariaLabelledBy', 'ariaControls', 'ariaDescribedBy', 'htmlFor'] as const) {
      const value: unknown = properties[name];
      if (Array.isArray(value)) properties[name] = value.map((id) => renameId(String(id)));
      else if (typeof value === 'string') properties[name] = value.split(/\s+/).map(renameId);
    }
    if (typeof properties.href === 'string') {
      properties.href = element.tagName === 'a' || element.tagName === 'area' ? resolveLink(properties.href) : properties.href;
    }
    if (typeof properties.src === 'string') properties.src = resolveResource(properties.src, page.path);
    if (typeof properties.srcSet === 'string') {
      properties.srcSet = properties.srcSet
        .split(',')
        .map((candidate) => candidate.trim().replace(/^\S+/, (url) => resolveResource(url, page.path)))
        .join(', ');
    }
    if (typeof properties.xLinkHref === 'string' && properties.xLinkHref.startsWith('#')) {
      properties.xLinkHref = `#${renameId(properties.xLinkHref.slice(1))}`;
    }
    if (element.tagName === 'details') properties.open = true;
    const children: ElementContent[] = [];
    for (const child of element.children) {
      if (child.type !== 'element') {
        children.push(child);
        continue;
      }
      if (isScreenOnly(child)) continue;
      if (child.properties.role === 'tabpanel') {
        const labelledBy = child.properties.ariaLabelledBy;
        const label = tabLabels.get(Array.isArray(labelledBy) ? String(labelledBy[0]) : String(labelledBy ?? ''));
        if (label) {
          children.push({
            type: 'element',
            tagName: 'p',
            properties: { className: ['manual-tab-label'] },
            children: [{ type: 'text', value: label }],
          });
        }
        const panel = rewrite(child);
        delete panel.properties.hidden;
        children.push(panel);
        continue;
      }
      children.push(rewrite(child));
    }
    return { ...element, properties, children };
  };
  return rewrite(node);
}

/** What only works on a screen: buttons, a heading's hash link, a tab list, scripts. */
function isScreenOnly(node: Element): boolean {
  return node.tagName === 'button' || node.tagName === 'script' || hasClass(node, 'hash-link') || node.properties.role === 'tablist';
}

/** Each page's headings to h3, as bookmarks under the page. */
function getHeadingOutline(content: Element[]): OutlineItem[] {
  const items: OutlineItem[] = [];
  forEachElement(content, (node) => {
    if ((node.tagName !== 'h2' && node.tagName !== 'h3') || typeof node.properties.id !== 'string') return;
    const item: OutlineItem = { title: getHeadingText(node), anchor: node.properties.id, heading: true, items: [] };
    const parent = items.at(-1);
    if (node.tagName === 'h3' && parent) parent.items.push(item);
    else items.push(item);
  });
  return items;
}

function collectAnchors(items: OutlineItem[]): string[] {
  return items.flatMap((item) => [item.anchor, ...collectAnchors(item.items)]);
}

/** The contents: the parts, chapters and pages (not their headings), each with its page number. */
function printContents(items: OutlineItem[], depth = 0): string {
  const rows = items.map((item) => {
    const pages = item.items.filter((child) => !child.heading);
    return [
      `<li class="manual-contents__item" data-depth="${depth}">`,
      `<a href="#${item.anchor}"><span class="manual-contents__label">${escapeHtml(item.title)}</span>`,
      `<span class="manual-contents__page" data-page-of="${item.anchor}"></span></a>`,
      pages.length > 0 ? printContents(pages, depth + 1) : '',
      '</li>',
    ].join('');
  });
  return `<ol class="manual-contents__list">${rows.join('')}</ol>`;
}

/** A generated category page: its description and its items as the site's cards. */
function printCards(
  description: string,
  cards: PropCard[],
  anchorsByKey: Map<string, string>,
  siteUrl: string,
  itemsTemplate: string,
): string {
  const rows = cards.map((card) => {
    const anchor = anchorsByKey.get(toRouteKey(card.path));
    const href = anchor ? `#${anchor}` : `${siteUrl}${encodePath(card.path)}`;
    const text = card.description || (card.count !== undefined ? fillIn(itemsTemplate, { count: card.count }) : '');
    return `<a class="card" href="${escapeHtml(href)}"><span class="card__title">${escapeHtml(card.title)}</span>${
      text ? `<span class="card__description">${escapeHtml(text)}</span>` : ''
    }</a>`;
  });
  return `${description ? `<p class="category-description">${escapeHtml(description)}</p>` : ''}<div class="card-grid">${rows.join('')}</div>`;
}
