import type { Diagnostic, LinkProblem, LinkSource, ResolvedLink, SiteManifest } from '@docgen/types';
import { getLocaleOfPath } from '@docgen/shared';
import { getLocaleFiles, getSiteFiles } from '@docgen/shared/outputPaths';
import { getScriptUrlScheme } from '@docgen/shared/scriptUrl';
import { assertNever, suggestName } from '../diagnostics/index.js';
import { getMalformedUrlReason } from './urls.js';
import { getLocaleBaseUrl } from '../files/index.js';

const HINTS = {
  relativeMarkdown: 'Point the link at an existing .md file (relative to this file) or an existing URL path.',
  relativeShared: 'Write an absolute path such as /docs/intro (navbar, footer and sidebar links show on many pages), or a full URL.',
  missingPageMarkdown: 'Check the path; links to other docs are best written as relative .md links.',
  missingPageShared: 'Check the path: it must name a page of the site or a file in static/.',
  missingFile: 'Put the file in static/ and link it from the site root (/img/logo.svg), or link it relative to this file.',
  anchor: 'Heading ids are the heading text in lower case with spaces as "-", or an explicit {#id}.',
  malformed: 'write a complete URL such as https://example.com/path.',
  unsafe: 'Link to a page or a web address (https:) instead.',
};

/** What the checker knows of the site: pages with their element ids (unknown for component pages), files. */
interface SiteIndex {
  pages: Map<string, Set<string> | undefined>;
  files: Set<string>;
  /** Locales left out of the model (`build --locale`): links into them cannot be checked. */
  isUnchecked(path: string): boolean;
  /** The page of the same folder whose name is closest to that of a path that is no page (`/docs/instal` -> `/docs/install`). */
  suggestPage(path: string): string | undefined;
}

/**
 * Checks every written link of every locale (markdown, navbar, footer, announcement bar, sidebars)
 * against the routes, heading ids and files of the site model. Pure: nothing is fetched or read.
 * Each written link is reported once (an untranslated page appears in every locale), in file,
 * line, column order. `build` prints the result as warnings and `check-links` fails on it.
 */
export function checkLinks(manifest: SiteManifest): LinkProblem[] {
  const site = getSiteIndex(manifest);
  const problems: LinkProblem[] = [];
  const reported = new Set<string>();
  for (const locale of manifest.locales) {
    for (const source of locale.linkSources) {
      for (const link of source.links) {
        const problem = getLinkProblem(link, source, site);
        if (!problem) continue;
        const key = `${problem.location.file}:${problem.location.line}:${problem.location.column}:${link.url}`;
        if (reported.has(key)) continue;
        reported.add(key);
        problems.push(problem);
      }
    }
  }
  return problems.sort(compareProblems);
}

/**
 * The warnings `build` prints: the problems of `checkLinks`, one diagnostic each. A removed
 * script link is left out: compiling warned about it already, at the same place, when it removed it.
 */
export function getBrokenLinks(manifest: SiteManifest): Diagnostic[] {
  return checkLinks(manifest)
    .filter((problem) => problem.type !== 'unsafe-url')
    .map(toLinkDiagnostic);
}

/** A problem as a build warning: what is wrong (the link and why) apart from what to do. */
export function toLinkDiagnostic(problem: LinkProblem): Diagnostic {
  const { type, link, reason, hint, location } = problem;
  let message: string;
  switch (type) {
    case 'broken-link':
      message = `Broken link ${link}: ${reason}`;
      break;
    case 'broken-anchor':
      message = `Broken anchor ${link}: ${reason}`;
      break;
    case 'malformed-url':
      message = `Malformed URL ${link}`;
      break;
    case 'unsafe-url':
      message = `Removed link ${link}: ${reason}`;
      break;
    default:
      assertNever(type, 'link problem type');
  }
  return { severity: 'warning', code: 'broken-link', message, hint, location };
}

