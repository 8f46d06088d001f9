import { appendFileSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../src/build/index.js';
import { copyFixture, makeTempDir, removeTempDirs } from './helpers.js';

afterAll(removeTempDirs);

/**
 * Docusaurus's docs option `breadcrumbs` (Prettier's site sets it false): a doc page and a
 * category's page show their breadcrumbs, and have a BreadcrumbList, unless it is false.
 */
describe('docs.breadcrumbs (fixtures/autogen)', () => {
  const built: Record<string, string> = {};
  beforeAll(async () => {
    for (const [name, docs] of [
      ['shown', ''],
      ['hidden', 'docs:\n  breadcrumbs: false\n'],
    ] as const) {
      const site = copyFixture('autogen');
      appendFileSync(join(site, 'docgen.config.yaml'), docs);
      const out = join(makeTempDir(), 'out');
      const result = await build({ siteDir: site, outDir: out });
      expect(result.diagnostics.filter((diagnostic) => diagnostic.severity === 'error')).toEqual([]);
      built[name] = out;
    }
  }, 120_000);
  const page = (name: string, path: string) => readFileSync(join(built[name]!, path, 'index.html'), 'utf8');
  // The page data of the default locale's route, under the build's id.
  const pageData = (name: string, path: string) => {
    const dataDir = join(built[name]!, '_docgen/data');
    const [buildId] = readdirSync(dataDir);
    return JSON.parse(readFileSync(join(dataDir, buildId!, `${path}.json`), 'utf8')) as { breadcrumbs?: unknown[] };
  };

  it("shows them by default: the nav of a doc in a category and of a category's page, their BreadcrumbList", () => {
    for (const path of ['docs/guide/setup', 'docs/category/user-guide']) {
      const html = page('shown', path);
      expect(html).toMatch(
        /<nav class="breadcrumbs" aria-label="[^"]+"><ol>.*<li class="breadcrumbs__item breadcrumbs__item--active" aria-current="page">/s,
      );
      expect(html).toContain('"@type":"BreadcrumbList"');
    }
  });

  it('leaves them out when false: no nav, no BreadcrumbList, none in the page data a client navigation reads', () => {
    for (const path of ['docs/guide/setup', 'docs/intro', 'docs/category/user-guide']) {
      const html = page('hidden', path);
      expect(html).not.toContain('class="breadcrumbs"');
      expect(html).not.toContain('BreadcrumbList');
    }
    expect(pageData('hidden', 'docs/guide/setup').breadcrumbs).toEqual([]);
    expect(pageData('shown', 'docs/guide/setup').breadcrumbs).not.toEqual([]);
  });
});
