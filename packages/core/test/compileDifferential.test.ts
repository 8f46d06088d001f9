/**
 * Compiling with docgen's speed work gives what the plain libraries give. docgen parses with a
 * patched mdast-util-from-markdown and micromark-util-subtokenize (patches/), gates GFM's table
 * construct and autolink transform (src/compile/gfmGates.ts) and reparses raw HTML only in files
 * that hold some other than comments (src/compile/rawHtml.ts). The reference here is the same
 * markdown (remark-parse, GFM, CJK-friendly emphasis, directives, docgen's own remarkDocgen and
 * rehypeDocgen) with none of that: the published mdast-util-from-markdown and micromark
 * (unpatchedFromMarkdown.ts), no gates, rehype-raw on every file. Both compile every markdown file of docs-content (every version, both locales)
 * and generated documents; their markdown trees (positions included: the patch and the gates
 * claim the very same tree) must be equal, and so must their compiled results, the trees as the
 * HTML they give (see toShown).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fg from 'fast-glob';
import type { Root } from 'hast';
import { toHtml } from 'hast-util-to-html';
import type { Root as MdastRoot } from 'mdast';
import rehypeRaw from 'rehype-raw';
import remarkCjkFriendly from 'remark-cjk-friendly';
import remarkCjkFriendlyGfmStrikethrough from 'remark-cjk-friendly-gfm-strikethrough';
import remarkDirective from 'remark-directive';
import remarkGfm from 'remark-gfm';
import remarkMdx from 'remark-mdx';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified, type Processor } from 'unified';
import type { VFile } from 'vfile';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { codeHandler } from '../src/compile/codeBlocks.js';
import { compileMarkdown, docgenPipeline, type CompileResult, type MarkdownPipeline } from '../src/compile/compileMarkdown.js';
import { loadDocgenPipeline, loadMath } from '../src/compile/extensions.js';
import { hasRawHtml } from '../src/compile/rawHtml.js';
import { rehypeDocgen } from '../src/compile/rehypeDocgen.js';
import { remarkDocgen } from '../src/compile/remarkDocgen.js';
import { parseFrontMatter, readSourceFile } from '../src/content/index.js';
import { removeTempDirs } from './helpers.js';
import {
  FROM_MARKDOWN,
  loadUnpatchedParseChain,
  MICROMARK,
  readUnpatched,
  sha256,
  SUBTOKENIZE,
  type FromMarkdown,
} from './unpatchedFromMarkdown.js';

const SITE = fileURLToPath(new URL('../../../docs-content/', import.meta.url));

/** remark-parse as published, with the published mdast-util-from-markdown. */
function remarkParsePlain(this: Processor, fromMarkdown: FromMarkdown) {
  this.parser = (document) =>
    fromMarkdown(document, {
      ...this.data('settings'),
      extensions: this.data('micromarkExtensions') ?? [],
      mdastExtensions: this.data('fromMarkdownExtensions') ?? [],
    });
}

/** The plain libraries' pipeline: no patch, no gates, rehype-raw on every file; with the site's math when given (see extensions.ts). */
function createPlainPipeline(fromMarkdown: FromMarkdown, math: Awaited<ReturnType<typeof loadMath>> = {}): MarkdownPipeline {
  const processor = unified()
    .use(remarkParsePlain, fromMarkdown)
    .use(remarkGfm)
    .use(remarkCjkFriendly)
    .use(remarkCjkFriendlyGfmStrikethrough)
    .use(remarkDirective)
    .use(math.remarkMath ? [math.remarkMath] : [])
    .use(remarkDocgen)
    .use(remarkRehype, { allowDangerousHtml: true, handlers: { code: codeHandler } })
    .use(rehypeRaw)
    .use(rehypeDocgen)
    .freeze();
  return {
    parse: (file) => processor.parse(file) as MdastRoot,
    run: (mdast, file) => processor.runSync(mdast, file),
    renderMath: math.renderMath,
  };
}

/** A pipeline that also keeps a copy of each markdown tree it parses (the plugins change the tree after). */
function recording(pipeline: MarkdownPipeline): MarkdownPipeline & { trees: MdastRoot[] } {
  const trees: MdastRoot[] = [];
  return {
    trees,
    parse(file: VFile) {
      const tree = pipeline.parse(file);
      trees.push(structuredClone(tree));
      return tree;
    },
    run: (mdast, file) => pipeline.run(mdast, file),
    renderMath: pipeline.renderMath,
  };
}

