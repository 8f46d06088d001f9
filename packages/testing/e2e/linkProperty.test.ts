/**
 * The property of `check-links` as the pre-merge gate: over a few hundred links generated from a
 * fixed seed (pages, also written as URLs without `.md`, folders with and without an index page,
 * static files, markdown twins and other generated files, versions, locales, queries, fragments
 * in NFC, NFD and percent-encoded forms, script URLs, `../` beyond the site), written into a site
 * with two versions and two locales, built with the real CLI:
 *
 * - `check-links` reports a link exactly when `build` warns about it (same file:line:col);
 * - every link it accepts, in every locale the page is shown in, leads in the built site served by
 *   a plain static server to a 200 answer, and its fragment names an element of that page.
 *
 * A failure names the seed and the links: LINK_PROPERTY_SEED=<n> runs another seed.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, posix } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDocgen } from '../src/cli.js';
import { writeSiteFiles } from '../src/fixtureSite.js';
import { startPlainServer, type PlainServer } from '../src/plainServer.js';
import { createRandom } from '../src/random.js';
import { readWarnings } from '../src/warnings.js';

const SEED = Number(process.env.LINK_PROPERTY_SEED ?? 26);
const LINKS_PER_PAGE = 160;
const random = createRandom(SEED);
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

const scratch = mkdtempSync(join(tmpdir(), 'docgen-link-property-'));
const site = join(scratch, 'site');
let server: PlainServer;
afterAll(async () => {
  await server?.close();
  rmSync(scratch, { recursive: true, force: true });
});

const KO = '설정';
/** Every page has these headings: a link's fragment may name one (in any form) or none of them. */
const HEADINGS = ['Getting started', '설치'];
const HEADING_BODY = HEADINGS.map((heading) => `## ${heading}\n\nText.\n`).join('\n');
const FRAGMENTS = ['getting-started', '설치', 'no-such-heading'];

/** The pages links are written in, site-relative, and the URL of each in each locale. */
const LINK_PAGES = [
  { file: 'docs/links.md', urls: ['/docs/links', '/ko/docs/links'] },
  { file: 'docs/guide/deep-links.md', urls: ['/docs/guide/deep-links', '/ko/docs/guide/deep-links'] },
];

/** Site files a relative link may name: pages, folders with and without an index page, files, nothing. */
const RELATIVE_TARGETS: { path: string; folder?: boolean; file?: boolean }[] = [
  { path: 'docs/intro.md' },
  { path: 'docs/guide/index.md' },
  { path: 'docs/guide/setup.md' },
  { path: `docs/${KO}.md` },
  { path: 'docs/missing.md' },
  { path: 'versioned_docs/version-1.0/intro.md' },
  { path: 'pages/about.md' },
  // Written as URLs (no extension): relative to the page's URL, which mirrors these folders.
  { path: 'docs/intro' },
  { path: 'docs/guide/setup' },
  { path: `docs/${KO}` },
  { path: 'docs/nope' },
  { path: 'docs/guide', folder: true },
  { path: 'docs', folder: true },
  { path: 'docs/empty-folder', folder: true },
  { path: 'docs/nothing-here', folder: true },
  { path: 'versioned_docs/version-1.0', folder: true },
  { path: 'static/img/logo.svg', file: true },
  { path: 'docs/empty-folder/notes.txt', file: true },
  { path: 'docs/missing.png', file: true },
];

/** Root-relative paths: pages of both versions and locales, twins and other generated files, static files, nothing. */
const ABSOLUTE_PAGES = [
  '/docs/intro',
  '/docs/intro/',
  '/docs/intro/index.html',
  '/docs/intro.html',
  '/docs/guide/',
  '/docs/guide',
  '/docs/guide/setup',
  '/docs/1.0/intro',
  '/docs',
  '/docs/',
  '/ko/docs/intro',
  '/ko/docs/guide/setup',
  '/ko/docs/1.0/intro',
  '/docs/nope',
  '/ko/nope',
  `/docs/${KO}`,
  '/about',
  '/ko/about',
  '/../docs/intro',
  '/docs/./guide/setup',
  '/docs/guide/../intro',
];
const ABSOLUTE_FILES = [
  '/docs/intro.md',
  '/docs/guide/setup.md',
  '/docs/guide/index.md',
  '/docs/guide.md',
  '/docs/1.0/intro.md',
  '/ko/docs/intro.md',
  '/docs.md',
  '/llms.txt',
  '/llms-full.txt',
  '/ko/llms.txt',
  '/sitemap.xml',
  '/robots.txt',
  '/404.html',
  '/ko/404.html',
  '/docs-extra.txt',
  '/img/logo.svg',
  '/img/',
  '/img/missing.png',
  `/docs/${KO}.md`,
];
const SCRIPT_URLS = [
  'javascript:alert(1)',
  'JavaScript:void(0)',
  'vbscript:msgbox(1)',
  'data:text/html,hi',
  'data:text/html;base64,PGI+aGk8L2I+',
  'data:image/svg+xml,%3Csvg%2F%3E',
];
const EXTERNAL_URLS = ['https://example.com/docs', 'mailto:someone@example.com', 'data:text/plain,hi', '//example.com/x'];

