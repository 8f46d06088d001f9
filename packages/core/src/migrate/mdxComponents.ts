import type { Root as MdastRoot } from 'mdast';
import { remarkMdx, remarkParse, unified, EXIT, visit } from '../vendor/markdown.js';
import { FRONT_MATTER_BLOCK } from '../yaml/index.js';

const parser = unified().use(remarkParse).use(remarkMdx);

/** Where the body of a markdown file starts: after its front matter, when it has one. */
const getBodyStart = (text: string) => FRONT_MATTER_BLOCK.exec(text)?.[0].length ?? 0;

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
