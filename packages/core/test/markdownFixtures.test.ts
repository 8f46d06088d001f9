/**
 * The compiled HTML of tricky markdown, pinned: every `fixtures/markdown/<name>.md` is compiled as
 * `docs/<name>.md`, and its HTML (the leading heading, then the content) and its warnings are
 * compared with `<name>.html` and `<name>.warnings.txt` beside it. No input may lose content
 * silently: what a page does not show is warned about, and the pinned warnings show it.
 *
 * After an intended change to what compiling gives, rewrite the pinned files and review the diff:
 *
 *     pnpm test:unit packages/core/test/markdownFixtures.test.ts -u
 *
 * A new `<name>.md` gets its pinned files the same way.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Nodes, Root } from 'hast';
import { toHtml } from 'hast-util-to-html';
import { describe, expect, it } from 'vitest';
import { compileMarkdown } from '../src/compile/index.js';
import { formatDiagnostic } from '../src/diagnostics/index.js';

const FIXTURES = fileURLToPath(new URL('./fixtures/markdown/', import.meta.url));
const names = readdirSync(FIXTURES)
  .filter((file) => file.endsWith('.md'))
  .map((file) => file.slice(0, -'.md'.length))
  .sort();

const html = (tree: Root) => toHtml(tree, { allowDangerousHtml: true, characterReferences: { useShortestReferences: true } });

/**
 * Node types a page would not show: a comment, and raw HTML outside a highlighted code block (the
 * theme renders elements and text; only `pre > code` holds its highlighted lines as raw HTML).
 */
function unshownNodes(node: Nodes, inCode = false): string[] {
  if (node.type === 'comment' || (node.type === 'raw' && !inCode)) return [`${node.type}: ${node.value}`];
  if (!('children' in node)) return [];
  const code = node.type === 'element' && node.tagName === 'code';
  return node.children.flatMap((child) => unshownNodes(child, code));
}

describe('compiled HTML of the markdown fixtures', () => {
  it('has fixtures', () => {
    expect(names.length).toBeGreaterThan(5);
  });

  it.each(names)('%s.md', async (name) => {
    const { hast, title, meta } = compileMarkdown(readFileSync(`${FIXTURES}${name}.md`, 'utf8'), {
      sourcePath: `docs/${name}.md`,
      bodyLine: 1,
    });
    expect([...(title ? unshownNodes(title) : []), ...unshownNodes(hast)]).toEqual([]);
    await expect([...(title ? [html(title)] : []), html(hast).trim(), ''].join('\n')).toMatchFileSnapshot(`${FIXTURES}${name}.html`);
    const warnings = meta.diagnostics.length > 0 ? meta.diagnostics.map(formatDiagnostic).join('\n') : 'No warnings.';
    await expect(`${warnings}\n`).toMatchFileSnapshot(`${FIXTURES}${name}.warnings.txt`);
  });
});