interface Compared {
  docgen: CompileResult;
  plain: CompileResult;
  docgenTree?: MdastRoot;
  plainTree?: MdastRoot;
}

let plainPipeline: MarkdownPipeline;

function compileBoth(
  body: string,
  sourcePath: string,
  bodyLine = 1,
  pipelines = { docgen: docgenPipeline, plain: plainPipeline },
): Compared {
  const docgen = recording(pipelines.docgen);
  const plain = recording(pipelines.plain);
  return {
    docgen: compileMarkdown(body, { sourcePath, bodyLine }, docgen),
    plain: compileMarkdown(body, { sourcePath, bodyLine }, plain),
    docgenTree: docgen.trees[0],
    plainTree: plain.trees[0],
  };
}

/** Fails with the first difference, named by `name`; JSON first, as comparing equal trees deeply is slower. */
function expectSame<T>(actual: T, expected: T, name: string): void {
  if (JSON.stringify(actual) === JSON.stringify(expected)) return;
  expect(actual, name).toEqual(expected);
  // Equal but for key order or undefined members: still a difference in what is stored.
  expect(JSON.stringify(actual), name).toBe(JSON.stringify(expected));
}

/**
 * A compiled result as a page shows it: its trees as HTML. Reparsing with rehype-raw gives the
 * same HTML in a slightly other tree: adjacent text nodes joined, `checked: false` dropped from
 * task list boxes, `quirksMode` on the root, and a `data-*` attribute of GFM's footnotes read
 * back as the empty string instead of `true` (present either way: the theme writes `="true"`
 * for one and `=""` for the other, and its CSS and script only ask whether it is there); and
 * white space is compared as a browser reads it outside `pre`, a run as one space (the fast path
 * drops a block of nothing but comments whole, where rehype-raw keeps the white space between
 * the comments).
 */
function toShown(result: CompileResult) {
  const html = (tree: Root | undefined) =>
    tree &&
    toHtml(tree, { allowDangerousHtml: true })
      .replace(/ (data-footnotes?-[\w-]+|data-footnotes)=""/g, ' $1')
      .replace(/\s+/g, ' ');
  return { ...result, hast: html(result.hast), excerpt: html(result.excerpt), title: html(result.title) };
}

function expectSameCompile(compared: Compared, name: string): void {
  expect(compared.docgenTree === undefined, name).toBe(compared.plainTree === undefined);
  expectSame(compared.docgenTree, compared.plainTree, `${name}: markdown tree`);
  expectSame(toShown(compared.docgen), toShown(compared.plain), `${name}: compiled`);
}

/** A seeded pseudo-random generator (mulberry32), so documents are the same on every run. */
function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Inline content: CJK emphasis, autolinks of every kind, links, code, footnote references, text directives. */
const INLINE = [
  '**한국어**는 강조',
  '*강조*를 씁니다',
  '**「괄호」**를 닫는다',
  '~~취소~~됨',
  '__밑줄__입니다',
  '日本語の**強調**です。',
  '中文**加粗**。',
  '**foo.**bar',
  '*a*b*c*',
  'see https://example.com/a_b.',
  'www.example.org/path?q=1)',
  'mail a.b@example.co.kr 로',
  '<https://example.com/angle>',
  '[링크](./other.md#x)',
  '![그림](./i.png "제목")',
  'http://한국.kr/경로',
  'user@host',
  '`www.in.code`',
  'xmpp:user@example.com',
  'mailto:a@b.co',
  'https://example.com/**bold**',
  'HTTPS://EXAMPLE.COM',
  '각주[^1]',
  '참고[^note]',
  '없는[^missing]',
  ':highlight[강조 문구]{color="red"}',
  '비율 1:2, a:b 그리고 :x',
  'text <!-- inline comment --> more',
  'a <span>b</span> c',
  'a <!--> b',
  '\\*not emphasis\\*',
  'line end  ',
  '`a | b`',
  '[ref] and [ref][]',
  // Autolinks only GFM's transform finds (after an entity, an escape, code or HTML), not micromark.
  '&amp;www.example.com',
  '_a@example.co_',
  'x\\_a@example.co',
  'a&#64;example.co',
  '`x`www.example.com',
  '<b>x</b>www.example.com',
  '`x`https://example.com/after-code',
];

