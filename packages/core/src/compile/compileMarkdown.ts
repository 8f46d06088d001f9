import type { Root as HastRoot, RootContent } from 'hast';
import type { Root as MdastRoot } from 'mdast';
import {
  rehypeRaw,
  remarkCjkFriendly,
  remarkCjkFriendlyGfmStrikethrough,
  remarkDirective,
  remarkGfm,
  remarkMdx,
  remarkParse,
  remarkRehype,
  unified,
  VFile,
} from '../vendor/markdown.js';
import type { Options as RemarkRehypeOptions } from 'remark-rehype';
import type { Plugin } from 'unified';
import type { CompiledMarkdown, ContentSection, DiagnosticCode, PackageManager } from '@docgen/types';
import { getLineColumn } from '../diagnostics/index.js';
import { toDirectiveLabels } from './admonitionTitles.js';
import { createCodeHandler, highlightCodeBlocks } from './codeBlocks.js';
import { highlightToHtml } from './highlight.js';
import type { CompileData } from './compileData.js';
import { remarkGfmAutolinkGate, remarkGfmTableGate } from './gfmGates.js';
import type { MdxInput } from './compileData.js';
import { remarkMdxDocgen } from './mdx.js';
import { toMdxSource } from './mdxCompat.js';
import { assertHtmlNesting, assertNesting, findSlowSyntax, MAX_NESTING, NestingError } from './nesting.js';
import { hasRawHtml } from './rawHtml.js';
import { remarkPluginJsx } from './pluginJsx.js';
import { isLeadingStyle, rehypeDocgen } from './rehypeDocgen.js';
import { remarkDocgen } from './remarkDocgen.js';
import { getContentSections, getOpeningText, getShownText } from './sections.js';
import { fillTocInline, hasElement } from './tocInline.js';
import { getDefaultDescription, getReadingTime } from './textSummary.js';

export interface CompileOptions {
  /** Site-relative path of the source, for diagnostics. */
  sourcePath: string;
  /** 1-based line of the source file on which `body` starts (after front matter). */
  bodyLine: number;
  /** Given for an `.mdx` file, which is parsed as MDX (see mdx.ts); other files are markdown. */
  mdx?: MdxInput;
  /** Runs MDX pages (mdxRun.ts, loaded by a thread that compiles one): needed with `mdx`. */
  mdxRunner?: { run(tree: MdastRoot, file: VFile): HastRoot };
}

/** The compiled content (hast) and what later stages need to know of it. */
export interface CompileResult {
  hast: HastRoot;
  /** Hast of the part before `<!-- truncate -->`, when the marker is present. */
  excerpt?: HastRoot;
  /** The leading `# heading` (a root holding its h1), taken out of `hast`, when the body has one. */
  title?: HastRoot;
  meta: Omit<CompiledMarkdown, 'key' | 'stored'>;
  /** The text of the document split at h2 and h3 headings, for the search index. */
  sections: ContentSection[];
}

/**
 * Checks the depth of the markdown tree as soon as it is built, before the transforms of GFM and
 * the rest of the pipeline, which recurse over it (see MAX_NESTING). Used right after
 * remark-parse, its transform runs first.
 */
function remarkNestingLimit(this: { data(): object }) {
  const data = this.data() as { fromMarkdownExtensions?: unknown[] };
  (data.fromMarkdownExtensions ??= []).push({ transforms: [(tree: MdastRoot) => assertNesting(tree, 'Markdown')] });
}

/** What a site's config adds to docgen's markdown (see extensions.ts, which loads them). */
export interface PipelineExtensions {
  /** remark-math, when `markdown.math` is on: its math is rendered by `renderMath` once the text is read. */
  remarkMath?: Plugin<[], MdastRoot>;
  renderMath?: MarkdownPipeline['renderMath'];
  /** ```` ```mermaid ```` blocks are diagrams (`markdown.mermaid`). */
  mermaid: boolean;
  /** The package managers of npm2yarn blocks after npm (`markdown.npm2yarn`); yarn and pnpm when absent. */
  npm2yarn?: PackageManager[];
  /** The site's plugins (`markdown.remarkPlugins`, `markdown.rehypePlugins`), run after docgen's own in this order. */
  remarkPlugins: SitePlugin[];
  rehypePlugins: SitePlugin[];
}

