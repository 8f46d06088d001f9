import type { OutputWriter } from '../output/index.js';
import { toSidebarName } from '../render/index.js';
import type { RouteRecord } from './buildPlan.js';

/** The files of a route that name its sidebar's file: its HTML and its page data. */
const NAMES_SIDEBAR = /\.(?:html|json)$/;

/**
 * Keeps a route's files from the previous output with the URL of its sidebar's file changed from
 * `from` to `to` (the sidebar changed where the page does not show it, see toInputData): what a
 * render would write. The HTML and the page data name the file in JSON (toSidebarName); content
 * has those characters escaped (a string's quotes are `\"` in JSON, `&quot;` in HTML text), or
 * unescaped only in a code block that quotes the file's very name, a hash of the sidebar that
 * holds the page. Sidebar file names are hashes of one length: the files are patched in place
 * (OutputWriter.patch), where the render found the name (`sidebarAt`) when it recorded that. The
 * markdown twin does not name the file and is kept as it is. False when a file is gone from the
 * previous output: the route is rendered then.
 */
export function relinkRoute(output: OutputWriter, route: Pick<RouteRecord, 'files' | 'sidebarAt'>, from: string, to: string): boolean {
  // A URL that JSON, or JSON in a <script> element, writes otherwise than as it is (a base URL with a quote, say): rendered.
  if (!isWrittenAsIs(from) || !isWrittenAsIs(to)) return false;
  const named = toSidebarName(from);
  const renamed = toSidebarName(to);
  if (Buffer.byteLength(named) !== Buffer.byteLength(renamed)) return false;
  return route.files.every((file, place) =>
    NAMES_SIDEBAR.test(file) ? output.patch(file, named, renamed, route.sidebarAt?.[place]) : output.keep(file),
  );
}

/** Whether JSON (and script JSON, which escapes `<`, U+2028 and U+2029 too) writes a string as it is, between quotes. */
const isWrittenAsIs = (text: string) => JSON.stringify(text) === `"${text}"` && !/[<\u2028\u2029]/.test(text);
