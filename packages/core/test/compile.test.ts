import type { Element, Root } from 'hast';
import rehypeRaw from 'rehype-raw';
import { unified } from 'unified';
import { describe, expect, it } from 'vitest';
import remarkDirective from 'remark-directive';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { remarkGfmAutolinkGate, remarkGfmTableGate } from '../src/compile/gfmGates.js';
import { compileMarkdown } from '../src/compile/index.js';
import { createDocgenPipeline } from '../src/compile/compileMarkdown.js';
import { isKnownLanguage, registerLanguages } from '../src/compile/highlight.js';
import { isLanguageFile } from '../src/compile/languageFiles.js';
import { classNames, elementsByTag, findElements, textOf } from './helpers.js';

const compile = (body: string, bodyLine = 1) => {
  const { hast, excerpt, title, meta } = compileMarkdown(body, { sourcePath: 'docs/guide/a.md', bodyLine });
  return { hast, excerpt, title, ...meta };
};

/** Token class names (without the leading `token`) of a highlighted code block. */
const tokenKinds = (pre: Element) =>
  new Set(
    findElements(pre, (element) => classNames(element).includes('token')).flatMap((element) =>
      classNames(element).filter((name) => name !== 'token'),
    ),
  );

describe('compileMarkdown: headings', () => {
  const result = compile(
    [
      '# 문서 제목',
      '',
      '## 요청 파라미터',
      '',
      '## 요청 파라미터',
      '',
      '### 응답 {#custom-id}',
      '',
      '#### 깊은 제목',
      '',
      '## Hello World!',
      '',
    ].join('\n'),
  );

  it('slugs Korean headings, suffixes duplicates and honours {#custom-id}', () => {
    expect(elementsByTag(result.hast, 'h2').map((h) => h.properties.id)).toEqual(['요청-파라미터', '요청-파라미터-1', 'hello-world']);
    const [h3] = elementsByTag(result.hast, 'h3');
    expect(h3!.properties.id).toBe('custom-id');
    expect(textOf(h3!)).toBe('응답');
  });

  it('lists every h2-h6 with its level for the table of contents, in order', () => {
    expect(result.headings).toEqual([
      { value: '요청 파라미터', id: '요청-파라미터', level: 2 },
      { value: '요청 파라미터', id: '요청-파라미터-1', level: 2 },
      { value: '응답', id: 'custom-id', level: 3 },
      { value: '깊은 제목', id: '깊은-제목', level: 4 },
      { value: 'Hello World!', id: 'hello-world', level: 2 },
    ]);
    expect(result.anchorIds).toEqual(['문서-제목', '요청-파라미터', '요청-파라미터-1', 'custom-id', '깊은-제목', 'hello-world']);
  });

  it('keeps a leading # heading apart as the title: an h1 with its id, out of the content', () => {
    expect(result.contentTitle).toBe('문서 제목');
    expect(result.contentTitleId).toBe('문서-제목');
    expect(result.title!.children).toEqual([
      { type: 'element', tagName: 'h1', properties: { id: '문서-제목' }, children: [{ type: 'text', value: '문서 제목' }] },
    ]);
    expect(elementsByTag(result.hast, 'h1')).toEqual([]);
    expect(result.diagnostics).toEqual([]);
  });

  it('keeps the markup, links and explicit {#id} of the title, and takes its text without the id', () => {
    const titled = compile('# The `code` and [a link](./b.md) {#the-title}\n\n## The code and a link\n');
    expect(titled.contentTitle).toBe('The code and a link');
    expect(titled.contentTitleId).toBe('the-title');
    const [h1] = elementsByTag(titled.title!, 'h1');
    expect(h1!.properties.id).toBe('the-title');
    expect(elementsByTag(h1!, 'code').map(textOf)).toEqual(['code']);
    expect(elementsByTag(h1!, 'a').map((a) => a.properties.href)).toEqual(['./b.md']);
    expect(titled.links).toEqual([{ url: './b.md', kind: 'link', line: 1, column: 18 }]);
    expect(titled.headings).toEqual([{ value: 'The code and a link', id: 'the-code-and-a-link', level: 2 }]);
  });

  it('slugs the title first: a section of the same text gets the next id', () => {
    const same = compile('# Welcome to My Docs\n\n## Welcome to My Docs\n');
    expect(same.contentTitleId).toBe('welcome-to-my-docs');
    expect(same.headings.map((heading) => heading.id)).toEqual(['welcome-to-my-docs-1']);
    expect(same.anchorIds).toEqual(['welcome-to-my-docs', 'welcome-to-my-docs-1']);
  });

  it('leaves the title out of the excerpt, the description and the search sections', () => {
    const post = compile('# Post title\n\nFirst words.\n\n<!-- truncate -->\n\nMore.\n');
    expect(elementsByTag(post.excerpt!, 'p').map(textOf)).toEqual(['First words.']);
    expect(findElements(post.excerpt!, () => true).map((element) => element.tagName)).toEqual(['p']);
    expect(post.description).toBe('First words.');
    const { sections } = compileMarkdown('# Post title\n\nFirst words.\n', { sourcePath: 'docs/guide/a.md', bodyLine: 1 });
    expect(sections).toEqual([{ heading: '', anchor: '', text: 'First words.', code: '' }]);
  });

  it('describes a page by its first paragraph with text, as Docusaurus by its first line of prose: not by headings and code', () => {
    const describe = (markdown: string) => compile(markdown).description;
    // The classic template's "Create a Document": a card read on into the list, the heading and the code.
    const doc =
      'Documents are groups of pages connected through:\n\n- a sidebar\n- versioning\n\n## Create your first Doc\n\n```bash\nnpm run x\n```\n';
    expect(describe(doc)).toBe('Documents are groups of pages connected through:');
    expect(describe('## Setup\n\n```bash\nnpm i\n```\n\n![](/img/a.png)\n\nInstall the *tool*\nwith npm.\n')).toBe(
      'Install the tool with npm.',
    );
    expect(describe(':::tip\n\nA tip first.\n\n:::\n\nThen text.\n')).toBe('A tip first.');
    expect(describe('| a | b |\n| - | - |\n| cell | cell |\n\nAfter the table.\n')).toBe('After the table.');
    expect(describe(`${'word '.repeat(40)}\n`)).toBe(`${'word '.repeat(31)}wo...`);
    // Without a paragraph, all of its text.
    expect(describe('## Only\n\n- one\n- two\n')).toBe('Only one two');
  });

  it('warns about every other h1, at its line and column in the file: the page already has its title as h1', () => {
    const twice = compile('# Title\n\ntext\n\n# Another\n\n> # Quoted\n\n<h1>Raw</h1>\n', 3);
    expect(twice.contentTitle).toBe('Title');
    expect(elementsByTag(twice.hast, 'h1').map((h1) => [textOf(h1), h1.properties.id])).toEqual([
      ['Another', 'another'],
      ['Quoted', 'quoted'],
      ['Raw', 'raw'],
    ]);
    expect(twice.diagnostics.map((diagnostic) => [diagnostic.message, diagnostic.location])).toEqual([
      ['The heading "Another" is a second h1 on the page', { file: 'docs/guide/a.md', line: 7, column: 1 }],
      ['The heading "Quoted" is a second h1 on the page', { file: 'docs/guide/a.md', line: 9, column: 3 }],
      ['The heading "Raw" is a second h1 on the page', { file: 'docs/guide/a.md', line: 11, column: 1 }],
    ]);
    expect(twice.diagnostics[0]!.hint).toBe(
      'A page has one h1, its title: a # heading on the first line, or else the front matter title. Use ## for a section.',
    );
  });

  it('leaves a # heading that is not first in the content, and warns: the page shows its title as h1 above it', () => {
    const later = compile('intro\n\n# Title\n');
    expect(later.contentTitle).toBeUndefined();
    expect(later.title).toBeUndefined();
    expect(elementsByTag(later.hast, 'h1').map(textOf)).toEqual(['Title']);
    expect(later.diagnostics.map((diagnostic) => diagnostic.location)).toEqual([{ file: 'docs/guide/a.md', line: 3, column: 1 }]);
  });

  it('gives an explicit id to a heading with inline markup', () => {
    const inline = compile('## `code` and **bold** {#x-y}\n');
    expect(inline.headings).toEqual([{ value: 'code and bold', id: 'x-y', level: 2 }]);
  });

  it("makes the id of the heading's whole text, as Docusaurus does: an anchor before it leaves a leading space (testing-library's #-selectoptions)", () => {
    const anchored = compile('## <a name="select"></a> selectOptions, deselectOptions\n');
    expect(anchored.headings).toEqual([{ value: 'selectOptions, deselectOptions', id: '-selectoptions-deselectoptions', level: 2 }]);
  });

  // Regression test for a bug found in review.
  it('keeps an explicit {#id} even when an earlier heading slugged to the same id', () => {
    const clash = compile('## Bar\n\n## X {#bar}\n');
    expect(clash.headings.find((heading) => heading.value === 'X')?.id).toBe('bar');
  });
});

