import { describe, expect, it } from 'vitest';
import { formatDocumentTitle, getDocumentTitle } from '../src/documentTitle.js';

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

  it("puts the config's titleDelimiter between the titles, and takes a React page titled as the site as the site (Babel's `·`)", () => {
    const babel = { title: 'Babel', titleDelimiter: '·' };
    expect(getDocumentTitle(babel, { type: 'doc', title: 'Setup' })).toBe('Setup · Babel');
    expect(getDocumentTitle(babel, { type: 'markdownPage', title: 'Babel', reactPage: true })).toBe('Babel');
    expect(getDocumentTitle(babel, { type: 'markdownPage', title: 'Babel' })).toBe('Babel · Babel');
    expect(formatDocumentTitle(babel, 'Team')).toBe('Team · Babel');
    expect(formatDocumentTitle(site, undefined)).toBe('Docs');
  });
});
