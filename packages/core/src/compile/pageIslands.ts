import { createHash } from 'node:crypto';
import type { MdxCompat } from '@docgen/types';
import type {
  Expression,
  ExportNamedDeclaration,
  ImportDeclaration,
  JSXAttribute,
  JSXElement,
  JSXSpreadAttribute,
  Node as EstreeNode,
  Pattern,
  Program,
  Statement,
} from 'estree-jsx';
import type { Root as MdastRoot, RootContent } from 'mdast';
import type { MdxJsxFlowElement, MdxJsxTextElement, MdxjsEsm } from 'mdast-util-mdx';
import type { VFile } from 'vfile';
import { FRONT_MATTER_BLOCK } from '../yaml/index.js';
import { toMdxSource } from './mdxCompat.js';
import { walkTree } from './walk.js';

/**
 * The interactive parts of an MDX page, which run in the browser as islands of the page itself
 * (as site components do, bundle/islands.ts):
 *
 * - an element of the page with an event handler (`<button onClick={...}>`) becomes a component
 *   the page exports (`DocgenInteractive_<hash>`), its children left in the page as the island's
 *   content (remarkHoistHandlers);
 * - a component the page exports (`export const Highlight = ...`) is an island when it handles an
 *   event or keeps state (findPageIslands).
 *
 * Both compiles of a page read the same: the build's (mdxProgram.ts), which renders the page and
 * shows each of these as an `island` element, and the browser's (compilePageModule), which keeps
 * only them and what they use.
 */

/** The name of a hoisted element's component. */
const HOISTED_PREFIX = 'DocgenInteractive_';

/** Hooks that only do something in a browser: a component that calls one needs to be hydrated. */
const BROWSER_HOOKS = /^use(State|Reducer|Effect|LayoutEffect|InsertionEffect|SyncExternalStore|Transition|ActionState|Optimistic)$/;

/** Modules an island cannot import yet: the browser bundle of islands does not provide Docusaurus's modules. */
const SERVER_ONLY_MODULES = /^@(theme|theme-original|docusaurus)\//;

/** What docgen gives a page's program (PAGE_NAMES of mdxProgram.ts): not in the browser. */
const SERVER_ONLY_NAMES = new Set(['frontMatter', 'toc', 'metadata', 'assets', 'contentTitle']);

type JsxElement = MdxJsxFlowElement | MdxJsxTextElement;

const isEventHandler = (name: string) => /^on[A-Z]/.test(name);

/**
 * Visits every estree node below `root` (each object with a `type`), before its children; `enter`
 * returns false to skip a node's children.
 */
function walkEstree(root: EstreeNode, enter: (node: EstreeNode, parent: EstreeNode | undefined, key: string) => boolean | void): void {
  const stack: [EstreeNode, EstreeNode | undefined, string][] = [[root, undefined, '']];
  while (stack.length > 0) {
    const [node, parent, key] = stack.pop()!;
    if (enter(node, parent, key) === false) continue;
    const children: [EstreeNode, EstreeNode | undefined, string][] = [];
    for (const [name, value] of Object.entries(node)) {
      if (name === 'loc' || name === 'range' || name === 'position' || name === 'data') continue;
      for (const item of Array.isArray(value) ? value : [value]) {
        if (typeof item === 'object' && item !== null && typeof (item as EstreeNode).type === 'string')
          children.push([item as EstreeNode, node, name]);
      }
    }
    stack.push(...children.reverse());
  }
}

/** A JSX call as MDX builds it (`_jsx('button', {onClick})`), or a JSX element not yet built: whether it has an event handler. */
function hasEventHandler(node: EstreeNode): boolean {
  if (node.type === 'JSXAttribute') return node.name.type === 'JSXIdentifier' && isEventHandler(node.name.name);
  if (node.type !== 'CallExpression' || node.callee.type !== 'Identifier' || !/^_?jsx(s|DEV)?$/.test(node.callee.name)) return false;
  const props = node.arguments[1];
  return (
    props?.type === 'ObjectExpression' &&
    props.properties.some((property) => {
      if (property.type !== 'Property' || property.computed) return false;
      const key =
        property.key.type === 'Identifier' ? property.key.name : property.key.type === 'Literal' ? String(property.key.value) : '';
      return isEventHandler(key);
    })
  );
}

