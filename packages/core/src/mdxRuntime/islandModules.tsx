/**
 * The modules of Docusaurus that site components shown as islands may import, in both islands
 * bundles (bundle/islands.ts): the server's render and the browser's hydration give the same
 * markup. The site's context comes from the bundle (`docgen-island-site`); never imported by
 * docgen's own code.
 */
import { ADMONITION_KEYWORDS } from '@docgen/shared';
import { Children, createElement, isValidElement, useEffect, useId, useState, type ReactNode } from 'react';
// @ts-expect-error A module the islands bundle makes: the site's context as JSON.
import site from 'docgen-island-site';
import {
  createDocsHooks,
  createSiteHooks,
  getIdealImageUrl,
  BackToTopButton,
  IconClose,
  IconCopy,
  IconExternalLink,
  IconHome,
  IconMenu,
  IconSuccess,
  Interpolate,
  textOf,
  ThemeClassNames,
  useBrokenLinks,
  type ActiveDocsVersion,
  type DocsVersionData,
  type SiteContext,
} from './docusaurusCommon.js';
export { toSvgComponent } from './docusaurusCommon.js';

/** The site in each locale, as the islands bundle gives it (IslandSite of bundle/islands.ts). */
const islandSite = site as { defaultLocale: string; locales: { locale: string; baseUrl: string; context: SiteContext }[] };

/**
 * The site as the page the island is on shows it: the context of the locale whose base URL the
 * page's path is below (the longest), on the server (the path renderIsland is given) and in a
 * browser alike; the default locale's otherwise.
 */
function currentContext(): SiteContext {
  const path =
    typeof window !== 'undefined' ? window.location.pathname : (globalThis as Record<symbol, unknown>)[Symbol.for('docgen.island.path')];
  let found = islandSite.locales.find((entry) => entry.locale === islandSite.defaultLocale)!;
  for (const entry of islandSite.locales) {
    if (typeof path === 'string' && path.startsWith(entry.baseUrl) && entry.baseUrl.length > found.baseUrl.length) found = entry;
  }
  return found.context;
}

const { useBaseUrl, useBaseUrlUtils, useDocusaurusContext, Translate, translate } = createSiteHooks(currentContext);

/**
 * The docs version a page is of, in the browser as Docusaurus finds it: the version whose path is
 * the longest start of the page's path, of any docs instance; none outside the docs.
 */
function activeDocsVersion(): ActiveDocsVersion | undefined {
  const { pathname } = useLocation();
  let found: (ActiveDocsVersion & { length: number }) | undefined;
  const instances = (currentContext().globalData['docusaurus-plugin-content-docs'] ?? {}) as Record<
    string,
    { versions?: DocsVersionData[] }
  >;
  for (const [pluginId, data] of Object.entries(instances)) {
    for (const version of data.versions ?? []) {
      const below = pathname === version.path || pathname.startsWith(version.path.endsWith('/') ? version.path : `${version.path}/`);
      if (below && version.path.length > (found?.length ?? -1)) found = { pluginId, name: version.name, length: version.path.length };
    }
  }
  return found && { pluginId: found.pluginId, name: found.name };
}

const docsHooks = createDocsHooks(currentContext, activeDocsVersion);

/** True once the component has hydrated in a browser; false on the server and in the first render there, so both agree. */
function useIsBrowser(): boolean {
  const [browser, setBrowser] = useState(false);
  useEffect(() => setBrowser(true), []);
  return browser;
}

/** `@docusaurus/Link`: a link; a path of the site gets the base URL, as Docusaurus's Link adds it. */
function Link({
  to,
  href,
  children,
  autoAddBaseUrl = true,
  isNavLink: _nav,
  activeClassName: _active,
  ...rest
}: { to?: string; href?: string; children?: ReactNode; autoAddBaseUrl?: boolean; isNavLink?: boolean; activeClassName?: string } & Record<
  string,
  unknown
>) {
  const target = to ?? href;
  const withBase = autoAddBaseUrl && typeof target === 'string' && target.startsWith('/') && !target.startsWith('//');
  return createElement('a', { ...rest, href: withBase ? useBaseUrl(target) : target }, children);
}

