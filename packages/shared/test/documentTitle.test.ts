import { describe, expect, it } from 'vitest';
import { getDocumentTitle } from '../src/documentTitle.js';

describe('getDocumentTitle', () => {
  const site = { title: 'Docs' };
  it.each([
    [{ type: 'doc', title: 'Quick start' }, 'Quick start | Docs'],
    [{ type: 'doc', title: 'Docs' }, 'Docs | Docs'],
    [{ type: 'page', title: 'Docs' }, 'Docs'],
    [{ type: 'page', title: 'Versions' }, 'Versions | Docs'],
    [{ type: 'notFound', title: '' }, 'Docs'],
  ] as const)('%o -> %s', (route, expected) => {
    expect(getDocumentTitle(site, route)).toBe(expected);
  });
});
