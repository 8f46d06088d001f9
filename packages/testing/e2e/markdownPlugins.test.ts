/**
 * `markdown.remarkPlugins` and `markdown.rehypePlugins` through the real CLI: plugin packages
 * written here into the site's node_modules run on the build threads after docgen's own, in the
 * order of the config; a new version of a plugin compiles the pages again (it is in the compile
 * key), and so does an edit to a plugin the site links from its own folder; a missing package and a plugin that throws are errors that name it, and where.
 */
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runDocgen } from '../src/cli.js';
import { getMinimalSiteFiles, writeSiteFiles } from '../src/fixtureSite.js';

const scratch = mkdtempSync(join(tmpdir(), 'docgen-plugins-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A plugin package that appends `[tag]` to every text, or throws on a page that says "boom". */
function pluginPackage(name: string, tag: string, version = '1.0.0'): Record<string, string> {
  return {
    [`node_modules/${name}/package.json`]: JSON.stringify({ name, version, type: 'module', exports: './index.js' }),
    [`node_modules/${name}/index.js`]: [
      'export default function plugin(options = {}) {',
      '  return (tree, file) => {',
      "    if (String(file.value).includes('boom')) throw new Error('cannot stand a boom');",
      '    const walk = (node) => {',
      `      if (node.type === 'text' && node.value.trim()) node.value += ' [${tag}' + (options.mark ?? '') + ']';`,
      '      (node.children ?? []).forEach(walk);',
      '    };',
      '    walk(tree);',
      '  };',
      '}',
      '',
    ].join('\n'),
  };
}

function makeSite(name: string, markdown: string, pages: Record<string, string>): string {
  const site = join(scratch, name);
  const files = getMinimalSiteFiles('Plugins');
  writeSiteFiles(site, {
    ...files,
    'docgen.config.yaml': `${files['docgen.config.yaml']}${markdown}`,
    ...pluginPackage('remark-tag', 'remark'),
    ...pluginPackage('rehype-tag', 'rehype'),
    ...pages,
  });
  return site;
}

describe('markdown plugins by name', () => {
  it('run on the build threads after docgen, in order, and a new version compiles again', async () => {
    const site = makeSite('runs', 'markdown:\n  rehypePlugins: [rehype-tag]\n  remarkPlugins:\n    - [remark-tag, { mark: "!" }]\n', {
      'docs/a.md': '# A\n\nFirst page.\n',
      'docs/b.md': '# B\n\nSecond page.\n',
    });
    const built = await runDocgen(['build', site, '--threads', '2']);
    expect(built.code, built.stderr).toBe(0);
    const page = readFileSync(join(site, 'build/docs/a/index.html'), 'utf8');
    expect(page).toContain('<p>First page. [remark!] [rehype]</p>');
    writeSiteFiles(site, pluginPackage('remark-tag', 'remark two', '1.1.0'));
    const rebuilt = await runDocgen(['build', site]);
    expect(rebuilt.code, rebuilt.stderr).toBe(0);
    expect(readFileSync(join(site, 'build/docs/b/index.html'), 'utf8')).toContain('<p>Second page. [remark two!] [rehype]</p>');
  });

  it("compiles again when a plugin of the site's own, linked from outside node_modules, changes without a new version", async () => {
    const site = makeSite('linked', 'markdown:\n  remarkPlugins: [remark-own]\n', { 'docs/a.md': '# A\n\nFirst page.\n' });
    const own = pluginPackage('remark-own', 'own one');
    writeSiteFiles(join(site, 'plugins'), {
      'remark-own/package.json': own['node_modules/remark-own/package.json']!,
      'remark-own/index.js': own['node_modules/remark-own/index.js']!,
    });
    // As `npm install ./plugins/remark-own` links it.
    symlinkSync(join(site, 'plugins', 'remark-own'), join(site, 'node_modules', 'remark-own'), 'dir');
    expect((await runDocgen(['build', site])).code).toBe(0);
    expect(readFileSync(join(site, 'build/docs/a/index.html'), 'utf8')).toContain('<p>First page. [own one]</p>');
    const file = join(site, 'plugins', 'remark-own', 'index.js');
    writeFileSync(file, readFileSync(file, 'utf8').replace('own one', 'own two'));
    const rebuilt = await runDocgen(['build', site]);
    expect(rebuilt.code, rebuilt.stderr).toBe(0);
    expect(readFileSync(join(site, 'build/docs/a/index.html'), 'utf8')).toContain('<p>First page. [own two]</p>');
  });

  it('a missing package fails the build at its entry in the config', async () => {
    const site = makeSite('missing', 'markdown:\n  remarkPlugins:\n    - remark-tag\n    - remark-not-installed\n', {
      'docs/a.md': '# A\n',
    });
    const built = await runDocgen(['build', site]);
    expect(built.code).toBe(2);
    expect(built.stderr).toContain('docgen.config.yaml:9:7');
    expect(built.stderr).toContain('Cannot find the markdown plugin "remark-not-installed" in markdown.remarkPlugins');
  });

  it('a plugin that throws on a page fails the build naming the plugin and the page', async () => {
    const site = makeSite('throws', 'markdown:\n  remarkPlugins: [remark-tag]\n', {
      'docs/a.md': '# A\n\nFine.\n',
      'docs/b.md': '# B\n\nA boom here.\n',
    });
    writeFileSync(join(site, 'docs/c.md'), '# C\n');
    const built = await runDocgen(['build', site]);
    expect(built.code).toBe(2);
    expect(built.stderr).toContain('docs/b.md:1:1');
    expect(built.stderr).toContain('The remark plugin "remark-tag" failed on this page: cannot stand a boom');
    expect(built.stderr).not.toMatch(/\n\s+at /);
  });
  it("turns the Tabs, TabItem and Admonition a plugin adds to a markdown page into docgen's, and warns at any other MDX it adds", async () => {
    // As Docusaurus plugins write for .md files, which Docusaurus reads as MDX.
    const jsx = (name: string, attributes: Record<string, string>, children: unknown[]) =>
      `{ type: 'mdxJsxFlowElement', name: '${name}', attributes: ${JSON.stringify(
        Object.entries(attributes).map(([key, value]) => ({ type: 'mdxJsxAttribute', name: key, value })),
      )}, children: ${JSON.stringify(children)} }`;
    const text = (value: string) => ({ type: 'paragraph', children: [{ type: 'text', value }] });
    const site = makeSite('jsx', 'markdown:\n  remarkPlugins: [remark-jsx]\n', {
      'node_modules/remark-jsx/package.json': JSON.stringify({
        name: 'remark-jsx',
        version: '1.0.0',
        type: 'module',
        exports: './index.js',
      }),
      'node_modules/remark-jsx/index.js': [
        'export default function plugin() {',
        '  return (tree) => {',
        '    const [heading, ...rest] = tree.children;',
        '    tree.children = [',
        "      { type: 'mdxjsEsm', value: \"import Admonition from '@theme/Admonition';\" },",
        '      heading,',
        `      ${jsx('Admonition', { type: 'tip', title: 'Added' }, [text('From the plugin.')])},`,
        `      ${jsx('Tabs', {}, [])},`,
        '      ...rest,',
        "      { type: 'mdxjsEsm', value: \"import Chart from '../components/Chart';\" },",
        `      ${jsx('Chart', {}, [text('Chart caption.')])},`,
        "      { type: 'mdxFlowExpression', value: 'secret()' },",
        '    ];',
        '    tree.children[3].children = [',
        `      ${jsx('TabItem', { value: 'a', label: 'First' }, [text('One.')])},`,
        `      ${jsx('TabItem', { value: 'b' }, [text('Two.')])},`,
        '    ];',
        '  };',
        '}',
        '',
      ].join('\n'),
      'docs/a.md': '# A\n\nThe page.\n',
    });
    const built = await runDocgen(['build', site]);
    expect(built.code, built.stderr).toBe(0);
    const page = readFileSync(join(site, 'build/docs/a/index.html'), 'utf8');
    const article = page.slice(page.indexOf('<article'), page.indexOf('</article>'));
    expect(article).toMatch(/class="admonition[^"]*tip[^>]*>[^]*Added[^]*From the plugin\./);
    expect([...article.matchAll(/role="tab"[^>]*>([^<]*)</g)].map((match) => match[1])).toEqual(['First', 'b']);
    // The component's content is kept; the import, the expression and the JSX are not shown as text.
    expect(article).toContain('Chart caption.');
    expect(article).not.toMatch(/import |secret\(\)|@theme/);
    const warnings = built.stderr.split('\n').filter((line) => line.includes('A plugin added'));
    expect(warnings).toEqual([
      expect.stringContaining(
        "A plugin added an import or export to a markdown page, which docgen does not run: import Chart from '../components/Chart';",
      ),
      expect.stringContaining('A plugin added the component <Chart> to a markdown page: only its content is shown'),
      expect.stringContaining('A plugin added an expression to a markdown page, which docgen does not run: {secret()}'),
    ]);
  });
});
