/**
 * The link rules, through the real CLI: what `check-links` reports is what `build` warns about,
 * at the same file:line:col, and what it accepts works in the built site. Folders, links written
 * as URLs (without an extension), queries, markdown twins, neutralised script links and Unicode
 * (NFC/NFD) names.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDocgen } from '../src/cli.js';
import { getMinimalSiteFiles, writeSiteFiles } from '../src/fixtureSite.js';
import { readWarnings } from '../src/warnings.js';

const scratch = mkdtempSync(join(tmpdir(), 'docgen-link-rules-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const NFC = '설치'.normalize('NFC');
const NFD = '설치'.normalize('NFD');
const HEADING_NFD = '설정'.normalize('NFD');

const INTRO = [
  '# Intro',
  '',
  '[folder](./sub/) [folder without slash](./sub) [docs root](../docs/) [no index](./empty/)',
  '',
  '[query](./b.md?x=1#h) [absolute query](/docs/b?y=2)',
  '',
  '[url](b) [url anchor](./b#h) [url down](../docs/sub/deep) [typo](./bb) [moved](./sub/moved)',
  '',
  '[twin](/docs/b.md) [folder twin](/docs/sub/index.md) [llms](/llms.txt) [sitemap](/sitemap.xml)',
  '',
  '[js](javascript:alert(1)) [vb](VBScript:alert(2)) [data](data:text/html;base64,PGI+eDwvYj4=)',
  '',
  '<p><a href="javascript:alert(3)">raw js</a></p>',
  '',
  `[nfd anchor](./b.md#${encodeURIComponent(HEADING_NFD)}) [nfd page](./${NFD}.md) [nfc page](/docs/${NFC})`,
  '',
].join('\n');

/** Where `text` starts in INTRO, as `docs/intro.md:line:col`. */
function at(text: string): string {
  const lines = INTRO.split('\n');
  const line = lines.findIndex((candidate) => candidate.includes(text));
  return `docs/intro.md:${line + 1}:${lines[line]!.indexOf(text) + 1}`;
}

/** The href of each link of a page's HTML, by its text. */
function hrefsOf(html: string): Map<string, string> {
  const hrefs = new Map<string, string>();
  for (const match of html.matchAll(/<a\b([^>]*)>([^<]*)<\/a>/g)) {
    hrefs.set(match[2]!, /\shref="([^"]*)"/.exec(match[1]!)?.[1] ?? '(none)');
  }
  return hrefs;
}

