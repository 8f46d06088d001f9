import type { RouteData } from '@docgen/types';
import { Html, MAIN_ID, PageTitle, TableOfContents } from '../firstLoad.js';

/** A page written in markdown (`pages/*.md`): its content and table of contents. */
export function MarkdownPage({ route }: { route: Extract<RouteData, { type: 'markdownPage' }> }) {
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
