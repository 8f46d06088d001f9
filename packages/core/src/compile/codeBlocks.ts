import type { ContentElements } from '@docgen/types';
import type { Element, RootContent } from 'hast';
import { hastToString } from '../vendor/markdown.js';
import type { Code } from 'mdast';
import type { Options as RemarkRehypeOptions } from 'remark-rehype';
import { highlightToHtml, parseCodeMeta } from './highlight.js';
import { applyMagicComments } from './magicComments.js';

/** The property of a code block's `code` element that holds its highlighted lines until it is highlighted. */
const HIGHLIGHT_LINES = 'dataDocgenHighlightLines';

/**
 * A fenced code block: its text for now, without magic comments (magicComments.ts): headings, text and search sections
 * are read from the tree first, highlighted by `highlightCodeBlocks` once compiling is done. The highlighted lines
 * ride on the `code` element as a property, which survives reparsing raw HTML.
 */
export function createCodeHandler(options: { mermaid: boolean }): NonNullable<RemarkRehypeOptions['handlers']>['code'] {
  return (_state, node: Code) => {
    const language = (node.lang ?? '').toLowerCase();
    const meta = parseCodeMeta(node.meta);
    const properties: ContentElements['pre'] = { dataLanguage: language || 'text' };
    // The theme draws it in the browser; the block is what readers without JavaScript see.
    if (options.mermaid && language === 'mermaid') properties.dataDiagram = 'mermaid';
    if (meta.title) properties.dataTitle = meta.title;
    if (meta.lineNumbersStart !== undefined) properties.dataLineNumbers = String(meta.lineNumbersStart);
    // Lines given in the meta string win over magic comments, which then stay in the code (as in Docusaurus).
    const { code: text, lines } = meta.lines ? { code: node.value, lines: meta.lines } : applyMagicComments(node.value, language);
    const code: Element = {
      type: 'element',
      tagName: 'code',
      properties: { className: [`language-${language || 'text'}`], [HIGHLIGHT_LINES]: [...lines].join(',') },
      children: [{ type: 'text', value: text }],
    };
    return { type: 'element', tagName: 'pre', properties: { ...properties }, children: [code] };
  };
}

/** The code handler of a site with mermaid diagrams (the default). */
export const codeHandler: NonNullable<RemarkRehypeOptions['handlers']>['code'] = createCodeHandler({ mermaid: true });

/**
 * Highlights the code blocks of a compiled tree (see codeHandler). Each becomes `pre > code` with
 * one `raw` node of HTML: highlighted code is three quarters of a page's nodes, and kept as a
 * string it is stored, read back and rendered in one piece.
 */
export function highlightCodeBlocks(nodes: RootContent[]): void {
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
