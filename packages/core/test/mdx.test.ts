import { toHtml } from 'hast-util-to-html';
import { describe, expect, it } from 'vitest';
import { compileMarkdown } from '../src/compile/index.js';
import type { MdxInput } from '../src/compile/compileData.js';

/** Compiles an `.mdx` body whose front matter took `bodyLine - 1` lines; the content as HTML, and what compiling recorded. */
const compileMdx = (
  body: string,
  { bodyLine = 1, frontMatter = {}, partials = {}, modules = {}, files = [] }: Partial<MdxInput> & { bodyLine?: number } = {},
) => {
  const { hast, title, excerpt, meta } = compileMarkdown(body, {
    sourcePath: 'docs/page.mdx',
    bodyLine,
    mdx: { frontMatter, partials, modules, files },
  });
  return { html: toHtml(hast), title: title && toHtml(title), excerpt: excerpt && toHtml(excerpt), ...meta };
};

const errorsOf = (result: ReturnType<typeof compileMdx>) =>
  result.diagnostics.filter((diagnostic) => diagnostic.severity === 'error').map(({ message, location }) => ({ message, ...location }));

describe('MDX: Docusaurus theme components become content elements', () => {
  it('Tabs and TabItem: groupId, values, defaultValue and default, queryString', () => {
    const { html, diagnostics } = compileMdx(
      [
        "import Tabs from '@theme/Tabs';",
        "import TabItem from '@theme/TabItem';",
        '',
        "<Tabs groupId=\"os\" queryString values={[{label: 'macOS', value: 'mac'}, {label: 'Windows', value: 'win'}]}>",
        '  <TabItem value="mac">Use **brew**.</TabItem>',
        '  <TabItem value="win" default>',
        '',
        'Use choco.',
        '',
        '  </TabItem>',
        '</Tabs>',
        '',
        '<Tabs defaultValue="b">',
        '<TabItem value="a" label="A">a</TabItem>',
        '<TabItem value="b" label="B">b</TabItem>',
        '</Tabs>',
      ].join('\n'),
    );
    expect(diagnostics).toEqual([]);
    expect(html).toBe(
      [
        '<tabs groupId="os" defaultValue="win" queryString="os"><tab label="macOS" value="mac">Use <strong>brew</strong>.</tab><tab label="Windows" value="win"><p>Use choco.</p></tab></tabs>',
        '<tabs defaultValue="b"><tab label="A" value="a">a</tab><tab label="B" value="b">b</tab></tabs>',
      ].join('\n'),
    );
  });

  it('Admonition, CodeBlock (highlighted like fenced code), Details, Heading and Link', () => {
    const { html, headings, links } = compileMdx(
      [
        "import Admonition from '@theme/Admonition';",
        "import CodeBlock from '@theme/CodeBlock';",
        "import Details from '@theme/Details';",
        "import Heading from '@theme/Heading';",
        "import Link from '@docusaurus/Link';",
        '',
        '<Admonition type="tip" title="Mind this">A *tip*.</Admonition>',
        '',
        '<CodeBlock language="js" title="hello.js" showLineNumbers>{`const a = 1;`}</CodeBlock>',
        '',
        '<Details summary="More">Hidden.</Details>',
        '',
        '<Details>',
        '  <summary>Written summary</summary>',
        '',
        '  Also hidden.',
        '</Details>',
        '',
        '<Heading as="h3" id="own-id">Made heading</Heading>',
        '',
        'See <Link to="./other.md">the other page</Link>.',
      ].join('\n'),
    );
    expect(html).toBe(
      [
        '<admonition type="tip" title="Mind this">A <em>tip</em>.</admonition>',
        '<pre data-language="js" data-title="hello.js" data-line-numbers="1"><code class="language-js"><span class="code-line"><span class="token keyword">const</span> a <span class="token operator">=</span> <span class="token number">1</span><span class="token punctuation">;</span>\n</span></code></pre>',
        '<details class="details"><summary>More</summary>Hidden.</details>',
        '<details class="details"><summary>Written summary</summary><p>Also hidden.</p></details>',
        '<h3 id="own-id">Made heading</h3>',
        '<p>See <a href="./other.md">the other page</a>.</p>',
      ]
        .join('\n')
        // Highlighted code is one raw HTML string (see codeBlocks.ts), which toHtml escapes.
        .replace(/<span class="code-line">.*<\/span>\n<\/span>/, (code) => code.replace(/</g, '&#x3C;')),
    );
    expect(headings).toEqual([{ value: 'Made heading', id: 'own-id', level: 3 }]);
    expect(links).toEqual([{ url: './other.md', kind: 'link', line: 21, column: 5 }]);
  });

  it('plain JSX elements become HTML, sanitised as raw HTML is', () => {
    const { html, diagnostics } = compileMdx(
      [
        '<div className="box wide" style={{marginTop: 4, color: "red"}} data-kind="x">Boxed<br/>text</div>',
        '',
        '<img src="pic.png" alt="Pic" onError="alert(1)" />',
        '',
        '<a href="javascript:alert(2)">bad</a>',
      ].join('\n'),
    );
    expect(html).toBe(
      [
        '<div class="box wide" style="margin-top: 4; color: red" data-kind="x">Boxed<br>text</div>',
        // An element alone on its lines is a block (MDX's flow element): no paragraph.
        '<img src="pic.png" alt="Pic">',
        '<p><a>bad</a></p>',
      ].join('\n'),
    );
    expect(diagnostics.map((diagnostic) => [diagnostic.severity, diagnostic.location?.line])).toEqual([
      ['warning', 3],
      ['warning', 5],
    ]);
  });

  it('evaluates literals, frontMatter.x and metadata.title; {/* comments */} show nothing, {/* truncate */} ends the excerpt', () => {
    const result = compileMdx(
      [
        '# The title',
        '',
        'By {frontMatter.author.name} on {metadata.title}, {3} {"text"} {null}{/* hidden */}.',
        '',
        '{/* truncate */}',
        '',
        'After.',
      ].join('\n'),
      { frontMatter: { author: { name: 'Kim' } } },
    );
    expect(result.title).toBe('<h1 id="the-title">The title</h1>');
    expect(result.html).toBe('<p>By Kim on The title, 3 text .</p>\n\n<p>After.</p>');
    expect(result.excerpt).toBe('<p>By Kim on The title, 3 text .</p>\n');
    // A title in the front matter is the page's title.
    expect(compileMdx('Title: {metadata.title}', { frontMatter: { title: 'From front matter' } }).html).toBe(
      '<p>Title: From front matter</p>',
    );
  });

  it('inlines an imported partial; its errors name the partial, at its line', () => {
    const partials = {
      'docs/_intro.mdx': { body: "import Name from './parts/_name.md';\n\nIntro for **<Name />**.\n\nBad: {makeIt()}\n", bodyLine: 4 },
      'docs/parts/_name.md': { body: '{frontMatter.product}', bodyLine: 1 },
    };
    const result = compileMdx("import Intro from './_intro.mdx';\nimport Name from './parts/_name.md';\n\n<Intro />\n\nAfter <Name />.", {
      frontMatter: { product: 'Widget' },
      partials,
    });
    expect(result.html).toBe('<p>Intro for <strong>Widget</strong>.</p>\n<p>Bad: </p>\n<p>After Widget.</p>');
    expect(errorsOf(result)).toEqual([
      { message: 'A call is not supported in MDX: content does not run code', file: 'docs/_intro.mdx', line: 8, column: 7 },
    ]);
    const missing = compileMdx("import Gone from './_gone.mdx';\n\n<Gone />");
    expect(errorsOf(missing)).toEqual([
      { message: 'The partial ./_gone.mdx does not exist (docs/_gone.mdx)', file: 'docs/page.mdx', line: 1, column: 1 },
      expect.objectContaining({ message: '<Gone> is not imported', line: 3, column: 1 }),
    ]);
  });
});