/** A plugin of the site, loaded; `attacher` reports what it throws as a SitePluginError (see extensions.ts). */
export interface SitePlugin {
  name: string;
  attacher: Plugin<[unknown?]>;
  options?: unknown;
}

/** A site's plugin threw while compiling a file (see compileMarkdown). */
export class SitePluginError extends Error {
  constructor(
    readonly plugin: string,
    readonly kind: 'remark' | 'rehype',
    cause: unknown,
  ) {
    super((cause as Error)?.message ?? String(cause), { cause });
  }
}

/**
 * The two steps from a body to hast. docgen's own is fast (the GFM gates, the patched
 * mdast-util-from-markdown and micromark-util-subtokenize, rehype-raw only where there is raw HTML);
 * compileDifferential.test.ts compiles with the plain libraries' as well and compares.
 */
export interface MarkdownPipeline {
  /** The markdown tree of the file's body. */
  parse(file: VFile): MdastRoot;
  /** The tree as hast, with what the plugins record in `file.data.docgen`. */
  run(mdast: MdastRoot, file: VFile): HastRoot;
  /**
   * Renders the math of a compiled tree (rehype-katex), when the site has math: after the text
   * of the page is read, so that descriptions and search hold the TeX as written.
   */
  renderMath?(tree: HastRoot, file: VFile): void;
  /** An MDX file's tree after docgen's remark plugins (and the site's): what the MDX compiler takes. */
  runRemark(mdast: MdastRoot, file: VFile): MdastRoot;
  /** That tree, when it holds no JavaScript, to hast as markdown's is (the site's rehype plugins and rehypeDocgen). */
  runWithoutCode(mdast: MdastRoot, file: VFile): HastRoot;
  /** What the MDX compiler adds to its own steps from mdast to hast: docgen's code blocks and the site's rehype plugins. */
  mdxOptions: {
    handlers: RemarkRehypeOptions['handlers'];
    rehypePlugins: [SitePlugin['attacher'], unknown][];
    mermaid: boolean;
  };
}

/** docgen's pipeline with a site's extensions (`markdown` of the config). */
export function createDocgenPipeline(extensions: PipelineExtensions): MarkdownPipeline {
  const codeHandler = createCodeHandler(extensions);
  const remark = (syntax: 'markdown' | 'mdx') => {
    const processor = unified()
      .use(remarkParse)
      .use(syntax === 'mdx' ? [remarkMdx] : [])
      .use(remarkNestingLimit)
      .use(remarkGfm)
      .use(remarkGfmAutolinkGate)
      .use(remarkGfmTableGate)
      .use(remarkCjkFriendly)
      .use(remarkCjkFriendlyGfmStrikethrough)
      .use(remarkDirective)
      .use(extensions.remarkMath ? [extensions.remarkMath] : [])
      .use(syntax === 'mdx' ? [remarkMdxDocgen] : [])
      .use(remarkDocgen, { packageManagers: extensions.npm2yarn ?? ['yarn', 'pnpm'] });
    for (const plugin of extensions.remarkPlugins) processor.use(plugin.attacher, plugin.options);
    // What the site's plugins add as MDX to a markdown page (Docusaurus reads .md as MDX).
    if (syntax === 'markdown' && extensions.remarkPlugins.length > 0) processor.use(remarkPluginJsx);
    return processor;
  };
  const markdown = () => remark('markdown').use(remarkRehype, { allowDangerousHtml: true, handlers: { code: codeHandler } });
  const rehype = <T extends ReturnType<typeof markdown>>(processor: T) => {
    for (const plugin of extensions.rehypePlugins) processor.use(plugin.attacher, plugin.options);
    return processor.freeze();
  };
  /** Reparsing raw HTML (parse5) is the costliest step: only files that contain raw HTML pay it (see rawHtml.ts). */
  const withRawHtml = rehype(markdown().use(rehypeRaw).use(rehypeDocgen) as unknown as ReturnType<typeof markdown>);
  const withoutRawHtml = rehype(markdown().use(rehypeDocgen) as unknown as ReturnType<typeof markdown>);
  /** MDX has no raw HTML: its elements are JSX, which the MDX compiler takes from here (mdxRun.ts). */
  const mdx = remark('mdx').freeze();
  /** An MDX file that holds no JavaScript (no import, export, expression or JSX) is markdown from here on: nothing to run. */
  const mdxWithoutCode = rehype(
    unified()
      .use(remarkRehype, { allowDangerousHtml: true, handlers: { code: codeHandler } })
      .use(rehypeDocgen) as unknown as ReturnType<typeof markdown>,
  );
  return {
    parse: (file) => (isMdx(file) ? mdx : withoutRawHtml).parse(file),
    run(mdast, file) {
      // Raw HTML starts with `<`: most files hold none, and need no walk to tell.
      const rawHtml = String(file.value).includes('<') && hasRawHtml(mdast);
      // Parsing raw HTML recurses as deep as its elements nest.
      if (rawHtml) assertHtmlNesting(mdast);
      return (rawHtml ? withRawHtml : withoutRawHtml).runSync(mdast, file) as unknown as HastRoot;
    },
    runRemark: (mdast, file) => mdx.runSync(mdast, file) as MdastRoot,
    runWithoutCode: (mdast, file) => mdxWithoutCode.runSync(mdast, file) as unknown as HastRoot,
    renderMath: extensions.renderMath,
    mdxOptions: {
      handlers: { code: codeHandler },
      rehypePlugins: extensions.rehypePlugins.map((plugin) => [plugin.attacher, plugin.options]),
      mermaid: extensions.mermaid,
    },
  };
}

