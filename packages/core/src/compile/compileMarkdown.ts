import GithubSlugger from 'github-slugger';
import type { Element, ElementContent, Properties, Root as HastRoot, RootContent } from 'hast';
import { toString as hastToString } from 'hast-util-to-string';
import type { Code, Heading, Html, Paragraph, Root as MdastRoot, RootContent as MdastContent, Text } from 'mdast';
import type { ContainerDirective, LeafDirective, TextDirective } from 'mdast-util-directive';
import { toString as mdastToString } from 'mdast-util-to-string';
import rehypeRaw from 'rehype-raw';
import remarkCjkFriendly from 'remark-cjk-friendly';
import remarkCjkFriendlyGfmStrikethrough from 'remark-cjk-friendly-gfm-strikethrough';
import remarkDirective from 'remark-directive';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype, { type Options as RemarkRehypeOptions } from 'remark-rehype';
import { unified } from 'unified';
import { SKIP, visit } from 'unist-util-visit';
import { VFile } from 'vfile';
import type { CompiledMarkdown, ContentLink, ContentSection, Diagnostic, TocItem } from '@docgen/types';
import { getLineColumn } from '../diagnostics/index.js';
import { remarkGfmAutolinkGate, remarkGfmTableGate } from './gfmGates.js';
import { highlightToHtml, isKnownLanguage, parseCodeMeta } from './highlight.js';
import { isKnownHtmlTag } from './htmlTags.js';
import { getElementRemoval, sanitizeElement, type Warn } from './sanitizeHtml.js';
import { walkTree } from './walk.js';
import { assertHtmlNesting, assertNesting, findSlowSyntax, MAX_NESTING, NestingError } from './nesting.js';
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

