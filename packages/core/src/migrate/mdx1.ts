import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Root as MdastRoot } from 'mdast';
import { visit } from '../vendor/markdown.js';
import { FRONT_MATTER_BLOCK } from '../yaml/index.js';
import { parseMdxBody, type MdxParseError } from './mdxComponents.js';

/**
 * Docusaurus 2 reads every markdown file as MDX 1, which docgen (as Docusaurus 3) does not: MDX 1
 * takes `{` and `<` of a paragraph as text where MDX 3 reads an expression or a tag, and ends a
 * JSX element's block where MDX 3 reads the indented closing tag as part of a list. This module
 * writes such a file as MDX 3 reads what MDX 1 read, place by place, the way Docusaurus's own
 * upgrade guide asks authors to (`\{`, `\<`, a closing tag out of the list), and says each place.
 */

/** One place of a file written differently for MDX 3. */
export interface Mdx1Rewrite {
  line: number;
  column: number;
  what: string;
}

/** The major version of Docusaurus a site is built with: installed, else its package.json's range; undefined when unknown. */
export function readDocusaurusMajor(siteDir: string): number | undefined {
  const installed = join(siteDir, 'node_modules/@docusaurus/core/package.json');
  if (existsSync(installed)) {
    const major = /^(\d+)\./.exec(String((JSON.parse(readFileSync(installed, 'utf8')) as { version?: unknown }).version ?? ''));
    if (major) return Number(major[1]);
  }
  const manifest = join(siteDir, 'package.json');
  if (!existsSync(manifest)) return undefined;
  const json = JSON.parse(readFileSync(manifest, 'utf8')) as Record<string, Record<string, string> | undefined>;
  for (const field of ['dependencies', 'devDependencies']) {
    for (const name of ['@docusaurus/core', '@docusaurus/preset-classic']) {
      const range = json[field]?.[name];
      const major = range ? /(\d+)/.exec(range) : null;
      if (major) return Number(major[1]);
    }
  }
  return undefined;
}

/** Elements that HTML closes by themselves (`<br>`), which JSX writes `<br />`. */
const VOID_ELEMENTS = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);
/** At most this many places are rewritten in one file: past it, the file is left to the build to report. */
const MAX_REWRITES = 500;

/**
 * A markdown file of a Docusaurus 2 site as MDX 3 reads what MDX 1 read: its text, the places
 * changed (lines and columns of the file as written) and, when MDX 3 reads it, its tree. A place MDX 3 cannot read and this does not
 * know how to write is left as it is, for the build to report at its place.
 */
export function rewriteMdx1(text: string): { text: string; rewrites: Mdx1Rewrite[]; tree?: MdastRoot } {
  const head = FRONT_MATTER_BLOCK.exec(text)?.[0] ?? '';
  const original = text.slice(head.length);
  let body = original;
  const applied: Edit[] = [];
  // The tree MDX 3 reads, once it reads the body (escaping text expressions leaves its JSX and statements as they are).
  let tree: MdastRoot | undefined;
  const apply = (edit: Edit) => {
    body = `${body.slice(0, edit.at)}${edit.insert}${body.slice(edit.at + edit.remove)}`;
    applied.push(edit);
  };
  while (applied.length < MAX_REWRITES) {
    const parsed = parseMdxBody(body);
    if (!('reason' in parsed)) {
      tree = parsed;
      // From the end: each edit leaves the places before it where they were.
      for (const edit of findTextExpressions(body, parsed).sort((a, b) => b.at - a.at)) apply(edit);
      break;
    }
    const edit = fixParseError(body, parsed);
    if (!edit) break;
    apply(edit);
  }
  const headLines = head.split('\n').length - 1;
  const rewrites = applied.map((edit, index) => {
    const before = original.slice(0, toOriginalOffset(edit.shown ?? edit.at, applied.slice(0, index))).split('\n');
    return { line: headLines + before.length, column: before.at(-1)!.length + 1, what: edit.what };
  });
  rewrites.sort((a, b) => a.line - b.line || a.column - b.column);
  return { text: head + body, rewrites, ...(tree && { tree }) };
}

/** A change of the body: at an offset, characters removed and text inserted. */
interface Edit {
  at: number;
  remove: number;
  insert: string;
  what: string;
  /** Where the change is reported, when not at `at` (the start of the tag it closes). */
  shown?: number;
}

/** Where an offset of the body after `edits` was before them. */
function toOriginalOffset(offset: number, edits: Edit[]): number {
  let at = offset;
  for (const edit of [...edits].reverse()) {
    if (at >= edit.at + edit.insert.length) at += edit.remove - edit.insert.length;
    else if (at > edit.at) at = edit.at;
  }
  return at;
}

/** The offset in `body` of a 1-based line and column. */
function offsetOf(body: string, line: number, column: number): number {
  let at = 0;
  for (let current = 1; current < line; current++) {
    const next = body.indexOf('\n', at);
    if (next === -1) return body.length;
    at = next + 1;
  }
  return Math.min(at + column - 1, body.length);
}

