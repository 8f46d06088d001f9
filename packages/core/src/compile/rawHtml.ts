import type { Root as MdastRoot, RootContent as MdastContent } from 'mdast';

/**
 * The raw-HTML fast path: reparsing raw HTML (parse5, rehype-raw) is the costliest step of
 * compiling, so only a file with raw HTML other than comments pays it. Comments left unparsed
 * are taken out by rehypeDocgen, as rehype-raw's comment nodes are (compileDifferential.test.ts
 * compares both ways on the real sites and generated documents).
 */

/** A complete HTML comment, `<!-->` and `<!--->` included (browsers end a comment there too). */
export const COMMENT = /<!--(?:-?>|[\s\S]*?-->)/g;

/** Whether raw HTML holds nothing but complete comments and white space. */
export function isCommentOnly(html: string): boolean {
  return html.replace(COMMENT, '').trim() === '';
}

/**
 * Whether the tree holds raw HTML other than comments, which must be parsed to be shown (a plain
 * loop: it runs on every node of every file).
 */
export function hasRawHtml(tree: MdastRoot): boolean {
  const stack: (MdastRoot | MdastContent)[] = [tree];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.type === 'html') {
      if (!isCommentOnly(node.value)) return true;
    } else if ('children' in node) {
      for (let index = node.children.length - 1; index >= 0; index--) stack.push(node.children[index]!);
    }
  }
  return false;
}
