import type { ContentLink, Diagnostic, DocusaurusSiteContext, MdxCompat, TocItem } from '@docgen/types';
import type { Warn } from './sanitizeHtml.js';

/**
 * What the plugins of one compile (remarkDocgen.ts, rehypeDocgen.ts) read and record, carried on
 * the file as `file.data.docgen`.
 */
export interface CompileData {
  diagnostics: Diagnostic[];
  links: ContentLink[];
  /** The text of the leading `# heading`, when the body starts with one (set by remarkDocgen). */
  contentTitle?: string;
  /** The id of that heading (set by rehypeDocgen). */
  contentTitleId?: string;
  headings: TocItem[];
  anchorIds: string[];
  /** Every URL of the content by kind and value, each once. */
  urls: Map<string, { value: string; kind: 'link' | 'image' }>;
  /** Lines of the file before the body (front matter): added to body lines in diagnostics. */
  lineOffset: number;
  sourcePath: string;
  /** The body being compiled, for text as written at a node's offsets. */
  source: string;
  /** For an `.mdx` file: its front matter and partials (see mdx.ts). */
  mdx?: MdxInput;
  /** The site components an MDX file shows (set by mdx.ts). */
  components?: Set<string>;
}

/** A partial (`_intro.mdx`) an MDX file may import: its body and the line of its file the body starts on. */
export interface MdxPartial {
  body: string;
  bodyLine: number;
}

/** What compiling an `.mdx` file needs besides its body. */
export interface MdxInput {
  frontMatter: Record<string, unknown>;
  /** MDX 1's syntax the site allows (`markdown.mdx1Compat`). */
  compat: MdxCompat;
  /** The site's MDX runtime bundle (bundle/mdxRuntime.ts): its path changes with everything it holds. */
  runtime: string;
  /** What `useDocusaurusContext` and `useBaseUrl` give the page. */
  context: MdxPageContext;
  /** The `.md`/`.mdx` files it imports (and they import), by site path. */
  partials: Record<string, MdxPartial>;
  /**
   * The site's modules (code and JSON) it imports: the site path as imported (no extension) to the
   * module's; and a package's stylesheet it imports, as imported (`pkg/x.css`) to its file's site path.
   */
  modules: Record<string, string>;
  /** The text of the files it imports through a webpack loader (`!!raw-loader!./x.java`, `!!yaml-loader!./x.yaml`), by site path. */
  texts: Record<string, string>;
  /** The other files of the site it imports or requires that exist (images, PDFs: an import is the file's URL), by site path. */
  files: string[];
  /** The docs version a doc is of (its instance and version name): what `useActiveVersion()` gives it. None for other pages. */
  docsVersion?: { pluginId: string; name: string };
}

/** The site as an MDX page sees it through `useDocusaurusContext` and `useBaseUrl` (see src/mdxRuntime/runtime.tsx). */
export type MdxPageContext = DocusaurusSiteContext;

// Typed file data, as unified recommends for what plugins share through a file.
declare module 'vfile' {
  interface DataMap {
    docgen: CompileData;
  }
}

/** The data of a compile, which compileMarkdown puts on every file it compiles. */
export function getCompileData(data: { docgen?: CompileData }): CompileData {
  if (!data.docgen) throw new Error('The file being compiled has no docgen data: compile it with compileMarkdown');
  return data.docgen;
}

/** Records a warning at a 1-based line and column of the body (reported as the line of the file). */
export function createWarn(data: CompileData): Warn {
  return (message, hint, position, code = 'markdown') =>
    data.diagnostics.push({
      severity: 'warning',
      code,
      message,
      hint,
      location: { file: data.sourcePath, line: (position?.line ?? 1) + data.lineOffset, column: position?.column ?? 1 },
    });
}