/** docgen's pipeline for a site that adds nothing: no math, mermaid diagrams, no plugins of its own. */
export const docgenPipeline: MarkdownPipeline = createDocgenPipeline({ mermaid: true, remarkPlugins: [], rehypePlugins: [] });

/** Whether a file being compiled is MDX: compileMarkdown gives it its MDX input. */
export const isMdx = (file: VFile) => file.data.docgen?.mdx !== undefined;

/**
 * Compiles one markdown body to hast plus everything later stages need (headings, ids, links,
 * diagnostics). A pure function of its inputs, so its result can be cached by content hash.
 *
 * A body that nests deeper than MAX_NESTING (or would take the parser time quadratic in its
 * length, see findSlowSyntax) compiles to nothing, with an error at the place that went too deep:
 * the build fails with it, after every other file compiled.
 */
export function compileMarkdown(body: string, options: CompileOptions, pipeline: MarkdownPipeline = docgenPipeline): CompileResult {
  const slow = findSlowSyntax(body);
  if (slow) return toFailedResult({ ...slow, position: getLineColumn(body, slow.offset) }, options);
  try {
    return compileTree(body, options, pipeline);
  } catch (error) {
    if (error instanceof NestingError)
      return toFailedResult({ message: error.message, hint: error.hint!, position: error.position }, options);
    const syntax = options.mdx ? getMdxSyntaxError(error) : undefined;
    if (syntax) return toFailedResult(syntax, options, 'mdx-syntax');
    if (error instanceof SitePluginError) {
      return toFailedResult(
        {
          code: 'markdown-plugin',
          message: `The ${error.kind} plugin "${error.plugin}" failed on this page: ${error.message}`,
          hint: `Fix the page or the plugin, or remove "${error.plugin}" from markdown.${error.kind}Plugins in docgen.config.yaml.`,
          position: { line: 1, column: 1 },
        },
        options,
      );
    }
    // Nesting is checked before any step that recurses; were the stack still to run out, it is
    // this file's content that did it.
    if (error instanceof RangeError && /call stack/i.test(error.message)) {
      return toFailedResult(
        {
          message: 'The content nests too deep to compile',
          hint: `Flatten the structure: content may nest at most ${MAX_NESTING} levels deep.`,
          position: { line: 1, column: 1 },
        },
        options,
      );
    }
    throw error;
  }
}

