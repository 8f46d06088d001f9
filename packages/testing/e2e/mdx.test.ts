/**
 * MDX pages through the real CLI on a site generated here: Docusaurus's theme components
 * (Tabs/TabItem with groupId, Admonition, CodeBlock with a title, Details), a partial, and a site
 * component with state (a counter) in docs and a blog post. The HTML is complete without
 * JavaScript; in Chromium the counter counts once hydrated, tabs of a group follow each other,
 * nothing is logged; a page without components loads no component code, and a second page with the
 * counter (reached by client-side navigation) fetches no more JavaScript and hydrates it.
 */
import { readSearchIndexText } from '../src/searchIndex.js';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gotoReady, launchBrowser, openPage } from '../src/browser.js';
import { runDocgen } from '../src/cli.js';
import { getMinimalSiteFiles, writeSiteFiles } from '../src/fixtureSite.js';
import { startPlainServer, type PlainServer } from '../src/plainServer.js';
import { startServe } from '../src/serve.js';

const scratch = mkdtempSync(join(tmpdir(), 'docgen-mdx-'));
const site = join(scratch, 'site');
const outDir = join(site, 'build');

const COUNTER = `import { useState, type ReactNode } from 'react';
import styles from './Counter.module.css';
import './counter.css';

export default function Counter({ start = 0, label, children }: { start?: number; label: string; children?: ReactNode }) {
  const [count, setCount] = useState(start);
  return (
    <div className="counter">
      <button type="button" className={styles.button} onClick={() => setCount(count + 1)}>
        {label}: {count}
      </button>
      {children}
    </div>
  );
}
`;

const GUIDE = `---
title: Guide
product: Widget
---
import Tabs from '@theme/Tabs';
import TabItem from '@theme/TabItem';
import Admonition from '@theme/Admonition';
import CodeBlock from '@theme/CodeBlock';
import Details from '@theme/Details';
import Intro from './_intro.mdx';
import Counter from '@site/src/components/Counter';

<Intro />

## Install

<Tabs groupId="os">
  <TabItem value="mac" label="macOS">Use brew.</TabItem>
  <TabItem value="win" label="Windows">Use choco.</TabItem>
</Tabs>

<Admonition type="warning" title="Careful">Hot surface.</Admonition>

<CodeBlock language="ts" title="hello.ts">{\`const x: number = 1;\`}</CodeBlock>

<Details summary="More details">Hidden details.</Details>

## Again

<Tabs groupId="os">
  <TabItem value="mac" label="macOS">Mac again.</TabItem>
  <TabItem value="win" label="Windows">Windows again.</TabItem>
</Tabs>

<Counter start={2} label="Clicks">
  Inside **the counter**.
</Counter>

[Second page](./second.mdx)
`;

beforeAll(async () => {
  writeSiteFiles(site, {
    ...getMinimalSiteFiles('MDX site'),
    'src/components/Counter.tsx': COUNTER,
    // A CSS module (class names the server's markup and the browser's code share) and plain CSS.
    'src/components/Counter.module.css': '.button { color: rgb(200, 0, 0); }\n',
    'src/components/counter.css': '.counter { border: 3px solid rgb(0, 0, 200); }\n',
    'docs/_intro.mdx': 'Intro from **the partial** about {frontMatter.product}.\n',
    'docs/guide.mdx': GUIDE,
    'docs/second.mdx':
      '---\ntitle: Second\n---\nimport Counter from \'../src/components/Counter\';\n\n<Counter label="Again" start={10} />\n',
    'docs/plain.mdx':
      '---\ntitle: Plain\n---\nimport Admonition from \'@theme/Admonition\';\n\n<Admonition type="tip">No components here.</Admonition>\n',
    'blog/authors.yaml': 'kim:\n  name: Kim\n',
    'blog/2025-01-02-hello.mdx': [
      '---',
      'title: Hello',
      'authors: [kim]',
      '---',
      "import Tabs from '@theme/Tabs';",
      "import TabItem from '@theme/TabItem';",
      "import Counter from '@site/src/components/Counter';",
      '',
      'A post.',
      '',
      '{/* truncate */}',
      '',
      '<Tabs groupId="os"><TabItem value="mac" label="macOS">Post mac.</TabItem><TabItem value="win" label="Windows">Post win.</TabItem></Tabs>',
      '',
      '<Counter label="Post clicks" />',
      '',
    ].join('\n'),
  });
  const { code, stderr } = await runDocgen(['build', site]);
  expect(code, stderr).toBe(0);
}, 120_000);
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const page = (path: string) => readFileSync(join(outDir, path, 'index.html'), 'utf8');

