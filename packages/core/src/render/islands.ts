import type { Element, ElementContent, Root as HastRoot } from 'hast';
import type { ContentElements } from '@docgen/types';
import { DocgenError } from '../diagnostics/index.js';
import { findSiteFrame } from './siteFrame.js';

/** What rendering islands needs: the site's components rendered on the server, and the URL of each one's browser code. */
export interface IslandRenderer {
  /**
   * Renders a component (`src/components/Counter.tsx#default`) with its props and children (HTML)
   * to hydratable HTML, on the page at `path` (its `useLocation()`).
   */
  renderIsland(component: string, props: Record<string, unknown>, childrenHtml: string | undefined, path?: string): string;
  /** What the islands rendered since the last call said of their page's head (a React page's `<Layout title>`), and forgets it. */
  takePageHead(): { title?: string; description?: string } | undefined;
  /** The URL of a component's browser entry. */
  getSrc(component: string): string;
  /** The URL of the stylesheet of a component that imports CSS. */
  getStylesheet(component: string): string | undefined;
  /** The server bundle of the components: its source map is `<bundlePath>.map` (see findSiteFrame). */
  bundlePath?: string;
}

/**
 * Renders the islands of a content tree (see ContentElements['island']): each gets its component's
 * server-rendered HTML as its single `raw` child, its children rendered as content by
 * `renderChildren` first, and the URL of its browser code. The input is not touched: only the
 * path from the root to an island is copied (compiled content is shared between routes). Each
 * component rendered is added to `shown`.
 */
export function renderIslands(
  root: HastRoot,
  islands: IslandRenderer,
  renderChildren: (children: HastRoot) => string,
  shown: Set<string>,
  path?: string,
): HastRoot {
  const render = <T extends HastRoot | Element>(node: T): T => {
    if (node.type === 'element' && node.tagName === 'island') {
      const { component, props } = node.properties as unknown as ContentElements['island'];
      // Islands inside its children are rendered with them.
      const inner = render({ type: 'root', children: node.children } as HastRoot);
      const childrenHtml = node.children.length > 0 ? renderChildren(inner) : undefined;
      let html: string;
      try {
        html = islands.renderIsland(String(component), JSON.parse(String(props)) as Record<string, unknown>, childrenHtml, path);
      } catch (cause) {
        const message = `The component ${String(component).replace('#', ' (export ')}) threw while rendering: ${(cause as Error)?.message ?? String(cause)}`;
        // At the line of the site's own code that threw, when the bundle's map tells.
        const location = findSiteFrame(cause, islands.bundlePath);
        throw location ? new DocgenError(message, { code: 'render-failed', location, cause }) : new Error(message, { cause });
      }
      shown.add(String(component));
      const properties: ContentElements['island'] = {
        component: String(component),
        props: String(props),
        src: islands.getSrc(String(component)),
      };
      return { ...node, properties: { ...properties }, children: [{ type: 'raw', value: html } as unknown as ElementContent] } as T;
    }
    let children = node.children;
    node.children.forEach((child, index) => {
      if (child.type !== 'element') return;
      const next = render(child);
      if (next === child) return;
      if (children === node.children) children = [...node.children];
      children[index] = next;
    });
    return children === node.children ? node : ({ ...node, children } as T);
  };
  return render(root);
}