describe('compileMarkdown: prose', () => {
  it('renders **마크다운(Markdown)**을 as strong, though a Hangul letter follows the closing **', () => {
    const { hast } = compile('**마크다운(Markdown)**을 사용합니다.\n');
    const strong = elementsByTag(hast, 'strong');
    expect(strong.map(textOf)).toEqual(['마크다운(Markdown)']);
    const [paragraph] = elementsByTag(hast, 'p');
    expect(textOf(paragraph!)).toBe('마크다운(Markdown)을 사용합니다.');
  });

  it('keeps List<String> in prose as text and warns at its 1-based line, counting the front matter', () => {
    const result = compile('첫 문단입니다.\n\nReturns a List<String> of names.\n', 5);
    expect(textOf(elementsByTag(result.hast, 'p')[1]!)).toBe('Returns a List<String> of names.');
    expect(findElements(result.hast, (element) => element.tagName.toLowerCase() === 'string')).toEqual([]);
    expect(result.diagnostics).toEqual([
      {
        severity: 'warning',
        code: 'markdown',
        message: 'Unknown HTML tag <String> is shown as text',
        hint: 'If this is code such as List<String>, wrap it in backticks: `List<String>`.',
        location: { file: 'docs/guide/a.md', line: 7, column: 15 },
      },
    ]);
    expect(result.diagnostics[0]!.hint).toContain('backticks');
  });

  it('warns on the right line when the generic is on the second line of a paragraph', () => {
    const result = compile('line one\nline two has Map<Key> here\n', 10);
    expect(result.diagnostics.map((diagnostic) => diagnostic.location)).toEqual([{ file: 'docs/guide/a.md', line: 11, column: 17 }]);
  });

  // Regression test for a bug found in review.
  it('keeps List<Template> as text like List<String>', () => {
    const result = compile('Returns List<Template> of items.\n\nNext paragraph.\n');
    expect(elementsByTag(result.hast, 'template')).toEqual([]);
    expect(elementsByTag(result.hast, 'p').map(textOf)).toEqual(['Returns List<Template> of items.', 'Next paragraph.']);
  });

  it('keeps List<Object> as text like List<String>', () => {
    const result = compile('Returns List<Object> of items.\n');
    expect(elementsByTag(result.hast, 'object')).toEqual([]);
    expect(textOf(result.hast).trim()).toBe('Returns List<Object> of items.');
  });

  it('is fine with { and } in prose', () => {
    const result = compile('A map looks like { "a": 1 } and {braces}.\n');
    expect(result.diagnostics).toEqual([]);
    expect(textOf(elementsByTag(result.hast, 'p')[0]!)).toBe('A map looks like { "a": 1 } and {braces}.');
  });

  it('leaves key:value, 12:30 and std::vector in prose as written', () => {
    const text = 'key:value at 12:30, std::vector, a:b:c and note:tip[x]{a=1}.';
    const result = compile(`${text}\n`);
    expect(result.diagnostics).toEqual([]);
    expect(result.hast.children.filter((node) => node.type === 'element').map((node) => textOf(node))).toEqual([text]);
  });
});

