/**
 * What the modules of Docusaurus do alike wherever docgen gives them: in MDX pages rendered at
 * build time (runtime.tsx) and in site components that run in the browser (islandModules.tsx).
 * React only, no renderer: both bundles take it.
 */
import { Fragment, type ReactNode } from 'react';

/** The site as Docusaurus's context shows it. */
export interface SiteContext {
  siteConfig: {
    title: string;
    tagline: string;
    url: string;
    baseUrl: string;
    customFields: Record<string, unknown>;
  };
  i18n: { currentLocale: string; defaultLocale: string; locales: string[] };
}

/** `useBaseUrl`, `useBaseUrlUtils` and `useDocusaurusContext` of the site that `getContext` gives. */
export function createSiteHooks(getContext: () => SiteContext) {
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
  return {
    useBaseUrl,
    useBaseUrlUtils: () => ({ withBaseUrl: useBaseUrl }),
    useDocusaurusContext() {
      const { siteConfig, i18n } = getContext();
      return { siteConfig, siteMetadata: {}, globalData: {}, i18n: { ...i18n, localeConfigs: {} } };
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

/** `@docusaurus/Translate`: the message as written (a page is built for its own locale). */
export function Translate({ children, message, values }: { children?: string; message?: string; values?: Record<string, ReactNode> }) {
  return <>{interpolate(children ?? message ?? '', values)}</>;
}

/** `translate()` of `@docusaurus/Translate`. */
export function translate({ message }: { message: string; id?: string }, values?: Record<string, string | number>): string {
  return message.replace(/\{(\w+)\}/g, (written, name: string) => (values && Object.hasOwn(values, name) ? String(values[name]) : written));
}