describe('MDX: site components', () => {
  it('become islands with their props as JSON (toc filled in once the headings are known) and their children as content', () => {
    const result = compileMdx(
      [
        "import Counter from '@site/src/components/Counter';",
        "import { Toc as PageToc } from '../src/components/Widgets';",
        '',
        '## First',
        '',
        '<Counter start={2} label={frontMatter.label} tags={["a", 1]}>Some **bold** text.</Counter>',
        '',
        '<PageToc toc={toc} />',
      ].join('\n'),
      {
        frontMatter: { label: 'Clicks' },
        modules: { 'src/components/Counter': 'src/components/Counter.tsx', 'src/components/Widgets': 'src/components/Widgets.jsx' },
      },
    );
    expect(result.html).toBe(
      [
        '<h2 id="first">First</h2>',
        '<island component="src/components/Counter.tsx#default" props="{&#x22;start&#x22;:2,&#x22;label&#x22;:&#x22;Clicks&#x22;,&#x22;tags&#x22;:[&#x22;a&#x22;,1]}">Some <strong>bold</strong> text.</island>',
        '<island component="src/components/Widgets.jsx#Toc" props="{&#x22;toc&#x22;:[{&#x22;value&#x22;:&#x22;First&#x22;,&#x22;id&#x22;:&#x22;first&#x22;,&#x22;level&#x22;:2}]}"></island>',
      ].join('\n'),
    );
    expect(result.components).toEqual(['src/components/Counter.tsx#default', 'src/components/Widgets.jsx#Toc']);
    expect(errorsOf(compileMdx("import Gone from '@site/src/components/Gone';\n\n<Gone />"))[0]).toEqual({
      message: 'The component module @site/src/components/Gone does not exist (src/components/Gone)',
      file: 'docs/page.mdx',
      line: 1,
      column: 1,
    });
  });
});

