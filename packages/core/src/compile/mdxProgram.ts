import type {
  Expression,
  Identifier,
  ModuleDeclaration,
  ObjectPattern,
  Pattern,
  Program,
  AssignmentProperty,
  Property,
  SpreadElement,
  Statement,
  VariableDeclaration,
} from 'estree-jsx';
import type { Element, Root as HastRoot, RootContent } from 'hast';
import type { Root as MdastRoot } from 'mdast';
import type { MdxJsxAttribute, MdxJsxFlowElement, MdxJsxTextElement } from 'mdast-util-mdx';
import type { Options as RemarkRehypeOptions } from 'remark-rehype';
import type { PluggableList } from 'unified';
import type { VFile } from 'vfile';
import { createMdxProcessor, SourceMapGenerator } from '../vendor/mdx.js';
import { createWarn, getCompileData } from './compileData.js';
import { boundNames, findPageIslands, remarkHoistHandlers } from './pageIslands.js';
import { walkTree } from './walk.js';

/** The names a page's program gets from docgen (see MdxPage in mdxRun.ts), as Docusaurus exports them from an MDX module. */
export const PAGE_NAMES = ['frontMatter', 'toc', 'metadata', 'assets', 'contentTitle'] as const;
/** The function a page's program imports through: `_docgenImport(specifier, 'line:column')`. */
const IMPORT = '_docgenImport';
/** The page's data: `_docgenPage.frontMatter`... */
const PAGE = '_docgenPage';
/** The function that makes a component of the page an island: `_docgenIsland(name, component)`. */
const ISLAND = '_docgenIsland';
/** The prop that gives an element of the page its place, `line:column`, for warnings and links (runtime.tsx). */
const AT_PROP = '__docgenAt';

/** A page's MDX compiled to the body of a function of `_docgenImport`, `_docgenPage` and `_docgenIsland`, which returns the module's exports. */
export interface MdxProgram {
  code: string;
  /** The source map of `code` to the page's body (lines of the body, not the file). */
  map: { mappings: string };
}

/**
 * The MDX compiler from a parsed and transformed markdown tree (docgen's remark plugins ran on it)
 * to a program: @mdx-js/mdx's own steps from mdast to JavaScript, with the site's rehype plugins,
 * and docgen's last step (`recmaDocgenProgram`) that makes the ES module a function body whose
 * imports come from the site's MDX runtime.
 */
export function createMdxCompiler(options: { handlers: RemarkRehypeOptions['handlers']; rehypePlugins: PluggableList }) {
  const processor = createMdxProcessor({
    outputFormat: 'program',
    remarkPlugins: [remarkHoistHandlers],
    remarkRehypeOptions: { handlers: options.handlers },
    rehypePlugins: [...options.rehypePlugins, rehypeElementPlaces],
    recmaPlugins: [recmaDocgenProgram],
    SourceMapGenerator,
  });
  return (tree: MdastRoot, file: VFile): MdxProgram => {
    const program = processor.runSync(tree as never, file);
    const code = processor.stringify(program, file);
    return { code: String(code), map: (file.map ?? { mappings: '' }) as MdxProgram['map'] };
  };
}

/** The JSX elements whose place their element keeps: links and images (check-links reports them there) and components (warnings). */
const PLACED = new Set(['a', 'img']);

/**
 * Gives JSX elements of the page their place as a prop: links and images written as JSX, for
 * check-links, and components (capitalised names), for the warnings a component gives while it renders.
 */
function rehypeElementPlaces() {
  return (tree: HastRoot) => {
    walkTree<HastRoot | RootContent, true>(tree, true, (node) => {
      const element = node as unknown as MdxJsxFlowElement | MdxJsxTextElement | Element;
      if (element.type !== 'mdxJsxFlowElement' && element.type !== 'mdxJsxTextElement') return 'children' in node ? true : undefined;
      const start = element.position?.start;
      const name = element.name ?? '';
      if (start && (PLACED.has(name) || /^[A-Z]/.test(name))) {
        const place: MdxJsxAttribute = {
          type: 'mdxJsxAttribute',
          name: /^[A-Z]/.test(name) ? AT_PROP : 'data-docgen-at',
          value: `${start.line}:${start.column}`,
        };
        element.attributes = [...element.attributes, place];
      }
      return true;
    });
  };
}

