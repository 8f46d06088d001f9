import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { configSchema } from '../src/config/index.js';
import { convertConfig } from '../src/migrate/docusaurusConfig.js';

const CONFIG_TEXT = `export default {
  title: 'Site',
  url: 'https://site.example.com',
  headTags: [{tagName: 'meta', attributes: {name: 'google-site-verification', content: 'abc'}}],
  scripts: ['https://plausible.example.com/js/script.js', {src: '/analytics.js', defer: true}],
  presets: [['classic', {
    docs: {
      editUrl: 'https://github.com/acme/site/edit/main/website/',
      editLocalizedFiles: true,
      showLastUpdateTime: true,
      showLastUpdateAuthor: true,
    },
    blog: {
      editUrl: ({locale, blogDirPath, blogPath}) => 'x',
      showLastUpdateTime: true,
    },
  }]],
  plugins: [
    ['@docusaurus/plugin-client-redirects', {
      redirects: [
        {from: '/docs/old', to: '/docs/new'},
        {from: ['/a', '/b'], to: '/docs/intro#start'},
      ],
      createRedirects(existingPath) { return undefined; },
      fromExtensions: ['html'],
    }],
  ],
};
`;

/** The config as the migration's child process loads it: functions become markers. */
const LOADED = {
  title: 'Site',
  url: 'https://site.example.com',
  headTags: [{ tagName: 'meta', attributes: { name: 'google-site-verification', content: 'abc' } }],
  scripts: ['https://plausible.example.com/js/script.js', { src: '/analytics.js', defer: true }],
  presets: [
    [
      'classic',
      {
        docs: {
          editUrl: 'https://github.com/acme/site/edit/main/website/',
          editLocalizedFiles: true,
          showLastUpdateTime: true,
          showLastUpdateAuthor: true,
        },
        blog: { editUrl: { $function: 'editUrl' }, showLastUpdateTime: true },
      },
    ],
  ],
  plugins: [
    [
      '@docusaurus/plugin-client-redirects',
      {
        redirects: [
          { from: '/docs/old', to: '/docs/new' },
          { from: ['/a', '/b'], to: '/docs/intro#start' },
        ],
        createRedirects: { $function: 'createRedirects' },
        fromExtensions: ['html'],
      },
    ],
  ],
};

describe('migrate docusaurus: edit links, last updates, redirects and head tags', () => {
  const { config, notes } = convertConfig(LOADED, 'docusaurus.config.js', CONFIG_TEXT, '/site');

  it('keeps the docs options of edit links and last-updated dates', () => {
    expect(config.docs).toMatchObject({
      editUrl: 'https://github.com/acme/site/edit/main/website/',
      editLocalizedFiles: true,
      showLastUpdateTime: true,
      showLastUpdateAuthor: true,
    });
    expect(config.blog).toEqual({ showLastUpdateTime: true });
  });

  it('converts the client redirects plugin into redirects, and notes what is code', () => {
    expect(config.redirects).toEqual([
      { from: '/docs/old', to: '/docs/new' },
      { from: ['/a', '/b'], to: '/docs/intro#start' },
    ]);
    // `fromExtensions`: every page at its .html URL too (Jest's and Jellyfin's, from their Docusaurus 1 days).
    expect(config.extensionRedirects).toEqual(['html']);
    expect(notes.map((note) => `${note.line} ${note.what}`).sort()).toEqual([
      '14 The blog `editUrl` function is not converted',
      '24 Client redirects option `createRedirects` is not converted',
    ]);
  });

  it('keeps headTags and scripts', () => {
    expect(config.headTags).toEqual([{ tagName: 'meta', attributes: { name: 'google-site-verification', content: 'abc' } }]);
    expect(config.scripts).toEqual(['https://plausible.example.com/js/script.js', { src: '/analytics.js', defer: true }]);
  });
});

describe('migrate docusaurus: stylesheets and scripts', () => {
  const text = `export default {
  title: 'Fonts',
  url: 'https://fonts.example.com',
  headTags: [{tagName: 'meta', attributes: {name: 'color-scheme', content: 'light dark'}}],
  stylesheets: [
    'https://fonts.googleapis.com/css?family=Roboto:400,700|Roboto+Mono',
    {href: '/katex/katex.min.css', type: 'text/css', crossorigin: 'anonymous'},
    {type: 'text/css'},
    {href: '/print.css', rel: 'alternate stylesheet', title: 'Print', sizes: 2, onload: () => {}, 'bad name': 'x'},
  ],
  scripts: [
    'https://plausible.example.com/js/script.js',
    {src: '/analytics.js', defer: true, 'data-domain': 'fonts.example.com', 'data-sample': 10},
    {async: true},
  ],
};
`;
  const loaded = {
    title: 'Fonts',
    url: 'https://fonts.example.com',
    headTags: [{ tagName: 'meta', attributes: { name: 'color-scheme', content: 'light dark' } }],
    stylesheets: [
      'https://fonts.googleapis.com/css?family=Roboto:400,700|Roboto+Mono',
      { href: '/katex/katex.min.css', type: 'text/css', crossorigin: 'anonymous' },
      { type: 'text/css' },
      { href: '/print.css', rel: 'alternate stylesheet', title: 'Print', sizes: 2, onload: { $function: 'onload' }, 'bad name': 'x' },
    ],
    scripts: [
      'https://plausible.example.com/js/script.js',
      { src: '/analytics.js', defer: true, 'data-domain': 'fonts.example.com', 'data-sample': 10 },
      { async: true },
    ],
  };
  const { config, notes } = convertConfig(loaded, 'docusaurus.config.js', text, '/site');

  it("writes each stylesheet as a link head tag after the site's own, in order, with its attributes (testing-library's Google Fonts)", () => {
    expect(config.headTags).toEqual([
      { tagName: 'meta', attributes: { name: 'color-scheme', content: 'light dark' } },
      { tagName: 'link', attributes: { rel: 'stylesheet', href: 'https://fonts.googleapis.com/css?family=Roboto:400,700|Roboto+Mono' } },
      { tagName: 'link', attributes: { rel: 'stylesheet', href: '/katex/katex.min.css', type: 'text/css', crossorigin: 'anonymous' } },
      // Its own rel, as Docusaurus lets an entry give one.
      { tagName: 'link', attributes: { rel: 'alternate stylesheet', href: '/print.css', title: 'Print', sizes: '2' } },
    ]);
    expect(config.scripts).toEqual([
      'https://plausible.example.com/js/script.js',
      { src: '/analytics.js', defer: true, 'data-domain': 'fonts.example.com', 'data-sample': '10' },
    ]);
  });

  it('notes, at its line, an entry without its URL and an attribute docgen cannot write', () => {
    expect(notes.map((note) => `${note.line} ${note.what}`)).toEqual([
      '8 A stylesheet without its `href` ({"type":"text/css"}) is not converted',
      '9 The attribute `onload` of the stylesheet /print.css is not converted',
      '9 The attribute `bad name` of the stylesheet /print.css is not converted',
      '14 A script without its `src` ({"async":true}) is not converted',
    ]);
  });

  it("gives a config that docgen's schema takes: a number written as text", () => {
    expect(configSchema.safeParse(config).success).toBe(true);
  });
});

