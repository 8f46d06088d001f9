/**
 * Docusaurus's older admonition title, `:::tip Title`, is no directive to remark-directive (text
 * after the name ends the attempt). Docusaurus reads it as `:::tip[Title]`, and so does docgen:
 * the opening line is rewritten before parsing. Only admonition names are, outside fenced code;
 * every other line keeps its length, so positions stay those of the file but on that line.
 */

/** An opening line with a title after the name: its prefix (indent, `>` of block quotes) and fence, name and title. */
const LEGACY_TITLE = /^([ \t>]*)(:{3,})(note|tip|info|warning|danger|caution|important)[ \t]+([^\s[{].*?)[ \t]*$/;
/** The opening or closing fence of a fenced code block: its prefix, and the fence. */
const CODE_FENCE = /^([ \t>]*)(`{3,}|~{3,})/;

/** `body` with each `:::name Title` line of an admonition written `:::name[Title]`. */
export function toDirectiveLabels(body: string): string {
  if (!body.includes(':::')) return body;
  const lines = body.split('\n');
  let fence: string | undefined;
  let changed = false;
  for (const [index, line] of lines.entries()) {
    const code = CODE_FENCE.exec(line);
    if (code) {
      const marker = code[2]!;
      if (fence === undefined) fence = marker;
      else if (marker[0] === fence[0] && marker.length >= fence.length && line.slice(code[0].length).trim() === '') fence = undefined;
      continue;
    }
    if (fence !== undefined) continue;
    const carriageReturn = line.endsWith('\r') ? '\r' : '';
    const match = LEGACY_TITLE.exec(carriageReturn ? line.slice(0, -1) : line);
    if (!match) continue;
    const [, prefix, colons, name, title] = match;
    // Brackets in the title are escaped, so the label ends where the title does.
    lines[index] = `${prefix}${colons}${name}[${title!.replace(/[[\]\\]/g, '\\$&')}]${carriageReturn}`;
    changed = true;
  }
  return changed ? lines.join('\n') : body;
}
