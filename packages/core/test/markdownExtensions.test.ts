/**
 * What a site's `markdown` config adds to compiling: math rendered with KaTeX at build time
 * (invalid TeX a warning at its place), mermaid blocks marked for the theme, and the site's own
 * remark and rehype plugins, resolved from its node_modules and run after docgen's own.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { toHtml } from 'hast-util-to-html';
import type { MarkdownConfig } from '@docgen/types';
import { afterAll, describe, expect, it } from 'vitest';
import { readConfig } from '../src/config/index.js';
import { compileMarkdown, docgenPipeline } from '../src/compile/compileMarkdown.js';
import { loadDocgenPipeline } from '../src/compile/extensions.js';
import { catchDocgenError, makeTempDir, removeTempDirs } from './helpers.js';

afterAll(removeTempDirs);

const NONE: MarkdownConfig = { math: false, mermaid: true, remarkPlugins: [], rehypePlugins: [] };
const compileWith = async (markdown: Partial<MarkdownConfig>, body: string, bodyLine = 1) => {
  const pipeline = await loadDocgenPipeline({ ...NONE, ...markdown });
  const result = compileMarkdown(body, { sourcePath: 'docs/a.md', bodyLine }, pipeline);
  return { ...result, html: toHtml(result.hast) };
};

describe('math', () => {
  it('renders $inline$ and $$block$$ to KaTeX HTML at build time', async () => {
    const { html, meta } = await compileWith({ math: true }, 'Energy $E = mc^2$ here.\n\n$$\n\\frac{a}{b}\n$$\n');
    expect(html).toContain('class="katex"');
    expect(html).toContain('class="katex-display"');
    expect(html).toContain('<mfrac>');
    expect(meta.diagnostics).toEqual([]);
    // Descriptions and search hold the TeX as written, not KaTeX's markup.
    expect(meta.description).toContain('E = mc^2');
  });

  it('leaves $ alone on a site that did not ask for math', () => {
    const html = toHtml(compileMarkdown('It costs $5 and $10.', { sourcePath: 'docs/a.md', bodyLine: 1 }, docgenPipeline).hast);
    expect(html).toBe('<p>It costs $5 and $10.</p>');
  });

  it('warns at file:line:col of invalid TeX and shows its source', async () => {
    const { html, meta } = await compileWith({ math: true }, 'Intro.\n\nSee $\\frac{a}{$ and $\\notacommand$.\n\n$$\n\\begin{x}\n$$\n', 4);
    expect(meta.diagnostics.map((d) => [d.severity, d.location])).toEqual([
      ['warning', { file: 'docs/a.md', line: 6, column: 5 }],
      ['warning', { file: 'docs/a.md', line: 6, column: 21 }],
      ['warning', { file: 'docs/a.md', line: 8, column: 1 }],
    ]);
    expect(meta.diagnostics[1]!.message).toMatch(/Invalid TeX: Undefined control sequence: \\notacommand/);
    expect(html).toContain('katex-error');
    expect(html).toContain('\\notacommand');
  });

  it('warns once for math before the truncate marker, and in the leading heading', async () => {
    const { excerpt, title, meta } = await compileWith(
      { math: true },
      '# Title $\\bad$\n\n$$\n\\alsobad\n$$\n\n<!-- truncate -->\n\nMore.\n',
    );
    expect(meta.diagnostics.map((d) => d.location!.line)).toEqual([1, 3]);
    // KaTeX shows an unknown command as written, in red.
    expect(toHtml(title!)).toMatch(/color:#cc0000;">\\bad</);
    expect(toHtml(excerpt!)).toMatch(/color:#cc0000;">\\alsobad</);
  });
});

describe('mermaid', () => {
  it('marks mermaid blocks for the theme unless markdown.mermaid is false', async () => {
    const body = '```mermaid\ngraph TD; A-->B\n```\n';
    expect((await compileWith({}, body)).html).toContain('data-diagram="mermaid"');
    const off = (await compileWith({ mermaid: false }, body)).html;
    expect(off).not.toContain('data-diagram');
    expect(off).toContain('graph TD');
  });
});

/** A site with plugin packages in its node_modules; `config` is the markdown part of its config. */
function pluginSite(config: string): string {
  const site = makeTempDir('docgen-plugins-');
  writeFileSync(join(site, 'docgen.config.yaml'), `title: T\nurl: https://example.com\n${config}`);
  const pkg = (name: string, source: string, version = '1.2.3') => {
    const dir = join(site, 'node_modules', name);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ name, version, type: 'module', exports: './index.js' }));
    writeFileSync(join(dir, 'index.js'), source);
  };
  // Appends its name (and option) to every paragraph's text: the order they ran in shows.
  const marker = (tag: string) =>
    `export default function (options = {}) { return (tree) => { const walk = (n) => { if (n.type === 'text') n.value += ' [${tag}' + (options.suffix ?? '') + ']'; (n.children ?? []).forEach(walk); }; walk(tree); }; }`;
  pkg('remark-first', marker('first'));
  pkg('remark-second', marker('second'));
  pkg('rehype-third', marker('third'));
  pkg(
    'remark-throws',
    `export default function () { return (tree, file) => { if (String(file.value).includes('boom')) throw new Error('no boom allowed'); }; }`,
  );
  pkg('remark-bad-options', `export default function (options) { if (!options?.ok) throw new Error('options.ok is required'); }`);
  return site;
}