describe('migrate docusaurus: markdown.format', () => {
  const convert = (markdown: Record<string, unknown>) =>
    convertConfig({ title: 'T', url: 'https://t.example.com', baseUrl: '/', markdown }, 'docusaurus.config.js', '', '/site');

  it("writes md, which docgen reads as Docusaurus does; under mdx or detect each file's extension decides, .md files that use MDX being written as .mdx", () => {
    const md = convert({ format: 'md', mdx1Compat: { comments: false } });
    expect(md.config.markdown).toEqual({ format: 'md', mdx1Compat: { comments: false } });
    expect(md.notes).toEqual([]);
    for (const format of ['mdx', 'detect']) {
      const other = convert({ format });
      expect(other.config.markdown).toBeUndefined();
      expect(other.markdownFormat).toBe(format);
      expect(other.notes).toEqual([]);
    }
  });

  it("takes Docusaurus 3.9's markdown.hooks severities as the top-level onBrokenMarkdownLinks (Prettier's config), and notes a hook function at its line", () => {
    const severities = convert({ hooks: { onBrokenMarkdownLinks: 'warn', onBrokenMarkdownImages: 'throw' } });
    expect(severities.notes).toEqual([]);
    expect(severities.config.markdown).toBeUndefined();
    const text = [
      'export default {',
      '  markdown: {',
      '    hooks: {',
      "      onBrokenMarkdownLinks: 'warn',",
      '      onBrokenMarkdownImages: (params) => "/img/missing.png",',
      '      onSomethingElse: true,',
      '    },',
      '  },',
      '};',
      '',
    ].join('\n');
    const hooks = { onBrokenMarkdownLinks: 'warn', onBrokenMarkdownImages: { $function: 'onBrokenMarkdownImages' }, onSomethingElse: true };
    const { notes } = convertConfig(
      { title: 'T', url: 'https://t.example.com', baseUrl: '/', markdown: { hooks } },
      'docusaurus.config.js',
      text,
      '/site',
    );
    expect(notes.map((note) => `${note.line} ${note.what}`)).toEqual([
      '5 The markdown hook `onBrokenMarkdownImages` function is not converted',
      '6 Markdown hook `onSomethingElse` is not converted',
    ]);
    expect(notes[0]!.todo).toMatch(/warning of every build and of `docgen check-links`/);
  });
});

describe('migrate docusaurus: customFields', () => {
  it("keeps the fields that are data, as pnpm.io's users page reads them, and notes those that hold code at the option's line", () => {
    const customFields = {
      users: [{ caption: 'Alova', image: '/img/users/alova.svg', pinned: true, width: 150 }],
      repoUrl: 'https://github.com/pnpm/pnpm',
      nested: { list: [1, 'two', null] },
      format: { $function: 'format' },
      pattern: { $regexp: '/x/' },
      theme: { colors: { $stub: 'some-theme' } },
    };
    const text = "export default {\n  title: 'T',\n  customFields: {\n    users: require('./users.json'),\n  },\n};\n";
    const { config, notes } = convertConfig(
      { title: 'T', url: 'https://t.example.com', baseUrl: '/', customFields },
      'docusaurus.config.js',
      text,
      '/site',
    );
    expect(config.customFields).toEqual({ users: customFields.users, repoUrl: customFields.repoUrl, nested: customFields.nested });
    expect(notes.map((note) => [note.line, note.what])).toEqual([
      [3, 'Custom field `format` is not converted: it holds code (a function or a regular expression)'],
      [3, 'Custom field `pattern` is not converted: it holds code (a function or a regular expression)'],
      // Prettier's site reads its users with the yaml package: not installed in a fresh clone.
      [3, 'Custom field `theme` is not converted: it holds what `some-theme` gave, a package that is not installed'],
    ]);
    // Nothing convertible: no customFields at all.
    expect(
      convertConfig({ title: 'T', url: 'https://t.example.com', customFields: { f: { $function: 'f' } } }, 'c.js', '', '/site').config
        .customFields,
    ).toBeUndefined();
  });
});

