import type { PropSidebar, PropSidebarItem } from '@docgen/types';
import { describe, expect, it } from 'vitest';
import { getVisibleSidebar } from '../src/render/index.js';

const link = (href: string): PropSidebarItem => ({ type: 'link', label: href, href });
const category = (label: string, items: PropSidebarItem[], extra: Partial<PropSidebarItem & { type: 'category' }> = {}) =>
  ({ type: 'category', label, collapsed: true, collapsible: true, items, ...extra }) satisfies PropSidebarItem;

/** Labels and links left in a sidebar; `label…` marks a category whose items were left out. */
type Outline = string | [string, Outline[]];
const outline = (items: PropSidebarItem[]): Outline[] =>
  items.map((item) => (item.type === 'link' ? item.href : item.itemsOmitted ? `${item.label}…` : [item.label, outline(item.items)]));

const sidebar: PropSidebar = [
  link('/docs/intro'),
  category('A', [link('/docs/a/one'), category('A.1', [link('/docs/a/1/x'), link('/docs/a/1/y')], { indexHref: '/docs/category/a/1' })], {
    href: '/docs/a/',
  }),
  category('B', [link('/docs/b/one'), category('B.1', [link('/docs/b/1/x')])], { indexHref: '/docs/category/b' }),
  category('Open', [link('/docs/open/one'), category('Open.1', [link('/docs/open/1/x')])], { collapsed: false }),
  category('Fixed', [link('/docs/fixed/one')], { collapsible: false }),
  category('Empty', []),
];

describe('getVisibleSidebar', () => {
  it('keeps the top level and what starts expanded, and leaves out the items of collapsed categories', () => {
    expect(outline(getVisibleSidebar(sidebar, '/docs/intro'))).toEqual([
      '/docs/intro',
      'A…',
      'B…',
      ['Open', ['/docs/open/one', 'Open.1…']],
      ['Fixed', ['/docs/fixed/one']],
      ['Empty', []],
    ]);
  });

  it('opens every category on the path to the page, and only those', () => {
    expect(outline(getVisibleSidebar(sidebar, '/docs/a/1/y'))).toEqual([
      '/docs/intro',
      ['A', ['/docs/a/one', ['A.1', ['/docs/a/1/x', '/docs/a/1/y']]]],
      'B…',
      ['Open', ['/docs/open/one', 'Open.1…']],
      ['Fixed', ['/docs/fixed/one']],
      ['Empty', []],
    ]);
  });

  it('opens a category on its own page and on its fallback index', () => {
    expect(outline(getVisibleSidebar(sidebar, '/docs/a/')).slice(1, 3)).toEqual([['A', ['/docs/a/one', 'A.1…']], 'B…']);
    expect(outline(getVisibleSidebar(sidebar, '/docs/category/b')).slice(1, 3)).toEqual(['A…', ['B', ['/docs/b/one', 'B.1…']]]);
  });

  it('leaves the sidebar it is given unchanged, and keeps everything of the items it shows', () => {
    const before = JSON.stringify(sidebar);
    const visible = getVisibleSidebar(sidebar, '/docs/a/one');
    expect(JSON.stringify(sidebar)).toBe(before);
    expect(visible[1]).toMatchObject({ label: 'A', href: '/docs/a/', collapsed: true, collapsible: true });
    expect(visible[2]).toEqual({ ...sidebar[2], items: [], itemsOmitted: true });
  });

  it('costs the depth of the page, not the size of the sidebar: a 20,000-link sidebar gives a small part', () => {
    const big: PropSidebar = Array.from({ length: 20 }, (_, a) =>
      category(
        `Part ${a}`,
        Array.from({ length: 20 }, (_, b) =>
          category(
            `Section ${a}.${b}`,
            Array.from({ length: 50 }, (_, c) => link(`/docs/${a}/${b}/${c}`)),
          ),
        ),
      ),
    );
    const visible = getVisibleSidebar(big, '/docs/7/3/10');
    const links = JSON.stringify(visible).match(/"type":"link"/g)?.length;
    // The 50 links of the open section; the other sections of its part and the other parts are closed.
    expect(links).toBe(50);
    expect(JSON.stringify(visible).length).toBeLessThan(JSON.stringify(big).length / 100);
  });
});
