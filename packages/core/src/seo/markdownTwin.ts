import type { ResolvedLink } from '@docgen/types';
import { toAbsoluteUrl } from './xml.js';

/** A doc page as markdown: its heading and its source body with internal links made absolute. */
export interface MarkdownTwin {
  /** The heading the page shows: the body's leading `# heading` as written, else the page's title. */
  title: string;
  /** The source markdown after the front matter, without a leading `# heading`. */
  body: string;
}

export interface MarkdownTwinInput {
  title: string;
  /** The markdown after the front matter, and the 1-based line of the file it starts on. */
  source: { body: string; bodyLine: number; file?: { sitePath: string }; mdx?: boolean };
  /** The links of the source file as the manifest resolved them (positions are file positions). */
  links: ResolvedLink[];
  siteUrl: string;
}

const safeDecode = (text: string) => {
  try {
    return decodeURI(text);
  } catch {
    return text;
  }
};

/**
 * Where `written` is first a link destination in `body` at or after `from`: after `](` (inline,
 * then any white space) or `]:` (definition, then spaces and at most one line break), optionally in
 * angle brackets, and followed by white space, `)`, `>`, a quote or the end. -1 when nowhere.
 */
function findDestination(body: string, written: string, from: number): number {
  for (let start = body.indexOf(written, from); start >= 0; start = body.indexOf(written, start + 1)) {
    const after = body[start + written.length];
    if (after !== undefined && !/[\s)>"']/.test(after)) continue;
    let index = start - 1;
    if (body[index] === '<') index--;
    let inline = index;
    while (inline >= from && /\s/.test(body[inline]!)) inline--;
    if (inline - 1 >= from && body[inline] === '(' && body[inline - 1] === ']') return start;
    let definition = index;
    while (body[definition] === ' ' || body[definition] === '\t') definition--;
    if (body[definition] === '\n') {
      definition--;
      while (body[definition] === ' ' || body[definition] === '\t') definition--;
    }
    if (definition - 1 >= from && body[definition] === ':' && body[definition - 1] === ']') return start;
  }
  return -1;
}

/**
 * The markdown twin of a doc page. Internal links (relative `.md` links, root-relative paths,
 * images copied as assets) are rewritten to absolute site URLs, so the text works wherever it is
 * pasted; `#anchor` links and external URLs stay as written.
 */
export function getMarkdownTwin(input: MarkdownTwinInput): MarkdownTwin {
  const body = input.source.body;
  const lineStarts = [0];
  for (let index = body.indexOf('\n'); index >= 0; index = body.indexOf('\n', index + 1)) lineStarts.push(index + 1);
  const replacements: { start: number; end: number; text: string }[] = [];
  for (const link of input.links) {
    if (link.target === undefined || link.url.startsWith('#')) continue;
    const lineStart = lineStarts[link.line - input.source.bodyLine];
    if (lineStart === undefined) continue;
    const from = lineStart + link.column - 1;
    for (const written of new Set([link.url, safeDecode(link.url)])) {
      const start = findDestination(body, written, from);
      if (start < 0) continue;
      replacements.push({ start, end: start + written.length, text: toAbsoluteUrl(input.siteUrl, link.target) });
      break;
    }
  }
  let rewritten = body;
  const seen = new Set<number>();
  for (const replacement of replacements.sort((a, b) => b.start - a.start)) {
    if (seen.has(replacement.start)) continue;
    seen.add(replacement.start);
    rewritten = rewritten.slice(0, replacement.start) + replacement.text + rewritten.slice(replacement.end);
  }
  // An MDX file's imports and exports are code, which a reader of the twin has no use for.
  if (input.source.mdx) rewritten = withoutMdxStatements(rewritten);
  // The page shows a leading `# heading` of the body as its heading, else its title.
  const heading = /^\s*(?:#(?:[ \t]+([^\n]*))?|([^\n]+)\n=+[ \t]*)(?:\n|$)/.exec(rewritten);
  if (!heading) return { title: input.title, body: rewritten.trim() };
  const title = (heading[1] ?? heading[2] ?? '').replace(/(?:^|[ \t]+)#+[ \t]*$/, '').trim();
  return { title, body: rewritten.slice(heading[0].length).trim() };
}

/** MDX without its top-level `import` and `export` lines (fenced code is left alone), and the blank lines they leave at the start. */
function withoutMdxStatements(body: string): string {
  let fence: string | undefined;
  const kept = body.split('\n').filter((line) => {
    const marker = /^\s{0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (marker) fence = fence === undefined ? marker : marker[0] === fence[0] && marker.length >= fence.length ? undefined : fence;
    return fence !== undefined || marker !== undefined || !/^(import|export)\s/.test(line);
  });
  return kept.join('\n').replace(/^\s*\n/, '');
}

/** The text of a markdown twin file. */
export function toMarkdownTwinText(twin: MarkdownTwin): string {
  return `# ${twin.title}\n\n${twin.body}\n`;
}