/** The result of a body that cannot be compiled: no content, and the error (`position` is 1-based, in the body). */
function toFailedResult(
  failure: { code?: DiagnosticCode; message: string; hint: string; position: { line: number; column: number } },
  options: CompileOptions,
  code: DiagnosticCode = 'markdown-nesting',
): CompileResult {
  const { line, column } = failure.position;
  return {
    hast: { type: 'root', children: [] },
    meta: {
      hasExcerpt: false,
      headings: [],
      anchorIds: [],
      links: [],
      urls: [],
      description: '',
      readingTimeMinutes: 1,
      diagnostics: [
        {
          severity: 'error',
          code: failure.code ?? code,
          message: failure.message,
          hint: failure.hint,
          location: { file: options.sourcePath, line: line + options.bodyLine - 1, column },
        },
      ],
    },
    sections: [],
  };
}

/** The hint of every MDX syntax error: what makes `<` and `{` text again. */
const MDX_SYNTAX_HINT =
  'In MDX, `<` starts a tag and `{` an expression: to write them as text, escape them (`\\<`, `\\{`) or put them in a code span; comments are written {/* ... */}. Or rename the file to .md to build it as plain markdown.';

/** An error of the MDX parser (a VFileMessage with a 1-based place in the body) as a failure to report, else undefined. */
function getMdxSyntaxError(error: unknown): { message: string; hint: string; position: { line: number; column: number } } | undefined {
  const message = error as { reason?: unknown; line?: unknown; column?: unknown; source?: unknown } | null;
  if (!message || typeof message.reason !== 'string' || typeof message.source !== 'string' || !message.source.includes('mdx'))
    return undefined;
  // An unclosed tag is reported where its block ends, with the tag's own place in the message: the tag is what to fix.
  const tag = /\((\d+):(\d+)-\d+:\d+\)/.exec(message.reason);
  const position = tag
    ? { line: Number(tag[1]), column: Number(tag[2]) }
    : { line: typeof message.line === 'number' ? message.line : 1, column: typeof message.column === 'number' ? message.column : 1 };
  return { message: `MDX syntax error: ${message.reason}`, hint: MDX_SYNTAX_HINT, position };
}

const MDX_CODE = new Set(['mdxjsEsm', 'mdxFlowExpression', 'mdxTextExpression', 'mdxJsxFlowElement', 'mdxJsxTextElement']);

/** Whether an MDX tree holds JavaScript: an import or export, an expression (a comment is one too) or a JSX element. */
function hasMdxCode(tree: MdastRoot): boolean {
  const stack: { type: string; children?: unknown[] }[] = [tree];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (MDX_CODE.has(node.type)) return true;
    if (node.children) for (const child of node.children) stack.push(child as { type: string; children?: unknown[] });
  }
  return false;
}

/** An MDX file: parsed and transformed by docgen's remark plugins, run and rendered (mdxRun.ts), then docgen's HTML steps. */
function runMdx(file: VFile, options: CompileOptions, pipeline: MarkdownPipeline): HastRoot {
  const tree = pipeline.runRemark(pipeline.parse(file), file);
  // Most of an MDX site's pages are markdown: they run no code and pay for no React render.
  if (!hasMdxCode(tree)) return pipeline.runWithoutCode(tree, file);
  if (!options.mdxRunner) throw new Error(`Compiling ${options.sourcePath} needs the site's MDX runtime`);
  const hast = options.mdxRunner.run(tree, file);
  rehypeDocgen()(hast, file);
  return hast;
}

/** The file the pipeline takes, and what its plugins record in it. */
function toCompileFile(body: string, options: CompileOptions): { file: VFile; data: CompileData } {
  const data: CompileData = {
    diagnostics: [],
    links: [],
    headings: [],
    anchorIds: [],
    urls: new Map(),
    lineOffset: options.bodyLine - 1,
    sourcePath: options.sourcePath,
    source: body,
    mdx: options.mdx,
  };
  return { file: new VFile({ value: body, path: options.sourcePath, data: { docgen: data } }), data };
}

/** Markdown of the syntax most pages use (see warmUpPipeline). */
const WARM_UP_MARKDOWN = `## A heading {#an-id}

A paragraph with **strong**, _emphasis_, \`code\`, [a link](./other.md#part) and https://example.com.

- An item
  1. A numbered one

| Name | Value |
| ---- | :---: |
| a    | 1     |

> A quote

:::note[Title]
An admonition.
:::

\`\`\`js title="example.js"
const answer = await fetch(url, { method: 'POST' }); // {1}
\`\`\`
`;

