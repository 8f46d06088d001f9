/**
 * `docgen pdf`: docs-content's six manuals (three versions, two locales), read back with pdf-lib
 * and poppler: bookmarks in sidebar order, every doc's text, links that stay inside the manual,
 * embedded fonts that carry Hangul, nothing past the right margin, pages that are not blank, and the
 * same bytes for the same input. A fixture site of many shapes (math, a mermaid diagram, tabs, a
 * wide table, a long code line, an image, unlisted and draft docs) checks what docs-content lacks.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSite } from '@docgen/core';
import type { LoadedVersion, SidebarItem, SiteManifest } from '@docgen/types';
import type { Browser } from 'playwright-core';
import { launchBrowser, openPage } from '../src/browser.js';
import { runDocgen } from '../src/cli.js';
import { startPlainServer, type PlainServer } from '../src/plainServer.js';
import { writeSiteFiles } from '../src/fixtureSite.js';
import { REPO_ROOT } from '../src/paths.js';
import {
  countPdfImages,
  readPdfFonts,
  readPdfStructure,
  readPdfText,
  readWordBoxes,
  renderPage,
  squeeze,
  type Bookmark,
  type PdfStructure,
} from '../src/pdfFiles.js';
import { copyDocsContent } from '../src/siteCopy.js';

const scratch = mkdtempSync(join(tmpdir(), 'docgen-pdf-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Pages written as pictures for a person to look at (`test-results/pdf/`). */
const PICTURES = join(REPO_ROOT, 'test-results', 'pdf');
/** 2026-01-02 UTC: the date on every cover, so that two runs give the same bytes. */
const EPOCH = '1767312000';
/** The page margin at the left and right (16 mm), in points. */
const MARGIN = (16 / 25.4) * 72;

/** The docs of a version's sidebars, in order, that a manual prints (each once; unlisted and draft ones left out). */
function getSidebarDocs(version: LoadedVersion): { label: string; title: string; path: string }[] {
  const docs = new Map(version.docs.map((doc) => [doc.id, doc]));
  const byPath = new Map(version.docs.map((doc) => [doc.permalink, doc]));
  const seen = new Set<string>();
  const listed: { label: string; title: string; path: string }[] = [];
  const walk = (items: SidebarItem[]) => {
    for (const item of items) {
      const doc = item.type === 'link' ? (item.docId ? docs.get(item.docId) : undefined) : item.href ? byPath.get(item.href) : undefined;
      if (doc && !doc.unlisted && !doc.draft && !seen.has(doc.id)) {
        seen.add(doc.id);
        listed.push({ label: item.label, title: doc.title, path: doc.permalink });
      }
      if (item.type === 'category') walk(item.items);
    }
  };
  for (const sidebar of Object.values(version.sidebars)) walk(sidebar);
  return listed;
}

function flatten(bookmarks: Bookmark[]): Bookmark[] {
  return bookmarks.flatMap((bookmark) => [bookmark, ...flatten(bookmark.items)]);
}