/** Blocks, each a list of lines. */
const BLOCKS: string[][] = [
  ['# 문서 제목'],
  ['## 요청 파라미터 {#custom-id}'],
  ['### 같은 제목'],
  ['### 같은 제목'],
  ['# 두 번째 h1'],
  ['| 이름 | 값 |', '| --- | :-: |', '| **a** | https://example.com |', '| `a \\| b` | 1 |'],
  ['a | b', '---|---', 'c | d'],
  ['| a |', '| - |'],
  ['| a | b |', '| --- |'],
  ['| 한글 | 값 |', '|:-|-:|', '| www.example.com | 각주[^1] |', 'lazy row'],
  ['- | -'],
  ['---'],
  ['text', '---'],
  ['text', '==='],
  ['- [x] 완료', '- [ ] 할 일'],
  ['1. 하나', '2. 둘', '   - 셋'],
  ['[^1]: 각주 *내용* https://example.com/fn'],
  ['본문의 각주[^2]와 다시[^2].', '', '[^2]: 정의 www.example.com'],
  ['[^note]:', '    여러 문단의 각주', '', '    둘째 문단'],
  ['[ref]: https://example.com/ref "제목"'],
  [':::note[제목 *강조*]', '', '본문 https://example.com', '', ':::'],
  [':::tip', '', '팁 **내용**', '', ':::'],
  [':::warning', '| a | b |', '| - | - |', ':::'],
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
  ],
  [':::foo', '', '모르는 지시문', '', ':::'],
  ['::leaf[x]{a=b}'],
  ['<!-- comment -->'],
  ['<!-- c -->', '<div>', '', '*md* in html', '', '</div>'],
  ['<!-- a --><span>b</span>'],
  ['<!-- only -->', '<!-- two -->'],
  ['<!-- truncate -->'],
  ['<div class="box">raw <b>html</b></div>'],
  ['<details><summary>요약</summary>', '', '본문 **굵게**', '', '</details>'],
  ['<br>'],
  ['<img src="a.png" alt="x">'],
  ['<!-- never closed'],
  ['<?php echo 1; ?>'],
  ['<custom-tag>x</custom-tag>'],
  ['<div onclick="x()">a</div>'],
  ['<script>alert(1)</script>'],
  ['```js title="a.js" {1,3} showLineNumbers', 'const a = 1;', '// <div>', 'const b = 2;', '```'],
  ['~~~', '<div>not html</div>', '| a | b |', '|---|---|', '~~~'],
  ['```unknownlang', 'x', '```'],
  ['    indented code | x', '    --- | ---'],
  ['> 인용 **강조**', '> | a | b |', '> | - | - |'],
  ['> [!NOTE]', '> 알림'],
  ['> [!IMPORTANT]', '>', '> 중요 **내용**'],
  [':::tip Older title *syntax*', '', '팁', '', ':::'],
  [':::important', '', '정보로 보임', '', ':::'],
  ['```py showLineNumbers=3', '# highlight-next-line', 'x = 1', '# highlight-start', 'y = 2', '# highlight-end', '```'],
  ['```html', '<!-- highlight-next-line -->', '<div>강조</div>', '```'],
  ['$$', 'x', '$$'],
];

/** Wraps lines in `depth` levels of block quotes and list items. */
function nest(lines: string[], depth: number, next: () => number): string[] {
  let nested = lines;
  for (let level = 0; level < depth; level++) {
    const marker = next() < 0.5 ? '> ' : next() < 0.5 ? '- ' : '1. ';
    const indent = ' '.repeat(marker.length);
    nested = nested.map((line, index) => (marker === '> ' ? `> ${line}` : `${index === 0 ? marker : indent}${line}`));
  }
  return nested;
}

/** Documents of random blocks and inline content, some nested, some with CRLF line endings. */
function generateDocuments(seed: number, count: number): string[] {
  const next = random(seed);
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
  const documents: string[] = [];
  for (let index = 0; index < count; index++) {
    const blocks: string[] = [];
    const blockCount = 1 + Math.floor(next() * 10);
    for (let block = 0; block < blockCount; block++) {
      let lines = next() < 0.4 ? [Array.from({ length: 1 + Math.floor(next() * 4) }, () => pick(INLINE)).join(' ')] : [...pick(BLOCKS)];
      if (next() < 0.2) lines = nest(lines, 1 + Math.floor(next() * 4), next);
      blocks.push(lines.join('\n'));
    }
    const text = blocks.join(next() < 0.7 ? '\n\n' : '\n');
    documents.push(next() < 0.2 ? text.replace(/\n/g, '\r\n') : text);
  }
  // Each inline content alone (a gate decides per document), and in a table, a heading and a note.
  for (const inline of INLINE) documents.push(inline, `| ${inline} |\n| - |`, `# ${inline}`, `:::note\n${inline}\n:::`);
  // Deep nesting, within the limit (MAX_NESTING).
  documents.push(nest(['깊은 **인용** https://example.com', '<!-- c -->', '| a | b |', '| - | - |'], 40, next).join('\n'));
  documents.push(`${'> '.repeat(60)}깊은 인용 <span>x</span>`);
  documents.push(Array.from({ length: 30 }, (_, depth) => `${'  '.repeat(depth)}- 단계 ${depth} www.example.org`).join('\n'));
  return documents;
}

