import type { DocsConfig, SiteConfig } from '@docgen/types';
import type { CutRedirects } from './cutRedirects.js';
import type { Document, Pair, ToStringOptions, YAMLMap } from 'yaml';
import { isMap, isScalar, isSeq, parseDocument, visit } from '../vendor/yaml.js';

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
 * model so comments, quoting and layout stay as written. `docs` is the instance cut (`docs` when
 * absent); for another instance, its entry of `docsInstances` is edited as `docs` is here, and
 * only the docsVersionDropdown items whose `docsPluginId` names it. What changes, and why:
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
export function toConfigTextAfterCut(text: string, input: { name: string; config: SiteConfig; docs?: DocsConfig }): string {
  const { name, config } = input;
  const docs = input.docs ?? config.docs;
  // Where the instance's options are written: `docs`, or its entry of `docsInstances`.
  const at: (string | number)[] =
    docs.id === config.docs.id ? ['docs'] : ['docsInstances', config.docsInstances.findIndex((instance) => instance.id === docs.id)];
  const hasBom = text.startsWith(BOM);
  const source = (hasBom ? text.slice(1) : text).replace(/\r\n/g, '\n');
  const doc = parseDocument(source, { schema: 'core', uniqueKeys: true });
  const options = getStringifyOptions(doc, source);

  const previousLast = docs.lastVersion;
  const latestPath = docs.versions[previousLast]?.path ?? '';
  const versionsMap = doc.getIn([...at, 'versions'], true);
  const entries = isMap(versionsMap) ? versionsMap : undefined;

  const lastVersionPair = findPair(doc.getIn(at, true), 'lastVersion');
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

  const onlyInclude = doc.getIn([...at, 'onlyIncludeVersions'], true);
  if (isSeq(onlyInclude)) onlyInclude.items.unshift(doc.createNode(name));
  const navbarItems = doc.getIn(['navbar', 'items'], true);
  for (const item of isSeq(navbarItems) ? navbarItems.items : []) {
    if (!isMap(item) || valueOf(findPair(item, 'type')) !== 'docsVersionDropdown') continue;
    if ((valueOf(findPair(item, 'docsPluginId')) ?? config.docs.id) !== docs.id) continue;
    const listed = item.get('versions', true);
    if (isSeq(listed)) listed.items.unshift(doc.createNode(name));
  }

  const output = doc.toString(options);
  return (hasBom ? BOM : '') + (text.includes('\r\n') ? output.replace(/\n/g, '\r\n') : output);
}

/**
 * The text of `docgen.config.yaml` with the redirect changes of a cut (see getCutRedirects),
 * edited as toConfigTextAfterCut edits it: an old URL that is a page again leaves its entry (the
 * entry goes when it had no other), a redirect to a moved page points at its new place, and the
 * new redirects are appended to `redirects` (created at the end when missing) under a comment
 * that says which cut wrote them.
 */
export function toConfigTextWithRedirects(text: string, changes: CutRedirects, cut: string): string {
  const hasBom = text.startsWith(BOM);
  const source = (hasBom ? text.slice(1) : text).replace(/\r\n/g, '\n');
  const doc = parseDocument(source, { schema: 'core', uniqueKeys: true });
  const options = getStringifyOptions(doc, source);

  const removed = new Set(changes.removed.map((redirect) => redirect.from));
  const retargeted = new Map(changes.retargeted.map((redirect) => [redirect.from, redirect.to]));
  const existing = doc.get('redirects', true);
  const list = isSeq(existing) ? existing : undefined;
  for (const item of [...(list?.items ?? [])]) {
    if (!isMap(item)) continue;
    const fromNode = item.get('from', true);
    const froms = isSeq(fromNode) ? fromNode.items : [fromNode];
    const toPair = findPair(item, 'to');
    const to = froms.map((node) => retargeted.get(String(isScalar(node) ? node.value : node))).find(Boolean);
    if (toPair && to !== undefined) setValue(doc, toPair, to);
    const kept = froms.filter((node) => !removed.has(String(isScalar(node) ? node.value : node)));
    if (kept.length === 0) list!.items.splice(list!.items.indexOf(item), 1);
    else if (isSeq(fromNode) && kept.length < froms.length) fromNode.items = kept;
  }

  if (changes.added.length > 0) {
    const added = changes.added.map((redirect) => doc.createNode({ from: redirect.from, to: redirect.to }));
    added[0]!.commentBefore = ` Written by ${cut}: pages of the previous latest version that the new one does not have.`;
    if (list) list.items.push(...added);
    else doc.set('redirects', doc.createNode(added));
  }
  if (list && list.items.length === 0) doc.delete('redirects');

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