describe('MDX: imports of files (images, PDFs) are their URLs', () => {
  const files = ['docs/img/pic.png', 'static/img/logo.svg', 'docs/guide.pdf', 'docs/_parts/diagram.png'];

  it('an imported or required file is its @site/ URL (resolved and copied by the manifest as a markdown image is), in attributes and in props', () => {
    const result = compileMdx(
      [
        "import pic from './img/pic.png';",
        "import logo from '@site/static/img/logo.svg';",
        "import guide from './guide.pdf';",
        "import Figure from '@site/src/components/Figure';",
        '',
        '<img src={pic} alt="A picture" />',
        '',
        'See <a href={guide}>the guide</a> <img src={require(\'./img/pic.png\').default} alt="required" />',
        '',
        '<Figure images={[pic, logo]} caption="Both" />',
      ].join('\n'),
      { bodyLine: 3, files, modules: { 'src/components/Figure': 'src/components/Figure.tsx' } },
    );
    expect(errorsOf(result)).toEqual([]);
    expect(result.html).toBe(
      [
        '<img src="@site/docs/img/pic.png" alt="A picture">',
        '<p>See <a href="@site/docs/guide.pdf">the guide</a> <img src="@site/docs/img/pic.png" alt="required"></p>',
        '<island component="src/components/Figure.tsx#default" props="{&#x22;images&#x22;:[&#x22;@site/docs/img/pic.png&#x22;,&#x22;@site/static/img/logo.svg&#x22;],&#x22;caption&#x22;:&#x22;Both&#x22;}"></island>',
      ].join('\n'),
    );
    // Each file is a URL of the content (the manifest resolves it), and a link of the page at its import or require.
    expect(result.urls).toEqual(
      expect.arrayContaining([
        { value: '@site/docs/img/pic.png', kind: 'image' },
        { value: '@site/static/img/logo.svg', kind: 'image' },
        { value: '@site/docs/guide.pdf', kind: 'image' },
      ]),
    );
    expect(result.links).toEqual([
      { url: '@site/docs/img/pic.png', kind: 'image', line: 3, column: 1 },
      { url: '@site/static/img/logo.svg', kind: 'image', line: 4, column: 1 },
      { url: '@site/docs/guide.pdf', kind: 'image', line: 5, column: 1 },
      { url: '@site/docs/img/pic.png', kind: 'image', line: 10, column: 45 },
    ]);
  });

  it('a partial imports files relative to itself', () => {
    const result = compileMdx("import Part from './_parts/part.mdx';\n\n<Part />\n", {
      files,
      partials: { 'docs/_parts/part.mdx': { body: 'import d from \'./diagram.png\';\n\n<img src={d} alt="d" />\n', bodyLine: 1 } },
    });
    expect(errorsOf(result)).toEqual([]);
    expect(result.html).toBe('<img src="@site/docs/_parts/diagram.png" alt="d">');
  });

  it('a missing file, a path above the site, CSS, JSON and a file used as a component or shown as text fail at file:line:col', () => {
    const result = compileMdx(
      [
        "import gone from './img/gone.png';",
        "import up from '../../up.png';",
        "import './styles.css';",
        "import data from '@site/data.json';",
        "import logo from '@site/static/img/logo.svg';",
        '',
        "<img src={require('./img/missing.jpg').default} />",
        '',
        '<logo />',
        '',
        '<Logo />',
        '',
        'Its URL: {logo}',
      ].join('\n'),
      { files, bodyLine: 2 },
    );
    expect(errorsOf(result)).toEqual([
      { message: 'The file ./img/gone.png does not exist (docs/img/gone.png)', file: 'docs/page.mdx', line: 2, column: 1 },
      { message: '../../up.png names a path outside the site folder', file: 'docs/page.mdx', line: 3, column: 1 },
      { message: 'An MDX page cannot import the stylesheet ./styles.css', file: 'docs/page.mdx', line: 4, column: 1 },
      { message: 'An MDX page cannot import the JSON file @site/data.json', file: 'docs/page.mdx', line: 5, column: 1 },
      { message: 'The file ./img/missing.jpg does not exist (docs/img/missing.jpg)', file: 'docs/page.mdx', line: 8, column: 11 },
      { message: '<logo> is not an HTML element', file: 'docs/page.mdx', line: 10, column: 1 },
      { message: '<Logo> is not imported', file: 'docs/page.mdx', line: 12, column: 1 },
      { message: 'The URL of an imported file cannot be shown as text', file: 'docs/page.mdx', line: 14, column: 11 },
    ]);
    const asComponent = compileMdx('import Logo from \'@site/static/img/logo.svg\';\n\n<Logo className="x" />\n', { files });
    expect(errorsOf(asComponent)).toEqual([
      { message: '<Logo> is the URL of the file @site/static/img/logo.svg, not a component', file: 'docs/page.mdx', line: 3, column: 1 },
    ]);
  });
});

