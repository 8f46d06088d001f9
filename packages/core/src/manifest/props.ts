/**
 * The props of the theme, made in one place: the site data of a locale (toSiteProps), the route
 * data of each page kind (toRouteProps and the to*Props it calls) and the sidebars as pages load
 * them (toSidebarProp). Each is a function of the finished site model that returns the final
 * props; no later step changes them (the render stage only adds the rendered HTML, `html`, and a
 * component page's own head title and description to the copy it renders).
 */
import type {
  LoadedVersion,
  NavbarLinkConfig,
  PropLink,
  PropDropdownItem,
  PropNavbarItem,
  PropSidebar,
  PropVersion,
  RouteData,
  SearchScope,
  Sidebar,
  SidebarItem,
  SiteData,
} from '@docgen/types';
import { getImageUrl, isExternalUrl } from '@docgen/shared';
import { DEFAULT_DOCS_ID } from '@docgen/shared/docsInstances';
import { getMarkdownPath, getNotFoundRoute } from '@docgen/shared/pageData';
import { DocgenError, suggestName } from '../diagnostics/index.js';
import type { LocaleContext } from './context.js';
import type { BlogPageModel, PageModel, RouteLinks } from './pendingRoute.js';
import { getConfigLinkHref } from './resolveLinks.js';

type PropsOf<T extends RouteData['type']> = RouteData & { type: T };

/** The route data of a page: its kind's props function applied to what the page shows and its links. */
export function toRouteProps(page: PageModel, links: RouteLinks): RouteData {
  switch (page.type) {
    case 'doc':
      return toDocProps(page, links);
    case 'docCategory':
      return toDocCategoryProps(page, links);
    case 'docTagList':
    case 'docTag':
      return toDocTagProps(page, links);
    case 'blogPost':
      return toBlogPostProps(page, links);
    case 'markdownPage':
      return toMarkdownPageProps(page, links);
    case 'page':
      return toComponentPageProps(page, links);
    case 'notFound':
      return toNotFoundProps(page, links);
    case 'search':
      return {
        type: 'search',
        path: page.path,
        title: page.title,
        description: '',
        canonical: links.canonical,
        alternates: links.alternates,
        noIndex: true,
        html: {},
      };
    default:
      return toBlogPageProps(page, links);
  }
}

/** A doc page (or a version root showing its main doc, at `page.path`), with its place in its sidebar and its markdown twin. */
export function toDocProps(page: PageModel & { type: 'doc' }, links: RouteLinks): PropsOf<'doc'> {
  const { doc } = page;
  return {
    type: 'doc',
    path: page.path,
    title: doc.title,
    description: doc.description,
    canonical: links.canonical,
    alternates: links.alternates,
    noIndex: doc.unlisted || doc.draft,
    html: {},
    toc: doc.toc,
    hideTableOfContents: doc.hideTableOfContents,
    unlisted: doc.unlisted,
    draft: doc.draft,
    versionPaths: links.versionPaths,
    ...page.place,
    ...(page.keywords && { keywords: page.keywords }),
    ...(page.image && { image: page.image }),
    ...(page.head && { head: page.head }),
    ...(page.hideTitle && { hideTitle: page.hideTitle }),
    ...(page.tags && { tags: page.tags }),
    ...(page.docCards && { docCards: page.docCards }),
    ...(links.fallbackFrom && { fallbackFrom: links.fallbackFrom }),
    markdownPath: getMarkdownPath(page.path),
    ...doc.source,
    ...(page.manual && { manual: page.manual }),
  };
}

/** A generated category index: cards of the category's items. */
export function toDocCategoryProps(page: PageModel & { type: 'docCategory' }, links: RouteLinks): PropsOf<'docCategory'> {
  return {
    type: 'docCategory',
    path: page.path,
    title: page.title,
    description: page.description,
    canonical: links.canonical,
    alternates: links.alternates,
    noIndex: page.noIndex,
    html: {},
    items: page.items,
    versionPaths: links.versionPaths,
    ...page.place,
  };
}

/** A version's tags list or one tag's page: not indexed, like Docusaurus's. */
export function toDocTagProps(
  page: PageModel & { type: 'docTagList' | 'docTag' },
  links: RouteLinks,
): PropsOf<'docTagList'> | PropsOf<'docTag'> {
  const base = {
    path: page.path,
    title: page.title,
    description: page.type === 'docTag' ? (page.tag.description ?? '') : '',
    canonical: links.canonical,
    alternates: links.alternates,
    noIndex: true,
    html: {},
    versionPaths: links.versionPaths,
    ...page.place,
  };
  return page.type === 'docTagList'
    ? { ...base, type: 'docTagList', tags: page.tags }
    : { ...base, type: 'docTag', tag: page.tag, allTagsPath: page.allTagsPath, docs: page.docs };
}

