/**
 * Redirects (config `redirects`, front matter `redirect_from`): a static page per old URL, served
 * by a plain static file server, that lands the reader on the target in Chromium with the `#hash`
 * and query kept; left out of the sitemap and search; check-links follows them; a redirect that
 * leads to no page, or an old URL that is a page, fails the build with where it was written.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openPage } from '../src/browser.js';
import { listFiles, runDocgen } from '../src/cli.js';
import { writeSiteFiles } from '../src/fixtureSite.js';
import { readSearchIndexPaths } from '../src/searchIndex.js';
import { useServedBuild } from '../src/servedBuild.js';

const CONFIG = `title: Moves
url: https://moves.example.com
i18n:
  defaultLocale: en
  locales: [en, ko]
redirects:
  - from: /docs/old-guide
    to: /docs/guide
  - from: [/start.html, /docs/legacy/]
    to: /docs/guide?tab=2#install
extensionRedirects: [html]
`;

const filler = Array.from({ length: 60 }, (_, index) => `Paragraph ${index + 1}.`).join('\n\n');

const SITE = {
  'docgen.config.yaml': CONFIG,
  'sidebars.yaml': 'docs:\n  - guide\n  - intro\n',
  'docs/guide.md': `---\ntitle: Guide\nredirect_from:\n  - /docs/how-to\n---\n\n${filler}\n\n## Install\n\nInstall it.\n\n${filler}\n`,
  'docs/intro.md': '---\ntitle: Intro\n---\n\nSee [the old guide](/docs/old-guide#install) and [the how-to](/docs/how-to#nowhere).\n',
};

const served = useServedBuild('docgen-redirects-', (root) => writeSiteFiles(join(root, 'site'), SITE));

/** Opens `path` and waits until the browser is on another page; its URL path, query and hash, and whether the heading is in view. */
async function land(path: string, javaScriptEnabled = true) {
  const { context, page, problems } = await openPage(served.browser, { javaScriptEnabled, viewport: { width: 1280, height: 800 } });
  await page.goto(`${served.server.url}${path}`);
  await page.waitForURL((url) => url.pathname !== path.split(/[?#]/)[0], { timeout: 10_000 });
  await page.waitForLoadState('load');
  const url = new URL(page.url());
  const title = await page.title();
  // A page without the heading answers at once: evaluate would wait for it until its timeout.
  const heading = page.locator('h2#install');
  const installInView =
    (await heading.count()) > 0 &&
    (await heading.evaluate((element) => {
      const { top, bottom } = element.getBoundingClientRect();
      return top >= 0 && bottom <= window.innerHeight;
    }));
  await context.close();
  return { path: url.pathname, search: url.search, hash: url.hash, title, installInView, problems };
}

describe('redirect pages', () => {
  it('land on the target in Chromium, keeping the #hash the old URL was opened with', async () => {
    const landed = await land('/docs/old-guide#install');
    expect(landed).toMatchObject({ path: '/docs/guide', search: '', hash: '#install', title: 'Guide | Moves', installInView: true });
    expect(landed.problems).toEqual([]);
  });

  it("keep the query, and give the target's own query and hash when the old URL has none", async () => {
    expect(await land('/docs/legacy/?from=mail')).toMatchObject({ path: '/docs/guide', search: '?from=mail', hash: '#install' });
    expect(await land('/start.html')).toMatchObject({ path: '/docs/guide', search: '?tab=2', hash: '#install' });
  });

  it('work from front matter redirect_from, and in every locale below its base URL', async () => {
    expect(await land('/docs/how-to#install')).toMatchObject({ path: '/docs/guide', hash: '#install' });
    expect(await land('/ko/docs/old-guide')).toMatchObject({ path: '/ko/docs/guide' });
  });

  it('lead from every page with .html to the page (extensionRedirects), in every locale, a redirect of the config winning', async () => {
    expect(await land('/docs/intro.html#x')).toMatchObject({ path: '/docs/intro', hash: '#x' });
    expect(await land('/ko/docs/guide.html')).toMatchObject({ path: '/ko/docs/guide' });
    // /docs is the docs' root (a redirect itself) and /docs/old-guide is no page: neither gets one.
    const files = listFiles(join(served.root, 'build'));
    // Folders, as Docusaurus writes them: a host that answers /docs/intro with docs/intro.html would serve the redirect.
    expect(files).toContain('docs/intro.html/index.html');
    expect(files).not.toContain('docs/intro.html');
    expect(files).not.toContain('docs/old-guide.html/index.html');
    expect(await land('/start.html')).toMatchObject({ path: '/docs/guide', search: '?tab=2' });
  });

  it('work without JavaScript (meta refresh), to the target as written', async () => {
    expect(await land('/docs/old-guide', false)).toMatchObject({ path: '/docs/guide' });
  });

  it('say where the page went, with its canonical URL', () => {
    const html = readFileSync(join(served.root, 'build', 'docs/old-guide/index.html'), 'utf8');
    expect(html).toContain('<link rel="canonical" href="https://moves.example.com/docs/guide">');
    expect(html).toContain('<meta http-equiv="refresh" content="0; url=/docs/guide">');
    expect(html).toContain('<a href="/docs/guide">/docs/guide</a>');
  });

  it('are left out of the sitemap and the search indexes', () => {
    const sitemap = readFileSync(join(served.root, 'build', 'sitemap.xml'), 'utf8');
    expect(sitemap).not.toMatch(/old-guide|legacy|how-to|start\.html/);
    // The sharded indexes' detail chunks hold each page's path.
    const manifests = listFiles(join(served.root, 'build')).filter((file) => /^_docgen\/search\/(?!files\/)[^/]+\/[^/]+\.json$/.test(file));
    expect(manifests.length).toBeGreaterThan(0);
    const urls = manifests.flatMap((file) => readSearchIndexPaths(join(served.root, 'build', file)));
    expect(urls.some((url) => /^\/(ko\/)?docs\/guide/.test(url!))).toBe(true);
    expect(urls.filter((url) => /^\/(ko\/)?(docs\/old-guide|docs\/how-to|docs\/legacy|start\.html)/.test(url!))).toEqual([]);
  });

  it('count as pages for link checking, with the anchors of the page they lead to', () => {
    const warnings = served.diagnostics.map(
      (diagnostic) => `${diagnostic.location?.file}:${diagnostic.location?.line} ${diagnostic.message}`,
    );
    expect(warnings).toEqual(['docs/intro.md:5 Broken anchor /docs/how-to#nowhere: /docs/how-to has no heading with id "nowhere"']);
  });
});

describe('redirect errors', () => {
  it('fail the build (exit 2) at the config line of a "to" that is no page', async () => {
    const site = writeSiteFiles(join(served.root, 'bad-to'), {
      ...SITE,
      'docgen.config.yaml': CONFIG.replace('    to: /docs/guide\n', '    to: /docs/gone\n'),
    });
    const result = await runDocgen(['build', site]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('docgen.config.yaml:8:9  Redirect from /docs/old-guide leads to /docs/gone, which is no page');
  });

  it('fail the build at the front matter line of an old URL that is a real page', async () => {
    const site = writeSiteFiles(join(served.root, 'bad-from'), {
      ...SITE,
      'docs/guide.md': '---\ntitle: Guide\nredirect_from:\n  - /docs/how-to\n  - /docs/intro\n---\n\nText.\n',
    });
    const result = await runDocgen(['build', site]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('docs/guide.md:5:5  Redirect from /docs/intro would hide the page at that URL');
  });

  it('fail the build at the config line of an old URL that is a page', async () => {
    const site = writeSiteFiles(join(served.root, 'bad-config-from'), {
      ...SITE,
      'docgen.config.yaml': CONFIG.replace('  - from: /docs/old-guide\n', '  - from: /docs/intro\n'),
    });
    const result = await runDocgen(['build', site]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('docgen.config.yaml:7:11  Redirect from /docs/intro would hide the page at that URL');
  });

  it('fail build and check-links alike at the line of an old URL that is a file the build writes, before anything is written', async () => {
    const site = writeSiteFiles(join(served.root, 'bad-written'), {
      ...SITE,
      'docgen.config.yaml': CONFIG.replace(
        'extensionRedirects: [html]\n',
        '  - from: [/sitemap.xml, /404.html, /ko/llms.txt]\n    to: /docs/guide\n',
      ),
      'docs/intro.md': '---\ntitle: Intro\nredirect_from: [/docs/guide.md, /assets/app.js, /_docgen]\n---\n\nText.\n',
    });
    const expected = [
      'docgen.config.yaml:11:12  Redirect from /sitemap.xml would replace the sitemap, which the build writes at that URL',
      'docgen.config.yaml:11:26  Redirect from /404.html would replace the not-found page, which the build writes at that URL',
      'docgen.config.yaml:11:37  Redirect from /ko/llms.txt would replace llms.txt, which the build writes at that URL',
      'docs/intro.md:3:17  Redirect from /docs/guide.md would replace the markdown twin of /docs/guide, which the build writes at that URL',
      'docs/intro.md:3:33  Redirect from /assets/app.js would write into /assets/, a folder the build keeps for its own files',
      'docs/intro.md:3:49  Redirect from /_docgen would write into /_docgen/, a folder the build keeps for its own files',
    ];
    for (const command of ['build', 'check-links']) {
      const result = await runDocgen([command, site]);
      expect(result.code, command).toBe(2);
      for (const line of expected) expect(result.stderr, command).toContain(line);
    }
    expect(listFiles(site).filter((path) => path.startsWith('build/'))).toEqual([]);
  });
});
