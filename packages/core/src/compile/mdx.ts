import type { Heading, Root as MdastRoot, RootContent as MdastContent } from 'mdast';
import { visit } from '../vendor/markdown.js';

/** The excerpt marker of MDX blog posts, `{/* truncate *\/}` (or `<!-- truncate -->` under mdx1Compat.comments). */
const TRUNCATE = /^\/\*\s*truncate\s*\*\/$/;
/** An explicit heading id written as an MDX comment, Docusaurus's way: `## Title {/* #my-id *\/}`. */
const COMMENT_ID = /^\/\*\s*#([^\s*]+)\s*\*\/$/;

/**
 * What docgen reads in an MDX file's markdown tree before the MDX compiler runs it (mdxRun.ts): the
 * excerpt marker, which becomes the element compile splits a blog post at, and heading ids written
 * as comments. Everything else of MDX (imports, exports, expressions, JSX) is JavaScript, run as such.
 */
export function remarkMdxDocgen() {
  return (tree: MdastRoot) => {
    tree.children = tree.children.map((node): MdastContent => {
      if (node.type === 'mdxFlowExpression' && TRUNCATE.test(node.value.trim())) {
        return { type: 'truncateMarker', data: { hName: 'docgen-truncate' } } as unknown as MdastContent;
      }
      return node;
    });
    visit(tree, 'heading', takeHeadingId);
  };
}

/** Gives a heading the id of a trailing `{/* #id *\/}`, taking the comment off. */
function takeHeadingId(heading: Heading): void {
  const last = heading.children[heading.children.length - 1];
  const match = last?.type === 'mdxTextExpression' ? COMMENT_ID.exec(last.value.trim()) : null;
  if (!match) return;
  heading.children.pop();
  const text = heading.children[heading.children.length - 1];
  if (text?.type === 'text') text.value = text.value.trimEnd();
  heading.data = { ...heading.data, hProperties: { ...heading.data?.hProperties, id: match[1] } };
}
