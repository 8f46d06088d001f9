import type { Root as HastRoot, RootContent } from 'hast';
import type { Root as MdastRoot } from 'mdast';
import rehypeRaw from 'rehype-raw';
import remarkCjkFriendly from 'remark-cjk-friendly';
import remarkCjkFriendlyGfmStrikethrough from 'remark-cjk-friendly-gfm-strikethrough';
import remarkDirective from 'remark-directive';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified, type Plugin } from 'unified';
import { VFile } from 'vfile';
import type { CompiledMarkdown, ContentSection } from '@docgen/types';
import { getLineColumn } from '../diagnostics/index.js';
import { toDirectiveLabels } from './admonitionTitles.js';
import { createCodeHandler, highlightCodeBlocks } from './codeBlocks.js';
import type { CompileData } from './compileData.js';
import { remarkGfmAutolinkGate, remarkGfmTableGate } from './gfmGates.js';
import { assertHtmlNesting, assertNesting, findSlowSyntax, MAX_NESTING, NestingError } from './nesting.js';
import { hasRawHtml } from './rawHtml.js';
import { rehypeDocgen } from './rehypeDocgen.js';
import { remarkDocgen } from './remarkDocgen.js';
import { getContentSections, getShownText } from './sections.js';
import { getDefaultDescription, getReadingTime } from './textSummary.js';

export interface CompileOptions {
  /** Site-relative path of the source, for diagnostics. */
  sourcePath: string;
  /** 1-based line of the source file on which `body` starts (after front matter). */
  bodyLine: number;
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
 * mdast-util-from-markdown, rehype-raw only where there is raw HTML);
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
}

/** docgen's pipeline with a site's extensions (`markdown` of the config). */
export function createDocgenPipeline(extensions: PipelineExtensions): MarkdownPipeline {
  const markdown = () => {
    const processor = unified()
      .use(remarkParse)
      .use(remarkNestingLimit)
      .use(remarkGfm)
      .use(remarkGfmAutolinkGate)
      .use(remarkGfmTableGate)
      .use(remarkCjkFriendly)
      .use(remarkCjkFriendlyGfmStrikethrough)
      .use(remarkDirective)
      .use(extensions.remarkMath ? [extensions.remarkMath] : [])
      .use(remarkDocgen);
    for (const plugin of extensions.remarkPlugins) processor.use(plugin.attacher, plugin.options);
    return processor.use(remarkRehype, { allowDangerousHtml: true, handlers: { code: createCodeHandler(extensions) } });
  };
  const rehype = <T extends ReturnType<typeof markdown>>(processor: T) => {
    for (const plugin of extensions.rehypePlugins) processor.use(plugin.attacher, plugin.options);
    return processor.freeze();
  };
  /** Reparsing raw HTML (parse5) is the costliest step: only files that contain raw HTML pay it (see rawHtml.ts). */
  const withRawHtml = rehype(markdown().use(rehypeRaw).use(rehypeDocgen) as unknown as ReturnType<typeof markdown>);
  const withoutRawHtml = rehype(markdown().use(rehypeDocgen) as unknown as ReturnType<typeof markdown>);
  return {
    parse: (file) => withoutRawHtml.parse(file),
    run(mdast, file) {
      // Raw HTML starts with `<`: most files hold none, and need no walk to tell.
      const rawHtml = String(file.value).includes('<') && hasRawHtml(mdast);
      // Parsing raw HTML recurses as deep as its elements nest.
      if (rawHtml) assertHtmlNesting(mdast);
      return (rawHtml ? withRawHtml : withoutRawHtml).runSync(mdast, file) as unknown as HastRoot;
    },
    renderMath: extensions.renderMath,
  };
}

/** docgen's pipeline for a site that adds nothing: no math, mermaid diagrams, no plugins of its own. */
export const docgenPipeline: MarkdownPipeline = createDocgenPipeline({ mermaid: true, remarkPlugins: [], rehypePlugins: [] });

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
  failure: { code?: string; message: string; hint: string; position: { line: number; column: number } },
  options: CompileOptions,
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
          code: failure.code ?? 'markdown-nesting',
          message: failure.message,
          hint: failure.hint,
          location: { file: options.sourcePath, line: line + options.bodyLine - 1, column },
        },
      ],
    },
    sections: [],
  };
}

function compileTree(written: string, options: CompileOptions, pipeline: MarkdownPipeline): CompileResult {
  const body = toDirectiveLabels(written);
  const data: CompileData = {
    diagnostics: [],
    links: [],
    headings: [],
    anchorIds: [],
    urls: new Map(),
    lineOffset: options.bodyLine - 1,
    sourcePath: options.sourcePath,
    source: body,
  };
  const file = new VFile({ value: body, path: options.sourcePath, data: { docgen: data } });
  const hast = pipeline.run(pipeline.parse(file), file);
  // The leading # heading is kept apart: docs and pages show it as their h1, blog posts leave it out.
  let title: HastRoot | undefined;
  if (data.contentTitleId !== undefined) {
    title = { type: 'root', children: [hast.children.shift()!] };
    const next = hast.children[0];
    if (next?.type === 'text' && next.value === '\n') hast.children.shift();
  }
  const isMarker = (node: RootContent) => node.type === 'element' && node.tagName === 'docgen-truncate';
  const markerIndex = hast.children.findIndex(isMarker);
  const excerpt: HastRoot | undefined = markerIndex >= 0 ? { type: 'root', children: hast.children.slice(0, markerIndex) } : undefined;
  hast.children = hast.children.filter((node: RootContent) => !isMarker(node));
  const text = getShownText(hast);
  const sections = getContentSections(hast);
  highlightCodeBlocks(hast.children);
  if (excerpt) highlightCodeBlocks(excerpt.children);
  if (pipeline.renderMath) {
    if (title) pipeline.renderMath(title, file);
    pipeline.renderMath(hast, file);
    // The excerpt shares the body's nodes: its own top-level ones are rendered, their warnings given once already.
    if (excerpt) pipeline.renderMath(excerpt, new VFile({ value: body, data: { docgen: { ...data, diagnostics: [] } } }));
  }
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
      description: getDefaultDescription(text),
      readingTimeMinutes: getReadingTime(text),
      // In the order of the file: markdown and raw HTML are checked in two passes.
      diagnostics: data.diagnostics.sort((a, b) => a.location!.line - b.location!.line || a.location!.column - b.location!.column),
    },
    sections,
  };
}
