import { describe, expect, it } from 'vitest';
import type { PropSidebar } from '@docgen/types';
import { fromPackedSidebar, toPackedSidebar } from '../src/index.js';

const sidebar: PropSidebar = [
  { type: 'link', label: 'Intro', href: '/docs/intro' },
  { type: 'link', label: 'GitHub', href: 'https://github.com/x', external: true },
  {
    type: 'category',
    label: 'Guide',
    href: '/docs/guide/',
    collapsed: true,
    collapsible: true,
    items: [
      { type: 'link', label: 'Start', href: '/docs/guide/start' },
      {
        type: 'category',
        label: 'Deep',
        indexHref: '/docs/category/guide/deep',
        collapsed: true,
        collapsible: true,
        items: [],
        itemsOmitted: true,
      },
    ],
  },
  { type: 'category', label: 'Open', collapsed: false, collapsible: true, className: 'open-one', items: [] },
  {
    type: 'category',
    label: 'Fixed',
    collapsed: false,
    collapsible: false,
    items: [{ type: 'link', label: 'One', href: '/docs/fixed/one' }],
  },
];

describe('packed sidebar', () => {
  it('writes links and categories as tuples, without the keys of each item', () => {
    expect(toPackedSidebar(sidebar)).toEqual([
      ['Intro', '/docs/intro'],
      ['GitHub', 'https://github.com/x', 1],
      [
        'Guide',
        '/docs/guide/',
        3,
        [
          ['Start', '/docs/guide/start'],
          ['Deep', '/docs/category/guide/deep', 7, 0],
        ],
      ],
      ['Open', '', 2, [], 'open-one'],
      ['Fixed', '', 0, [['One', '/docs/fixed/one']]],
    ]);
  });

  it('reads back the sidebar it was made from, through JSON', () => {
    expect(fromPackedSidebar(JSON.parse(JSON.stringify(toPackedSidebar(sidebar))))).toEqual(sidebar);
  });

  it('reads a link that is not external back without `external`', () => {
    expect(fromPackedSidebar(toPackedSidebar([{ type: 'link', label: 'A', href: '/a', external: false }]))).toEqual([
      { type: 'link', label: 'A', href: '/a' },
    ]);
  });
});