describe('links as check-links and build see them', () => {
  const site = join(scratch, 'site');
  let check: Awaited<ReturnType<typeof runDocgen>>;
  let built: Awaited<ReturnType<typeof runDocgen>>;
  beforeAll(async () => {
    writeSiteFiles(site, {
      ...getMinimalSiteFiles('Link rules'),
      'docs/intro.md': INTRO,
      'docs/b.md': `# B\n\n## H\n\n## ${HEADING_NFD}\n`,
      // At /docs/sub/: a relative URL goes on from the folder, as a browser resolves it there.
      'docs/sub/index.md': '# Sub\n\n[sibling](deep) [parent](../b#h)\n',
      'docs/sub/deep.md': '# Deep\n',
      'docs/sub/moved.md': '---\nslug: /elsewhere\n---\n# Moved\n',
      'docs/empty/notes.txt': 'not a page\n',
      [`docs/${NFD}.md`]: '# Install\n',
    });
    check = await runDocgen(['check-links', site]);
    built = await runDocgen(['build', site, '--verbose']);
  });

  it('check-links reports exactly the URLs that lead to no page (with the page meant) and the four neutralised links (one in raw HTML), at file:line:col, and exits with 1', () => {
    expect(check.stdout).toBe(
      [
        'docs/intro.md (7 problems)',
        `  ${at('[no index]')}  ./empty/  no page at /docs/empty/`,
        `  ${at('[typo]')}  ./bb  no page at /docs/bb: did you mean /docs/b?`,
        `  ${at('[moved]')}  ./sub/moved  no page at /docs/sub/moved: did you mean ./sub/moved.md (/docs/elsewhere)?`,
        `  ${at('[js]')}  javascript:alert(1)  a javascript: URL runs script, so the page shows the link without it`,
        `  ${at('[vb]')}  VBScript:alert(2)  a vbscript: URL runs script, so the page shows the link without it`,
        `  ${at('[data]')}  data:text/html;base64,PGI+eDwvYj4=  a data: URL runs script, so the page shows the link without it`,
        `  ${at('<a href')}  javascript:alert(3)  a javascript: URL runs script, so the page shows the link without it`,
        '',
        '✖ 7 problems in 1 file',
        '',
      ].join('\n'),
    );
    expect(check.code).toBe(1);
  });

  it('build warns about the same links at the same places, never crashes, and exits with 0', () => {
    expect(built.stderr).not.toMatch(/crashed|at .*\.js:\d+/);
    expect(built.code, built.stderr).toBe(0);
    const warned = readWarnings(built.stderr)
      .map((warning) => warning.at)
      .sort();
    expect(warned).toEqual([at('[no index]'), at('[typo]'), at('[moved]'), at('[js]'), at('[vb]'), at('[data]'), at('<a href')].sort());
    expect(readWarnings(built.stderr)).toContainEqual({ at: at('<a href'), message: 'The script URL in href of <a> is removed' });
    expect(built.stderr).toContain(`warning ${at('[no index]')}  Broken link ./empty/: no page at /docs/empty/`);
    expect(built.stderr).toContain(`warning ${at('[typo]')}  Broken link ./bb: no page at /docs/bb: did you mean /docs/b?`);
    expect(built.stderr).toContain(`warning ${at('[js]')}  The script URL in href of <a> is removed`);
  });

  it('resolves a link without an extension as a URL relative to the page, written as the route it leads to', () => {
    const hrefs = hrefsOf(readFileSync(join(site, 'build', 'docs', 'intro', 'index.html'), 'utf8'));
    expect(hrefs.get('url')).toBe('/docs/b');
    expect(hrefs.get('url anchor')).toBe('/docs/b#h');
    expect(hrefs.get('url down')).toBe('/docs/sub/deep');
    // From /docs/sub/ (an index page's URL ends with "/"), as the browser resolves them there.
    const sub = hrefsOf(readFileSync(join(site, 'build', 'docs', 'sub', 'index.html'), 'utf8'));
    expect(sub.get('sibling')).toBe('/docs/sub/deep');
    expect(sub.get('parent')).toBe('/docs/b#h');
  });

  it('resolves a folder link to its index page, keeps queries and fragments, and gives NFD anchors and names their NFC form', () => {
    const hrefs = hrefsOf(readFileSync(join(site, 'build', 'docs', 'intro', 'index.html'), 'utf8'));
    expect(hrefs.get('folder')).toBe('/docs/sub/');
    expect(hrefs.get('folder without slash')).toBe('/docs/sub/');
    expect(hrefs.get('docs root')).toBe('/docs');
    expect(hrefs.get('query')).toBe('/docs/b?x=1#h');
    expect(hrefs.get('absolute query')).toBe('/docs/b?y=2');
    expect(hrefs.get('nfd anchor')).toBe(`/docs/b#${'설정'.normalize('NFC')}`);
    expect(hrefs.get('nfd page')).toBe(`/docs/${NFC}`);
    expect(hrefs.get('js')).not.toMatch(/javascript/i);
    // The page and the heading id are in NFC, whatever form the file name and heading were saved in.
    expect(existsSync(join(site, 'build', 'docs', NFC, 'index.html'))).toBe(true);
    expect(readFileSync(join(site, 'build', 'docs', 'b', 'index.html'), 'utf8')).toContain(`id="${'설정'.normalize('NFC')}"`);
    // The twins linked to are written.
    expect(existsSync(join(site, 'build', 'docs', 'b.md'))).toBe(true);
    expect(existsSync(join(site, 'build', 'docs', 'sub', 'index.md'))).toBe(true);
  });
});

describe('two files whose names differ only in Unicode normalisation', () => {
  it('are the duplicate-route error of check-links and build, both files named, exit 2', async () => {
    const site = writeSiteFiles(join(scratch, 'nfc-nfd'), {
      ...getMinimalSiteFiles('Collision'),
      'docs/intro.md': '# Intro\n',
      [`docs/${NFC}.md`]: '# Saved in NFC\n',
      [`docs/${NFD}.md`]: '# Saved in NFD\n',
    });
    for (const command of ['build', 'check-links']) {
      const { code, stderr } = await runDocgen([command, site]);
      expect(stderr).toMatch(
        new RegExp(
          `^error docs/(${NFC}|${NFD})\\.md:1:1  Two sources claim the route /docs/${NFC}: docs/(${NFC}|${NFD})\\.md and docs/(${NFC}|${NFD})\\.md \\(the same name, one in NFC and one in NFD\\)\\n`,
        ),
      );
      expect(stderr).toContain(`docs/${NFC}.md`);
      expect(stderr).toContain(`docs/${NFD}.md`);
      expect(stderr).not.toContain('crashed');
      expect(code).toBe(2);
    }
  });
});
