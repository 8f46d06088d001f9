import { useLocation, usePage } from '@docgen/client';
import type { RouteData, SiteData } from '@docgen/types';
import { docBanners, hasDocBanners } from './docs/routeBanners.js';
import { DocPage } from './docs/DocPage.js';
import { ErrorBoundary } from './layout/ErrorBoundary.js';
import { Layout, MAIN_ID } from './layout/Layout.js';
import { ErrorPage, LoadError } from './layout/statusSlots.js';
import { lazyModule, type LazyModule } from './lazyModule.js';

// The screens a doc page does not show, each in a chunk of its own (see lazyModule.ts).
const blogScreens = lazyModule('blog screens', () => import('./blog/BlogPages.js'));
const categoryScreen = lazyModule('category page', () => import('./docs/DocCategoryPage.js'));
const tagsScreen = lazyModule('doc tags pages', () => import('./docs/DocTagsPage.js'));
const markdownPageScreen = lazyModule('markdown page', () => import('./pages/MarkdownPage.js'));
const notFoundScreen = lazyModule('not-found page', () => import('./layout/NotFound.js'));
const searchScreen = lazyModule('search page', () => import('./search/SearchPage.js'));

/** The module with the screen of a route type, unless a doc page's first load has it. */
function screenModuleOf(type: RouteData['type']): LazyModule<unknown> | undefined {
  switch (type) {
    case 'doc':
    case 'page':
      return undefined;
    case 'docCategory':
      return categoryScreen;
    case 'docTagList':
    case 'docTag':
      return tagsScreen;
    case 'markdownPage':
      return markdownPageScreen;
    case 'notFound':
      return notFoundScreen;
    case 'search':
      return searchScreen;
    default:
      // The blog's route types.
      return blogScreens;
  }
}

/**
 * Loads the code that shows `route` when it is not part of the first-load bundle: the screen of
 * its type, the banners of a doc that has some. docgen's client awaits it before hydrating a page
 * and before showing one after a navigation, so the page renders at once, exactly as the server
 * rendered it.
 */
export function prepareRoute(route: RouteData, site: SiteData): Promise<unknown> | undefined {
  const modules = [screenModuleOf(route.type), hasDocBanners(route, site) ? docBanners : undefined].filter(
    (module) => module !== undefined,
  );
  return modules.length > 0 ? Promise.all(modules.map((module) => module.load())) : undefined;
}

/** The root of every page: the layout around the screen the route's type selects. */
export function App() {
  const { pathname } = useLocation();
  return (
    <Layout>
      <ErrorBoundary key={pathname} fallback={(props) => <ErrorPage {...props} />}>
        <Screen />
      </ErrorBoundary>
    </Layout>
  );
}

function Screen() {
  const { error } = useLocation();
  const page = usePage();
  const { route } = page;
  if (error) return <LoadError />;
  switch (route.type) {
    case 'doc':
      return <DocPage route={route} />;
    case 'docCategory': {
      const { DocCategoryPage } = categoryScreen.get();
      return <DocCategoryPage route={route} />;
    }
    case 'docTagList':
    case 'docTag': {
      const { DocTagsPage } = tagsScreen.get();
      return <DocTagsPage route={route} />;
    }
    case 'markdownPage': {
      const { MarkdownPage } = markdownPageScreen.get();
      return <MarkdownPage route={route} />;
    }
    case 'page': {
      const Component = page.component;
      return <main id={MAIN_ID}>{Component ? <Component /> : null}</main>;
    }
    case 'notFound': {
      const { NotFound } = notFoundScreen.get();
      return <NotFound />;
    }
    case 'search': {
      const { SearchPage } = searchScreen.get();
      return <SearchPage />;
    }
    default: {
      // The blog's route types.
      const { BlogPage } = blogScreens.get();
      return <BlogPage route={route} />;
    }
  }
}
