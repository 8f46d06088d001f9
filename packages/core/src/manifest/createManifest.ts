import { getPageTranslations, markOutdatedDocs } from './translationStatus.js';
import type { AssetFile, Diagnostic, LocaleManifest, LoadedVersion, ManifestRoute, PropSidebar, SiteManifest } from '@docgen/types';
import { escapeHtml } from '@docgen/shared';
import { DocgenError } from '../diagnostics/index.js';
import { DEFAULT_DOCS_ID, getVersionKey } from '../files/index.js';
import { loadBlogRoutes } from './blog.js';
import { createLocaleContext, type LocaleContext, type ManifestInput } from './context.js';
import { loadPageRoutes } from './pages.js';
import type { PendingRoute, RouteLinks } from './pendingRoute.js';
import { toRouteProps, toSiteProps } from './props.js';
import { getLocaleRedirects } from './redirects.js';
import { resolveLinks } from './resolveLinks.js';
import { toSearchScopes } from './searchScopes.js';
import { loadLocaleVersion } from './versions.js';

/** A locale's site model before its props are made: they need every locale's routes (see getRouteLinks). */
interface LoadedLocale {
  context: LocaleContext;
  versions: LoadedVersion[];
  /** Every route of the locale, its not-found page last. */
  pending: PendingRoute[];
  sidebarFiles: Record<string, PropSidebar>;
  linkSources: LocaleManifest['linkSources'];
  redirects: LocaleManifest['redirects'];
}

/**
 * Builds the single source of truth for every URL of the site: versions, sidebars, routes,
 * blog and pages of each locale, with links resolved; then the props of every route and of each
 * locale's site data, each made once by its function in props.ts.
 */
export function createManifest(input: ManifestInput, buildId: string): SiteManifest {
  const { config } = input;
  const locales = input.locales ?? config.i18n.locales;
  const assets = new Map<string, AssetFile>();
  const warnings: Diagnostic[] = [];
  const loadedLocales = locales.map((locale): LoadedLocale => {
    const context = createLocaleContext(input, locale);
    const { versions } = input.content;
    const loaded = versions.map((version) =>
      loadLocaleVersion(
        context,
        version,
        versions.filter((other) => other.instance === version.instance),
      ),
    );
    warnings.push(...loaded.flatMap((version) => version.warnings));
    const pending: PendingRoute[] = withoutShadowedAliases([
      ...loaded.flatMap((version) => version.routes),
      ...loadBlogRoutes(context),
      ...loadPageRoutes(context),
    ]);
    // The search page, unless the site has a page of its own there.
    const searchPath = `${context.baseUrl}search`;
    if (config.search.page && !pending.some((entry) => entry.route.path === searchPath)) {
      pending.push({
        route: { path: searchPath, locale, key: 'search', isTranslation: true, anchorIds: [], sources: [], slots: {} },
        page: { type: 'search', path: searchPath, title: context.label('Search the documentation') },
        links: [],
      });
    }
    assertUniqueRoutes(pending.map((entry) => entry.route));
    const linkSources = resolveLinks(context, pending, assets);
    const redirects = getLocaleRedirects(context, pending);
    const notFoundPath = `${context.baseUrl}404.html`;
    pending.push({
      route: { path: notFoundPath, locale, key: 'not-found', isTranslation: true, anchorIds: [], sources: [], slots: {} },
      page: { type: 'notFound', path: notFoundPath },
      links: [],
    });
    return {
      context,
      versions: loaded.map((version) => version.version),
      pending,
      sidebarFiles: Object.assign({}, ...loaded.map((version) => version.sidebarFiles)),
      linkSources,
      redirects,
    };
  });

  const linksOf = getRouteLinks(loadedLocales, input);
  const html = getConfigHtml(input, warnings);
  const localeManifests = loadedLocales.map(({ context, versions, pending, sidebarFiles, linkSources, redirects }): LocaleManifest => {
    const versionPathsOf = getVersionPaths(pending, versions);
    const routes = pending.map((entry): ManifestRoute => ({
      ...entry.route,
      data: toRouteProps(entry.page, { ...linksOf(entry), versionPaths: versionPathsOf(entry) }),
    }));
    const searchScopes = toSearchScopes(routes, versions, context.translations.blogTitle ?? config.blog.blogTitle);
    const paths = new Set(pending.map((entry) => entry.route.path));
    const hasRoute = (path: string) => paths.has(path);
    return {
      locale: context.locale,
      site: toSiteProps({ context, versions, buildId, hasHomePage: hasRoute(context.baseUrl), hasRoute, searchScopes, html }),
      routes,
      sidebarFiles,
      versions,
      linkSources,
      searchScopes,
      redirects,
    };
  });
  const { histories } = input.content;
  const translations = histories && getPageTranslations(config, localeManifests, histories);
  if (translations && config.i18n.status && config.i18n.outdatedNotice) {
    markOutdatedDocs(localeManifests, translations, config.i18n.defaultLocale);
  }
  return {
    config,
    siteDir: input.siteDir,
    locales: localeManifests,
    assets: [...assets.values()].sort((a, b) => (a.outputPath < b.outputPath ? -1 : 1)),
    staticFiles: input.content.staticFiles,
    warnings,
    ...(translations && { translations }),
  };
}

/**
 * The HTML of the config, sanitised (ManifestInput.sanitizeHtml): each value once, its warnings
 * at the value's place in the config. Without a sanitiser, HTML is shown as text (escaped): a
 * copyright without markup reads the same.
 */