describe('compileMarkdown: raw HTML', () => {
  const { hast, diagnostics } = compile(
    [
      'Press <kbd>Ctrl</kbd>+<kbd>C</kbd>, <a href="javascript:alert(1)" onclick="evil()">bad</a>, <a href=" JaVaScRiPt:alert(1)">bad2</a>, <a href="/ok">ok</a>.',
      '',
      '<div onclick="evil()" onmouseover="evil()" class="box" one-link-mark="yes">block</div>',
      '',
      '[md link](javascript:alert(1)) <img src="logo.png" onerror="evil()" alt="logo">',
      '',
    ].join('\n'),
  );

  it('keeps harmless tags such as <kbd>', () => {
    expect(elementsByTag(hast, 'kbd').map(textOf)).toEqual(['Ctrl', 'C']);
  });

  it('strips inline event handlers', () => {
    const withHandlers = findElements(hast, (element) => Object.keys(element.properties).some((key) => /^on[a-z]+$/i.test(key)));
    expect(withHandlers).toEqual([]);
    const [div] = elementsByTag(hast, 'div');
    // An attribute that only starts with "on" is no handler (streampark's one-link-mark).
    expect(div!.properties).toEqual({ className: ['box'], 'one-link-mark': 'yes' });
    const [img] = elementsByTag(hast, 'img');
    expect(img!.properties).toEqual({ src: 'logo.png', alt: 'logo' });
  });

  it('strips javascript: URLs, also with odd case, spaces or from markdown links', () => {
    const anchors = elementsByTag(hast, 'a');
    expect(anchors.map((a) => [textOf(a), a.properties.href])).toEqual([
      ['bad', undefined],
      ['bad2', undefined],
      ['ok', '/ok'],
      ['md link', undefined],
    ]);
  });

  it('warns about each handler and URL it strips, at its line and column', () => {
    expect(diagnostics.map((diagnostic) => `${diagnostic.location!.line}:${diagnostic.location!.column} ${diagnostic.message}`)).toEqual([
      '1:37 The script URL in href of <a> is removed',
      '1:37 The event handler onclick of <a> is removed',
      '1:93 The script URL in href of <a> is removed',
      '3:1 The event handler onclick of <div> is removed',
      '3:1 The event handler onmouseover of <div> is removed',
      '5:1 The script URL in href of <a> is removed',
      '5:32 The event handler onerror of <img> is removed',
    ]);
  });

  it.each([
    ['in one HTML block', '<!-- note --><b>bold</b>\n'],
    ['in a list item', '- item\n\n  <!-- note --><b>bold</b>\n'],
    ['in an admonition', ':::note\n\n<!-- note --><b>bold</b>\n\n:::\n'],
  ])('shows an element written after a comment %s, and not the comment', (_where, body) => {
    const result = compile(body);
    expect(elementsByTag(result.hast, 'b').map(textOf)).toEqual(['bold']);
    expect(findElements(result.hast, () => true).some((element) => element.children.some((child) => child.type === 'raw'))).toBe(false);
    expect(JSON.stringify(result.hast)).not.toContain('note --');
    expect(result.diagnostics).toEqual([]);
  });

  it('removes <script> and a head element written in the content, with a warning; keeps <style> out of the text', () => {
    const result = compile('<script>alert(1)</script>\n\n<style>p { color: red }</style>\n\n<title>T</title>\n\nText.\n', 4);
    expect(elementsByTag(result.hast, 'script')).toEqual([]);
    expect(elementsByTag(result.hast, 'title')).toEqual([]);
    expect(elementsByTag(result.hast, 'style').map(textOf)).toEqual(['p { color: red }']);
    expect(result.description).toBe('Text.');
    expect(result.diagnostics.map((diagnostic) => [diagnostic.message, diagnostic.location])).toEqual([
      ['<script> is removed: a page runs no scripts from its content', { file: 'docs/guide/a.md', line: 4, column: 1 }],
      ["<title> is removed: it belongs in the page's head, which docgen writes", { file: 'docs/guide/a.md', line: 8, column: 1 }],
    ]);
  });

  it('warns about raw HTML a browser does not show, at its line: an unclosed comment, a processing instruction', () => {
    const result = compile('Shown.\n\n- <?xml version="1.0"?>\n\n<!-- never closed\n\nHidden.\n', 2);
    expect(textOf(result.hast).trim()).toBe('Shown.');
    expect(result.diagnostics.map((diagnostic) => [diagnostic.message, diagnostic.location])).toEqual([
      ['<?xml version="1.0"?> is not shown: browsers do not display it in a page', { file: 'docs/guide/a.md', line: 4, column: 3 }],
      ['An HTML comment is never closed: the text after it is not shown', { file: 'docs/guide/a.md', line: 6, column: 1 }],
    ]);
  });
});

