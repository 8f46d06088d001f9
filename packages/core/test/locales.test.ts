import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SiteContent } from '@docgen/types';
import { afterAll, describe, expect, it } from 'vitest';
import { getIslandSite, getSiteContext } from '../src/build/siteContext.js';
import { readConfig } from '../src/config/index.js';
import { getLocaleBaseUrl, getLocaleDir } from '../src/files/index.js';
import { makeTempDir, removeTempDirs } from './helpers.js';

afterAll(removeTempDirs);

/** A site under a base URL whose English pages live at a path of their own (`localeConfigs.en.path`). */
function readLocaleConfig() {
  const dir = makeTempDir('docgen-locales-');
  writeFileSync(
    join(dir, 'docgen.config.yaml'),
    [
      'title: 문서',
      'url: https://docs.example.com',
      'baseUrl: /manual/',
      'i18n:',
      '  defaultLocale: ko',
      '  locales: [ko, en, ja]',
      '  localeConfigs:',
      '    en: { label: English, htmlLang: en-US, path: english }',
      '',
    ].join('\n'),
  );
  mkdirSync(join(dir, 'docs'));
  return readConfig(dir);
}

describe('a locale’s base URL and folder: one rule for the manifest, links, redirects, MDX context and islands', () => {
  const config = readLocaleConfig();

  it('puts the default locale at the base URL and another at its path (its name unless the config gives one)', () => {
    expect(getLocaleBaseUrl(config, 'ko')).toBe('/manual/');
    expect(getLocaleBaseUrl(config, 'en')).toBe('/manual/english/');
    expect(getLocaleBaseUrl(config, 'ja')).toBe('/manual/ja/');
    expect(getLocaleDir(config, 'en')).toBe('i18n/english');
    expect(getLocaleDir(config, 'ja')).toBe('i18n/ja');
  });

  it('gives site components and MDX pages the same base (they had a fallback of their own)', () => {
    const content = { translations: {} } as unknown as SiteContent;
    expect(getIslandSite(config, content).locales.map(({ locale, baseUrl }) => [locale, baseUrl])).toEqual([
      ['ko', '/manual/'],
      ['en', '/manual/english/'],
      ['ja', '/manual/ja/'],
    ]);
    const docs = getSiteContext(config, 'en', {}).globalData['docusaurus-plugin-content-docs'] as Record<string, { path: string }>;
    expect(docs.default?.path).toBe('/manual/english/docs');
  });
});
