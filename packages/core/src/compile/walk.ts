/**
 * Visits the nodes below `root` in document order, each before its children, with a stack of
 * its own rather than recursion: the depth of a page's tree is its content's to choose. `enter`
 * gets a node and its parent's context, and returns the context of the node's children, or
 * undefined to skip them.
 */
export function walkTree<Node extends object, Context>(
  root: Node,
  context: Context,
  enter: (node: Node, context: Context) => Context | undefined,
): void {
  const childrenOf = (node: Node) => (node as { children?: readonly Node[] }).children;
  const stack: { children: readonly Node[]; next: number; context: Context }[] = [{ children: childrenOf(root) ?? [], next: 0, context }];
  while (stack.length > 0) {
    const frame = stack[stack.length - 1]!;
    if (frame.next === frame.children.length) {
      stack.pop();
      continue;
    }
    const node = frame.children[frame.next++]!;
    const inner = enter(node, frame.context);
    const children = inner === undefined ? undefined : childrenOf(node);
    if (children && children.length > 0) stack.push({ children, next: 0, context: inner! });
  }
}