describe('migrate docusaurus: the title delimiter', () => {
  it("keeps a titleDelimiter other than Docusaurus's default `|` (Babel's `·`)", () => {
    const convert = (titleDelimiter: string) =>
      convertConfig({ title: 'Babel', url: 'https://babeljs.io', titleDelimiter }, 'docusaurus.config.js', '', '/site');
    expect(convert('·').config.titleDelimiter).toBe('·');
    expect(convert('·').notes).toEqual([]);
    expect(convert('|').config.titleDelimiter).toBeUndefined();
  });
});

describe('migrate docusaurus: the base URL', () => {
  const baseUrlOf = (baseUrl: string | undefined) =>
    convertConfig({ title: 'Site', url: 'https://site.example.com', baseUrl }, 'docusaurus.config.js', '', '/site').config.baseUrl;

  it('is written with the slashes Docusaurus adds itself: docgen requires "/…/"', () => {
    expect(baseUrlOf('/docs')).toBe('/docs/');
    expect(baseUrlOf('docs/')).toBe('/docs/');
    expect(baseUrlOf('docs/v2')).toBe('/docs/v2/');
    expect(baseUrlOf('/docs/')).toBe('/docs/');
    expect(baseUrlOf('/')).toBe('/');
    expect(baseUrlOf('')).toBe('/');
    expect(baseUrlOf(undefined)).toBe('/');
  });
});

describe('migrate docusaurus: navbar items', () => {
  const configText = `export default {
  themeConfig: {
    navbar: {
      logo: { alt: 'Logo', src: 'img/logo.svg' }, style: 'dark',
      items: [
        { type: 'doc', docId: 'intro', label: 'Docs' },
        {
          label: "More",
          position: "right",
          // No type: a dropdown, as it has items.
          items: [
            { label: "Users, \\"all\\"", to: "/user/welcome" },
            { label: 'Blog', href: 'https://example.com/blog' },
            { type: 'doc', docId: 'api/overview', label: 'API' },
            { type: 'docSidebar', sidebarId: 'guides', label: 'Guides', position: 'left' },
          ],
        },
        { type: 'search', position: 'right' },
        {
          href: 'https://github.com/acme/site',
          position: 'right',
          className: 'header-github-link',
          'aria-label': 'GitHub repository',
        },
        /* an icon too */ {
          href: 'https://www.npmjs.com/package/site',
          className: \`header-npm-link \${'x'}\`,
        },
        { href: 'https://example.com/chat' },
        { type: 'html', position: 'right', value: '<b>Beta</b>', className: 'badge' },
      ],
    },
    footer: {
      links: [{ title: 'More', items: [{ html: '<a href="https://netlify.com"><img src="/img/netlify.svg" alt="Netlify"></a>' }] }],
    },
  },
};
`;
  // The config as the child process loads it: plain data.
  const loaded: unknown = new Function(configText.replace('export default', 'return'))();
  const { config, notes } = convertConfig(loaded, 'docusaurus.config.js', configText, '/site');

  it("keeps the navbar's style (React Native's dark bar)", () => {
    expect((config.navbar as { style?: string }).style).toBe('dark');
  });

  it('converts an item with items and no type as the dropdown Docusaurus makes of it, with its links, docs and sidebars', () => {
    expect((config.navbar as { items: unknown[] }).items).toEqual([
      { type: 'doc', docId: 'intro', label: 'Docs', position: 'left' },
      {
        type: 'dropdown',
        label: 'More',
        items: [
          { label: 'Users, "all"', to: '/user/welcome' },
          { label: 'Blog', href: 'https://example.com/blog' },
          { type: 'doc', docId: 'api/overview', label: 'API' },
          { type: 'docSidebar', sidebarId: 'guides', label: 'Guides' },
        ],
      },
      // Icons drawn by the site's CSS, as Docusaurus renders such a link.
      {
        type: 'html',
        value:
          '<a href="https://github.com/acme/site" class="navbar__link header-github-link" aria-label="GitHub repository" target="_blank" rel="noopener noreferrer"></a>',
      },
      {
        type: 'html',
        value:
          '<a href="https://www.npmjs.com/package/site" class="navbar__link header-npm-link x" target="_blank" rel="noopener noreferrer"></a>',
        position: 'left',
      },
      { type: 'html', value: '<b>Beta</b>', className: 'badge' },
    ]);
    expect((config.footer as { links: unknown[] }).links).toEqual([
      { title: 'More', items: [{ html: '<a href="https://netlify.com"><img src="/img/netlify.svg" alt="Netlify"></a>' }] },
    ]);
  });

  it('reports each item not converted at its own line, an unlabelled link by its URL; search is always there', () => {
    expect(notes.map((note) => `${note.line} ${note.what}`)).toEqual([
      '29 Navbar item of type `default` (https://example.com/chat) is not converted',
    ]);
    expect(notes[0]!.todo).toContain('docgen navbar links have a label');
  });
});

