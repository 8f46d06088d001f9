import type { SiteConfig } from '@docgen/types';
import { isMap, isScalar, isSeq, parseDocument, visit, type Document, type Pair, type ToStringOptions, type YAMLMap } from 'yaml';

const BOM = '\uFEFF';

/**
 * The text of `versions.json` with `names` (newest first), written in the style of the previous
 * file (one line or indented, BOM, final newline) so the diff of a cut is one line.
 */
export function toVersionsJsonText(previousText: string | undefined, names: string[]): string {
  const text = previousText ?? '';
  const multiline = /\[\s*\n/.test(text);
  const indent = /\n([ \t]+)"/.exec(text)?.[1] ?? '  ';
  const body = multiline ? JSON.stringify(names, null, indent) : `[${names.map((name) => JSON.stringify(name)).join(', ')}]`;
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const ending = previousText === undefined || /\n$/.test(text) ? eol : '';
  return (text.startsWith(BOM) ? BOM : '') + body.replace(/\n/g, eol) + ending;
}

/**
 * The text of `docgen.config.yaml` after cutting version `name`, edited through the YAML document
 * model so comments, quoting and layout stay as written. What changes, and why:
 *
 * - `docs.lastVersion` (when written) becomes `name`: a cut always makes the new version the latest.
 * - The new version takes over the previous latest's `docs.versions` entry role: label `name`,
 *   the previous latest's URL path (`''`: served at `/docs`) and banner `none`. Without an entry
 *   for the previous latest, the defaults already say exactly that and nothing is added.
 * - The previous latest moves out of the way: `current` becomes the unreleased next version
 *   (label `Next`, path `next`, banner `unreleased`, as Docusaurus does after `docs:version`);
 *   a frozen version moves to its own name as path with banner `unmaintained`.
 * - Every other frozen version with banner `none` gets `unmaintained`; a version whose path was
 *   the latest's moves to its own name (`next` for current).
 * - `docs.onlyIncludeVersions` and `docsVersionDropdown` `versions` lists, when written, get
 *   `name` first so the new latest is built and shown.
 */
export function toConfigTextAfterCut(text: string, input: { name: string; config: SiteConfig }): string {
  const { name, config } = input;
  const hasBom = text.startsWith(BOM);
  const source = (hasBom ? text.slice(1) : text).replace(/\r\n/g, '\n');
  const doc = parseDocument(source, { schema: 'core', uniqueKeys: true });
  const options = getStringifyOptions(doc, source);

  const { docs } = config;
  const previousLast = docs.lastVersion;
  const latestPath = docs.versions[previousLast]?.path ?? '';
  const versionsMap = doc.getIn(['docs', 'versions'], true);
  const entries = isMap(versionsMap) ? versionsMap : undefined;

  const lastVersionPair = findPair(doc.get('docs', true), 'lastVersion');
  if (lastVersionPair) setValue(doc, lastVersionPair, name);

  for (const pair of entries?.items ?? []) {
    const version = keyOf(pair);
    const entry = pair.value;
    if (!isMap(entry)) continue;
    const label = findPair(entry, 'label');
    const path = findPair(entry, 'path');
    const banner = findPair(entry, 'banner');
    const ownPath = version === 'current' ? 'next' : version;
    if (version === previousLast) {
      if (version === 'current') {
        if (label) setValue(doc, label, 'Next');
        if (banner) setValue(doc, banner, 'unreleased');
      } else if (banner) {
        setValue(doc, banner, 'unmaintained');
      }
      if (path) setValue(doc, path, ownPath);
      continue;
    }
    if (path && valueOf(path) === latestPath) setValue(doc, path, ownPath);
    if (version !== 'current' && banner && valueOf(banner) === 'none') setValue(doc, banner, 'unmaintained');
  }

  if (entries && findPair(entries, previousLast)) {
    const firstFrozen = entries.items.findIndex((pair) => keyOf(pair) !== 'current');
    const pair = doc.createPair(name, { label: name, path: latestPath, banner: 'none' });
    entries.items.splice(firstFrozen < 0 ? entries.items.length : firstFrozen, 0, pair);
  }

  const onlyInclude = doc.getIn(['docs', 'onlyIncludeVersions'], true);
  if (isSeq(onlyInclude)) onlyInclude.items.unshift(doc.createNode(name));
  const navbarItems = doc.getIn(['navbar', 'items'], true);
  for (const item of isSeq(navbarItems) ? navbarItems.items : []) {
    if (!isMap(item) || valueOf(findPair(item, 'type')) !== 'docsVersionDropdown') continue;
    const listed = item.get('versions', true);
    if (isSeq(listed)) listed.items.unshift(doc.createNode(name));
  }

  const output = doc.toString(options);
  return (hasBom ? BOM : '') + (text.includes('\r\n') ? output.replace(/\n/g, '\r\n') : output);
}

function keyOf(pair: Pair): string {
  return String(isScalar(pair.key) ? pair.key.value : pair.key);
}

/** The pair of `key` in a map node, comparing keys as text (`2506.1:` is a number key in YAML). */
function findPair(map: unknown, key: string): Pair | undefined {
  return isMap(map) ? (map as YAMLMap).items.find((pair) => keyOf(pair) === key) : undefined;
}

function valueOf(pair: Pair | undefined): unknown {
  return isScalar(pair?.value) ? pair.value.value : undefined;
}

/** Replaces a value in place, so the node keeps its comment and its quoting where the value allows. */
function setValue(doc: Document, pair: Pair, value: string): void {
  if (isScalar(pair.value)) pair.value.value = value;
  else pair.value = doc.createNode(value);
}

/**
 * Stringify options under which the unedited document prints back as written: no folding of long
 * lines, the file's flow-collection padding and indentation, and its quote style for new strings.
 */
function getStringifyOptions(doc: Document, source: string): ToStringOptions {
  let single = 0;
  let double = 0;
  visit(doc, {
    Scalar(_, node) {
      if (node.type === 'QUOTE_SINGLE') single++;
      if (node.type === 'QUOTE_DOUBLE') double++;
    },
  });
  const base: ToStringOptions = { lineWidth: 0, minContentWidth: 0, singleQuote: single > 0 && single >= double };
  const candidates: ToStringOptions[] = [];
  for (const indent of [2, 4])
    for (const indentSeq of [true, false])
      for (const flowCollectionPadding of [false, true]) candidates.push({ ...base, indent, indentSeq, flowCollectionPadding });
  return candidates.find((options) => doc.toString(options) === source) ?? candidates[0]!;
}
