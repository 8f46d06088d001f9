import type { RouteData } from '@docgen/types';
import { Html } from './Html.js';

/**
 * The h1 of a page of markdown: its content's own leading `# heading` (the `title` slot, with the
 * heading's id, so links to it work) when the content starts with one, else the route's title
 * (front matter `title`, or the file name), as Docusaurus shows a doc's title.
 */
export function PageTitle({ route, lang }: { route: RouteData; lang?: string }) {
  if (route.html.title === undefined) return <h1>{route.title}</h1>;
  return <Html slot="title" className="page-title" lang={lang} />;
}
