import { statSync } from 'node:fs';
import { join, posix } from 'node:path';
import type {
  AssetFile,
  LinkSource,
  NavbarLinkConfig,
  ResolvedLink,
  SidebarItemConfig,
  SourceLocation,
  ValueLocation,
} from '@docgen/types';
import { decodePath, encodePath, getImageUrl, getOtherMarkdownPath, isExternalUrl } from '@docgen/shared';
// Not from the index: the browser's first load takes it only with a page's data (see htmlEntities.ts).
import { decodeHtmlEntities } from '@docgen/shared/htmlEntities';
import {
  describeSkippedLink,
  findDocsInstance,
  getLocaleDir,
  getSitePathVerdict,
  getVersionKey,
  resolveSitePath,
  SITE_ALIAS,
} from '../files/index.js';
import { suggestName } from '../diagnostics/index.js';
import { hashOf, isCategoryIndexFile, type LocaleContext } from './context.js';
import { LinkCache, type FileLink } from './linkCache.js';
import type { PendingRoute } from './pendingRoute.js';

const EXCERPT_SLOT = 'excerpt:';

/**
 * Resolves the links of every route of a locale: relative `.md` links become the URL of the page
 * built from that file (in the same locale and version), absolute paths get the locale base,
 * relative images are copied as assets. Records in each content slot the URLs its links and images
 * resolve to (applied when the page is rendered), and returns what
 * each source links to, for the link checker: markdown sources, and the navbar, footer,
 * announcement bar and sidebar links that appear on the locale's pages, each with where it was written.
 */
export function resolveLinks(context: LocaleContext, routes: PendingRoute[], assets: Map<string, AssetFile>): LinkSource[] {
  const urlsOf = (key: string) => context.input.getCompiled(key).urls;
  const pathByFile = new Map<string, string>();
  const routeByPath = new Map<string, PendingRoute>();
  for (const pending of routes) {
    if (pending.linkBase && !pending.canonicalPath) pathByFile.set(pending.linkBase.normalize('NFC'), pending.route.path);
    if (!pending.canonicalPath) routeByPath.set(pending.route.path, pending);
  }
  const indexByFolder = getIndexPages(pathByFile);
  // A version's docs folder links to the version's root, where its main doc is shown.
  for (const pending of routes) {
    const versionKey = pending.route.key.startsWith('version-root:') ? pending.route.key.slice('version-root:'.length) : undefined;
    const version = context.input.content.versions.find((candidate) => getVersionKey(candidate.instance, candidate.name) === versionKey);
    if (version && !indexByFolder.has(version.docsDir.normalize('NFC')))
      indexByFolder.set(version.docsDir.normalize('NFC'), pending.route.path);
  }
  // Each route by its path without a trailing slash: a relative URL takes the route's own form (`./guide` -> `/docs/guide/`).
  const routeByUrlPath = new Map<string, string>();
  for (const pending of routes) routeByUrlPath.set(trimTrailingSlash(pending.route.path), pending.route.path);
  const pages: PageLookup = {
    routeOf: (path) => routeByUrlPath.get(trimTrailingSlash(path)),
    findFile: (filePath) => {
      for (const extension of ['.md', '.mdx']) {
        const route = pathByFile.get(`${filePath}${extension}`);
        if (route !== undefined) return { extension, route };
      }
      const index = indexByFolder.get(filePath);
      return index === undefined ? undefined : { extension: '', route: index };
    },
  };
  const fileLinks = (context.input.linkCache ?? new LinkCache()).get(
    { locale: context.locale, siteDir: context.input.siteDir, baseUrl: context.input.config.baseUrl },
    pathByFile,
  );
  const resolvers = new Map<PendingRoute, (url: string, kind: 'link' | 'image') => ResolvedLink>();
  const resolverOf = (pending: PendingRoute) => {
    let resolver = resolvers.get(pending);
    if (!resolver) {
      const resolved = new Map<string, ResolvedLink>();
      resolver = (url, kind) => {
        // By what resolving reads of the URL: a link written `#설치` and its href in the compiled
        // page, `#%EC%84%A4%EC%B9%98`, are one (each page's links come in both forms).
        const key = `${kind}\0${toResolvedKey(url)}`;
        const known = resolved.get(key);
        if (known) return known.url === url ? known : { ...known, url };
        const link = resolveUrl(context, pending, url, kind, pages, (filePath, suffix) => {
          // The same file link means the same from every page (in the dev server, every run).
          const fileKey = `${kind}\0${filePath}\0${suffix}`;
          let found = fileLinks.get(fileKey);
          if (!found) fileLinks.set(fileKey, (found = resolveFileLink(context, filePath, suffix, pathByFile, indexByFolder)));
          if (found.asset) assets.set(found.asset.outputPath, found.asset);
          return 'target' in found ? { target: found.target } : { unresolved: found.unresolved };
        });
        resolved.set(key, link);
        return link;
      };
      resolvers.set(pending, resolver);
    }
    return resolver;
  };

  const linkSources: LinkSource[] = [];
  for (const pending of routes) {
    if (pending.canonicalPath) continue;
    const resolve = resolverOf(pending);
    const links = pending.links.map((link) => ({ ...resolve(link.url, link.kind), line: link.line, column: link.column }));
    for (const [name, slot] of Object.entries(pending.route.slots)) {
      // A blog list shows excerpts of posts: their links mean what they mean on the post's own page.
      const owner = name.startsWith(EXCERPT_SLOT) ? (routeByPath.get(name.slice(EXCERPT_SLOT.length)) ?? pending) : pending;
      const resolveInOwner = resolverOf(owner);
      const hrefs: Record<string, string> = {};
      const srcs: Record<string, string> = {};
      for (const { value, kind } of urlsOf(slot.key)) {
        const target = resolveInOwner(value, kind).target;
        if (target !== undefined && target !== value) (kind === 'image' ? srcs : hrefs)[value] = target;
      }
      // A new object: slots of excerpts are shared by every list page that shows the post.
      pending.route.slots[name] = { ...slot, hrefs, srcs };
    }
    if (links.length > 0) {
      linkSources.push({ sourcePath: pending.route.sources[0]!, origin: 'markdown', pagePath: pending.route.path, links });
    }
  }
  linkSources.push(...getConfigLinkSources(context), ...getSidebarLinkSources(context));
  return linkSources;
}