describe('migrate docusaurus: content plugins without the classic preset', () => {
  const text = `export default {
  title: 'Plugins',
  url: 'https://plugins.example.com',
  plugins: [
    ['@docusaurus/plugin-content-docs', { sidebarPath: './sidebars.ts', editUrl: 'https://github.com/acme/site/edit/master/' }],
    ['@docusaurus/plugin-content-blog', { id: 'blog-main', routeBasePath: 'posts', path: 'blog' }],
    ['@docusaurus/plugin-content-pages', {}],
    ['@docusaurus/plugin-content-docs', { id: 'community', path: 'community' }],
  ],
};
`;
  // The config as the child process loads it: plain data.
  const loaded: unknown = new Function(text.replace('export default', 'return'))();

  it('takes them as the docs, blog and pages, as jellyfin.org writes its site', () => {
    const { config, content, notes } = convertConfig(loaded, 'docusaurus.config.js', text, '/site');
    expect(config.docs).toEqual({ editUrl: 'https://github.com/acme/site/edit/master/' });
    expect(config.blog).toMatchObject({ routeBasePath: 'posts' });
    expect(content.pages).toEqual({});
    expect(content.docs).toMatchObject({ sidebarPath: './sidebars.ts' });
    // A second docs instance is not taken for the first: it is a docs instance of its own.
    expect(notes).toEqual([]);
    expect(config.docsInstances).toEqual([{ id: 'community', path: 'community', routeBasePath: 'docs' }]);
    expect(content.docsInstances).toMatchObject([{ id: 'community', source: 'community', target: 'community' }]);
  });

  it("reads a preset given the classic preset's options (Meta's docusaurus-plugin-internaldocs-fb) as the classic preset", () => {
    const wrapped = {
      title: 'Metro',
      url: 'https://metrobundler.dev',
      presets: [
        [
          'docusaurus-plugin-internaldocs-fb/docusaurus-preset',
          { docs: { path: '../docs', sidebarPath: './sidebars.json' }, blog: false, enableEditor: true },
        ],
        ['some-other-preset', { docs: { path: 'other' } }],
      ],
    };
    const text = JSON.stringify(wrapped, null, 2);
    const { config, content, notes } = convertConfig(wrapped, 'docusaurus.config.js', text, '/site');
    expect(content.docs).toMatchObject({ path: '../docs', sidebarPath: './sidebars.json' });
    expect(content.blog).toBe(false);
    expect(config.blog).toBeUndefined();
    expect(notes.map((note) => note.what)).toEqual([
      'Preset `docusaurus-plugin-internaldocs-fb/docusaurus-preset` is read as the classic preset',
      'Preset `some-other-preset` is not converted',
      'Classic preset option `enableEditor` is not converted',
    ]);
    // With the classic preset too, it is only noted.
    const both = { ...wrapped, presets: [['classic', { docs: { path: 'docs' } }], wrapped.presets[0]] };
    const withClassic = convertConfig(both, 'docusaurus.config.js', JSON.stringify(both, null, 2), '/site');
    expect(withClassic.content.docs).toMatchObject({ path: 'docs' });
    expect(withClassic.notes.map((note) => note.what)).toEqual([
      'Preset `docusaurus-plugin-internaldocs-fb/docusaurus-preset` is not converted',
    ]);
  });

  it("puts a docs instance outside the site folder (typescript-eslint's ../../docs) in a folder named by its id", () => {
    const outside = {
      title: 'Outside',
      url: 'https://outside.example.com',
      plugins: [
        ['@docusaurus/plugin-content-docs', { id: 'base-docs', path: '../../docs', routeBasePath: '/' }],
        ['@docusaurus/plugin-content-docs', { id: 'here', path: './guides/..' }],
        ['@docusaurus/plugin-content-docs', { id: 'nested', path: 'guides/v1.x' }],
      ],
    };
    const { config, content } = convertConfig(outside, 'docusaurus.config.js', JSON.stringify(outside), '/site');
    expect(content.docsInstances.map(({ source, target }) => ({ source, target }))).toEqual([
      { source: '../../docs', target: 'base-docs' },
      { source: './guides/..', target: 'here' },
      { source: 'guides/v1.x', target: 'guides/v1.x' },
    ]);
    expect(config.docsInstances).toMatchObject([
      { id: 'base-docs', path: 'base-docs', routeBasePath: '/' },
      { path: 'here' },
      { path: 'guides/v1.x' },
    ]);
  });

  it("notes a second docs instance's options at its own lines, not at the first instance's (pnpm.io)", () => {
    const instances = `export default {
  presets: [['classic', {
    docs: {
      editUrl: ({ docPath }) => docPath,
    },
  }]],
  plugins: [
    ['@docusaurus/plugin-content-docs', {
      path: 'pnpr',
      editUrl: ({ docPath }) => docPath,
      id: 'pnpr',
    }],
  ],
};
`;
    const fn = { $function: 'editUrl' };
    const { notes } = convertConfig(
      {
        title: 'I',
        url: 'https://i.example.com',
        presets: [['classic', { docs: { editUrl: fn } }]],
        plugins: [['@docusaurus/plugin-content-docs', { path: 'pnpr', editUrl: fn, id: 'pnpr' }]],
      },
      'docusaurus.config.js',
      instances,
      '/site',
    );
    expect(notes.map((note) => `${note.line} ${note.what}`)).toEqual([
      '4 The docs `editUrl` function is not converted',
      '10 The docs `editUrl` function is not converted',
    ]);
  });

  it("keeps the docs' sidebarCollapsed, sidebarCollapsible and breadcrumbs, which docgen reads as Docusaurus does (Prettier's docs)", () => {
    const { config, notes } = convertConfig(
      {
        title: 'Open',
        url: 'https://open.example.com',
        presets: [['classic', { docs: { sidebarCollapsed: false, sidebarCollapsible: true, breadcrumbs: false } }]],
      },
      'docusaurus.config.js',
      '',
      '/site',
    );
    expect(config.docs).toEqual({ sidebarCollapsible: true, sidebarCollapsed: false, breadcrumbs: false });
    expect(notes).toEqual([]);
  });

  it('has no docs, blog or pages that no plugin adds', () => {
    const { config, content } = convertConfig({ title: 'Bare', url: 'https://bare.example.com' }, 'docusaurus.config.js', '', '/site');
    expect(config.docs).toEqual({ includeCurrentVersion: false });
    expect(config.blog).toBeUndefined();
    expect(content.pages).toBe(false);
  });
});

