/**
 * What content may put into a URL path. A route is written to `<output>/<route>/index.html`, so a
 * slug, an id or a file name that becomes a route must name a place below its route base, one
 * way only: docgen never resolves `.` or `..` (a slug that climbs out of the docs of its version
 * or out of the blog could name any file), never decodes percent escapes (`%2e%2e` is `..` to a
 * browser), and refuses backslashes (a separator on Windows) and control characters (NUL ends a
 * path in C; a newline splits a header or a sitemap line).
 */

/** What the rule of this file says to do, as shown with every refusal. */
export const ROUTE_PATH_HINT =
  'Write the URL path the page should have below its route base, with "/" between plain segments (slug: /guides/setup, or slug: setup for a path relative to the folder); ".", ".." and empty segments, backslashes, percent escapes and control characters are refused.';

/** Why `text` (part of a route: a slug, an id, a file name) can't become a URL path; undefined when it can. */
function getCharacterProblem(text: string): string | undefined {
  const control = /[\u0000-\u001f\u007f-\u009f]/.exec(text);
  if (control) return `holds the control character U+${control[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
  if (text.includes('\\')) return 'holds a backslash';
  const escape = /%[0-9a-f]{2}/i.exec(text);
  if (escape) return `holds the percent escape "${escape[0]}" (write the character itself; docgen encodes URLs)`;
  return undefined;
}

/** Why a segment of a route (between two `/`) can't be one; undefined when it can. */
function getSegmentProblem(segment: string): string | undefined {
  if (segment === '..') return 'has a ".." segment, which would climb out of its route base';
  if (segment === '.') return 'has a "." segment';
  if (segment === '') return 'has an empty segment ("//")';
  return undefined;
}

/**
 * Why a front-matter or category `slug` can't become a route, or undefined when it can. A leading
 * `/` (relative to the route base) and a trailing `/` are allowed; `/` alone is the route base.
 */
export function getSlugProblem(slug: string): string | undefined {
  const characters = getCharacterProblem(slug);
  if (characters) return characters;
  const inner = slug.replace(/^\//, '').replace(/\/$/, '');
  if (inner === '') return undefined;
  for (const segment of inner.split('/')) {
    const problem = getSegmentProblem(segment);
    if (problem) return problem;
  }
  return undefined;
}

/** Why a name that becomes one segment of a route (a version name in versions.json) can't be one, or undefined when it can. */
export function getSegmentNameProblem(name: string): string | undefined {
  if (name === '') return 'is empty';
  if (name.includes('/')) return 'holds a "/"';
  return getCharacterProblem(name) ?? getSegmentProblem(name);
}

/** Why a doc `id` (one segment: no `/`) can't be one, or undefined when it can. */
export function getIdProblem(id: string): string | undefined {
  if (id.includes('/')) return 'holds a "/" (an id is a single name; set slug to choose the URL path)';
  return getSegmentNameProblem(id);
}

/** Why a content file's path (relative, with `/`), whose folders and name become its route, can't become one. */
export function getFilePathProblem(relativePath: string): string | undefined {
  return getCharacterProblem(relativePath);
}

/** A post's date in its path, as Docusaurus reads it (folder, date, text). */
const BLOG_FILE = /^(?<folder>.*)(?<date>\d{4}[-/]\d{1,2}[-/]\d{1,2})[-/]?(?<text>.*?)(?:\/index)?\.mdx?$/;

/**
 * The date a blog post's path holds, as Docusaurus reads it: `2025-01-02-hello.md`,
 * `2025-01-02-hello/index.md`, `2022/12-24-release/index.mdx`, `news/2025/1/2/hello.md`,
 * `2024-01-18.mdx`. `date` is `YYYY-MM-DD`, `written` the date as the path writes it.
 */
export function readBlogFileName(relativePath: string): { folder: string; date: string; written: string; text: string } | undefined {
  const match = BLOG_FILE.exec(relativePath)?.groups;
  if (!match) return undefined;
  const [year, month, day] = match.date!.split(/[-/]/);
  return {
    folder: match.folder!,
    date: `${year}-${month!.padStart(2, '0')}-${day!.padStart(2, '0')}`,
    written: match.date!,
    text: match.text!,
  };
}