/** A Korean text in one of the forms a writer's tools may save it in. */
function anyForm(text: string): string {
  switch (pick(['nfc', 'nfd', 'encoded-nfc', 'encoded-nfd'] as const)) {
    case 'nfc':
      return text.normalize('NFC');
    case 'nfd':
      return text.normalize('NFD');
    case 'encoded-nfc':
      return encodeURI(text.normalize('NFC'));
    case 'encoded-nfd':
      return encodeURI(text.normalize('NFD'));
  }
}

function anySuffix({ fragment }: { fragment: boolean }): string {
  const query = pick(['', '', '?x=1', '?q=a&b=2']);
  return query + (fragment && random() < 0.5 ? `#${anyForm(pick(FRAGMENTS))}` : '');
}

/** One link written in the page `from`. */
function generateLink(from: string): string {
  const fromDir = posix.dirname(from);
  switch (pick(['relative', 'relative', 'relative', 'absolute', 'absolute', 'file', 'file', 'script', 'external', 'fragment'] as const)) {
    case 'relative': {
      const target = pick(RELATIVE_TARGETS);
      let path = posix.relative(fromDir, target.path) || '.';
      if (random() < 0.3 && !path.startsWith('.')) path = `./${path}`;
      if (target.folder && random() < 0.5) path = `${path}/`;
      return anyForm(path) + anySuffix({ fragment: !target.file });
    }
    case 'absolute':
      return anyForm(pick(ABSOLUTE_PAGES)) + anySuffix({ fragment: true });
    case 'file':
      if (random() < 0.2) return `${'../'.repeat(2 + Math.floor(random() * 3))}etc/hosts`;
      return anyForm(pick(ABSOLUTE_FILES)) + anySuffix({ fragment: false });
    case 'script':
      return pick(SCRIPT_URLS);
    case 'external':
      return pick(EXTERNAL_URLS);
    case 'fragment':
      return `#${anyForm(pick(FRAGMENTS))}`;
  }
}

/** Links by page, each written on its own line `- [L<n>](url)` from line 3: at file:<line>:3. */
const links = LINK_PAGES.map(({ file }) => Array.from({ length: LINKS_PER_PAGE }, () => generateLink(file)));
const lineOf = (index: number) => index + 3;

beforeAll(async () => {
  const page = (title: string) => `# ${title}\n\n${HEADING_BODY}`;
  const files: Record<string, string> = {
    'docgen.config.yaml': [
      'title: Link property',
      'url: https://links.example.com',
      'i18n:',
      '  defaultLocale: en',
      '  locales: [en, ko]',
      'docs:',
      '  lastVersion: current',
      '  versions:',
      "    current: { label: '2.0', path: '', banner: none }",
      "    '1.0': { label: '1.0', path: '1.0', banner: none }",
      '',
    ].join('\n'),
    'versions.json': '["1.0"]\n',
    'sidebars.yaml': 'docs:\n  - type: autogenerated\n    dirName: .\n',
    'versioned_sidebars/version-1.0-sidebars.yaml': 'docs:\n  - type: autogenerated\n    dirName: .\n',
    'versioned_docs/version-1.0/intro.md': page('Intro 1.0'),
    'docs/intro.md': page('Intro'),
    'docs/guide/index.md': page('Guide'),
    'docs/guide/setup.md': page('Setup'),
    // Saved in NFD, as macOS writes names; its headings too.
    [`docs/${KO.normalize('NFD')}.md`]: page('Settings').normalize('NFD'),
    'docs/empty-folder/notes.txt': 'no index page here\n',
    'pages/about.md': page('About'),
    'static/img/logo.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>\n',
    'static/docs-extra.txt': 'a static file\n',
    'i18n/ko/docs/current/intro.md': page('소개'),
  };
  LINK_PAGES.forEach(({ file }, pageIndex) => {
    files[file] = `# Links\n\n${links[pageIndex]!.map((url, index) => `- [L${index}](${url})\n`).join('')}\n${HEADING_BODY}`;
  });
  writeSiteFiles(site, files);
}, 60_000);

