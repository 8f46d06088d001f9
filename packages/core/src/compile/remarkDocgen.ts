import { ADMONITION_KEYWORDS } from '@docgen/shared';
import type { AdmonitionType, ContentElements, PackageManager } from '@docgen/types';
import type { Blockquote, Code, Html, Paragraph, Root as MdastRoot, RootContent as MdastContent, Text } from 'mdast';
import npmToYarn from 'npm-to-yarn';
import type { ContainerDirective, LeafDirective, TextDirective } from 'mdast-util-directive';
import { mdastToString, SKIP, visit } from '../vendor/markdown.js';
import type { VFile } from 'vfile';
import { getLineColumn } from '../diagnostics/index.js';
import { createWarn, getCompileData, type CompileData } from './compileData.js';
import { isKnownLanguage } from './highlight.js';
import { isKnownHtmlTag, isDocgenElement } from './htmlTags.js';
import { COMMENT } from './rawHtml.js';
import type { Warn } from './sanitizeHtml.js';

/** Admonition directives by name, with the type each is shown as, as Docusaurus shows them. */
const ADMONITIONS = ADMONITION_KEYWORDS;
/** GitHub's alerts (`> [!NOTE]` on the first line of a block quote), with the admonition type each is shown as. */
const ALERTS: Record<string, AdmonitionType> = { NOTE: 'note', TIP: 'tip', IMPORTANT: 'info', WARNING: 'warning', CAUTION: 'caution' };
const ALERT_MARKER = /^\[!([A-Za-z]+)\][ \t]*(?:\r?\n|$)/;
const TRUNCATE = /^<!--\s*truncate\s*-->$/;
const EXPLICIT_ID = /\s*\{#([^\s{}]+)\}\s*$/;
/**
 * Raw HTML a browser never shows, after skipping complete comments (which authors write to be
 * hidden): an unclosed comment, a processing instruction, a declaration, CDATA (group 1).
 */
const NOT_SHOWN = /<!--(?:-?>|[\s\S]*?-->)|(<!--|<\?|<![A-Za-z[])/g;

/**
 * docgen's markdown: records links, the leading heading's text and warnings, takes explicit
 * `{#id}`s off headings, checks raw HTML, and turns directives (admonitions, tabs, highlights)
 * into the elements the theme renders.
 */
export function remarkDocgen(options: { packageManagers: PackageManager[] } = { packageManagers: ['yarn', 'pnpm'] }) {
  return (tree: MdastRoot, file: VFile) => {
    const data = getCompileData(file.data);
    const warn = createWarn(data);
    // An MDX file's imports and exports come before its first heading.
    const first = tree.children.find((node) => node.type !== 'mdxjsEsm');
    const title = first?.type === 'heading' && first.depth === 1 ? first : undefined;

    visit(tree, (node, index, parent) => {
      switch (node.type) {
        case 'link':
        case 'image':
        case 'definition':
          if (node.position) {
            data.links.push({
              url: node.url,
              kind: node.type === 'image' ? 'image' : 'link',
              line: node.position.start.line + data.lineOffset,
              column: node.position.start.column,
            });
          }
          return;
        case 'heading': {
          const last = node.children[node.children.length - 1];
          const match = last?.type === 'text' ? EXPLICIT_ID.exec(last.value) : null;
          if (last?.type === 'text' && match) {
            last.value = last.value.slice(0, match.index);
            node.data = { ...node.data, hProperties: { ...node.data?.hProperties, id: match[1] } };
          }
          return;
        }
        case 'code':
          if (parent && index !== undefined && node.meta && NPM2YARN.test(node.meta)) {
            parent.children[index] = toPackageManagerTabs(node, options.packageManagers);
            return index;
          }
          if (node.lang && !isKnownLanguage(node.lang.toLowerCase())) {
            warn(
              `Unknown code language "${node.lang}"; the block is shown without highlighting`,
              'Use a Prism language name, or add it to code.additionalLanguages in the config.',
              node.position?.start,
            );
          }
          return;
        case 'html':
          checkHtml(node, index, parent, data, warn);
          return;
        case 'blockquote':
          toAlert(node);
          return;
        case 'paragraph':
          if (parent?.type === 'root' && data.mdx === undefined) warnEsm(node, data, warn);
          return;
        case 'containerDirective':
        case 'leafDirective':
        case 'textDirective':
          return transformDirective(node, index, parent, data, warn);
        default:
          return;
      }
    });
    // Read once the visit has taken an explicit {#id} off its text.
    if (title) data.contentTitle = mdastToString(title);
  };
}

/** npm-to-yarn's `convert` (its types describe its CommonJS build; imported as an ES module, it is the default export). */
const convertNpmCommand = npmToYarn as unknown as (command: string, to: PackageManager) => string;
/** The meta word of a code block of npm commands shown for each package manager, as Docusaurus's npm2yarn plugin reads it. */
const NPM2YARN = /(^|\s)npm2yarn(\s|$)/;
/** The labels of the package managers' tabs, as Docusaurus's plugin writes them. */
const PACKAGE_MANAGER_LABELS: Record<PackageManager, string> = { yarn: 'Yarn', pnpm: 'pnpm', bun: 'Bun' };

/**
 * A code block of npm commands (```` ```bash npm2yarn ````) as tabs of the same commands for npm
 * and each package manager of `markdown.npm2yarn` (npm-to-yarn converts them), whose choice the
 * reader's other such tabs follow.
 */
function toPackageManagerTabs(node: Code, packageManagers: PackageManager[]): ContainerDirective {
  const meta = node.meta!.replace(NPM2YARN, ' ').trim() || null;
  const tabs: [label: string, name: 'npm' | PackageManager][] = [
    ['npm', 'npm'],
    ...packageManagers.map((name) => [PACKAGE_MANAGER_LABELS[name], name] as [string, PackageManager]),
  ];
  return {
    type: 'containerDirective',
    name: 'tabs',
    attributes: { groupId: 'npm2yarn' },
    position: node.position,
    children: tabs.map(([label, name]) => ({
      type: 'containerDirective',
      name: 'tab',
      attributes: { label, value: name },
      position: node.position,
      children: [{ ...node, meta, value: name === 'npm' ? node.value : convertNpmCommand(node.value, name) }],
    })),
  };
}

/**
 * The first line of an MDX `import` or `export` statement (`import Tabs from '@theme/Tabs';`,
 * `import './x.css'`, `export const x = 1`), which in a `.md` file is a paragraph of text.
 */
const ESM_LINE =
  /^(?:import\s+(?:[\w$]+\s*,?\s*)?(?:\{[^}\n]*\}|\*\s*as\s+[\w$]+)?\s*(?:from\s*)?["'][^"'\n]+["'];?\s*$|export\s+(?:default|const|let|var|function|async\s+function|class)\b|export\s*[{*])/;

/**
 * An `import` or `export` statement written as a top-level paragraph of a `.md` file: MDX syntax,
 * which Docusaurus reads in `.md` files (its default `markdown.format: 'mdx'`) and docgen builds
 * only in `.mdx` files; here it is shown as text.
 */
function warnEsm(node: Paragraph, data: CompileData, warn: Warn): void {
  const { start, end } = node.position ?? {};
  if (start?.offset === undefined || end?.offset === undefined) return;
  const firstLine = data.source.slice(start.offset, end.offset).split('\n', 1)[0]!;
  if (!ESM_LINE.test(firstLine)) return;
  warn(
    `MDX syntax is not read in .md files: this ${firstLine.startsWith('import') ? 'import' : 'export'} statement is shown as text`,
    'Rename the file to .mdx (its URL and id stay the same) to build it as MDX, where docgen reads imports of components; or remove the line.',
    start,
  );
}

function checkHtml(
  node: Html,
  index: number | undefined,
  parent: { type: string; children: unknown[] } | undefined,
  data: CompileData,
  warn: Warn,
): void {
  const value = node.value.trim();
  if (TRUNCATE.test(value) && index !== undefined && parent?.type === 'root') {
    // The excerpt marker becomes an element of its own, so it survives without reparsing raw HTML.
    parent.children[index] = { type: 'truncateMarker', data: { hName: 'docgen-truncate' } };
    return;
  }
  warnNotShown(node, data, warn);
  const shown = node.value.replace(COMMENT, '');
  if (shown.trim() === '') return;
  const tags = [...shown.matchAll(/<\/?([A-Za-z][\w-]*)/g)].map((match) => match[1]!);
  const unknown = tags.find((tag) => !isKnownHtmlTag(tag));
  if (unknown === undefined || index === undefined || !parent) return;
  warn(`Unknown HTML tag <${unknown}> is shown as text`, getUnknownTagHint(unknown), node.position?.start);
  parent.children[index] = { type: 'text', value: shown, position: node.position } satisfies Text;
}

/** MDX components that docgen's markdown writes another way. */
const MARKDOWN_FOR_COMPONENT: Record<string, string> = {
  Tabs: 'tabs',
  TabItem: 'tabs',
  Admonition: 'admonition',
};

function getUnknownTagHint(tag: string): string {
  if (isDocgenElement(tag)) return `docgen writes <${tag}> itself, for what the page's MDX or markdown asks; raw HTML may not.`;
  switch (MARKDOWN_FOR_COMPONENT[tag]) {
    case 'tabs':
      return (
        `<${tag}> is an MDX component. In markdown, write tabs as a ::::tabs block holding one :::tab{label="..."} block per tab ` +
        '(closed with ::: and ::::); or rename the file to .mdx to write MDX.'
      );
    case 'admonition':
      return `<${tag}> is an MDX component. In markdown, write :::note, :::tip, :::info, :::warning or :::danger blocks; or rename the file to .mdx to write MDX.`;
    default:
      return `If this is code such as List<${tag}>, wrap it in backticks: \`List<${tag}>\`.`;
  }
}

/**
 * Warns, at its line and column, about raw HTML that a browser never shows though it was not
 * written as a comment: an unclosed comment (which hides the rest of its block), a processing
 * instruction, a declaration or CDATA. The written source is read, for its positions.
 */
function warnNotShown(node: Html, data: CompileData, warn: Warn): void {
  const start = node.position?.start.offset;
  const end = node.position?.end.offset;
  if (start === undefined || end === undefined || !node.value.includes('<')) return;
  const source = data.source.slice(start, end);
  for (const match of source.matchAll(NOT_SHOWN)) {
    if (match[1] === undefined) continue;
    const position = getLineColumn(data.source, start + match.index);
    if (match[1] === '<!--') {
      warn('An HTML comment is never closed: the text after it is not shown', 'Close the comment with -->.', position);
      return;
    }
    const line = source.slice(match.index).split(/\r?\n/, 1)[0]!;
    const written = line.includes('>') ? line.slice(0, line.indexOf('>') + 1) : line;
    warn(
      `${written.length > 40 ? `${written.slice(0, 39)}…` : written} is not shown: browsers do not display it in a page`,
      'To show it as text, put it in backticks or in a fenced code block.',
      position,
    );
  }
}

/**
 * A block quote that starts with a GitHub alert marker on a line of its own (`> [!NOTE]`)
 * becomes an admonition of that type, without the marker; other block quotes stay as they are.
 */
function toAlert(node: Blockquote): void {
  const paragraph = node.children[0];
  const text = paragraph?.type === 'paragraph' ? paragraph.children[0] : undefined;
  const match = text?.type === 'text' ? ALERT_MARKER.exec(text.value) : null;
  const type = match ? ALERTS[match[1]!.toUpperCase()] : undefined;
  if (!paragraph || paragraph.type !== 'paragraph' || text?.type !== 'text' || !match || !type) return;
  text.value = text.value.slice(match[0].length);
  if (text.value === '') paragraph.children.shift();
  // A line break right after the marker goes with it.
  if (paragraph.children[0]?.type === 'break') paragraph.children.shift();
  if (paragraph.children.length === 0) node.children.shift();
  node.data = { ...node.data, hName: 'admonition', hProperties: { type } satisfies ContentElements['admonition'] };
}

function transformDirective(
  node: ContainerDirective | LeafDirective | TextDirective,
  index: number | undefined,
  parent: { children: unknown[] } | undefined,
  data: CompileData,
  warn: Warn,
): typeof SKIP | [typeof SKIP, number] | undefined {
  const attributes = node.attributes ?? {};
  const admonition = node.type === 'containerDirective' && Object.hasOwn(ADMONITIONS, node.name) ? ADMONITIONS[node.name] : undefined;
  if (node.type === 'containerDirective' && admonition) {
    const label = node.children[0];
    let title: string | undefined;
    if (label?.type === 'paragraph' && label.data?.directiveLabel) {
      title = mdastToString(label);
      node.children.shift();
    }
    node.data = { hName: 'admonition', hProperties: { type: admonition, title } satisfies ContentElements['admonition'] };
    return undefined;
  }
  if (node.type === 'containerDirective' && node.name === 'tabs') {
    node.data = { hName: 'tabs', hProperties: { groupId: attributes.groupId ?? undefined } satisfies ContentElements['tabs'] };
    node.children.forEach((child) => {
      if (child.type !== 'containerDirective' || child.name !== 'tab') {
        warn('Only :::tab blocks belong inside ::::tabs', 'Wrap this content in :::tab{label="..."} ... :::', child.position?.start);
      }
    });
    return undefined;
  }
  if (node.type === 'containerDirective' && node.name === 'tab') {
    const label = attributes.label ?? attributes.value ?? 'Tab';
    node.data = { hName: 'tab', hProperties: { label, value: attributes.value ?? label } satisfies ContentElements['tab'] };
    return undefined;
  }
  if (node.type === 'textDirective' && node.name === 'highlight') {
    node.data = { hName: 'highlight', hProperties: { color: attributes.color ?? undefined } satisfies ContentElements['highlight'] };
    return undefined;
  }
  if (index === undefined || !parent) return undefined;
  if (node.type === 'textDirective') {
    // Not a directive we know: `key:value` in prose. Give the text back exactly as written, as
    // one text with the text around it (reparsing raw HTML would join them; search text too).
    const start = node.position?.start.offset;
    const end = node.position?.end.offset;
    const value = start !== undefined && end !== undefined ? data.source.slice(start, end) : `:${node.name}`;
    const text: Text = { type: 'text', value, position: node.position };
    const previous = parent.children[index - 1] as MdastContent | undefined;
    const next = parent.children[index + 1] as MdastContent | undefined;
    const merged = previous?.type === 'text' ? previous : text;
    if (merged !== text) merged.value += value;
    if (next?.type === 'text') merged.value += next.value;
    const last = next?.type === 'text' ? next : text;
    if (merged.position && last.position) merged.position = { start: merged.position.start, end: last.position.end };
    parent.children.splice(merged === text ? index : index - 1, 1 + Number(merged !== text) + Number(next?.type === 'text'), merged);
    // Go on after the joined text.
    return [SKIP, merged === text ? index + 1 : index];
  }
  warn(
    `Unknown directive "${node.type === 'containerDirective' ? ':::' : '::'}${node.name}"`,
    'Known directives: :::note, :::tip, :::info, :::warning, :::danger, :::caution, :::important, :::secondary, :::success, ::::tabs with :::tab, and :highlight[text].',
    node.position?.start,
  );
  node.data = { hName: 'div', hProperties: { className: ['directive-unknown'] } };
  return undefined;
}
