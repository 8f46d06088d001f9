/**
 * A site that makes the theme its own: a Docusaurus-style custom.css (customCss) that sets Infima's
 * primary colour for light and dark mode, a component override written by hand
 * (src/theme/Footer.tsx, and Admonition, a component of the content), two written by
 * `docgen swizzle --wrap` (Navbar, CodeBlock) and one by `docgen swizzle --eject` (DocSidebar);
 * built, in Chromium, and in `serve --watch`.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStaticServer, type StaticServer } from '@docgen/core';
import { gotoReady, launchBrowser, openPage } from '../src/browser.js';
import { runDocgen } from '../src/cli.js';
import { getMinimalSiteFiles, writeSiteFiles } from '../src/fixtureSite.js';
import { startServe, type RunningServe } from '../src/serve.js';

/** As `docusaurus init` writes it, less the shades. */
const CUSTOM_CSS = `/* You can override the default Infima variables here. */
:root {
  --ifm-color-primary: #2e8555;
  --ifm-code-font-size: 95%;
}

[data-theme='dark'] {
  --ifm-color-primary: #25c2a0;
}
`;
/** Code themes as migrate writes Docusaurus's prism.theme and prism.darkTheme (prism-react-renderer's objects). */
const CODE_THEMES = `code:
  theme:
    plain: { color: '#010203', backgroundColor: '#fafafa' }
    styles:
      - { types: [number], style: { color: 'rgb(10, 20, 30)', fontStyle: italic } }
      - { types: [function], languages: [python], style: { color: '#ff0000' } }
  darkTheme:
    plain: { color: '#f0f0f0', backgroundColor: '#101010' }
    styles:
      - { types: [number, boolean], style: { color: 'rgb(40, 50, 60)' } }
`;
/** The colours of the number token and the code block of each theme, as Chromium computes them. */
const CODE_COLOURS = {
  light: { number: 'rgb(10, 20, 30)', background: 'rgb(250, 250, 250)', function: 'rgb(1, 2, 3)' },
  dark: { number: 'rgb(40, 50, 60)', background: 'rgb(16, 16, 16)', function: 'rgb(240, 240, 240)' },
};
const LIGHT_PRIMARY = 'rgb(46, 133, 85)';
const DARK_PRIMARY = 'rgb(37, 194, 160)';

/** A footer of the site's own that reads the site data and marks itself once hydrated. */
const footer = (version: string) => `import { useEffect, useState } from 'react';
import { useSiteData } from '@docgen/site-theme';

export default function Footer() {
  const site = useSiteData();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return (
    <footer className="brand-footer" data-hydrated={String(hydrated)}>
      {\`\${site.title} footer ${version}\`}
    </footer>
  );
}
`;

const scratch = mkdtempSync(join(tmpdir(), 'docgen-theme-own-'));
const site = join(scratch, 'site');
const minimal = getMinimalSiteFiles('Brand');
writeSiteFiles(site, {
  ...minimal,
  'docgen.config.yaml': `${minimal['docgen.config.yaml']}customCss:\n  - ./src/css/custom.css\n${CODE_THEMES}`,
  'docs/intro.md':
    '# Intro\n\nRead [the guide](./guide.md).\n\n## First\n\nText.\n\n:::tip[Remember]\n\nThe tip.\n\n:::\n\n```js title="hello.js"\nconsole.log(1);\n```\n',
  'docs/guide.md': '# Guide\n\nBack to [the intro](./intro.md).\n',
  'src/css/custom.css': CUSTOM_CSS,
  'src/theme/Footer.tsx': footer('v1'),
  // A component of the content, overridden by hand: rendered at build time.
  'src/theme/Admonition.tsx': `import type { AdmonitionProps } from '@docgen/site-theme/props';

export default function Admonition({ type, title, children }: AdmonitionProps) {
  return (
    <aside className={\`brand-callout brand-callout-\${type}\`}>
      <strong>{title}</strong>
      {children}
    </aside>
  );
}
`,
});

let browser: Browser | undefined;
let server: StaticServer | undefined;
let serve: RunningServe | undefined;
let built: { code: number; stdout: string; stderr: string };

