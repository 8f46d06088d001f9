/**
 * docgen's manual (packages/docs) is a real docgen site, built by the CLI as a user builds one:
 * no warning, no broken link, a table of contents that lists every page, and a release of it is one
 * `docgen version cut 0.1`. The README stays what a newcomer reads first: short, with links that
 * lead to files, and saying what the manual says where it repeats it.
 */
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { afterAll, describe, expect, it } from 'vitest';
import { listFiles, runDocgen } from '../src/cli.js';
import { REPO_ROOT } from '../src/paths.js';
import { readWarnings } from '../src/warnings.js';

const MANUAL = join(REPO_ROOT, 'packages', 'docs');
const README = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');
const scratch = mkdtempSync(join(tmpdir(), 'docgen-manual-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The ids of the manual's pages: every markdown file of docs/, by its path without extension. */
const pageIds = listFiles(join(MANUAL, 'docs'))
  .filter((file) => /\.mdx?$/.test(file))
  .map((file) =>
    file
      .replace(/\.mdx?$/, '')
      .split('\\')
      .join('/'),
  );

/** Every doc id a sidebars file lists: plain ids, `doc` items and category links, at any depth. */
function listSidebarDocs(items: unknown[]): string[] {
  return items.flatMap((item): string[] => {
    if (typeof item === 'string') return [item];
    const entry = item as { type?: string; id?: string; items?: unknown[]; link?: { type?: string; id?: string } };
    if (entry.type === 'doc' && entry.id) return [entry.id];
    if (entry.type === 'category')
      return [...(entry.link?.type === 'doc' && entry.link.id ? [entry.link.id] : []), ...listSidebarDocs(entry.items ?? [])];
    return [];
  });
}

/** The text of a README section, from its heading (a line of its own) to the next heading of its level or above. */
function readSection(markdown: string, heading: string): string {
  const lines = markdown.split('\n');
  const start = lines.indexOf(heading);
  expect(start, `README.md has the heading "${heading}"`).toBeGreaterThanOrEqual(0);
  const level = heading.match(/^#+/)![0].length;
  const end = lines.findIndex((line, index) => index > start && new RegExp(`^#{1,${level}} `).test(line));
  return lines.slice(start + 1, end === -1 ? undefined : end).join('\n');
}

/** Its blocks: paragraphs, code blocks and lists, as separated by blank lines. */
const toBlocks = (text: string) =>
  text
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter(Boolean);

describe("docgen's manual, packages/docs", () => {
  it('builds with the CLI into a new folder, with exit code 0 and no warning, every page and a search index', async () => {
    const outDir = join(scratch, 'build');
    // --no-cache: a clean build every time, so that no cached result can hide a warning.
    const { code, stdout, stderr } = await runDocgen(['build', MANUAL, '--out-dir', outDir, '--no-cache', '--strict', '--format', 'json']);
    expect(readWarnings(stderr)).toEqual([]);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toMatchObject({ warnings: [] });
    for (const id of pageIds) expect(existsSync(join(outDir, 'docs', id, 'index.html')), `/docs/${id}`).toBe(true);
    expect(existsSync(join(outDir, 'index.html'))).toBe(true);
    // Search comes with every docgen site: the manual's docs have an index of their own.
    expect(listFiles(join(outDir, '_docgen', 'search')).some((file) => file.endsWith('en-docs-current.json'))).toBe(true);
    // The current docs are those of docgen 0.1, shown in the navbar's version dropdown.
    const page = readFileSync(join(outDir, 'docs', 'cli', 'build', 'index.html'), 'utf8');
    expect(page).toMatch(/>0\.1</);
  });

  it('passes check-links', async () => {
    const { code, stdout, stderr } = await runDocgen(['check-links', MANUAL]);
    expect(stderr).toBe('');
    expect(stdout).toMatch(/^✔ No problems found in the links and anchors of \d+ pages\.\n$/);
    expect(code).toBe(0);
  });

  it('lists every page of docs/ in its table of contents (sidebars.yaml), each once', () => {
    const sidebars = parse(readFileSync(join(MANUAL, 'sidebars.yaml'), 'utf8')) as Record<string, unknown[]>;
    const listed = Object.values(sidebars).flatMap((items) => listSidebarDocs(items));
    expect(pageIds.length).toBeGreaterThan(20);
    expect([...listed].sort()).toEqual([...pageIds].sort());
  });

  it('is released with one version cut: 0.1 then builds and checks cleanly, the current docs becoming the next version', async () => {
    const site = join(scratch, 'cut');
    cpSync(MANUAL, site, { recursive: true, filter: (source) => !/[\\/](node_modules|build)$/.test(source) });
    const cut = await runDocgen(['version', 'cut', '0.1', site]);
    expect(cut.stderr).toBe('');
    expect(cut.code).toBe(0);
    expect(JSON.parse(readFileSync(join(site, 'versions.json'), 'utf8'))).toEqual(['0.1']);
    const built = await runDocgen(['build', site, '--no-cache', '--strict']);
    expect(built.stderr).toBe('');
    expect(built.code).toBe(0);
    expect(existsSync(join(site, 'build', 'docs', 'cli', 'build', 'index.html'))).toBe(true);
    expect(existsSync(join(site, 'build', 'docs', 'next', 'cli', 'build', 'index.html'))).toBe(true);
    const checked = await runDocgen(['check-links', site]);
    expect(checked.stderr).toBe('');
    expect(checked.code).toBe(0);
  });
});

describe('README.md', () => {
  it('stays short: what a newcomer needs first, under 200 lines; the rest is in the manual', () => {
    expect(README.split('\n').length).toBeLessThan(200);
  });

  it('links only to files that exist', () => {
    // Links outside code: code spans and fenced blocks are examples, not links.
    const prose = README.replace(/^```[\s\S]*?^```$/gm, '').replace(/`[^`\n]*`/g, '');
    const targets = [...prose.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1]!);
    const files = targets.filter((target) => !/^([a-z][a-z0-9+.-]*:|#)/i.test(target));
    expect(files.length).toBeGreaterThan(20);
    const missing = files.filter((target) => !existsSync(join(REPO_ROOT, decodeURI(target.replace(/#.*$/, '')))));
    expect(missing).toEqual([]);
    // It points to the manual.
    expect(files).toContain('packages/docs/docs/cli/build.md');
  });

  it.each([
    ['# docgen', 'intro.md'],
    ['## Create a site', 'getting-started/create-a-site.md'],
    ['## Working on docgen: set-up in two commands', 'contributing/working-on-docgen.md'],
  ])('says in "%s" what the manual says in %s', (heading, page) => {
    const manual = readFileSync(join(MANUAL, 'docs', page), 'utf8');
    const section = heading === '# docgen' ? README.slice(README.indexOf('\n') + 1, README.indexOf('\n## ')) : readSection(README, heading);
    const blocks = toBlocks(section);
    expect(blocks.length).toBeGreaterThan(1);
    for (const block of blocks) expect(manual, `a block of the README's "${heading}"`).toContain(block);
  });
});
