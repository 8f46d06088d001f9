import { describe, expect, it } from 'vitest';
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
