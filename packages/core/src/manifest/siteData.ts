import type { LoadedVersion, NavbarLinkConfig, PropLink, PropNavbarItem, PropVersion, SiteData } from '@docgen/types';
import { isExternalUrl } from '@docgen/shared';
import { DocgenError } from '../diagnostics/index.js';
import type { LocaleContext } from './context.js';
import { getConfigLinkHref } from './resolveLinks.js';
import { getSidebarFirstPath } from './versions.js';

/** The per-locale site data every page carries: navbar, footer, versions, locales. */
export function toSiteData(context: LocaleContext, versions: LoadedVersion[], buildId: string, hasHomePage: boolean): SiteData {
  const { config } = context.input;
  const { themeConfig, i18n } = config;
  const link = (item: NavbarLinkConfig): PropLink => {
    const href = getConfigLinkHref(context, item);
    return { label: context.label(item.label), href, external: isExternalUrl(href) };
  };
  const navbarDocIds = new Set<string>();
  const items: PropNavbarItem[] = themeConfig.navbar.items.map((item): PropNavbarItem => {
    switch (item.type) {
      case 'default':
        return { type: 'link', position: item.position, ...link(item) };
      case 'doc':
        navbarDocIds.add(item.docId);
        if (versions.length > 0 && !versions.some((version) => version.docs.some((doc) => doc.id === item.docId))) {
          throw new DocgenError(`Navbar item "${item.label}" links to doc "${item.docId}", which exists in no docs version`, {
            code: 'config-navbar-doc',
            location: { file: 'docgen.config.yaml', line: 1, column: 1 },
            hint: 'Use the id of an existing doc (its path without extension, e.g. guide/overview).',
          });
        }
        return { type: 'doc', position: item.position, label: context.label(item.label), docId: item.docId };
      case 'docSidebar':
        return { type: 'docSidebar', position: item.position, label: context.label(item.label), sidebarId: item.sidebarId };
      case 'dropdown':
        return { type: 'dropdown', position: item.position, label: context.label(item.label), items: item.items.map(link) };
      case 'docsVersionDropdown':
        return { type: 'docsVersionDropdown', position: item.position, versions: item.versions ?? versions.map((version) => version.name) };
      case 'localeDropdown':
        return { type: 'localeDropdown', position: item.position };
    }
  });

  const propVersions: PropVersion[] = versions.map((version) => {
    const mainDoc = version.docs.find((doc) => doc.id === version.mainDocId);
    const docPath = (id: string) => version.docs.find((doc) => doc.id === id)?.permalink ?? mainDoc?.permalink ?? version.path;
    return {
      name: version.name,
      label: version.label,
      path: version.path,
      isLast: version.isLast,
      banner: version.banner,
      mainDocPath: mainDoc?.permalink ?? version.path,
      navbarDocPaths: Object.fromEntries([...navbarDocIds].map((id) => [id, docPath(id)])),
      sidebarPaths: Object.fromEntries(
        Object.entries(version.sidebars).map(([id, sidebar]) => [id, getSidebarFirstPath(sidebar) ?? mainDoc?.permalink ?? version.path]),
      ),
    };
  });

  const bar = themeConfig.announcementBar;
  return {
    buildId,
    title: context.translations.title ?? config.title,
    tagline: context.translations.tagline ?? config.tagline,
    url: config.url,
    siteBaseUrl: config.baseUrl,
    baseUrl: context.baseUrl,
    locale: context.locale,
    defaultLocale: i18n.defaultLocale,
    hasHomePage,
    locales: i18n.locales.map((locale) => {
      const localeConfig = i18n.localeConfigs[locale]!;
      return {
        locale,
        label: localeConfig.label,
        htmlLang: localeConfig.htmlLang,
        direction: localeConfig.direction,
        baseUrl: locale === i18n.defaultLocale ? config.baseUrl : `${config.baseUrl}${localeConfig.path}/`,
      };
    }),
    favicon: config.favicon ? config.baseUrl + config.favicon.replace(/^\//, '') : undefined,
    image: config.image && (isExternalUrl(config.image) ? config.image : config.baseUrl + config.image.replace(/^\//, '')),
    navbar: {
      title: themeConfig.navbar.title ? context.label(themeConfig.navbar.title) : undefined,
      logo: themeConfig.navbar.logo && {
        ...themeConfig.navbar.logo,
        src: context.localizePath(themeConfig.navbar.logo.src),
        srcDark: themeConfig.navbar.logo.srcDark && context.localizePath(themeConfig.navbar.logo.srcDark),
      },
      hideOnScroll: themeConfig.navbar.hideOnScroll,
      items,
    },
    footer: {
      style: themeConfig.footer.style,
      links: themeConfig.footer.links.map((column) => ({ title: context.label(column.title), items: column.items.map(link) })),
      logo: themeConfig.footer.logo && { ...themeConfig.footer.logo, src: context.localizePath(themeConfig.footer.logo.src) },
      copyright: context.translations.copyright ?? themeConfig.footer.copyright,
    },
    announcementBar: bar && { ...bar, content: context.translations.announcementBar ?? bar.content },
    colorMode: themeConfig.colorMode,
    versions: propVersions,
    translations: context.translations.theme,
    blog: {
      title: context.translations.blogTitle ?? config.blog.blogTitle,
      path: `${context.baseUrl}${config.blog.routeBasePath}`,
    },
  };
}
