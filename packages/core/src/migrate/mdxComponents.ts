import type { Root as MdastRoot } from 'mdast';
import { remarkMdx, remarkParse, unified, EXIT, visit } from '../vendor/markdown.js';

const parser = unified().use(remarkParse).use(remarkMdx);

/** Where the body of a markdown file starts: after its front matter, when it has one. */
const getBodyStart = (text: string) => /^---[^\n]*\n[\s\S]*?\n---[ \t]*(\n|$)/.exec(text)?.[0].length ?? 0;

/** The MDX tree of a body, or undefined when it is not valid MDX. */
function parseMdx(body: string): MdastRoot | undefined {
  try {
    return parser.parse(body) as MdastRoot;
  } catch {
    return undefined;
  }
}

/**
 * Whether a file read as MDX uses what only MDX has: an `import` or `export` statement, or a JSX
 * component (`<Tabs>`, `<MDXComponents.a>`; a lower-case element is HTML that markdown has too).
 * A file that is not valid MDX does not.
 */
export function usesMdx(text: string): boolean {
  const tree = parseMdx(text.slice(getBodyStart(text)));
  if (!tree) return false;
  let found = false;
  visit(tree, (node) => {
    const name = node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement' ? node.name : undefined;
    if (node.type === 'mdxjsEsm' || (name && /^[A-Z]|\./.test(name))) {
      found = true;
      return EXIT;
    }
    return undefined;
  });
  return found;
}

/** What moving an MDX file's own components into the site gives: the file's new text and the module, when it had any. */
export interface MovedComponents {
  text: string;
  /** The module's site path and code: the components as written, each exported. */
  module?: { path: string; code: string };
}

/**
 * Components an MDX file defines itself (`export const Highlight = ({children}) => (...)`,
 * `export function Note() {...}`) are code, which docgen's content never runs: they move into
 * a module of the site (`src/components/mdx/<file>.jsx`), which the file imports instead, and
 * become site components (rendered at build time, hydrated in the browser). Other exports stay
 * (the build names them). A file that is not valid MDX is left as it is.
 */
export function moveMdxComponents(text: string, sourcePath: string): MovedComponents {
  if (!/^export\s/m.test(text)) return { text };
  const start = getBodyStart(text);
  const tree = parseMdx(text.slice(start));
  if (!tree) return { text };
  const moved: { from: number; to: number; names: string[]; code: string }[] = [];
  for (const node of tree.children) {
    if (node.type !== 'mdxjsEsm' || !node.position) continue;
    const statements = node.data?.estree?.body ?? [];
    const names: string[] = [];
    const isComponents = statements.every((statement) => {
      if (statement.type !== 'ExportNamedDeclaration' || !statement.declaration) return false;
      const declaration = statement.declaration;
      if (declaration.type === 'FunctionDeclaration' && /^[A-Z]/.test(declaration.id.name)) {
        names.push(declaration.id.name);
        return true;
      }
      if (declaration.type !== 'VariableDeclaration') return false;
      return declaration.declarations.every((declarator) => {
        const ok =
          declarator.id.type === 'Identifier' &&
          /^[A-Z]/.test(declarator.id.name) &&
          (declarator.init?.type === 'ArrowFunctionExpression' || declarator.init?.type === 'FunctionExpression');
        if (ok) names.push((declarator.id as { name: string }).name);
        return ok;
      });
    });
    if (!isComponents || names.length === 0) continue;
    const from = start + node.position.start.offset!;
    const to = start + node.position.end.offset!;
    moved.push({ from, to, names, code: text.slice(from, to) });
  }
  if (moved.length === 0) return { text };
  const path = `src/components/mdx/${sourcePath.replace(/\.mdx?$/, '').replace(/[^\w/-]+/g, '-')}.jsx`;
  let rewritten = text;
  for (const { from, to, names } of [...moved].reverse()) {
    rewritten = `${rewritten.slice(0, from)}import { ${names.join(', ')} } from '@site/${path.replace(/\.jsx$/, '')}';${rewritten.slice(to)}`;
  }
  const code = `// Moved from ${sourcePath} by docgen migrate docusaurus: components of an MDX file are site components.\n\n${moved.map((part) => part.code).join('\n\n')}\n`;
  return { text: rewritten, module: { path, code } };
}