/**
 * The URL an absolute internal path written by an author points at in this locale: the path
 * with the locale's base URL (static files with the site's), or unchanged when it already names
 * another locale (`/en/docs/x` written on a Korean page links into the English site).
 */
export function localizeLink(context: LocaleContext, url: string): string {
  if (url.startsWith('/') && !url.startsWith('//')) {
    const { baseUrl, i18n } = context.input.config;
    for (const locale of i18n.locales) {
      if (locale === i18n.defaultLocale) continue;
      const prefix = `/${i18n.localeConfigs[locale]!.path}`;
      if (url === prefix || url.startsWith(`${prefix}/`) || url.startsWith(`${prefix}#`)) return baseUrl + url.slice(1);
    }
  }
  return context.localizePath(url);
}

/** The href of a navbar or footer link: `href` as written, else `to` in this locale, else the home page. */
export function getConfigLinkHref(context: LocaleContext, item: NavbarLinkConfig): string {
  return item.href ?? localizeLink(context, item.to ?? '/');
}

/** What resolving a relative URL needs of the locale's pages. */
interface PageLookup {
  /** The route at a URL path (with or without its trailing slash), in its own form. */
  routeOf(path: string): string | undefined;
  /** The page built from `<filePath>.md` or `.mdx`, or from the index of the folder `filePath` (site paths in NFC). */
  findFile(filePath: string): { extension: string; route: string } | undefined;
}

