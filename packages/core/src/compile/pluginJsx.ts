import type { ContentElements } from '@docgen/types';
import type { Root as MdastRoot } from 'mdast';
import type { MdxJsxAttribute, MdxJsxExpressionAttribute, MdxJsxFlowElement, MdxJsxTextElement } from 'mdast-util-mdx';
import type { VFile } from 'vfile';
import { ADMONITION_KEYWORDS } from '@docgen/shared';
import { SKIP, visit } from '../vendor/markdown.js';
import { createWarn, getCompileData } from './compileData.js';

/** The modules of the components a markdown page can hold when a plugin adds them (as Docusaurus's plugins import them). */
const MARKDOWN_COMPONENT_MODULES = new Set(['@theme/Tabs', '@theme/TabItem', '@theme/Admonition']);
const IMPORT_FROM = /\bfrom\s*(['"])([^'"]+)\1|^\s*import\s*(['"])([^'"]+)\3/g;
const HINT =
  'A remark plugin of the site (markdown.remarkPlugins) added MDX to this markdown page: docgen runs MDX only in .mdx files. Rename the page to .mdx, or have the plugin add markdown.';

type JsxElement = MdxJsxFlowElement | MdxJsxTextElement;

/**
 * What the site's remark plugins add to a markdown page as MDX, as Docusaurus would show it: a
 * Docusaurus site's plugins add `<Tabs>`, `<TabItem>` and `<Admonition>` (with the import of
 * their `@theme/` module) to `.md` files, which Docusaurus reads as MDX. These become docgen's
 * own tabs and admonitions, as `::::tabs` and `:::note` make them; any other JSX, expression or
 * import is a warning at its place, and its text is not shown as if it were prose.
 */
export function remarkPluginJsx() {
  return (tree: MdastRoot, file: VFile) => {
    const warn = createWarn(getCompileData(file.data));
    visit(tree, (node, index, parent) => {
      switch (node.type) {
        case 'mdxjsEsm': {
          const modules = [...node.value.matchAll(IMPORT_FROM)].map((match) => match[2] ?? match[4]!);
          if (modules.length === 0 || modules.some((module) => !MARKDOWN_COMPONENT_MODULES.has(module))) {
            warn(
              `A plugin added an import or export to a markdown page, which docgen does not run: ${firstLine(node.value)}`,
              HINT,
              place(node),
            );
          }
          parent!.children.splice(index!, 1);
          return [SKIP, index!];
        }
        case 'mdxFlowExpression':
        case 'mdxTextExpression':
          warn(`A plugin added an expression to a markdown page, which docgen does not run: {${firstLine(node.value)}}`, HINT, place(node));
          parent!.children.splice(index!, 1);
          return [SKIP, index!];
        case 'mdxJsxFlowElement':
        case 'mdxJsxTextElement':
          toDocgenElement(node, (message) => warn(message, HINT, place(node)));
          return undefined;
        default:
          return undefined;
      }
    });
  };
}

function toDocgenElement(node: JsxElement, warn: (message: string) => void): void {
  const attributes = readAttributes(node.attributes, (name) =>
    warn(`<${node.name}>'s attribute ${name} is an expression, which a markdown page does not run: it is left out`),
  );
  switch (node.name) {
    case 'Tabs':
      node.data = { hName: 'tabs', hProperties: { groupId: attributes.groupId } satisfies ContentElements['tabs'] };
      return;
    case 'TabItem': {
      const label = attributes.label ?? attributes.value ?? 'Tab';
      node.data = { hName: 'tab', hProperties: { label, value: attributes.value ?? label } satisfies ContentElements['tab'] };
      return;
    }
    case 'Admonition': {
      const keyword = attributes.type ?? 'note';
      const type = ADMONITION_KEYWORDS[keyword];
      if (!type) warn(`<Admonition type="${keyword}"> is not an admonition type: it is shown as a note`);
      node.data = {
        hName: 'admonition',
        hProperties: { type: type ?? 'note', title: attributes.title } satisfies ContentElements['admonition'],
      };
      return;
    }
    default:
      // Its content is still shown, in a plain block.
      warn(`A plugin added the component <${node.name ?? ''}> to a markdown page: only its content is shown`);
      node.data = { hName: node.type === 'mdxJsxFlowElement' ? 'div' : 'span' };
  }
}

/** The attributes written as strings (`label="npm"`) or bare (`default`); an expression is reported and left out. */
function readAttributes(attributes: (MdxJsxAttribute | MdxJsxExpressionAttribute)[], skipped: (name: string) => void) {
  const read: Record<string, string | undefined> = {};
  for (const attribute of attributes) {
    if (attribute.type !== 'mdxJsxAttribute') skipped(`{${attribute.value}}`);
    else if (typeof attribute.value === 'string') read[attribute.name] = attribute.value;
    else if (attribute.value === null || attribute.value === undefined) read[attribute.name] = '';
    else skipped(attribute.name);
  }
  return read;
}

const firstLine = (value: string) => value.trim().split('\n')[0]!.slice(0, 80);

/** Where a node a plugin made is: its own place, or its first child's that has one (a plugin moves nodes it wraps). */
function place(node: {
  position?: { start: { line: number; column: number } };
  children?: unknown[];
}): { line: number; column: number } | undefined {
  if (node.position) return node.position.start;
  for (const child of node.children ?? []) {
    const found = place(child as typeof node);
    if (found) return found;
  }
  return undefined;
}
