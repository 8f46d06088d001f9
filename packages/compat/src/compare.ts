/**
 * Compares docgen's build of a migrated Docusaurus site with Docusaurus's own build of it, page
 * by page: whether docgen serves each route Docusaurus builds, how many of the words of each
 * page's article (Docusaurus's `.markdown` elements) docgen's article holds, whether each of
 * the article's heading ids is an element id of docgen's page, and whether each link of the
 * article leads where Docusaurus's does.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fromHtml } from 'hast-util-from-html';
import type { Element, Nodes, Root } from 'hast';

/** How one route of Docusaurus's build fares in docgen's. */
export interface PageComparison {
  /** The route, below the site's base URL: `/docs/intro`. */
  route: string;
  /** Whether docgen's build answers it (a page, or a page that redirects). */
  served: boolean;
  /** Words of Docusaurus's article, and how many of them docgen's article holds (each as often); none for a page without an article. */
  words?: { reference: number; found: number; missing: string[] };
  /** Heading ids of Docusaurus's article, and those docgen's page has no element for. */
  headings: { reference: number; missing: string[] };
  /**
   * The links of the site's own pages in Docusaurus's article that docgen's article has a link of
   * the same text for, and those of them that lead elsewhere (each target a path and fragment).
   */
  links?: { compared: number; differing: { text: string; reference: string; docgen: string }[] };
}

export interface Comparison {
  pages: PageComparison[];
  /** Routes Docusaurus builds, and how many docgen serves. */
  routes: { reference: number; served: number };
  /** Pages with an article, and how many of them carry at least `threshold` of its words in docgen. */
  articles: { reference: number; passing: number; threshold: number };
  /** Heading ids of every article, and how many docgen's pages have. */
  headingIds: { reference: number; found: number };
  /** Links of every article compared (see PageComparison.links), and how many lead where Docusaurus's do. */
  links: { compared: number; same: number };
}

/** The share of an article's words a page must carry to pass. */
export const WORD_THRESHOLD = 0.98;

/**
 * The routes of a static build: each `index.html` is its folder's route, any other `.html` file
 * its own (`/x.html` is `/x`); the not-found pages and docgen's or Docusaurus's own folders are not routes.
 */
export function listRoutes(buildDir: string): string[] {
  const routes: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (dir === buildDir && (entry.name === 'assets' || entry.name === '_docgen')) continue;
        walk(path);
      } else if (entry.name.endsWith('.html') && entry.name !== '404.html') {
        const file = relative(buildDir, path).split(sep).join('/');
        routes.push(`/${file.replace(/(^|\/)index\.html$/, '$1').replace(/\.html$/, '')}`.replace(/(.)\/$/, '$1'));
      }
    }
  };
  walk(buildDir);
  return routes.sort();
}

/** The page file a static host answers a route with (`x`, `x.html`, `x/index.html`), as the plain server does. */
function findPage(buildDir: string, route: string): string | undefined {
  const base = join(buildDir, decodeURIComponent(route));
  return [join(base, 'index.html'), `${base}.html`, base].find((path) => existsSync(path) && statSync(path).isFile());
}

const hasClass = (node: Element, name: string) => {
  const className = node.properties.className;
  return Array.isArray(className) && className.includes(name);
};

/** The elements of a tree that `match` accepts, outermost only. */
function findAll(tree: Nodes, match: (node: Element) => boolean): Element[] {
  const found: Element[] = [];
  const visit = (node: Nodes) => {
    if (node.type === 'element' && match(node)) {
      found.push(node);
      return;
    }
    if ('children' in node) for (const child of node.children) visit(child as Nodes);
  };
  visit(tree);
  return found;
}

/** Every element id of a page. */
function collectIds(tree: Nodes): Set<string> {
  const ids = new Set<string>();
  const visit = (node: Nodes) => {
    if (node.type === 'element' && typeof node.properties.id === 'string') ids.add(node.properties.id);
    if ('children' in node) for (const child of node.children) visit(child as Nodes);
  };
  visit(tree);
  return ids;
}

/** Docusaurus's article: its `.markdown` elements (a doc's, a post's, each post of a blog list). */
const isDocusaurusArticle = (node: Element) => hasClass(node, 'markdown');
/** docgen's article: the theme's content slots (`data-docgen-slot`), which hold the page's markdown. */
const isDocgenArticle = (node: Element) => node.properties.dataDocgenSlot !== undefined;

