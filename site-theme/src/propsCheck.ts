/**
 * Compile-time only (nothing imports it): each overridable component takes the props type that
 * `@docgen/site-theme/props` gives a site's override, and `modules.d.ts` types its modules alike.
 */
import type { ComponentType } from 'react';
import type OriginalFooter from '@theme-original/Footer';
import type SiteDocSidebar from '@theme/DocSidebar';
import type { DocCategoryPage } from './docs/DocCategoryPage.js';
import type { DocPage } from './docs/DocPage.js';
import type { DocSidebar } from './docs/DocSidebar.js';
import type { TableOfContents } from './docs/TableOfContents.js';
import type { Footer } from './layout/Footer.js';
import type { Layout } from './layout/Layout.js';
import type { NotFound } from './layout/NotFound.js';
import type { ColorModeToggle } from './navbar/ColorModeToggle.js';
import type { Navbar } from './navbar/Navbar.js';
import type { MarkdownPage } from './pages/MarkdownPage.js';
import type * as Props from './props.js';
import type { SearchButton } from './search/SearchButton.js';
import type { Admonition } from './content/Admonition.js';
import type { CodeBlock } from './content/CodeBlock.js';
import type { Heading } from './content/Heading.js';
import type { Tabs } from './content/Tabs.js';

type Takes<Component, Props> = Component extends ComponentType<Props> ? true : false;

export type PropsCheck = [
  Takes<typeof Layout, Props.LayoutProps>,
  Takes<typeof Navbar, Props.NavbarProps>,
  Takes<typeof ColorModeToggle, Props.ColorModeToggleProps>,
  Takes<typeof SearchButton, Props.SearchBarProps>,
  Takes<typeof Footer, Props.FooterProps>,
  Takes<typeof DocPage, Props.DocItemProps>,
  Takes<typeof DocSidebar, Props.DocSidebarProps>,
  Takes<typeof TableOfContents, Props.TOCProps>,
  Takes<typeof DocCategoryPage, Props.DocCategoryGeneratedIndexPageProps>,
  Takes<typeof MarkdownPage, Props.MarkdownPageProps>,
  Takes<typeof NotFound, Props.NotFoundProps>,
  Takes<typeof Admonition, Props.AdmonitionProps>,
  Takes<typeof Heading, Props.HeadingProps>,
  Takes<typeof Tabs, Props.TabsProps>,
  Takes<typeof CodeBlock, Props.CodeBlockProps>,
  Takes<typeof OriginalFooter, Props.FooterProps>,
  Takes<typeof SiteDocSidebar, Props.DocSidebarProps>,
];

// Fails to compile when one of them does not take its props type.
export const propsChecked: PropsCheck extends true[] ? true : never = true;