describe('compileMarkdown: GFM', () => {
  const { hast, links } = compile(
    [
      '| 이름 | 값 |',
      '| --- | --- |',
      '| a | 1 |',
      '',
      '- [x] 완료',
      '- [ ] 할 일',
      '',
      '~~취소~~ https://example.com/x',
      '',
      '각주[^1].',
      '',
      '[^1]: 각주 내용.',
      '',
    ].join('\n'),
  );

  it('renders tables', () => {
    expect(elementsByTag(hast, 'th').map(textOf)).toEqual(['이름', '값']);
    expect(elementsByTag(hast, 'td').map(textOf)).toEqual(['a', '1']);
  });

  it('renders task lists', () => {
    const boxes = findElements(hast, (element) => element.tagName === 'input' && element.properties.type === 'checkbox');
    expect(boxes.map((box) => Boolean(box.properties.checked))).toEqual([true, false]);
    expect(findElements(hast, (element) => classNames(element).includes('task-list-item')).map((item) => textOf(item).trim())).toEqual([
      '완료',
      '할 일',
    ]);
  });

  it('renders strikethrough and autolinks', () => {
    expect(elementsByTag(hast, 'del').map(textOf)).toEqual(['취소']);
    const autolink = elementsByTag(hast, 'a').find((a) => a.properties.href === 'https://example.com/x');
    expect(autolink && textOf(autolink)).toBe('https://example.com/x');
    expect(links).toContainEqual({ url: 'https://example.com/x', kind: 'link', line: 8, column: 8 });
  });

  it('finds e-mail and www autolinks in text, and not in a file whose text holds none', () => {
    const found = compile('연락: a.b@example.com, www.example.org 참고. `www.in.code` [링크](https://example.com)');
    expect(elementsByTag(found.hast, 'a').map((a) => a.properties.href)).toEqual([
      'mailto:a.b@example.com',
      'http://www.example.org',
      'https://example.com',
    ]);
    expect(elementsByTag(compile('`www.in.code` and [링크](https://example.com)').hast, 'a').map((a) => a.properties.href)).toEqual([
      'https://example.com',
    ]);
  });

  it("gates remark-gfm's autolink transform (found by name in the installed mdast-util-gfm)", () => {
    const processor = unified().use(remarkGfm).use(remarkGfmAutolinkGate).freeze();
    const transforms = (processor.data('fromMarkdownExtensions') as { transforms?: { name: string }[] }[][])
      .flat()
      .flatMap((extension) => extension.transforms ?? []);
    expect(transforms).toHaveLength(1);
    expect(transforms[0]!.name).not.toBe('transformGfmAutolinkLiterals');
    const ungated = unified().use(remarkGfm).freeze();
    const original = (ungated.data('fromMarkdownExtensions') as { transforms?: { name: string }[] }[][])
      .flat()
      .flatMap((e) => e.transforms ?? []);
    expect(original.map((transform) => transform.name)).toEqual(['transformGfmAutolinkLiterals']);
  });

  it('parses tables, and everything around them, exactly as without the table gate', () => {
    // Documents of random lines made to trip a table up: head rows with and without pipes,
    // delimiter rows of every shape, in block quotes, list items, admonitions and lazy lines, with CRLF.
    const gated = unified().use(remarkParse).use(remarkGfm).use(remarkGfmTableGate).use(remarkDirective).freeze();
    const ungated = unified().use(remarkParse).use(remarkGfm).use(remarkDirective).freeze();
    const prefixes = ['', '', '', '> ', '>', '- ', '  ', '    ', '1. ', '\t', '> - ', '   '];
    const heads = ['| a | b |', 'a | b', '| a |', 'a', '|a|b|c|', 'a \\| b | c', '`a | b` | c', '| 한글 | 값 |', '|', '||', 'x|'];
    const delimiters = ['| --- | --- |', '---|---', '| - |', '-', '--', ':-', '-:', ':-:', '|:-|-:|', ' --- | --- ', '|---', '-|-'];
    const others = ['- | -', '| :- | :-: | -: |', '|-|-|-|', '| - | - |  ', '| x- |', '|-- -|', '=', '===', '***', '- - -'];
    const lines = [
      ...heads,
      ...delimiters,
      ...others,
      '',
      '',
      '```',
      '~~~',
      ':::note',
      ':::',
      '<div>',
      '# 제목',
      '[^1]: 각주',
      '*강조* 문장',
      'http://x.org | b',
    ];
    let seed = 20261123;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
    let tables = 0;
    for (let document = 0; document < 3000; document++) {
      const count = 1 + Math.floor(random() * 8);
      const parts = Array.from({ length: count }, () => {
        const prefix = pick(prefixes);
        // A head row and a delimiter row, with the same or another prefix, or any one line.
        return random() < 0.3
          ? `${prefix}${pick(heads)}\n${random() < 0.8 ? prefix : pick(prefixes)}${pick(delimiters)}`
          : prefix + pick(lines);
      });
      const text = (random() < 0.2 ? [':::note', ...parts, ':::'] : parts).join(random() < 0.1 ? '\r\n' : '\n');
      const expected = ungated.parse(text);
      expect(gated.parse(text), JSON.stringify(text)).toEqual(expected);
      if (JSON.stringify(expected).includes('"type":"table"')) tables++;
    }
    // The documents hold tables in many places, not only nothing the gate could get wrong.
    expect(tables).toBeGreaterThan(500);
  });

  it("gates remark-gfm's table construct (found by name in the installed micromark-extension-gfm-table)", () => {
    const tableConstructs = (processor: { data(key: 'micromarkExtensions'): unknown }) =>
      (processor.data('micromarkExtensions') as { flow?: Record<string, { name?: string } | { name?: string }[]> }[])
        .flatMap((extension) => Object.values(extension.flow ?? {}).flat())
        .filter((construct) => construct.name === 'table');
    const [original] = tableConstructs(unified().use(remarkParse).use(remarkGfm).freeze());
    const [gated] = tableConstructs(unified().use(remarkParse).use(remarkGfm).use(remarkGfmTableGate).freeze());
    expect(original).toBeDefined();
    expect(gated).toBeDefined();
    expect(gated).not.toBe(original);
  });

  it('turns the parser events into a tree with one context object (patches/mdast-util-from-markdown)', () => {
    // The patch stops mdast-util-from-markdown copying its context for every event; a
    // reinstall without it would still parse correctly, only slower, so this checks the patch.
    const contexts = new Set<object>();
    const processor = unified()
      .use(remarkParse)
      .use(function () {
        const recordContext = function (this: object) {
          contexts.add(this);
        };
        (this.data().fromMarkdownExtensions ??= []).push({ beforeEnter: recordContext });
      });
    const tree = processor.runSync(processor.parse('# 제목\n\n본문 *강조*와 `코드`.\n\n- 항목\n'));
    expect(tree.children.map((node) => node.type)).toEqual(['heading', 'paragraph', 'list']);
    expect(contexts.size).toBe(1);
  });

  it('renders footnotes', () => {
    const reference = elementsByTag(hast, 'sup')[0]!;
    expect(elementsByTag(reference, 'a')[0]!.properties.href).toBe('#user-content-fn-1');
    const section = findElements(hast, (element) => element.tagName === 'section' && classNames(element).includes('footnotes'))[0]!;
    expect(textOf(elementsByTag(section, 'li')[0]!)).toContain('각주 내용.');
  });
});

