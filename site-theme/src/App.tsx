import { useLocation, usePage } from '@docgen/client';
import { BlogPage } from './blog/BlogPages.js';
import { Html } from './content/Html.js';
import { DocCategoryPage, DocPage } from './docs/DocPage.js';
import { TableOfContents } from './docs/TableOfContents.js';
import { ErrorBoundary, ErrorPage, LoadError, NotFound } from './layout/ErrorBoundary.js';
import { Layout, MAIN_ID } from './layout/Layout.js';

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
    case 'docCategory':
      return <DocCategoryPage route={route} />;
    case 'blogList':
    case 'blogPost':
    case 'blogArchive':
    case 'blogTagList':
    case 'blogTag':
    case 'blogAuthorList':
    case 'blogAuthor':
      return <BlogPage route={route} />;
    case 'markdownPage':
      return (
        <main id={MAIN_ID} className="container markdown-page">
          <div className="docs-container">
            <article className="docs-content">
              <h1>{route.title}</h1>
              {route.hideTableOfContents ? null : <TableOfContents items={route.toc} variant="mobile" />}
              <Html />
            </article>
            {route.hideTableOfContents ? null : (
              <div className="docs-toc">
                <TableOfContents items={route.toc} />
              </div>
            )}
          </div>
        </main>
      );
    case 'page': {
      const Component = page.component;
      return <main id={MAIN_ID}>{Component ? <Component /> : null}</main>;
    }
    case 'notFound':
      return <NotFound />;
  }
}
