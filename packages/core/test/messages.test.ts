import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Diagnostic } from '@docgen/types';
import { afterAll, describe, expect, it } from 'vitest';
import { loadSite } from '../src/build/loadSite.js';
import { catchDocgenErrorAsync, makeTempDir, removeTempDirs } from './helpers.js';

/**
 * The messages a writer meets first (issue 23, item 11): each names file:line:col and, where a
 * near name exists, the one meant.
 */
afterAll(removeTempDirs);

const CONFIG = [
  'title: T',
  'url: https://t.example.com',
  'navbar:',
  '  items:',
  '    - type: docSidebar',
  '      label: Guide',
  '      sidebarId: guide',
  '',
];
const SIDEBARS = 'guide:\n  - intro\n  - guide/usage\n';

/** A small site without versions: two docs and a sidebar `guide`; `files` adds or replaces files. */
function makeSite(files: Record<string, string> = {}): string {
  const site = makeTempDir('docgen-messages-');
  const all: Record<string, string> = {
    'docgen.config.yaml': CONFIG.join('\n'),
    'sidebars.yaml': SIDEBARS,
    'docs/intro.md': '# Intro\n\nHello.\n',
    'docs/guide/usage.md': '# Usage\n\nUse it.\n',
    ...files,
  };
  for (const [path, text] of Object.entries(all)) {
    mkdirSync(dirname(join(site, path)), { recursive: true });
    writeFileSync(join(site, path), text);
  }
  return site;
}

const where = (diagnostic: Pick<Diagnostic, 'location'>) =>
  `${diagnostic.location?.file}:${diagnostic.location?.line}:${diagnostic.location?.column}`;

