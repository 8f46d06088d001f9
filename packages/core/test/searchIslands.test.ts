import type { Element, Root as HastRoot } from 'hast';
import { describe, expect, it } from 'vitest';
import { SEARCH_ISLAND_MARK } from '@docgen/shared/search';
import { getContentSections } from '../src/compile/sections.js';
import { getHtmlText, getSectionText } from '../src/search/index.js';

const text = (value: string) => ({ type: 'text' as const, value });
const element = (tagName: string, properties: Element['properties'], children: Element['children']): Element => ({
  type: 'element',
  tagName,
  properties,
  children,
});
const island = (label: string, children: Element['children'] = []) =>
  element('island', { component: 'src/components/Counter.tsx#default', props: JSON.stringify({ label }) }, children);

/** A page with a site component before its first heading (with content inside) and one under it. */
const PAGE: HastRoot = {
  type: 'root',
  children: [
    element('p', {}, [text('Before the counter.')]),
    island('Clicks', [element('p', {}, [text('Inside the counter.')])]),
    element('h2', { id: 'more' }, [text('More')]),
    element('p', {}, [text('Another:')]),
    island('Again'),
  ],
};

describe('the text of site components in the search index', () => {
  it('marks where each component shows in its section, its content children kept as text', () => {
    expect(getContentSections(PAGE)).toEqual([
      {
        heading: '',
        anchor: '',
        text: `Before the counter. ${SEARCH_ISLAND_MARK} Inside the counter.`,
        code: '',
        islands: [{ component: 'src/components/Counter.tsx#default', props: '{"label":"Clicks"}' }],
      },
      {
        heading: 'More',
        anchor: 'more',
        text: `Another: ${SEARCH_ISLAND_MARK}`,
        code: '',
        islands: [{ component: 'src/components/Counter.tsx#default', props: '{"label":"Again"}' }],
      },
    ]);
  });

  it('writes what each component renders in place of its mark, in order, and nothing without a renderer', () => {
    const [first, second] = getContentSections(PAGE);
    const rendered = ({ props }: { props: string }) => `${(JSON.parse(props) as { label: string }).label}: 0`;
    expect(getSectionText(first!, rendered)).toBe('Before the counter. Clicks: 0 Inside the counter.');
    expect(getSectionText(second!, rendered)).toBe('Another: Again: 0');
    expect(getSectionText(first!, undefined)).toBe('Before the counter. Inside the counter.');
    // A section without components is left as it is.
    const plain = { heading: '', anchor: '', text: 'Plain  text.', code: '' };
    expect(getSectionText(plain, rendered)).toBe('Plain  text.');
  });

  it("reads the text of React's server markup as a reader sees it", () => {
    expect(
      getHtmlText(
        '<div class="counter"><button type="button">Clicks<!-- -->: <!-- -->2</button><style>.x{color:red}</style><p>Tom &amp; Jerry &lt;3 &quot;quoted&quot; it&#x27;s</p></div>',
      ),
    ).toBe('Clicks: 2 Tom & Jerry <3 "quoted" it\'s');
  });
});
