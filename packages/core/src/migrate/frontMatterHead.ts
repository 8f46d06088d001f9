import { parseDocument } from '../vendor/yaml.js';
import { FRONT_MATTER_BLOCK } from '../yaml/index.js';
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