const ADMONITIONS = new Set(['note', 'tip', 'info', 'warning', 'danger', 'caution']);
const TRUNCATE = /^<!--\s*truncate\s*-->$/;
const EXPLICIT_ID = /\s*\{#([^\s{}]+)\}\s*$/;
/** A complete HTML comment, `<!-->` and `<!--->` included (browsers end a comment there too). */
const COMMENT = /<!--(?:-?>|[\s\S]*?-->)/g;
/**
 * Raw HTML a browser never shows, after skipping complete comments (which authors write to be
 * hidden): an unclosed comment, a processing instruction, a declaration, CDATA (group 1).
 */
const NOT_SHOWN = /<!--(?:-?>|[\s\S]*?-->)|(<!--|<\?|<![A-Za-z[])/g;
interface FileData {
  diagnostics: Diagnostic[];
  links: ContentLink[];
  contentTitle?: string;
  contentTitleId?: string;
  headings: TocItem[];
  anchorIds: string[];
  urls: Map<string, { value: string; kind: 'link' | 'image' }>;
  lineOffset: number;
  sourcePath: string;
  source: string;
}

/**
 * A fenced code block: its text for now (headings, text and search sections are read from the
 * tree first), highlighted by `highlightCodeBlocks` once compiling is done. The highlighted lines
 * ride on the `code` element as a property, which survives reparsing raw HTML.
 */
const codeHandler: NonNullable<RemarkRehypeOptions['handlers']>['code'] = (_state, node: Code) => {
  const language = (node.lang ?? '').toLowerCase();
  const meta = parseCodeMeta(node.meta);
  const properties: Properties = { dataLanguage: language || 'text' };
  if (meta.title) properties.dataTitle = meta.title;
  if (meta.showLineNumbers) properties.dataLineNumbers = 'true';
  const code: Element = {
    type: 'element',
    tagName: 'code',
    properties: { className: [`language-${language || 'text'}`], [HIGHLIGHT_LINES]: [...meta.lines].join(',') },
    children: [{ type: 'text', value: node.value }],
  };
  return { type: 'element', tagName: 'pre', properties, children: [code] };
};

/** The property of a code block's `code` element that holds its highlighted lines until it is highlighted. */
const HIGHLIGHT_LINES = 'dataDocgenHighlightLines';

/**
 * Highlights the code blocks of a compiled tree (see codeHandler). Each becomes `pre > code` with
 * one `raw` node of HTML: highlighted code is three quarters of a page's nodes, and kept as a
 * string it is stored, read back and rendered in one piece.
 */
function highlightCodeBlocks(nodes: RootContent[]): void {
  // A stack of its own, as in every walk of a page's tree: its depth is the content's to choose.
  const stack: RootContent[][] = [nodes];
  while (stack.length > 0) {
    for (const node of stack.pop()!) {
      if (node.type !== 'element') continue;
      const code = node.children[0];
      const lines = code?.type === 'element' ? code.properties[HIGHLIGHT_LINES] : undefined;
      if (node.tagName === 'pre' && code?.type === 'element' && typeof lines === 'string') {
        delete code.properties[HIGHLIGHT_LINES];
        const text = code.children.length === 1 && code.children[0]!.type === 'text' ? code.children[0].value : hastToString(code);
        const highlighted = new Set(lines === '' ? [] : lines.split(',').map(Number));
        code.children = [{ type: 'raw', value: highlightToHtml(text, String(node.properties.dataLanguage), highlighted) }];
        continue;
      }
      stack.push(node.children);
    }
  }
}

/** Records a warning at a 1-based line and column of the body (reported as the line of the file). */
function createWarn(data: FileData): Warn {
  return (message, hint, position) =>
    data.diagnostics.push({
      severity: 'warning',
      code: 'markdown',
      message,
      hint,
      location: { file: data.sourcePath, line: (position?.line ?? 1) + data.lineOffset, column: position?.column ?? 1 },
    });
}

function remarkDocgen() {
  return (tree: MdastRoot, file: VFile) => {
    const data = file.data as unknown as FileData;
    const warn = createWarn(data);
    const first = tree.children[0];
    const title = first?.type === 'heading' && first.depth === 1 ? first : undefined;

    visit(tree, (node, index, parent) => {
      switch (node.type) {
        case 'link':
        case 'image':
        case 'definition':
          if (node.position) {
            data.links.push({
              url: node.url,
              kind: node.type === 'image' ? 'image' : 'link',
              line: node.position.start.line + data.lineOffset,
              column: node.position.start.column,
            });
          }
          return;
        case 'heading': {
          const last = node.children[node.children.length - 1];
          const match = last?.type === 'text' ? EXPLICIT_ID.exec(last.value) : null;
          if (last?.type === 'text' && match) {
            last.value = last.value.slice(0, match.index);
            node.data = { ...node.data, hProperties: { ...node.data?.hProperties, id: match[1] } };
          }
          return;
        }
        case 'code':
          if (node.lang && !isKnownLanguage(node.lang.toLowerCase())) {
            warn(
              `Unknown code language "${node.lang}"; the block is shown without highlighting`,
              'Use a Prism language name, or add it to code.additionalLanguages in the config.',
              node.position?.start,
            );
          }
          return;
        case 'html':
          checkHtml(node, index, parent, data, warn);
          return;
        case 'containerDirective':
        case 'leafDirective':
        case 'textDirective':
          return transformDirective(node, index, parent, data, warn);
        default:
          return;
      }
    });
    // Read once the visit has taken an explicit {#id} off its text.
    if (title) data.contentTitle = mdastToString(title);
  };
}

function checkHtml(
  node: Html,
  index: number | undefined,
  parent: { type: string; children: unknown[] } | undefined,
  data: FileData,
  warn: Warn,
): void {
  const value = node.value.trim();
  if (TRUNCATE.test(value) && index !== undefined && parent?.type === 'root') {
    // The excerpt marker becomes an element of its own, so it survives without reparsing raw HTML.
    parent.children[index] = { type: 'truncateMarker', data: { hName: 'docgen-truncate' } };
    return;
  }
  warnNotShown(node, data, warn);
  const shown = node.value.replace(COMMENT, '');
  if (shown.trim() === '') return;
  const tags = [...shown.matchAll(/<\/?([A-Za-z][\w-]*)/g)].map((match) => match[1]!);
  const unknown = tags.find((tag) => !isKnownHtmlTag(tag));
  if (unknown === undefined || index === undefined || !parent) return;
  warn(
    `Unknown HTML tag <${unknown}> is shown as text`,
    `If this is code such as List<${unknown}>, wrap it in backticks: \`List<${unknown}>\`.`,
    node.position?.start,
  );
  parent.children[index] = { type: 'text', value: shown, position: node.position } satisfies Text;
}

/**
 * Warns, at its line and column, about raw HTML that a browser never shows though it was not
 * written as a comment: an unclosed comment (which hides the rest of its block), a processing
 * instruction, a declaration or CDATA. The written source is read, for its positions.
 */
function warnNotShown(node: Html, data: FileData, warn: Warn): void {
  const start = node.position?.start.offset;
  const end = node.position?.end.offset;
  if (start === undefined || end === undefined || !node.value.includes('<')) return;
  const source = data.source.slice(start, end);
  for (const match of source.matchAll(NOT_SHOWN)) {
    if (match[1] === undefined) continue;
    const position = getLineColumn(data.source, start + match.index);
    if (match[1] === '<!--') {
      warn('An HTML comment is never closed: the text after it is not shown', 'Close the comment with -->.', position);
      return;
    }
    const line = source.slice(match.index).split(/\r?\n/, 1)[0]!;
    const written = line.includes('>') ? line.slice(0, line.indexOf('>') + 1) : line;
    warn(
      `${written.length > 40 ? `${written.slice(0, 39)}…` : written} is not shown: browsers do not display it in a page`,
      'To show it as text, put it in backticks or in a fenced code block.',
      position,
    );
  }
}

function transformDirective(
  node: ContainerDirective | LeafDirective | TextDirective,
  index: number | undefined,
  parent: { children: unknown[] } | undefined,
  data: FileData,
  warn: Warn,
): typeof SKIP | undefined {
  const attributes = node.attributes ?? {};
  if (node.type === 'containerDirective' && ADMONITIONS.has(node.name)) {
    const label = node.children[0];
    let title: string | undefined;
    if (label?.type === 'paragraph' && label.data?.directiveLabel) {
      title = mdastToString(label);
      node.children.shift();
    }
    node.data = { hName: 'admonition', hProperties: { type: node.name, title } };
    return undefined;
  }
  if (node.type === 'containerDirective' && node.name === 'tabs') {
    node.data = { hName: 'tabs', hProperties: { groupId: attributes.groupId ?? undefined } };
    node.children.forEach((child) => {
      if (child.type !== 'containerDirective' || child.name !== 'tab') {
        warn('Only :::tab blocks belong inside ::::tabs', 'Wrap this content in :::tab{label="..."} ... :::', child.position?.start);
      }
    });
    return undefined;
  }
  if (node.type === 'containerDirective' && node.name === 'tab') {
    const label = attributes.label ?? attributes.value ?? 'Tab';
    node.data = { hName: 'tab', hProperties: { label, value: attributes.value ?? label } };
    return undefined;
  }
  if (node.type === 'textDirective' && node.name === 'highlight') {
    node.data = { hName: 'highlight', hProperties: { color: attributes.color ?? undefined } };
    return undefined;
  }
  if (index === undefined || !parent) return undefined;
  if (node.type === 'textDirective') {
    // Not a directive we know: `key:value` in prose. Give the text back exactly as written.
    const start = node.position?.start.offset;
    const end = node.position?.end.offset;
    const value = start !== undefined && end !== undefined ? data.source.slice(start, end) : `:${node.name}`;
    parent.children[index] = { type: 'text', value } satisfies Text;
    return SKIP;
  }
  warn(
    `Unknown directive "${node.type === 'containerDirective' ? ':::' : '::'}${node.name}"`,
    'Known directives: :::note, :::tip, :::info, :::warning, :::danger, ::::tabs with :::tab, and :highlight[text].',
    node.position?.start,
  );
  node.data = { hName: 'div', hProperties: { className: ['directive-unknown'] } };
  return undefined;
}

/** Every element of a tree in document order (a plain loop: this runs on every node of every page). */
function forEachElement(root: HastRoot, each: (element: Element) => void): void {
  walkTree<HastRoot | RootContent, true>(root, true, (node) => {
    if (node.type !== 'element') return undefined;
    each(node);
    return true;
  });
}

/** Source positions are not needed after compiling: dropped, the stored content is smaller. */
function stripPositions(root: HastRoot): void {
  const stack: (HastRoot | RootContent)[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    delete node.position;
    if ('children' in node) for (const child of node.children) stack.push(child);
  }
}

function rehypeDocgen() {
  return (tree: HastRoot, file: VFile) => {
    const data = file.data as unknown as FileData;
    const warn = createWarn(data);
    const first = tree.children[0];
    const title = data.contentTitle !== undefined && first?.type === 'element' && first.tagName === 'h1' ? first : undefined;
    // Raw HTML may nest deeper than the markdown around it.
    assertNesting(tree, 'HTML', (node) => node.type === 'element');
    removeNotShown(tree, warn);
    const slugger = new GithubSlugger();
    // Ids written by the author ({#id}, raw HTML) are reserved first: generated ids step around them.
    const taken = new Set<string>();
    forEachElement(tree, (node) => {
      if (typeof node.properties.id === 'string') taken.add(node.properties.id);
    });
    const ids: string[] = [];
    forEachElement(tree, (node) => {
      const url = node.tagName === 'a' ? node.properties.href : node.tagName === 'img' ? node.properties.src : undefined;
      if (typeof url === 'string' && url !== '') {
        const kind = node.tagName === 'img' ? 'image' : 'link';
        data.urls.set(`${kind}\0${url}`, { value: url, kind });
      }
      const level = node.tagName.length === 2 && node.tagName[0] === 'h' ? Number(node.tagName[1]) : 0;
      if (level >= 1 && level <= 6) {
        const text = hastToString(node).trim();
        // Ids in Unicode NFC, as links to them are resolved: a heading typed in NFD gets the same id.
        let id = typeof node.properties.id === 'string' ? node.properties.id.normalize('NFC') : undefined;
        if (id === undefined) {
          id = slugger.slug(text.normalize('NFC'));
          while (taken.has(id)) id = slugger.slug(text.normalize('NFC'));
          taken.add(id);
        }
        node.properties.id = id;
        if (level >= 2) data.headings.push({ value: text, id, level });
        else if (node === title) data.contentTitleId = id;
        else {
          warn(
            `The heading "${text}" is a second h1 on the page`,
            'A page has one h1, its title: a # heading on the first line, or else the front matter title. Use ## for a section.',
            node.position?.start,
          );
        }
      }
      if (typeof node.properties.id === 'string') ids.push(node.properties.id);
    });
    data.anchorIds = [...new Set(ids)];
    stripPositions(tree);
  };
}

/**
 * Takes out of a tree what a page does not show: comments, which authors write to be hidden, and,
 * with a warning at their position, what sanitizeHtml.ts removes. Each element is cleaned before
 * its children, in document order.
 */
function removeNotShown(root: HastRoot, warn: Warn): void {
  // Children of `parent` before `next` are done; those kept were moved to the front, before `kept`.
  type Frame = { parent: HastRoot | Element; inSvg: boolean; next: number; kept: number };
  const stack: Frame[] = [{ parent: root, inSvg: false, next: 0, kept: 0 }];
  while (stack.length > 0) {
    const frame = stack[stack.length - 1]!;
    const { parent } = frame;
    if (frame.next === parent.children.length) {
      parent.children.length = frame.kept;
      stack.pop();
      continue;
    }
    const child = parent.children[frame.next++]!;
    // Raw HTML reaches here unparsed only when it holds nothing but comments (see hasRawHtml).
    if (child.type === 'comment' || (child.type === 'raw' && isCommentOnly(child.value))) continue;
    if (child.type === 'element') {
      const svg = frame.inSvg || child.tagName === 'svg';
      const removed = getElementRemoval(child, svg);
      if (removed) {
        warn(removed.message, removed.hint, child.position?.start);
        continue;
      }
      sanitizeElement(child, warn);
      parent.children[frame.kept++] = child;
      stack.push({ parent: child, inSvg: svg, next: 0, kept: 0 });
      continue;
    }
    parent.children[frame.kept++] = child;
  }
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

const markdown = () =>
  unified()
    .use(remarkParse)
    .use(remarkNestingLimit)
    .use(remarkGfm)
    .use(remarkGfmAutolinkGate)
    .use(remarkGfmTableGate)
    .use(remarkCjkFriendly)
    .use(remarkCjkFriendlyGfmStrikethrough)
    .use(remarkDirective)
    .use(remarkDocgen)
    .use(remarkRehype, { allowDangerousHtml: true, handlers: { code: codeHandler } });

/** Reparsing raw HTML (parse5) is the costliest step: only files that contain raw HTML pay it. */
const withRawHtml = markdown().use(rehypeRaw).use(rehypeDocgen).freeze();
const withoutRawHtml = markdown().use(rehypeDocgen).freeze();

/** Whether raw HTML holds nothing but complete comments and white space. */
function isCommentOnly(html: string): boolean {
  return html.replace(COMMENT, '').trim() === '';
}

/**
 * Whether the tree holds raw HTML other than comments, which must be parsed to be shown (a plain
 * loop: it runs on every node of every file).
 */
function hasRawHtml(tree: MdastRoot): boolean {
  const stack: (MdastRoot | MdastContent)[] = [tree];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.type === 'html') {
      if (!isCommentOnly(node.value)) return true;
    } else if ('children' in node) {
      for (let index = node.children.length - 1; index >= 0; index--) stack.push(node.children[index]!);
    }
  }
  return false;
}

/**
 * Compiles one markdown body to hast plus everything later stages need (headings, ids, links,
 * diagnostics). A pure function of its inputs, so its result can be cached by content hash.
 *
 * A body that nests deeper than MAX_NESTING (or would take the parser time quadratic in its
 * length, see findSlowSyntax) compiles to nothing, with an error at the place that went too deep:
 * the build fails with it, after every other file compiled.
 */
export function compileMarkdown(body: string, options: CompileOptions): CompileResult {
  const slow = findSlowSyntax(body);
  if (slow) return toFailedResult({ ...slow, position: getLineColumn(body, slow.offset) }, options);
  try {
    return compileTree(body, options);
  } catch (error) {
    if (error instanceof NestingError)
      return toFailedResult({ message: error.message, hint: error.hint!, position: error.position }, options);
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
  failure: { message: string; hint: string; position: { line: number; column: number } },
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
          code: 'markdown-nesting',
          message: failure.message,
          hint: failure.hint,
          location: { file: options.sourcePath, line: line + options.bodyLine - 1, column },
        },
      ],
    },
    sections: [],
  };
}

