import type { MdxCompat } from '@docgen/types';
import { toDirectiveLabels } from './admonitionTitles.js';

/** A fenced code block's opening or closing line: its prefix (indent, `>` of block quotes) and fence. */
const CODE_FENCE = /^([ \t>]*)(`{3,}|~{3,})/;

/**
 * An `.mdx` body as MDX 3 reads what MDX 1 allowed, as Docusaurus 3 does under
 * `markdown.mdx1Compat`: `<!-- comments -->` become `{/* comments *\/}`, `:::note Title` becomes
 * `:::note[Title]` and `## Title {#id}` keeps its id (escapeHeadingIds). Fenced code and code spans
 * are left as written (a code sample of HTML shows its comments), and every replacement has the
 * length of what it replaces (`<!--` is `{/* `, `-->` is `*\/}`), so places in the file stay true.
 */
export function toMdxSource(body: string, compat: MdxCompat): string {
  let source = body.includes('mdx-code-block') ? unwrapMdxCodeBlocks(body) : body;
  source = compat.admonitions ? toDirectiveLabels(source) : source;
  if (compat.headingIds) source = escapeHeadingIds(source);
  return compat.comments && source.includes('<!--') ? toMdxComments(source) : source;
}

function toMdxComments(body: string): string {
  const lines = body.split('\n');
  let fence: string | undefined;
  let inComment = false;
  for (const [index, line] of lines.entries()) {
    const code = CODE_FENCE.exec(line);
    if (!inComment && code) {
      const marker = code[2]!;
      if (fence === undefined) fence = marker;
      else if (marker[0] === fence[0] && marker.length >= fence.length && line.slice(code[0].length).trim() === '') fence = undefined;
      continue;
    }
    if (fence !== undefined) continue;
    let result = '';
    let at = 0;
    while (at < line.length) {
      if (inComment) {
        const end = line.indexOf('-->', at);
        if (end === -1) {
          result += line.slice(at);
          at = line.length;
          continue;
        }
        result += `${line.slice(at, end)}*/}`;
        at = end + 3;
        inComment = false;
        continue;
      }
      const tick = line.indexOf('`', at);
      const open = line.indexOf('<!--', at);
      if (open === -1) {
        result += line.slice(at);
        break;
      }
      if (tick !== -1 && tick < open) {
        // A code span: kept as written up to its closing run of the same length (or the line's end).
        const run = /^`+/.exec(line.slice(tick))![0];
        const close = line.indexOf(run, tick + run.length);
        const end = close === -1 ? tick + run.length : close + run.length;
        result += line.slice(at, end);
        at = end;
        continue;
      }
      result += `${line.slice(at, open)}{/* `;
      at = open + 4;
      inComment = true;
    }
    lines[index] = result;
  }
  return lines.join('\n');
}

/**
 * A ```` ```mdx-code-block ```` fence holds MDX, not code: Docusaurus writes MDX that way where it
 * must stay readable on GitHub. Its fence lines become empty lines, its content is the page's
 * (places in the file stay true).
 */
function unwrapMdxCodeBlocks(body: string): string {
  const lines = body.split('\n');
  let open: string | undefined;
  for (const [index, line] of lines.entries()) {
    const fence = CODE_FENCE.exec(line);
    if (open === undefined && fence && /^mdx-code-block\s*$/.test(line.slice(fence[0].length))) {
      open = fence[2]!;
      lines[index] = '';
    } else if (
      open !== undefined &&
      fence &&
      fence[2]![0] === open[0] &&
      fence[2]!.length >= open.length &&
      line.slice(fence[0].length).trim() === ''
    ) {
      open = undefined;
      lines[index] = '';
    }
  }
  return lines.join('\n');
}

/**
 * `## Title {#my-id}` is a heading id in MDX files too (as Docusaurus reads them): its brace is
 * escaped before parsing, outside fenced code, so that it is text for remarkDocgen to take. Lengths
 * change on those lines only, after the id, which nothing reports a place in.
 */
function escapeHeadingIds(body: string): string {
  if (!body.includes('{#')) return body;
  let fence: string | undefined;
  return body
    .split('\n')
    .map((line) => {
      const code = /^[ \t>]*(`{3,}|~{3,})/.exec(line);
      if (code) fence = fence === undefined ? code[1] : code[1]![0] === fence[0] && code[1]!.length >= fence.length ? undefined : fence;
      if (fence !== undefined || code) return line;
      // `\{#id}`, escaped as MDX 3 writes it, is left as written.
      return /^[ \t>]*#{1,6}[ \t].*(?<!\\)\{#[^\s{}]+\}[ \t]*$/.test(line) ? line.replace(/\{(#[^\s{}]+\}[ \t]*)$/, '\\{$1') : line;
    })
    .join('\n');
}