describe('MDX pages without JavaScript', () => {
  it('holds every component, the partial and the counter as HTML', () => {
    const html = page('docs/guide');
    expect(html).toContain('Intro from <strong>the partial</strong> about Widget.');
    expect(html).toMatch(/<div class="tabs-container" data-group-id="os">.*Use brew\..*Use choco\./s);
    expect(html).toContain('admonition admonition-warning');
    expect(html).toContain('Careful</div><div class="admonition-content">Hot surface.</div>');
    expect(html).toContain('<div class="code-block__title">hello.ts</div>');
    expect(html).toContain('<span class="token keyword">const</span>');
    expect(html).toContain('<details class="details"><summary>More details</summary>Hidden details.</details>');
    // The counter, rendered at build time, with its children (content) inside.
    expect(html).toMatch(
      /<docgen-island[^>]*data-src="\/assets\/islands\/Counter-[^"]+\.js"[^>]*><div class="counter"><button type="button" class="Counter_button">Clicks<!-- -->: <!-- -->2<\/button>/,
    );
    expect(html).toContain('<p>Inside <strong>the counter</strong>.</p>');
    // The component's CSS, linked by the pages that show it only.
    const stylesheet = /<link rel="stylesheet" href="(\/assets\/islands\/Counter-[^"]+\.css)">/.exec(html)?.[1];
    expect(readFileSync(join(outDir, stylesheet!), 'utf8')).toMatch(
      /\.Counter_button\{color:#c80000\}.*\.counter\{border:3px solid rgb\(0,0,200\)\}/s,
    );
    expect(page('blog/hello')).toContain(`<link rel="stylesheet" href="${stylesheet}">`);
    expect(page('docs/plain')).not.toContain('/assets/islands/');
    const post = page('blog/hello');
    expect(post).toContain('Post mac.');
    expect(post).toContain('Post clicks<!-- -->: <!-- -->0');
    // The partial is no page of its own.
    expect(readdirSync(join(outDir, 'docs'))).not.toContain('_intro');
  });

  it('is a page like a markdown page for the TOC, search, the markdown twin and llms.txt', () => {
    expect(page('docs/guide')).toContain('<a href="#again" class="table-of-contents__link">Again</a>');
    const searchDir = join(outDir, '_docgen/search');
    const buildIdDir = readdirSync(searchDir).find((name) => name !== 'files')!;
    const index = readSearchIndexText(join(searchDir, buildIdDir, 'en-docs-current.json'));
    // Text of the partial, the tabs, the counter's children and what the counter itself shows.
    for (const text of ['partial', 'choco', 'Inside', 'Clicks: 2']) expect(index).toContain(text);
    const twin = readFileSync(join(outDir, 'docs/guide.md'), 'utf8');
    expect(twin.startsWith('# Guide\n\n<Intro />')).toBe(true);
    expect(twin).not.toMatch(/^import /m);
    expect(readFileSync(join(outDir, 'llms.txt'), 'utf8')).toContain(
      '- [Guide](https://mdx-site.example.com/docs/guide.md): Intro from the partial about Widget.',
    );
  });
});