describe('messages with file:line:col and a suggestion', () => {
  it('an unknown config key: did you mean, at the key', async () => {
    const site = makeSite({
      'docgen.config.yaml': ['title: T', 'url: https://t.example.com', 'tagline: x', 'faviconn: img/x.png', ''].join('\n'),
    });
    const error = await catchDocgenErrorAsync(() => loadSite({ siteDir: site, cache: false }));
    expect(error.diagnostics.map((diagnostic) => [where(diagnostic), diagnostic.message])).toContainEqual([
      'docgen.config.yaml:4:1',
      expect.stringMatching(/^Unknown option "faviconn": did you mean "favicon"\?$/),
    ]);
  });

  it('an unknown code language of the config is a warning, told from a language file, an alias and a name Prism lacks', async () => {
    const languages = ['haskell', 'js', 'nope', 'core'];
    const site = makeSite({
      'docgen.config.yaml': [...CONFIG, 'code:', `  additionalLanguages: [${languages.join(', ')}]`, ''].join('\n'),
    });
    const { diagnostics } = await loadSite({ siteDir: site, cache: false });
    const unknown = diagnostics.filter((diagnostic) => diagnostic.code === 'config-language').map((diagnostic) => diagnostic.message);
    // `js` is an alias Prism has; `core` is a file of refractor's that is no language.
    expect(unknown).toEqual([
      'Unknown code language "nope" in code.additionalLanguages',
      'Unknown code language "core" in code.additionalLanguages',
    ]);
    // Language files only: known without Prism's registry.
    const known = makeSite({ 'docgen.config.yaml': [...CONFIG, 'code:', '  additionalLanguages: [haskell, java]', ''].join('\n') });
    expect(
      (await loadSite({ siteDir: known, cache: false })).diagnostics.filter((diagnostic) => diagnostic.code === 'config-language'),
    ).toEqual([]);
  });

  it('an unknown front matter key: did you mean, at the key', async () => {
    const site = makeSite({ 'docs/intro.md': '---\ntitle: Intro\nsidebar_postion: 2\n---\n\nHello.\n' });
    const { diagnostics } = await loadSite({ siteDir: site, cache: false });
    const warning = diagnostics.find((diagnostic) => diagnostic.code === 'front-matter-unknown')!;
    expect(where(warning)).toBe('docs/intro.md:3:1');
    expect(warning.message).toBe('Unknown front matter "sidebar_postion": did you mean "sidebar_position"?');
  });

  it('a navbar docSidebar item whose sidebar does not exist fails at the item, with the sidebar meant', async () => {
    const config = CONFIG.join('\n').replace('sidebarId: guide', 'sidebarId: giude');
    const error = await catchDocgenErrorAsync(() => loadSite({ siteDir: makeSite({ 'docgen.config.yaml': config }), cache: false }));
    expect(error.message).toBe('Navbar item "Guide" shows sidebar "giude", which exists in no docs version');
    expect(where(error)).toBe('docgen.config.yaml:7:18');
    expect(error.hint).toBe('Did you mean "guide"?');
  });

  it('a navbar doc item whose doc does not exist fails at its own line, not 1:1', async () => {
    const config = [...CONFIG.slice(0, 7), '    - type: doc', '      label: Use', '      docId: guide/usge', ''].join('\n');
    const error = await catchDocgenErrorAsync(() => loadSite({ siteDir: makeSite({ 'docgen.config.yaml': config }), cache: false }));
    expect(error.message).toBe('Navbar item "Use" links to doc "guide/usge", which exists in no docs version');
    expect(where(error)).toBe('docgen.config.yaml:10:14');
    expect(error.hint).toBe('Did you mean "guide/usage"?');
  });

  it('a doc of a navbar dropdown that does not exist fails at its own line, with the doc meant', async () => {
    const config = [
      ...CONFIG.slice(0, 7),
      '    - type: dropdown',
      '      label: More',
      '      items:',
      '        - type: doc',
      '          label: Use',
      '          docId: guide/usge',
      '',
    ].join('\n');
    const error = await catchDocgenErrorAsync(() => loadSite({ siteDir: makeSite({ 'docgen.config.yaml': config }), cache: false }));
    expect(error.message).toBe('Navbar item "Use" links to doc "guide/usge", which exists in no docs version');
    expect(where(error)).toBe('docgen.config.yaml:13:18');
    expect(error.hint).toBe('Did you mean "guide/usage"?');
  });

  it('a YAML error in front matter points at the line where the unclosed quote opens', async () => {
    const page = '---\ntitle: "Intro\nsidebar_position: 2\ndescription: About\n---\n\nHello.\n';
    const error = await catchDocgenErrorAsync(() => loadSite({ siteDir: makeSite({ 'docs/intro.md': page }), cache: false }));
    expect(error.message).toBe('Invalid YAML: Missing closing "quote');
    expect(where(error)).toBe('docs/intro.md:2:8');
  });

  it('<Tabs> in a .md file: the hint names ::::tabs and MDX', async () => {
    const page = '# Intro\n\n<Tabs>\n<TabItem value="a">A</TabItem>\n</Tabs>\n';
    const { diagnostics } = await loadSite({ siteDir: makeSite({ 'docs/intro.md': page }), cache: false });
    const warning = diagnostics.find((diagnostic) => diagnostic.message.includes('<Tabs>'))!;
    expect(where(warning)).toBe('docs/intro.md:3:1');
    expect(warning.hint).toContain('::::tabs');
    expect(warning.hint).toContain(':::tab{label="..."}');
    expect(warning.hint).toContain('rename the file to .mdx');
  });

  it('a sidebar error on a site without versions does not name a version', async () => {
    const error = await catchDocgenErrorAsync(() =>
      loadSite({ siteDir: makeSite({ 'sidebars.yaml': 'guide:\n  - intro\n  - guide/usag\n' }), cache: false }),
    );
    expect(error.message).toBe('Sidebar "guide" points at doc "guide/usag", which does not exist');
    expect(where(error)).toBe('sidebars.yaml:3:5');
    expect(error.hint).toBe('Did you mean: guide/usage?');
  });
});