/** The published parse chain, copied once for every comparison (see unpatchedFromMarkdown.ts). */
let published: { fromMarkdown: FromMarkdown; dir: string };

beforeAll(async () => {
  published = await loadUnpatchedParseChain();
  plainPipeline = createPlainPipeline(published.fromMarkdown);
});

afterAll(() => removeTempDirs());

describe('the published libraries the differential tests compare with', () => {
  it('are the installed ones with the patches undone, byte for byte as published', () => {
    for (const [patched, marker] of [
      [FROM_MARKDOWN, 'withSlice(context, events[index])'],
      [MICROMARK, 'combinedLists.get(extensions)'],
      [SUBTOKENIZE, 'jumps.has(index)'],
    ] as const) {
      const { inPackage, patched: installed, unpatched } = readUnpatched(patched);
      expect(sha256(unpatched)).toBe(patched.published[inPackage]);
      // The installed package is patched (pnpm applies patches/ on install).
      expect(installed).not.toBe(unpatched);
      expect(installed).toContain(marker);
      expect(unpatched).not.toContain(marker);
    }
  });

  it("combine a processor's syntax extensions once, and again when its list of them changed (micromark's patch)", () => {
    // remark-directive's syntax makes the processor's list; GFM's is added to the same list after a parse with it.
    const processor = unified().use(remarkParse).use(remarkDirective);
    const strike = (tree: MdastRoot) => JSON.stringify(tree).includes('"type":"delete"');
    expect(strike(processor.parse('~~a~~ :b'))).toBe(false);
    const extensions = processor.data('micromarkExtensions');
    remarkGfm.call(processor as never);
    expect(processor.data('micromarkExtensions')).toBe(extensions);
    expect(strike(processor.parse('~~a~~ :b'))).toBe(true);
    // And parsed again with the list as it is, it stays combined with GFM's.
    expect(strike(processor.parse('~~c~~'))).toBe(true);
  });

  it('parse with the published micromark-util-subtokenize, which micromark and its content construct import', async () => {
    const { dir } = published;
    const importOf = (file: string) => /^import [^\n]*\bsubtokenize\b[^\n]* from '([^']+)'/m.exec(readFileSync(file, 'utf8'))?.[1];
    const importers = fg.sync('**/*.js', { cwd: dir, absolute: true }).filter((file) => importOf(file) !== undefined);
    // micromark's postprocess and micromark-core-commonmark's content construct.
    expect(importers.map((file) => file.slice(file.lastIndexOf('/') + 1))).toEqual(
      expect.arrayContaining(['postprocess.js', 'content.js']),
    );
    for (const file of importers) {
      const imported = importOf(file)!;
      expect(imported.startsWith(dir), file).toBe(true);
      expect(readFileSync(imported, 'utf8'), file).not.toContain('jumps.has(index)');
    }
  });
});

describe('compiling docs-content as the plain libraries do', () => {
  const files = fg.sync('**/*.md', { cwd: SITE, ignore: ['**/node_modules/**'] }).sort();

  it('finds every version and both locales', () => {
    expect(files.some((file) => file.startsWith('versioned_docs/'))).toBe(true);
    expect(files.some((file) => file.startsWith('i18n/en/'))).toBe(true);
    expect(files.some((file) => file.startsWith('blog/'))).toBe(true);
    expect(files.length).toBeGreaterThan(50);
  });

  it('gives the same markdown trees (positions included) and compiled results', () => {
    let withHtml = 0;
    for (const sitePath of files) {
      const { body, bodyLine } = parseFrontMatter(readSourceFile(SITE, `${SITE}${sitePath}`), z.unknown());
      const compared = compileBoth(body, sitePath, bodyLine);
      expectSameCompile(compared, sitePath);
      if (JSON.stringify(compared.plainTree).includes('"type":"html"')) withHtml++;
    }
    // Files with raw HTML (comments, the truncate marker), which the fast path leaves unparsed.
    expect(withHtml).toBeGreaterThan(0);
  }, 180_000);
});

