import type { Element, ElementContent, Properties, Root } from 'hast';
import { describe, expect, it } from 'vitest';
import { renderContent } from '../src/content/renderContent.js';
import { docRoute, EN_SITE, parseHtml, SITE, type HtmlElement } from './renderTheme.js';

/**
 * The markdown components of the theme, given the elements core's compile stage produces for
 * directives and code (hand-written here: `admonition {type, title}`, `tabs {groupId}`,
 * `tab {label, value}`, a `pre > code` holding the highlighted lines as one `raw` node).
 */
const h = (tagName: string, properties: Properties, ...children: (ElementContent | string)[]): Element => ({
  type: 'element',
  tagName,
  properties,
  children: children.map((child) => (typeof child === 'string' ? { type: 'text', value: child } : child)),
});
const root = (...children: ElementContent[]): Root => ({ type: 'root', children });
const renderIn = (site: typeof SITE, ...children: ElementContent[]) =>
  parseHtml(renderContent(root(...children), { site, route: docRoute() }));
const byClass = (tree: HtmlElement, name: string) => tree.findAll((element) => element.attrs.class?.split(' ').includes(name) ?? false);

describe('admonitions', () => {
  it('are titled by their type in the locale unless the author gave a title, with a decorative icon', () => {
    const tree = renderIn(
      SITE,
      h('admonition', { type: 'warning' }, h('p', {}, 'Careful.')),
      h('admonition', { type: 'tip', title: 'Faster builds' }, h('p', {}, 'Cache.')),
      h('admonition', { type: 'caution' }, h('p', {}, 'Slow.')),
    );
    const admonitions = byClass(tree, 'admonition');
    expect(admonitions.map((admonition) => admonition.attrs.class)).toEqual([
      'admonition admonition-warning',
      'admonition admonition-tip',
      'admonition admonition-caution',
    ]);
    expect(admonitions.map((admonition) => byClass(admonition, 'admonition-heading')[0]!.text)).toEqual(['경고', 'Faster builds', '주의']);
    expect(admonitions.map((admonition) => byClass(admonition, 'admonition-content')[0]!.text)).toEqual(['Careful.', 'Cache.', 'Slow.']);
    expect(tree.findAll('svg').every((svg) => svg.attrs['aria-hidden'] === 'true' && svg.attrs.focusable === 'false')).toBe(true);
    expect(byClass(renderIn(EN_SITE, h('admonition', { type: 'note' })), 'admonition-heading')[0]!.text).toBe('note');
  });

  it("show the icon the author gave (an emoji) instead of the type's", () => {
    const tree = renderIn(SITE, h('admonition', { type: 'tip', title: 'Did you know...', icon: '💡' }, h('p', {}, 'Plugins.')));
    const heading = byClass(tree, 'admonition-heading')[0]!;
    expect(heading.text).toBe('💡Did you know...');
    expect(heading.findAll('svg')).toEqual([]);
  });
});

describe('tabs', () => {
  const tabs = (groupId?: string) =>
    h(
      'tabs',
      groupId ? { groupId } : {},
      h('tab', { label: 'Java', value: 'java' }, h('p', {}, 'Maven')),
      h('tab', { label: 'Node', value: 'node' }, h('p', {}, 'npm')),
    );

  it('are a tablist whose first tab is selected and shown, each tab controlling its panel', () => {
    const tree = renderIn(SITE, tabs('sdk'));
    const container = byClass(tree, 'tabs-container')[0]!;
    expect(container.attrs['data-group-id']).toBe('sdk');
    const list = container.findAll((element) => element.attrs.role === 'tablist')[0]!;
    expect(list.attrs['aria-orientation']).toBe('horizontal');
    const buttons = list.findAll('button');
    expect(buttons.map(({ text, attrs }) => [text, attrs['aria-selected'], attrs.tabindex, attrs['data-value']])).toEqual([
      ['Java', 'true', '0', 'java'],
      ['Node', 'false', '-1', 'node'],
    ]);
    const panels = container.findAll((element) => element.attrs.role === 'tabpanel');
    expect(panels.map(({ text, attrs }) => [text, attrs.hidden])).toEqual([
      ['Maven', undefined],
      ['npm', ''],
    ]);
    buttons.forEach((button, index) => {
      expect(button.attrs['aria-controls']).toBe(panels[index]!.attrs.id);
      expect(panels[index]!.attrs['aria-labelledby']).toBe(button.attrs.id);
    });
  });

  it('get ids of their own when a page has several, and no group without a groupId', () => {
    const tree = renderIn(SITE, tabs(), tabs());
    const ids = tree.findAll((element) => element.attrs.role === 'tab').map((tab) => tab.attrs.id);
    expect(new Set(ids).size).toBe(4);
    expect(byClass(tree, 'tabs-container').map((container) => container.attrs['data-group-id'])).toEqual([undefined, undefined]);
  });
});