describe('migrate docusaurus: plugins whose work docgen does, and the head tags plugins add', () => {
  const text = `export default {
  title: 'Plugins',
  url: 'https://plugins.example.com',
  presets: [['classic', { gtag: { trackingID: ['G-ONE', 'G-TWO'], anonymizeIP: true }, sitemap: { changefreq: 'weekly' } }]],
  plugins: [
    ['@docusaurus/plugin-google-tag-manager', { containerId: 'GTM-ABC' }],
    ['@docusaurus/plugin-pwa', { pwaHead: [{ tagName: 'link', rel: 'manifest', href: '/manifest.json' }, { tagName: 'meta', name: 'theme-color', content: '#25c2a0' }, { tagName: 'link', rel: 'icon', href: 'img/icon.png' }, { tagName: 'meta', name: 'msapplication-TileImage', content: 'img/tile.png' }, { tagName: 'link', rel: 'mask-icon', href: 'https://cdn.example.com/mask.svg' }] }],
    '@docusaurus/plugin-ideal-image',
    [require.resolve('@easyops-cn/docusaurus-search-local'), { hashed: true }],
    'docusaurus-plugin-llms',
    'docusaurus-plugin-copy-page-button',
  ],
  themes: ['@docusaurus/theme-mermaid'],
};
`;
  const loaded = {
    title: 'Plugins',
    url: 'https://plugins.example.com',
    presets: [['classic', { gtag: { trackingID: ['G-ONE', 'G-TWO'], anonymizeIP: true }, sitemap: { changefreq: 'weekly' } }]],
    plugins: [
      ['@docusaurus/plugin-google-tag-manager', { containerId: 'GTM-ABC' }],
      [
        '@docusaurus/plugin-pwa',
        {
          pwaHead: [
            { tagName: 'link', rel: 'manifest', href: '/manifest.json' },
            { tagName: 'meta', name: 'theme-color', content: '#25c2a0' },
            // Paths of files under the base URL, as the plugin writes them (Jest's icons are written so).
            { tagName: 'link', rel: 'icon', href: 'img/icon.png' },
            { tagName: 'meta', name: 'msapplication-TileImage', content: 'img/tile.png' },
            { tagName: 'link', rel: 'mask-icon', href: 'https://cdn.example.com/mask.svg' },
          ],
        },
      ],
      '@docusaurus/plugin-ideal-image',
      // Resolved to its installed file, as require.resolve gives it.
      ['/site/node_modules/@easyops-cn/docusaurus-search-local/dist/server/server/index.js', { hashed: true }],
      'docusaurus-plugin-llms',
      'docusaurus-plugin-copy-page-button',
    ],
    themes: ['@docusaurus/theme-mermaid'],
  };
  const { config, notes } = convertConfig(loaded, 'docusaurus.config.js', text, '/site');

  it('writes gtag.js, Tag Manager and the PWA head as head tags of every page', () => {
    const tags = config.headTags as { tagName: string; attributes: Record<string, unknown>; innerHTML?: string }[];
    expect(tags[0]).toEqual({ tagName: 'script', attributes: { async: true, src: 'https://www.googletagmanager.com/gtag/js?id=G-ONE' } });
    expect(tags[1]!.innerHTML).toContain(
      `gtag('config', "G-ONE", { anonymize_ip: true });\ngtag('config', "G-TWO", { anonymize_ip: true });`,
    );
    expect(tags[2]!.innerHTML).toContain('\'dataLayer\',"GTM-ABC");');
    expect(tags.slice(3)).toEqual([
      { tagName: 'link', attributes: { rel: 'manifest', href: '/manifest.json' } },
      { tagName: 'meta', attributes: { name: 'theme-color', content: '#25c2a0' } },
      { tagName: 'link', attributes: { rel: 'icon', href: '/img/icon.png' } },
      { tagName: 'meta', attributes: { name: 'msapplication-TileImage', content: '/img/tile.png' } },
      { tagName: 'link', attributes: { rel: 'mask-icon', href: 'https://cdn.example.com/mask.svg' } },
    ]);
    // Under a base URL, as the plugin puts them.
    const based = convertConfig({ ...loaded, baseUrl: '/jest' }, 'docusaurus.config.js', text, '/site').config.headTags as typeof tags;
    expect(based.slice(3).map((tag) => tag.attributes.href ?? tag.attributes.content)).toEqual([
      '/jest/manifest.json',
      '#25c2a0',
      '/jest/img/icon.png',
      '/jest/img/tile.png',
      'https://cdn.example.com/mask.svg',
    ]);
  });

  it("takes Docusaurus's npm2yarn plugin as docgen's own, with its converters, noting one of the site's own code", () => {
    const text =
      "const npm2yarn = require('@docusaurus/remark-plugin-npm2yarn');\nexport default { presets: [['classic', { docs: {\n  remarkPlugins: [[npm2yarn, { sync: true, converters: ['yarn', 'bun', ['Turbo', (code) => code]] }]] } }]] };\n";
    const loaded = {
      title: 'N',
      url: 'https://n.example.com',
      presets: [
        [
          'classic',
          {
            docs: {
              remarkPlugins: [
                [{ $function: 'plugin' }, { sync: true, converters: ['yarn', 'bun', ['Turbo', { $function: 'anonymous' }]] }],
              ],
            },
          },
        ],
      ],
    };
    const converted = convertConfig(loaded, 'docusaurus.config.js', text, '/site');
    expect(converted.config.markdown).toEqual({ npm2yarn: ['yarn', 'bun'] });
    expect(converted.notes.map((note) => `${note.line} ${note.what}`)).toEqual(['3 The npm2yarn converter `Turbo` is not converted']);
  });

  it("compiles Sass itself (docusaurus-plugin-sass), noting the plugin's options, and keeps a Sass customCss", () => {
    const siteDir = mkdtempSync(join(tmpdir(), 'docgen-migrate-sass-'));
    mkdirSync(join(siteDir, 'src/css'), { recursive: true });
    writeFileSync(join(siteDir, 'src/css/custom.scss'), '$x: 1px;\n');
    const sassText =
      "export default {\n  plugins: [\n    ['docusaurus-plugin-sass', { sassOptions: { includePaths: ['src/css'] } }],\n  ],\n};\n";
    const convert = (plugin: unknown) =>
      convertConfig(
        {
          title: 'S',
          url: 'https://s.example.com',
          presets: [['classic', { theme: { customCss: join(siteDir, 'src/css/custom.scss') } }]],
          plugins: [plugin],
        },
        'docusaurus.config.js',
        sassText,
        siteDir,
      );
    const bare = convert('docusaurus-plugin-sass');
    expect(bare.notes).toEqual([]);
    expect(bare.customCss).toEqual(['src/css/custom.scss']);
    expect(convert(['docusaurus-plugin-sass', { sassOptions: { includePaths: ['src/css'] } }]).notes).toEqual([
      expect.objectContaining({ line: 3, what: 'The options of `docusaurus-plugin-sass` are not converted' }),
    ]);
    rmSync(siteDir, { recursive: true, force: true });
  });

  it("gives the site docgen's search page where the local search plugin had its own", () => {
    expect(config.search).toEqual({ page: true });
  });

  it("gives the site docgen's search page where Algolia's theme had one at /search, not where it had none", () => {
    const algolia = (options: Record<string, unknown>) =>
      convertConfig(
        { title: 'A', url: 'https://a.example.com', themeConfig: { algolia: { appId: 'X', apiKey: 'k', indexName: 'a', ...options } } },
        'docusaurus.config.js',
        '',
        '/site',
      );
    expect(algolia({}).config.search).toEqual({ page: true });
    // Algolia's search is docgen's: nothing to note, unless its page was elsewhere than /search.
    expect(algolia({}).notes).toEqual([]);
    expect(algolia({ searchPagePath: 'find' }).notes.map((note) => note.what)).toEqual([
      'Theme option `themeConfig.algolia` is not converted',
    ]);
    expect(algolia({ searchPagePath: false }).config.search).toBeUndefined();
    expect(convertConfig({ title: 'A', url: 'https://a.example.com' }, 'docusaurus.config.js', '', '/site').config.search).toBeUndefined();
  });

  it('knows a plugin by its package where pnpm installed it (node_modules/.pnpm/<name>@<version>/node_modules/<name>)', () => {
    const file =
      '/site/node_modules/.pnpm/@easyops-cn+docusaurus-search-local@0.40.1/node_modules/@easyops-cn/docusaurus-search-local/dist/server/server/index.js';
    const pnpm = convertConfig(
      { title: 'A', url: 'https://a.example.com', themes: [[file, { hashed: true }]] },
      'docusaurus.config.js',
      '',
      '/site',
    );
    expect(pnpm.notes).toEqual([]);
    expect(pnpm.config.search).toEqual({ page: true });
  });

  it("notes only what is lost: the PWA's offline mode; the sitemap, ideal images, local search, mermaid, llms.txt and the copy page button are docgen's own", () => {
    expect(notes.map((note) => `${note.line} ${note.what}`)).toEqual([
      '7 The offline mode of `@docusaurus/plugin-pwa` (its service worker) is not converted',
    ]);
  });
});

