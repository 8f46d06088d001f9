/**
 * The props of the theme components a site can override (`src/theme/<Name>.tsx`, see
 * `docgen swizzle --list`). An override receives exactly these props and default-exports its
 * component: `export default function Footer(props: FooterProps)`, with the type imported from
 * this module, `@docgen/site-theme/props`.
 *
 * The data a component shows without props (the site, the page, the sidebar, the location, UI
 * strings) comes from the hooks of `@docgen/site-theme`: useSiteData, usePage, useLocation, useTranslate.
 */
import type { HTMLAttributes, ReactNode } from 'react';
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

/*
 * Components of page content. Content is rendered to HTML at build time and not hydrated: an
 * override renders static markup (state and effects do not run in the browser); the theme wires
 * tabs, copy buttons and zoom into that markup in the browser by its class names and data
 * attributes, which an override keeps when it wants them.
 */

/** An admonition: `:::tip[Title]`, a GitHub alert (`> [!TIP]`) or MDX's `<Admonition>`. */
export interface AdmonitionProps {
  /** note, tip, info, warning, danger or caution (`important` is shown as info). */
  type: string;
  /** The title written, else the type's name in the page's language. */
  title: ReactNode;
  /** Text shown instead of the type's icon (an emoji), when the page gives one. */
  icon?: string;
  children?: ReactNode;
}

/**
 * A heading of the content (h2 to h6), with its anchor link, and the attributes the content gives
 * it (raw HTML's, or `sr-only` as the class of the footnotes' heading; the class is `anchor` else).
 */
export interface HeadingProps extends HTMLAttributes<HTMLHeadingElement> {
  as: 'h2' | 'h3' | 'h4' | 'h5' | 'h6';
  /** Its anchor id, when it has one. */
  id?: string;
  /** The label of its anchor link, in the page's language ("Direct link to …"). */
  anchorLabel: string;
}

/** One tab of a tab group: `<TabItem>`, or a `:::tab` of docgen's `::::tabs`. */
export interface TabItemProps {
  value: string;
  label: string;
  children?: ReactNode;
}

/** A tab group: `<Tabs>` of MDX, or docgen's `::::tabs`. */
export interface TabsProps {
  /** Tab groups of the same id show the same tab, remembered across pages. */
  groupId?: string;
  /** The value of the tab shown before any choice (else the first). */
  defaultValue?: string;
  /** A URL query parameter that selects the tab (`?os=mac`). */
  queryString?: string;
  /** Its tabs. */
  items: TabItemProps[];
}

/** A code block, highlighted at build time. */
export interface CodeBlockProps {
  language: string;
  /** `title="..."` of the fence. */
  title?: string;
  /** `showLineNumbers`: `''` counts from 1, a number from that number. */
  lineNumbers?: string;
  /** The highlighted code: the class of its `code` element and its HTML (one `.code-line` per line). */
  code?: { className: string; html: string };
  /** The code as written, when it is not highlighted. */
  children?: ReactNode;
  /** A diagram (drawn in the browser from the code), for a ```mermaid block. */
  diagram?: 'mermaid';
  /** The labels of the copy button, in the page's language. */
  copyLabel: string;
  copiedLabel: string;
}
