import { isMap, parseDocument } from '../vendor/yaml.js';

/**
 * A Docusaurus site's authors file as docgen's authors.yaml. Docusaurus gives an author a page of
 * their own only when their entry says so (`page: true` or `page: {permalink}`, since 3.5; none
 * before), docgen to every author of the file unless it says `page: false`: an author without
 * `page` gets `page: false`, so that the site keeps its routes and their name keeps linking to
 * their `url`. The rest of the file (comments, order, quoting) is kept; a file that does not parse
 * as a mapping is kept as it is, for the build to report.
 */
export function toDocgenAuthors(text: string): string {
  const document = parseDocument(text);
  if (document.errors.length > 0 || !isMap(document.contents)) return text;
  let changed = false;
  for (const { value } of document.contents.items) {
    if (isMap(value) && !value.has('page')) {
      // A parsed map is typed to hold parsed nodes only; yaml makes nodes of plain values it is given.
      (value as unknown as { set(key: string, value: boolean): void }).set('page', false);
      changed = true;
    }
  }
  return changed ? document.toString({ lineWidth: 0 }) : text;
}
