import { posix } from 'node:path';
import type { PageFrontMatter, SourceFile, SourceMarkdown } from '@docgen/types';

/**
 * The modules of `pages/` that are pages, as Docusaurus lists React pages: `.js`, `.jsx`, `.ts`
 * and `.tsx` files, not those starting with `_` (a page's own components), type declarations or
 * tests. (Folders starting with `_` are never listed: see FolderKind.)
 */
export const isPageModule = (relativePath: string) =>
  /\.[jt]sx?$/.test(relativePath) && !/\.d\.ts$|\.test\.[jt]sx?$/.test(relativePath) && !posix.basename(relativePath).startsWith('_');

/** An import of docgen's theme or client (`@docgen/site-theme`, `@docgen/client`). */
const DOCGEN_IMPORT = /(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*)['"]@docgen\//;

/**
 * Whether a page module is a React page as Docusaurus has them: any that does not import docgen's
 * theme or client (those are component pages of docgen's theme, with its hooks). A React page
 * runs against docgen's counterparts of Docusaurus's modules (`@theme/Layout`,
 * `@docusaurus/Link`...) as an island of its page (see toReactPageSource), whatever it imports:
 * a page that only shows another page's component (`<ClientsPage recommended={false} />`) too.
 */
export const isReactPage = (relativePath: string, text: string) => /\.[jt]s$/.test(relativePath) || !DOCGEN_IMPORT.test(text);

/** The `title` and `description` a React page gives its `<Layout>` when they are written as plain strings. */
function readLayoutProps(text: string): PageFrontMatter {
  const layout = /<Layout\b([^>]*)>/.exec(text)?.[1] ?? '';
  const read = (name: string) => new RegExp(`\\b${name}=(?:"([^"]*)"|'([^']*)'|\\{\\s*(?:"([^"]*)"|'([^']*)')\\s*\\})`).exec(layout);
  const value = (name: string) => {
    const match = read(name);
    return match ? (match[1] ?? match[2] ?? match[3] ?? match[4]) : undefined;
  };
  const title = value('title');
  const description = value('description');
  return { ...(title && { title }), ...(description && { description }) };
}

/**
 * Whether a page reads the `config` prop Docusaurus gives every React page (the site's config, as
 * Docusaurus 1 gave it; Jest's and Testing Library's home pages read `this.props.config`). Only such a
 * page gets it: it is written into the page as its island's props.
 */
const READS_CONFIG_PROP = /\bprops\.config\b|\{[^{};]*\bconfig\b[^{};]*\}\s*=\s*(?:this\.)?props\b/;

/**
 * A React page as the markdown source of its route: an MDX page that shows the module's default
 * export, which compiling makes an island (rendered at build time and hydrated, with the site's
 * other components), with the `config` prop when it reads it. Its title and description are what
 * its `<Layout>` says when written as text; the render stage takes the ones `<Layout>` gets as it renders.
 */
export function toReactPageSource(file: SourceFile): SourceMarkdown<PageFrontMatter> {
  const page = `import Page from ${JSON.stringify(`./${posix.basename(file.sitePath)}`)};\n`;
  const body = READS_CONFIG_PROP.test(file.text)
    ? `${page}import useDocusaurusContext from '@docusaurus/useDocusaurusContext';\n\n<Page config={useDocusaurusContext().siteConfig} />\n`
    : `${page}\n<Page />\n`;
  return { file, frontMatter: readLayoutProps(file.text), body, bodyLine: 1, mdx: true, writtenFrontMatter: {} };
}