/** The last unescaped `char` at or before `from` on its line, or -1. */
function findBefore(body: string, char: string, from: number): number {
  const lineStart = body.lastIndexOf('\n', from - 1) + 1;
  for (let at = Math.min(from, body.length - 1); at >= lineStart; at--) if (body[at] === char && body[at - 1] !== '\\') return at;
  return -1;
}

const escapeAt = (at: number, char: string): Edit => ({
  at,
  remove: 0,
  insert: '\\',
  what: `\`${char}\` of text escaped as \`\\${char}\``,
});

/** The edit that writes the error MDX 3 reports as MDX 1 read it, or undefined when it is not one MDX 1 allowed. */
function fixParseError(body: string, error: MdxParseError): Edit | undefined {
  const at = offsetOf(body, error.line, error.column);
  const { reason } = error;
  if (/expression|closing brace/i.test(reason)) {
    // `{` of text that is not JavaScript: text in MDX 1.
    const brace = findBefore(body, '{', at);
    return brace === -1 ? undefined : escapeAt(brace, '{');
  }
  const closing = /^Expected the closing tag `<\/([^>]*)>` either after the end of `(\w+)`/.exec(reason);
  if (closing) {
    // A closing tag indented into the list before it: MDX 1 ended the list at the tag.
    const lineStart = body.lastIndexOf('\n', at - 1) + 1;
    const indent = /^[ \t]*/.exec(body.slice(lineStart))![0].length;
    if (indent === 0) return undefined;
    const what = `\`</${closing[1]}>\` written at the start of its line, out of the ${closing[2] === 'listItem' ? 'list' : closing[2] === 'blockquote' ? 'block quote' : closing[2]} before it`;
    return { at: lineStart, remove: indent, insert: '', what };
  }
  const unclosed = /^Expected a closing tag for `<(\w+)>` \((\d+):(\d+)-(\d+):(\d+)\)/.exec(reason);
  if (unclosed && VOID_ELEMENTS.has(unclosed[1]!.toLowerCase())) {
    // `<br>` as HTML writes it: the tag's place is in the message.
    const start = offsetOf(body, Number(unclosed[2]), Number(unclosed[3]));
    const end = offsetOf(body, Number(unclosed[4]), Number(unclosed[5])) - 1;
    if (body[start] !== '<' || body[end] !== '>') return undefined;
    const what = `\`<${unclosed[1]}>\` closed as \`<${unclosed[1]} />\``;
    return { at: end, remove: 0, insert: body[end - 1] === ' ' ? '/' : ' /', what, shown: start };
  }
  if (/before name|after name|before local name|attribute/i.test(reason)) {
    const angle = findBefore(body, '<', at);
    if (angle === -1) return undefined;
    const autolink = /^<((?:https?|ftp|mailto):[^\s<>]*|[\w.+-]+@[\w-]+(?:\.[\w-]+)+)>/.exec(body.slice(angle));
    if (!autolink) return escapeAt(angle, '<');
    const target = autolink[1]!;
    const link = `[${target}](${target.includes(':') ? target : `mailto:${target}`})`;
    return { at: angle, remove: autolink[0].length, insert: link, what: `autolink \`<${target}>\` written as \`${link}\`` };
  }
  return undefined;
}

/**
 * `{...}` in a paragraph, heading or list is text in MDX 1; JavaScript only inside a block that
 * starts with a JSX tag (MDX 1 read such a block, up to a blank line, as JSX).
 */
function findTextExpressions(body: string, tree: MdastRoot): Edit[] {
  const edits: Edit[] = [];
  visit(tree, (node) => {
    if (node.type !== 'mdxTextExpression' && node.type !== 'mdxFlowExpression') return;
    // By line and column: toMdxSource keeps both (offsets move after an escaped heading id).
    const place = node.position?.start;
    const start = place ? offsetOf(body, place.line, place.column) : -1;
    if (body[start] !== '{') return;
    // A comment MDX 1 wrote as `<!-- -->` (changed by toMdxSource) or as `{/* */}` in JSX.
    if (/^\s*\/\*[\s\S]*\*\/\s*$/.test(node.value)) return;
    if (!inJsxBlock(body, start)) edits.push(escapeAt(start, '{'));
  });
  return edits;
}

/** Whether the block holding `at` (the lines from the blank line before it) starts with a JSX tag, as MDX 1 reads one. */
function inJsxBlock(body: string, at: number): boolean {
  let lineStart = body.lastIndexOf('\n', at - 1) + 1;
  for (;;) {
    if (lineStart === 0) break;
    const previousStart = body.lastIndexOf('\n', lineStart - 2) + 1;
    if (body.slice(previousStart, lineStart - 1).trim() === '') break;
    lineStart = previousStart;
  }
  return /^[ \t]*<[A-Za-z>]/.test(body.slice(lineStart, body.indexOf('\n', lineStart) === -1 ? undefined : body.indexOf('\n', lineStart)));
}
