/**
 * The modules a site's component overrides import (see `docgen swizzle`), for TypeScript: a site
 * names this file in its tsconfig (`"types": ["@docgen/site-theme/modules"]`). `@theme-original/<Name>`
 * is the theme's own component, `@theme/<Name>` the one the site has (its override, if any).
 */

declare module '@theme-original/Layout' {
  import type { ComponentType } from 'react';
  import type { LayoutProps } from '@docgen/site-theme/props';
  const Layout: ComponentType<LayoutProps>;
  export default Layout;
}

declare module '@theme/Layout' {
  import type { ComponentType } from 'react';
  import type { LayoutProps } from '@docgen/site-theme/props';
  const Layout: ComponentType<LayoutProps>;
  export default Layout;
}

declare module '@theme-original/Navbar' {
  import type { ComponentType } from 'react';
  import type { NavbarProps } from '@docgen/site-theme/props';
  const Navbar: ComponentType<NavbarProps>;
  export default Navbar;
}

declare module '@theme/Navbar' {
  import type { ComponentType } from 'react';
  import type { NavbarProps } from '@docgen/site-theme/props';
  const Navbar: ComponentType<NavbarProps>;
  export default Navbar;
}

declare module '@theme-original/ColorModeToggle' {
  import type { ComponentType } from 'react';
  import type { ColorModeToggleProps } from '@docgen/site-theme/props';
  const ColorModeToggle: ComponentType<ColorModeToggleProps>;
  export default ColorModeToggle;
}

declare module '@theme/ColorModeToggle' {
  import type { ComponentType } from 'react';
  import type { ColorModeToggleProps } from '@docgen/site-theme/props';
  const ColorModeToggle: ComponentType<ColorModeToggleProps>;
  export default ColorModeToggle;
}

declare module '@theme-original/SearchBar' {
  import type { ComponentType } from 'react';
  import type { SearchBarProps } from '@docgen/site-theme/props';
  const SearchBar: ComponentType<SearchBarProps>;
  export default SearchBar;
}

declare module '@theme/SearchBar' {
  import type { ComponentType } from 'react';
  import type { SearchBarProps } from '@docgen/site-theme/props';
  const SearchBar: ComponentType<SearchBarProps>;
  export default SearchBar;
}

declare module '@theme-original/Footer' {
  import type { ComponentType } from 'react';
  import type { FooterProps } from '@docgen/site-theme/props';
  const Footer: ComponentType<FooterProps>;
  export default Footer;
}

declare module '@theme/Footer' {
  import type { ComponentType } from 'react';
  import type { FooterProps } from '@docgen/site-theme/props';
  const Footer: ComponentType<FooterProps>;
  export default Footer;
}

declare module '@theme-original/DocItem' {
  import type { ComponentType } from 'react';
  import type { DocItemProps } from '@docgen/site-theme/props';
  const DocItem: ComponentType<DocItemProps>;
  export default DocItem;
}

declare module '@theme/DocItem' {
  import type { ComponentType } from 'react';
  import type { DocItemProps } from '@docgen/site-theme/props';
  const DocItem: ComponentType<DocItemProps>;
  export default DocItem;
}

declare module '@theme-original/DocSidebar' {
  import type { ComponentType } from 'react';
  import type { DocSidebarProps } from '@docgen/site-theme/props';
  const DocSidebar: ComponentType<DocSidebarProps>;
  export default DocSidebar;
}

declare module '@theme/DocSidebar' {
  import type { ComponentType } from 'react';
  import type { DocSidebarProps } from '@docgen/site-theme/props';
  const DocSidebar: ComponentType<DocSidebarProps>;
  export default DocSidebar;
}

declare module '@theme-original/TOC' {
  import type { ComponentType } from 'react';
  import type { TOCProps } from '@docgen/site-theme/props';
  const TOC: ComponentType<TOCProps>;
  export default TOC;
}

declare module '@theme/TOC' {
  import type { ComponentType } from 'react';
  import type { TOCProps } from '@docgen/site-theme/props';
  const TOC: ComponentType<TOCProps>;
  export default TOC;
}

declare module '@theme-original/DocCategoryGeneratedIndexPage' {
  import type { ComponentType } from 'react';
  import type { DocCategoryGeneratedIndexPageProps } from '@docgen/site-theme/props';
  const DocCategoryGeneratedIndexPage: ComponentType<DocCategoryGeneratedIndexPageProps>;
  export default DocCategoryGeneratedIndexPage;
}

declare module '@theme/DocCategoryGeneratedIndexPage' {
  import type { ComponentType } from 'react';
  import type { DocCategoryGeneratedIndexPageProps } from '@docgen/site-theme/props';
  const DocCategoryGeneratedIndexPage: ComponentType<DocCategoryGeneratedIndexPageProps>;
  export default DocCategoryGeneratedIndexPage;
}

declare module '@theme-original/MarkdownPage' {
  import type { ComponentType } from 'react';
  import type { MarkdownPageProps } from '@docgen/site-theme/props';
  const MarkdownPage: ComponentType<MarkdownPageProps>;
  export default MarkdownPage;
}

declare module '@theme/MarkdownPage' {
  import type { ComponentType } from 'react';
  import type { MarkdownPageProps } from '@docgen/site-theme/props';
  const MarkdownPage: ComponentType<MarkdownPageProps>;
  export default MarkdownPage;
}

declare module '@theme-original/NotFound' {
  import type { ComponentType } from 'react';
  import type { NotFoundProps } from '@docgen/site-theme/props';
  const NotFound: ComponentType<NotFoundProps>;
  export default NotFound;
}

declare module '@theme/NotFound' {
  import type { ComponentType } from 'react';
  import type { NotFoundProps } from '@docgen/site-theme/props';
  const NotFound: ComponentType<NotFoundProps>;
  export default NotFound;
}

declare module '@theme-original/Admonition' {
  import type { ComponentType } from 'react';
  import type { AdmonitionProps } from '@docgen/site-theme/props';
  const Admonition: ComponentType<AdmonitionProps>;
  export default Admonition;
}

declare module '@theme/Admonition' {
  import type { ComponentType } from 'react';
  import type { AdmonitionProps } from '@docgen/site-theme/props';
  const Admonition: ComponentType<AdmonitionProps>;
  export default Admonition;
}

declare module '@theme-original/Heading' {
  import type { ComponentType } from 'react';
  import type { HeadingProps } from '@docgen/site-theme/props';
  const Heading: ComponentType<HeadingProps>;
  export default Heading;
}

declare module '@theme/Heading' {
  import type { ComponentType } from 'react';
  import type { HeadingProps } from '@docgen/site-theme/props';
  const Heading: ComponentType<HeadingProps>;
  export default Heading;
}

declare module '@theme-original/Tabs' {
  import type { ComponentType } from 'react';
  import type { TabsProps } from '@docgen/site-theme/props';
  const Tabs: ComponentType<TabsProps>;
  export default Tabs;
}

declare module '@theme/Tabs' {
  import type { ComponentType } from 'react';
  import type { TabsProps } from '@docgen/site-theme/props';
  const Tabs: ComponentType<TabsProps>;
  export default Tabs;
}

declare module '@theme-original/CodeBlock' {
  import type { ComponentType } from 'react';
  import type { CodeBlockProps } from '@docgen/site-theme/props';
  const CodeBlock: ComponentType<CodeBlockProps>;
  export default CodeBlock;
}

declare module '@theme/CodeBlock' {
  import type { ComponentType } from 'react';
  import type { CodeBlockProps } from '@docgen/site-theme/props';
  const CodeBlock: ComponentType<CodeBlockProps>;
  export default CodeBlock;
}