const identifier = (name: string): Identifier => ({ type: 'Identifier', name });
const call = (callee: string, ...args: Expression[]): Expression => ({
  type: 'CallExpression',
  callee: identifier(callee),
  arguments: args,
  optional: false,
});
const literal = (value: string): Expression => ({ type: 'Literal', value });
const declare = (id: Pattern, init: Expression): VariableDeclaration => ({
  type: 'VariableDeclaration',
  kind: 'const',
  declarations: [{ type: 'VariableDeclarator', id, init }],
});
const property = (key: string, value: Expression | Pattern): Property & AssignmentProperty =>
  ({
    type: 'Property',
    key: /^[A-Za-z_$][\w$]*$/.test(key) ? identifier(key) : (literal(key) as Property['key']),
    value,
    kind: 'init',
    computed: false,
    method: false,
    shorthand: false,
  }) as Property & AssignmentProperty;

/**
 * The ES module MDX makes, as a function body: each `import` a call of `_docgenImport` with its
 * place, each `export` a declaration whose name the body returns, and the names Docusaurus gives
 * an MDX page (`frontMatter`, `toc`...) from `_docgenPage` unless the page declares them itself.
 */
function recmaDocgenProgram() {
  return (program: Program, file: VFile) => {
    const islands = new Set<string>();
    const warn = createWarn(getCompileData(file.data));
    for (const island of findPageIslands(program)) {
      if (!island.blockedBy) {
        islands.add(island.name);
        continue;
      }
      const place = island.line === undefined ? undefined : { line: island.line, column: island.column ?? 1 };
      const hoisted = island.name.startsWith('DocgenInteractive_');
      warn(
        hoisted
          ? `This element's event handler does not run: it uses ${island.blockedBy}, which the page has only at build time`
          : `<${island.name}> is shown without interaction: it uses ${island.blockedBy}, which the page has only at build time`,
        "What runs in the browser can use the page's imports and exports, but not frontMatter, toc or metadata, nor Docusaurus's modules (@docusaurus/..., @theme/...): pass what it needs as props, or make it a component of your site (src/components).",
        place,
      );
    }
    const toIsland = (name: string, value: Expression): Expression => (islands.has(name) ? call(ISLAND, literal(name), value) : value);
    const body: Statement[] = [];
    const exported: (Property | SpreadElement)[] = [];
    const declared = new Set<string>();
    let reexports = 0;
    const importCall = (node: ModuleDeclaration) => {
      const start = node.loc?.start;
      const source = (node as { source?: { value?: unknown } | null }).source;
      return call(IMPORT, literal(String(source?.value)), literal(start ? `${start.line}:${start.column + 1}` : ''));
    };
    for (const statement of program.body) {
      switch (statement.type) {
        case 'ImportDeclaration': {
          const namespace = statement.specifiers.find((specifier) => specifier.type === 'ImportNamespaceSpecifier');
          const named = statement.specifiers.filter((specifier) => specifier.type !== 'ImportNamespaceSpecifier');
          const module = importCall(statement);
          if (statement.specifiers.length === 0) {
            body.push({ type: 'ExpressionStatement', expression: module });
            continue;
          }
          const local = namespace ? namespace.local : identifier(`_docgenModule${reexports++}`);
          body.push({ ...declare(local, module), loc: statement.loc });
          if (named.length > 0) {
            const pattern: ObjectPattern = {
              type: 'ObjectPattern',
              properties: named.map((specifier) =>
                property(
                  specifier.type === 'ImportDefaultSpecifier'
                    ? 'default'
                    : specifier.imported.type === 'Identifier'
                      ? specifier.imported.name
                      : String(specifier.imported.value),
                  specifier.local,
                ),
              ),
            };
            body.push(declare(pattern, local));
          }
          for (const specifier of statement.specifiers) declared.add(specifier.local.name);
          continue;
        }
        case 'ExportNamedDeclaration': {
          if (statement.declaration) {
            const declaration = statement.declaration;
            if (declaration.type === 'VariableDeclaration') {
              body.push({
                ...declaration,
                declarations: declaration.declarations.map((declarator) =>
                  declarator.id.type === 'Identifier' && declarator.init
                    ? { ...declarator, init: toIsland(declarator.id.name, declarator.init) }
                    : declarator,
                ),
              });
            } else if (declaration.type === 'FunctionDeclaration' && islands.has(declaration.id.name)) {
              body.push(declare(declaration.id, toIsland(declaration.id.name, { ...declaration, type: 'FunctionExpression' })));
            } else body.push(declaration);
            const names =
              statement.declaration.type === 'VariableDeclaration'
                ? statement.declaration.declarations.flatMap((declarator) => boundNames(declarator.id))
                : statement.declaration.id
                  ? [statement.declaration.id.name]
                  : [];
            for (const name of names) {
              declared.add(name);
              exported.push(property(name, identifier(name)));
            }
            continue;
          }
          const from = statement.source ? identifier(`_docgenModule${reexports++}`) : undefined;
          if (from) body.push(declare(from, importCall(statement)));
          for (const specifier of statement.specifiers) {
            const localName = specifier.local.type === 'Identifier' ? specifier.local.name : String(specifier.local.value);
            const exportedName = specifier.exported.type === 'Identifier' ? specifier.exported.name : String(specifier.exported.value);
            const value: Expression = from
              ? { type: 'MemberExpression', object: from, property: literal(localName), computed: true, optional: false }
              : identifier(localName);
            exported.push(property(exportedName, value));
          }
          continue;
        }
        case 'ExportAllDeclaration': {
          const module = importCall(statement);
          if (statement.exported) {
            const name = statement.exported.type === 'Identifier' ? statement.exported.name : String(statement.exported.value);
            exported.push(property(name, module));
          } else exported.push({ type: 'SpreadElement', argument: module });
          continue;
        }
        case 'ExportDefaultDeclaration': {
          const declaration = statement.declaration;
          if (declaration.type === 'FunctionDeclaration' || declaration.type === 'ClassDeclaration') {
            body.push(declaration as Statement);
            if (declaration.id) declared.add(declaration.id.name);
            exported.push(property('default', declaration.id ? identifier(declaration.id.name) : identifier('undefined')));
          } else {
            body.push(declare(identifier('_docgenDefault'), declaration as Expression));
            exported.push(property('default', identifier('_docgenDefault')));
          }
          continue;
        }
        default:
          if (statement.type === 'VariableDeclaration') {
            for (const declarator of statement.declarations) for (const name of boundNames(declarator.id)) declared.add(name);
          } else if ((statement.type === 'FunctionDeclaration' || statement.type === 'ClassDeclaration') && statement.id) {
            declared.add(statement.id.name);
          }
          body.push(statement as Statement);
      }
    }
    const given = PAGE_NAMES.filter((name) => !declared.has(name));
    const page: Statement[] =
      given.length > 0
        ? [declare({ type: 'ObjectPattern', properties: given.map((name) => property(name, identifier(name))) }, identifier(PAGE))]
        : [];
    // What the page exports, and what Docusaurus adds to every MDX module.
    for (const name of given) exported.push(property(name, identifier(name)));
    const result: Statement = { type: 'ReturnStatement', argument: { type: 'ObjectExpression', properties: exported } };
    program.body = [...page, ...body, result];
    program.sourceType = 'script';
  };
}