describe('site plugins', () => {
  it('run after docgen own plugins, in the order of the config, with their options', async () => {
    const site = pluginSite(
      'markdown:\n  remarkPlugins:\n    - remark-second\n    - [remark-first, { suffix: "!" }]\n  rehypePlugins: [rehype-third]\n',
    );
    const config = readConfig(site);
    expect(config.markdown.remarkPlugins.map((plugin) => [plugin.name, plugin.version, plugin.options])).toEqual([
      ['remark-second', '1.2.3', undefined],
      ['remark-first', '1.2.3', { suffix: '!' }],
    ]);
    const { html } = await compileWith(config.markdown, 'Text');
    expect(html).toBe('<p>Text [second] [first!] [third]</p>');
  });

  it('a missing package is a config error at its entry', () => {
    const site = pluginSite('markdown:\n  remarkPlugins:\n    - remark-first\n    - [remark-nowhere, {}]\n');
    const error = catchDocgenError(() => readConfig(site));
    expect(error.message).toBe('Cannot find the markdown plugin "remark-nowhere" in markdown.remarkPlugins');
    expect(error.location).toEqual({ file: 'docgen.config.yaml', line: 6, column: 8 });
  });

  it('a plugin that throws on a page is an error naming the plugin and the page', async () => {
    const config = readConfig(pluginSite('markdown:\n  remarkPlugins: [remark-throws]\n'));
    expect((await compileWith(config.markdown, 'fine')).meta.diagnostics).toEqual([]);
    const { meta } = await compileWith(config.markdown, 'a boom here', 3);
    expect(meta.diagnostics).toMatchObject([
      {
        severity: 'error',
        code: 'markdown-plugin',
        message: 'The remark plugin "remark-throws" failed on this page: no boom allowed',
        location: { file: 'docs/a.md', line: 3, column: 1 },
      },
    ]);
  });

  it('a plugin that throws as it is set up is an error at its entry in the config', async () => {
    const config = readConfig(pluginSite('markdown:\n  remarkPlugins:\n    - remark-bad-options\n'));
    const error = await loadDocgenPipeline(config.markdown).then(
      () => undefined,
      (caught: unknown) => caught as { message: string; location: unknown },
    );
    expect(error?.message).toBe('Setting up the remark plugin "remark-bad-options" failed: options.ok is required');
    expect(error?.location).toEqual({ file: 'docgen.config.yaml', line: 5, column: 7 });
  });
});
