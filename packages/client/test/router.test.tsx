import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { PropSidebar, RouteData, SiteData } from '@docgen/types';
import { Link, RouterProvider, useLocation, usePage, useSidebar, useSiteData } from '../src/index.js';

/**
 * The router as the server renders a page with it (`renderToString`, no window): what the hooks
 * give the theme, and the links it renders. Props are hand-written, as the theme receives them.
 */
const site = { locale: 'ko', baseUrl: '/', siteBaseUrl: '/', buildId: 'b1' } as SiteData;
const route = (fields: Partial<RouteData> = {}) =>
  ({ type: 'doc', path: '/docs/guide/start', title: 'Start', html: {}, ...fields }) as RouteData;

function renderWith(page: { route: RouteData; sidebar?: PropSidebar }, Probe: () => unknown): unknown {
  let seen: unknown;
  const Capture = () => {
    seen = Probe();
    return null;
  };
  renderToString(
    <RouterProvider site={site} initialPage={page} pages={{}}>
      <Capture />
    </RouterProvider>,
  );
  return seen;
}

describe('the router on the server', () => {
  it('gives the site, the page and its path, with no hash and nothing loading', () => {
    const page = { route: route() };
    const seen = renderWith(page, () => ({ site: useSiteData(), page: usePage(), location: useLocation() })) as Record<string, unknown>;
    expect(seen.site).toBe(site);
    expect(seen.page).toBe(page);
    expect(seen.location).toEqual({ pathname: '/docs/guide/start', hash: '', loading: false, error: undefined });
  });

  it('refuses hooks used outside it, naming the provider', () => {
    const Orphan = () => {
      useLocation();
      return null;
    };
    expect(() => renderToString(<Orphan />)).toThrow('docgen: router hooks must be used inside <RouterProvider>');
  });

  it('gives a doc page the part of its sidebar the page carries, and says when it has none yet', () => {
    const sidebar: PropSidebar = [{ type: 'link', label: 'Start', href: '/docs/guide/start' }];
    const withSidebar = { sidebar: { id: 'guide', url: '/_docgen/data/b1/sidebars/guide-1.json' } } as Partial<RouteData>;
    expect(renderWith({ route: route(withSidebar), sidebar }, useSidebar)).toEqual({ sidebar, loading: false, failed: false });
    expect(renderWith({ route: route(withSidebar) }, useSidebar)).toEqual({ sidebar: undefined, loading: true, failed: false });
    expect(renderWith({ route: route() }, useSidebar)).toEqual({ loading: false, failed: false });
  });
});

describe('Link', () => {
  const html = (element: React.ReactElement) =>
    renderToString(
      <RouterProvider site={site} initialPage={{ route: route() }} pages={{}}>
        {element}
      </RouterProvider>,
    );

  it('renders an internal link as a plain link, which works without JavaScript', () => {
    expect(
      html(
        <Link href="/docs/x" className="menu__link">
          X
        </Link>,
      ),
    ).toBe('<a href="/docs/x" class="menu__link">X</a>');
  });

  it('opens an external link in a new tab without giving it the opener, unless told otherwise', () => {
    expect(html(<Link href="https://example.com">E</Link>)).toBe(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer">E</a>',
    );
    expect(
      html(
        <Link href="https://example.com" target="_self" rel="me">
          E
        </Link>,
      ),
    ).toBe('<a href="https://example.com" target="_self" rel="me">E</a>');
  });
});