describe('code blocks and links', () => {
  it('show the highlighted lines as the build wrote them, with a titled copy button', () => {
    const code = h('code', { className: ['language-java'] });
    code.children = [{ type: 'raw', value: '<span class="token keyword">class</span> A {}' } as unknown as ElementContent];
    const tree = renderIn(SITE, h('pre', { dataLanguage: 'java', dataTitle: 'A.java' }, code));
    const block = byClass(tree, 'code-block')[0]!;
    expect(block.attrs['data-language']).toBe('java');
    expect(byClass(block, 'code-block__title')[0]!.text).toBe('A.java');
    expect(block.findAll('pre')[0]!.attrs.tabindex).toBe('0');
    const keyword = byClass(block, 'keyword')[0]!;
    expect(keyword.text).toBe('class');
    expect(block.findAll('code')[0]!.text).toBe('class A {}');
    expect(block.findAll('button')[0]!.attrs).toMatchObject({ 'aria-label': '코드를 클립보드에 복사', 'data-copied-label': '복사됨' });
  });

  it('number their lines from the first line given (showLineNumbers=N), with a CSS counter that is not copied', () => {
    const block = (properties: Properties) => {
      const code = h('code', { className: ['language-js'] });
      code.children = [{ type: 'raw', value: '<span class="code-line">a\n</span>' } as unknown as ElementContent];
      return h('pre', { dataLanguage: 'js', ...properties }, code);
    };
    const pres = renderIn(
      SITE,
      block({ dataLineNumbers: '1' }),
      block({ dataLineNumbers: '10' }),
      block({ dataLineNumbers: '0' }),
      block({}),
    ).findAll('pre');
    expect(pres.map((pre) => [pre.attrs['data-line-numbers'], pre.attrs.style])).toEqual([
      ['1', undefined],
      ['10', 'counter-reset:code-line 9'],
      ['0', 'counter-reset:code-line -1'],
      [undefined, undefined],
    ]);
    // The numbers are drawn by ::before, so the text a copy button copies (the code's) holds none.
    expect(pres[1]!.findAll('code')[0]!.text).toBe('a\n');
  });

  it('open external links in a new tab, keep internal ones and mail links in place, and give headings a direct link', () => {
    const tree = renderIn(
      SITE,
      h(
        'p',
        {},
        h('a', { href: 'https://example.com' }, 'out'),
        h('a', { href: '/docs/x' }, 'in'),
        h('a', { href: 'mailto:a@example.com' }, 'mail'),
      ),
      h('h2', { id: 'install' }, 'Install'),
      // A heading's own attributes (raw HTML's, the footnotes' sr-only class) stay on it.
      h('h3', { id: 'notes', className: ['sr-only'], title: 'The notes' }, 'Notes'),
    );
    expect(
      tree
        .findAll('p')[0]!
        .findAll('a')
        .map(({ text, attrs }) => [text, attrs.target, attrs.rel]),
    ).toEqual([
      ['out', '_blank', 'noopener noreferrer'],
      ['in', undefined, undefined],
      ['mail', undefined, undefined],
    ]);
    const heading = tree.findAll('h2')[0]!;
    expect(heading.attrs.id).toBe('install');
    expect(heading.findAll('a')[0]!.attrs).toMatchObject({ href: '#install', 'aria-label': 'Install(으)로 바로 가는 링크' });
    expect(heading.attrs.class).toBe('anchor');
    expect(tree.findAll('h3')[0]!.attrs).toMatchObject({ id: 'notes', class: 'sr-only', title: 'The notes' });
  });

  it('keep an anchor without href (<a name>, <a id>) a plain anchor: no href, no new tab, its own attributes', () => {
    const anchors = renderIn(SITE, h('p', {}, h('a', { name: 'bar' }), h('a', { id: 'baz', className: ['spot'] }, 'here'))).findAll('a');
    expect(anchors.map(({ attrs }) => attrs)).toEqual([{ name: 'bar' }, { id: 'baz', class: 'spot' }]);
  });
});
