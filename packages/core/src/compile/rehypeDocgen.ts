import { GithubSlugger, hastToString } from '../vendor/markdown.js';
import type { Element, Root as HastRoot, RootContent } from 'hast';
import type { VFile } from 'vfile';
import { createWarn, getCompileData } from './compileData.js';
import { assertNesting } from './nesting.js';
import { removeNotShown } from './sanitizeHtml.js';
import { walkTree } from './walk.js';

/** Every element of a tree in document order (a plain loop: this runs on every node of every page). */
function forEachElement(root: HastRoot, each: (element: Element) => void): void {
  walkTree<HastRoot | RootContent, true>(root, true, (node) => {
    if (node.type !== 'element') return undefined;
    each(node);
    return true;
  });
}

/** Source positions are not needed after compiling: dropped, the stored content is smaller. */
function stripPositions(root: HastRoot): void {
  const stack: (HastRoot | RootContent)[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    delete node.position;
    if ('children' in node) for (const child of node.children) stack.push(child);
  }
}

/** The stylesheet of an MDX page's CSS imports (compile/stylesheets.ts), which comes before its content, or white space. */
export const isLeadingStyle = (node: RootContent) =>
  (node.type === 'element' && node.tagName === 'style') || (node.type === 'text' && node.value.trim() === '');

/**
 * docgen's HTML: takes out what a page does not show, gives every heading its id (the author's,
 * or one made from its text), and records the headings, ids and URLs of the content.
 */
export function rehypeDocgen() {
  return (tree: HastRoot, file: VFile) => {
    const data = getCompileData(file.data);
    const warn = createWarn(data);
    const first = tree.children.find((node) => !isLeadingStyle(node));
    const title = data.contentTitle !== undefined && first?.type === 'element' && first.tagName === 'h1' ? first : undefined;
    // Raw HTML may nest deeper than the markdown around it.
    assertNesting(tree, 'HTML', (node) => node.type === 'element');
    removeNotShown(tree, warn, (url, kind, position) => {
      // A script URL of raw HTML is a link of the page as a markdown one is (which is recorded already,
      // at the same place): check-links reports both, as the build warns about both.
      const line = (position?.line ?? 1) + data.lineOffset;
      const column = position?.column ?? 1;
      const known = data.links.some((link) => link.url === url && link.line === line && link.column === column);
      if (!known) data.links.push({ url, kind, line, column });
    });
    const slugger = new GithubSlugger();
    // Ids written by the author ({#id}, raw HTML) are reserved first: generated ids step around them.
    const taken = new Set<string>();
    forEachElement(tree, (node) => {
      if (typeof node.properties.id === 'string') taken.add(node.properties.id);
    });
    const ids: string[] = [];
    forEachElement(tree, (node) => {
      const url = node.tagName === 'a' ? node.properties.href : node.tagName === 'img' ? node.properties.src : undefined;
      if (typeof url === 'string' && url !== '') {
        const kind = node.tagName === 'img' ? 'image' : 'link';
        data.urls.set(`${kind}\0${url}`, { value: url, kind });
      }
      const level = node.tagName.length === 2 && node.tagName[0] === 'h' ? Number(node.tagName[1]) : 0;
      if (level >= 1 && level <= 6) {
        const whole = hastToString(node);
        const text = whole.trim();
        // Ids in Unicode NFC, as links to them are resolved: a heading typed in NFD gets the same id. The id is of the
        // text untrimmed, as Docusaurus makes it: `## <a name="x"></a> Title` is `-title`, as links to it name it.
        let id = typeof node.properties.id === 'string' ? node.properties.id.normalize('NFC') : undefined;
        if (id === undefined) {
          id = slugger.slug(whole.normalize('NFC'));
          while (taken.has(id)) id = slugger.slug(whole.normalize('NFC'));
          taken.add(id);
        }
        node.properties.id = id;
        if (level >= 2) data.headings.push({ value: text, id, level });
        else if (node === title) data.contentTitleId = id;
        else {
          warn(
            `The heading "${text}" is a second h1 on the page`,
            'A page has one h1, its title: a # heading on the first line, or else the front matter title. Use ## for a section.',
            node.position?.start,
            'markdown-second-h1',
          );
        }
      }
      if (typeof node.properties.id === 'string') ids.push(node.properties.id);
    });
    data.anchorIds = [...new Set(ids)];
    stripPositions(tree);
  };
}