/** `@docusaurus/BrowserOnly`: its children (a function) once hydrated in a browser; the fallback before. */
function BrowserOnly({ children, fallback }: { children?: () => ReactNode; fallback?: ReactNode }) {
  return <>{useIsBrowser() && children ? children() : (fallback ?? null)}</>;
}

/** `@theme/Details`: a `<details>` the browser opens and closes, its summary given or written first in it. */
function Details({ summary, children, ...rest }: { summary?: ReactNode; children?: ReactNode } & Record<string, unknown>) {
  return (
    <details {...rest} className={['details', rest.className].filter(Boolean).join(' ')}>
      {summary !== undefined ? <summary>{summary}</summary> : null}
      {children}
    </details>
  );
}

/** The page's location: the browser's, or on the server the path of the page the island renders on (bundle/islands.ts). */
function useLocation(): { pathname: string; search: string; hash: string } {
  if (typeof window !== 'undefined')
    return { pathname: window.location.pathname, search: window.location.search, hash: window.location.hash };
  const path = (globalThis as Record<symbol, unknown>)[Symbol.for('docgen.island.path')];
  return { pathname: typeof path === 'string' ? path : currentContext().siteConfig.baseUrl, search: '', hash: '' };
}

/**
 * `<Redirect to>` of @docusaurus/router: the page moves to `to` once it runs in the browser, as a
 * Docusaurus page that renders one does on hydration; without JavaScript, a link to it.
 */
function Redirect({ to, push = false }: { to: string | { pathname?: string; search?: string; hash?: string }; push?: boolean }) {
  const href = typeof to === 'string' ? to : `${to.pathname ?? ''}${to.search ?? ''}${to.hash ?? ''}`;
  useEffect(() => (push ? window.location.assign(href) : window.location.replace(href)), [href, push]);
  return (
    <p>
      <a href={href}>{href}</a>
    </p>
  );
}

/** `useHistory()` of @docusaurus/router: moves to another page of the site (a page load; docgen's router takes links). */
function useHistory() {
  return {
    location: useLocation(),
    push: (to: string) => window.location.assign(to),
    replace: (to: string) => window.location.replace(to),
    goBack: () => window.history.back(),
  };
}

/** The colour mode the page shows (`data-theme` of the document), light on the server and in the first render, followed as the reader switches it. */
function useColorMode() {
  const [colorMode, setShown] = useState<'light' | 'dark'>('light');
  useEffect(() => {
    const root = document.documentElement;
    const read = () => setShown(root.getAttribute('data-theme') === 'dark' ? 'dark' : 'light');
    read();
    const observer = new MutationObserver(read);
    observer.observe(root, { attributes: true, attributeFilter: ['data-theme'] });
    return () => observer.disconnect();
  }, []);
  return {
    colorMode,
    isDarkTheme: colorMode === 'dark',
    /** Shows the mode as the theme's switch does, for this page. */
    setColorMode: (mode: 'light' | 'dark') => document.documentElement.setAttribute('data-theme', mode),
  };
}

/** The width class of the window as Docusaurus's `useWindowSize` gives it: `ssr` on the server and in the first render, then `mobile` below 996px, else `desktop`. */
function useWindowSize(): 'ssr' | 'mobile' | 'desktop' {
  const [size, setSize] = useState<'ssr' | 'mobile' | 'desktop'>('ssr');
  useEffect(() => {
    const read = () => setSize(window.innerWidth < 996 ? 'mobile' : 'desktop');
    read();
    window.addEventListener('resize', read);
    return () => window.removeEventListener('resize', read);
  }, []);
  return size;
}

// A React page's frame and head.

/** What the page's head gets from a React page while its island renders on the server (see the islands' server entry). */
function recordHead(title: unknown, description: unknown): void {
  const head = (globalThis as Record<symbol, unknown>)[Symbol.for('docgen.island.head')] as Record<string, string> | undefined;
  if (!head) return;
  if (typeof title === 'string' && title !== '') head.title = title;
  if (typeof description === 'string' && description !== '') head.description = description;
}

