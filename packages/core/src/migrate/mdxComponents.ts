import type { Root as MdastRoot } from 'mdast';
import { toMdxSource } from '../compile/mainThread.js';
import { remarkMdx, remarkParse, unified, EXIT, visit } from '../vendor/markdown.js';
import { FRONT_MATTER_BLOCK } from '../yaml/index.js';

const parser = unified().use(remarkParse).use(remarkMdx);
/** What docgen reads of MDX 1 in MDX files (`markdown.mdx1Compat`, each on unless the Docusaurus site turned it off). */
const COMPAT = { comments: true, admonitions: true, headingIds: true };

/** Where the body of a markdown file starts: after its front matter, when it has one. */
const getBodyStart = (text: string) => FRONT_MATTER_BLOCK.exec(text)?.[0].length ?? 0;

/** Why MDX cannot read a body, and where (1-based line and column of the body). */
export interface MdxParseError {
  reason: string;
  line: number;
  column: number;
}

/**
 * The MDX tree of a body as docgen's build reads it (MDX 1's comments, admonition titles and
 * heading ids too), or why it is not valid MDX. Lines and columns are the body's; offsets move
 * after an escaped heading id.
 */
export function parseMdxBody(body: string): MdastRoot | MdxParseError {
  try {
    return parser.parse(toMdxSource(body, COMPAT)) as MdastRoot;
  } catch (error) {
    const message = error as { reason?: string; message?: string; line?: number; column?: number };
    return { reason: message.reason ?? message.message ?? String(error), line: message.line ?? 0, column: message.column ?? 0 };
  }
}

/** The MDX tree of a body, or undefined when it is not valid MDX. */
function parseMdx(body: string): MdastRoot | undefined {
  const parsed = parseMdxBody(body);
  return 'reason' in parsed ? undefined : parsed;
}

/**
 * Whether a file read as MDX uses what only MDX has: an `import` or `export` statement, or a JSX
 * component (`<Tabs>`, `<MDXComponents.a>`; a lower-case element is HTML that markdown has too).
 * A file that is not valid MDX does not.
 */
export function usesMdx(text: string): boolean {
  const tree = parseMdx(text.slice(getBodyStart(text)));
  return tree !== undefined && treeUsesMdx(tree);
}

/** Whether a parsed MDX tree uses what only MDX has (see usesMdx). */
export function treeUsesMdx(tree: MdastRoot): boolean {
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
