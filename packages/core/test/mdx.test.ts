import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { toHtml } from 'hast-util-to-html';
import { afterAll, describe, expect, it } from 'vitest';
import { bundleMdxRuntime } from '../src/bundle/index.js';
import { compileMarkdown } from '../src/compile/index.js';
import { docgenPipeline } from '../src/compile/compileMarkdown.js';
import type { MdxInput, MdxPageContext } from '../src/compile/compileData.js';
import { createMdxRunner, loadMdxRuntime, type MdxRunner } from '../src/compile/mdxRun.js';

/*
 * MDX pages compiled as a build compiles them: each body run against a real MDX runtime, bundled
 * by esbuild from the site files a test writes (components, JSON) with React from the theme.
 */

const THEME_DIR = join(dirname(fileURLToPath(import.meta.url)), '../../../site-theme');
const scratch = mkdtempSync(join(tmpdir(), 'docgen-mdx-unit-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const CONTEXT: MdxPageContext = {
  siteConfig: { title: 'Site', tagline: 'Docs', url: 'https://example.com', baseUrl: '/base/', customFields: { answer: 42 } },
  i18n: { currentLocale: 'en', defaultLocale: 'en', locales: ['en'] },
  globalData: {},
  themeConfig: {},
};
const COMPAT = { comments: true, admonitions: true, headingIds: true };

/** A site folder with `files` (site path to text) and the runner of its MDX runtime, one per set of files. */
const runners = new Map<string, Promise<{ runner: MdxRunner; runtime: string; modules: Record<string, string> }>>();
function runnerFor(siteFiles: Record<string, string>, timeLimitMs?: number) {
  const key = JSON.stringify([siteFiles, timeLimitMs]);
  let made = runners.get(key);
  if (!made) {
    made = (async () => {
      const siteDir = mkdtempSync(join(scratch, 'site-'));
      const modules: Record<string, string> = {};
      for (const [path, text] of Object.entries(siteFiles)) {
        mkdirSync(dirname(join(siteDir, path)), { recursive: true });
        writeFileSync(join(siteDir, path), text);
        // The scope is no module pages import: the runtime loads it apart.
        if (/\.(tsx?|jsx?|json)$/.test(path) && !path.startsWith('src/theme/')) modules[path.replace(/\.(tsx?|jsx?)$/, '')] = path;
      }
      const { file } = await bundleMdxRuntime({
        siteDir,
        themeDir: THEME_DIR,
        modules: Object.values(modules),
        packages: [],
        componentScope: siteFiles['src/theme/MDXComponents.jsx'] ? 'src/theme/MDXComponents.jsx' : undefined,
        cacheDir: join(siteDir, '.cache'),
        baseUrl: '/base/',
      });
      return { runner: createMdxRunner(docgenPipeline, await loadMdxRuntime(file), CONTEXT, timeLimitMs), runtime: file, modules };
    })();
    runners.set(key, made);
  }
  return made;
}

type MdxOptions = Partial<Pick<MdxInput, 'frontMatter' | 'partials' | 'files' | 'compat' | 'texts'>> & {
  bodyLine?: number;
  siteFiles?: Record<string, string>;
  timeLimitMs?: number;
};

/** Compiles an `.mdx` body whose front matter took `bodyLine - 1` lines; the content as HTML, and what compiling recorded. */
async function compileMdx(body: string, options: MdxOptions = {}) {
  const { bodyLine = 1, frontMatter = {}, partials = {}, files = [], compat = COMPAT, siteFiles = {}, texts = {} } = options;
  const { runner, runtime, modules } = await runnerFor(siteFiles, options.timeLimitMs);
  const { hast, title, excerpt, meta } = compileMarkdown(body, {
    sourcePath: 'docs/page.mdx',
    bodyLine,
    mdx: { frontMatter, compat, runtime, context: CONTEXT, partials, modules, texts, files },
    mdxRunner: runner,
  });
  await runner.addComponentStacks();
  return { html: toHtml(hast), title: title && toHtml(title), excerpt: excerpt && toHtml(excerpt), ...meta };
}

const errorsOf = (result: Awaited<ReturnType<typeof compileMdx>>) =>
  result.diagnostics.filter((diagnostic) => diagnostic.severity === 'error').map(({ message, location }) => ({ message, ...location }));

describe('MDX: Docusaurus theme components become content elements', () => {
  it('Tabs and TabItem: groupId, values, defaultValue and default, queryString', async () => {
    const { html, diagnostics } = await compileMdx(
      [
        "import Tabs from '@theme/Tabs';",
        "import TabItem from '@theme/TabItem';",
        '',
        "<Tabs groupId=\"os\" queryString values={[{label: 'macOS', value: 'mac'}, {label: 'Windows', value: 'win'}]}>",
        // The label of `values` wins over the item's own, as in Docusaurus.
        '  <TabItem value="mac" label="Mac">Use **brew**.</TabItem>',
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

  it('Admonition, CodeBlock (highlighted like fenced code), Details, Heading and Link', async () => {
    const { html, headings, links } = await compileMdx(
      [
        "import Admonition from '@theme/Admonition';",
        "import CodeBlock from '@theme/CodeBlock';",
        "import Details from '@theme/Details';",
        "import Heading from '@theme/Heading';",
        "import Link from '@docusaurus/Link';",
        '',
        '<Admonition type="tip" title="Mind this">A *tip*.</Admonition>',
        '',
        '<Admonition type="tip" icon="💡" title="Did you know...">Plugins.</Admonition>',
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
        '<admonition type="tip" title="Did you know..." icon="💡">Plugins.</admonition>',
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
    expect(links).toEqual([{ url: './other.md', kind: 'link', line: 23, column: 5 }]);
  });

  it('plain JSX elements become HTML as React renders them, sanitised as raw HTML is', async () => {
    const { html, diagnostics } = await compileMdx(
      [
        '<div className="box wide" style={{marginTop: 4, color: "red"}} data-kind="x">Boxed<br/>text</div>',
        '',
        '<img src="pic.png" alt="Pic" />',
        '',
        '<a href="javascript:alert(2)">bad</a>',
      ].join('\n'),
    );
    expect(html).toBe(
      [
        '<div class="box wide" style="margin-top:4px;color:red" data-kind="x">Boxed<br>text</div>',
        // An element alone on its lines is a block (MDX's flow element): no paragraph.
        '<img src="pic.png" alt="Pic">',
        // React blocks the script URL (it writes one that throws), and the sanitiser takes that out.
        '<a>bad</a>',
      ].join('\n'),
    );
    expect(diagnostics.map((diagnostic) => [diagnostic.severity, diagnostic.message])).toEqual([
      ['warning', 'The script URL in href of <a> is removed'],
    ]);
  });

  it("an element with an event handler, and a component the page exports that handles events or keeps state, are islands of the page's own module", async () => {
    const result = await compileMdx(
      [
        // A hook by React's name: a call of useState is what makes a component keep state.
        'export const useState = (value) => [value, () => {}];',
        'export const Count = ({ start }) => { const [n, setN] = useState(start); return <b>{n}</b>; };',
        'export const Plain = ({ children }) => <em>{children}</em>;',
        'export const Titled = () => <i onClick={() => alert(frontMatter.title)}>title</i>;',
        '',
        "Intro. <button onClick={() => alert('hi')}>Click **me**</button>",
        '',
        '<Count start={2} />',
        '',
        '<Plain>static</Plain>',
        '',
        '<Titled />',
      ].join('\n'),
      { bodyLine: 4 },
    );
    const hoisted = /component="(docs\/page\.mdx#DocgenInteractive_[0-9a-f]{10})"/.exec(result.html)?.[1];
    expect(result.html).toBe(
      [
        `<p>Intro. <island component="${hoisted}" props="{}">Click <strong>me</strong></island></p>`,
        '<island component="docs/page.mdx#Count" props="{&#x22;start&#x22;:2}"></island>',
        '<em>static</em>',
        '<i>title</i>',
      ].join('\n'),
    );
    expect(result.components).toEqual(['docs/page.mdx#Count', hoisted]);
    // Titled reads frontMatter, which only the build has: shown as HTML, with a warning at its declaration.
    expect(result.diagnostics).toEqual([
      expect.objectContaining({
        severity: 'warning',
        message: '<Titled> is shown without interaction: it uses frontMatter, which the page has only at build time',
        location: { file: 'docs/page.mdx', line: 7, column: 14 },
      }),
    ]);
  });

  it('evaluates literals, frontMatter.x and metadata.title; {/* comments */} show nothing, {/* truncate */} ends the excerpt', async () => {
    const result = await compileMdx(
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
    expect((await compileMdx('Title: {metadata.title}', { frontMatter: { title: 'From front matter' } })).html).toBe(
      '<p>Title: From front matter</p>',
    );
  });

  it('renders an imported partial with the page; an error in it names the partial, at its line', async () => {
    const partials = {
      'docs/_intro.mdx': { body: "import Name from './parts/_name.md';\n\nIntro for {props.who}.\n\n<Name />\n", bodyLine: 4 },
      'docs/parts/_name.md': { body: 'The *widget* <!-- read as MDX, as Docusaurus does -->', bodyLine: 1 },
    };
    const result = await compileMdx(
      "import Intro from './_intro.mdx';\nimport Name from './parts/_name.md';\n\n<Intro who=\"you\" />\n\n<Name />",
      {
        frontMatter: { product: 'Widget' },
        partials,
      },
    );
    expect(errorsOf(result)).toEqual([]);
    expect(result.html).toBe('<p>Intro for you.</p>\n<p>The <em>widget</em> </p>\n<p>The <em>widget</em> </p>');
    const broken = await compileMdx("import Intro from './_intro.mdx';\n\n<Intro />", {
      partials: { 'docs/_intro.mdx': { body: 'Fine.\n\nBad: {makeIt()}\n', bodyLine: 4 } },
    });
    expect(errorsOf(broken)).toEqual([
      // V8 places an error inside an array of children at the array: the line is exact, the column its paragraph's.
      { message: 'The page threw while rendering: makeIt is not defined', file: 'docs/_intro.mdx', line: 6, column: 1 },
    ]);
    const missing = await compileMdx("import Gone from './_gone.mdx';\n\n<Gone />");
    expect(errorsOf(missing)).toEqual([
      { message: 'The partial docs/_gone.mdx does not exist', file: 'docs/page.mdx', line: 1, column: 1 },
    ]);
  });
});

const COUNTER = `import { useState } from 'react';
export default function Counter({ start = 0, label, children }) {
  const [count, setCount] = useState(start);
  return <div><button onClick={() => setCount(count + 1)}>{label}: {count}</button>{children}</div>;
}
`;
const WIDGETS = `export function Toc({ toc }) { return <ul>{toc.map((item) => <li key={item.id}>{item.value}</li>)}</ul>; }
export function Card({ title, render }) { return <section><h3>{title}</h3>{render ? render() : null}</section>; }
export function Bomb() { throw new Error('boom from the component'); }
export const VERSION = '2.4.1';
export function format(value) { return 'v' + value; }
`;

describe('MDX: site components', () => {
  const siteFiles = { 'src/components/Counter.jsx': COUNTER, 'src/components/Widgets.jsx': WIDGETS };

  it('become islands with their props as JSON and their children as content; their modules give data and functions as they are', async () => {
    const result = await compileMdx(
      [
        "import Counter from '@site/src/components/Counter';",
        "import { Toc as PageToc, VERSION, format } from '../src/components/Widgets';",
        '',
        '## First',
        '',
        '<Counter start={2} label={frontMatter.label} tags={["a", 1]}>Some **bold** text.</Counter>',
        '',
        '<PageToc toc={toc} />',
        '',
        'Version {format(VERSION)}.',
      ].join('\n'),
      { frontMatter: { label: 'Clicks' }, siteFiles },
    );
    expect(errorsOf(result)).toEqual([]);
    expect(result.html).toBe(
      [
        '<h2 id="first">First</h2>',
        '<island component="src/components/Counter.jsx#default" props="{&#x22;start&#x22;:2,&#x22;label&#x22;:&#x22;Clicks&#x22;,&#x22;tags&#x22;:[&#x22;a&#x22;,1]}">Some <strong>bold</strong> text.</island>',
        '<island component="src/components/Widgets.jsx#Toc" props="{&#x22;toc&#x22;:[{&#x22;value&#x22;:&#x22;First&#x22;,&#x22;id&#x22;:&#x22;first&#x22;,&#x22;level&#x22;:2}]}"></island>',
        '<p>Version v2.4.1.</p>',
      ].join('\n'),
    );
    expect(result.components).toEqual(['src/components/Counter.jsx#default', 'src/components/Widgets.jsx#Toc']);
    expect(errorsOf(await compileMdx("import Gone from '@site/src/components/Gone';\n\n<Gone />", { siteFiles }))).toEqual([
      {
        message: 'The module @site/src/components/Gone does not exist (src/components/Gone)',
        file: 'docs/page.mdx',
        line: 1,
        column: 1,
      },
    ]);
  });

  it('a component whose props cannot reach the browser is rendered at build time, with a warning at its place', async () => {
    const result = await compileMdx(
      "import { Card } from '@site/src/components/Widgets';\n\nText.\n\n<Card title=\"Hi\" render={() => 'made'} />",
      {
        siteFiles,
        bodyLine: 3,
      },
    );
    expect(result.html).toBe('<p>Text.</p>\n<section><h3 id="hi">Hi</h3>made</section>');
    expect(result.diagnostics).toEqual([
      expect.objectContaining({
        severity: 'warning',
        message: '<Card> is shown without interaction: its prop render cannot reach the browser',
        location: { file: 'docs/page.mdx', line: 7, column: 1 },
      }),
    ]);
  });

  it('MDX a site module imports is compiled with it', async () => {
    const result = await compileMdx("import Note from '@site/src/components/Note';\n\n<Note render={() => 1} />\n", {
      siteFiles: {
        'src/components/Note.jsx': "import Body from './note.mdx';\nexport default function Note() { return <div><Body /></div>; }\n",
        // What that MDX imports by @site/ (React Native's docs that its components show).
        'src/components/note.mdx': "---\ntitle: x\n---\nimport { WORD } from '@site/core/words';\n\n**Bold** note, {WORD}\n",
        'core/words.ts': "export const WORD = 'worded';\n",
      },
    });
    expect(errorsOf(result)).toEqual([]);
    expect(result.html).toBe('<div><p><strong>Bold</strong> note, worded</p></div>');
  });

  it('a component rendered at build time that spreads its props onto an element leaves no trace of docgen in the HTML', async () => {
    const result = await compileMdx('export const Box = (props) => <div {...props} />;\n\n<Box className="box">In a box.</Box>\n');
    expect(errorsOf(result)).toEqual([]);
    expect(result.html).toBe('<div class="box">In a box.</div>');
  });

  it(':::secondary and :::success are admonitions in markdown as <Admonition type> gives them in MDX', async () => {
    const md = compileMarkdown(':::success\nDone.\n:::\n', { sourcePath: 'docs/page.md', bodyLine: 1 });
    expect(toHtml(md.hast)).toBe('<admonition type="tip"><p>Done.</p></admonition>');
    const mdx = await compileMdx('import Admonition from \'@theme/Admonition\';\n\n<Admonition type="success">Done.</Admonition>\n');
    expect(mdx.html).toBe('<admonition type="tip">Done.</admonition>');
  });

  it('a site MDXComponents scope gives every page its components, without an import', async () => {
    const result = await compileMdx('<Highlight color="red">hot</Highlight> and <Admonition type="tip">ok</Admonition>', {
      siteFiles: {
        ...siteFiles,
        'src/theme/MDXComponents.jsx':
          "import MDXComponents from '@theme-original/MDXComponents';\nexport default { ...MDXComponents, Highlight: ({ color, children }) => <span style={{ color }}>{children}</span> };\n",
      },
    });
    expect(errorsOf(result)).toEqual([]);
    expect(result.html).toBe(
      '<p><island component="src/theme/MDXComponents.jsx#default.Highlight" props="{&#x22;color&#x22;:&#x22;red&#x22;}">hot</island> and <admonition type="tip">ok</admonition></p>',
    );
  });
});

describe('MDX: imports of files (images, PDFs) are their URLs', () => {
  const files = ['docs/img/pic.png', 'static/img/logo.svg', 'docs/guide.pdf', 'docs/_parts/diagram.png'];

  it('an import from / is a file of the site folder, else of its static folder, as webpack resolves it', async () => {
    const result = await compileMdx(
      [
        "import logo from '/img/logo.svg';",
        "import pic from '/docs/img/pic.png';",
        '',
        '<img src={logo} alt="logo" /> <img src={pic} alt="pic" />',
      ].join('\n'),
      { files },
    );
    expect(errorsOf(result)).toEqual([]);
    expect(result.html).toBe('<img src="@site/static/img/logo.svg" alt="logo">\n<img src="@site/docs/img/pic.png" alt="pic">');
  });

  it("a site component may call translate() at its module's top level, as Docusaurus's sites do", async () => {
    const siteFiles = {
      'src/components/Label.jsx':
        "import { translate } from '@docusaurus/Translate';\nconst LABEL = translate({ message: 'Hello {who}' }, { who: 'there' });\nexport default function Label() { return <b>{LABEL}</b>; }\n",
    };
    const result = await compileMdx("import Label from '@site/src/components/Label';\n\n<Label />", { siteFiles });
    expect(errorsOf(result)).toEqual([]);
    expect(result.html).toBe('<island component="src/components/Label.jsx#default" props="{}"></island>');
  });

  it('an imported or required file is its @site/ URL (resolved and copied by the manifest as a markdown image is), in attributes and in props', async () => {
    const result = await compileMdx(
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
      { bodyLine: 3, files, siteFiles: { 'src/components/Figure.jsx': 'export default function Figure() { return null; }\n' } },
    );
    expect(errorsOf(result)).toEqual([]);
    expect(result.html).toBe(
      [
        '<img src="@site/docs/img/pic.png" alt="A picture">',
        '<p>See <a href="@site/docs/guide.pdf">the guide</a> <img src="@site/docs/img/pic.png" alt="required"></p>',
        '<island component="src/components/Figure.jsx#default" props="{&#x22;images&#x22;:[&#x22;@site/docs/img/pic.png&#x22;,&#x22;@site/static/img/logo.svg&#x22;],&#x22;caption&#x22;:&#x22;Both&#x22;}"></island>',
      ].join('\n'),
    );
    // Each file is a URL of the content (the manifest resolves it), and a link of the page at its import, and JSX links and images at their places.
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
      { url: '@site/docs/img/pic.png', kind: 'image', line: 8, column: 1 },
      { url: '@site/docs/guide.pdf', kind: 'link', line: 10, column: 5 },
      { url: '@site/docs/img/pic.png', kind: 'image', line: 10, column: 35 },
    ]);
  });

  it("an imported SVG is also a component that draws it inline, as Docusaurus's SVGR makes one, and its URL where a string is wanted", async () => {
    const svg =
      '<?xml version="1.0"?>\n<!-- logo -->\n<svg xmlns="http://www.w3.org/2000/svg" class="drawn" style="fill: red; stroke-width: 2" viewBox="0 0 4 4"><rect width="4" height="4"/></svg>\n';
    const result = await compileMdx(
      [
        "import Logo from '@site/static/img/logo.svg';",
        '',
        '<Logo className="logo" role="img" />',
        '',
        '<img src={Logo} alt="As an image" />',
      ].join('\n'),
      { files: ['static/img/logo.svg'], texts: { 'static/img/logo.svg': svg } },
    );
    expect(errorsOf(result)).toEqual([]);
    expect(result.html).toBe(
      [
        '<svg xmlns="http://www.w3.org/2000/svg" class="logo" style="fill:red;stroke-width:2" viewBox="0 0 4 4" role="img"><rect width="4" height="4"></rect></svg>',
        '<img src="@site/static/img/logo.svg" alt="As an image">',
      ].join('\n'),
    );
  });

  it('@theme/MDXComponents/Code is inline code, or a code block when it names a language or holds a line break', async () => {
    const result = await compileMdx(
      [
        "import Code from '@theme/MDXComponents/Code';",
        '',
        'Run <Code>npm start</Code>.',
        '',
        '<Code className="language-js">{\'const a = 1;\'}</Code>',
      ].join('\n'),
    );
    expect(errorsOf(result)).toEqual([]);
    expect(result.html).toContain('<p>Run <code>npm start</code>.</p>');
    expect(result.html).toMatch(/<pre data-language="js"><code class="language-js">.*token keyword.*const/s);
  });

  it('a partial imports files relative to itself', async () => {
    const result = await compileMdx("import Part from './_parts/part.mdx';\n\n<Part />\n", {
      files,
      partials: { 'docs/_parts/part.mdx': { body: 'import d from \'./diagram.png\';\n\n<img src={d} alt="d" />\n', bodyLine: 1 } },
    });
    expect(errorsOf(result)).toEqual([]);
    expect(result.html).toBe('<img src="@site/docs/_parts/diagram.png" alt="d">');
  });

  it("a partial's links to files lead from its own folder (Redux's docs/components/_FundamentalsWarning.mdx), and are the page's at the import", async () => {
    const result = await compileMdx("Text.\n\nimport Warning from './components/_warning.mdx';\n\n<Warning />\n", {
      partials: {
        'docs/components/_warning.mdx': {
          body: 'See [the tutorial](../tutorials/part-1.md#start), ![a diagram](./diagram.png), [intro](intro.md) and [a URL](../guide).\n',
          bodyLine: 1,
        },
      },
    });
    expect(errorsOf(result)).toEqual([]);
    // From the partial's folder, named from the site's; a bare path and a URL path lead where the page's own would.
    expect(result.html).toContain('<a href="@site/docs/tutorials/part-1.md#start">the tutorial</a>');
    expect(result.html).toContain('<img src="@site/docs/components/diagram.png" alt="a diagram">');
    expect(result.html).toContain('<a href="intro.md">intro</a>');
    expect(result.html).toContain('<a href="../guide">a URL</a>');
    expect(result.links).toEqual([
      { url: '@site/docs/tutorials/part-1.md#start', kind: 'link', line: 3, column: 1 },
      { url: '@site/docs/components/diagram.png', kind: 'image', line: 3, column: 1 },
      { url: 'intro.md', kind: 'link', line: 3, column: 1 },
      { url: '../guide', kind: 'link', line: 3, column: 1 },
    ]);
  });

  it('a missing file, a path above the site, a missing stylesheet and a missing package fail at file:line:col of their import', async () => {
    const cases: [string, string][] = [
      ["import gone from './img/gone.png';", 'The file ./img/gone.png does not exist (docs/img/gone.png)'],
      ["import up from '../../up.png';", '../../up.png names a path outside the site folder'],
      ["import './styles.css';", 'The stylesheet ./styles.css does not exist (docs/styles.css)'],
      ["import Thing from 'some-package';", 'The package some-package is not installed'],
      ["import Thing from '@theme/NoSuchThing';", '@theme/NoSuchThing is not a module docgen provides'],
    ];
    for (const [line, message] of cases) {
      expect(errorsOf(await compileMdx(`Text.\n\n${line}\n`, { files, bodyLine: 2 }))).toEqual([
        { message, file: 'docs/page.mdx', line: 4, column: 1 },
      ]);
    }
  });
});

describe('MDX: stylesheets a page imports', () => {
  it('are shown with the page, a CSS module with class names of its own, its composes added; bad CSS fails at its line in the stylesheet', async () => {
    const texts = {
      'docs/page.module.css': '.box { border: 1px solid red; }\n.wide { composes: box; width: 100%; }\n',
      'docs/global.css': 'table.plain { border: 0; }\n',
    };
    const result = await compileMdx(
      ["import styles from './page.module.css';", "import './global.css';", '', '<div className={styles.wide}>Boxed</div>'].join('\n'),
      { texts },
    );
    expect(errorsOf(result)).toEqual([]);
    const wide = /<div class="(wide_\w+) (box_\w+)">Boxed<\/div>/.exec(result.html);
    expect(wide).not.toBeNull();
    expect(result.html).toBe(
      `<style>.${wide![2]}{border:1px solid red}.${wide![1]}{width:100%;}</style><style>table.plain{border:0}</style><div class="${wide![1]} ${wide![2]}">Boxed</div>`,
    );
    // The same names on every build: they come from the class and the stylesheet's site path.
    const again = await compileMdx("import styles from './page.module.css';\n\n<b className={styles.box}>b</b>", { texts });
    expect(again.html).toContain(`<b class="${wide![2]}">b</b>`);
    // The page's stylesheet comes first: a leading # heading is still the page's title.
    const titled = await compileMdx("import styles from './page.module.css';\n\n# Boxes\n\n<b className={styles.box}>b</b>", { texts });
    expect(titled.contentTitle).toBe('Boxes');
    expect(titled.title).toBe('<h1 id="boxes">Boxes</h1>');
    expect(titled.html).not.toContain('<h1');
    expect(titled.diagnostics).toEqual([]);
    expect(
      errorsOf(await compileMdx("import './bad.css';", { texts: { 'docs/bad.css': 'a {\n  color: red;\n}\n@media ( {\n}\n' } })),
    ).toEqual([
      expect.objectContaining({
        message: 'The stylesheet docs/bad.css cannot be read: Invalid media query',
        file: 'docs/bad.css',
        line: 4,
      }),
    ]);
  });
});

describe('MDX pages are programs: what Docusaurus sites write', () => {
  const siteFiles = {
    'data/versions.json': JSON.stringify({ version: '2508.1', sdks: ['java', 'node'] }),
    'src/components/Widgets.jsx': WIDGETS,
  };

  it('imports JSON, exports constants, calls hooks in attributes, maps over arrays, template literals and ternaries', async () => {
    const result = await compileMdx(
      [
        "import data from '@site/data/versions.json';",
        "import useBaseUrl from '@docusaurus/useBaseUrl';",
        "import useDocusaurusContext from '@docusaurus/useDocusaurusContext';",
        "import ThemedImage from '@theme/ThemedImage';",
        '',
        "export const channels = [{ name: 'stable', tag: 'latest' }, { name: 'preview', tag: 'next' }];",
        'export const Title = () => <strong>{useDocusaurusContext().siteConfig.title}</strong>;',
        '',
        'Version {data.version} of <Title />, {`${data.sdks.length} SDKs`}, {data.sdks.includes("java") ? "with Java" : "without Java"}.',
        '',
        '<ul>{channels.map((channel) => <li key={channel.name}>{channel.name}: {channel.tag}</li>)}</ul>',
        '',
        "<ThemedImage alt=\"Logo\" sources={{ light: useBaseUrl('/img/light.svg'), dark: useBaseUrl('/img/dark.svg') }} />",
        '',
        "<a href={useBaseUrl('/docs/intro', { absolute: true })}>{useDocusaurusContext().siteConfig.customFields.answer}</a>",
      ].join('\n'),
      { siteFiles },
    );
    expect(errorsOf(result)).toEqual([]);
    expect(result.html).toBe(
      [
        '<p>Version 2508.1 of <strong>Site</strong>, 2 SDKs, with Java.</p>',
        '<ul><li>stable: latest</li><li>preview: next</li></ul>',
        '<img alt="Logo" src="/base/img/light.svg" class="themed-image themed-image--light"><img alt="Logo" src="/base/img/dark.svg" class="themed-image themed-image--dark">',
        '<a href="https://example.com/base/docs/intro">42</a>',
      ].join('\n'),
    );
  });

  it('frontMatter, toc, contentTitle and metadata are in scope as Docusaurus exports them; TOCInline lists the headings', async () => {
    const result = await compileMdx(
      [
        "import TOCInline from '@theme/TOCInline';",
        '',
        '# Page title',
        '',
        '{contentTitle} by {frontMatter.author}: {toc.length} sections, {metadata.source}.',
        '',
        '<TOCInline toc={toc} />',
        '',
        '## One',
        '',
        '### One point one',
        '',
        '## Two',
      ].join('\n'),
      { frontMatter: { author: 'Kim' } },
    );
    expect(errorsOf(result)).toEqual([]);
    expect(result.title).toBe('<h1 id="page-title">Page title</h1>');
    expect(result.html).toBe(
      [
        '<p>Page title by Kim: 3 sections, @site/docs/page.mdx.</p>',
        '<div class="toc-inline"><ul><li><a href="#one">One</a><ul><li><a href="#one-point-one">One point one</a></li></ul></li><li><a href="#two">Two</a></li></ul></div>',
        '<h2 id="one">One</h2>',
        '<h3 id="one-point-one">One point one</h3>',
        '<h2 id="two">Two</h2>',
      ].join('\n'),
    );
  });

  it("describes the page by its first paragraph, else by its text with its blocks apart (Prettier's install page: code blocks in tabs)", async () => {
    const tabs = [
      '<Tabs>',
      '<TabItem value="npm">',
      '',
      '```bash',
      'npm install --save-dev tool',
      '```',
      '',
      '</TabItem>',
      '<TabItem value="yarn">',
      '',
      '```bash',
      'yarn add --dev tool',
      '```',
      '',
      '</TabItem>',
      '</Tabs>',
    ];
    const imports = ["import Tabs from '@theme/Tabs';", "import TabItem from '@theme/TabItem';", ''];
    const result = await compileMdx([...imports, 'First, install it:', '', ...tabs, '', 'Then run it.'].join('\n'));
    expect(errorsOf(result)).toEqual([]);
    expect(result.description).toBe('First, install it:');
    const tabsOnly = await compileMdx([...imports, ...tabs].join('\n'));
    expect(tabsOnly.description).toBe('npm install --save-dev tool yarn add --dev tool');
  });

  it("TOCInline lists the part of toc it is given, as Docusaurus's does (Jest's toc.slice(2), a filter by level)", async () => {
    const result = await compileMdx(
      [
        "import TOCInline from '@theme/TOCInline';",
        '',
        '<TOCInline toc={toc.slice(1)} />',
        '',
        '<TOCInline toc={toc.filter((node) => node.level === 2 || node.level === 4)} maxHeadingLevel={4} />',
        '',
        "<TOCInline toc={[{ value: 'Elsewhere', id: 'elsewhere', level: 2 }, 'not an entry']} />",
        '',
        '## One',
        '',
        '### One point one',
        '',
        '#### Deep `code`',
        '',
        '## Two',
      ].join('\n'),
    );
    expect(errorsOf(result)).toEqual([]);
    const lists = result.html.split('\n').filter((line) => line.startsWith('<div class="toc-inline">'));
    expect(lists).toEqual([
      '<div class="toc-inline"><ul><li><a href="#one-point-one">One point one</a></li><li><a href="#two">Two</a></li></ul></div>',
      '<div class="toc-inline"><ul><li><a href="#one">One</a><ul><li><a href="#deep-code">Deep code</a></li></ul></li><li><a href="#two">Two</a></li></ul></div>',
      '<div class="toc-inline"><ul><li><a href="#elsewhere">Elsewhere</a></li></ul></div>',
    ]);
  });

  it('an expression that throws fails at its line and column in the file; a component that throws at its element', async () => {
    const thrown = await compileMdx('Line one.\n\nab. {frontMatter.missing.deeper}\n', { bodyLine: 5 });
    expect(errorsOf(thrown)).toEqual([
      {
        message: expect.stringMatching(/^The page threw while rendering: Cannot read properties of undefined \(reading 'deeper'\)/),
        file: 'docs/page.mdx',
        line: 7,
        // Where the property is read.
        column: 26,
      },
    ]);
    const component = await compileMdx("import { Bomb } from '@site/src/components/Widgets';\n\nText.\n\n<Bomb onClick={() => 1} />\n", {
      siteFiles,
      bodyLine: 2,
    });
    expect(errorsOf(component)).toEqual([
      { message: 'The page threw while rendering: boom from the component (in <Bomb>)', file: 'docs/page.mdx', line: 6, column: 1 },
    ]);
    // The components that were rendering, innermost first: React's component stack, without docgen's own wrappers.
    const nested = {
      'src/components/Nest.jsx':
        "function Inner() { throw new Error('deep'); }\nexport function Outer() { return <section><p><Inner /></p></section>; }\n",
    };
    const deep = await compileMdx("import { Outer } from '@site/src/components/Nest';\n\n<Outer render={() => 1} />\n", {
      siteFiles: nested,
    });
    expect(errorsOf(deep)).toEqual([
      { message: 'The page threw while rendering: deep (in <Inner> in <Outer>)', file: 'docs/page.mdx', line: 3, column: 1 },
    ]);
  });

  it("webpack loaders' imports: !!raw-loader! and ?raw give the file's text, !!yaml-loader! its data", async () => {
    const result = await compileMdx(
      [
        "import CodeBlock from '@theme/CodeBlock';",
        "import source from '!!raw-loader!./Example.java';",
        "import config from '!!yaml-loader!@site/data/config.yaml';",
        "import types from '!!../src/types.ts?raw';",
        '',
        '<CodeBlock language="java">{source}</CodeBlock>',
        '',
        'Port {config.port}.',
        '',
        '<CodeBlock language="ts">{types}</CodeBlock>',
      ].join('\n'),
      {
        texts: {
          'docs/Example.java': 'class Example {}\n',
          'data/config.yaml': 'port: 8080\n',
          'src/types.ts': 'export type Version = string;\n',
        },
      },
    );
    expect(errorsOf(result)).toEqual([]);
    expect(result.html).toMatch(
      /^<pre data-language="java"><code class="language-java">.*class.*Example.*<\/code><\/pre>\n<p>Port 8080\.<\/p>\n<pre data-language="ts"><code class="language-ts">.*Version.*<\/code><\/pre>$/s,
    );
  });

  it('a module that throws as it loads fails the pages that import it, at their import', async () => {
    const siteFiles = { 'src/components/Broken.jsx': "const x = undefined;\nx.displayName = 'Broken';\nexport default () => null;\n" };
    const result = await compileMdx("Text.\n\nimport Broken from '@site/src/components/Broken';\n\n<Broken />\n", { siteFiles });
    expect(errorsOf(result)).toEqual([
      {
        message: expect.stringMatching(
          /^The module src\/components\/Broken\.jsx threw as it was loaded: Cannot set properties of undefined/,
        ),
        file: 'docs/page.mdx',
        line: 3,
        column: 1,
      },
    ]);
    // Another page of the site, which does not import it, builds.
    expect(errorsOf(await compileMdx('Fine.\n', { siteFiles }))).toEqual([]);
  });

  it('a package the site has not installed: a module that names it loads, one that fails on it says so, and a page that renders it says so', async () => {
    const siteFiles = {
      // shadcn/ui's pattern: a wrapper copies the package's displayName as it loads.
      'src/components/Tip.jsx':
        "import * as Tooltip from 'no-such-tooltip';\nexport const Root = Tooltip.Root;\nRoot.displayName = 'Tip';\nexport default () => null;\n",
      // Names it as it loads (undefined), uses it only when rendered.
      'src/components/Icon.jsx':
        "import { cilSearch } from 'no-such-icons';\nconst icons = { search: cilSearch };\nexport function Icon() { return icons.search.path; }\nexport const label = 'icon';\n",
      'src/theme/MDXComponents.jsx': "import { Icon } from '@site/src/components/Icon';\nexport default { Icon };\n",
    };
    expect(errorsOf(await compileMdx("import Tip from '@site/src/components/Tip';\n\n<Tip />\n", { siteFiles }))).toEqual([
      {
        message: expect.stringMatching(
          /^The module src\/components\/Tip\.jsx threw as it was loaded: .*, after reading Root of no-such-tooltip, which is not installed: npm install no-such-tooltip$/,
        ),
        file: 'docs/page.mdx',
        line: 1,
        column: 1,
      },
    ]);
    // The scope loads, and so does a page that does not show the icon.
    const plain = await compileMdx("import { label } from '@site/src/components/Icon';\n\nThe {label}.\n", { siteFiles });
    expect(errorsOf(plain)).toEqual([]);
    expect(plain.html).toBe('<p>The icon.</p>');
    // A scope that throws as it loads fails each page with its error (it crashed the compile once).
    const broken = { 'src/theme/MDXComponents.jsx': "throw new Error('scope broke');\nexport default {};\n" };
    expect(errorsOf(await compileMdx('Text.\n', { siteFiles: broken }))).toEqual([]);
    expect(errorsOf(await compileMdx('Text <b>{1}</b>.\n', { siteFiles: broken }))).toEqual([
      expect.objectContaining({
        message: expect.stringContaining('The module src/theme/MDXComponents.jsx threw as it was loaded: scope broke'),
      }),
    ]);
  });

  it('a module that cannot be bundled fails the pages that import it, at their import, with where it fails', async () => {
    const siteFiles = {
      'src/components/Bad.jsx': 'export default function Bad() {\n  return <div>;\n}\n',
      'src/components/Good.jsx': 'export default function Good() { return null; }\n',
    };
    const bad = await compileMdx("import Bad from '@site/src/components/Bad';\n\n<Bad />\n", { siteFiles });
    expect(errorsOf(bad)).toEqual([
      {
        message: expect.stringMatching(/closing "div" tag \(src\/components\/Bad\.jsx:4:1\)$/),
        file: 'docs/page.mdx',
        line: 1,
        column: 1,
      },
    ]);
    expect(errorsOf(await compileMdx("import Good from '@site/src/components/Good';\n\n<Good />\n", { siteFiles }))).toEqual([]);
  });

  it('an import of a name its module does not export is undefined, as webpack leaves it, with a warning at the import', async () => {
    const siteFiles = {
      // arbitrum's NumberComponent.jsx: a TypeScript interface imported into a .jsx file, beside a real export.
      'src/components/Shown.jsx':
        "import { Missing, Label as Shown, Other, $gone } from './types';\nexport const text = `${typeof Missing} ${Shown} ${typeof Other} ${typeof $gone}`;\n",
      'src/components/types.ts': "export interface Missing { a: string }\nexport const Label = 'label';\nexport type Other = string;\n",
    };
    const result = await compileMdx("import { text } from '@site/src/components/Shown';\n\nShown: {text}.\n", { siteFiles });
    expect(errorsOf(result)).toEqual([]);
    expect(result.html).toBe('<p>Shown: undefined label undefined undefined.</p>');
    const siteDir = mkdtempSync(join(scratch, 'site-'));
    for (const [path, text] of Object.entries(siteFiles)) {
      mkdirSync(dirname(join(siteDir, path)), { recursive: true });
      writeFileSync(join(siteDir, path), text);
    }
    const { warnings } = await bundleMdxRuntime({
      siteDir,
      themeDir: THEME_DIR,
      modules: ['src/components/Shown.jsx'],
      packages: [],
      cacheDir: join(siteDir, '.cache'),
      baseUrl: '/',
    });
    expect(warnings.map(({ message, location }) => `${location!.file}:${location!.line}:${location!.column} ${message}`).sort()).toEqual([
      'src/components/Shown.jsx:1:10 src/components/types.ts does not export Missing: it is undefined here, as webpack leaves it',
      'src/components/Shown.jsx:1:35 src/components/types.ts does not export Other: it is undefined here, as webpack leaves it',
      'src/components/Shown.jsx:1:42 src/components/types.ts does not export $gone: it is undefined here, as webpack leaves it',
    ]);
  });

  it('an expression that never returns is stopped by the time limit and named', async () => {
    const result = await compileMdx('export const spin = () => { for (;;) {} };\n\nNever {spin()}.\n', { timeLimitMs: 300 });
    expect(errorsOf(result)).toEqual([
      {
        message: 'The page did not finish rendering within 0.3 s: an expression or a component never returns',
        file: 'docs/page.mdx',
        line: 1,
        column: 1,
      },
    ]);
  });

  it('what MDX 1 allowed, under markdown.mdx1Compat: HTML comments, :::note Title, {#id} and \\{#id}', async () => {
    const body = [
      '<!-- a comment -->',
      '',
      'Text <!-- inline --> here, and `<!-- code -->` stays.',
      '',
      ':::tip Take care',
      'Body.',
      ':::',
      '',
      '## Custom {#custom-id}',
      '',
      '## Escaped \\{#escaped-id}',
      '',
      '```html',
      '<!-- in code -->',
      '```',
      '',
      '<!-- truncate -->',
      '',
      'After.',
    ].join('\n');
    const result = await compileMdx(body);
    expect(errorsOf(result)).toEqual([]);
    expect(result.html).toContain('<p>Text  here, and <code>&#x3C;!-- code --></code> stays.</p>');
    expect(result.html).toContain('<admonition type="tip" title="Take care"><p>Body.</p></admonition>');
    expect(result.headings).toEqual([
      { value: 'Custom', id: 'custom-id', level: 2 },
      { value: 'Escaped', id: 'escaped-id', level: 2 },
    ]);
    expect(result.html).toMatch(/&#x26;lt;!-- in code --&#x26;gt;/);
    expect(result.hasExcerpt).toBe(true);
    // A ```mdx-code-block fence holds MDX, as Docusaurus reads it.
    const unwrapped = await compileMdx('```mdx-code-block\nexport const Hi = () => <b>hi</b>;\n```\n\nSay <Hi />.\n');
    expect(errorsOf(unwrapped)).toEqual([]);
    expect(unwrapped.html).toBe('<p>Say <b>hi</b>.</p>');
    // Without the compat, a comment is MDX's syntax error, as in MDX 3.
    const strict = await compileMdx('<!-- a comment -->\n', { compat: { comments: false, admonitions: true, headingIds: true } });
    expect(strict.diagnostics[0]).toMatchObject({ code: 'mdx-syntax' });
  });

  it('MDX syntax errors: file:line:col and a hint at the fix', async () => {
    const { diagnostics } = await compileMdx('# Title\n\nA generic List<String> in prose.\n', { bodyLine: 4 });
    expect(diagnostics).toHaveLength(1);
    // At the `<` that opened a tag.
    expect(diagnostics[0]).toMatchObject({
      severity: 'error',
      code: 'mdx-syntax',
      location: { file: 'docs/page.mdx', line: 6, column: 15 },
    });
    expect(diagnostics[0]!.hint).toMatch(/escape them .*code span.*rename the file to \.md/);
    const unclosed = await compileMdx('<div>\n\nnever closed\n');
    expect(unclosed.diagnostics[0]).toMatchObject({ code: 'mdx-syntax', location: { line: 1, column: 1 } });
  });

  it('an .mdx page without JavaScript (no import, export, expression or JSX) is the same page as its .md twin', async () => {
    const body = [
      '# Title',
      '',
      'Text with **bold**, a [link](./other.md) and `code`.',
      '',
      ':::tip Careful',
      'Inside.',
      ':::',
      '',
      '## Section {#own-id}',
      '',
      '| a | b |',
      '| - | - |',
      '| 1 | 2 |',
      '',
      '```js title="x.js" {1}',
      'const a = 1;',
      '```',
      '',
      '- one',
      '- two',
    ].join('\n');
    const asMdx = await compileMdx(body, { bodyLine: 3 });
    const asMd = compileMarkdown(body, { sourcePath: 'docs/page.md', bodyLine: 3 });
    expect(asMdx.html).toBe(toHtml(asMd.hast));
    expect(asMdx.title).toBe(toHtml(asMd.title!));
    expect(asMdx.headings).toEqual(asMd.meta.headings);
    expect(asMdx.links).toEqual(asMd.meta.links);
  });

  it('a .md file stays plain markdown: `<` and `{` are text', () => {
    const { hast, meta } = compileMarkdown('Use {braces} and a <Generic> {() => 1}.', { sourcePath: 'docs/page.md', bodyLine: 1 });
    expect(toHtml(hast)).toBe('<p>Use {braces} and a &#x3C;Generic> {() => 1}.</p>');
    expect(meta.diagnostics.filter((diagnostic) => diagnostic.severity === 'error')).toEqual([]);
  });
});

describe('MDX: heading ids as Docusaurus writes them', () => {
  it('{#id} and {/* #id */} at the end of a heading', async () => {
    const { html, headings } = await compileMdx('## One {#first}\n\n## Two {/* #second */}\n\n```md\n## Code {#not-an-id}\n```\n');
    expect(headings).toEqual([
      { value: 'One', id: 'first', level: 2 },
      { value: 'Two', id: 'second', level: 2 },
    ]);
    expect(html).toContain(' Code {#not-an-id}');
  });
});

describe("Docusaurus's modules docgen gives", () => {
  // The list a module's bundle resolves with, and the object of the runtime file that gives them.
  it.each([
    [
      'site components in the browser',
      'islandModules.tsx',
      'islandModules',
      async () => (await import('../src/bundle/islands.js')).ISLAND_MODULES,
    ],
    ['MDX pages', 'runtime.tsx', 'docusaurusModules', async () => (await import('../src/bundle/mdxRuntime.js')).MDX_MODULES],
  ])('to %s are the ones the runtime gives, no more and no less', async (_, file, object, listed) => {
    const source = readFileSync(fileURLToPath(new URL(`../src/mdxRuntime/${file}`, import.meta.url)), 'utf8');
    const given = [...source.slice(source.indexOf(`export const ${object}`)).matchAll(/^ {2}'(@[\w-]+\/[\w/-]+)':/gm)].map(
      (match) => match[1],
    );
    expect(given.sort()).toEqual([...(await listed())].sort());
  });
});