/** A blog post, with its newer and older neighbours. */
export function toBlogPostProps(page: PageModel & { type: 'blogPost' }, links: RouteLinks): PropsOf<'blogPost'> {
  return {
    canonical: links.canonical,
    alternates: links.alternates,
    noIndex: page.noIndex,
    html: {},
    type: 'blogPost',
    path: page.path,
    title: page.post.title,
    description: page.post.description,
    post: page.post,
    toc: page.toc,
    previous: page.previous,
    next: page.next,
    ...(page.keywords && { keywords: page.keywords }),
    ...(page.image && { image: page.image }),
    ...(page.head && { head: page.head }),
    ...(links.fallbackFrom && { fallbackFrom: links.fallbackFrom }),
    ...(page.editUrl && { editUrl: page.editUrl }),
    ...(page.lastUpdate && { lastUpdate: page.lastUpdate }),
    ...(page.blogSidebar && { blogSidebar: page.blogSidebar }),
  };
}

/** A generated page of the blog (a list page, the archive, the tags, the authors): its own fields. */
export function toBlogPageProps(page: BlogPageModel, links: RouteLinks): RouteData {
  return { canonical: links.canonical, alternates: links.alternates, noIndex: false, html: {}, ...page };
}

/** A markdown page of `pages/`. */
export function toMarkdownPageProps(page: PageModel & { type: 'markdownPage' }, links: RouteLinks): PropsOf<'markdownPage'> {
  return {
    canonical: links.canonical,
    alternates: links.alternates,
    html: {},
    type: 'markdownPage',
    path: page.path,
    title: page.title,
    description: page.description,
    noIndex: page.noIndex,
    toc: page.toc,
    hideTableOfContents: page.hideTableOfContents,
    ...(page.reactPage && { reactPage: true }),
    ...(page.keywords && { keywords: page.keywords }),
    ...(page.image && { image: page.image }),
    ...(page.head && { head: page.head }),
    ...(links.fallbackFrom && { fallbackFrom: links.fallbackFrom }),
  };
}

/** A React page of `pages/`: the theme renders its component, which sets its own title. */
export function toComponentPageProps(page: PageModel & { type: 'page' }, links: RouteLinks): PropsOf<'page'> {
  return {
    canonical: links.canonical,
    alternates: links.alternates,
    html: {},
    type: 'page',
    path: page.path,
    title: '',
    description: '',
    noIndex: false,
    component: page.component,
  };
}

/** The not-found page of a locale (`404.html`). */
export function toNotFoundProps(page: PageModel & { type: 'notFound' }, links: RouteLinks): RouteData {
  return { ...getNotFoundRoute(page.path), canonical: links.canonical, alternates: links.alternates };
}

/** First internal link of a sidebar (for `docSidebar` navbar items, the versions page and category cards). */
export function getSidebarFirstPath(sidebar: Sidebar): string | undefined {
  for (const item of sidebar) {
    if (item.type === 'link' && !item.external) return item.href;
    if (item.type === 'category') {
      const inner = item.href ?? getSidebarFirstPath(item.items);
      if (inner) return inner;
    }
  }
  return undefined;
}

/**
 * A sidebar as pages and sidebar files carry it: without what serves the build only (the doc ids
 * of links).
 */
export function toSidebarProp(sidebar: Sidebar): PropSidebar {
  return sidebar.map((item) => {
    if (item.type === 'category') return { ...item, items: toSidebarProp(item.items) };
    const { docId: _docId, ...link } = item;
    return link;
  });
}

