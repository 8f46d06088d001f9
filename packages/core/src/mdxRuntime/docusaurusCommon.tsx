/**
 * What the modules of Docusaurus do alike wherever docgen gives them: in MDX pages rendered at
 * build time (runtime.tsx) and in site components that run in the browser (islandModules.tsx).
 * React only, no renderer: both bundles take it.
 */
import { Children, createElement, Fragment, isValidElement, memo, type ReactNode, type SVGProps } from 'react';
import type { DocusaurusSiteContext } from '@docgen/types';

/** The site as Docusaurus's context shows it, in one locale. */
export type SiteContext = DocusaurusSiteContext;

/**
 * `useBaseUrl`, `useBaseUrlUtils`, `useDocusaurusContext`, `Translate` and `translate` of the site
 * that `getContext` gives; `peekContext` gives it where no page may be rendering (translate()).
 */
export function createSiteHooks(getContext: () => SiteContext, peekContext: () => SiteContext | undefined = getContext) {
  /** `@docusaurus/useBaseUrl`: a site path below the base URL, as Docusaurus gives it; full URLs and anchors as written. */
  function useBaseUrl(url: string, options: { forcePrependBaseUrl?: boolean; absolute?: boolean } = {}): string {
    const { baseUrl, url: siteUrl } = getContext().siteConfig;
    if (!url || url.startsWith('#') || /^([a-z][a-z\d+.-]*:|\/\/)/i.test(url)) return url;
    const path = options.forcePrependBaseUrl
      ? baseUrl + url.replace(/^\//, '')
      : url.startsWith('/')
        ? url.startsWith(baseUrl)
          ? url
          : baseUrl + url.slice(1)
        : url;
    return options.absolute ? siteUrl.replace(/\/$/, '') + path : path;
  }
  /**
   * The locale's message of `id` (the message itself when it is its own id), else the message as
   * written. translate() also runs where no page renders (at a module's top level, as Docusaurus's
   * sites call it): there, without a page's locale, it gives the message as written.
   */
  const translated = (id: string | undefined, message: string) => {
    const translations = peekContext()?.translations ?? {};
    const key = id ?? message;
    return Object.hasOwn(translations, key) ? translations[key]! : message;
  };
  /** `@docusaurus/Translate`: the locale's message (`i18n/<locale>/code.yaml`), `{name}` values put in. */
  function Translate({
    id,
    children,
    message,
    values,
  }: {
    id?: string;
    children?: string;
    message?: string;
    values?: Record<string, ReactNode>;
  }) {
    return <>{interpolate(translated(id, children ?? message ?? ''), values)}</>;
  }
  /** `translate()` of `@docusaurus/Translate`. */
  function translate({ id, message }: { message: string; id?: string }, values?: Record<string, string | number>): string {
    return translated(id, message).replace(/\{(\w+)\}/g, (written, name: string) =>
      values && Object.hasOwn(values, name) ? String(values[name]) : written,
    );
  }
  return {
    Translate,
    translate,
    useBaseUrl,
    useBaseUrlUtils: () => ({ withBaseUrl: useBaseUrl }),
    useDocusaurusContext() {
      const { siteConfig, i18n, globalData, themeConfig } = getContext();
      return { siteConfig: { ...siteConfig, themeConfig }, siteMetadata: {}, globalData, i18n: { ...i18n, localeConfigs: {} } };
    },
  };
}

/** `@docusaurus/Translate`'s message as written, with `{name}` values put in. */
function interpolate(message: string, values?: Record<string, ReactNode>): ReactNode {
  if (!values) return message;
  const parts = message.split(/(\{\w+\})/).map((part, index) => {
    const name = /^\{(\w+)\}$/.exec(part)?.[1];
    return name !== undefined && Object.hasOwn(values, name) ? <Fragment key={index}>{values[name]}</Fragment> : part;
  });
  return <>{parts}</>;
}

/** A version of a docs instance as its plugin publishes it to `useGlobalData()` (see siteContext.ts). */
export interface DocsVersionData {
  name: string;
  label: string;
  isLast: boolean;
  path: string;
}

/** The page's docs version, as the page knows it: its instance (`pluginId`) and version name. */
export interface ActiveDocsVersion {
  pluginId: string;
  name: string;
}

/**
 * The hooks of `@docusaurus/plugin-content-docs/client` that tell a component which docs and
 * version it is shown in (`useActiveVersion`, `useActivePlugin`, `useVersions`,
 * `useLatestVersion`, `useDocsVersion`, `useActiveDocContext`), from the site's global data and
 * `getActive`: the page's version (known to the build from the page's file; in the browser, from
 * the path). A pluginId left out is `default`, as Docusaurus takes it.
 */
export function createDocsHooks(getContext: () => SiteContext, getActive: () => ActiveDocsVersion | undefined) {
  const instance = (pluginId = 'default') =>
    getContext().globalData['docusaurus-plugin-content-docs']?.[pluginId] as { path: string; versions: DocsVersionData[] } | undefined;
  const useVersions = (pluginId?: string): DocsVersionData[] => instance(pluginId)?.versions ?? [];
  const useActiveVersion = (pluginId?: string): DocsVersionData | undefined => {
    const active = getActive();
    if (!active || active.pluginId !== (pluginId ?? 'default')) return undefined;
    return useVersions(active.pluginId).find((version) => version.name === active.name);
  };
  return {
    useVersions,
    useActiveVersion,
    useLatestVersion: (pluginId?: string) => {
      const versions = useVersions(pluginId);
      return versions.find((version) => version.isLast) ?? versions[0];
    },
    useActivePlugin: () => {
      const active = getActive();
      return active && { pluginId: active.pluginId, pluginData: instance(active.pluginId) };
    },
    useActiveDocContext: (pluginId?: string) => ({
      activeVersion: useActiveVersion(pluginId),
      activeDoc: undefined,
      alternateDocVersions: {},
    }),
    /** The version of the docs page it is on; outside one, an error, as Docusaurus's outside its provider. */
    useDocsVersion: () => {
      const version = useActiveVersion(getActive()?.pluginId);
      if (!version) throw new Error('useDocsVersion() is used outside a docs page');
      return version;
    },
  };
}

/** `@theme/Icon/ExternalLink`: the theme's mark of a link that leaves the site, which its stylesheet draws (an <svg>, as Docusaurus's). */
export function IconExternalLink({ className }: { className?: string; width?: number; height?: number }) {
  return <svg className={['external-link-icon', className].filter(Boolean).join(' ')} aria-hidden="true" />;
}

/**
 * An icon of `@theme/Icon/<Name>` (Copy, Success, Close, Menu, Home), as Docusaurus's: an SVG of
 * the shape in currentColor that takes the props an svg takes, sized by them or by the site's CSS.
 */
function icon(name: string, shape: SVGProps<SVGPathElement>) {
  const Icon = (props: SVGProps<SVGSVGElement>) => (
    <svg viewBox="0 0 24 24" {...props}>
      <path fill="currentColor" {...shape} />
    </svg>
  );
  Icon.displayName = `Icon${name}`;
  return Icon;
}

export const IconCopy = icon('Copy', {
  d: 'M19 21H8V7h11m0-2H8a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h11a2 2 0 0 0 2-2V7a2 2 0 0 0-2-2m-3-4H4a2 2 0 0 0-2 2v14h2V3h12V1Z',
});
export const IconSuccess = icon('Success', { d: 'M21 7 9 19l-5.5-5.5 1.41-1.41L9 16.17 19.59 5.59 21 7Z' });
export const IconClose = icon('Close', {
  d: 'M19 6.41 17.59 5 12 10.59 6.41 5 5 6.41 10.59 12 5 17.59 6.41 19 12 13.41 17.59 19 19 17.59 13.41 12 19 6.41Z',
});
export const IconMenu = icon('Menu', { d: 'M3 6h18v2H3V6m0 5h18v2H3v-2m0 5h18v2H3v-2Z' });
export const IconHome = icon('Home', { d: 'M10 20v-6h4v6h5v-8h3L12 3 2 12h3v8h5Z' });

/**
 * `@docusaurus/useBrokenLinks`: what a component tells Docusaurus's link checker, the links and
 * anchors it renders, is nothing docgen needs. docgen checks the links of the pages it renders, and
 * takes any anchor of a component page as there (only rendering would show its ids).
 */
export function useBrokenLinks() {
  return { collectLink: (_link: string | undefined) => {}, collectAnchor: (_anchor: string | undefined) => {} };
}

/**
 * `@theme/BackToTopButton`: nothing of its own. docgen's theme gives every page its back-to-top
 * button (behaviours/backToTop.ts); a page that also rendered this one would show two.
 */
export function BackToTopButton() {
  return null;
}

/** `@docusaurus/Interpolate`: its text with `{name}` values put in. */
export function Interpolate({ children, values }: { children?: string; values?: Record<string, ReactNode> }) {
  return <>{interpolate(children ?? '', values)}</>;
}

/** Props without the place compile gives an element of an MDX page (`__docgenAt`, see compile/mdxProgram.ts). */
const withoutPlace = (props: Record<string, unknown>) => {
  const { __docgenAt: _at, ...rest } = props;
  return rest;
};

// SVG files as components (Docusaurus's SVGR).

/** Marks a value that JSON holds as its `toJSON()` (an SVG component is its URL): it may be an island's prop. */
export const AS_JSON = Symbol.for('docgen.mdx.asJson');

/** `font-size: 2em; fill: red` as React's style object. */
function toStyle(text: string): Record<string, string> {
  const style: Record<string, string> = {};
  for (const declaration of text.split(';')) {
    const colon = declaration.indexOf(':');
    if (colon < 0) continue;
    const name = declaration.slice(0, colon).trim();
    if (name)
      style[name.startsWith('--') ? name : name.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase())] = declaration
        .slice(colon + 1)
        .trim();
  }
  return style;
}

