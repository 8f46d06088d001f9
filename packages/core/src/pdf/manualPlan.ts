/**
 * Which manuals a site has and what each holds: one per docs version and locale (of each docs
 * instance), its docs in the order of the version's sidebars, categories as parts and chapters.
 * Made from the site model alone; nothing is read or rendered here.
 */
import type { LoadedDoc, LoadedVersion, LocaleManifest, PdfConfig, PropCard, SidebarItem, SiteManifest } from '@docgen/types';
import { isExternalUrl } from '@docgen/shared';
import { getManualFileName } from '@docgen/shared/outputPaths';

/** A doc of a manual: its page, printed as a chapter. */
export interface ManualDoc {
  type: 'doc';
  /** The id of its first element in the manual (`m12`), the prefix of every id of its content. */
  anchor: string;
  /** The route path of its page, with the base URL: `/en/docs/guide/overview`. */
  path: string;
  /** The label the sidebar shows, for the contents and the bookmarks. */
  label: string;
  description: string;
}

/** A category of a manual: a part (top level) or a chapter, with its page when it has one. */
export interface ManualCategory {
  type: 'category';
  anchor: string;
  label: string;
  /**
   * What its first page shows: the doc its label links to, or (for a generated index page) the
   * category's description and its items as cards, as the site shows them; none for a category
   * without a page.
   */
  page?: { type: 'doc'; path: string } | { type: 'index'; description: string; cards: PropCard[] };
  items: ManualEntry[];
}

export type ManualEntry = ManualDoc | ManualCategory;

export interface Manual {
  /** The docs instance (`default` for `docs`). */
  instance: string;
  versionName: string;
  versionLabel: string;
  locale: string;
  localeLabel: string;
  /** The `lang` and `dir` of the manual's document. */
  htmlLang: string;
  direction: 'ltr' | 'rtl';
  /** The PDF's name: `docs-2508.1-ko.pdf`, `community-next-en.pdf`. */
  fileName: string;
  /** The site of the locale: title, tagline, base URLs, navbar logo. */
  site: LocaleManifest['site'];
  entries: ManualEntry[];
  /** The anchor of each page in the manual (docs, generated category pages) by route path, for links between them. */
  anchors: Map<string, string>;
}

export interface ManualSelection {
  /** Only these versions (names); those of `pdf.versions`, else all, when absent. */
  version?: string;
  /** Only this locale; those of `pdf.locales`, else all, when absent. */
  locale?: string;
}

/** The manuals of the site, instance by instance, version by version (newest first), locale by locale. */
export function planManuals(manifest: SiteManifest, selection: ManualSelection = {}): Manual[] {
  const config: PdfConfig = manifest.config.pdf;
  const locales = selection.locale ? [selection.locale] : (config.locales ?? manifest.config.i18n.locales);
  const manuals: Manual[] = [];
  const byKey = new Map<string, Manual[]>();
  for (const localeManifest of manifest.locales) {
    if (!locales.includes(localeManifest.locale)) continue;
    for (const version of localeManifest.versions) {
      const wanted = selection.version ? [selection.version] : config.versions;
      if (wanted && !wanted.includes(version.name) && !wanted.includes(version.label)) continue;
      const manual = planManual(manifest, localeManifest, version);
      const key = `${version.instance}\0${version.name}`;
      byKey.set(key, [...(byKey.get(key) ?? []), manual]);
    }
  }
  for (const group of byKey.values()) manuals.push(...group);
  return manuals;
}