/** Whether code handles an event (an `on*` prop of an element) or calls a hook that works only in a browser. */
function needsBrowser(root: EstreeNode): boolean {
  let found = false;
  walkEstree(root, (node) => {
    if (found) return false;
    if (hasEventHandler(node)) found = true;
    else if (node.type === 'CallExpression') {
      const callee = node.callee;
      const name =
        callee.type === 'Identifier'
          ? callee.name
          : callee.type === 'MemberExpression' && callee.property.type === 'Identifier'
            ? callee.property.name
            : '';
      if (BROWSER_HOOKS.test(name)) found = true;
    }
    return undefined;
  });
  return found;
}

/** The names code refers to (identifiers and JSX element names; more than it needs is harmless, as they are looked up among the module's own). */
function referencedNames(root: EstreeNode): Set<string> {
  const names = new Set<string>();
  walkEstree(root, (node, parent, key) => {
    if (node.type === 'Identifier' || node.type === 'JSXIdentifier') {
      const isKey =
        (parent?.type === 'MemberExpression' && key === 'property' && !parent.computed) ||
        (parent?.type === 'Property' && key === 'key' && !parent.computed) ||
        parent?.type === 'JSXAttribute';
      if (!isKey) names.add(node.name);
    }
    return undefined;
  });
  return names;
}

/** Names a pattern binds (`const {a, b: [c]} = ...`). */
export function boundNames(pattern: Pattern): string[] {
  switch (pattern.type) {
    case 'Identifier':
      return [pattern.name];
    case 'ObjectPattern':
      return pattern.properties.flatMap((item) => (item.type === 'RestElement' ? boundNames(item.argument) : boundNames(item.value)));
    case 'ArrayPattern':
      return pattern.elements.flatMap((item) => (item ? boundNames(item) : []));
    case 'RestElement':
      return boundNames(pattern.argument);
    case 'AssignmentPattern':
      return boundNames(pattern.left);
    default:
      return [];
  }
}

/** The names a top-level statement declares. */
function declaredNames(statement: Statement | ImportDeclaration | ExportNamedDeclaration): string[] {
  const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
  if (!declaration) return [];
  if (declaration.type === 'ImportDeclaration') return declaration.specifiers.map((specifier) => specifier.local.name);
  if (declaration.type === 'FunctionDeclaration' || declaration.type === 'ClassDeclaration')
    return declaration.id ? [declaration.id.name] : [];
  if (declaration.type === 'VariableDeclaration') return declaration.declarations.flatMap((declarator) => boundNames(declarator.id));
  return [];
}

/** A component the page exports that runs in the browser, or why it cannot (it uses what only the build has). */
export interface PageIsland {
  name: string;
  /** The declaration's start, in the page's body. */
  line?: number;
  column?: number;
  /** What keeps it from the browser: an import of a Docusaurus module, or a name docgen gives the page at build time. */
  blockedBy?: string;
}

/** The top-level declarations of a module by the names they declare. */
function indexDeclarations(program: Program): Map<string, Statement | ImportDeclaration | ExportNamedDeclaration> {
  const declarations = new Map<string, Statement | ImportDeclaration | ExportNamedDeclaration>();
  for (const statement of program.body) {
    if (statement.type === 'ExportDefaultDeclaration' || statement.type === 'ExportAllDeclaration') continue;
    for (const name of declaredNames(statement as Statement)) declarations.set(name, statement as Statement);
  }
  return declarations;
}

/** The top-level names `roots` use, with what those use in turn. */
function closeOver(roots: string[], declarations: Map<string, Statement | ImportDeclaration | ExportNamedDeclaration>): Set<string> {
  const used = new Set<string>();
  const pending = [...roots];
  while (pending.length > 0) {
    const name = pending.pop()!;
    if (used.has(name)) continue;
    used.add(name);
    const declaration = declarations.get(name);
    if (!declaration || declaration.type === 'ImportDeclaration') continue;
    for (const other of referencedNames(declaration)) if (declarations.has(other) && !used.has(other)) pending.push(other);
  }
  return used;
}

/**
 * The components a page's module exports that must run in the browser (see the top of this file),
 * each with what keeps it from the browser, if anything. Capitalised exports only: a component.
 */
