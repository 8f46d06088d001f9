/**
 * The props of the theme components a site can override (`src/theme/<Name>.tsx`, see
 * `docgen swizzle --list`). An override receives exactly these props and default-exports its
 * component: `export default function Footer(props: FooterProps)`, with the type imported from
 * this module, `@docgen/site-theme/props`.
 *
 * The data a component shows without props (the site, the page, the sidebar, the location, UI
 * strings) comes from the hooks of `@docgen/site-theme`: useSiteData, usePage, useLocation, useTranslate.
 */
import type { ReactNode } from 'react';
import type { PropSidebarItem, RouteData, TocItem } from '@docgen/types';

export type { PropSidebarItem, RouteData, TocItem } from '@docgen/types';

/** The frame of every page: navbar, announcement bar, the page, footer. */
export interface LayoutProps {
  children: ReactNode;
}

/** The navbar: logo, title and the config's items; no props. */
export type NavbarProps = Record<string, never>;

/** The site footer: link columns, logo and copyright from useSiteData().footer; no props. */
export type FooterProps = Record<string, never>;

/** The light/dark/system switch of the navbar; no props. */
export type ColorModeToggleProps = Record<string, never>;

/** The search button of the navbar, which opens the search dialog; no props. */
export type SearchBarProps = Record<string, never>;

/** The screen of a doc page: sidebar, content, table of contents, pagination. */
export interface DocItemProps {
  route: Extract<RouteData, { type: 'doc' }>;
}

/** The docs sidebar of a doc page. */
export interface DocSidebarProps {
  items: PropSidebarItem[];
}

/** A page's table of contents, in the right column (desktop) or folded above the content (mobile). */
export interface TOCProps {
  items: TocItem[];
  variant?: 'desktop' | 'mobile';
}

/** The generated page of a sidebar category (its index of items). */
export interface DocCategoryGeneratedIndexPageProps {
  route: Extract<RouteData, { type: 'docCategory' }>;
}

/** A standalone markdown page (`pages/*.md`). */
export interface MarkdownPageProps {
  route: Extract<RouteData, { type: 'markdownPage' }>;
}

/** The screen of a page that does not exist; no props. */
export type NotFoundProps = Record<string, never>;
