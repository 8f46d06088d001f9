import type { ResolvedLink } from '@docgen/types';
import { toAbsoluteUrl } from './xml.js';

/** A doc page as markdown: its title and its source body with internal links made absolute. */
export interface MarkdownTwin {
  title: string;
  /** The source markdown after the front matter, without a leading `# heading`. */
  body: string;
}

export interface MarkdownTwinInput {
  title: string;
  /** The markdown after the front matter, and the 1-based line of the file it starts on. */
  source: { body: string; bodyLine: number };
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
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

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
    // The destination follows `](` (inline) or `]:` (definition), optionally in angle brackets.
    for (const written of new Set([link.url, safeDecode(link.url)])) {
      const pattern = new RegExp(`(\\]\\(\\s*<?|\\]:[ \\t]*(?:\\n[ \\t]*)?<?)(${escapeRegExp(written)})(?=[\\s)>"']|$)`, 'g');
      pattern.lastIndex = from;
      const match = pattern.exec(body);
      if (!match) continue;
      const start = match.index + match[1]!.length;
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
  // The page shows the title as its heading; a leading `# heading` of the body is that title.
  const withoutTitle = rewritten.replace(/^\s*(?:#[ \t]+[^\n]*|#)(?:\n|$)|^\s*[^\n]+\n=+[ \t]*(?:\n|$)/, '');
  return { title: input.title, body: withoutTitle.trim() };
}

/** The text of a markdown twin file. */
export function toMarkdownTwinText(twin: MarkdownTwin): string {
  return `# ${twin.title}\n\n${twin.body}\n`;
}
