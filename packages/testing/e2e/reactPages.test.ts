/**
 * React pages written for Docusaurus (`pages/index.js` with `@theme/Layout`), on a site generated
 * here under a base URL with two locales: each module of Docusaurus's surface a page imports is
 * rendered at build time (the HTML is whole without JavaScript: its title and description are
 * what `<Layout>` says) and hydrated in Chromium, served by a plain static server, without a
 * console message; its CSS module styles it, its state and Docusaurus's tabs work, and a client
 * navigation reaches it. `<Head>` gives a page its title; `noFooter` hides the footer.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gotoReady, launchBrowser, openPage } from '../src/browser.js';
import { listFiles, runDocgen } from '../src/cli.js';
import { writeSiteFiles } from '../src/fixtureSite.js';
import { startPlainServer, type PlainServer } from '../src/plainServer.js';

const scratch = mkdtempSync(join(tmpdir(), 'docgen-react-pages-'));
const site = join(scratch, 'site');
const served = join(scratch, 'out');

const HOME = `import React, { useState } from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import useBaseUrl, { useBaseUrlUtils } from '@docusaurus/useBaseUrl';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import useGlobalData from '@docusaurus/useGlobalData';
import Translate, { translate } from '@docusaurus/Translate';
import Interpolate from '@docusaurus/Interpolate';
import { useThemeConfig, useWindowSize, ThemeClassNames } from '@docusaurus/theme-common';
import Layout from '@theme/Layout';
import Heading from '@theme/Heading';
import Tabs from '@theme/Tabs';
import TabItem from '@theme/TabItem';
import CodeBlock from '@theme/CodeBlock';
import Admonition from '@theme-original/Admonition';
import ThemedImage from '@theme/ThemedImage';
import IconExternalLink from '@theme/Icon/ExternalLink';
import IconCopy from '@theme/Icon/Copy';
import IconSuccess from '@theme/Icon/Success';
import useBrokenLinks from '@docusaurus/useBrokenLinks';
import SearchBar from '@theme/SearchBar';
import BackToTopButton from '@theme/BackToTopButton';
import Features from '@site/src/components/Features';
import styles from './index.module.css';

function Hero() {
  const { siteConfig, i18n } = useDocusaurusContext();
  const [count, setCount] = useState(0);
  return (
    <header className={clsx('hero hero--primary', styles.banner)}>
      <Heading as="h1" className="hero__title">{siteConfig.title}</Heading>
      <p className="hero__subtitle">{siteConfig.tagline} ({i18n.currentLocale})</p>
      <Link className="button button--secondary button--lg" to="/docs/intro">
        <Translate id="home.start">Get started</Translate>
      </Link>
      <button type="button" className="counter" onClick={() => setCount(count + 1)}>
        <Interpolate values={{ count }}>{'Clicked {count}'}</Interpolate>
      </button>
    </header>
  );
}

export default function Home() {
  const { siteConfig } = useDocusaurusContext();
  const docs = useGlobalData()['docusaurus-plugin-content-docs'].default;
  const { withBaseUrl } = useBaseUrlUtils();
  return (
    <Layout title={\`Hello from \${siteConfig.title}\`} description="The home page of Surface" wrapperClassName="home-wrapper">
      <Hero />
      <main className={ThemeClassNames.wrapper.main}>
        <p className="versions">{docs.versions.map((version) => version.name + '@' + version.path).join(' ')}</p>
        <p className="navbar-items">{useThemeConfig().navbar.items.length} navbar items</p>
        <p className="users">{siteConfig.customFields.users.map((user) => user.caption).join(', ')}</p>
        <p className="window-size">{useWindowSize()}</p>
        <img className="logo" src={useBaseUrl('/img/logo.svg')} alt={translate({ message: 'Logo of {name}' }, { name: siteConfig.title })} />
        <a className="absolute" href={withBaseUrl('/docs/intro', { absolute: true })}>absolute<IconExternalLink /></a>
        <span className="icons" id={(useBrokenLinks().collectAnchor('icons'), 'icons')}><IconCopy className="copy-icon" width="18" /><IconSuccess aria-hidden /></span>
        <Tabs groupId="os" values={[{ value: 'mac', label: 'Apple macOS' }, { value: 'linux' }]}>
          <TabItem value="mac" label="macOS">Mac steps</TabItem>
          <TabItem value="linux" label="Linux" default>Linux steps</TabItem>
        </Tabs>
        <CodeBlock language="bash" title="install.sh">npm install surface</CodeBlock>
        <Admonition type="tip" title="Good to know">Tips inside</Admonition>
        <ThemedImage alt="Mode" sources={{ light: useBaseUrl('/img/logo.svg'), dark: useBaseUrl('/img/logo.svg') }} />
        <Features />
        <section className={clsx('hero hero--primary', styles.gradient)}>
          <p className={clsx('hero__subtitle', styles.tagline)}>Over the hero</p>
        </section>
        <SearchBar />
        <BackToTopButton />
      </main>
    </Layout>
  );
}
`;

const FEATURES = `import Heading from '@theme/Heading';
import Mountain from '@site/static/img/mountain.svg';
import describe from 'describe-value';

const LIST = [{ title: 'Fast' }, { title: 'Small' }];

// Function components with defaultProps, as sites written for React 18 have them (testing-library's Container).
function Box({ kind, children }) {
  return <div className={'box box-' + kind}>{children}</div>;
}
Box.defaultProps = { kind: 'plain' };

export default function Features({ layout }) {
  return (
    <section className={'features features-' + layout} data-described={describe(layout)}>
      {LIST.map(({ title }) => (
        <div key={title} className="col col--6">
          <Mountain className="feature-svg" role="img" />
          <Heading as="h3">{title}</Heading>
          <Box>{title} box</Box>
        </div>
      ))}
    </section>
  );
}
Features.defaultProps = { layout: 'grid' };
`;

describe('React pages written for Docusaurus', () => {
  let server: PlainServer;
  let browser: Browser;
  let built: Awaited<ReturnType<typeof runDocgen>>;
  beforeAll(async () => {
    writeSiteFiles(site, {
      'docgen.config.yaml': [
        'title: Surface',
        'tagline: Every module',
        'url: https://surface.example.com',
        'baseUrl: /base/',
        'i18n:',
        '  defaultLocale: en',
        '  locales: [en, ko]',
        'navbar:',
        '  items:',
        '    - label: Docs',
        '      to: /docs/intro',
        'footer:',
        '  copyright: Surface footer',
        // What a site's components read from siteConfig.customFields (pnpm.io's users page).
        'customFields:',
        '  users:',
        '    - caption: Alova',
        '    - caption: Vite',
        '',
      ].join('\n'),
      'sidebars.yaml': 'docs:\n  - type: autogenerated\n    dirName: .\n',
      'docs/intro.md': '---\ntitle: Intro\n---\n\nBack [home](/).\n',
      'pages/index.js': HOME,
      // A font of static/ and a file the deployed site has elsewhere, named from `/` as Docusaurus sites do.
      'pages/index.module.css':
        "@font-face { font-family: Brand; src: url(/fonts/brand.woff2) format('woff2'); }\n.banner { padding-top: 37px; }\n.gradient { background-image: linear-gradient(rgb(230, 239, 255), rgb(255, 255, 255)); }\n.tagline { color: rgb(1, 2, 3); }\n.unused { background: url(/elsewhere/bg.png); }\n",
      'static/fonts/brand.woff2': 'not really a font',
      'pages/about.jsx': [
        "import Head from '@docusaurus/Head';",
        "import Layout from '@theme/Layout';",
        // What Docusaurus's MDX renders links with, which React Native's components use.
        "import A from '@theme/MDXComponents/A';",
        'export default function About() {',
        '  return (',
        '    <Layout noFooter>',
        '      <Head><title>About us</title><meta name="description" content="Who we are" /></Head>',
        '      <p className="about">About the team</p>',
        '      <A className="team-docs" href="/base/docs/intro">Our docs</A>',
        '    </Layout>',
        '  );',
        '}',
        '',
      ].join('\n'),
      // A page that only moves readers elsewhere (React Native's /releases).
      'pages/moved.jsx':
        'import { Redirect } from \'@docusaurus/router\';\n\nexport default function Moved() {\n  return <Redirect to="/base/about" />;\n}\n',
      // A page that shows another page's component, importing none of Docusaurus's modules itself (jellyfin's).
      'pages/again.tsx': "import Home from './index';\n\nexport default function Again() {\n  return <Home />;\n}\n",
      // A class page of Docusaurus 1's days: the site's config is its `config` prop (Jest's and Testing Library's home pages).
      'pages/legacy.js': [
        "import React from 'react';",
        "import Layout from '@theme/Layout';",
        'export default class Legacy extends React.Component {',
        '  render() {',
        "    const { config: siteConfig, language = '' } = this.props;",
        '    return <Layout><p className="legacy">{siteConfig.title}: {siteConfig.tagline} at {siteConfig.baseUrl}{language}</p></Layout>;',
        '  }',
        '}',
        '',
      ].join('\n'),
      'src/components/Features.js': FEATURES,
      // A package whose browser field disables a module of a name that ends as a file's would,
      // which needs Node's util (object-inspect's ./util.inspect, in Babel's site).
      'node_modules/describe-value/package.json': JSON.stringify({
        name: 'describe-value',
        main: 'index.js',
        browser: { './util.inspect.js': false },
      }),
      'node_modules/describe-value/index.js':
        "var utilInspect = require('./util.inspect');\nmodule.exports = function (value) { return typeof value + ':' + String(value); };\n",
      'node_modules/describe-value/util.inspect.js': "module.exports = require('util').inspect;\n",
      'i18n/ko/code.yaml': 'home.start: 시작하기\n',
      'static/img/logo.svg': '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"/>\n',
      'static/img/mountain.svg': '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><path class="peak" d="M0 8 4 0 8 8z"/></svg>\n',
    });
    built = await runDocgen(['build', site, '--out-dir', '../out/base']);
    [browser, server] = await Promise.all([launchBrowser(), startPlainServer(served)]);
  }, 120_000);
  afterAll(async () => {
    await Promise.all([browser?.close(), server?.close()]);
    rmSync(scratch, { recursive: true, force: true });
  });

  it('renders each at its route with what every module gives, its head from <Layout> and <Head>', () => {
    expect(built.stderr).not.toMatch(/^(error|warning)/m);
    expect(built.code).toBe(0);
    const html = readFileSync(join(served, 'base/index.html'), 'utf8');
    expect(html).toContain('<title>Hello from Surface | Surface</title>');
    expect(html).toContain('<meta name="description" content="The home page of Surface"');
    expect(html).toMatch(/<div class="main-wrapper home-wrapper"><header class="hero hero--primary [\w-]+banner[\w-]*">/);
    expect(html).toContain('<h1 class="hero__title">Surface</h1>');
    expect(html).toContain('Every module<!-- --> (<!-- -->en<!-- -->)');
    expect(html).toContain('<a class="button button--secondary button--lg" href="/base/docs/intro">Get started</a>');
    expect(html).toContain('<p class="versions">current@/base/docs</p>');
    expect(html).toContain('<p class="navbar-items">1<!-- --> navbar items</p>');
    expect(html).toContain('<p class="users">Alova, Vite</p>');
    // Not known on the server, as under Docusaurus (streampark's pages read it).
    expect(html).toContain('<p class="window-size">ssr</p>');
    expect(html).toContain('<img class="logo" src="/base/img/logo.svg" alt="Logo of Surface"/>');
    expect(html).toContain(
      'href="https://surface.example.com/base/docs/intro">absolute<svg class="external-link-icon" aria-hidden="true"></svg></a>',
    );
    // Docusaurus's icons as SVGs that take an svg's props; useBrokenLinks' collectors do nothing.
    expect(html).toMatch(
      /<span class="icons" id="icons"><svg viewBox="0 0 24 24" class="copy-icon" width="18"><path fill="currentColor" d="M19 21H8V7h11[^"]+"><\/path><\/svg><svg viewBox="0 0 24 24" aria-hidden="true"><path fill="currentColor" d="M21 7 9 19[^"]+"><\/path><\/svg><\/span>/,
    );
    // Docusaurus's tabs in the theme's markup: the default item shown, the other hidden.
    expect(html).toMatch(/aria-selected="true"[^>]*data-value="linux"/);
    // The label of `values` wins over the item's own, as in Docusaurus.
    expect(html).toMatch(/data-value="mac" class="tabs__item">Apple macOS<\/button>/);
    expect(html).toMatch(/data-value="mac" class="tabs__panel" hidden="">Mac steps/);
    expect(html).toContain('<div class="code-block__title">install.sh</div>');
    expect(html).toContain('<code>npm install surface</code>');
    expect(html).toContain('<div class="admonition admonition-tip">');
    expect(html).toContain('themed-image--dark');
    // An SVG a component requires is drawn inline, its props over the file's attributes.
    expect(html).toContain('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8" class="feature-svg" role="img"><path class="peak"');
    // defaultProps of function components, which React 19's jsx() leaves out and React 18 gave.
    expect(html).toContain('<section class="features features-grid" data-described="string:grid">');
    expect(html).toContain('<div class="box box-plain">Fast<!-- --> box</div>');
    expect(html).toContain('<h3>Fast</h3>');
    // The page is the whole screen, not a markdown page's column with its title.
    expect(html).not.toContain('markdown-page');
    // The second locale renders the page too, in its own locale, with its messages (i18n/ko/code.yaml).
    const korean = readFileSync(join(served, 'base/ko/index.html'), 'utf8');
    expect(korean).toContain('<h1 class="hero__title">Surface</h1>');
    expect(korean).toContain('Every module<!-- --> (<!-- -->ko<!-- -->)');
    expect(korean).toContain('<a class="button button--secondary button--lg" href="/base/docs/intro">시작하기</a>');
    expect(readFileSync(join(served, 'base/again/index.html'), 'utf8')).toContain('<h1 class="hero__title">Surface</h1>');
    const about = readFileSync(join(served, 'base/about/index.html'), 'utf8');
    expect(about).toContain('<title>About us | Surface</title>');
    expect(about).toContain('<meta name="description" content="Who we are"');
    expect(about).toContain('<p class="about">About the team</p>');
    expect(about).toContain('<a class="team-docs" href="/base/docs/intro">Our docs</a>');
    // Without JavaScript, a link to where the page moved.
    expect(readFileSync(join(served, 'base/moved/index.html'), 'utf8')).toContain('<p><a href="/base/about">/base/about</a></p>');
    const legacy = readFileSync(join(served, 'base/legacy/index.html'), 'utf8');
    expect(legacy).toContain('<p class="legacy">Surface<!-- -->: <!-- -->Every module<!-- --> at <!-- -->/base/</p>');
    // Its <Layout> gives no title: the site's, as Docusaurus titles it (not its path, /legacy).
    expect(legacy).toContain('<title>Surface</title>');
    expect(legacy).toContain('<meta property="og:title" content="Surface">');
    // Its props (hydrated in the browser): only a page that reads the prop has it written into the page.
    expect(legacy).toContain('&quot;tagline&quot;:&quot;Every module&quot;');
    expect(html).not.toContain('&quot;tagline&quot;');
    // A CSS module's `url(/…)`: a file of static/ is bundled with the components' files, another left as written.
    const css = listFiles(served)
      .filter((file) => file.endsWith('.css'))
      .map((file) => readFileSync(join(served, file), 'utf8'))
      .join('\n');
    expect(css).toMatch(/url\("?\/base\/assets\/islands\/brand-[\w-]+\.woff2"?\)/);
    expect(css).toContain('url(/elsewhere/bg.png)');
  });

  it('hydrates in Chromium: state, tabs, the CSS module, a client navigation back, and nothing logged', async () => {
    const { context, page, problems } = await openPage(browser);
    const missing: string[] = [];
    page.on('response', (response) => {
      if (response.status() >= 400) missing.push(new URL(response.url()).pathname);
    });
    await gotoReady(page, `${server.url}/base/`);
    expect(await page.title()).toBe('Hello from Surface | Surface');
    expect(await page.locator('header.hero').evaluate((element) => getComputedStyle(element).paddingTop)).toBe('37px');
    // Infima's hero--primary: the primary colour behind white text.
    const hero = await page
      .locator('header.hero')
      .evaluate((element) => [getComputedStyle(element).backgroundImage, getComputedStyle(element).color]);
    expect(hero).toEqual(['none', 'rgb(255, 255, 255)']);
    // The site's own rules win over Infima's hero, as under Docusaurus (Apache Kvrocks's home page):
    // its background image over the primary colour, its subtitle's colour.
    const over = await page
      .locator('section.hero')
      .evaluate((element) => [getComputedStyle(element).backgroundImage, getComputedStyle(element.querySelector('p')!).color]);
    expect(over).toEqual(['linear-gradient(rgb(230, 239, 255), rgb(255, 255, 255))', 'rgb(1, 2, 3)']);
    // The browser's window is measured once the page hydrates (Docusaurus's desktop breakpoint: 996px).
    await expect.poll(() => page.locator('p.window-size').textContent()).toBe('desktop');
    const counter = page.locator('button.counter');
    await counter.click();
    await expect.poll(() => counter.textContent()).toBe('Clicked 1');
    await page.locator('[role="tab"][data-value="mac"]').click();
    await expect.poll(() => page.locator('[role="tabpanel"][data-value="mac"]').isHidden()).toBe(false);
    expect(await page.locator('[role="tabpanel"][data-value="linux"]').isHidden()).toBe(true);
    // The site's own search bar opens docgen's search dialog.
    await page.locator('main button.search-bar').click();
    await expect.poll(() => page.locator('.search-modal input[type="search"]').isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('.search-modal').count()).toBe(0);
    // BackToTopButton is the theme's own button, which every page has: one, not two.
    expect(await page.locator('button.back-to-top').count()).toBe(1);
    // Away by the site's router and back: the page shows and works again.
    await page.locator('a.button--lg').click();
    await page.waitForURL(`${server.url}/base/docs/intro`);
    await page.locator('.markdown a', { hasText: 'home' }).click();
    await page.waitForURL(`${server.url}/base/`);
    await expect.poll(() => page.title()).toBe('Hello from Surface | Surface');
    await page.locator('button.counter').click();
    await expect.poll(() => page.locator('button.counter').textContent()).toBe('Clicked 1');
    // The Korean page hydrates with its own locale's texts: nothing to reconcile, nothing logged.
    await gotoReady(page, `${server.url}/base/ko/`);
    await page.locator('button.counter').click();
    await expect.poll(() => page.locator('button.counter').textContent()).toBe('Clicked 1');
    expect(await page.locator('a.button--lg').textContent()).toBe('시작하기');
    await gotoReady(page, `${server.url}/base/about`);
    expect(await page.locator('footer').isVisible()).toBe(false);
    // A page with a <Redirect> moves on once it runs.
    await page.goto(`${server.url}/base/moved`);
    await expect.poll(() => new URL(page.url()).pathname).toBe('/base/about');
    expect(missing).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });
});
