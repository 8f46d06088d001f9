/**
 * How each page of the other locales is translated (`docgen translations`, `i18n.status`): from the
 * routes of the site model (a page and its source share a route key) and the files' histories
 * from git. A translation is outdated when its source has a commit that changed what readers see
 * after the translation's own last commit.
 */
import type { FileHistory, LocaleManifest, ManifestRoute, PageTranslation, SiteConfig } from '@docgen/types';

type TranslatedRoute = ManifestRoute & { data: { type: 'doc' | 'blogPost' | 'markdownPage' } };

/** Docs, blog posts and markdown pages: what a translator translates (not generated lists, not React pages). */
function isTranslatable(route: ManifestRoute): route is TranslatedRoute {
  const { type } = route.data;
  return (
    (type === 'doc' || type === 'blogPost' || type === 'markdownPage') && route.sources.length > 0 && !route.key.startsWith('version-root:')
  );
}

export function getPageTranslations(
  config: SiteConfig,
  locales: LocaleManifest[],
  histories: Record<string, FileHistory>,
): PageTranslation[] {
  const defaultLocale = locales.find((locale) => locale.locale === config.i18n.defaultLocale);
  if (!defaultLocale) return [];
  const sources = new Map(defaultLocale.routes.filter(isTranslatable).map((route) => [route.key, route]));
  const pages: PageTranslation[] = [];
  for (const locale of locales) {
    if (locale === defaultLocale) continue;
    const versions = new Map(locale.versions.map((version) => [`${version.instance}\0${version.name}`, version]));
    for (const route of locale.routes) {
      const source = isTranslatable(route) ? sources.get(route.key) : undefined;
      if (!source) continue;
      const data = route.data as TranslatedRoute['data'] & { versionName?: string; docsInstance?: string };
      const version = data.type === 'doc' ? versions.get(`${data.docsInstance ?? 'default'}\0${data.versionName}`) : undefined;
      const sourceFile = source.sources[0]!;
      const page: PageTranslation = {
        locale: locale.locale,
        section: data.type === 'doc' ? 'docs' : data.type === 'blogPost' ? 'blog' : 'pages',
        ...(version && { docs: { instance: version.instance, version: version.name, label: version.label } }),
        title: route.data.title,
        path: route.path,
        sourcePath: source.path,
        sourceFile,
        status: 'missing',
      };
      if (route.isTranslation) {
        const translationFile = route.sources[0]!;
        const translated = histories[translationFile]?.last;
        // A translation or source git does not know yet (not committed) is taken as current.
        const changes = translated ? (histories[sourceFile]?.visible ?? []).filter((commit) => commit.date > translated.date) : [];
        Object.assign(page, {
          translationFile,
          status: changes.length > 0 ? 'outdated' : 'translated',
          ...(translated && { translatedAt: translated.date, translatedCommit: translated.hash }),
          ...(changes.length > 0 && { sourceChanges: changes }),
        });
      }
      pages.push(page);
    }
  }
  return pages;
}

/** Marks each outdated doc's route (`outdatedFrom`), for the notice the theme shows above it. */
export function markOutdatedDocs(locales: LocaleManifest[], translations: PageTranslation[], defaultLocale: string): void {
  const outdated = new Map(translations.filter((page) => page.status === 'outdated').map((page) => [page.path, page]));
  for (const locale of locales) {
    for (const route of locale.routes) {
      const page = route.data.type === 'doc' ? outdated.get(route.path) : undefined;
      if (page?.locale !== locale.locale || route.data.type !== 'doc') continue;
      route.data.outdatedFrom = { locale: defaultLocale, path: page.sourcePath, date: page.sourceChanges![0]!.date };
    }
  }
}