describe('compiling generated documents as the plain libraries do', () => {
  const documents = generateDocuments(20261126, 600);

  it('gives the same markdown trees (positions included) and compiled results', () => {
    const seen = { table: 0, autolink: 0, footnote: 0, directive: 0, crlf: 0, commentOnly: 0, rawHtml: 0, strong: 0 };
    for (const [index, document] of documents.entries()) {
      const compared = compileBoth(document, `docs/generated-${index}.md`);
      expectSameCompile(compared, `document ${index}: ${JSON.stringify(document)}`);
      const tree = JSON.stringify(compared.plainTree ?? {});
      if (tree.includes('"type":"table"')) seen.table++;
      if (/"type":"link","title":null,"url":"(mailto:|http:\/\/www|https?:\/\/example)/.test(tree)) seen.autolink++;
      if (tree.includes('"type":"footnoteReference"')) seen.footnote++;
      if (tree.includes('Directive"')) seen.directive++;
      if (document.includes('\r\n')) seen.crlf++;
      if (compared.plainTree && hasRawHtml(compared.plainTree)) seen.rawHtml++;
      else if (tree.includes('"type":"html"')) seen.commentOnly++;
      if (/[가-힣]\*\*|\*\*[가-힣]/.test(document) && tree.includes('"type":"strong"')) seen.strong++;
    }
    // The documents hold what the speed work could get wrong, many times over.
    for (const [what, count] of Object.entries(seen)) expect(count, what).toBeGreaterThan(10);
  }, 180_000);
});

describe('compiling generated documents with math as the plain libraries do', () => {
  const MATH = ['Inline $a^2 + b_1$ math', '$$\n\\frac{1}{2}\n$$', 'Broken $\\frac{1}{$ TeX', '```math\nx = y\n```', 'Cost $5 and $6'];
  const documents = generateDocuments(20261127, 120).map(
    (document, index) => `${document}\n\n${MATH[index % MATH.length]}\n\n${MATH[(index + 2) % MATH.length]}\n`,
  );

  it('gives the same markdown trees (positions included), compiled results and warnings', async () => {
    const markdown = { math: true, mermaid: true, remarkPlugins: [], rehypePlugins: [] };
    const pipelines = {
      docgen: await loadDocgenPipeline(markdown),
      plain: createPlainPipeline(published.fromMarkdown, await loadMath()),
    };
    let rendered = 0;
    for (const [index, document] of documents.entries()) {
      const compared = compileBoth(document, `docs/math-${index}.md`, 1, pipelines);
      expectSameCompile(compared, `document ${index}: ${JSON.stringify(document)}`);
      if (toHtml(compared.docgen.hast).includes('class="katex"')) rendered++;
    }
    expect(rendered).toBeGreaterThan(50);
  }, 180_000);
});

describe('parsing generated MDX as the published libraries do', () => {
  /** MDX around generated markdown: ESM, JSX blocks and inline JSX, expressions, comments. */
  const documents = generateDocuments(20261130, 300).map((document, index) =>
    [
      "import Tabs from '@theme/Tabs';",
      `export const value = ${index};`,
      '',
      index % 2 === 0 ? '<Tabs groupId="sdk">' : '<div className="box">',
      '',
      document,
      '',
      index % 2 === 0 ? '</Tabs>' : '</div>',
      '',
      `{/* 주석 */} 값은 {value * 2}, <Badge label="a" /> 끝 **강조** {props.x}`,
    ].join('\n'),
  );
  const parserOf = (parse: (this: Processor) => void) =>
    unified()
      .use(parse)
      .use(remarkMdx)
      .use(remarkGfm)
      .use(remarkCjkFriendly)
      .use(remarkCjkFriendlyGfmStrikethrough)
      .use(remarkDirective)
      .freeze();

  it('gives the same trees (positions included), and the same error where the MDX is not valid', async () => {
    const docgen = parserOf(remarkParse);
    const plain = parserOf(function (this: Processor) {
      remarkParsePlain.call(this, published.fromMarkdown);
    });
    const parse = (processor: typeof docgen, document: string) => {
      try {
        return { tree: processor.parse(document) };
      } catch (error) {
        return { error: String(error) };
      }
    };
    let parsed = 0;
    for (const [index, document] of documents.entries()) {
      const expected = parse(plain, document);
      expectSame(parse(docgen, document), expected, `document ${index}: ${JSON.stringify(document)}`);
      if (expected.tree) parsed++;
    }
    // Most parse (raw HTML comments and unclosed tags are MDX errors, found alike).
    expect(parsed).toBeGreaterThan(documents.length / 2);
  }, 180_000);
});