/** The highlighted HTML of the first code block (kept as one raw node, see codeBlocks.ts). */
const rawCode = (tree: Root) => (elementsByTag(tree, 'code')[0]!.children[0] as unknown as { value: string }).value;

describe('compileMarkdown: Docusaurus syntax', () => {
  it('reads the older admonition title on CRLF lines, in nested admonitions and with brackets, and leaves code alone', () => {
    const { hast, diagnostics } = compile(
      ['::::note Outer [1]', ':::tip Inner', 'text', ':::', '::::', '', '````md', '```', ':::tip Still code', '```', '````', ''].join(
        '\r\n',
      ),
    );
    expect(elementsByTag(hast, 'admonition').map((element) => element.properties)).toEqual([
      { type: 'note', title: 'Outer [1]' },
      { type: 'tip', title: 'Inner' },
    ]);
    expect(rawCode(hast)).toContain(':::tip Still code');
    expect(diagnostics).toEqual([]);
  });

  it('reports warnings after an older admonition title at their own lines', () => {
    const { diagnostics } = compile(':::tip Title\n\ntext\n\n:::\n\n:::foo\n\nx\n\n:::\n', 3);
    expect(diagnostics.map((diagnostic) => diagnostic.location)).toEqual([{ file: 'docs/guide/a.md', line: 9, column: 1 }]);
  });

  it('takes magic comments out of the code and its search text, and highlights what they mark', () => {
    const body = ['## Code', '', '```ts', '// highlight-next-line', 'const marked = 1;', 'const plain = 2;', '```', ''].join('\n');
    const { hast, sections } = compileMarkdown(body, { sourcePath: 'docs/guide/a.md', bodyLine: 1 });
    const html = rawCode(hast);
    expect(html).not.toContain('highlight-next-line');
    expect(html.match(/class="code-line[^"]*"/g)).toEqual(['class="code-line code-line-highlighted"', 'class="code-line"']);
    expect(JSON.stringify(sections)).not.toContain('highlight-next-line');
    expect(sections[0]!.code).toContain('marked');
  });
});

describe('compileMarkdown: directives', () => {
  it('turns :::warning[제목] into an admonition element with type and title', () => {
    const { hast, diagnostics } = compile(':::warning[제목]\n\n경고 **내용**\n\n:::\n\n:::note\n\n메모\n\n:::\n');
    const admonitions = elementsByTag(hast, 'admonition');
    expect(admonitions.map((element) => element.properties)).toEqual([{ type: 'warning', title: '제목' }, { type: 'note' }]);
    expect(textOf(admonitions[0]!)).toBe('경고 내용');
    expect(elementsByTag(admonitions[0]!, 'strong').map(textOf)).toEqual(['내용']);
    expect(diagnostics).toEqual([]);
  });

  it('turns ::::tabs with :::tab into tabs and tab elements', () => {
    const { hast, diagnostics } = compile(
      [
        '::::tabs{groupId="sdk"}',
        '',
        ':::tab{label="Java"}',
        '',
        'java',
        '',
        ':::',
        '',
        ':::tab{label="Node" value="node"}',
        '',
        'node',
        '',
        ':::',
        '',
        '::::',
        '',
      ].join('\n'),
    );
    const [tabs] = elementsByTag(hast, 'tabs');
    expect(tabs!.properties).toEqual({ groupId: 'sdk' });
    expect(elementsByTag(tabs!, 'tab').map((tab) => [tab.properties, textOf(tab)])).toEqual([
      [{ label: 'Java', value: 'Java' }, 'java'],
      [{ label: 'Node', value: 'node' }, 'node'],
    ]);
    expect(diagnostics).toEqual([]);
  });

  it("shows an npm2yarn code block as tabs of its commands for npm, Yarn and pnpm, as Docusaurus's npm2yarn plugin does", () => {
    const { hast, diagnostics } = compile(
      ['```bash npm2yarn title="Install"', 'npm install --save-dev foo', 'npm run build', '```', ''].join('\n'),
    );
    const [tabs] = elementsByTag(hast, 'tabs');
    expect(tabs!.properties).toEqual({ groupId: 'npm2yarn' });
    // The text of a tab's code block (highlighted: raw HTML) and title.
    const shown = (node: unknown): string =>
      typeof node !== 'object' || node === null
        ? ''
        : 'value' in node && typeof node.value === 'string'
          ? node.value.replace(/<[^>]*>/g, '')
          : 'children' in node && Array.isArray(node.children)
            ? node.children.map(shown).join('')
            : '';
    expect(elementsByTag(tabs!, 'tab').map((tab) => [tab.properties, shown(tab)])).toEqual([
      [{ label: 'npm', value: 'npm' }, expect.stringContaining('npm install --save-dev foo\nnpm run build')],
      [{ label: 'Yarn', value: 'yarn' }, expect.stringContaining('yarn add --dev foo\nyarn build')],
      [{ label: 'pnpm', value: 'pnpm' }, expect.stringContaining('pnpm add --save-dev foo\npnpm run build')],
    ]);
    // Each keeps the block's other meta (its title), without the npm2yarn word.
    expect(
      elementsByTag(tabs!, 'tab').map((tab) => [JSON.stringify(tab).includes('Install'), JSON.stringify(tab).includes('npm2yarn')]),
    ).toEqual([
      [true, false],
      [true, false],
      [true, false],
    ]);
    expect(diagnostics).toEqual([]);
  });

  it('shows the package managers markdown.npm2yarn names, Bun too, as Docusaurus 3.10 does by default', () => {
    const pipeline = createDocgenPipeline({ mermaid: true, npm2yarn: ['pnpm', 'bun'], remarkPlugins: [], rehypePlugins: [] });
    const { hast } = compileMarkdown(
      ['```bash npm2yarn', 'npm install --save-dev foo', '```', ''].join('\n'),
      { sourcePath: 'docs/a.md', bodyLine: 1 },
      pipeline,
    );
    const [tabs] = elementsByTag(hast, 'tabs');
    // The code of each tab: its highlighted lines (raw HTML) without their markup.
    const code = (tab: Element) => JSON.stringify(tab).replace(/<[^>]*>/g, '');
    expect(elementsByTag(tabs!, 'tab').map((tab) => tab.properties)).toEqual([
      { label: 'npm', value: 'npm' },
      { label: 'pnpm', value: 'pnpm' },
      { label: 'Bun', value: 'bun' },
    ]);
    expect(elementsByTag(tabs!, 'tab').map(code)).toEqual([
      expect.stringContaining('npm install --save-dev foo'),
      expect.stringContaining('pnpm add --save-dev foo'),
      expect.stringContaining('bun add --dev foo'),
    ]);
  });

  it('warns about an unknown container directive at its line', () => {
    const { diagnostics } = compile('text\n\n:::foo\n\ncontent\n\n:::\n', 4);
    expect(diagnostics.map((diagnostic) => [diagnostic.message, diagnostic.location])).toEqual([
      ['Unknown directive ":::foo"', { file: 'docs/guide/a.md', line: 6, column: 1 }],
    ]);
  });
});

/** The `index`th code block, its highlighted HTML parsed into elements as a browser would. */
const codeBlock = (hast: Root, index = 0): Element => {
  const pre = structuredClone(elementsByTag(hast, 'pre')[index]!);
  return (
    unified()
      .use(rehypeRaw)
      .runSync({ type: 'root', children: [pre] }) as Root
  ).children[0] as Element;
};

describe('compileMarkdown: code blocks', () => {
  it('keeps a highlighted block as one piece of HTML inside pre > code', () => {
    const { hast } = compile('```java {1}\nint x = 1; // a < b & "c"\n```\n');
    const [pre] = elementsByTag(hast, 'pre');
    expect(pre!.children).toEqual([
      {
        type: 'element',
        tagName: 'code',
        properties: { className: ['language-java'] },
        children: [
          {
            type: 'raw',
            value:
              '<span class="code-line code-line-highlighted"><span class="token keyword">int</span> x <span class="token operator">=</span> ' +
              '<span class="token number">1</span><span class="token punctuation">;</span> ' +
              '<span class="token comment">// a &lt; b &amp; &quot;c&quot;</span>\n</span>',
          },
        ],
      },
    ]);
  });

  it('highlights code blocks of documents with raw HTML too', () => {
    const { hast } = compile('<div class="note">HTML</div>\n\n```bash {2}\necho a\necho b\n```\n');
    const pre = codeBlock(hast);
    expect(tokenKinds(pre)).toContain('builtin');
    expect(findElements(pre, (element) => classNames(element).includes('code-line-highlighted')).map(textOf)).toEqual(['echo b\n']);
    expect(elementsByTag(pre, 'code')[0]!.properties).toEqual({ className: ['language-bash'] });
  });

  it('splits a token that spans lines into one span per line', () => {
    const pre = codeBlock(compile('```java\n/* one\ntwo */ int x;\n```\n').hast);
    const lines = findElements(pre, (element) => classNames(element).includes('code-line'));
    expect(lines.map((line) => findElements(line, (element) => classNames(element).includes('comment')).map(textOf))).toEqual([
      ['/* one'],
      ['two */'],
    ]);
  });

  it('reads title and highlighted lines from the fence meta', () => {
    const { hast } = compile('```java title="A.java" {2-3}\nclass A {\n  int x = 1;\n  String s = "a";\n}\n```\n');
    const pre = codeBlock(hast);
    expect(pre.properties).toEqual({ dataLanguage: 'java', dataTitle: 'A.java' });
    const lines = findElements(pre, (element) => classNames(element).includes('code-line'));
    expect(lines.map(textOf)).toEqual(['class A {\n', '  int x = 1;\n', '  String s = "a";\n', '}\n']);
    const highlighted = lines.filter((line) => classNames(line).includes('code-line-highlighted'));
    expect(highlighted.map(textOf)).toEqual(['  int x = 1;\n', '  String s = "a";\n']);
    expect(tokenKinds(pre)).toEqual(new Set(['keyword', 'class-name', 'punctuation', 'operator', 'number', 'string']));
  });

  it.each([
    ['java', 'public class A { }', 'keyword'],
    ['groovy', "def x = 'a'", 'keyword'],
    ['gradle', "dependencies {\n  implementation 'androidx.core:core:1.9.0'\n}", 'string'],
    ['typescript', 'const x: number = 1;', 'builtin'],
    ['ts', 'let y = 2;', 'keyword'],
    ['bash', 'echo "hi" | grep h', 'function'],
    ['json', '{"a": 1}', 'property'],
    // JSON with comments (tsconfig.json, VS Code's settings), which Prism's json grammar reads.
    ['jsonc', '{\n  // strict\n  "strict": true\n}', 'comment'],
    ['yaml', 'key: value', 'atrule'],
    // Docusaurus highlights jsx and tsx without being told; so does docgen, with no additionalLanguages.
    ['jsx', 'const a = <App title="x" />;', 'tag'],
    ['tsx', 'const a: JSX.Element = <App />;', 'tag'],
  ])('highlights %s with Prism token spans', (language, code, kind) => {
    const { hast, diagnostics } = compile(`\`\`\`${language}\n${code}\n\`\`\`\n`);
    const pre = codeBlock(hast);
    expect(tokenKinds(pre)).toContain(kind);
    expect(textOf(pre)).toBe(`${code}\n`);
    expect(diagnostics).toEqual([]);
  });

  it('shows an unknown language as plain text with a warning at the fence line', () => {
    const { hast, diagnostics } = compile('text\n\n```foo\nx\n```\n', 3);
    expect(tokenKinds(codeBlock(hast)).size).toBe(0);
    expect(textOf(codeBlock(hast))).toBe('x\n');
    expect(diagnostics.map((diagnostic) => [diagnostic.message, diagnostic.location])).toEqual([
      ['Unknown code language "foo"; the block is shown without highlighting', { file: 'docs/guide/a.md', line: 5, column: 1 }],
    ]);
  });
});

describe('compileMarkdown: links and excerpts', () => {
  it('collects links and images with 1-based line and column in the file', () => {
    const { links } = compile('See [a](./b.md) and [c](/docs/c#x).\n\n![그림](./i.png)\n\n[ref]: ./ref.md\n', 3);
    expect(links).toEqual([
      { url: './b.md', kind: 'link', line: 3, column: 5 },
      { url: '/docs/c#x', kind: 'link', line: 3, column: 21 },
      { url: './i.png', kind: 'image', line: 5, column: 1 },
      { url: './ref.md', kind: 'link', line: 7, column: 1 },
    ]);
  });

  it('cuts an excerpt at <!-- truncate --> and drops the marker from the content', () => {
    const { hast, excerpt } = compile('첫 문단.\n\n<!-- truncate -->\n\n나머지.\n');
    expect(excerpt).toBeDefined();
    expect(elementsByTag(excerpt!, 'p').map(textOf)).toEqual(['첫 문단.']);
    expect(elementsByTag(hast, 'p').map(textOf)).toEqual(['첫 문단.', '나머지.']);
    expect(hast.children.some((node) => node.type === 'comment')).toBe(false);
  });

  it('has no excerpt without the marker', () => {
    expect(compile('text\n').excerpt).toBeUndefined();
  });

  it('describes the content by the start of its plain text, and tells its reading time', () => {
    expect(compile('# T\n\n**굵게** 글씨\n').description).toBe('굵게 글씨');
    const long = compile(`${'가나다라마 '.repeat(60)}\n`);
    expect(long.description).toHaveLength(160);
    expect(long.description.endsWith('...')).toBe(true);
    expect(long.readingTimeMinutes).toBe(1);
    expect(compile(`${'가'.repeat(5000)}\n`).readingTimeMinutes).toBe(10);
  });
});

describe("telling a language of refractor's without loading Prism", () => {
  const NAMES = [
    'java',
    'groovy',
    'typescript',
    'bash',
    'json',
    'haskell',
    'logql',
    'js',
    'sh',
    'html',
    'nope',
    'core',
    'all',
    'lang/java',
    '../lib/core',
    '',
  ];

  it('is sure only of names Prism knows too', async () => {
    const sure = NAMES.filter(isLanguageFile);
    expect(sure).toEqual(['java', 'groovy', 'typescript', 'bash', 'json', 'haskell']);
    // What registerLanguages (Prism's registry) says of each name alone; the extras end as they were.
    for (const name of NAMES)
      expect(await registerLanguages([name]), name).toEqual(sure.includes(name) || ['js', 'sh', 'html'].includes(name) ? [] : [name]);
    await registerLanguages([]);
  });

  it("registers nothing for a name of refractor's that is no language file", async () => {
    // `refractor/all` registers every language as it is imported.
    expect(await registerLanguages(['all', 'core'])).toEqual(['all', 'core']);
    expect(isKnownLanguage('elixir')).toBe(false);
    expect(isKnownLanguage('brainfuck')).toBe(false);
    await registerLanguages([]);
  });
});