export function findPageIslands(program: Program): PageIsland[] {
  const declarations = indexDeclarations(program);
  const islands: PageIsland[] = [];
  for (const statement of program.body) {
    if (statement.type !== 'ExportNamedDeclaration' || !statement.declaration) continue;
    const declaration = statement.declaration;
    const parts: [string, EstreeNode][] =
      declaration.type === 'FunctionDeclaration' && declaration.id
        ? [[declaration.id.name, declaration]]
        : declaration.type === 'VariableDeclaration'
          ? declaration.declarations.flatMap((declarator) =>
              declarator.id.type === 'Identifier' && declarator.init ? [[declarator.id.name, declarator] as [string, EstreeNode]] : [],
            )
          : [];
    for (const [name, node] of parts) {
      if (!/^[A-Z]/.test(name) || !needsBrowser(node)) continue;
      const uses = closeOver([name], declarations);
      let blockedBy: string | undefined;
      for (const used of uses) {
        const source = declarations.get(used);
        if (source?.type === 'ImportDeclaration' && SERVER_ONLY_MODULES.test(String(source.source.value))) {
          blockedBy = `${used} from ${String(source.source.value)}`;
          break;
        }
      }
      // A name of the page's build-time data that the page does not declare itself.
      const reads = [...uses].flatMap((used) => [...referencedNames(declarations.get(used) ?? node)]);
      const pageName = reads.find((read) => SERVER_ONLY_NAMES.has(read) && !declarations.has(read));
      if (!blockedBy && pageName) blockedBy = pageName;
      const start = node.loc?.start;
      islands.push({
        name,
        line: start?.line,
        column: start === undefined ? undefined : start.column + 1,
        ...(blockedBy && { blockedBy }),
      });
    }
  }
  return islands;
}

/** The JavaScript of an attribute's value (`{...}`): its expression as MDX parsed it. */
function attributeExpression(value: { data?: { estree?: Program | null } } | undefined): Expression | undefined {
  const statement = value?.data?.estree?.body[0];
  return statement?.type === 'ExpressionStatement' ? statement.expression : undefined;
}

/** An element with an event handler as a JSX element of the component that stands for it, its children as the component's. */
function toJsxElement(element: JsxElement): JSXElement | undefined {
  const attributes: (JSXAttribute | JSXSpreadAttribute)[] = [];
  for (const attribute of element.attributes) {
    if (attribute.type === 'mdxJsxExpressionAttribute') {
      const expression = attributeExpression(attribute);
      const spread = expression?.type === 'ObjectExpression' ? expression.properties[0] : undefined;
      if (spread?.type !== 'SpreadElement') return undefined;
      attributes.push({ type: 'JSXSpreadAttribute', argument: spread.argument });
      continue;
    }
    const name = attribute.name.includes(':')
      ? {
          type: 'JSXNamespacedName' as const,
          namespace: { type: 'JSXIdentifier' as const, name: attribute.name.split(':')[0]! },
          name: { type: 'JSXIdentifier' as const, name: attribute.name.split(':')[1]! },
        }
      : { type: 'JSXIdentifier' as const, name: attribute.name };
    const value = attribute.value;
    if (value === null || value === undefined) {
      attributes.push({ type: 'JSXAttribute', name, value: null });
    } else if (typeof value === 'string') {
      attributes.push({ type: 'JSXAttribute', name, value: { type: 'Literal', value } });
    } else {
      const expression = attributeExpression(value);
      if (!expression) return undefined;
      attributes.push({ type: 'JSXAttribute', name, value: { type: 'JSXExpressionContainer', expression } });
    }
  }
  const tag = { type: 'JSXIdentifier' as const, name: element.name! };
  const hasChildren = element.children.length > 0;
  const children = {
    type: 'MemberExpression' as const,
    object: { type: 'Identifier' as const, name: 'props' },
    property: { type: 'Identifier' as const, name: 'children' },
    computed: false,
    optional: false,
  };
  return {
    type: 'JSXElement',
    openingElement: { type: 'JSXOpeningElement', name: tag, attributes, selfClosing: !hasChildren },
    closingElement: hasChildren ? { type: 'JSXClosingElement', name: tag } : null,
    children: hasChildren ? [{ type: 'JSXExpressionContainer', expression: children }] : [],
  };
}

/**
 * Moves each element of the page with an event handler into a component the page exports, which
 * renders the element with its attributes around its children: the page shows the component in
 * its place with the element's children, so the element is an island (findPageIslands) whose
 * content is the page's. Named by the hash of the element's source, the same in both compiles.
 */
