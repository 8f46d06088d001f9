import type { Root as HastRoot, RootContent } from 'hast';
import type { ContentElements, ContentSection } from '@docgen/types';
import { SEARCH_ISLAND_MARK } from '@docgen/shared/search';
import { isSpace } from './textSummary.js';
import { walkTree } from './walk.js';

/** Stored text per section is capped: enough for a search snippet, bounded index size. */
const MAX_SECTION_TEXT = 600;
const IDENTIFIER = /[A-Za-z_$][\w$]{2,}/g;
const BLOCK = /^(p|li|td|th|div|h\d|pre|tr)$/;
const CONTAINERS = new Set(['admonition', 'tabs', 'tab', 'div', 'section']);

type Island = NonNullable<ContentSection['islands']>[number];

/**
 * The text of a node: its text nodes in order, but for the rules of `<style>` elements, with a
 * space between the children of block elements. A loop with a stack of its own: the depth of the
 * tree is the content's to choose.
 */
function textOf(root: RootContent | HastRoot): string {
  type Frame = { children: RootContent[]; next: number; parts: string[]; separator: string };
  const open = (node: RootContent | HastRoot): Frame | string => {
    if (node.type === 'text') return node.value;
    if ((node.type === 'element' && node.tagName === 'style') || !('children' in node)) return '';
    return {
      children: node.children as RootContent[],
      next: 0,
      parts: [],
      separator: node.type === 'element' && BLOCK.test(node.tagName) ? ' ' : '',
    };
  };
  const first = open(root);
  if (typeof first === 'string') return first;
  const stack: Frame[] = [first];
  for (;;) {
    const frame = stack[stack.length - 1]!;
    if (frame.next < frame.children.length) {
      const child = open(frame.children[frame.next++]!);
      if (typeof child === 'string') frame.parts.push(child);
      else stack.push(child);
      continue;
    }
    stack.pop();
    const text = frame.parts.join(frame.separator);
    if (stack.length === 0) return text;
    stack[stack.length - 1]!.parts.push(text);
  }
}

/**
 * Splits compiled content into sections at h2 and h3 headings: the text under each (capped),
 * and the identifiers of its code. The search index is made of these, one entry per section.
 */
export function getContentSections(hast: HastRoot): ContentSection[] {
  const sections: ContentSection[] = [];
  const start = (heading: string, anchor: string) => ({
    heading,
    anchor,
    text: [] as string[],
    code: new Set<string>(),
    islands: [] as Island[],
  });
  let current = start('', '');
  const flush = () => {
    const text = current.text.join(' ').replace(/\s+/g, ' ').trim();
    if (text === '' && current.heading === '' && current.code.size === 0) return;
    sections.push({
      heading: current.heading,
      anchor: current.anchor,
      text: text.length > MAX_SECTION_TEXT ? `${text.slice(0, MAX_SECTION_TEXT)}…` : text,
      code: [...current.code].join(' '),
      ...(current.islands.length > 0 && { islands: current.islands }),
    });
  };
  walkTree<HastRoot | RootContent, true>(hast, true, (node) => {
    if (node.type !== 'element') {
      if (node.type === 'text') current.text.push(node.value);
      return undefined;
    }
    if ((node.tagName === 'h2' || node.tagName === 'h3') && typeof node.properties.id === 'string') {
      flush();
      current = start(textOf(node).trim(), node.properties.id);
    } else if (node.tagName === 'pre') {
      for (const match of textOf(node).matchAll(IDENTIFIER)) current.code.add(match[0]);
    } else if (CONTAINERS.has(node.tagName)) {
      return true;
    } else if (node.tagName === 'island') {
      // What the component renders is written in by the search index (see SEARCH_ISLAND_MARK); its children are content.
      const { component, props } = node.properties as unknown as ContentElements['island'];
      current.islands.push({ component: String(component), props: String(props) });
      current.text.push(SEARCH_ISLAND_MARK);
      return true;
    } else {
      current.text.push(textOf(node));
      if (node.tagName === 'code') for (const match of textOf(node).matchAll(IDENTIFIER)) current.code.add(match[0]);
    }
    return undefined;
  });
  flush();
  return sections;
}

/**
 * The text of content as a reader sees it, for its description and reading time: the text of
 * every node, as hast-util-to-string gives it, but for the rules of `<style>` elements, and with a
 * space before a block element that text without one would run into (an MDX page's blocks have no
 * line breaks between them: the last line of a code block ran into the next tab's text).
 */
export function getShownText(root: RootContent | HastRoot): string {
  let text = '';
  // The code of the text's last character (-1 while it is empty), kept aside: reading it from
  // `text`, a string built by concatenation, flattens it, which copied the whole text again at
  // every block (on the bench's pages, 5% of the memory compiling a page allocates).
  let last = -1;
  const stack: (RootContent | HastRoot)[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.type === 'text') {
      if (node.value === '') continue;
      text += node.value;
      last = node.value.charCodeAt(node.value.length - 1);
    } else if ('children' in node && !(node.type === 'element' && node.tagName === 'style')) {
      if (node.type === 'element' && BLOCK.test(node.tagName) && last !== -1 && !isSpace(last)) {
        text += ' ';
        last = 0x20;
      }
      for (let index = node.children.length - 1; index >= 0; index--) stack.push(node.children[index]!);
    }
  }
  return text;
}

/** Elements whose paragraphs are no opening text: code, tables, disclosures a reader opens. */
const NOT_OPENING = new Set(['pre', 'table', 'details']);

/**
 * The shown text of the first paragraph of content with any text, in reading order (one in an
 * admonition or a list too): what a page's description is made of when its front matter has
 * none, as Docusaurus takes the first line of prose, and not the headings and code after it (a
 * doc card read "Documents are groups of pages connected through: a sidebar previous/next
 * navigation versioning Create your first Doc Create a Markdown file at..."). Undefined when
 * content has no such paragraph.
 */
export function getOpeningText(root: HastRoot): string | undefined {
  const stack: RootContent[] = [...root.children].reverse();
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.type !== 'element' || NOT_OPENING.has(node.tagName)) continue;
    if (node.tagName === 'p') {
      const text = getShownText(node);
      if (text.trim() !== '') return text;
      continue;
    }
    for (let index = node.children.length - 1; index >= 0; index--) stack.push(node.children[index]!);
  }
  return undefined;
}