/**
 * `@theme/Layout` as a React page uses it: docgen's navbar and footer are already around the page,
 * so it is the page's own part, full width, with `wrapperClassName`; its `title` and `description`
 * are the page's head. `noFooter` hides the site footer while the page shows.
 */
function Layout({
  children,
  title,
  description,
  wrapperClassName,
  noFooter,
}: {
  children?: ReactNode;
  title?: string;
  description?: string;
  wrapperClassName?: string;
  noFooter?: boolean;
}) {
  recordHead(title, description);
  return (
    <div className={['main-wrapper', wrapperClassName].filter(Boolean).join(' ')}>
      {noFooter ? <style>{'.footer{display:none}'}</style> : null}
      {children}
    </div>
  );
}

/** `@docusaurus/Head`: a `<title>` and `<meta name="description">` written in it are the page's head; nothing shows. */
function Head({ children }: { children?: ReactNode }) {
  for (const child of Children.toArray(children)) {
    if (!isValidElement(child)) continue;
    const props = child.props as Record<string, unknown>;
    if (child.type === 'title') recordHead(textOf(props.children as ReactNode), undefined);
    else if (child.type === 'meta' && props.name === 'description') recordHead(undefined, props.content);
  }
  return null;
}

// Docusaurus's theme components, in the markup of docgen's theme: its styles apply and its
// content script (tabs, copy buttons, diagrams) works on them as on a markdown page's.

const ADMONITION_ICONS: Record<string, string> = {
  note: 'ℹ️',
  info: 'ℹ️',
  tip: '💡',
  warning: '⚠️',
  caution: '⚠️',
  danger: '🔥',
};

function Admonition({
  type = 'note',
  title,
  icon,
  children,
}: {
  type?: string;
  title?: ReactNode;
  icon?: ReactNode;
  children?: ReactNode;
}) {
  // The types and aliases of markdown's admonitions (`:::success` shows as a tip).
  const shown = (Object.hasOwn(ADMONITION_KEYWORDS, type) ? ADMONITION_KEYWORDS[type] : undefined) ?? 'note';
  return (
    <div className={`admonition admonition-${shown}`}>
      <div className="admonition-heading">
        <span className="admonition-icon">{icon ?? ADMONITION_ICONS[shown] ?? ADMONITION_ICONS.note}</span>
        {title ?? shown}
      </div>
      <div className="admonition-content">{children}</div>
    </div>
  );
}

function Heading({ as = 'h2', id, children, ...rest }: { as?: string; id?: string; children?: ReactNode } & Record<string, unknown>) {
  return createElement(
    as,
    { ...rest, id },
    children,
    id ? (
      <a key="hash" className="hash-link" href={`#${id}`} aria-label="Direct link to heading">
        {'\u200b'}
      </a>
    ) : null,
  );
}

/** A code block as the theme shows one, its text plain (the theme highlights the code of markdown at build time). */
function CodeBlock({
  children,
  language,
  className,
  title,
}: {
  children?: ReactNode;
  language?: string;
  className?: string;
  title?: ReactNode;
}) {
  const shown = language ?? /language-(\S+)/.exec(className ?? '')?.[1] ?? 'text';
  return (
    <div className={`code-block language-${shown}`} data-language={shown}>
      {title ? <div className="code-block__title">{title}</div> : null}
      <div className="code-block__content">
        <pre className={`code-block__pre language-${shown}`} tabIndex={0}>
          <code>{textOf(children).replace(/\n$/, '')}</code>
        </pre>
        <button type="button" className="copy-button" aria-label="Copy" title="Copy" data-copied-label="Copied">
          <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
            <path
              fill="currentColor"
              d="M19 21H8V7h11m0-2H8a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h11a2 2 0 0 0 2-2V7a2 2 0 0 0-2-2m-3-4H4a2 2 0 0 0-2 2v14h2V3h12V1Z"
            />
          </svg>
        </button>
      </div>
    </div>
  );
}

interface TabItemProps {
  value?: string;
  label?: string;
  default?: boolean;
  attributes?: Record<string, unknown>;
  children?: ReactNode;
}