export function remarkHoistHandlers() {
  return (tree: MdastRoot, file: VFile) => {
    const source = String(file.value);
    const seen = new Map<string, number>();
    const hoisted: MdxjsEsm[] = [];
    walkTree<MdastRoot | RootContent, true>(tree, true, (node) => {
      if (node.type !== 'mdxJsxFlowElement' && node.type !== 'mdxJsxTextElement') return 'children' in node ? true : undefined;
      const element = node as JsxElement;
      const handles = element.attributes.some((attribute) => attribute.type === 'mdxJsxAttribute' && isEventHandler(attribute.name));
      if (!element.name || !/^[a-z]/.test(element.name) || !handles) return true;
      const jsx = toJsxElement(element);
      if (!jsx) return true;
      const start = element.position?.start.offset;
      const end = element.position?.end.offset;
      const digest = createHash('sha256')
        .update(start === undefined || end === undefined ? element.name : source.slice(start, end))
        .digest('hex')
        .slice(0, 10);
      const count = (seen.get(digest) ?? 0) + 1;
      seen.set(digest, count);
      const name = `${HOISTED_PREFIX}${digest}${count > 1 ? `_${count}` : ''}`;
      const declaration: ExportNamedDeclaration = {
        type: 'ExportNamedDeclaration',
        specifiers: [],
        attributes: [],
        source: null,
        declaration: {
          type: 'VariableDeclaration',
          kind: 'const',
          declarations: [
            {
              type: 'VariableDeclarator',
              id: { type: 'Identifier', name },
              init: {
                type: 'ArrowFunctionExpression',
                params: [{ type: 'Identifier', name: 'props' }],
                body: jsx as unknown as Expression,
                expression: true,
                async: false,
                generator: false,
              },
              ...(element.position && {
                loc: {
                  start: { line: element.position.start.line, column: element.position.start.column - 1 },
                  end: { line: element.position.end.line, column: element.position.end.column - 1 },
                },
              }),
            },
          ],
        },
      };
      hoisted.push({ type: 'mdxjsEsm', value: '', data: { estree: { type: 'Program', sourceType: 'module', body: [declaration] } } });
      element.name = name;
      element.attributes = [];
      return true;
    });
    tree.children.push(...hoisted);
  };
}

/** Keeps only the page's ESM (its imports and exports): the browser's compile of a page shows no content. */
function remarkModuleOnly() {
  return (tree: MdastRoot) => {
    tree.children = tree.children.filter((node) => node.type === 'mdxjsEsm');
  };
}

/**
 * The browser module of a page: its islands (findPageIslands, those that can run in the browser)
 * and the declarations and imports they use; the rest (its content, other exports) is left out,
 * so the page's other imports need not run in a browser.
 */
function recmaPageModule() {
  return (program: Program) => {
    const islands = findPageIslands(program).filter((island) => !island.blockedBy);
    const declarations = indexDeclarations(program);
    const used = closeOver(
      islands.map((island) => island.name),
      declarations,
    );
    const body: Program['body'] = [];
    for (const statement of program.body) {
      if (statement.type === 'ImportDeclaration') {
        const specifiers = statement.specifiers.filter((specifier) => used.has(specifier.local.name));
        if (specifiers.length > 0) body.push({ ...statement, specifiers });
        continue;
      }
      if (statement.type === 'ExportDefaultDeclaration' || statement.type === 'ExportAllDeclaration') continue;
      if (statement.type === 'ExportNamedDeclaration' && !statement.declaration) continue;
      if (declaredNames(statement as Statement).some((name) => used.has(name))) body.push(statement);
    }
    program.body = body;
  };
}

/**
 * Compiles an MDX page (or partial) for the browser: the page's islands and what they use, as an
 * ES module (see recmaPageModule). `text` is the whole file, front matter included.
 */
export async function compilePageModule(text: string, path: string, compat: MdxCompat): Promise<string> {
  const { createMdxProcessor } = await import('../vendor/mdx.js');
  const body = text.replace(FRONT_MATTER_BLOCK, '');
  const processor = createMdxProcessor({
    jsxImportSource: 'react',
    remarkPlugins: [remarkHoistHandlers, remarkModuleOnly],
    recmaPlugins: [recmaPageModule],
  });
  const file = await processor.process({ value: toMdxSource(body, compat), path });
  return String(file.value);
}