function planManual(manifest: SiteManifest, localeManifest: LocaleManifest, version: LoadedVersion): Manual {
  const { locale, site } = localeManifest;
  const localeConfig = manifest.config.i18n.localeConfigs[locale];
  const docsById = new Map(version.docs.map((doc) => [doc.id, doc]));
  const docsByPath = new Map(version.docs.map((doc) => [doc.permalink, doc]));
  // The generated category pages of the locale, by path.
  const categoryPages = new Map(
    localeManifest.routes.flatMap((route) => (route.data.type === 'docCategory' ? [[route.path, route.data] as const] : [])),
  );
  const anchors = new Map<string, string>();
  let count = 0;
  const nextAnchor = () => `m${++count}`;

  const toDoc = (doc: LoadedDoc, label: string): ManualDoc | undefined => {
    if (doc.unlisted || doc.draft || anchors.has(doc.permalink)) return undefined;
    const entry: ManualDoc = { type: 'doc', anchor: nextAnchor(), path: doc.permalink, label, description: doc.description };
    anchors.set(doc.permalink, entry.anchor);
    return entry;
  };
  const toEntries = (items: SidebarItem[]): ManualEntry[] =>
    items.flatMap((item): ManualEntry[] => {
      if (item.type === 'link') {
        const doc = item.docId ? docsById.get(item.docId) : undefined;
        const entry = doc && !item.external && !isExternalUrl(item.href) ? toDoc(doc, item.label) : undefined;
        return entry ? [entry] : [];
      }
      const anchor = nextAnchor();
      const linked = item.href ? docsByPath.get(item.href) : undefined;
      let page: ManualCategory['page'];
      const index = !linked && (item.href || item.indexHref) ? categoryPages.get(item.href ?? item.indexHref!) : undefined;
      if (linked && !linked.unlisted && !linked.draft && !anchors.has(linked.permalink)) {
        page = { type: 'doc', path: linked.permalink };
        anchors.set(linked.permalink, anchor);
      } else if (index && !anchors.has(index.path)) {
        page = { type: 'index', description: index.description, cards: index.items };
      }
      const children = toEntries(item.items);
      // A category with nothing to print but a generated list of its items (none of which is printed) is left out.
      if (page?.type !== 'doc' && children.length === 0) return [];
      if (page?.type === 'index') anchors.set(index!.path, anchor);
      return [{ type: 'category', anchor, label: item.label, ...(page && { page }), items: children }];
    });

  const sidebarIds = Object.keys(version.sidebars);
  const sidebarLabels = getSidebarLabels(localeManifest, version.instance);
  const entries =
    sidebarIds.length === 1
      ? toEntries(version.sidebars[sidebarIds[0]!]!)
      : sidebarIds.flatMap((id): ManualEntry[] => {
          const anchor = nextAnchor();
          const items = toEntries(version.sidebars[id]!);
          return items.length === 0 ? [] : [{ type: 'category', anchor, label: sidebarLabels.get(id) ?? toLabel(id), items }];
        });
  return {
    instance: version.instance,
    versionName: version.name,
    versionLabel: version.label,
    locale,
    localeLabel: getLocaleLabel(locale, localeConfig),
    htmlLang: localeConfig?.htmlLang ?? locale,
    direction: localeConfig?.direction ?? 'ltr',
    fileName: getManualFileName(version.instance, version.label, locale),
    site,
    entries,
    anchors,
  };
}

/** A locale's label: the config's, else the language's own name for itself (`ko` -> 한국어). */
function getLocaleLabel(locale: string, config: { label: string; htmlLang: string } | undefined): string {
  if (config && config.label !== locale) return config.label;
  try {
    return new Intl.DisplayNames([config?.htmlLang ?? locale], { type: 'language' }).of(locale) ?? locale;
  } catch {
    return locale;
  }
}

/** A sidebar's id as a label, for a sidebar no navbar item names: `releaseNotes` -> `Release notes`. */
function toLabel(id: string): string {
  const words = id
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .replace(/[-_]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The navbar's label of each sidebar of an instance (its `docSidebar` items, in the locale). */
function getSidebarLabels(localeManifest: LocaleManifest, instance: string): Map<string, string> {
  const labels = new Map<string, string>();
  const add = (item: { type?: string; label?: string; sidebarId?: string; docsInstance?: string }) => {
    if (item.type !== 'docSidebar' || !item.sidebarId || !item.label) return;
    if ((item.docsInstance ?? 'default') !== instance || labels.has(item.sidebarId)) return;
    labels.set(item.sidebarId, item.label);
  };
  for (const item of localeManifest.site.navbar.items) {
    add(item);
    if (item.type === 'dropdown') item.items.forEach((child) => add(child as Parameters<typeof add>[0]));
  }
  return labels;
}
