/**
 * The Docusaurus theme modules an `.mdx` file may import (default import), and the content element
 * each becomes: compile maps them (compile/mdx.ts) and fails on an import of any other package.
 */
export const MDX_THEME_IMPORTS = {
  '@theme/Tabs': 'tabs',
  '@theme/TabItem': 'tabItem',
  '@theme/Admonition': 'admonition',
  '@theme/CodeBlock': 'codeBlock',
  '@theme/Details': 'details',
  '@theme/Heading': 'heading',
  '@theme/MDXComponents': 'mdxComponents',
  '@docusaurus/Link': 'link',
} as const;

export type MdxThemeComponent = (typeof MDX_THEME_IMPORTS)[keyof typeof MDX_THEME_IMPORTS];