describe(`generated links (seed ${SEED})`, () => {
  let checked: Set<string>;
  let warned: Set<string>;

  it('check-links reports exactly the links build warns about', async () => {
    const check = await runDocgen(['check-links', site, '--format', 'json']);
    const report = JSON.parse(check.stdout) as { problems: { file: string; line: number; column: number }[] };
    checked = new Set(report.problems.map(({ file, line, column }) => `${file}:${line}:${column}`));
    expect(check.code).toBe(checked.size > 0 ? 1 : 0);

    const built = await runDocgen(['build', site, '--verbose']);
    expect(built.code, built.stderr).toBe(0);
    warned = new Set(readWarnings(built.stderr).flatMap((warning) => (warning.at ? [warning.at] : [])));

    const describe = (locations: string[]) =>
      locations.map((location) => {
        const [file, line] = location.split(':');
        const pageIndex = LINK_PAGES.findIndex((page) => page.file === file);
        return `${location} ${links[pageIndex]?.[Number(line) - 3] ?? ''}`;
      });
    expect(describe([...checked].filter((location) => !warned.has(location))), 'reported by check-links only').toEqual([]);
    expect(describe([...warned].filter((location) => !checked.has(location))), 'warned about by build only').toEqual([]);
    // Not vacuous: the seed gives many of both.
    expect(checked.size).toBeGreaterThan(40);
    expect(LINK_PAGES.length * LINKS_PER_PAGE - checked.size).toBeGreaterThan(150);
  });

  it('every link check-links accepts leads to a 200 answer in the built site, and to the element its fragment names', async () => {
    expect(checked, 'the first test ran').toBeDefined();
    server = await startPlainServer(join(site, 'build'));
    const failures: string[] = [];
    let followed = 0;
    const pages = new Map<string, Promise<{ status: number; text: string }>>();
    const get = (url: string) => {
      let answer = pages.get(url);
      if (!answer) {
        answer = fetch(url, { redirect: 'manual' }).then(async (response) => ({ status: response.status, text: await response.text() }));
        pages.set(url, answer);
      }
      return answer;
    };
    for (const [pageIndex, { file, urls }] of LINK_PAGES.entries()) {
      for (const pageUrl of urls) {
        const html = (await get(server.url + pageUrl)).text;
        const hrefs = new Map<number, string>();
        for (const match of html.matchAll(/<a\b[^>]*?\shref="([^"]*)"[^>]*>L(\d+)<\/a>/g)) {
          hrefs.set(Number(match[2]), match[1]!.replace(/&amp;/g, '&').replace(/&quot;/g, '"'));
        }
        for (const [index, written] of links[pageIndex]!.entries()) {
          if (checked.has(`${file}:${lineOf(index)}:3`)) continue;
          const href = hrefs.get(index);
          if (href === undefined) {
            failures.push(`${file}:${lineOf(index)}:3 ${written} (on ${pageUrl}): no href in the page`);
            continue;
          }
          if (/^[a-z][a-z\d+.-]*:|^\/\//i.test(href)) continue;
          const target = new URL(href, server.url + pageUrl);
          const answer = await get(target.origin + target.pathname);
          followed++;
          const fragment = decodeURIComponent(target.hash.slice(1));
          if (answer.status !== 200) {
            failures.push(`${file}:${lineOf(index)}:3 ${written} (on ${pageUrl}): ${href} answers ${answer.status}`);
          } else if (fragment !== '' && !answer.text.includes(`id="${fragment}"`)) {
            failures.push(`${file}:${lineOf(index)}:3 ${written} (on ${pageUrl}): ${href} has no element with id "${fragment}"`);
          }
        }
      }
    }
    expect(failures, `seed ${SEED}`).toEqual([]);
    expect(followed).toBeGreaterThan(200);
  });
});