describe('migrate docusaurus: prism themes', () => {
  const text = `export default {
  title: 'Themes',
  url: 'https://themes.example.com',
  themeConfig: {
    prism: {
      additionalLanguages: ['bash'],
      theme: {
        plain: { color: '#393A34', backgroundColor: '#f6f8fa' },
        styles: [
          { types: ['comment', 'prolog'], style: { color: '#999988', fontStyle: 'italic' } },
          { types: ['tag'], languages: ['markup'], style: { color: '#00009f', opacity: 0.7 } },
          { types: ['bad type!'], style: { color: 'red' } },
          { types: ['string'], style: { color: 'red;} body{display:none', fontWeight: 'bold' } },
        ],
      },
      darkTheme: undefined,
      magicComments: [],
    },
  },
};
`;
  // The config as the child process loads it: prism-react-renderer's theme is plain data by then.
  const loaded: unknown = new Function(text.replace('export default', 'return'))();

  it('writes prism.theme as code.theme, keeping only what a CSS rule may hold, in dark mode too without a darkTheme, and notes what it cannot convert', () => {
    const { config, notes } = convertConfig(loaded, 'docusaurus.config.js', text, '/site');
    const theme = {
      plain: { color: '#393A34', backgroundColor: '#f6f8fa' },
      styles: [
        { types: ['comment', 'prolog'], style: { color: '#999988', fontStyle: 'italic' } },
        { types: ['tag'], languages: ['markup'], style: { color: '#00009f', opacity: 0.7 } },
        { types: ['string'], style: { fontWeight: 'bold' } },
      ],
    };
    // Docusaurus shows the light theme in dark mode when there is no darkTheme (its usePrismTheme).
    expect(config.code).toEqual({ additionalLanguages: ['bash'], theme, darkTheme: theme });
    expect(notes.map((note) => `${note.line} ${note.what}`)).toEqual(['17 Prism option `prism.magicComments` is not converted']);
  });

  const prismOf = (prism: Record<string, unknown> | undefined) =>
    convertConfig(
      { title: 'T', url: 'https://t.example.com', ...(prism && { themeConfig: { prism } }) },
      'docusaurus.config.js',
      '',
      '/site',
    );

  it("names prism-react-renderer's themes: imported from the package not installed (2.x and 1.x), or the same colours", () => {
    // `import {themes as prismThemes} from 'prism-react-renderer'`, as create-docusaurus writes it, with no node_modules yet.
    const template = prismOf({
      theme: { $stub: 'prism-react-renderer', $path: 'themes.github' },
      darkTheme: { $stub: 'prism-react-renderer', $path: 'themes.dracula' },
    });
    expect(template.config.code).toEqual({ theme: 'github', darkTheme: 'dracula' });
    expect(template.notes).toEqual([]);
    // `require('prism-react-renderer/themes/vsDark')` of Docusaurus 2's template.
    expect(prismOf({ theme: { $stub: 'prism-react-renderer/themes/vsDark' } }).config.code).toEqual({
      theme: 'vsDark',
      darkTheme: 'vsDark',
    });
    // The package installed: the theme's colours, the same as the package docgen has.
    const { themes } = createRequire(import.meta.url)('prism-react-renderer') as { themes: Record<string, unknown> };
    expect(prismOf({ theme: themes.oneLight, darkTheme: themes.oneDark }).config.code).toEqual({ theme: 'oneLight', darkTheme: 'oneDark' });
    // Another package's stand-in is not a theme.
    const other = prismOf({ theme: { $stub: 'some-theme-package', $path: 'light' } });
    expect(other.config.code).toBeUndefined();
    expect(other.notes.map((note) => note.what)).toEqual(['Prism option `prism.theme` is not converted']);
  });

  it("takes Docusaurus's default magic comments as docgen's, and notes others with what docgen does with them (Babel's error line)", () => {
    const highlight = {
      className: 'theme-code-block-highlighted-line',
      line: 'highlight-next-line',
      block: { start: 'highlight-start', end: 'highlight-end' },
    };
    expect(prismOf({ magicComments: [highlight] }).notes).toEqual([]);
    const babel = prismOf({ magicComments: [highlight, { className: 'code-block-error-line', line: 'highlight-error-next-line' }] });
    expect(babel.notes).toEqual([
      expect.objectContaining({
        what: 'Prism option `prism.magicComments` is not converted',
        todo: expect.stringContaining('docgen reads the default magic comments only'),
      }),
    ]);
  });

  it("gives a site without a theme Docusaurus's own, Palenight, in both modes", () => {
    expect(prismOf(undefined).config.code).toEqual({ theme: 'palenight', darkTheme: 'palenight' });
    expect(prismOf({ darkTheme: { $stub: 'prism-react-renderer', $path: 'themes.dracula' } }).config.code).toEqual({
      theme: 'palenight',
      darkTheme: 'dracula',
    });
  });
});