function getSiteIndex(manifest: SiteManifest): SiteIndex {
  const { baseUrl, i18n } = manifest.config;
  const pages = new Map<string, Set<string> | undefined>();
  for (const locale of manifest.locales) {
    for (const route of locale.routes) {
      // Component pages and React pages written for Docusaurus render their own ids, which only
      // rendering would reveal (Docusaurus's have useBrokenLinks tell them).
      const rendersIds = route.data.type === 'page' || (route.data.type === 'markdownPage' && route.data.reactPage === true);
      pages.set(normalizeLinkPath(route.path), rendersIds ? undefined : new Set(route.anchorIds.map((id) => id.normalize('NFC'))));
    }
  }
  // An old URL of a redirect is a page too: its anchors are those of the page it leads to.
  for (const locale of manifest.locales) {
    for (const redirect of locale.redirects) {
      const target = getRedirectPage(redirect.to);
      pages.set(normalizeLinkPath(redirect.from), target === undefined ? undefined : pages.get(target));
    }
  }
  const files = new Set([
    ...manifest.staticFiles.map((path) => baseUrl + path.slice(1)),
    ...manifest.assets.map((asset) => baseUrl + asset.outputPath),
    ...getGeneratedFiles(manifest),
  ]);
  const localeBases = Object.fromEntries(i18n.locales.map((locale) => [locale, getLocaleBaseUrl({ baseUrl, i18n }, locale)]));
  const built = new Set(manifest.locales.map((locale) => locale.locale));
  const isUnchecked = (path: string) => {
    const locale = getLocaleOfPath(path, localeBases);
    return locale !== undefined && !built.has(locale);
  };
  // Pages by folder and by name, made when a link first needs a suggestion: a broken link is compared with its neighbours
  // only, else it may mean a page of that name elsewhere (`./publish` on `/docs/guide/` is `/docs/guide/publish`).
  let byFolder: Map<string, string[]> | undefined;
  const byName = new Map<string, string[]>();
  const suggestPage = (path: string) => {
    if (!byFolder) {
      byFolder = new Map();
      for (const page of pages.keys()) {
        const [folder, name] = splitLastSegment(page);
        addTo(byFolder, folder, name);
        addTo(byName, name, page);
      }
    }
    const [folder, name] = splitLastSegment(path);
    if (name === '') return undefined;
    const near = suggestName(name, byFolder.get(folder) ?? []);
    if (near !== undefined) return folder + near;
    // Of the pages of that name (in every locale and version), the one that shares most of the path, then the shortest.
    const shared = (page: string) => {
      let length = 0;
      while (length < page.length && page[length] === path[length]) length++;
      return length;
    };
    return byName.get(name)?.reduce((best, page) => {
      const order = shared(page) - shared(best) || best.length - page.length;
      return order > 0 ? page : best;
    });
  };
  return { pages, files, isUnchecked, suggestPage };
}

function addTo(map: Map<string, string[]>, key: string, value: string): void {
  const values = map.get(key);
  if (values) values.push(value);
  else map.set(key, [value]);
}

/** `/docs/guide/setup` as `/docs/guide/` and `setup`. */
function splitLastSegment(path: string): [string, string] {
  const slash = path.lastIndexOf('/');
  return [path.slice(0, slash + 1), path.slice(slash + 1)];
}

function getLinkProblem(
  link: ResolvedLink,
  source: LinkSource,
  { pages, files, isUnchecked, suggestPage }: SiteIndex,
): LinkProblem | undefined {
  const location = { file: source.sourcePath, line: link.line, column: link.column };
  const problem = (type: LinkProblem['type'], reason: string, hint: string): LinkProblem => ({
    type,
    location,
    link: link.url,
    reason,
    hint,
  });
  const shared = source.origin !== 'markdown';

  // Markdown is compiled to HTML, which never carries a script URL; navbar and footer links are the site owner's.
  const scheme = shared ? undefined : getScriptUrlScheme(link.url, { drawnOnly: link.kind === 'image' });
  if (scheme) return problem('unsafe-url', `a ${scheme}: URL runs script, so the page shows the link without it`, HINTS.unsafe);
  const malformed = getMalformedUrlReason(link.url);
  if (malformed) return problem('malformed-url', `malformed URL: ${malformed}`, `${capitalize(malformed)}; ${HINTS.malformed}`);
  if (link.unresolved) return problem('broken-link', link.unresolved, shared ? HINTS.relativeShared : HINTS.relativeMarkdown);
  if (link.target === undefined) return undefined;

  const { path, anchor } = parseTarget(link.target);
  if (files.has(path) || (path.endsWith('/') && files.has(`${path}index.html`)) || isUnchecked(path)) return undefined;
  const key = normalizeLinkPath(path);
  if (!pages.has(key)) {
    const meant = link.suggestion ?? (link.kind === 'link' ? suggestPage(key) : undefined);
    const guess = meant === undefined ? '' : `: did you mean ${meant}?`;
    if (link.kind === 'image') return problem('broken-link', `no file at ${path}${guess}`, HINTS.missingFile);
    const what = /\.[a-z\d]+$/i.test(path) ? 'no page or file' : 'no page';
    return problem('broken-link', `${what} at ${path}${guess}`, shared ? HINTS.missingPageShared : HINTS.missingPageMarkdown);
  }
  const anchors = pages.get(key);
  if (anchors && anchor !== '' && !anchors.has(anchor)) {
    const meant = suggestName(anchor, [...anchors]);
    const guess = meant === undefined ? '' : `: did you mean #${meant}?`;
    return problem('broken-anchor', `${path} has no heading with id "${anchor}"${guess}`, HINTS.anchor);
  }
  return undefined;
}

