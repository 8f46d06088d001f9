import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { listFiles, runDocgen } from '../src/cli.js';
import { copyDocsContent } from '../src/siteCopy.js';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

const scratch = mkdtempSync(join(tmpdir(), 'docgen-cut-e2e-'));
const site = join(scratch, 'docs-content');
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const docgen = runDocgen;

/** One hash of every path and byte of the site sources (the build output left out). */
function hashSources(root: string): string {
  const hash = createHash('sha256');
  for (const file of listFiles(root).filter((path) => !path.startsWith(`build/`))) hash.update(file).update(readFileSync(join(root, file)));
  return hash.digest('hex');
}

const pagesOf = (outDir: string) => listFiles(outDir).filter((file) => file.endsWith('.html'));
const html = (path: string) => readFileSync(join(site, 'build', path), 'utf8');
const badge = (page: string) => /class="badge version-badge">([^<]*)</.exec(page)?.[1];
const dropdownToggle = (page: string) => /dropdown__toggle"[^>]*>([^<]*)</.exec(page)?.[1];

const UNMAINTAINED_KO = '더 이상 적극적으로 유지 관리되지 않는';
const UNRELEASED_KO = '아직 출시되지 않은';

describe('docgen version cut on a copy of docs-content', () => {
  beforeAll(() => {
    copyDocsContent(site);
  });

  it('refuses an existing version and a bad name with exit code 2, changing nothing', async () => {
    const before = hashSources(site);
    const existing = await docgen(['version', 'cut', '2506.1', site]);
    expect(existing.code).toBe(2);
    expect(existing.stderr).toContain('Version "2506.1" already exists in versions.json');
    expect(existing.stderr).toContain('hint:');
    const bad = await docgen(['version', 'cut', 'a/b', site]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('contains a path separator');
    expect(hashSources(site)).toBe(before);
  });

  it('cuts 2511.1: the new version is served at /docs, the previous latest (current, 2508.1) becomes Next at /docs/next', async () => {
    const cut = await docgen(['version', 'cut', '2511.1', site]);
    expect(cut.code, cut.stderr).toBe(0);
    expect(cut.stdout).toContain('created versioned_docs/version-2511.1/');
    expect(cut.stdout).toContain('created versioned_sidebars/version-2511.1-sidebars.yaml');
    expect(cut.stdout).toContain('created i18n/en/docs/version-2511.1/');
    expect(cut.stdout).toContain('updated versions.json');
    expect(cut.stdout).toContain('updated docgen.config.yaml');
    expect(cut.stdout).toContain('2511.1 is now the latest version, at /docs\n');
    expect(cut.stdout).toContain(
      'The previous latest version 2508.1 (the current docs) moved from /docs to /docs/next, labelled "Next", banner unreleased',
    );
    expect(JSON.parse(readFileSync(join(site, 'versions.json'), 'utf8'))).toEqual(['2511.1', '2506.1', '2504.1']);
    expect(listFiles(join(site, 'versioned_docs/version-2511.1'))).toEqual(listFiles(join(site, 'docs')));

    const build = await docgen(['build', site]);
    expect(build.code, build.stderr).toBe(0);
    expect(build.stderr).not.toMatch(/warning/i);

    const latest = html('docs/guide/overview/index.html');
    expect(badge(latest)).toBe('버전: 2511.1');
    expect(dropdownToggle(latest)).toBe('2511.1');
    expect(latest).not.toContain(UNMAINTAINED_KO);
    expect(latest).not.toContain(UNRELEASED_KO);
    expect(badge(html('en/docs/guide/overview/index.html'))).toContain('2511.1');

    const next = html('docs/next/guide/overview/index.html');
    expect(badge(next)).toBe('버전: Next');
    expect(next).toContain(UNRELEASED_KO);
    expect(existsSync(join(site, 'build/en/docs/next/guide/overview/index.html'))).toBe(true);
    expect(html('docs/2506.1/guide/overview/index.html')).toContain(UNMAINTAINED_KO);
  });

  it('keeps every page of the site built before the cut', () => {
    const before = pagesOf(inject('outDir'));
    const after = new Set(pagesOf(join(site, 'build')));
    expect(before.length).toBeGreaterThan(100);
    expect(before.filter((page) => !after.has(page))).toEqual([]);
  });

  it('cuts again (2602.1): the previous latest 2511.1 moves to /docs/2511.1 with the unmaintained banner', async () => {
    // A release note dropped from the next release: its URL at /docs must still lead to it.
    rmSync(join(site, 'docs/release-note/2502.1.md'));
    const sidebarsPath = join(site, 'sidebars.yaml');
    writeFileSync(sidebarsPath, readFileSync(sidebarsPath, 'utf8').replace('  - release-note/2502.1\n', ''));
    const cut = await docgen(['version', 'cut', '2602.1', site]);
    expect(cut.code, cut.stderr).toBe(0);
    expect(cut.stdout).toContain('The previous latest version 2511.1 moved from /docs to /docs/2511.1, banner unmaintained');
    expect(cut.stdout).toContain('Redirects added to docgen.config.yaml for pages that 2602.1 no longer has');
    expect(cut.stdout).toContain('  /docs/release-note/2502.1 → /docs/2511.1/release-note/2502.1\n');
    const pagesBefore = pagesOf(join(site, 'build'));

    const build = await docgen(['build', site]);
    expect(build.code, build.stderr).toBe(0);
    expect(build.stderr).not.toMatch(/warning/i);

    expect(badge(html('docs/guide/overview/index.html'))).toBe('버전: 2602.1');
    const previous = html('docs/2511.1/guide/overview/index.html');
    expect(badge(previous)).toBe('버전: 2511.1');
    expect(previous).toContain(UNMAINTAINED_KO);
    expect(html('en/docs/2511.1/guide/overview/index.html')).toContain('no longer actively maintained');
    expect(html('docs/next/guide/overview/index.html')).toContain(UNRELEASED_KO);
    for (const locale of ['', 'en/']) {
      expect(html(`${locale}docs/release-note/2502.1/index.html`)).toContain(
        `<meta http-equiv="refresh" content="0; url=/${locale}docs/2511.1/release-note/2502.1">`,
      );
    }
    // Every URL of the build before the cut still answers, but the note's in the next version's
    // docs, which the writer deleted.
    const after = new Set(pagesOf(join(site, 'build')));
    expect(pagesBefore.filter((page) => !after.has(page))).toEqual([
      'docs/next/release-note/2502.1/index.html',
      'en/docs/next/release-note/2502.1/index.html',
    ]);
  });
});