/** Runs `docgen swizzle <name> --wrap`, then adds `markup` after the original in the wrapper it wrote. */
async function wrap(name: string, markup: string): Promise<void> {
  const wrapped = await runDocgen(['swizzle', name, site, '--wrap']);
  expect(wrapped.code, wrapped.stderr).toBe(0);
  const wrapper = join(site, `src/theme/${name}.tsx`);
  const original = `<Original${name} {...props} />`;
  writeFileSync(wrapper, readFileSync(wrapper, 'utf8').replace(original, `${original}\n      ${markup}`));
}

beforeAll(async () => {
  await wrap('Navbar', '<div className="brand-note">Wrapped navbar</div>');
  await wrap('CodeBlock', '<div className="brand-code-note">Wrapped {props.language} code</div>');
  const ejected = await runDocgen(['swizzle', 'DocSidebar', site, '--eject']);
  expect(ejected.code, ejected.stderr).toBe(0);
  built = await runDocgen(['build', site]);
  server = await startStaticServer({ root: join(site, 'build'), host: '127.0.0.1', port: 0 });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  serve?.child.kill('SIGKILL');
  await serve?.exited;
  rmSync(scratch, { recursive: true, force: true });
});

describe('docgen swizzle', () => {
  it('lists the overridable components with their props types', async () => {
    const listed = await runDocgen(['swizzle', '--list', site]);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(/^ {2}Footer +FooterProps$/m);
    expect(listed.stdout).toMatch(/^ {2}TOC +TOCProps$/m);
    expect(listed.stdout).toMatch(/^ {2}Admonition +AdmonitionProps$/m);
    expect(listed.stdout).toMatch(/^ {2}CodeBlock +CodeBlockProps$/m);
    expect(listed.stdout).toContain('@docgen/site-theme/props');
  });

  it('writes a wrapper of the original and an ejected copy that builds from the site', () => {
    const wrapper = readFileSync(join(site, 'src/theme/Navbar.tsx'), 'utf8');
    expect(wrapper).toContain("import OriginalNavbar from '@theme-original/Navbar';");
    expect(wrapper).toContain("import type { NavbarProps } from '@docgen/site-theme/props';");
    const ejected = readFileSync(join(site, 'src/theme/DocSidebar.tsx'), 'utf8');
    expect(ejected).toContain("from '@theme-internal/i18n.js'");
    expect(ejected).not.toMatch(/from '\.\.?\//);
    expect(ejected).toMatch(/export default DocSidebar;\n$/);
  });

  it('suggests the nearest name for an unknown component, and exits 2', async () => {
    const unknown = await runDocgen(['swizzle', 'Foter', site, '--wrap']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('The theme has no component "Foter" to swizzle: did you mean Footer?');
  });

  it('never replaces a file of the site', async () => {
    const again = await runDocgen(['swizzle', 'Footer', site, '--eject']);
    expect(again.code).toBe(2);
    expect(again.stderr).toContain('src/theme/Footer.tsx exists already');
    expect(readFileSync(join(site, 'src/theme/Footer.tsx'), 'utf8')).toBe(footer('v1'));
  });
});

describe('docgen build of a site with its own CSS and components', () => {
  it('renders the overrides in place of the theme components, and links the stylesheet with the site CSS last', async () => {
    expect(built.code, built.stderr).toBe(0);
    const html = readFileSync(join(site, 'build/docs/intro/index.html'), 'utf8');
    expect(html).toContain('Brand footer v1');
    expect(html).not.toContain('class="footer');
    expect(html).toContain('<div class="brand-note">Wrapped navbar</div>');
    expect(html).toContain('class="navbar');
    expect(html).toContain('menu__link--active');
    // Components of the content: the hand-written Admonition, the wrapped CodeBlock around the theme's.
    expect(html).toContain('<aside class="brand-callout brand-callout-tip"><strong>Remember</strong><p>The tip.</p></aside>');
    expect(html).not.toContain('admonition-heading');
    expect(html).toMatch(/<div class="code-block__title">hello\.js<\/div>.*<\/div><div class="brand-code-note">Wrapped js code<\/div>/s);
    const stylesheet = /<link rel="stylesheet" href="\/(assets\/main-[A-Z0-9]+\.css)"/.exec(html)?.[1];
    expect(stylesheet).toBeDefined();
    const css = readFileSync(join(site, 'build', stylesheet!), 'utf8');
    expect(css.lastIndexOf('#2e8555')).toBeGreaterThan(css.indexOf('.menu__link--active'));
  });

  it.each([
    ['light', LIGHT_PRIMARY],
    ['dark', DARK_PRIMARY],
  ] as const)(
    'gives links and the active sidebar item the primary colour of custom.css in %s mode, and hydrates the overrides',
    async (colorMode, primary) => {
      const { context, page, problems } = await openPage(browser!, { colorMode, viewport: { width: 1280, height: 900 } });
      await gotoReady(page, `${server!.url.replace(/\/$/, '')}/docs/intro`);
      expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(colorMode);
      const colorOf = (selector: string) =>
        page
          .locator(selector)
          .first()
          .evaluate((element) => getComputedStyle(element).color);
      expect(await colorOf('.markdown a[href*="guide"]')).toBe(primary);
      expect(await colorOf('.menu__link--active')).toBe(primary);
      // The config's code theme of the mode; a token it has no style for (a function of js: its style is python's) takes its
      // plain colour, as prism-react-renderer draws it, not docgen's own.
      expect(await colorOf('.code-block .token.number')).toBe(CODE_COLOURS[colorMode].number);
      expect(await colorOf('.code-block .token.function')).toBe(CODE_COLOURS[colorMode].function);
      const background = await page
        .locator('.code-block')
        .first()
        .evaluate((element) => getComputedStyle(element).backgroundColor);
      expect(background).toBe(CODE_COLOURS[colorMode].background);
      await page.locator('.brand-footer[data-hydrated="true"]').waitFor();
      expect(await page.locator('.brand-note').textContent()).toBe('Wrapped navbar');
      expect(problems).toEqual([]);
      await context.close();
    },
  );
});

describe('an override that fails', () => {
  const broken = (name: string, footerText: string) => {
    const copy = join(scratch, name);
    cpSync(site, copy, { recursive: true, filter: (path) => !/[/\\](build|\.docgen|node_modules)$/.test(path) });
    writeFileSync(join(copy, 'src/theme/Footer.tsx'), footerText);
    return copy;
  };

  it('fails the build naming the file and line where it threw while rendering', async () => {
    const copy = broken(
      'throws',
      'export default function Footer(): never {\n  const config: { links?: string[] } = {};\n  throw new Error(`No footer links: ${config.links!.length}`);\n}\n',
    );
    const result = await runDocgen(['build', copy]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/src\/theme\/Footer\.tsx:3:\d+ {2}Rendering \/docs\/\w+ failed: src\/theme\/Footer\.tsx threw/);
  });

  it('fails the build naming the file, line and column where it does not compile', async () => {
    const copy = broken('syntax', 'export default function Footer() {\n  return <footer>;\n}\n');
    const result = await runDocgen(['build', copy]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('src/theme/Footer.tsx:3:1  Bundling failed: The character "}" is not valid inside a JSX element');
  });
});

describe('serve --watch', () => {
  const fetchText = async (path: string) => (await fetch(`${serve!.url}${path}`)).text();
  const waitFor = async (check: () => Promise<boolean>, what: string) => {
    for (let waited = 0; !(await check()); waited += 200) {
      if (waited > 90_000) throw new Error(`Timed out waiting for ${what}:\n${serve!.stdout()}\n${serve!.stderr()}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };
  const stylesheetOf = async (path: string) => {
    const href = /<link rel="stylesheet" href="([^"]+)"/.exec(await fetchText(path))![1]!;
    return fetchText(href);
  };

  it('serves the overrides and the site CSS, and picks up an edit to each', async () => {
    serve = await startServe(site, ['--watch', '--port', '0']);
    // The edits below are made once the first build is done (a page asked for earlier is rendered ahead of it).
    await waitFor(async () => /Built \d+ pages/.test(serve!.stdout()), 'the first build');
    expect(await fetchText('/docs/intro')).toContain('Brand footer v1');
    expect(await fetchText('/docs/intro')).toContain('Wrapped navbar');
    expect(await stylesheetOf('/docs/intro')).toContain('#2e8555');

    writeFileSync(join(site, 'src/theme/Footer.tsx'), footer('v2'));
    await waitFor(async () => (await fetchText('/docs/intro')).includes('Brand footer v2'), 'the edited footer');

    writeFileSync(join(site, 'src/css/custom.css'), CUSTOM_CSS.replace('#2e8555', '#8a2be2'));
    await waitFor(async () => (await stylesheetOf('/docs/guide')).includes('#8a2be2'), 'the edited custom.css');
    expect(serve.stderr()).not.toMatch(/error/i);
  });
});