/**
 * The files the build writes besides pages, static files and assets, as URL paths: every valid
 * link target. The markdown twin of every doc page, `sitemap.xml` and `robots.txt`, and per locale
 * `404.html`, `llms.txt`, `llms-full.txt` and, with a blog, its feeds.
 */
function getGeneratedFiles(manifest: SiteManifest): string[] {
  const files = getSiteFiles(manifest.config.baseUrl);
  for (const locale of manifest.locales) {
    const hasPosts = locale.routes.some((route) => route.data.type === 'blogPost');
    const docPaths = locale.routes.flatMap((route) => (route.data.type === 'doc' ? [route.path] : []));
    files.push(...getLocaleFiles(locale.site.baseUrl, { blogPath: hasPosts ? locale.site.blog.path : undefined, docPaths }));
  }
  return files.map(([path]) => path);
}

/**
 * The anchors written links point at, by the page that must have them (its path as
 * `normalizeLinkPath` gives it; a link to a redirect's old URL counts at the page it leads to):
 * what a change of a page's headings can make broken, or no longer broken (see build/textEdit.ts).
 */
export function getLinkedAnchors(manifest: SiteManifest): Map<string, Set<string>> {
  const redirects = new Map<string, string>();
  for (const locale of manifest.locales) {
    for (const redirect of locale.redirects) {
      const target = getRedirectPage(redirect.to);
      if (target !== undefined) redirects.set(normalizeLinkPath(redirect.from), target);
    }
  }
  const linked = new Map<string, Set<string>>();
  for (const locale of manifest.locales) {
    for (const source of locale.linkSources) {
      for (const link of source.links) {
        if (link.target === undefined || !link.target.includes('#')) continue;
        const { path, anchor } = parseTarget(link.target);
        if (anchor === '') continue;
        const page = normalizeLinkPath(path);
        const at = redirects.get(page) ?? page;
        let anchors = linked.get(at);
        if (!anchors) linked.set(at, (anchors = new Set()));
        anchors.add(anchor);
      }
    }
  }
  return linked;
}

/** The page a redirect leads to (`normalizeLinkPath`), unless it leads off the site. */
function getRedirectPage(to: string): string | undefined {
  return /^[a-z][a-z\d+.-]*:/i.test(to) ? undefined : normalizeLinkPath(to.split(/[?#]/)[0]!);
}

/** A link's target as the checker reads it: the path of the file that serves it, and its anchor (NFC; empty when none). */
function parseTarget(target: string): { path: string; anchor: string } {
  const hashIndex = target.indexOf('#');
  const beforeHash = hashIndex >= 0 ? target.slice(0, hashIndex) : target;
  // The query is the page's to read: any query reaches the same file.
  const path = stripIndexHtml(beforeHash.split('?')[0]!);
  const anchor = hashIndex >= 0 ? target.slice(hashIndex + 1).normalize('NFC') : '';
  return { path, anchor };
}

/** `/x/` and `/x` are one page on a static host. */
export function normalizeLinkPath(path: string): string {
  return path.length > 1 ? path.replace(/\/$/, '') : path;
}

/** `/docs/x/index.html` is the file that serves `/docs/x/`. */
function stripIndexHtml(path: string): string {
  return path.endsWith('/index.html') ? path.slice(0, -'index.html'.length) : path;
}

function compareProblems(a: LinkProblem, b: LinkProblem): number {
  const x = a.location;
  const y = b.location;
  if (x.file !== y.file) return x.file < y.file ? -1 : 1;
  return x.line - y.line || x.column - y.column || (a.link < b.link ? -1 : a.link > b.link ? 1 : 0);
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
