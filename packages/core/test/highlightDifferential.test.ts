/**
 * docgen highlights code with refractor's Prism but makes the token spans itself, without
 * refractor's hastscript step (see highlightToNodes in src/compile/highlight.ts). The reference
 * here is refractor as published: `refractor.highlight` gives the tree, and the same line writer
 * (toLinesHtml) turns both into HTML, which must be equal. Every language refractor has is
 * registered (refractor/all), so the hooks of all of them run: markdown's, which highlights the
 * code blocks inside markdown, markup's on entities, and the templating languages' tokenize hooks.
 */
import { refractor } from 'refractor/all';
import { describe, expect, it } from 'vitest';
import { highlightToHtml, toLinesHtml } from '../src/compile/highlight.js';

const SAMPLES = [
  [
    '// A comment that spans',
    '/* two lines',
    '   of code */',
    'const answer = `value ${compute(1, "two")}`;',
    "function compute(a: number, b = 'x') { return a < 2 && b !== null ? [a, b] : {}; }",
    'export default class Widget<T> extends Base implements Api { @Input() name?: string; }',
  ].join('\n'),
  [
    '<!DOCTYPE html>',
    '<html lang="ko"><head><style>body { color: #333; }</style></head>',
    '<body class="a b">Tom &amp; Jerry &lt;3 &#169; &copy;',
    '<script>window.x = 1 < 2 && "y";</script>',
    '<?php echo "hello"; $x = [1, 2]; ?> {{ name | upper }} {% if x %}<%= y %>{% endif %}',
    '</body></html>',
  ].join('\n'),
  [
    '# Title',
    '',
    'Some *emphasis* and `code`, [a link](https://example.com "t").',
    '',
    '```js',
    'const a = 1; // nested',
    '```',
    '',
    '```unknown-language',
    'plain',
    '```',
    '',
    '> quote',
    '- item',
  ].join('\n'),
  [
    '#!/usr/bin/env bash',
    'set -euo pipefail',
    'for f in *.md; do echo "$f" | sed -e \'s/a/b/\' > "${f%.md}.txt"; done',
    "SELECT id, name FROM users WHERE age > 30 AND name LIKE '%a%' ORDER BY id;",
    '{"key": [1, 2.5e3, true, null], "nested": {"a": "b"}}',
    '',
    'trailing line with tab\tand unicode 분석 요청',
  ].join('\n'),
  'x',
  '',
];

describe('highlighting without hastscript', () => {
  // docgen shows a mermaid block's source as it is (a diagram drawn in the browser), never highlighted.
  const languages = refractor.listLanguages().filter((language) => language !== 'mermaid');

  it('covers every language of refractor', () => {
    expect(languages.length).toBeGreaterThan(250);
  });

  it.each(languages)('gives the HTML refractor gives, for %s', (language) => {
    const highlighted = new Set([2, 3]);
    for (const code of SAMPLES) {
      const expected = toLinesHtml(refractor.highlight(code, language).children as Parameters<typeof toLinesHtml>[0], highlighted);
      expect(highlightToHtml(code, language, highlighted)).toBe(expected);
    }
  });

  it('highlights the code blocks inside markdown, as refractor does', () => {
    const html = highlightToHtml(SAMPLES[2]!, 'markdown', new Set());
    expect(html).toContain('<span class="token keyword">const</span>');
  });
});
