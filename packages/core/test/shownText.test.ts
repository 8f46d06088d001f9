import type { ElementContent, Root } from 'hast';
import { describe, expect, it } from 'vitest';
import { getShownText } from '../src/compile/sections.js';

const text = (value: string): ElementContent => ({ type: 'text', value });
const element = (tagName: string, ...children: ElementContent[]): ElementContent => ({
  type: 'element',
  tagName,
  properties: {},
  children,
});
const root = (...children: ElementContent[]): Root => ({ type: 'root', children });

describe('getShownText', () => {
  it('puts a space before a block that text would run into, and only then', () => {
    expect(getShownText(root(element('p', text('One')), element('p', text('two'))))).toBe('One two');
    // Text that ends in a space or a line break needs none.
    expect(getShownText(root(text('One\n'), element('p', text('two'))))).toBe('One\ntwo');
    expect(getShownText(root(element('p', text('One ')), element('li', text('two'))))).toBe('One two');
    // Inline elements run on.
    expect(getShownText(root(element('p', text('bold'), element('strong', text('er')))))).toBe('bolder');
  });

  it('takes no space for empty text: neither at the start nor after text', () => {
    expect(getShownText(root(text(''), element('p', text('first'))))).toBe('first');
    expect(getShownText(root(element('p', text('One')), text(''), element('p', text('two'))))).toBe('One two');
    expect(getShownText(root(element('p', text('One'), text('')), element('p', text('two'))))).toBe('One two');
  });

  it('leaves out the rules of style elements, and reads a long document in order', () => {
    expect(getShownText(root(element('style', text('p { color: red }')), element('p', text('shown'))))).toBe('shown');
    const paragraphs = Array.from({ length: 2000 }, (_, index) => element('p', text(`p${index}`)));
    expect(getShownText(root(...paragraphs))).toBe(Array.from({ length: 2000 }, (_, index) => `p${index}`).join(' '));
  });
});