/** A `<TabItem>` outside `<Tabs>` shows its content; inside, Tabs reads its props. */
function TabItem({ children }: TabItemProps) {
  return <>{children}</>;
}

/** `@theme/Tabs`: the theme's tab markup, the default tab shown; the theme's content script switches tabs. */
function Tabs({
  children,
  groupId,
  defaultValue,
  queryString,
  values,
}: {
  children?: ReactNode;
  groupId?: string;
  defaultValue?: string | null;
  queryString?: string | boolean;
  values?: { value: string; label?: string }[];
}) {
  // The same ids on the server and in the browser's hydration.
  const index = useId();
  const items = Children.toArray(children)
    .filter(isValidElement)
    .map((child) => {
      const props = child.props as TabItemProps;
      const value = String(props.value ?? props.label ?? '');
      // The labels of `values` take precedence over the items' own, as in Docusaurus.
      return { value, label: values?.find((entry) => String(entry.value) === value)?.label ?? props.label ?? value, props };
    });
  const chosenValue = defaultValue ?? items.find((item) => item.props.default)?.value ?? items[0]?.value;
  const chosen = Math.max(
    0,
    items.findIndex((item) => item.value === chosenValue),
  );
  const query = queryString === true ? groupId : typeof queryString === 'string' ? queryString : undefined;
  return (
    <div className="tabs-container" data-group-id={groupId} data-query-string={query}>
      <div role="tablist" aria-orientation="horizontal" className="tabs">
        {items.map((item, position) => (
          <button
            key={item.value}
            type="button"
            role="tab"
            id={`island-tabs-${index}-tab-${position}`}
            aria-controls={`island-tabs-${index}-panel-${position}`}
            aria-selected={position === chosen}
            tabIndex={position === chosen ? 0 : -1}
            data-value={item.value}
            className={position === chosen ? 'tabs__item tabs__item--active' : 'tabs__item'}
          >
            {item.label}
          </button>
        ))}
      </div>
      {items.map((item, position) => (
        <div
          key={item.value}
          role="tabpanel"
          id={`island-tabs-${index}-panel-${position}`}
          aria-labelledby={`island-tabs-${index}-tab-${position}`}
          data-value={item.value}
          className="tabs__panel"
          hidden={position !== chosen}
        >
          {item.props.children}
        </div>
      ))}
    </div>
  );
}

/** `@theme/ThemedImage`: both images, the theme's stylesheet showing the one of the colour mode. */
function ThemedImage({ sources, alt, ...rest }: { sources: { light: string; dark: string }; alt?: string } & Record<string, unknown>) {
  return (
    <>
      <img {...rest} alt={alt} src={sources.light} className="themed-image themed-image--light" />
      <img {...rest} alt={alt} src={sources.dark} className="themed-image themed-image--dark" />
    </>
  );
}

/** `@theme/IdealImage` (plugin-ideal-image): the image, whichever way it was imported (a URL, a module, the plugin's `{ src }`). */
function IdealImage({ img, alt, ...rest }: { img: unknown; alt?: string } & Record<string, unknown>) {
  return <img {...rest} alt={alt} src={getIdealImageUrl(img)} loading="lazy" />;
}

/** `@theme/Mermaid`: the diagram's code in the theme's diagram markup, which the theme draws in the browser. */
function Mermaid({ value }: { value: string }) {
  return (
    <div className="diagram" data-diagram="mermaid">
      <CodeBlock language="mermaid">{value}</CodeBlock>
    </div>
  );
}

/**
 * `@theme/SearchBar`: a button that opens docgen's search dialog, as the site's search bar opened
 * its own: it presses the dialog's shortcut (Ctrl+K), which the navbar's search button answers.
 */
