/**
 * How a page's files name its sidebar's file: in the JSON of its route data, in its HTML and its
 * page data alike. A sidebar change the page does not show renames the file in them in place
 * (build/relinkRoute.ts), where the render found the name (findSidebarNames).
 */

/** The text that names the sidebar file at `url` in a page's files. */
export const toSidebarName = (url: string) => `"url":"${url}"`;

/**
 * Where `text` names the sidebar file at `url`: for each naming, the bytes (UTF-8) from its start
 * to the end of the text. Counted from the end because a page names the file near its end (in its
 * route data): measuring the text before would take a pass over the whole page.
 */
export function findSidebarNames(text: string, url: string): number[] {
  const name = toSidebarName(url);
  const starts: number[] = [];
  for (let at = text.indexOf(name); at !== -1; at = text.indexOf(name, at + name.length)) starts.push(at);
  const fromEnd: number[] = new Array(starts.length);
  let bytes = 0;
  let end = text.length;
  for (let place = starts.length - 1; place >= 0; place--) {
    bytes += Buffer.byteLength(text.slice(starts[place], end));
    fromEnd[place] = bytes;
    end = starts[place]!;
  }
  return fromEnd;
}