/**
 * Parses a sample of the syntax most pages use and highlights its code, without the site's
 * plugins: the first page a thread compiles otherwise runs this code before V8 has compiled it
 * (some 50 ms of the first save a dev server renders on that thread).
 */
export function warmUpPipeline(pipeline: MarkdownPipeline): void {
  const { file } = toCompileFile(toDirectiveLabels(WARM_UP_MARKDOWN), { sourcePath: 'warm-up.md', bodyLine: 1 });
  pipeline.parse(file);
  highlightToHtml("const answer = await fetch(url, { method: 'POST' });\n", 'js', new Set());
}

function compileTree(written: string, options: CompileOptions, pipeline: MarkdownPipeline): CompileResult {
  const body = options.mdx ? toMdxSource(written, options.mdx.compat) : toDirectiveLabels(written);
  const { file, data } = toCompileFile(body, options);
  const hast = options.mdx ? runMdx(file, options, pipeline) : pipeline.run(pipeline.parse(file), file);
  // The leading # heading is kept apart: docs and pages show it as their h1, blog posts leave it out.
  let title: HastRoot | undefined;
  if (data.contentTitleId !== undefined) {
    // The h1 first after the page's stylesheet, when it has one (see rehypeDocgen).
    const at = hast.children.findIndex((node) => !isLeadingStyle(node));
    title = { type: 'root', children: hast.children.splice(at, 1) };
    const next = hast.children[at];
    if (next?.type === 'text' && next.value === '\n') hast.children.splice(at, 1);
  }
  const isMarker = (node: RootContent) => node.type === 'element' && node.tagName === 'docgen-truncate';
  const markerIndex = hast.children.findIndex(isMarker);
  const excerpt: HastRoot | undefined = markerIndex >= 0 ? { type: 'root', children: hast.children.slice(0, markerIndex) } : undefined;
  hast.children = hast.children.filter((node: RootContent) => !isMarker(node));
  if (options.mdx) fillTocInline(hast, data.headings);
  const hasDocCardList = options.mdx !== undefined && hasElement(hast, 'doc-card-list');
  const text = getShownText(hast);
  // Before math is rendered: descriptions hold the TeX as written.
  const openingText = getOpeningText(hast);
  const sections = getContentSections(hast);
  highlightCodeBlocks(hast.children);
  if (excerpt) highlightCodeBlocks(excerpt.children);
  if (pipeline.renderMath) {
    if (title) pipeline.renderMath(title, file);
    pipeline.renderMath(hast, file);
    // The excerpt shares the body's nodes: its own top-level ones are rendered, their warnings given once already.
    if (excerpt) pipeline.renderMath(excerpt, new VFile({ value: body, data: { docgen: { ...data, diagnostics: [] } } }));
  }
  // What the site copies for its pages only when one uses it (see BundleExtras in builderResources.ts).
  const hasDiagram = hasElement(hast, (element) => element.properties.dataDiagram === 'mermaid');
  const hasMath =
    pipeline.renderMath !== undefined &&
    [hast, title].some(
      (tree) => tree && hasElement(tree, ({ properties }) => Array.isArray(properties.className) && properties.className.includes('katex')),
    );
  return {
    hast,
    excerpt,
    title,
    meta: {
      hasExcerpt: excerpt !== undefined,
      contentTitle: data.contentTitle,
      contentTitleId: data.contentTitleId,
      headings: data.headings,
      anchorIds: data.anchorIds,
      links: data.links,
      urls: [...data.urls.values()],
      description: getDefaultDescription(openingText ?? text),
      readingTimeMinutes: getReadingTime(text),
      ...(data.components && { components: [...data.components].sort() }),
      ...(hasDocCardList && { hasDocCardList: true as const }),
      ...(hasDiagram && { hasDiagram: true as const }),
      ...(hasMath && { hasMath: true as const }),
      // In the order of the file: markdown and raw HTML are checked in two passes.
      diagnostics: data.diagnostics.sort((a, b) => a.location!.line - b.location!.line || a.location!.column - b.location!.column),
    },
    sections,
  };
}