function resolveUrl(
  context: LocaleContext,
  pending: PendingRoute,
  url: string,
  kind: 'link' | 'image',
  pages: PageLookup,
  resolveFile: (filePath: string, suffix: string) => { target: string } | { unresolved: string },
): ResolvedLink {
  const base: ResolvedLink = { url, kind, line: 0, column: 0 };
  if (isExternalUrl(url)) return base;
  const { path: urlPath, query, hash } = splitUrl(url);
  // `api.mdx/#part` names the file api.mdx, as Docusaurus 2 read it (testing-library's docs).
  const pathPart = /\.mdx?\/$/.test(urlPath) ? urlPath.slice(0, -1) : urlPath;
  // The query goes along as written (a page may read it); the fragment is the heading id it names.
  const suffix = query + toFragment(hash);
  if (pathPart === '') return { ...base, target: pending.route.path + suffix };
  // As Docusaurus: the page of a markdown file looked up from the docs folder of the page's version, then from the site folder.
  const fromRoots = (linkBase: string, path: string) => {
    const docsRoot = getDocsRoot(context, linkBase);
    for (const root of docsRoot === undefined ? [''] : [docsRoot, '']) {
      const found = resolveFile(posix.normalize(posix.join(root, path)), suffix);
      if ('target' in found) return found;
    }
    return undefined;
  };
  if (pathPart.startsWith('/') && /\.mdx?$/.test(pathPart) && pending.linkBase) {
    // A markdown file named from `/`.
    const found = fromRoots(pending.linkBase, decodePath(pathPart).slice(1));
    if (found) return { ...base, ...found };
  }
  if (pathPart.startsWith('/')) {
    const localized = decodePath(localizeLink(context, decodePath(pathPart)));
    return { ...base, target: normalizeUrlPath(localized) + suffix };
  }
  if (pathPart.startsWith(SITE_ALIAS)) {
    // `@site/static/guide.pdf`: a file of the site named from the site's folder, as Docusaurus reads it (and as MDX imports give a file's URL).
    const sitePath = resolveSitePath('', decodePath(pathPart));
    if (sitePath === undefined) return { ...base, unresolved: `${pathPart} is outside the site folder` };
    return { ...base, ...resolveFile(sitePath, suffix) };
  }
  if (!hasFileExtension(pathPart)) {
    // As in Docusaurus, a relative link without a file extension (`publish`, `../api/`, `./intro#part`) is a URL: the browser
    // resolves it against the page's URL. It is written as the absolute path it leads to, so that it leads there from
    // wherever the page is shown (a host that adds a trailing slash, a blog list showing the post's excerpt).
    const resolved = resolveRelativeUrl(pending.route.path, pathPart);
    const route = pages.routeOf(resolved);
    if (route !== undefined) return { ...base, target: route + suffix };
    // Not a page of this locale (check-links checks it against the whole site): what the author may have meant is the page
    // of the file the path names beside the source.
    const filePath = pending.linkBase && posix.normalize(posix.join(posix.dirname(pending.linkBase), decodePath(pathPart)));
    const meant = filePath ? pages.findFile(trimTrailingSlash(filePath).normalize('NFC')) : undefined;
    const suggestion = meant && (meant.extension ? `${trimTrailingSlash(pathPart)}${meant.extension} (${meant.route})` : meant.route);
    return { ...base, target: resolved + suffix, ...(suggestion && { suggestion }) };
  }
  if (!pending.linkBase) return { ...base, unresolved: 'a relative link in a page without a source file' };
  const written = decodePath(pathPart);
  const besideFile = posix.normalize(posix.join(posix.dirname(pending.linkBase), written));
  if (!/\.mdx?$/.test(pathPart) || /^\.\.?\//.test(pathPart)) return { ...base, ...resolveFile(besideFile, suffix) };
  // A markdown file written bare (`intro.md`, `sub/intro.md`, not `./intro.md`): from the roots, and
  // only then beside the file (a page of either root wins).
  return { ...base, ...(fromRoots(pending.linkBase, written) ?? resolveFile(besideFile, suffix)) };
}

/** The docs folder of the version a doc's source path is in (`docs`, `versioned_docs/version-1.0`), if it is a doc's. */
function getDocsRoot(context: LocaleContext, linkBase: string): string | undefined {
  return context.input.content.versions
    .map((version) => posix.normalize(version.docsDir))
    .filter((docsDir) => linkBase.startsWith(`${docsDir}/`))
    .sort((a, b) => b.length - a.length)[0];
}

/**
 * A relative link to a site file: the page built from a markdown file; for a folder, the page
 * built from its index (`index.md`, `README.md` or a file named like the folder); else the file
 * copied as an asset. Names are compared in Unicode NFC (macOS and some editors write NFD).
 */
function resolveFileLink(
  context: LocaleContext,
  filePath: string,
  suffix: string,
  pathByFile: Map<string, string>,
  indexByFolder: Map<string, string>,
): FileLink {
  const written = filePath.replace(/\/$/, '');
  const nfc = written.normalize('NFC');
  if (/\.mdx?$/.test(written)) {
    // `guide.md` finds the page written as guide.mdx too (and back): the page is the same.
    const other = getOtherMarkdownPath(nfc);
    const target = pathByFile.get(nfc) ?? (other === undefined ? undefined : pathByFile.get(other));
    if (target !== undefined) return { target: target + suffix };
    const meant = suggestName(posix.basename(nfc), getPageFilesIn(pathByFile, posix.dirname(nfc)));
    return { unresolved: `no page is built from ${written}${meant ? `: did you mean ${posix.join(posix.dirname(nfc), meant)}?` : ''}` };
  }
  if (written === '..' || written.startsWith('../')) return { unresolved: `${filePath} is outside the site folder` };
  const index = indexByFolder.get(nfc);
  if (index !== undefined) return { target: index + suffix };
  const absolutePath = join(context.input.siteDir, written);
  const verdict = getSitePathVerdict(context.input.siteDir, absolutePath);
  if (verdict.type === 'skipped') return { unresolved: describeSkippedLink(context.input.siteDir, verdict.skipped).message };
  if (verdict.type === 'missing') return { unresolved: `file ${filePath} does not exist` };
  const stats = statSync(verdict.realPath);
  if (stats.isDirectory()) return { unresolved: `folder ${written}/ has no index page (index.md) to link to` };
  if (!stats.isFile()) return { unresolved: `${written} is neither a file nor a folder` };
  const outputPath = `assets/files/${hashOf(written, 8)}-${posix.basename(written)}`;
  return { target: context.input.config.baseUrl + outputPath + suffix, asset: { absolutePath, outputPath } };
}

/** The names of the page sources in `folder` (a site path), for a suggestion when a link names none of them. */
function getPageFilesIn(pathByFile: Map<string, string>, folder: string): string[] {
  const names: string[] = [];
  for (const file of pathByFile.keys()) if (posix.dirname(file) === folder) names.push(posix.basename(file));
  return names;
}

/** Folder (NFC, no trailing slash) -> the route of its index page: `index.md`, `README.md`, or a file named like the folder. */
function getIndexPages(pathByFile: Map<string, string>): Map<string, string> {
  const indexByFolder = new Map<string, string>();
  for (const [file, path] of pathByFile) {
    const folder = posix.dirname(file);
    if (isCategoryIndexFile(file) && !indexByFolder.has(folder)) indexByFolder.set(folder, path);
  }
  return indexByFolder;
}

/**
 * A link shown on many pages (navbar, footer, announcement bar, sidebar): internal links must be
 * absolute, since a relative one would lead somewhere else from every page. `localize` maps an
 * absolute path to the URL the page shows; links written into HTML are shown as they are.
 */
function resolveSharedLink(
  url: string,
  kind: 'link' | 'image',
  location: SourceLocation,
  where: string,
  localize: (path: string) => string = (path) => path,
): ResolvedLink {
  const base: ResolvedLink = { url, kind, line: location.line, column: location.column };
  if (isExternalUrl(url)) return base;
  if (!splitUrl(url).path.startsWith('/')) {
    return { ...base, unresolved: `a relative link in the ${where} leads somewhere else from every page` };
  }
  const { path, query, hash } = splitUrl(localize(url));
  return { ...base, target: normalizeUrlPath(decodePath(path)) + query + toFragment(hash) };
}

/** Navbar, footer, logos, favicon and announcement bar of the locale, located in the config or `site.yaml`. */
function getConfigLinkSources(context: LocaleContext): LinkSource[] {
  const { config } = context.input;
  const { navbar, footer, announcementBar } = config.themeConfig;
  const locations = config.sourceLocations;
  const locate = (path: string): ValueLocation =>
    locations?.config[path] ?? { file: 'docgen.config.yaml', line: 1, column: 1, verbatim: false };
  const linksByFile = new Map<string, ResolvedLink[]>();
  const add = (file: string, link: ResolvedLink) => linksByFile.set(file, [...(linksByFile.get(file) ?? []), link]);
  const localize = (path: string) => localizeLink(context, path);

  const addItem = (path: string, item: NavbarLinkConfig, where: string) => {
    // As in getConfigLinkHref: `href` is shown as written, `to` in the locale.
    if (item.href !== undefined) add('docgen.config.yaml', resolveSharedLink(item.href, 'link', locate(`${path}.href`), where));
    else if (item.to !== undefined) add('docgen.config.yaml', resolveSharedLink(item.to, 'link', locate(`${path}.to`), where, localize));
  };
  /** The links of HTML the config shows (see getHtmlLinks), at `path`. */
  const addHtml = (path: string, html: string, where: string) => {
    const location = locate(path);
    for (const link of getHtmlLinks(html, location, where)) add(location.file, link);
  };
  navbar.items.forEach((item, index) => {
    if (item.type === 'default') addItem(`navbar.items.${index}`, item, 'navbar');
    if (item.type === 'html') addHtml(`navbar.items.${index}.value`, item.value, 'navbar');
    if (item.type === 'dropdown') {
      item.items.forEach((child, childIndex) => {
        if (!('type' in child)) addItem(`navbar.items.${index}.items.${childIndex}`, child, 'navbar');
      });
    }
  });
  footer.links.forEach((column, columnIndex) =>
    column.items.forEach((item, index) => {
      const path = `footer.links.${columnIndex}.items.${index}`;
      if ('html' in item) addHtml(`${path}.html`, item.html, 'footer');
      else addItem(path, item, 'footer');
    }),
  );
  // As in toSiteData: a file in static/ keeps the site's base URL, anything else gets the locale's.
  const inStatic = (url: string) => context.localizePath(url);
  const addImage = (path: string, src: string | undefined, where: string) => {
    if (src !== undefined) add('docgen.config.yaml', resolveSharedLink(src, 'image', locate(path), where, inStatic));
  };
  addImage('navbar.logo.src', navbar.logo?.src, 'navbar logo');
  addImage('navbar.logo.srcDark', navbar.logo?.srcDark, 'navbar logo');
  addImage('footer.logo.src', footer.logo?.src, 'footer logo');
  if (footer.logo?.href !== undefined) {
    add('docgen.config.yaml', resolveSharedLink(footer.logo.href, 'link', locate('footer.logo.href'), 'footer logo'));
  }
  if (config.favicon !== undefined) {
    // As toSiteProps shows it: a file of the site under the base URL, or an absolute URL as it is, not checked.
    const { line, column } = locate('favicon');
    const url = getImageUrl(config.baseUrl, config.favicon);
    add('docgen.config.yaml', {
      url: config.favicon,
      kind: 'image',
      line,
      column,
      ...(!isExternalUrl(url) && { target: decodePath(url) }),
    });
  }
  if (announcementBar) {
    const translated = context.translations.announcementBar;
    const location =
      translated === undefined
        ? locate('announcementBar.content')
        : (locations?.translations[context.locale]?.announcementBar ?? {
            file: `${getLocaleDir(config, context.locale)}/site.yaml`,
            line: 1,
            column: 1,
            verbatim: false,
          });
    for (const link of getHtmlLinks(translated ?? announcementBar.content, location, 'announcement bar')) add(location.file, link);
  }
  return [...linksByFile].map(([sourcePath, links]) => ({ sourcePath, origin: 'config', pagePath: context.baseUrl, links }));
}

/**
 * Links in HTML of the config (the announcement bar, `html` items of navbar and footer), which every page shows. Each is located at its
 * `<a` or `<img` when the value is written verbatim on one line, else at the value.
 */
function getHtmlLinks(html: string, location: ValueLocation, where: string): ResolvedLink[] {
  const links: ResolvedLink[] = [];
  for (const match of html.matchAll(/<(a|img)\b[^>]*?\s(?:href|src)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/gi)) {
    const url = decodeHtmlEntities(match[2] ?? match[3] ?? match[4] ?? '');
    const at = location.verbatim ? { ...location, column: location.column + match.index } : location;
    links.push(resolveSharedLink(url, match[1]!.toLowerCase() === 'img' ? 'image' : 'link', at, where));
  }
  return links;
}

/** `type: link` items of every sidebar of every version, located in their sidebars file. */
function getSidebarLinkSources(context: LocaleContext): LinkSource[] {
  const { config, content } = context.input;
  const localize = (path: string) => localizeLink(context, path);
  const sources: LinkSource[] = [];
  for (const version of content.versions) {
    if (!version.sidebars || !version.sidebarsPath) continue;
    const links: ResolvedLink[] = [];
    const visit = (items: SidebarItemConfig[]) => {
      for (const item of items) {
        // As in normalizeItem (versions.ts): the href in the locale.
        if (item.type === 'link') links.push(resolveSharedLink(item.href, 'link', item.location, 'sidebar', localize));
        if (item.type === 'category') visit(item.items);
      }
    };
    for (const items of Object.values(version.sidebars)) visit(items);
    if (links.length > 0) {
      sources.push({
        sourcePath: version.sidebarsPath,
        origin: 'sidebar',
        pagePath: `${context.baseUrl}${findDocsInstance(config, version.instance)!.routeBasePath}`,
        links,
      });
    }
  }
  return sources;
}

/** A URL as written, in parts: path, `?query` and `#fragment` (each empty when absent). */
function splitUrl(url: string): { path: string; query: string; hash: string } {
  const hashIndex = url.indexOf('#');
  const hash = hashIndex >= 0 ? url.slice(hashIndex) : '';
  const beforeHash = hashIndex >= 0 ? url.slice(0, hashIndex) : url;
  const queryIndex = beforeHash.indexOf('?');
  return queryIndex >= 0
    ? { path: beforeHash.slice(0, queryIndex), query: beforeHash.slice(queryIndex), hash }
    : { path: beforeHash, query: '', hash };
}

/** A URL as resolveUrl reads it: its path and query as written, its fragment as toFragment gives it. */
function toResolvedKey(url: string): string {
  const hashIndex = url.indexOf('#');
  return hashIndex < 0 ? url : url.slice(0, hashIndex) + toFragment(url.slice(hashIndex));
}

/** `#fragment` decoded and in Unicode NFC, as heading ids are: `#%E1%84%89...` (NFD) finds the heading `설치`. */
function toFragment(hash: string): string {
  return hash === '' ? '' : `#${decodePath(hash.slice(1)).normalize('NFC')}`;
}

/** Whether the last segment of a link's path has a file extension (`./setup.md`, `./diagram.png`; not `./setup`, `../api/`, `..`). */
function hasFileExtension(path: string): boolean {
  return /\.[^./]+$/.test(path.slice(path.lastIndexOf('/') + 1));
}

/**
 * A relative URL path resolved as a browser resolves it against the page's URL (its route path:
 * `publish` on `/docs/intro` is `/docs/publish`, on `/docs/guide/` it is `/docs/guide/publish`),
 * decoded and in NFC.
 */
function resolveRelativeUrl(pagePath: string, relative: string): string {
  const { pathname } = new URL(relative, `http://docgen.invalid${encodePath(pagePath)}`);
  return decodePath(pathname).normalize('NFC');
}

/** `/x/` as `/x`; the root stays `/`. */
function trimTrailingSlash(path: string): string {
  return path.length > 1 ? path.replace(/\/$/, '') : path;
}

/** A decoded URL path as a browser resolves it (`.` and `..` segments, none above the root), in NFC. */
function normalizeUrlPath(path: string): string {
  const normalized = posix.normalize(path);
  return (normalized.startsWith('/') ? normalized : `/${normalized}`).normalize('NFC');
}
