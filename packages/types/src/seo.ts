/**
 * Where the machine-readable outputs of a site live (feeds, markdown twins). The render stage
 * names these URLs in the HTML head; the build writes the seo stage's files at the same paths.
 */

/** URL paths (decoded, with the locale base) of a locale's blog feeds: `/en/blog/rss.xml`. */
export interface FeedPaths {
  /** RSS 2.0. */
  rss: string;
  /** Atom 1.0. */
  atom: string;
  /** JSON Feed 1.1. */
  json: string;
}

/** What the render stage produced for a route that later outputs need (feeds, llms.txt). */
export interface RenderedSummary {
  /** Final title, after a component page set its own. */
  title: string;
  description: string;
  /** Rendered article HTML (`html.main`); kept for blog posts only, which feeds carry in full. */
  mainHtml?: string;
}
