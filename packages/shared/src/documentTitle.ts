import type { RouteData, SiteData } from '@docgen/types';

/**
 * The `<title>` of a page: its title and the site's (`Quick start | Docs`), or the site's alone
 * for a page without a title and for a component or React page titled as the site (a home page,
 * a React page whose <Layout> gives no title). The build writes it into the page's HTML and the
 * client sets it after a navigation.
 */
export function getDocumentTitle(
  site: Pick<SiteData, 'title' | 'titleDelimiter'>,
  route: Pick<RouteData, 'type' | 'title'> & { reactPage?: true },
): string {
  if ((route.type === 'page' || route.reactPage) && route.title === site.title) return site.title;
  return formatDocumentTitle(site, route.title);
}

/** A title with the site's after it (`Setup | Docs`, the config's titleDelimiter between them), the site's alone when there is none. */
export function formatDocumentTitle(site: Pick<SiteData, 'title' | 'titleDelimiter'>, title: string | undefined): string {
  return title ? `${title} ${site.titleDelimiter ?? '|'} ${site.title}` : site.title;
}

/** Marks, in a page's `<head>`, the tags of its own (front matter `head`) that a client navigation replaces. */
export const PAGE_HEAD_ATTRIBUTE = 'data-docgen-head';