function compileTree(body: string, options: CompileOptions): CompileResult {
  const data: FileData = {
    diagnostics: [],
    links: [],
    headings: [],
    anchorIds: [],
    urls: new Map(),
    lineOffset: options.bodyLine - 1,
    sourcePath: options.sourcePath,
    source: body,
  };
  const file = new VFile({ value: body, path: options.sourcePath, data: data as never });
  const mdast = withoutRawHtml.parse(file);
  // Raw HTML starts with `<`: most files hold none, and need no walk to tell.
  const rawHtml = body.includes('<') && hasRawHtml(mdast);
  // Parsing raw HTML recurses as deep as its elements nest.
  if (rawHtml) assertHtmlNesting(mdast);
  const processor = rawHtml ? withRawHtml : withoutRawHtml;
  const hast = processor.runSync(mdast, file) as HastRoot;
  const result = file.data as unknown as FileData;
  // The leading # heading is kept apart: docs and pages show it as their h1, blog posts leave it out.
  let title: HastRoot | undefined;
  if (result.contentTitleId !== undefined) {
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
  return {
    hast,
    excerpt,
    title,
    meta: {
      hasExcerpt: excerpt !== undefined,
      contentTitle: result.contentTitle,
      contentTitleId: result.contentTitleId,
      headings: result.headings,
      anchorIds: result.anchorIds,
      links: result.links,
      urls: [...result.urls.values()],
      description: getDefaultDescription(text),
      readingTimeMinutes: getReadingTime(text),
      // In the order of the file: markdown and raw HTML are checked in two passes.
      diagnostics: result.diagnostics.sort((a, b) => a.location!.line - b.location!.line || a.location!.column - b.location!.column),
    },
    sections,
  };
}

export type { ElementContent, MdastContent, Paragraph, Heading };
