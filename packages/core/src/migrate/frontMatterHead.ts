import { parseDocument } from '../vendor/yaml.js';
import { FRONT_MATTER_BLOCK } from '../yaml/index.js';
import { findFencedLines } from './fencedLines.js';
import { findLine, type MigrationNote } from './report.js';

type Data = Record<string, unknown>;
const isData = (value: unknown): value is Data => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Front matter `head` is docgen's (meta and link tags of the page, `{tagName, attributes}`);
 * Docusaurus keeps the key for the site's own components, which write it as they like: Keploy's
 * swizzled DocItem writes `{tag, attrs}` into the page's head. Written as docgen's, each meta or
 * link tag is still in the page's head; a tag of another kind is noted.
 */
export function convertFrontMatterHead(text: string, file: string, notes: MigrationNote[]): string {
  const front = FRONT_MATTER_BLOCK.exec(text);
  if (!front || !/^head\s*:/m.test(front[1]!)) return text;
  const document = parseDocument(front[1]!);
  if (document.errors.length > 0) return text;
  const head: unknown = document.toJS()?.head;
  if (!Array.isArray(head)) return text;
  const isDocgens = (entry: unknown) => isData(entry) && Object.keys(entry).sort().join() === 'attributes,tagName';
  if (head.every(isDocgens)) return text;
  const tags: Data[] = [];
  let dropped = 0;
  for (const entry of head) {
    const tagName = isData(entry) ? (entry.tagName ?? entry.tag) : undefined;
    const attributes = isData(entry) ? (entry.attributes ?? entry.attrs ?? {}) : undefined;
    const valid =
      (tagName === 'meta' || tagName === 'link') &&
      isData(attributes) &&
      Object.values(attributes).every((value) => typeof value === 'string' || value === true);
    if (valid) tags.push({ tagName, attributes });
    else dropped++;
  }
  if (dropped > 0) {
    notes.push({
      file,
      line: findLine(text, /^head\s*:/m),
      what: `${dropped === 1 ? 'A front matter head tag' : `${dropped} front matter head tags`} other than meta and link ${dropped === 1 ? 'is' : 'are'} not converted`,
      todo: "docgen writes the meta and link tags of front matter `head` into the page; put other tags in the config's headTags.",
    });
  }
  if (tags.length > 0) document.set('head', tags);
  else document.delete('head');
  const start = front.index + front[0].indexOf('\n') + 1;
  const written = Object.keys(document.toJS() ?? {}).length === 0 ? '' : document.toString().trimEnd();
  return `${text.slice(0, start)}${written}${text.slice(start + front[1]!.length)}`;
}

/** A line that opens Docusaurus's head metadata (`<head>`), not indented as code. */
const HEAD_OPEN = /^ {0,3}<head>/;
const HEAD_CLOSE = /<\/head>\s*$/;
/** A tag in a `<head>` block: its name, its attributes' text, and its text when it has a closing tag. */
const HEAD_TAG = /<([a-zA-Z][\w-]*)\b((?:[^>"']|"[^"]*"|'[^']*')*?)\/?>(?:([^<]*)<\/\1\s*>)?/g;
const HEAD_ATTRIBUTE = /([^\s=/>"']+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

/**
 * Docusaurus's head metadata: a `<head>` element in a markdown file, whose tags Docusaurus puts in
 * the page's head (Babel's posts give an `og:` meta tag and a canonical link so). docgen reads the
 * block as text (an unknown tag): its meta and link tags go into front matter `head`, after those
 * the file has there, and the block is removed; a tag of another kind (`<title>`) is noted. Blocks
 * in fenced code are examples, left as they are.
 */
export function convertHeadElements(text: string, file: string, notes: MigrationNote[]): string {
  const front = FRONT_MATTER_BLOCK.exec(text);
  const bodyStart = front ? front.index + front[0].length : 0;
  const lines = text.slice(bodyStart).split('\n');
  const fenced = findFencedLines(lines);
  const tags: Data[] = [];
  const kept: string[] = [];
  let dropped = 0;
  let firstLine: number | undefined;
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!;
    if (!fenced[index] && HEAD_OPEN.test(line)) {
      let end = index;
      while (end < lines.length && !HEAD_CLOSE.test(lines[end]!)) end++;
      if (end < lines.length) {
        firstLine ??= text.slice(0, bodyStart).split('\n').length + index;
        const block = lines.slice(index, end + 1).join('\n');
        for (const [, name, attributeText = '', innerText] of block.replace(/^\s*<head>|<\/head>\s*$/g, '').matchAll(HEAD_TAG)) {
          const tagName = name!.toLowerCase();
          if ((tagName !== 'meta' && tagName !== 'link') || innerText?.trim()) {
            dropped++;
            continue;
          }
          const attributes: Data = {};
          for (const [, attribute, double, single, bare] of attributeText.matchAll(HEAD_ATTRIBUTE)) {
            attributes[attribute!] = double ?? single ?? bare ?? true;
          }
          tags.push({ tagName, attributes });
        }
        index = end;
        continue;
      }
    }
    kept.push(line);
  }
  if (firstLine === undefined) return text;
  if (dropped > 0) {
    notes.push({
      file,
      line: firstLine,
      what: `${dropped === 1 ? 'A tag' : `${dropped} tags`} of the page's <head> other than meta and link ${dropped === 1 ? 'is' : 'are'} not converted`,
      todo: "docgen writes the meta and link tags of front matter `head` into the page (the <head> block's were moved there); set the title in front matter, put other tags in the config's headTags.",
    });
  }
  const body = kept.join('\n').replace(/^\n+/, front ? '\n' : '');
  if (tags.length === 0) return `${text.slice(0, bodyStart)}${body}`;
  const document = parseDocument(front?.[1] ?? '');
  // After the tags front matter gives, as written there.
  if (Array.isArray(document.toJS()?.head)) for (const tag of tags) document.addIn(['head'], document.createNode(tag));
  else document.set('head', tags);
  const matter = `---\n${document.toString().trimEnd()}\n---\n`;
  return `${matter}${front ? body : `\n${body}`}`;
}
