import type { Root as MdastRoot } from 'mdast';
import { encodePath } from '@docgen/shared';
import { resolveSitePath, SITE_ALIAS } from '../files/index.js';
import { visit } from '../vendor/markdown.js';

/**
 * Makes a partial's links to files (`../tutorials/part-1.md`, `./diagram.png`) name them from the
 * site folder (`@site/docs/tutorials/part-1.md`), as Docusaurus resolves them: from the partial's
 * own folder, not from that of each page that shows it (Redux's docs/components/
 * _FundamentalsWarning.mdx, shown by the tutorial's pages). A path written bare or from `/`, and a
 * URL path without a file extension, are left as they are: those lead where a page's own would.
 */
export function rebasePartialLinks(tree: MdastRoot, partialPath: string): void {
  visit(tree, (node) => {
    if (node.type !== 'link' && node.type !== 'image' && node.type !== 'definition') return;
    const [, path, suffix = ''] = /^([^?#]*)(.*)$/s.exec(node.url) ?? [];
    if (!path || !/^\.\.?\//.test(path) || !/\.[^./]+$/.test(path)) return;
    const sitePath = resolveSitePath(partialPath, decodeURIComponent(path));
    if (sitePath !== undefined) node.url = `${SITE_ALIAS}${encodePath(sitePath)}${suffix}`;
  });
}