/**
 * An SVG file an MDX page imports, as Docusaurus's SVGR gives it: a component that draws the SVG
 * inline (`<Logo className="logo" />`, its props over the file's attributes), which is also the
 * file's URL where a string is wanted (`<img src={logo} />`, an island's props).
 */
export function toSvgComponent(url: string, markup: string) {
  // `<svg ...>...</svg>`, or an empty `<svg .../>`.
  const svg = /<svg\b([^>]*?)(?:\/>|>([\s\S]*)<\/svg\s*>)/i.exec(markup.replace(/<!--[\s\S]*?-->/g, ''));
  const attributes: Record<string, unknown> = {};
  for (const [, name, double, single] of (svg?.[1] ?? '').matchAll(/([^\s=/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'))?/g)) {
    const value = double ?? single ?? '';
    if (name === 'class') attributes.className = value;
    else if (name === 'style') attributes.style = toStyle(value);
    else attributes[name!] = value;
  }
  const inner = svg?.[2] ?? '';
  const Svg = (props: Record<string, unknown>) =>
    createElement('svg', { ...attributes, ...withoutPlace(props), children: undefined, dangerouslySetInnerHTML: { __html: inner } });
  const component = memo(Svg) as unknown as Record<string | symbol, unknown>;
  component.toString = () => url;
  component.toJSON = () => url;
  component[AS_JSON] = true;
  return component;
}

/** Class names Docusaurus's theme gives its parts (`ThemeClassNames.wrapper.main`...): a component may add them; docgen's styles do not use them. */
export const ThemeClassNames = {
  page: { mdxPage: 'mdx-page' },
  wrapper: { main: 'main-wrapper', mdxPages: 'mdx-wrapper' },
  common: {
    editThisPage: 'theme-edit-this-page',
    lastUpdated: 'theme-last-updated',
    codeBlock: 'theme-code-block',
    admonition: 'theme-admonition',
  },
  layout: { navbar: { container: 'navbar' }, main: { container: 'main-wrapper' } },
  docs: { docMarkdown: 'theme-doc-markdown' },
};

/** The text of children that a component takes as text (a code block's, a `<title>`'s): strings and numbers, joined. */
export function textOf(children: ReactNode): string {
  return Children.toArray(children)
    .map((child) => {
      if (typeof child === 'string' || typeof child === 'number') return String(child);
      if (isValidElement(child)) return textOf((child.props as { children?: ReactNode }).children);
      return '';
    })
    .join('');
}

/** The URL of `@theme/IdealImage`'s `img`, whichever way it was imported: a URL, a module, the ideal-image plugin's `{ src }`. */
export function getIdealImageUrl(img: unknown): string | undefined {
  const source = img as { default?: unknown; src?: unknown } | string | undefined;
  if (typeof source === 'string') return source;
  if (typeof source?.default === 'string') return source.default;
  if (typeof source?.src === 'string') return source.src;
  return (source?.src as { src?: string } | undefined)?.src;
}