function getConfigHtml(input: ManifestInput, warnings: Diagnostic[]): (value: string, path: string) => string {
  const done = new Map<string, string>();
  return (value, path) => {
    const known = done.get(value);
    if (known !== undefined) return known;
    if (!input.sanitizeHtml) return escapeHtml(value);
    const sanitized = input.sanitizeHtml(value);
    const found = input.config.sourceLocations?.config[path];
    const location = found
      ? { file: found.file, line: found.line, column: found.column }
      : { file: 'docgen.config.yaml', line: 1, column: 1 };
    for (const { message, hint } of sanitized.warnings)
      warnings.push({ severity: 'warning', code: 'config-html', message: `${message} (${path})`, hint, location });
    done.set(value, sanitized.html);
    return sanitized.html;
  };
}

const routeKeyOf = (path: string) => path.normalize('NFC').toLowerCase().replace(/\/$/, '');

/**
 * A version root shows its main doc when no doc has it as its slug; a page at the same path (the
 * home page, with docs at the site root) is the one served there instead.
 */
function withoutShadowedAliases(pending: PendingRoute[]): PendingRoute[] {
  const claimed = new Set(
    pending.filter((entry) => !entry.route.key.startsWith('version-root:')).map((entry) => routeKeyOf(entry.route.path)),
  );
  return pending.filter((entry) => !entry.route.key.startsWith('version-root:') || !claimed.has(routeKeyOf(entry.route.path)));
}

/**
 * Two sources may not claim one route, also when the paths differ only in case, a trailing slash
 * or Unicode normalisation (two file names that look the same, one in NFC and one in NFD).
 */
function assertUniqueRoutes(routes: PendingRoute['route'][]): void {
  const seen = new Map<string, PendingRoute['route']>();
  for (const route of routes) {
    const key = routeKeyOf(route.path);
    const other = seen.get(key);
    const [first, second] = [other?.sources[0], route.sources[0]];
    if (other && (other.key !== route.key || first !== second) && !route.key.startsWith('version-root:')) {
      const forms =
        first !== second && first?.normalize('NFC') === second?.normalize('NFC') ? ' (the same name, one in NFC and one in NFD)' : '';
      throw new DocgenError(`Two sources claim the route ${route.path}: ${first} and ${second}${forms}`, {
        code: 'duplicate-route',
        location: { file: second!, line: 1, column: 1 },
        hint: `Give one of them another slug in its front matter (slug: ...), or rename the file. Routes differing only in letter case, a trailing slash or Unicode normalisation (NFC/NFD) collide on case-insensitive or normalising file systems.`,
      });
    }
    if (!other) seen.set(key, route);
  }
}

/**
 * For doc-like pages (docs, generated category indexes), the path of the same doc (or category
 * index, else the main doc) in every version of its docs instance in the locale; none for other pages.
 */
function getVersionPaths(pending: PendingRoute[], versions: LoadedVersion[]): (entry: PendingRoute) => Record<string, string> {
  const byKey = new Map(pending.map((entry) => [entry.route.key, entry]));
  const docPaths = new Map(versions.map((version) => [version, new Map(version.docs.map((doc) => [doc.id, doc.permalink]))]));
  return (entry) => {
    const { page } = entry;
    if (page.type !== 'doc' && page.type !== 'docCategory') return {};
    const instance = page.place.docsInstance ?? DEFAULT_DOCS_ID;
    const relative = page.type === 'docCategory' ? entry.route.key.split(':').slice(2).join(':') : undefined;
    return Object.fromEntries(
      versions
        .filter((version) => version.instance === instance)
        .map((version) => {
          const paths = docPaths.get(version)!;
          const doc = entry.docId ? paths.get(entry.docId) : undefined;
          const key = getVersionKey(version.instance, version.name);
          const category = relative !== undefined ? byKey.get(`category:${key}:${relative}`) : undefined;
          return [version.name, doc ?? category?.route.path ?? paths.get(version.mainDocId) ?? version.path];
        }),
    );
  };
}

/**
 * Canonical URLs and hreflang alternates: the same page (by route key) in every locale. A
 * fallback page's canonical URL is the source page's (and where the source is an alias, as a
 * version root is of its main doc, the page it aliases), and it names that page as the one it
 * falls back from.
 */
function getRouteLinks(locales: LoadedLocale[], input: ManifestInput): (entry: PendingRoute) => Omit<RouteLinks, 'versionPaths'> {
  const { config } = input;
  const byKey = new Map<string, { locale: string; entry: PendingRoute }[]>();
  for (const { context, pending } of locales) {
    for (const entry of pending) {
      const same = byKey.get(entry.route.key);
      if (same) same.push({ locale: context.locale, entry });
      else byKey.set(entry.route.key, [{ locale: context.locale, entry }]);
    }
  }
  return (entry) => {
    const same = byKey.get(entry.route.key)!;
    const source = same.find((candidate) => candidate.locale === config.i18n.defaultLocale);
    const isFallback = !entry.route.isTranslation && source !== undefined;
    const canonicalEntry = isFallback ? source.entry : entry;
    return {
      canonical: config.url + (canonicalEntry.canonicalPath ?? canonicalEntry.route.path),
      alternates: same.map((candidate) => ({
        locale: candidate.locale,
        path: candidate.entry.route.path,
        isTranslation: candidate.entry.route.isTranslation,
      })),
      fallbackFrom: isFallback ? { locale: source.locale, path: source.entry.route.path } : undefined,
    };
  };
}
