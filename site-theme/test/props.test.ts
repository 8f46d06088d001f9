import type { ComponentType } from 'react';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import manifest from '../package.json' with { type: 'json' };
import { ColorModeToggle } from '../src/navbar/ColorModeToggle.js';
import { DocCategoryPage } from '../src/docs/DocCategoryPage.js';
import { DocPage } from '../src/docs/DocPage.js';
import { DocSidebar } from '../src/docs/DocSidebar.js';
import { Footer } from '../src/layout/Footer.js';
import { Layout } from '../src/layout/Layout.js';
import { MarkdownPage } from '../src/pages/MarkdownPage.js';
import { Navbar } from '../src/navbar/Navbar.js';
import { NotFound } from '../src/layout/NotFound.js';
import type * as Props from '../src/props.js';
import { SearchButton } from '../src/search/SearchButton.js';
import { TableOfContents } from '../src/docs/TableOfContents.js';
import { Admonition } from '../src/content/Admonition.js';
import { CodeBlock } from '../src/content/CodeBlock.js';
import { Heading } from '../src/content/Heading.js';
import { Tabs } from '../src/content/Tabs.js';

/** Each overridable component, with the props type a site's override gets (src/propsCheck.ts checks the types). */
const components = {
  Layout: Layout satisfies ComponentType<Props.LayoutProps>,
  Navbar: Navbar satisfies ComponentType<Props.NavbarProps>,
  ColorModeToggle: ColorModeToggle satisfies ComponentType<Props.ColorModeToggleProps>,
  SearchBar: SearchButton satisfies ComponentType<Props.SearchBarProps>,
  Footer: Footer satisfies ComponentType<Props.FooterProps>,
  DocItem: DocPage satisfies ComponentType<Props.DocItemProps>,
  DocSidebar: DocSidebar satisfies ComponentType<Props.DocSidebarProps>,
  TOC: TableOfContents satisfies ComponentType<Props.TOCProps>,
  DocCategoryGeneratedIndexPage: DocCategoryPage satisfies ComponentType<Props.DocCategoryGeneratedIndexPageProps>,
  MarkdownPage: MarkdownPage satisfies ComponentType<Props.MarkdownPageProps>,
  NotFound: NotFound satisfies ComponentType<Props.NotFoundProps>,
  Admonition: Admonition satisfies ComponentType<Props.AdmonitionProps>,
  Heading: Heading satisfies ComponentType<Props.HeadingProps>,
  Tabs: Tabs satisfies ComponentType<Props.TabsProps>,
  CodeBlock: CodeBlock satisfies ComponentType<Props.CodeBlockProps>,
};

describe('the overridable components', () => {
  it('are declared in package.json with the file, export and props type of each', () => {
    const declared = manifest.docgen.components as Record<string, { file: string; export: string; props: string }>;
    expect(Object.keys(declared)).toEqual(Object.keys(components));
    for (const [name, component] of Object.entries(components)) {
      expect(declared[name]!.props).toBe(`${name}Props`);
      expect(component.name).toBe(declared[name]!.export);
    }
  });

  it('each have their modules declared for TypeScript, as the original and as the site has it', () => {
    const declarations = readFileSync(new URL('../src/modules.d.ts', import.meta.url), 'utf8');
    const declared = [...declarations.matchAll(/^declare module '(@theme(?:-original)?\/\w+)'/gm)].map((match) => match[1]);
    expect(declared.sort()).toEqual(
      Object.keys(components)
        .flatMap((name) => [`@theme-original/${name}`, `@theme/${name}`])
        .sort(),
    );
  });
});