describe('migrate docusaurus: the default tabs of the npm2yarn plugin, by its version', () => {
  const text =
    "export default {\n  presets: [['classic', { docs: {\n    remarkPlugins: [[require('@docusaurus/remark-plugin-npm2yarn'), { sync: true }]],\n  } }]],\n};\n";
  const loaded = {
    title: 'N',
    url: 'https://n.example.com',
    presets: [
      ['classic', { docs: { remarkPlugins: [[{ $package: '@docusaurus/remark-plugin-npm2yarn', $export: 'default' }, { sync: true }]] } }],
    ],
  };
  /** The config converted in a site folder of these files. */
  const convert = (files: Record<string, string>) => {
    const siteDir = mkdtempSync(join(tmpdir(), 'docgen-migrate-npm2yarn-'));
    for (const [path, content] of Object.entries(files)) {
      mkdirSync(join(siteDir, path, '..'), { recursive: true });
      writeFileSync(join(siteDir, path), content);
    }
    try {
      return convertConfig(loaded, 'docusaurus.config.js', text, siteDir);
    } finally {
      rmSync(siteDir, { recursive: true, force: true });
    }
  };
  const packageJson = (dependencies: Record<string, string>) => JSON.stringify({ dependencies });

  it("shows Yarn only for Docusaurus 2 before 2.4, whose plugin has no converters (testing-library's 2.0.1), installed or as package.json gives it", () => {
    const installed = convert({
      'node_modules/@docusaurus/remark-plugin-npm2yarn/package.json': JSON.stringify({ version: '2.0.1' }),
      'node_modules/@docusaurus/remark-plugin-npm2yarn/lib/index.js': 'const { sync = false } = options;\n',
    });
    expect(installed.config.markdown).toEqual({ npm2yarn: ['yarn'] });
    expect(installed.notes).toEqual([]);
    // Without node_modules: the plugin's range, else @docusaurus/core's.
    expect(convert({ 'package.json': packageJson({ '@docusaurus/remark-plugin-npm2yarn': '^2.0.1' }) }).config.markdown).toEqual({
      npm2yarn: ['yarn'],
    });
    expect(convert({ 'package.json': packageJson({ '@docusaurus/core': '2.0.0-beta.14' }) }).config.markdown).toEqual({
      npm2yarn: ['yarn'],
    });
  });

  it("shows yarn and pnpm (docgen's default, not written) from 2.4 to 3.7, and Bun too from 3.8", () => {
    for (const range of ['2.4.3', '^3.0.0', '~3.7.0']) {
      const converted = convert({ 'package.json': packageJson({ '@docusaurus/core': range }) });
      expect(converted.config.markdown, range).toBeUndefined();
      expect(converted.notes, range).toEqual([]);
    }
    expect(convert({ 'package.json': packageJson({ '@docusaurus/core': '^3.8.1' }) }).config.markdown).toEqual({
      npm2yarn: ['yarn', 'pnpm', 'bun'],
    });
    // The plugin's own version before Docusaurus's, and the installed plugin's code before either.
    expect(
      convert({ 'package.json': packageJson({ '@docusaurus/core': '^3.9.0', '@docusaurus/remark-plugin-npm2yarn': '3.1.0' }) }).config
        .markdown,
    ).toBeUndefined();
    const installed = convert({
      'package.json': packageJson({ '@docusaurus/core': '^2.0.1' }),
      'node_modules/@docusaurus/remark-plugin-npm2yarn/lib/index.js':
        "const { sync = false, converters = ['yarn', 'pnpm', 'bun'] } = options;\n",
    });
    expect(installed.config.markdown).toEqual({ npm2yarn: ['yarn', 'pnpm', 'bun'] });
  });

  it("reads the versions of a site in a repository's folder from the repository's package.json too (Babel's website/), not from above it", () => {
    const outside = mkdtempSync(join(tmpdir(), 'docgen-migrate-npm2yarn-repo-'));
    const write = (path: string, content: string) => {
      mkdirSync(join(outside, path, '..'), { recursive: true });
      writeFileSync(join(outside, path), content);
    };
    // Above the repository: not what the site builds with.
    write('package.json', packageJson({ '@docusaurus/remark-plugin-npm2yarn': '2.0.0' }));
    mkdirSync(join(outside, 'repo/.git'), { recursive: true });
    write('repo/package.json', packageJson({ '@docusaurus/core': '^3.9.2', 'some-package': '^1.0.0' }));
    write('repo/website/package.json', JSON.stringify({ scripts: { build: 'docusaurus build' } }));
    try {
      const siteDir = join(outside, 'repo/website');
      expect(convertConfig(loaded, 'docusaurus.config.js', text, siteDir).config.markdown).toEqual({ npm2yarn: ['yarn', 'pnpm', 'bun'] });
      // The site's own package.json wins over the repository's.
      write('repo/website/package.json', packageJson({ '@docusaurus/core': '^2.0.1' }));
      expect(convertConfig(loaded, 'docusaurus.config.js', text, siteDir).config.markdown).toEqual({ npm2yarn: ['yarn'] });
      // Without a repository, only the site's own.
      rmSync(join(outside, 'repo/.git'), { recursive: true });
      write('repo/website/package.json', '{}');
      expect(convertConfig(loaded, 'docusaurus.config.js', text, siteDir).notes.map((note) => note.what)).toEqual([
        expect.stringContaining("The npm2yarn plugin's version is not known"),
      ]);
    } finally {
      rmSync(outside, { recursive: true, force: true });
    }
  });

  it("takes docgen's default when the version is not known, and says so at the plugin's line", () => {
    const converted = convert({ 'package.json': packageJson({ '@docusaurus/core': 'latest' }) });
    expect(converted.config.markdown).toBeUndefined();
    expect(converted.notes.map((note) => `${note.line} ${note.what}`)).toEqual([
      "3 The npm2yarn plugin's version is not known (it is not installed, and package.json gives no version of it or of @docusaurus/core): its blocks show npm, Yarn and pnpm tabs, the default of Docusaurus 2.4 to 3.7",
    ]);
  });
});

