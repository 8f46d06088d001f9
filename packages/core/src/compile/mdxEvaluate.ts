import type { Expression, Node as EstreeNode, Program } from 'estree-jsx';

/**
 * What `toc` evaluates to until the page's headings are known (they are made after MDX is read):
 * compileMarkdown puts the headings in its place in the props of site components.
 */
export const TOC_PLACEHOLDER = '\u0000docgen:toc';

/** A value an MDX expression may give: JSON, or undefined. */
export type MdxValue = string | number | boolean | null | undefined | MdxValue[] | { [key: string]: MdxValue };

/** What an expression is evaluated against: the page's front matter and title, and what the file being read imports. */
export interface MdxScope {
  frontMatter: Record<string, unknown>;
  title: string | undefined;
  /** Names the file imports that have a value: an imported file's URL (`import logo from './logo.png'`). */
  variables?: ReadonlyMap<string, MdxValue>;
  /** `require('./x.png')` (and its `.default`): the URL of a file of the site, or an error. */
  require?: (source: string, position: { line: number; column: number } | undefined) => MdxValue;
}

/** An expression that cannot be evaluated at build time, at its 1-based line and column of the body. */
export class MdxExpressionError extends Error {
  constructor(
    message: string,
    readonly hint: string,
    readonly position: { line: number; column: number } | undefined,
  ) {
    super(message);
  }
}

/** What every refusal of an expression says to do. */
export const MOVE_HINT =
  "Expressions may be literals, arrays and objects of literals, frontMatter.x, toc, metadata.title and the files the page imports (import logo from './logo.png'). Move the logic into a component in src/components and import it.";

/** The 1-based position of an estree node (acorn's columns are 0-based). */
export function positionOf(node: EstreeNode | undefined): { line: number; column: number } | undefined {
  const start = node?.loc?.start;
  return start ? { line: start.line, column: start.column + 1 } : undefined;
}

/**
 * The one expression of an MDX expression's program (`{...}`), or undefined when it holds only
 * comments (`{/* note *\/}`).
 */
export function getProgramExpression(program: Program | null | undefined): Expression | undefined {
  const statement = program?.body[0];
  if (!statement) return undefined;
  if (statement.type !== 'ExpressionStatement' || program.body.length > 1) {
    throw new MdxExpressionError('This MDX expression is a statement, not a value', MOVE_HINT, positionOf(statement));
  }
  return statement.expression;
}

/**
 * Evaluates an expression at build time by reading its tree: never runs code. Literals, template
 * literals without placeholders, arrays and objects of those, negative numbers, `undefined`,
 * `frontMatter.x`, `metadata.title`; `toc` when `toc` is given (the page's headings).
 */