/** The words of a text, lower case: letters and digits, as a reader reads them (`don't` is one). */
export function toWords(text: string): string[] {
  return [...text.toLowerCase().matchAll(/[\p{L}\p{N}]+(?:['’_.-][\p{L}\p{N}]+)*/gu)].map((match) => match[0]);
}

/** The words of `reference` that `other` holds, each as many times as both have it, and the ones it lacks. */
function countFound(reference: string[], other: string[]): { found: number; missing: string[] } {
  const available = new Map<string, number>();
  for (const word of other) available.set(word, (available.get(word) ?? 0) + 1);
  let found = 0;
  const missing: string[] = [];
  for (const word of reference) {
    const left = available.get(word) ?? 0;
    if (left > 0) {
      available.set(word, left - 1);
      found++;
    } else {
      missing.push(word);
    }
  }
  return { found, missing };
}

const parse = (path: string): Root => fromHtml(readFileSync(path, 'utf8'));
/** Elements whose text no reader reads as the page's words. */
const UNREAD = new Set(['script', 'style', 'template', 'svg', 'noscript']);

/**
 * The text of elements as the page holds it, hidden parts too (every tab's panel, a closed
 * details): what a reader can reach on the page, whichever tab the server rendered first.
 */
function textOf(elements: Element[]): string {
  const parts: string[] = [];
  const visit = (node: Nodes, inCode: boolean) => {
    if (node.type === 'text') parts.push(node.value);
    if (node.type === 'element' && UNREAD.has(node.tagName)) return;
    // A control's label (a code block's "Copy") is not the article's: a tab's is.
    if (node.type === 'element' && node.tagName === 'button' && node.properties.role !== 'tab') return;
    // Element bounds part words, as blocks do (the same on both sides: `<b>Do</b>cs` is two words in each).
    // In a code block only its lines do: its other elements are the highlighter's tokens, which
    // each highlighter cuts its own way (`0.25rem` is one token or two).
    const bound = node.type === 'element' && (!inCode || node.tagName === 'br' || /line/i.test(String(node.properties.className ?? '')));
    if (bound) parts.push(' ');
    const code = inCode || (node.type === 'element' && node.tagName === 'pre');
    if ('children' in node) for (const child of node.children) visit(child as Nodes, code);
    if (bound) parts.push(' ');
  };
  for (const element of elements) visit(element, false);
  return parts.join('');
}

/**
 * The links of the site's own pages in an article, each with its text and where it leads from
 * `route` (path, no trailing slash or `.html`, and fragment, decoded): a heading's own link
 * (`hash-link`) and a link to another site are left out.
 */
function readLinks(articles: Element[], route: string): { text: string; target: string }[] {
  return articles
    .flatMap((article) => findAll(article, (node) => node.tagName === 'a' && typeof node.properties.href === 'string'))
    .filter((link) => !hasClass(link, 'hash-link') && !/^([a-z][\w+.-]*:|\/\/)/i.test(String(link.properties.href)))
    .map((link) => {
      const url = new URL(String(link.properties.href), `http://site${route}`);
      const path = url.pathname
        .replace(/\/index\.html$/, '/')
        .replace(/\.html$/, '')
        .replace(/(.)\/$/, '$1');
      return { text: textOf([link]).replace(/\s+/g, ' ').trim(), target: decodeURIComponent(path + url.hash) };
    });
}

/** Each link of Docusaurus's article against docgen's first unmatched link of the same text. */
function compareLinks(reference: { text: string; target: string }[], docgen: { text: string; target: string }[]) {
  const left = [...docgen];
  const differing: { text: string; reference: string; docgen: string }[] = [];
  let compared = 0;
  for (const link of reference) {
    const index = left.findIndex((other) => other.text === link.text);
    if (index < 0) continue;
    const [match] = left.splice(index, 1);
    compared++;
    if (match!.target !== link.target) differing.push({ text: link.text, reference: link.target, docgen: match!.target });
  }
  return { compared, differing };
}

/** Compares one route of the two builds. */
export function comparePage(referenceDir: string, docgenDir: string, route: string): PageComparison {
  const referenceFile = findPage(referenceDir, route)!;
  const docgenFile = findPage(docgenDir, route);
  const reference = parse(referenceFile);
  const articles = findAll(reference, isDocusaurusArticle);
  const headingIds = articles
    .flatMap((article) => findAll(article, (node) => /^h[2-6]$/.test(node.tagName) && typeof node.properties.id === 'string'))
    .map((heading) => String(heading.properties.id));
  if (!docgenFile) {
    return {
      route,
      served: false,
      ...(articles.length > 0 && { words: { reference: toWords(textOf(articles)).length, found: 0, missing: [] } }),
      headings: { reference: headingIds.length, missing: headingIds },
    };
  }
  const docgen = parse(docgenFile);
  const ids = collectIds(docgen);
  const comparison: PageComparison = {
    route,
    served: true,
    headings: { reference: headingIds.length, missing: headingIds.filter((id) => !ids.has(id)) },
  };
  if (articles.length > 0) {
    const words = toWords(textOf(articles));
    // Docusaurus's article holds a doc's title; docgen shows it above its content slots.
    const titled = articles.some((article) => findAll(article, (node) => node.tagName === 'h1').length > 0);
    const title = titled ? findAll(docgen, (node) => node.tagName === 'h1').slice(0, 1) : [];
    const docgenArticles = findAll(docgen, isDocgenArticle);
    const { found, missing } = countFound(words, toWords(textOf([...title, ...docgenArticles])));
    comparison.words = { reference: words.length, found, missing };
    comparison.links = compareLinks(readLinks(articles, route), readLinks(docgenArticles, route));
  }
  return comparison;
}

/** Compares every route of Docusaurus's build (`referenceDir`) with docgen's (`docgenDir`). */
export function compareBuilds(referenceDir: string, docgenDir: string): Comparison {
  const pages = listRoutes(referenceDir).map((route) => comparePage(referenceDir, docgenDir, route));
  const withArticle = pages.filter((page) => page.words && page.words.reference > 0);
  return {
    pages,
    routes: { reference: pages.length, served: pages.filter((page) => page.served).length },
    articles: {
      reference: withArticle.length,
      passing: withArticle.filter((page) => page.words!.found / page.words!.reference >= WORD_THRESHOLD).length,
      threshold: WORD_THRESHOLD,
    },
    headingIds: {
      reference: pages.reduce((sum, page) => sum + page.headings.reference, 0),
      found: pages.reduce((sum, page) => sum + page.headings.reference - page.headings.missing.length, 0),
    },
    links: {
      compared: pages.reduce((sum, page) => sum + (page.links?.compared ?? 0), 0),
      same: pages.reduce((sum, page) => sum + (page.links ? page.links.compared - page.links.differing.length : 0), 0),
    },
  };
}
