import type { Element, Root as HastRoot, RootContent } from 'hast';
import type { ContentSection } from '@docgen/types';

/** Stored text per section is capped: enough for a search snippet, bounded index size. */
const MAX_SECTION_TEXT = 600;
const IDENTIFIER = /[A-Za-z_$][\w$]{2,}/g;
const BLOCK = /^(p|li|td|th|div|h\d|pre|tr)$/;
const CONTAINERS = new Set(['admonition', 'tabs', 'tab', 'div', 'section']);

function textOf(node: RootContent | HastRoot): string {
  if (node.type === 'text') return node.value;
  if (node.type === 'element' && node.tagName === 'style') return '';
  if ('children' in node) {
    return node.children.map((child) => textOf(child as RootContent)).join(node.type === 'element' && BLOCK.test(node.tagName) ? ' ' : '');
  }
  return '';
}

/**
 * Splits compiled content into sections at h2 and h3 headings: the text under each (capped),
 * and the identifiers of its code. The search index is made of these, one entry per section.
 */
export function getContentSections(hast: HastRoot): ContentSection[] {
  const sections: ContentSection[] = [];
  let current = { heading: '', anchor: '', text: [] as string[], code: new Set<string>() };
  const flush = () => {
    const text = current.text.join(' ').replace(/\s+/g, ' ').trim();
    if (text === '' && current.heading === '' && current.code.size === 0) return;
    sections.push({
      heading: current.heading,
      anchor: current.anchor,
      text: text.length > MAX_SECTION_TEXT ? `${text.slice(0, MAX_SECTION_TEXT)}…` : text,
      code: [...current.code].join(' '),
    });
  };
  const visit = (nodes: RootContent[]) => {
    for (const node of nodes) {
      if (node.type !== 'element') {
        if (node.type === 'text') current.text.push(node.value);
        continue;
      }
      const element = node as Element;
      if ((element.tagName === 'h2' || element.tagName === 'h3') && typeof element.properties.id === 'string') {
        flush();
        current = { heading: textOf(element).trim(), anchor: element.properties.id, text: [], code: new Set() };
      } else if (element.tagName === 'pre') {
        for (const match of textOf(element).matchAll(IDENTIFIER)) current.code.add(match[0]);
      } else if (CONTAINERS.has(element.tagName)) {
        visit(element.children);
      } else {
        current.text.push(textOf(element));
        if (element.tagName === 'code') for (const match of textOf(element).matchAll(IDENTIFIER)) current.code.add(match[0]);
      }
    }
  };
  visit(hast.children);
  flush();
  return sections;
}

/**
 * The text of content as a reader sees it, for its description and reading time: the text of
 * every node, as hast-util-to-string gives it, but for the rules of `<style>` elements.
 */
export function getShownText(node: RootContent | HastRoot): string {
  if (node.type === 'text') return node.value;
  if (!('children' in node) || (node.type === 'element' && node.tagName === 'style')) return '';
  let text = '';
  for (const child of node.children) text += getShownText(child);
  return text;
}