/** The per-locale site data every page carries: navbar, footer, versions, locales, search scopes. */
export function toSiteProps(input: {
  context: LocaleContext;
  versions: LoadedVersion[];
  buildId: string;
  /** Whether the locale has a page at its base URL. */
  hasHomePage: boolean;
  /** Whether the locale has a route at `path`. */
  hasRoute: (path: string) => boolean;
  searchScopes: SearchScope[];
  /** The HTML of the config at `path` (`navbar.items.3.value`), sanitised (see createManifest). */
  html: (value: string, path: string) => string;
}): SiteData {
  const { context, versions, buildId, hasHomePage, html } = input;
  const { config } = context.input;
  const blogPath = `${context.baseUrl}${config.blog.routeBasePath}`;
  const { themeConfig, i18n } = config;
  const link = (item: NavbarLinkConfig): PropLink => {
    const href = getConfigLinkHref(context, item);
    return { label: context.label(item.label), href, external: isExternalUrl(href) };
  };
  /** Doc ids navbar items name, by docs instance: each version gives their paths in it (PropVersion.navbarDocPaths). */
  const navbarDocIds = new Map<string, Set<string>>();
  const versionsOf = (instance: string) => versions.filter((version) => version.instance === instance);
  /** Where a navbar item's value was written (the config's own line, not 1:1). */
  const locateItem = (path: string) => {
    const found = config.sourceLocations?.config[path];
    return found ? { file: found.file, line: found.line, column: found.column } : { file: 'docgen.config.yaml', line: 1, column: 1 };
  };
  /** ` of docs instance "x"`, for messages about another instance than `docs`. */
  const ofInstance = (instance: string) => (instance === DEFAULT_DOCS_ID ? '' : ` of docs instance "${instance}"`);
  /** A doc a navbar item names (`docId`, at `path` of the config): one of some version of its instance, else an error with the nearest id. */
  const checkDoc = (label: string, docId: string, instance: string, path: string) => {
    const own = versionsOf(instance);
    (navbarDocIds.get(instance) ?? navbarDocIds.set(instance, new Set()).get(instance)!).add(docId);
    if (own.length === 0 || own.some((version) => version.docs.some((doc) => doc.id === docId))) return;
    const suggestion = suggestName(docId, [...new Set(own.flatMap((version) => version.docs.map((doc) => doc.id)))]);
    throw new DocgenError(`Navbar item "${label}" links to doc "${docId}", which exists in no docs version${ofInstance(instance)}`, {
      code: 'config-navbar-doc',
      location: locateItem(path),
      hint: suggestion
        ? `Did you mean "${suggestion}"?`
        : 'Use the id of an existing doc (its path without extension, e.g. guide/overview).',
    });
  };
  /** A sidebar a navbar item names (`sidebarId`, at `path` of the config): one of some version of its instance, else an error with the nearest id. */
  const checkSidebar = (label: string, sidebarId: string, instance: string, path: string) => {
    const own = versionsOf(instance);
    if (own.length === 0 || own.some((version) => sidebarId in version.sidebars)) return;
    const known = [...new Set(own.flatMap((version) => Object.keys(version.sidebars)))];
    const suggestion = suggestName(sidebarId, known);
    throw new DocgenError(`Navbar item "${label}" shows sidebar "${sidebarId}", which exists in no docs version${ofInstance(instance)}`, {
      code: 'config-navbar-sidebar',
      location: locateItem(path),
      hint: suggestion
        ? `Did you mean "${suggestion}"?`
        : `Use the id of a sidebar of its sidebars file${known.length > 0 ? `: ${known.join(', ')}` : ''}.`,
    });
  };
  /** The instance an item names, and how its props carry it (nothing for the default instance). */
  const instanceOf = (docsPluginId: string | undefined) => {
    const instance = docsPluginId ?? DEFAULT_DOCS_ID;
    return { instance, prop: instance === DEFAULT_DOCS_ID ? {} : { docsInstance: instance } };
  };
  const items: PropNavbarItem[] = themeConfig.navbar.items.map((item, index): PropNavbarItem => {
    switch (item.type) {
      case 'default':
        return { type: 'link', position: item.position, ...link(item) };
      case 'doc': {
        const { instance, prop } = instanceOf(item.docsPluginId);
        checkDoc(item.label, item.docId, instance, `navbar.items.${index}.docId`);
        return { type: 'doc', position: item.position, label: context.label(item.label), docId: item.docId, ...prop };
      }
      case 'docSidebar': {
        const { instance, prop } = instanceOf(item.docsPluginId);
        checkSidebar(item.label, item.sidebarId, instance, `navbar.items.${index}.sidebarId`);
        return { type: 'docSidebar', position: item.position, label: context.label(item.label), sidebarId: item.sidebarId, ...prop };
      }
      case 'dropdown': {
        const dropdownItems = item.items.map((child, childIndex): PropDropdownItem => {
          if (!('type' in child)) return link(child);
          const path = `navbar.items.${index}.items.${childIndex}`;
          const { instance, prop } = instanceOf(child.docsPluginId);
          if (child.type === 'doc') {
            checkDoc(child.label, child.docId, instance, `${path}.docId`);
            return { type: 'doc', label: context.label(child.label), docId: child.docId, ...prop };
          }
          checkSidebar(child.label, child.sidebarId, instance, `${path}.sidebarId`);
          return { type: 'docSidebar', label: context.label(child.label), sidebarId: child.sidebarId, ...prop };
        });
        return { type: 'dropdown', position: item.position, label: context.label(item.label), items: dropdownItems };
      }
      case 'docsVersionDropdown': {
        const { instance, prop } = instanceOf(item.docsPluginId);
        const names = item.versions ?? versionsOf(instance).map((version) => version.name);
        return { type: 'docsVersionDropdown', position: item.position, versions: names, ...prop };
      }
      case 'localeDropdown':
        return { type: 'localeDropdown', position: item.position };
      case 'html':
        return {
          type: 'html',
          position: item.position,
          html: html(item.value, `navbar.items.${index}.value`),
          ...(item.className && { className: item.className }),
        };
    }
  });

  const propVersions: PropVersion[] = versions.map((version) => {
    const mainDoc = version.docs.find((doc) => doc.id === version.mainDocId);
    const docPath = (id: string) => version.docs.find((doc) => doc.id === id)?.permalink ?? mainDoc?.permalink ?? version.path;
    return {
      ...instanceOf(version.instance).prop,
      name: version.name,
      label: context.label(version.label),
      path: version.path,
      isLast: version.isLast,
      banner: version.banner,
      mainDocPath: mainDoc?.permalink ?? version.path,
      navbarDocPaths: Object.fromEntries([...(navbarDocIds.get(version.instance) ?? [])].map((id) => [id, docPath(id)])),
      navbarDocSidebars: Object.fromEntries(
        [...(navbarDocIds.get(version.instance) ?? [])].flatMap((id) => {
          const path = version.docs.find((doc) => doc.id === id)?.permalink;
          const sidebarId = Object.keys(version.sidebars).find((sidebar) => hasDoc(version.sidebars[sidebar]!, id, path));
          return sidebarId === undefined ? [] : [[id, sidebarId]];
        }),
      ),
      sidebarPaths: Object.fromEntries(
        Object.entries(version.sidebars).map(([id, sidebar]) => [id, getSidebarFirstPath(sidebar) ?? mainDoc?.permalink ?? version.path]),
      ),
    };
  });

  const bar = themeConfig.announcementBar;
  const copyright = context.translations.copyright ?? themeConfig.footer.copyright;
  return {
    buildId,
    title: context.translations.title ?? config.title,
    tagline: context.translations.tagline ?? config.tagline,
    ...(config.titleDelimiter !== '|' && { titleDelimiter: config.titleDelimiter }),
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
    favicon: config.favicon ? getImageUrl(config.baseUrl, config.favicon) : undefined,
    image: config.image && getImageUrl(config.baseUrl, config.image),
    navbar: {
      title: themeConfig.navbar.title ? context.label(themeConfig.navbar.title) : undefined,
      logo: themeConfig.navbar.logo && {
        ...themeConfig.navbar.logo,
        src: context.localizePath(themeConfig.navbar.logo.src),
        srcDark: themeConfig.navbar.logo.srcDark && context.localizePath(themeConfig.navbar.logo.srcDark),
      },
      hideOnScroll: themeConfig.navbar.hideOnScroll,
      ...(themeConfig.navbar.style && { style: themeConfig.navbar.style }),
      items,
    },
    footer: {
      style: themeConfig.footer.style,
      links: themeConfig.footer.links.map((column, columnIndex) => ({
        title: context.label(column.title),
        items: column.items.map((item, index) =>
          'html' in item ? { html: html(item.html, `footer.links.${columnIndex}.items.${index}.html`) } : link(item),
        ),
      })),
      logo: themeConfig.footer.logo && { ...themeConfig.footer.logo, src: context.localizePath(themeConfig.footer.logo.src) },
      copyright: copyright === undefined ? undefined : html(copyright, 'footer.copyright'),
    },
    announcementBar: bar && { ...bar, content: context.translations.announcementBar ?? bar.content },
    colorMode: themeConfig.colorMode,
    versions: propVersions,
    translations: context.translations.theme,
    blog: {
      title: context.translations.blogTitle ?? config.blog.blogTitle,
      path: blogPath,
      tags: input.hasRoute(`${blogPath}/tags`),
      authors: input.hasRoute(`${blogPath}/authors`),
    },
    search: { scopes: input.searchScopes.map(({ scope, label }) => ({ name: scope, label })) },
    ...(config.headTags.length > 0 && { headTags: config.headTags }),
  };
}

/** Whether a sidebar links the doc `id` (at `path`: a category's own page), at any depth. */
function hasDoc(items: SidebarItem[], id: string, path: string | undefined): boolean {
  return items.some((item) =>
    item.type === 'category' ? (path !== undefined && item.href === path) || hasDoc(item.items, id, path) : item.docId === id,
  );
}