describe("migrate docusaurus: the blog's sidebar of recent posts", () => {
  const text = `export default {
  title: 'B',
  url: 'https://b.example.com',
  presets: [['classic', {blog: {blogSidebarCount: 'ALL', blogSidebarTitle: 'All posts'}}]],
  themeConfig: {blog: {sidebar: {groupByYear: false, collapsed: true}}},
};
`;
  /** The config converted in a site folder whose package.json names this @docusaurus/core. */
  const convert = (loaded: Record<string, unknown>, core?: string) => {
    const siteDir = mkdtempSync(join(tmpdir(), 'docgen-migrate-blog-sidebar-'));
    if (core) writeFileSync(join(siteDir, 'package.json'), JSON.stringify({ dependencies: { '@docusaurus/core': core } }));
    try {
      return convertConfig(loaded, 'docusaurus.config.js', text, siteDir);
    } finally {
      rmSync(siteDir, { recursive: true, force: true });
    }
  };
  const site = (blog: Record<string, unknown>, themeConfig?: Record<string, unknown>) => ({
    title: 'B',
    url: 'https://b.example.com',
    presets: [['classic', { blog }]],
    ...(themeConfig && { themeConfig }),
  });

  it("keeps the count and title, and the site's groupByYear, noting the theme's other blog options at their line", () => {
    const converted = convert(
      site({ blogSidebarCount: 'ALL', blogSidebarTitle: 'All posts' }, { blog: { sidebar: { groupByYear: false, collapsed: true } } }),
      '^3.6.0',
    );
    expect(converted.config.blog).toEqual({ blogSidebarCount: 'ALL', blogSidebarTitle: 'All posts', sidebarGroupByYear: false });
    expect(configSchema.safeParse(converted.config).success).toBe(true);
    expect(converted.notes.map((note) => `${note.line} ${note.what}`)).toEqual([
      '5 Theme option `themeConfig.blog.sidebar.collapsed` is not converted',
    ]);
  });

  it("groups by year as the site's Docusaurus did: from 3.5 on, or when its version is not known", () => {
    expect(convert(site({ blogSidebarCount: 0 }), '^2.4.3').config.blog).toEqual({ blogSidebarCount: 0, sidebarGroupByYear: false });
    expect(convert(site({ blogSidebarCount: 5 }), '~3.4.0').config.blog).toEqual({ sidebarGroupByYear: false });
    expect(convert(site({ blogSidebarCount: 10 }), '^3.5.2').config.blog).toEqual({ blogSidebarCount: 10 });
    expect(convert(site({}), 'latest').config.blog).toEqual({});
    expect(convert(site({}), '^2.0.0').config.blog).toEqual({ sidebarGroupByYear: false });
    expect(convert(site({}, { blog: { sidebar: { groupByYear: true } } }), '^2.0.0').config.blog).toEqual({});
  });
});