/** The text of the paragraphs of a built page's content, each without tags and white space. */
function readParagraphs(html: string): string[] {
  const start = html.indexOf('data-docgen-slot="main"');
  const content = html.slice(start, html.indexOf('</article>', start));
  const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#x27': "'", '#39': "'", nbsp: ' ' };
  return [...content.matchAll(/<p>([\s\S]*?)<\/p>/g)]
    .map((match) =>
      squeeze(match[1]!.replace(/<[^>]+>/g, '').replace(/&(amp|lt|gt|quot|#x27|#39|nbsp);/g, (_, name: string) => entities[name]!)),
    )
    .filter((text) => text.length > 0);
}

/**
 * Words that reach into the left or right margin by more than 1 mm (what pdftotext measures of a
 * glyph at the end of a full line is a little more than the printer set).
 */
function findCutWords(file: string): string[] {
  const tolerance = 72 / 25.4;
  return readWordBoxes(file)
    .filter((box) => box.xMax > box.pageWidth - MARGIN + tolerance || box.xMin < MARGIN - tolerance)
    .map((box) => `page ${box.page}: "${box.word}" ${box.xMin.toFixed(0)}-${box.xMax.toFixed(0)} of ${box.pageWidth.toFixed(0)}`);
}

describe('docgen pdf: docs-content', () => {
  let site: string;
  let outDir: string;
  let manifest: SiteManifest;
  const manuals = new Map<string, { file: string; version: LoadedVersion; structure: PdfStructure; text: string }>();

  const readBuiltPage = (path: string) => readFileSync(join(outDir, path.replace(/^\//, ''), 'index.html'), 'utf8');

  beforeAll(async () => {
    site = copyDocsContent(join(scratch, 'docs-content'));
    outDir = join(scratch, 'docs-content-out');
    const result = await runDocgen(['pdf', site, '--out-dir', outDir, '--format', 'json'], { SOURCE_DATE_EPOCH: EPOCH });
    expect(result.code, result.stderr).toBe(0);
    const report = JSON.parse(result.stdout) as { manuals: { file: string }[]; warnings: unknown[] };
    expect(report.warnings).toEqual([]);
    expect(report.manuals).toHaveLength(6);
    manifest = (await loadSite({ siteDir: site })).manifest;
    for (const locale of manifest.locales) {
      for (const version of locale.versions) {
        const file = join(outDir, 'pdf', `docs-${version.label}-${locale.locale}.pdf`);
        manuals.set(`${version.label}-${locale.locale}`, {
          file,
          version,
          structure: await readPdfStructure(file),
          text: readPdfText(file),
        });
      }
    }
  }, 240_000);

  it('writes a manual per version and locale into pdf/ of the output, and only those', () => {
    expect(readdirSync(join(outDir, 'pdf')).sort()).toEqual(
      ['2504.1', '2506.1', '2508.1'].flatMap((version) => [`docs-${version}-en.pdf`, `docs-${version}-ko.pdf`]),
    );
  });

  it("bookmarks every doc of the version's sidebars in sidebar order, each at the page that starts with its title", () => {
    for (const [name, { version, structure, text }] of manuals) {
      // Page by page, from the one reading of the whole PDF (pdftotext ends each page with a form feed).
      const pageTexts = text.split('\f');
      const docs = getSidebarDocs(version);
      expect(docs.length, name).toBeGreaterThan(10);
      const bookmarks = flatten(structure.bookmarks);
      let at = 0;
      for (const doc of docs) {
        // A category and a doc may share a label: the doc's bookmark is the next one of its label whose page shows its title.
        const title = squeeze(/<article>[\s\S]*?<h1[^>]*>([\s\S]*?)<\/h1>/.exec(readBuiltPage(doc.path))![1]!.replace(/<[^>]+>/g, ''));
        const found = bookmarks.findIndex(
          (bookmark, index) =>
            index >= at &&
            bookmark.title === doc.label &&
            bookmark.page !== undefined &&
            squeeze(pageTexts[bookmark.page]!).includes(title),
        );
        expect(found, `${name}: bookmark "${doc.label}" after bookmark ${at}, at a page that shows "${title}"`).toBeGreaterThanOrEqual(0);
        at = found + 1;
      }
      // Each page's headings, to h3, are bookmarks too: more bookmarks than docs.
      expect(bookmarks.length, name).toBeGreaterThan(docs.length * 2);
    }
  });

  it('holds the text of every sentence of every doc', () => {
    for (const [name, { file, version }] of manuals) {
      // pdftotext joins a word hyphenated at a line's end ("X-Trace-" "Id" reads "X-TraceId"): hyphens are left out.
      const unhyphenated = (text: string) => text.replace(/-/g, '');
      // Without the running header and the footer (A4, 20 mm margins); read in the order of the
      // page and in the order written, since each puts a few lines of a page elsewhere.
      const margins = { margin: 50, pageHeight: 842 };
      const readings = [readPdfText(file, undefined, margins), readPdfText(file, undefined, { ...margins, raw: true })].map((text) =>
        unhyphenated(squeeze(text)),
      );
      for (const doc of getSidebarDocs(version)) {
        const sentences = readParagraphs(readBuiltPage(doc.path)).flatMap((paragraph) => paragraph.split(/(?<=[.!?])(?=\S)/));
        const missing = sentences.filter((sentence) => !readings.some((reading) => reading.includes(unhyphenated(sentence))));
        expect(missing, `${name}: ${doc.path}`).toEqual([]);
      }
    }
  });

  it('keeps links between docs inside the manual, and makes every other link an absolute URL of the site', () => {
    for (const [name, { version, structure }] of manuals) {
      const internal = structure.links.filter((link) => link.internal);
      expect(internal.length, name).toBeGreaterThan(20);
      expect(
        internal.filter((link) => link.target === undefined),
        `${name}: links to no page of the PDF`,
      ).toEqual([]);
      const docUrls = new Set(getSidebarDocs(version).map((doc) => `https://docs.example.com${encodeURI(doc.path)}`));
      for (const link of structure.links.filter((candidate) => !candidate.internal)) {
        expect(link.uri, name).toMatch(/^(https?:|mailto:)/);
        expect(docUrls.has(link.uri!.replace(/#.*$/, '')), `${name}: ${link.uri} is a page of the manual`).toBe(false);
      }
    }
  });

  it('embeds every font, and a TrueType font that carries Hangul in the Korean manuals', () => {
    for (const [name, { file }] of manuals) {
      const fonts = readPdfFonts(file);
      // Type 3 fonts are embedded too: Chromium writes the CJK fonts an SVG image falls back to (OpenType CFF) so.
      expect(
        fonts.filter((font) => !font.embedded),
        name,
      ).toEqual([]);
      if (name.endsWith('-ko'))
        expect(
          fonts.some((font) => /Nanum|CJK/.test(font.name)),
          name,
        ).toBe(true);
    }
  });

  it('is tagged (a structure tree of headings, paragraphs, lists and tables) and has an id of its own', () => {
    const ids = new Set<string>();
    for (const [name, { structure }] of manuals) {
      expect(structure.marked, name).toBe(true);
      for (const type of ['H1', 'H2', 'P', 'L', 'Table', 'Link'])
        expect(structure.structureElements.get(type), `${name}: ${type}`).toBeGreaterThan(0);
      expect(structure.id, name).toHaveLength(2);
      expect(structure.id[0], name).toMatch(/^[0-9a-f]{32}$/);
      expect(structure.id[1], name).toBe(structure.id[0]);
      ids.add(structure.id[0]!);
    }
    // An MD5 of each file's bytes, not the placeholder it is written with first.
    expect(ids.size).toBe(manuals.size);
    expect(ids.has('0'.repeat(32))).toBe(false);
  });

  it('cuts nothing at the margins', () => {
    for (const [name, { file }] of manuals) expect(findCutWords(file), name).toEqual([]);
  });

  it('prints a code page, a table page and a Korean page that are not blank (written to test-results/pdf/ for review)', () => {
    mkdirSync(PICTURES, { recursive: true });
    const { file, text } = manuals.get('2508.1-ko')!;
    const pages = text.split('\f');
    const find = (what: string, test: (page: string) => boolean) => {
      const index = pages.findIndex((page, number) => number > 2 && test(page));
      expect(index, what).toBeGreaterThan(2);
      return index + 1;
    };
    const chosen = {
      code: find('a page with Java code', (page) => page.includes('AnalysisClient.builder()')),
      table: find('a page with a table', (page) => /HTTP\s*상태/.test(page)),
      korean: find('a page of Korean prose', (page) => (page.match(/[가-힣]/g) ?? []).length > 600),
    };
    for (const [kind, page] of Object.entries(chosen)) {
      const png = join(PICTURES, `docs-2508.1-ko-${kind}-page-${page}.png`);
      const { inked } = renderPage(file, page, png);
      expect(existsSync(png)).toBe(true);
      expect(inked, `${kind} page ${page}`).toBeGreaterThan(0.01);
    }
    const cover = renderPage(file, 1, join(PICTURES, 'docs-2508.1-ko-cover.png'));
    expect(cover.inked).toBeGreaterThan(0.001);
  });

  it('writes the same bytes again for the same input and SOURCE_DATE_EPOCH', async () => {
    const again = join(scratch, 'again');
    const result = await runDocgen(['pdf', site, '--out-dir', outDir, '--version', '2504.1', '--locale', 'en', '--out', again], {
      SOURCE_DATE_EPOCH: EPOCH,
    });
    expect(result.code, result.stderr).toBe(0);
    expect(readdirSync(again)).toEqual(['docs-2504.1-en.pdf']);
    expect(readFileSync(join(again, 'docs-2504.1-en.pdf')).equals(readFileSync(manuals.get('2504.1-en')!.file))).toBe(true);
    expect(readPdfText(join(again, 'docs-2504.1-en.pdf'), 1)).toContain('January 2, 2026');
  });
});

const FIXTURE: Record<string, string> = {
  'docgen.config.yaml': [
    'title: Shapes',
    'tagline: A site of many shapes',
    'url: https://shapes.example.com',
    'i18n: { defaultLocale: en, locales: [en] }',
    'markdown: { math: true }',
    'navbar: { items: [{ type: docSidebar, sidebarId: docs, label: Handbook }] }',
    "pdf: { paperSize: Letter, cover: { subtitle: 'The handbook, printed' } }",
    '',
  ].join('\n'),
  'sidebars.yaml':
    'docs:\n  - intro\n  - type: category\n    label: Shapes\n    link: { type: generated-index, description: Every shape a page takes. }\n    items: [math, diagram, wide, long-table, hidden, draft]\n',
  'docs/intro.md': [
    '---',
    'title: Introduction',
    '---',
    '',
    'The introduction links to [the diagram](./diagram.md#the-flow), to [the blog](/blog) and to [an outside page](https://example.org/x).',
    '',
    '![A square](/img/square.png)',
    '',
    ':::tip Remember',
    'Admonitions print with their title.',
    ':::',
    '',
    '## Installing',
    '',
    'Install it.',
    '',
  ].join('\n'),
  'docs/math.md': '# Math\n\nEuler wrote $e^{i\\pi} + 1 = 0$.\n\n$$\n\\int_0^1 x^2 \\, dx = \\frac{1}{3}\n$$\n',
  'docs/diagram.md': '# Diagram\n\n## The flow\n\n```mermaid\ngraph TD\n  Start[Upload the archive] --> Finish[Read the report]\n```\n',
  'docs/wide.mdx': [
    '# Wide things',
    '',
    "import Tabs from '@theme/Tabs';",
    "import TabItem from '@theme/TabItem';",
    '',
    `| ${Array.from({ length: 10 }, (_, i) => `Column ${i + 1}`).join(' | ')} |`,
    `|${' --- |'.repeat(10)}`,
    `| ${Array.from({ length: 10 }, (_, i) => `cell-${i}-${'x'.repeat(30)}`).join(' | ')} |`,
    '',
    '```text',
    `LONGLINE${'0123456789'.repeat(30)}END`,
    '```',
    '',
    '<Tabs>',
    '  <TabItem value="java" label="Java tab">The Java way.</TabItem>',
    '  <TabItem value="node" label="Node tab">The Node way.</TabItem>',
    '</Tabs>',
    '',
  ].join('\n'),
  'docs/long-table.md': [
    '# Long table',
    '',
    '| HeaderAlpha | HeaderBeta |',
    '| --- | --- |',
    ...Array.from({ length: 120 }, (_, i) => `| row-${i + 1} | value ${i + 1} |`),
    '',
  ].join('\n'),
  'docs/hidden.md': '---\nunlisted: true\n---\n\n# Hidden\n\nUnlistedSecretText.\n',
  'docs/draft.md': '---\ndraft: true\n---\n\n# Draft\n\nDraftSecretText.\n',
  'blog/2026-01-01-hello.md': '---\ntitle: Hello\n---\n\nBlogOnlyText.\n',
};

/** A 16 x 16 red PNG. */
const SQUARE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAAGUlEQVR4nGP4z8BAEmIY1TCqYVTDqAbaawAAnlz/AXJTnyMAAAAASUVORK5CYII=',
  'base64',
);

describe('docgen pdf: a site of many shapes', () => {
  let file: string;
  let structure: PdfStructure;
  let text: string;

  beforeAll(async () => {
    const site = writeSiteFiles(join(scratch, 'shapes'), FIXTURE);
    mkdirSync(join(site, 'static', 'img'), { recursive: true });
    writeFileSync(join(site, 'static', 'img', 'square.png'), SQUARE);
    const result = await runDocgen(['pdf', site]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/✔ .*docs-next-en\.pdf {2}\d+ pages/);
    file = join(site, 'build', 'pdf', 'docs-next-en.pdf');
    structure = await readPdfStructure(file);
    text = readPdfText(file);
  }, 120_000);

  it('prints the cover, the contents with page numbers, and listed docs only', () => {
    const cover = readPdfText(file, 1);
    for (const line of ['Shapes', 'The handbook, printed', 'Version Next', 'English']) expect(cover).toContain(line);
    const contents = readPdfText(file, 2);
    expect(contents).toMatch(/Introduction\s*\.*\s*3/);
    expect(text).not.toContain('UnlistedSecretText');
    expect(text).not.toContain('DraftSecretText');
    expect(text).not.toContain('BlogOnlyText');
    expect(flatten(structure.bookmarks).map((bookmark) => bookmark.title)).toEqual(
      expect.arrayContaining(['Introduction', 'Shapes', 'Math', 'Diagram', 'The flow', 'Wide things', 'Installing']),
    );
  });

  /** The text of the page a bookmark leads to. */
  const pageOf = (title: string) => {
    const page = flatten(structure.bookmarks).find((bookmark) => bookmark.title === title)?.page;
    expect(page, `bookmark "${title}"`).toBeDefined();
    return { index: page!, text: readPdfText(file, page! + 1) };
  };

  it('draws the mermaid diagram as the site does, renders math, and embeds the image', () => {
    const diagram = pageOf('Diagram').text;
    expect(diagram).toContain('Upload the archive');
    expect(diagram).not.toContain('graph TD');
    const math = pageOf('Math').text;
    expect(math).toContain('Euler wrote');
    expect(math).not.toContain('\\frac');
    expect(countPdfImages(file)).toBeGreaterThanOrEqual(1);
  });

  it('prints tabs one after another under their labels, and the admonition with its title', () => {
    const printed = squeeze(text);
    expect(printed).toMatch(/Javatab.*TheJavaway\..*Nodetab.*TheNodeway\./s);
    expect(printed.toLowerCase()).toContain('remember');
  });

  it('links to a heading of another doc inside the PDF, and to the blog and the web by URL', async () => {
    const flow = pageOf('The flow');
    expect(flow.text).toContain('Upload the archive');
    const fromIntro = structure.links.filter((link) => link.page === pageOf('Introduction').index);
    expect(fromIntro.filter((link) => link.internal).map((link) => link.target)).toContain(flow.index);
    expect(fromIntro.map((link) => link.uri).filter(Boolean)).toEqual(
      expect.arrayContaining(['https://shapes.example.com/blog', 'https://example.org/x']),
    );
  });

  it('breaks a long table across pages with its header row on each, under the running header and over the footer', () => {
    const start = pageOf('Long table').index;
    const pages = text.split('\f');
    const tablePages = pages.slice(start).filter((page) => /row-\d+/.test(page));
    expect(tablePages.length).toBeGreaterThanOrEqual(2);
    for (const page of tablePages) {
      expect(page).toContain('HeaderAlpha');
      expect(page.trim().split('\n')[0]).toBe('Long table');
      expect(page).toMatch(/Next · \d+ \/ \d+/);
    }
    expect(squeeze(tablePages.join(''))).toContain('row-120value120');
  });

  it('wraps the long code line and the wide table inside the page', () => {
    expect(findCutWords(file)).toEqual([]);
    expect(squeeze(text)).toContain(`LONGLINE${'0123456789'.repeat(30)}END`);
    expect(squeeze(text)).toContain(`cell-9-${'x'.repeat(30)}`);
  });
});

describe('pdf.build: docgen build writes the manuals, and doc pages link theirs', () => {
  let browser: Browser;
  let server: PlainServer;
  let out: string;

  beforeAll(async () => {
    const site = writeSiteFiles(join(scratch, 'with-build'), {
      ...FIXTURE,
      'docs/diagram.md': '# Diagram\n\nNo drawing here.\n',
      'docgen.config.yaml': FIXTURE['docgen.config.yaml']!.replace('pdf: { paperSize: Letter,', 'pdf: { build: true, paperSize: Letter,'),
    });
    const result = await runDocgen(['build', site]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/✔ .*build\/pdf\/docs-next-en\.pdf {2}\d+ pages/);
    out = join(site, 'build');
    [browser, server] = await Promise.all([launchBrowser(), startPlainServer(out)]);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('links the manual from each doc page, and a plain static server serves it', async () => {
    const { page, problems } = await openPage(browser);
    await page.goto(`${server.url}/docs/math`);
    const link = page.locator('a.page-source__pdf');
    await expect.poll(() => link.textContent()).toBe('Download PDF');
    const href = await link.getAttribute('href');
    expect(href).toBe('/pdf/docs-next-en.pdf');
    const response = await page.request.get(`${server.url}${href}`);
    expect(response.status()).toBe(200);
    expect((await response.body()).subarray(0, 5).toString()).toBe('%PDF-');
    expect(problems).toEqual([]);
    // The blog has no manual.
    await page.goto(`${server.url}/blog/hello`);
    await expect.poll(() => page.locator('.page-source__pdf').count()).toBe(0);
    await page.context().close();
  });
});

describe('docgen pdf: what it refuses', () => {
  it('exits 2 and says how to install Chromium when there is none', async () => {
    const site = writeSiteFiles(join(scratch, 'no-browser'), { ...FIXTURE, 'docs/diagram.md': '# Diagram\n' });
    const result = await runDocgen(['pdf', site], { DOCGEN_CHROMIUM: join(scratch, 'no-such-chromium') });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('apt-get install chromium');
  });

  it('exits 2 on a version or locale the site does not have, naming those it has', async () => {
    const site = writeSiteFiles(join(scratch, 'unknown'), { ...FIXTURE, 'docs/diagram.md': '# Diagram\n' });
    const version = await runDocgen(['pdf', site, '--version', '9.9']);
    expect(version.code).toBe(2);
    expect(version.stderr).toContain('Unknown docs version "9.9"');
    expect(version.stderr).toContain('current');
    const locale = await runDocgen(['pdf', site, '--locale', 'fr']);
    expect(locale.code).toBe(2);
    expect(locale.stderr).toContain('Unknown locale "fr"');
  });
});
