import type { PropSidebar, PropSidebarItem } from '@docgen/types';
import { describe, expect, it } from 'vitest';
import { createShownSidebarKeys, getVisibleSidebar } from '../src/render/index.js';

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

  describe('a category of more than 50 items (a generated reference of thousands of pages)', () => {
    const flat: PropSidebar = [
      link('/docs/intro'),
      category(
        'API',
        [...Array.from({ length: 5000 }, (_, index) => link(`/docs/api/${index}`)), category('Nested', [link('/docs/api/nested/x')])],
        { indexHref: '/docs/category/api' },
      ),
    ];
    const moreLabel = (count: number) => `${count} more`;
    const api = (pathname: string) => getVisibleSidebar(flat, pathname, undefined, moreLabel)[1] as PropSidebarItem & { type: 'category' };
    const hrefs = (item: PropSidebarItem & { type: 'category' }) =>
      item.items.map((child) => (child.type === 'link' ? `${child.label} ${child.href}` : child.label));
    const more = (count: number) => `${count} more /docs/category/api`;
    const pages = (from: number, count: number) =>
      Array.from({ length: count }, (_, index) => `/docs/api/${from + index} /docs/api/${from + index}`);

    it('shows the 40 around the page, and for those before and after a link to the category page', () => {
      expect(hrefs(api('/docs/api/2500'))).toEqual([more(2480), ...pages(2480, 40), more(2481)]);
    });

    it('shows the first or the last 40 near either end, and the first 40 on the category page', () => {
      expect(hrefs(api('/docs/api/3'))).toEqual([...pages(0, 40), more(4961)]);
      expect(hrefs(api('/docs/api/4999'))).toEqual([more(4961), ...pages(4961, 39), 'Nested']);
      // No link to the page itself.
      expect(hrefs(api('/docs/category/api'))).toEqual(pages(0, 40));
    });

    it('opens a category of the window on the path to the page, by its place in the whole list', () => {
      const nested = api('/docs/api/nested/x').items.at(-1) as PropSidebarItem & { type: 'category' };
      expect(nested).toMatchObject({ label: 'Nested', items: [link('/docs/api/nested/x')] });
      expect(nested.itemsOmitted).toBeUndefined();
    });

    it('is the same size in every page, whatever the number of items', () => {
      const sizes = [60, 5000, 50_000].map((count) => {
        const many: PropSidebar = [
          category(
            'API',
            Array.from({ length: count }, (_, index) => link(`/docs/api/${index}`)),
            { href: '/docs/api/' },
          ),
        ];
        return JSON.stringify(getVisibleSidebar(many, `/docs/api/${Math.floor(count / 2)}`)).length;
      });
      expect(Math.max(...sizes) / Math.min(...sizes)).toBeLessThan(1.1);
    });

    it('shows every item of a category of 50', () => {
      const fifty: PropSidebar = [
        category(
          'API',
          Array.from({ length: 50 }, (_, index) => link(`/docs/api/${index}`)),
        ),
      ];
      expect((getVisibleSidebar(fifty, '/docs/api/10')[0] as PropSidebarItem & { type: 'category' }).items).toHaveLength(50);
    });
  });

  describe('a top level of more than 50 items (a docs folder of thousands of pages, without folders)', () => {
    const top: PropSidebar = Array.from({ length: 3000 }, (_, index) => link(`/docs/${index}`));
    const shown = (pathname: string) =>
      getVisibleSidebar(top, pathname, undefined, (count) => `${count} more`).map(
        (item) => `${item.label} ${(item as { href: string }).href}`,
      );

    it('shows the 40 around the page, and links the nearest page before and after them for the others', () => {
      const items = shown('/docs/1500');
      expect(items).toHaveLength(42);
      expect(items[0]).toBe('1480 more /docs/1479');
      expect(items[1]).toBe('/docs/1480 /docs/1480');
      expect(items.at(-1)).toBe('1480 more /docs/1520');
    });

    it('reaches every page through those links, window by window', () => {
      const reached = new Set<string>();
      for (let pathname: string | undefined = '/docs/0'; pathname && !reached.has(pathname);) {
        reached.add(pathname);
        const items = shown(pathname);
        for (const item of items) if (!item.includes(' more ')) reached.add(item.split(' ')[1]!);
        pathname = items.at(-1)!.includes(' more ') ? items.at(-1)!.split(' ').at(-1) : undefined;
      }
      expect(reached.size).toBe(3000);
    });
  });
});

describe('createShownSidebarKeys', () => {
  const keysOf = (items: PropSidebar) => {
    const hashed: string[] = [];
    const keyOf = createShownSidebarKeys(items, (text) => {
      hashed.push(text);
      return text;
    });
    return { keyOf, hashed };
  };
  const paths = ['/docs/intro', '/docs/a/one', '/docs/a/1/x', '/docs/a/1/y', '/docs/b/one', '/docs/b/1/x', '/docs/open/one'];

  it('gives pages that show the same part of the sidebar one key, made once for pages that open the same categories', () => {
    const { keyOf, hashed } = keysOf(sidebar);
    const keys = paths.map((path) => keyOf(path));
    expect(keys[2]).toBe(keys[3]);
    // The category it opens starts expanded: the page shows what the first one shows.
    expect(keys[6]).toBe(keys[0]);
    expect(new Set(keys).size).toBe(5);
    expect(hashed).toHaveLength(6);
    expect(keys[0]).toBe(JSON.stringify(getVisibleSidebar(sidebar, '/docs/intro', undefined, String)));
  });

  it('changes the key of the pages that show what changed, and only theirs', () => {
    const hash = (text: string) => text;
    const renamed = structuredClone(sidebar);
    ((renamed[1] as PropSidebarItem & { type: 'category' }).items[1] as PropSidebarItem & { type: 'category' }).items[0]!.label = 'X';
    const [old, now] = [createShownSidebarKeys(sidebar, hash), createShownSidebarKeys(renamed, hash)];
    const changed = paths.filter((path) => old(path) !== now(path));
    expect(changed).toEqual(['/docs/a/1/x', '/docs/a/1/y']);
  });

  it('gives each page of a long list its own key: its window is placed around it', () => {
    const long: PropSidebar = [
      category(
        'API',
        Array.from({ length: 60 }, (_, index) => link(`/docs/api/${index}`)),
        { indexHref: '/docs/category/api' },
      ),
    ];
    const { keyOf } = keysOf(long);
    expect(keyOf('/docs/api/0')).not.toBe(keyOf('/docs/api/30'));
    const hash = (text: string) => text;
    expect(createShownSidebarKeys(long, hash)('/docs/api/30')).toBe(
      JSON.stringify(getVisibleSidebar(long, '/docs/api/30', undefined, String)),
    );
  });
});