describe('MDX: what cannot be evaluated fails with file:line:col', () => {
  // Each form, on line 2 of a body that starts on line 5 of its file (after front matter), at column 5.
  const forms: [string, string][] = [
    ['{() => 1}', 'A function is not supported in MDX: content does not run code'],
    ['{compute(2)}', 'A call is not supported in MDX: content does not run code'],
    ['{someVariable}', 'The variable `someVariable` is not supported in MDX: it has no value at build time'],
    ['{`a ${b}`}', 'A template literal with placeholders is not supported in MDX: content does not run code'],
    ['{1 + 2}', 'An operator is not supported in MDX: content does not run code'],
    ['{metadata.permalink}', '`metadata.permalink` is not supported in MDX: of metadata, only metadata.title is'],
    ['<X a={b} />', '<X> is not imported'],
    ['<div title={b} />', 'The variable `b` is not supported in MDX: it has no value at build time'],
    ['<div {...rest} />', 'Spreading attributes (...rest) is not supported in MDX'],
  ];
  for (const [written, message] of forms) {
    it(written, () => {
      const result = compileMdx(`Line one.\n\nab. ${written}\n`, { bodyLine: 5 });
      const [error] = errorsOf(result);
      expect(error?.message).toBe(message);
      expect(error?.file).toBe('docs/page.mdx');
      expect(error?.line).toBe(7);
      // The column of the construct: the expression inside its braces, the element, or the attribute's value.
      expect(error?.column).toBe(written.startsWith('<X') ? 5 : written.startsWith('<div {') ? 11 : written.startsWith('<div') ? 17 : 6);
      expect(result.diagnostics.find((diagnostic) => diagnostic.severity === 'error')?.hint).toMatch(/\S/);
    });
  }

  it('export const, and imports of what docgen does not know', () => {
    const result = compileMdx("export const answer = 42;\n\nimport Thing from 'some-package';\nimport {A} from '@theme/Tabs';\n\nText.", {
      bodyLine: 3,
    });
    expect(errorsOf(result)).toEqual([
      { message: 'export is not supported in MDX: content does not run code', file: 'docs/page.mdx', line: 3, column: 1 },
      { message: 'The import of Thing from "some-package" is not supported', file: 'docs/page.mdx', line: 5, column: 8 },
      { message: 'The import of A from "@theme/Tabs" is not supported', file: 'docs/page.mdx', line: 6, column: 9 },
    ]);
  });

  it('MDX syntax errors: file:line:col and a hint at the fix', () => {
    const { diagnostics } = compileMdx('# Title\n\nA generic List<String> in prose.\n', { bodyLine: 4 });
    expect(diagnostics).toHaveLength(1);
    // At the `<` that opened a tag.
    expect(diagnostics[0]).toMatchObject({
      severity: 'error',
      code: 'mdx-syntax',
      location: { file: 'docs/page.mdx', line: 6, column: 15 },
    });
    expect(diagnostics[0]!.hint).toMatch(/escape them .*code span.*rename the file to \.md/);
    const unclosed = compileMdx('<div>\n\nnever closed\n');
    expect(unclosed.diagnostics[0]).toMatchObject({ code: 'mdx-syntax', location: { line: 1, column: 1 } });
  });

  it('a .md file stays plain markdown: `<` and `{` are text', () => {
    const { hast, meta } = compileMarkdown('Use {braces} and a <Generic> {() => 1}.', { sourcePath: 'docs/page.md', bodyLine: 1 });
    expect(toHtml(hast)).toBe('<p>Use {braces} and a &#x3C;Generic> {() => 1}.</p>');
    expect(meta.diagnostics.filter((diagnostic) => diagnostic.severity === 'error')).toEqual([]);
  });
});

describe('MDX: heading ids as Docusaurus writes them', () => {
  it('{#id} and {/* #id */} at the end of a heading', () => {
    const { html, headings } = compileMdx('## One {#first}\n\n## Two {/* #second */}\n\n```md\n## Code {#not-an-id}\n```\n');
    expect(headings).toEqual([
      { value: 'One', id: 'first', level: 2 },
      { value: 'Two', id: 'second', level: 2 },
    ]);
    expect(html).toContain(' Code {#not-an-id}');
  });
});
