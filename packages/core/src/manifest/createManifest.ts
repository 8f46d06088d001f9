import type { AssetFile, Diagnostic, LocaleManifest, ManifestRoute, PropSidebar, SiteManifest } from '@docgen/types';
import { getNotFoundRoute } from '@docgen/shared/pageData';
import { DocgenError } from '../diagnostics/index.js';
import { loadBlogRoutes } from './blog.js';
import { createLocaleContext, type ManifestInput } from './context.js';
import { loadPageRoutes } from './pages.js';
import type { PendingRoute } from './pendingRoute.js';
import { resolveLinks } from './resolveLinks.js';
import { toSiteData } from './siteData.js';
import { loadLocaleVersion } from './versions.js';

/**
 * Builds the single source of truth for every URL of the site: versions, sidebars, routes,
 * blog and pages of each locale, with links resolved and hreflang alternates computed.
 */
export function createManifest(input: ManifestInput, buildId: string): SiteManifest {
  const { config } = input;
  const locales = input.locales ?? config.i18n.locales;
  const assets = new Map<string, AssetFile>();
  const localeManifests: LocaleManifest[] = [];
  const pendingByLocale = new Map<string, PendingRoute[]>();
  const localeWarnings: Diagnostic[] = [];

  for (const locale of locales) {
    const context = createLocaleContext(input, locale);
    const loaded = input.content.versions.map((version, index, all) => loadLocaleVersion(context, version, index, all));
    localeWarnings.push(...loaded.flatMap((version) => version.warnings));
    const pending: PendingRoute[] = [
      ...loaded.flatMap((version) => version.routes),
      ...loadBlogRoutes(context),
      ...loadPageRoutes(context),
    ];
    assertUniqueRoutes(pending.map((entry) => entry.route));
    const versions = loaded.map((version) => version.version);
    fillVersionPaths(pending, versions);
    const linkSources = resolveLinks(context, pending, assets);
    const notFound: ManifestRoute = {
      path: `${context.baseUrl}404.html`,
      locale,
      key: 'not-found',
      isTranslation: true,
      anchorIds: [],
      sources: [],
      slots: {},
      data: getNotFoundRoute(`${context.baseUrl}404.html`),
    };
    const sidebarFiles: Record<string, PropSidebar> = Object.assign({}, ...loaded.map((version) => version.sidebarFiles));
    localeManifests.push({
      locale,
      site: toSiteData(
        context,
        versions,
        buildId,
        pending.some((entry) => entry.route.path === context.baseUrl),
      ),
      routes: [...pending.map((entry) => entry.route), notFound],
      sidebarFiles,
      versions,
      linkSources,
    });
    pendingByLocale.set(locale, pending);
  }
  fillAlternates(localeManifests, pendingByLocale, input);
  return {
    config,
    siteDir: input.siteDir,
    locales: localeManifests,
    assets: [...assets.values()].sort((a, b) => (a.outputPath < b.outputPath ? -1 : 1)),
    staticFiles: input.content.staticFiles,
    warnings: localeWarnings,
  };
}

/**
 * Two sources may not claim one route, also when the paths differ only in case, a trailing slash
 * or Unicode normalisation (two file names that look the same, one in NFC and one in NFD).
 */
function assertUniqueRoutes(routes: ManifestRoute[]): void {
  const seen = new Map<string, ManifestRoute>();
  for (const route of routes) {
    const key = route.path.normalize('NFC').toLowerCase().replace(/\/$/, '');
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

/** Fills, for doc pages, the path of the same doc (or the main doc) in every version. */
function fillVersionPaths(
  pending: PendingRoute[],
  versions: { name: string; docs: { id: string; permalink: string }[]; mainDocId: string; path: string }[],
): void {
  const byKey = new Map(pending.map((entry) => [entry.route.key, entry]));
  const docPaths = versions.map((version) => new Map(version.docs.map((doc) => [doc.id, doc.permalink])));
  for (const entry of pending) {
    const data = entry.route.data;
    if (data.type !== 'doc' && data.type !== 'docCategory') continue;
    const relative = data.type === 'docCategory' ? entry.route.key.split(':').slice(2).join(':') : undefined;
    data.versionPaths = Object.fromEntries(
      versions.map((version, index) => {
        const paths = docPaths[index]!;
        const doc = entry.docId ? paths.get(entry.docId) : undefined;
        const category = relative !== undefined ? byKey.get(`category:${version.name}:${relative}`) : undefined;
        return [version.name, doc ?? category?.route.path ?? paths.get(version.mainDocId) ?? version.path];
      }),
    );
  }
}

/**
 * Canonical URLs and hreflang alternates. A fallback page's canonical URL is the source page's
 * (and where the source is an alias, as a version root is of its main doc, the page it aliases).
 */
function fillAlternates(locales: LocaleManifest[], pendingByLocale: Map<string, PendingRoute[]>, input: ManifestInput): void {
  const { config } = input;
  const byKey = new Map<string, { locale: string; route: ManifestRoute }[]>();
  for (const locale of locales) {
    for (const route of locale.routes) byKey.set(route.key, [...(byKey.get(route.key) ?? []), { locale: locale.locale, route }]);
  }
  const aliasOf = new Map<ManifestRoute, string>();
  for (const pending of pendingByLocale.values()) {
    for (const entry of pending) if (entry.canonicalPath) aliasOf.set(entry.route, entry.canonicalPath);
  }
  for (const locale of locales) {
    for (const route of locale.routes) {
      const same = byKey.get(route.key) ?? [];
      route.data.alternates = same.map((entry) => ({
        locale: entry.locale,
        path: entry.route.path,
        isTranslation: entry.route.isTranslation,
      }));
      const source = same.find((entry) => entry.locale === config.i18n.defaultLocale);
      const canonicalRoute = !route.isTranslation && source ? source.route : route;
      const canonical = aliasOf.get(canonicalRoute) ?? canonicalRoute.path;
      route.data.canonical = config.url + canonical;
      const data = route.data;
      if (!route.isTranslation && source && (data.type === 'doc' || data.type === 'blogPost' || data.type === 'markdownPage')) {
        data.fallbackFrom = { locale: source.locale, path: source.route.path };
      }
    }
  }
}