describe('MDX pages in Chromium', () => {
  let browser: Browser;
  let server: PlainServer;
  beforeAll(async () => {
    [browser, server] = await Promise.all([launchBrowser(), startPlainServer(outDir)]);
  });
  afterAll(async () => {
    await Promise.all([browser?.close(), server?.close()]);
  });

  it('hydrates the counter, keeps tabs of a group in step, and logs nothing', async () => {
    const { context, page: tab, problems } = await openPage(browser);
    const scripts: string[] = [];
    tab.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.endsWith('.js')) scripts.push(pathname);
    });
    await gotoReady(tab, `${server.url}/docs/guide`);
    const counter = tab.locator('.counter button');
    await expect
      .poll(async () => {
        await counter.click();
        return counter.textContent();
      })
      .toMatch(/^Clicks: [3-9]$/);
    const style = (locator: typeof counter) => locator.evaluate((element) => getComputedStyle(element).color);
    expect(await style(counter)).toBe('rgb(200, 0, 0)');
    expect(
      await tab
        .locator('.counter')
        .first()
        .evaluate((element) => getComputedStyle(element).borderTopColor),
    ).toBe('rgb(0, 0, 200)');
    const clicked = Number((await counter.textContent())!.split(': ')[1]);
    await counter.click();
    expect(await counter.textContent()).toBe(`Clicks: ${clicked + 1}`);

    await tab.locator('.tabs-container').first().locator('[role="tab"]', { hasText: 'Windows' }).click();
    const selected = await tab.locator('.tabs-container [aria-selected="true"]').allTextContents();
    expect(selected).toEqual(['Windows', 'Windows']);
    expect(await tab.locator('.tabs-container').nth(1).locator('[role="tabpanel"]:not([hidden])').textContent()).toBe('Windows again.');

    // One component chunk; the second page with the counter, reached by client-side navigation, fetches no more JavaScript.
    const islandScripts = scripts.filter((path) => path.startsWith('/assets/islands/'));
    expect(islandScripts).toHaveLength(1);
    const before = scripts.length;
    // Code the navigation itself loads (docgen's router) is no component code: it is let through below.
    await tab.locator('.markdown a', { hasText: 'Second page' }).click();
    await tab.waitForURL(`${server.url}/docs/second`);
    const again = tab.locator('.counter button');
    await expect.poll(() => again.textContent()).toBe('Again: 10');
    expect(await style(again)).toBe('rgb(200, 0, 0)');
    await expect
      .poll(async () => {
        await again.click();
        return again.textContent();
      })
      .toMatch(/^Again: (1[1-9])$/);
    expect(scripts.slice(before).filter((path) => path.startsWith('/assets/islands/'))).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('loads no component code on a page without components, and only the counter on a blog post with it', async () => {
    const { context, page: tab, problems } = await openPage(browser);
    const scripts: string[] = [];
    tab.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.endsWith('.js')) scripts.push(pathname);
    });
    await gotoReady(tab, `${server.url}/docs/plain`);
    expect(scripts.some((path) => path.startsWith('/assets/islands/'))).toBe(false);
    await gotoReady(tab, `${server.url}/blog/hello`);
    expect(scripts.filter((path) => path.startsWith('/assets/islands/'))).toHaveLength(1);
    const counter = tab.locator('.counter button');
    await expect
      .poll(async () => {
        await counter.click();
        return counter.textContent();
      })
      .toMatch(/^Post clicks: [1-9]$/);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('files an MDX page and a site component import, under a base URL', () => {
  // A 1x1 PNG, and the same with a byte more (another file, another hash).
  const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
  const BADGE_PNG = Buffer.concat([PNG, Buffer.from('\n')]);
  const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="12" height="8"><rect width="12" height="8" fill="teal"/></svg>\n';
  const root = join(scratch, 'files');
  const filesSite = join(root, 'site');
  // Built into out/base and served from out: the site is at /base/, as its baseUrl says.
  const served = join(root, 'out');
  let server: PlainServer;
  let browser: Browser;
  let html: string;
  beforeAll(async () => {
    writeSiteFiles(filesSite, {
      ...getMinimalSiteFiles('MDX files'),
      'docgen.config.yaml':
        'title: MDX files\nurl: https://files.example.com\nbaseUrl: /base/\ni18n:\n  defaultLocale: en\n  locales: [en]\n',
      'docs/img/pic.png': PNG,
      'static/img/logo.svg': SVG,
      'static/data/team.json': JSON.stringify([{ name: 'Ana' }, { name: 'Bo' }]),
      'src/components/img/badge.png': BADGE_PNG,
      'src/components/Badge.tsx': [
        "import { useState } from 'react';",
        "import badge from './img/badge.png';",
        '',
        'export default function Badge({ picture }: { picture: string }) {',
        '  const [shown, setShown] = useState(0);',
        '  return (',
        '    <div className="badge">',
        '      <img className="own" src={badge} alt="badge" />',
        '      <img className="required" src={require(\'./img/badge.png\').default} alt="badge again" />',
        '      <img className="given" src={picture} alt="given" />',
        '      <button type="button" onClick={() => setShown(shown + 1)}>Shown {shown}</button>',
        '    </div>',
        '  );',
        '}',
        '',
      ].join('\n'),
      'docs/figures.mdx': [
        '---',
        'title: Figures',
        '---',
        "import pic from './img/pic.png';",
        "import logo from '@site/static/img/logo.svg';",
        "import Badge from '@site/src/components/Badge';",
        // Data from `/`: the static folder's JSON, as webpack resolves it (Apache Answer's team page).
        "import team from '/data/team.json';",
        '',
        '<p className="team">{team.map((member) => member.name).join(" and ")}</p>',
        '',
        '<img className="pic" src={pic} alt="A picture" />',
        '',
        '<img className="logo" src={logo} alt="The logo" />',
        '',
        '<img className="pic-required" src={require(\'./img/pic.png\').default} alt="Required" />',
        '',
        // A path from `/`: the static folder's file, as webpack resolves it (QuestDB's video).
        '<img className="logo-rooted" src={require(\'/static/img/logo.svg\').default} alt="Rooted" />',
        '',
        '<Badge picture={pic} />',
        '',
      ].join('\n'),
    });
    const built = await runDocgen(['build', filesSite, '--out-dir', '../out/base']);
    expect(built.code, built.stderr).toBe(0);
    expect(built.stderr).toBe('');
    html = readFileSync(join(served, 'base/docs/figures/index.html'), 'utf8');
    [browser, server] = await Promise.all([launchBrowser(), startPlainServer(served)]);
  }, 120_000);
  afterAll(async () => {
    await Promise.all([browser?.close(), server?.close()]);
  });

  /** The src of the image whose first class is `className`. */
  const srcOf = (className: string) =>
    [...html.matchAll(/<img\b[^>]*>/g)]
      .map(([tag]) => [/\sclass="([^" ]+)/.exec(tag)?.[1], /\ssrc="([^"]+)"/.exec(tag)?.[1]])
      .find(([name]) => name === className)?.[1];

  it('gives each import the URL of the file copied into the output below the base URL, which a plain static server answers with the file', async () => {
    const expected: [string, Buffer | string][] = [
      ['pic', PNG],
      ['logo', SVG],
      ['pic-required', PNG],
      ['logo-rooted', SVG],
      ['own', BADGE_PNG],
      ['required', BADGE_PNG],
      ['given', PNG],
    ];
    expect(html).toContain('<p class="team">Ana and Bo</p>');
    for (const [className, contents] of expected) {
      const src = srcOf(className);
      expect(src, className).toMatch(/^\/base\/assets\/(files|islands)\/[^/]+\.(png|svg)$/);
      const answer = await fetch(server.url + src!);
      expect(answer.status, `${className}: ${src}`).toBe(200);
      expect(Buffer.from(await answer.arrayBuffer())).toEqual(Buffer.from(contents));
    }
    // An MDX import is the file as a markdown image copies it; the page's two uses of it are one URL.
    expect(srcOf('pic')).toBe(srcOf('pic-required'));
    expect(srcOf('logo')).toBe(srcOf('logo-rooted'));
    expect(srcOf('given')).toBe(srcOf('pic'));
    expect(srcOf('own')).toBe(srcOf('required'));
    // The server's markup and the component's browser code name the component's image alike.
    const entry = /<docgen-island[^>]*data-src="([^"]+)"/.exec(html)![1]!;
    expect(readFileSync(join(served, entry), 'utf8')).toContain(JSON.stringify(srcOf('own')));
    expect(html).toContain(`data-props="{&quot;picture&quot;:&quot;${srcOf('pic')}&quot;}"`);
  });

  it('shows every image in Chromium, before and after the component hydrates, with nothing logged', async () => {
    const { context, page: tab, problems } = await openPage(browser);
    await gotoReady(tab, `${server.url}/base/docs/figures`);
    const button = tab.locator('.badge button');
    await expect
      .poll(async () => {
        await button.click();
        return button.textContent();
      })
      .toMatch(/^Shown [1-9]$/);
    const widths = await tab
      .locator('article img, .markdown img')
      .evaluateAll((images) => images.map((image) => [image.classList[0], (image as HTMLImageElement).naturalWidth]));
    expect(Object.fromEntries(widths)).toEqual({ pic: 1, logo: 12, 'pic-required': 1, 'logo-rooted': 12, own: 1, required: 1, given: 1 });
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe("a page's own interactive parts: elements with event handlers and components the page exports", () => {
  const root = join(scratch, 'interactive');
  const playSite = join(root, 'site');
  const PLAY = [
    '---',
    'title: Play',
    '---',
    "import data from './data.json';",
    "import useBaseUrl from '@docusaurus/useBaseUrl';",
    "import { useState } from 'react';",
    '',
    // Docusaurus's classic template, markdown-features-react.mdx.
    'export const Highlight = ({children, color}) => (',
    '  <span',
    '    className="hl"',
    "    style={{backgroundColor: color, borderRadius: '2px', padding: '0.2rem'}}",
    '    onClick={() => {',
    '      alert(`You clicked the color ${color} with label ${children}`);',
    '    }}>',
    '    {children}',
    '  </span>',
    ');',
    '',
    'export function Count({ start }) {',
    '  const [n, setN] = useState(start);',
    '  return <button className="count" onClick={() => setN(n + 1)}>Count {n}</button>;',
    '}',
    '',
    'export const Logo = () => <img className="logo" alt="logo" src={useBaseUrl(\'/img/logo.svg\')} onClick={() => alert(\'logo\')} />;',
    '',
    'This is <Highlight color="#25c2a0">Docusaurus green</Highlight> !',
    '',
    // The classic template's tutorial: an element of the page with a handler.
    '<button className="classic" onClick={() => alert(\'button clicked!\')}>Click me!</button>',
    '',
    '<button className="json" onClick={() => alert(data.greeting)}>Say **hello**</button>',
    '',
    '<Count start={3} />',
    '',
    '<Logo />',
    '',
  ].join('\n');
  let server: PlainServer;
  let browser: Browser;
  let html: string;
  let stderr: string;
  beforeAll(async () => {
    writeSiteFiles(playSite, {
      ...getMinimalSiteFiles('MDX play'),
      'static/img/logo.svg': '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"/>\n',
      'docs/data.json': '{ "greeting": "Hello from JSON" }\n',
      'docs/play.mdx': PLAY,
      'docs/still.mdx':
        '---\ntitle: Still\n---\nexport const Plain = ({ children }) => <em>{children}</em>;\n\n<Plain>Nothing to run.</Plain>\n',
    });
    const built = await runDocgen(['build', playSite]);
    expect(built.code, built.stderr).toBe(0);
    stderr = built.stderr;
    html = readFileSync(join(playSite, 'build/docs/play/index.html'), 'utf8');
    [browser, server] = await Promise.all([launchBrowser(), startPlainServer(join(playSite, 'build'))]);
  }, 120_000);
  afterAll(async () => {
    await Promise.all([browser?.close(), server?.close()]);
  });

  it('renders them at build time with their content, and names the one that cannot run in a browser', () => {
    expect(html).toMatch(
      /<span class="hl" style="background-color:#25c2a0;[^"]*"><docgen-children[^>]*>Docusaurus green<\/docgen-children><\/span>/,
    );
    expect(html).toMatch(/<button class="classic"><docgen-children[^>]*>Click me!<\/docgen-children><\/button>/);
    expect(html).toMatch(/<button class="json"><docgen-children[^>]*>Say <strong>hello<\/strong><\/docgen-children><\/button>/);
    expect(html).toContain('<button class="count">Count <!-- -->3</button>');
    expect(html).toMatch(/<img[^>]*class="logo"[^>]*src="\/img\/logo.svg"/);
    // Logo uses a Docusaurus module, which the browser bundle lacks: shown as HTML, with a warning at its place.
    expect(stderr).toMatch(/docs\/play\.mdx:24:14 +<Logo> is shown without interaction: it uses useBaseUrl from @docusaurus\/useBaseUrl/);
    expect(stderr.match(/warning/g)).toHaveLength(2);
    // A page whose components keep no state and handle no event loads no component code.
    expect(readFileSync(join(playSite, 'build/docs/still/index.html'), 'utf8')).not.toContain('docgen-island');
  });

  it('runs their handlers and state in Chromium, served by a plain static server', async () => {
    const { context, page: tab, problems } = await openPage(browser);
    const alerts: string[] = [];
    tab.on('dialog', (dialog) => {
      alerts.push(dialog.message());
      void dialog.dismiss();
    });
    await gotoReady(tab, `${server.url}/docs/play`);
    const count = tab.locator('button.count');
    await expect
      .poll(async () => {
        await count.click();
        return count.textContent();
      })
      .toMatch(/^Count ([4-9]|\d\d)$/);
    await tab.locator('button.classic').click();
    await tab.locator('button.json').click();
    await tab.locator('span.hl').click();
    await expect
      .poll(() => alerts)
      .toEqual(['button clicked!', 'Hello from JSON', 'You clicked the color #25c2a0 with label [object Object]']);
    // The content inside the islands is the page's, as rendered at build time.
    expect(await tab.locator('button.json strong').textContent()).toBe('hello');
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe("site components that import Docusaurus's modules, hydrated under a base URL", () => {
  const root = join(scratch, 'docusaurus-modules');
  const modulesSite = join(root, 'site');
  const served = join(root, 'out');
  let server: PlainServer;
  let browser: Browser;
  let built: Awaited<ReturnType<typeof runDocgen>>;
  beforeAll(async () => {
    writeSiteFiles(modulesSite, {
      ...getMinimalSiteFiles('Modules'),
      'docgen.config.yaml':
        'title: Modules\ntagline: All of them\nurl: https://modules.example.com\nbaseUrl: /base/\ni18n:\n  defaultLocale: en\n  locales: [en]\n',
      'src/components/Card.jsx': [
        "import { useState } from 'react';",
        "import Link from '@docusaurus/Link';",
        "import useBaseUrl from '@docusaurus/useBaseUrl';",
        "import useDocusaurusContext from '@docusaurus/useDocusaurusContext';",
        "import useIsBrowser from '@docusaurus/useIsBrowser';",
        "import BrowserOnly from '@docusaurus/BrowserOnly';",
        "import Translate, { translate } from '@docusaurus/Translate';",
        "import { useLocation } from '@docusaurus/router';",
        "import Details from '@theme/Details';",
        "import { useColorMode } from '@docusaurus/theme-common';",
        '',
        'export default function Card() {',
        '  const { siteConfig } = useDocusaurusContext();',
        '  const [count, setCount] = useState(0);',
        '  return (',
        '    <div className="card-x">',
        '      <Link className="to-intro" to="/docs/card">{siteConfig.title}: {siteConfig.tagline}</Link>',
        "      <img className=\"logo\" src={useBaseUrl('/img/logo.svg')} alt={translate({ message: 'Logo of {name}' }, { name: siteConfig.title })} />",
        "      <span className=\"where\">{useIsBrowser() ? 'browser' : 'server'}</span>",
        '      <BrowserOnly fallback={<i className="only">later</i>}>{() => <b className="only">{window.location.pathname}</b>}</BrowserOnly>',
        '      <button type="button" onClick={() => setCount(count + 1)}><Translate values={{ count }}>{\'Clicked {count}\'}</Translate></button>',
        '      <span className="path">{useLocation().pathname}</span>',
        '      <Details summary="More">Inside</Details>',
        '      <span className="mode">{useColorMode().colorMode}</span>',
        '    </div>',
        '  );',
        '}',
        '',
      ].join('\n'),
      'docs/card.mdx': "---\ntitle: Card\n---\nimport Card from '@site/src/components/Card';\n\n<Card />\n",
      'static/img/logo.svg': '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"/>\n',
    });
    built = await runDocgen(['build', modulesSite, '--out-dir', '../out/base']);
    [browser, server] = await Promise.all([launchBrowser(), startPlainServer(served)]);
  }, 120_000);
  afterAll(async () => {
    await Promise.all([browser?.close(), server?.close()]);
  });

  it('renders them at build time with the site, and hydrates them in Chromium without a console message', async () => {
    expect(built.code, built.stderr).toBe(0);
    const html = readFileSync(join(served, 'base/docs/card/index.html'), 'utf8');
    expect(html).toContain('<a class="to-intro" href="/base/docs/card">Modules<!-- -->: <!-- -->All of them</a>');
    expect(html).toContain('<img class="logo" src="/base/img/logo.svg" alt="Logo of Modules"/>');
    expect(html).toContain('<span class="where">server</span><i class="only">later</i>');
    expect(html).toContain(
      '<span class="path">/base/docs/card</span><details class="details"><summary>More</summary>Inside</details><span class="mode">light</span>',
    );
    const { context, page: tab, problems } = await openPage(browser);
    const missing: string[] = [];
    tab.on('response', (response) => {
      if (response.status() === 404) missing.push(new URL(response.url()).pathname);
    });
    await gotoReady(tab, `${server.url}/base/docs/card`);
    await expect.poll(() => tab.locator('.card-x .where').textContent()).toBe('browser');
    expect(await tab.locator('.card-x b.only').textContent()).toBe('/base/docs/card');
    await tab.locator('.card-x summary').click();
    expect(await tab.locator('.card-x details').getAttribute('open')).toBe('');
    const button = tab.locator('.card-x button');
    await button.click();
    await expect.poll(() => button.textContent()).toBe('Clicked 1');
    expect(missing).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('names a module of Docusaurus a component cannot have in the browser, at its import', async () => {
    const other = join(root, 'other');
    writeSiteFiles(other, {
      ...getMinimalSiteFiles('Other'),
      'src/components/Color.jsx':
        "import DocPaginator from '@theme/DocPaginator';\nexport default function Color() { return <DocPaginator />; }\n",
      'docs/color.mdx': "---\ntitle: Color\n---\nimport Color from '@site/src/components/Color';\n\n<Color />\n",
    });
    const failed = await runDocgen(['build', other]);
    expect(failed.code).not.toBe(0);
    expect(failed.stderr).toMatch(
      /src\/components\/Color\.jsx:1:\d+ .*@theme\/DocPaginator is not a module docgen gives site components in the browser/,
    );
  });
});

describe("Docusaurus's DocCardList and DocCard in MDX pages", () => {
  it('shows the cards of the category whose page the doc is, and warns where there is none', async () => {
    const cards = writeSiteFiles(join(scratch, 'cards'), {
      ...getMinimalSiteFiles('Cards'),
      'docs/guide/index.mdx': "---\ntitle: Guide\n---\nimport DocCardList from '@theme/DocCardList';\n\nEvery part:\n\n<DocCardList />\n",
      'docs/guide/install.md': '---\ntitle: Install\ndescription: Put it on the machine\n---\n\nSteps.\n',
      // Docusaurus 2's way: the items of the current category, given to DocCardList.
      'docs/guide/deep/index.mdx': [
        '---',
        'title: Deep',
        '---',
        "import DocCardList from '@theme/DocCardList';",
        "import { useCurrentSidebarCategory } from '@docusaurus/theme-common';",
        '',
        '<DocCardList items={useCurrentSidebarCategory().items} />',
        '',
      ].join('\n'),
      'docs/guide/deep/one.md': '# One\n\nText.\n',
      'docs/guide/deep/two.md': '# Two\n\nText.\n',
      'docs/alone.mdx': [
        '---',
        'title: Alone',
        '---',
        "import DocCardList from '@theme/DocCardList';",
        "import DocCard from '@theme/DocCard';",
        '',
        '<DocCardList />',
        '',
        "<DocCard item={{ type: 'link', label: 'Elsewhere', href: '/docs/guide/install', description: 'By hand' }} />",
        '',
      ].join('\n'),
    });
    const built = await runDocgen(['build', cards]);
    expect(built.code, built.stderr).toBe(0);
    const guide = readFileSync(join(cards, 'build/docs/guide/index.html'), 'utf8');
    expect(guide).toMatch(
      /<p>Every part:<\/p>\s*<section class="card-grid"><a class="card" href="\/docs\/guide\/deep\/"><h2 class="card__title">deep<\/h2><p class="card__description">2 items<\/p><\/a><a class="card" href="\/docs\/guide\/install"><h2 class="card__title">Install<\/h2><p class="card__description">Put it on the machine<\/p><\/a><\/section>/,
    );
    expect(built.stderr).toMatch(
      /^warning docs\/alone\.mdx:1:1 +<DocCardList \/> shows the items of the sidebar category whose page this doc is/m,
    );
    const deep = readFileSync(join(cards, 'build/docs/guide/deep/index.html'), 'utf8');
    expect(deep).toMatch(/<section class="card-grid"><a class="card" href="\/docs\/guide\/deep\/one"><h2 class="card__title">One<\/h2>/);
    const alone = readFileSync(join(cards, 'build/docs/alone/index.html'), 'utf8');
    expect(alone).toContain(
      '<a href="/docs/guide/install" class="card"><p class="card__title">Elsewhere</p><p class="card__description">By hand</p></a>',
    );
    expect(alone).not.toContain('id="elsewhere"');
  });
});

describe('markdown.format: which files are MDX, as Docusaurus 3 decides it', () => {
  const PAGE = "import data from './data.json';\n\nVersion {data.version}, <b>{1 + 1}</b>.\n";
  const buildWith = async (name: string, format: string) => {
    const formatSite = join(scratch, name);
    writeSiteFiles(formatSite, {
      ...getMinimalSiteFiles('Formats'),
      'docgen.config.yaml': `title: Formats\nurl: https://formats.example.com\nmarkdown:\n  format: ${format}\ni18n:\n  defaultLocale: en\n  locales: [en]\n`,
      'docs/data.json': '{ "version": "2.4" }\n',
      'docs/page.md': `---\ntitle: Page\n---\n${PAGE}`,
      'docs/other.mdx': `---\ntitle: Other\n---\n${PAGE}`,
    });
    const built = await runDocgen(['build', formatSite]);
    const read = (path: string) => readFileSync(join(formatSite, 'build/docs', path, 'index.html'), 'utf8');
    return { built, read, twin: (path: string) => readFileSync(join(formatSite, 'build/docs', `${path}.md`), 'utf8') };
  };

  it('mdx: a .md file is MDX too, its imports run and its twin leaves them out', async () => {
    const { built, read, twin } = await buildWith('format-mdx', 'mdx');
    expect(built.code, built.stderr).toBe(0);
    expect(built.stderr).toBe('');
    for (const path of ['page', 'other']) expect(read(path)).toContain('<p>Version 2.4, <b>2</b>.</p>');
    expect(twin('page')).not.toContain('import data');
  }, 60_000);

  it('md: an .mdx file is markdown, its import a warning and its braces text', async () => {
    const { built, read } = await buildWith('format-md', 'md');
    expect(built.code, built.stderr).toBe(0);
    expect(built.stderr).toMatch(/docs\/other\.mdx:4:1 /);
    expect(read('other')).toContain('Version {data.version}, <b>{1 + 1}</b>.');
  }, 60_000);
});

describe('MDX pages under serve --watch', () => {
  it('serves them whole from the first request, and follows edits of a page, a partial and a site component', async () => {
    const serve = await startServe(site, ['--watch', '--port', '0']);
    const get = async (path: string) => (await fetch(serve.url + path)).text();
    const island = (html: string) => /<docgen-island[^>]*data-src="([^"]+)"[^>]*>(.*?)<\/docgen-island>/s.exec(html);
    try {
      // The first request of a cold start: no component is left out, nothing is shown as text.
      const first = await get('/docs/guide');
      expect(first).toContain('Intro from <strong>the partial</strong> about Widget.');
      expect(first).toContain('<div class="tabs-container" data-group-id="os">');
      expect(island(first)?.[2]).toMatch(
        /^<div class="counter"><button type="button" class="Counter_button">Clicks<!-- -->: <!-- -->2<\/button>/,
      );
      expect(first).not.toContain('&lt;Counter');
      await expect.poll(() => serve.stdout(), { timeout: 60_000 }).toMatch(/Built \d+ pages/);

      // A page's own text (rendered ahead of the rebuild).
      const second = join(site, 'docs/second.mdx');
      writeFileSync(second, `${readFileSync(second, 'utf8')}\nEdited under watch.\n`);
      await expect.poll(() => get('/docs/second'), { timeout: 15_000 }).toContain('<p>Edited under watch.</p>');
      expect(island(await get('/docs/second'))?.[2]).toContain('Again<!-- -->: <!-- -->10');

      // The partial: the page that imports it changes.
      writeFileSync(join(site, 'docs/_intro.mdx'), 'Intro from **the edited partial** about {frontMatter.product}.\n');
      await expect
        .poll(() => get('/docs/guide'), { timeout: 15_000 })
        .toContain('Intro from <strong>the edited partial</strong> about Widget.');

      // The component: rendered again on the server, and its browser code (a new file) is served.
      const before = island(await get('/docs/guide'))![1];
      writeFileSync(join(site, 'src/components/Counter.tsx'), COUNTER.replace('{label}: {count}', '{label} = {count}'));
      await expect.poll(async () => island(await get('/docs/guide'))?.[2], { timeout: 15_000 }).toContain('Clicks<!-- --> = <!-- -->2');
      const after = island(await get('/docs/guide'))![1];
      expect(after).not.toBe(before);
      expect((await fetch(serve.url + after)).status).toBe(200);
      expect(serve.stderr()).not.toMatch(/error/i);
    } finally {
      serve.child.kill('SIGINT');
      expect(await serve.exited).toBe(0);
    }
  });
});