function SearchBar() {
  const label = translate({ id: 'theme.SearchBar.label', message: 'Search' });
  const open = () => document.dispatchEvent(new KeyboardEvent('keydown', { key: 'k', ctrlKey: true, bubbles: true }));
  return (
    <button type="button" className="search-bar" aria-label={label} onClick={open}>
      <svg width="16" height="16" viewBox="0 0 20 20" aria-hidden="true">
        <path
          d="M14.386 14.386l4.088 4.088-4.088-4.088A7.533 7.533 0 113.733 3.733a7.533 7.533 0 0110.653 10.653z"
          stroke="currentColor"
          fill="none"
          strokeWidth="2"
          strokeLinecap="round"
        />
      </svg>
      <span>{label}</span>
    </button>
  );
}

const canUseDOM = typeof window !== 'undefined' && typeof document !== 'undefined';

/**
 * The modules by specifier, each an ES module's exports (CommonJS-shaped, `__esModule`: any name
 * may be imported). The bundle resolves the specifiers ISLAND_MODULES of bundle/islands.ts lists.
 */
export const islandModules: Record<string, Record<string, unknown>> = {
  '@docusaurus/Link': { __esModule: true, default: Link },
  '@theme/MDXComponents/A': { __esModule: true, default: Link },
  '@docusaurus/useBaseUrl': { __esModule: true, default: useBaseUrl, useBaseUrlUtils },
  '@docusaurus/useDocusaurusContext': { __esModule: true, default: useDocusaurusContext },
  '@docusaurus/BrowserOnly': { __esModule: true, default: BrowserOnly },
  '@docusaurus/useIsBrowser': { __esModule: true, default: useIsBrowser },
  '@docusaurus/ExecutionEnvironment': {
    __esModule: true,
    default: {
      canUseDOM,
      canUseEventListeners: canUseDOM && typeof window.addEventListener === 'function',
      canUseIntersectionObserver: canUseDOM && 'IntersectionObserver' in window,
      canUseViewport: canUseDOM && 'screen' in window,
    },
  },
  '@docusaurus/Translate': { __esModule: true, default: Translate, translate },
  '@docusaurus/Interpolate': { __esModule: true, default: Interpolate, interpolate: Interpolate },
  '@docusaurus/Head': { __esModule: true, default: Head },
  '@docusaurus/useGlobalData': {
    __esModule: true,
    default: () => currentContext().globalData,
    usePluginData: (plugin: string, id = 'default') => currentContext().globalData[plugin]?.[id],
    useAllPluginInstancesData: (plugin: string) => currentContext().globalData[plugin] ?? {},
  },
  '@docusaurus/router': { __esModule: true, useLocation, useHistory, Redirect },
  '@docusaurus/plugin-content-docs/client': { __esModule: true, ...docsHooks },
  '@docusaurus/theme-common': {
    __esModule: true,
    useColorMode,
    useThemeConfig: () => currentContext().themeConfig,
    ThemeClassNames,
    useWindowSize,
  },
  '@theme/Layout': { __esModule: true, default: Layout },
  '@theme/Details': { __esModule: true, default: Details },
  '@theme/Admonition': { __esModule: true, default: Admonition },
  '@theme/Heading': { __esModule: true, default: Heading },
  '@theme/CodeBlock': { __esModule: true, default: CodeBlock },
  '@theme/Tabs': { __esModule: true, default: Tabs },
  '@theme/TabItem': { __esModule: true, default: TabItem },
  '@theme/ThemedImage': { __esModule: true, default: ThemedImage },
  '@theme/IdealImage': { __esModule: true, default: IdealImage },
  '@theme/Mermaid': { __esModule: true, default: Mermaid },
  '@theme/Icon/ExternalLink': { __esModule: true, default: IconExternalLink },
  '@theme/Icon/Copy': { __esModule: true, default: IconCopy },
  '@theme/Icon/Success': { __esModule: true, default: IconSuccess },
  '@theme/Icon/Close': { __esModule: true, default: IconClose },
  '@theme/Icon/Menu': { __esModule: true, default: IconMenu },
  '@theme/Icon/Home': { __esModule: true, default: IconHome },
  '@docusaurus/useBrokenLinks': { __esModule: true, default: useBrokenLinks },
  '@theme/SearchBar': { __esModule: true, default: SearchBar },
  '@theme/BackToTopButton': { __esModule: true, default: BackToTopButton },
};
