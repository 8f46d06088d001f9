import type { Element, ElementContent, Properties } from 'hast';
import type { ContentElements } from '@docgen/types';
import { describe, expect, it } from 'vitest';
import { renderContent } from '../src/content/renderContent.js';
import { docRoute, parseHtml, SITE } from './renderTheme.js';

const h = (tagName: string, properties: Properties, ...children: ElementContent[]): Element => ({
  type: 'element',
  tagName,
  properties,
  children,
});
const text = (value: string): ElementContent => ({ type: 'text', value });

/**
 * One element of each kind the contract between compile and theme names (ContentElements in
 * @docgen/types), with the properties compile gives it. The record's type makes this list follow
 * the contract: an element added to it has to be added here.
 */
const ELEMENTS: { [Name in keyof ContentElements]: Element } = {
  admonition: h('admonition', { type: 'tip', title: 'Faster' } satisfies ContentElements['admonition'], h('p', {}, text('Cache.'))),
  tabs: h(
    'tabs',
    { groupId: 'os' } satisfies ContentElements['tabs'],
    h('tab', { label: 'Linux', value: 'linux' } satisfies ContentElements['tab'], text('apt')),
  ),
  tab: h('tabs', {}, h('tab', { label: 'Only', value: 'only' } satisfies ContentElements['tab'], text('one'))),
  highlight: h('highlight', { color: 'yellow' } satisfies ContentElements['highlight'], text('marked')),
  pre: h(
    'pre',
    { dataLanguage: 'js', dataTitle: 'a.js' } satisfies ContentElements['pre'],
    h('code', { className: ['language-js'] }, { type: 'raw', value: '<span class="token">let</span> a' } as unknown as ElementContent),
  ),
};

describe('the content elements compile writes for the theme', () => {
  it.each(Object.entries(ELEMENTS))('renders %s with a component of the theme, not as an unknown tag', (name, element) => {
    const html = renderContent({ type: 'root', children: [element] }, { site: SITE, route: docRoute() });
    // The theme's component renders it as ordinary HTML: the outermost element is not the raw tag.
    const [outer] = parseHtml(html).children;
    expect(outer).toMatchObject({ tag: expect.any(String) });
    expect((outer as { tag: string }).tag).not.toBe(name);
    if (name !== 'pre') expect(parseHtml(html).findAll(name)).toEqual([]);
  });

  it('shows a highlighted code block as the one HTML string compile made', () => {
    const html = renderContent({ type: 'root', children: [ELEMENTS.pre] }, { site: SITE, route: docRoute() });
    expect(html).toContain('<code class="language-js"><span class="token">let</span> a</code>');
    expect(html).toContain('a.js');
  });
});