export function evaluateExpression(node: Expression, scope: MdxScope): MdxValue {
  switch (node.type) {
    case 'Literal':
      if ('regex' in node || 'bigint' in node) break;
      return node.value as string | number | boolean | null;
    case 'TemplateLiteral':
      if (node.expressions.length > 0) break;
      return node.quasis.map((quasi) => quasi.value.cooked ?? quasi.value.raw).join('');
    case 'UnaryExpression':
      if (node.operator === '-' && node.argument.type === 'Literal' && typeof node.argument.value === 'number') return -node.argument.value;
      break;
    case 'ArrayExpression':
      return node.elements.map((element) => {
        if (!element || element.type === 'SpreadElement') {
          throw new MdxExpressionError('A spread or hole in an MDX array is not supported', MOVE_HINT, positionOf(element ?? node));
        }
        return evaluateExpression(element, scope);
      });
    case 'ObjectExpression': {
      const object: Record<string, MdxValue> = {};
      for (const property of node.properties) {
        if (property.type !== 'Property' || property.computed || property.kind !== 'init' || property.method || property.shorthand) {
          throw new MdxExpressionError(
            'Only plain `key: value` properties are supported in an MDX object',
            MOVE_HINT,
            positionOf(property),
          );
        }
        const key =
          property.key.type === 'Identifier' ? property.key.name : property.key.type === 'Literal' ? String(property.key.value) : '';
        object[key] = evaluateExpression(property.value as Expression, scope);
      }
      return object;
    }
    case 'Identifier':
      if (node.name === 'undefined') return undefined;
      if (scope.variables?.has(node.name)) return scope.variables.get(node.name);
      if (node.name === 'frontMatter') return toMdxValue(scope.frontMatter);
      if (node.name === 'toc') return TOC_PLACEHOLDER;
      if (node.name === 'metadata') break;
      throw new MdxExpressionError(
        `The variable \`${node.name}\` is not supported in MDX: it has no value at build time`,
        MOVE_HINT,
        positionOf(node),
      );
    case 'CallExpression': {
      const source = getRequiredSource(node);
      if (source !== undefined && scope.require) return scope.require(source, positionOf(node));
      break;
    }
    case 'MemberExpression': {
      // `require('./x.png').default`, as Docusaurus's pages write it: the module's default export is the URL.
      const required = node.object.type === 'CallExpression' ? getRequiredSource(node.object) : undefined;
      if (required !== undefined && scope.require && getMemberName(node) === 'default')
        return scope.require(required, positionOf(node.object));
      const path = getMemberPath(node);
      if (path?.[0] === 'frontMatter') {
        let value: unknown = scope.frontMatter;
        for (const key of path.slice(1))
          value = value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
        return toMdxValue(value);
      }
      if (path?.length === 2 && path[0] === 'metadata' && path[1] === 'title') return scope.title;
      if (path?.[0] === 'metadata') {
        throw new MdxExpressionError(
          `\`${path.join('.')}\` is not supported in MDX: of metadata, only metadata.title is`,
          'Use metadata.title, or put the value in the front matter and use frontMatter.x.',
          positionOf(node),
        );
      }
      break;
    }
    default:
      break;
  }
  throw new MdxExpressionError(`${describe(node)} is not supported in MDX: content does not run code`, MOVE_HINT, positionOf(node));
}

/** The path of `require('path')`, or undefined when the call is anything else. */
function getRequiredSource(node: Expression): string | undefined {
  if (node.type !== 'CallExpression' || node.callee.type !== 'Identifier' || node.callee.name !== 'require') return undefined;
  const [argument, ...rest] = node.arguments;
  return rest.length === 0 && argument?.type === 'Literal' && typeof argument.value === 'string' ? argument.value : undefined;
}

/** The name of a member expression's property (`a.b`, `a['b']`), or undefined when it is computed. */
function getMemberName(node: Expression & { type: 'MemberExpression' }): string | undefined {
  if (!node.computed && node.property.type === 'Identifier') return node.property.name;
  return node.property.type === 'Literal' && typeof node.property.value === 'string' ? node.property.value : undefined;
}

/** `a.b.c` (and `a['b']`) as its names, or undefined when a part is computed. */
function getMemberPath(node: Expression): string[] | undefined {
  if (node.type === 'Identifier') return [node.name];
  if (node.type !== 'MemberExpression' || node.object.type === 'Super') return undefined;
  const object = getMemberPath(node.object as Expression);
  const property = getMemberName(node);
  return object && property !== undefined ? [...object, property] : undefined;
}

/** What an unsupported expression is, in words. */
function describe(node: Expression): string {
  switch (node.type) {
    case 'ArrowFunctionExpression':
    case 'FunctionExpression':
      return 'A function';
    case 'CallExpression':
    case 'NewExpression':
      return 'A call';
    case 'TemplateLiteral':
      return 'A template literal with placeholders';
    case 'MemberExpression':
      return 'A property of a variable';
    case 'BinaryExpression':
    case 'LogicalExpression':
    case 'ConditionalExpression':
    case 'UnaryExpression':
      return 'An operator';
    case 'JSXElement':
    case 'JSXFragment':
      return 'JSX inside an expression';
    default:
      return `A ${node.type}`;
  }
}

/** Front matter values as JSON values (YAML dates become ISO strings). */
function toMdxValue(value: unknown): MdxValue {
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(toMdxValue);
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, toMdxValue(item)]));
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || value === null || value === undefined)
    return value;
  return String(value);
}
