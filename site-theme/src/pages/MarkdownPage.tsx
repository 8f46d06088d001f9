import type { RouteData } from '@docgen/types';
import { Html, MAIN_ID, PageTitle, TableOfContents } from '../firstLoad.js';

/**
 * A page written in markdown (`pages/*.md`): its content and table of contents. A React page
 * written for Docusaurus is its content alone, full width: its component lays itself out.
 */
export function MarkdownPage({ route }: { route: Extract<RouteData, { type: 'markdownPage' }> }) {
  if (route.reactPage) {
    return (
      <div id={MAIN_ID} className="react-page">
        <Html className="react-page__content" />
      </div>
    );
  }
  return (
    <main id={MAIN_ID} className="container markdown-page">
      <div className="docs-container">
        <article className="docs-content">
          <PageTitle route={route} />
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
}
