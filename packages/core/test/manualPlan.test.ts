import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadSite } from '../src/build/loadSite.js';
import { planManuals, type Manual, type ManualEntry } from '../src/pdf/manualPlan.js';
import { makeTempDir, removeTempDirs } from './helpers.js';

afterAll(removeTempDirs);

const CONFIG = [
  'title: Plans',
  'url: https://plans.example.com',
  'i18n:',
  '  defaultLocale: ko',
  '  locales: [ko, en]',
  'docs:',
  '  lastVersion: current',
  "  versions: { current: { label: '2.0' } }",
  'docsInstances:',
  '  - { id: community, path: community, routeBasePath: community }',
  'navbar:',
  '  items:',
  '    - { type: docSidebar, sidebarId: guide, label: 가이드 }',
  '',
].join('\n');

const FILES: Record<string, string> = {
  'docgen.config.yaml': CONFIG,
  'sidebars.yaml': [
    'guide:',
    '  - intro',
    '  - type: category',
    '    label: Setup',
    '    link: { type: doc, id: setup/index }',
    '    items: [setup/install, hidden, draft]',
    '  - type: category',
    '    label: Reference',
    '    link: { type: generated-index, description: Every call. }',
    '    items: [reference/call, { type: link, label: Elsewhere, href: https://example.org }]',
    '  - type: category',
    '    label: Empty',
    '    items: [hidden]',
    'notes:',
    '  - notes/one',
    '  - intro',
    '',
  ].join('\n'),
  'docs/intro.md': '# Intro\n\nHello.\n',
  'docs/setup/index.md': '# Setting up\n',
  'docs/setup/install.md': '# Install\n',
  'docs/hidden.md': '---\nunlisted: true\n---\n\n# Hidden\n',
  'docs/draft.md': '---\ndraft: true\n---\n\n# Draft\n',
  'docs/reference/call.md': '# Call\n',
  'docs/notes/one.md': '# One\n',
  'versions.json': '["1.0"]\n',
  'versioned_docs/version-1.0/intro.md': '# Old intro\n',
  'versioned_sidebars/version-1.0-sidebars.json': '{ "guide": ["intro"] }\n',
  'community/team.md': '# Team\n',
};

async function planSite(files: Record<string, string>, selection?: Parameters<typeof planManuals>[1]): Promise<Manual[]> {
  const site = makeTempDir('docgen-manual-plan-');
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(site, path)), { recursive: true });
    writeFileSync(join(site, path), text);
  }
  const { manifest } = await loadSite({ siteDir: site, cache: false });
  return planManuals(manifest, selection);
}

/** An entry as label, its page, and what is under it. */
function describeEntry(entry: ManualEntry): unknown {
  if (entry.type === 'doc') return `${entry.label} (${entry.path})`;
  const page =
    entry.page?.type === 'doc'
      ? ` (${entry.page.path})`
      : entry.page
        ? ` (index: ${entry.page.cards.map((card) => card.title).join(', ')})`
        : '';
  return { [`${entry.label}${page}`]: entry.items.map(describeEntry) };
}

describe('planManuals', () => {
  it('plans a manual per version and locale of each docs instance, named after them', async () => {
    const manuals = await planSite(FILES);
    expect(manuals.map((manual) => [manual.instance, manual.versionName, manual.locale, manual.fileName])).toEqual([
      ['default', 'current', 'ko', 'docs-2.0-ko.pdf'],
      ['default', 'current', 'en', 'docs-2.0-en.pdf'],
      ['default', '1.0', 'ko', 'docs-1.0-ko.pdf'],
      ['default', '1.0', 'en', 'docs-1.0-en.pdf'],
      ['community', 'current', 'ko', 'community-next-ko.pdf'],
      ['community', 'current', 'en', 'community-next-en.pdf'],
    ]);
    expect(manuals[1]!.localeLabel).toBe('English');
  });

  it("lists the sidebars' docs in order, each once: categories with their own page, no unlisted or draft doc, no empty category, a part per sidebar", async () => {
    const [manual] = await planSite(FILES);
    expect(manual!.entries.map(describeEntry)).toEqual([
      {
        가이드: [
          'Intro (/docs/intro)',
          { 'Setup (/docs/setup/)': ['Install (/docs/setup/install)'] },
          { 'Reference (index: Call, Elsewhere)': ['Call (/docs/reference/call)'] },
        ],
      },
      // A sidebar no navbar item names is named after its id; a doc listed before is not printed twice.
      { Notes: ['One (/docs/notes/one)'] },
    ]);
    // Each page has an anchor of its own, by which links find it.
    expect([...manual!.anchors.keys()].sort()).toEqual([
      '/docs/category/reference',
      '/docs/intro',
      '/docs/notes/one',
      '/docs/reference/call',
      '/docs/setup/',
      '/docs/setup/install',
    ]);
    expect(new Set(manual!.anchors.values()).size).toBe(manual!.anchors.size);
  });

  it('takes the versions and locales of pdf in the config, and a version or locale asked for', async () => {
    const chosen = await planSite({ ...FILES, 'docgen.config.yaml': `${CONFIG}pdf: { versions: ['1.0'], locales: [en] }\n` });
    expect(chosen.map((manual) => manual.fileName)).toEqual(['docs-1.0-en.pdf']);
    const asked = await planSite(FILES, { version: '2.0', locale: 'ko' });
    expect(asked.map((manual) => manual.fileName)).toEqual(['docs-2.0-ko.pdf']);
  });
});
