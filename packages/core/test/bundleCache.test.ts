import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { findThemeOverrides, readThemeBundle, readThemeComponents } from '../src/bundle/index.js';
import { DocgenError } from '../src/diagnostics/index.js';
import { catchDocgenError, makeTempDir, removeTempDirs } from './helpers.js';

afterAll(removeTempDirs);

const THEME_DIR = fileURLToPath(new URL('../../../site-theme', import.meta.url));
const KEY = 'test-key';

/** A site folder with one component page, and the bundle input for it. */
function createSite(counter: string) {
  const siteDir = makeTempDir();
  mkdirSync(join(siteDir, 'pages'));
  const page = join(siteDir, 'pages', 'counter.tsx');
  writeFileSync(page, counter);
  return { page, input: { themeDir: THEME_DIR, siteDir, pages: { 'pages/counter.tsx': page } } };
}

const COUNTER = `import { useState } from 'react';
export default function Counter() {
  const [count, setCount] = useState(0);
  return <button onClick={() => setCount(count + 1)}>Clicked {count} times</button>;
}
`;

const filesOf = (bundle: Awaited<ReturnType<typeof readThemeBundle>>) =>
  Object.fromEntries(bundle.client.files.map((file) => [file, readFileSync(join(bundle.clientDir, file), 'utf8')]));

describe('readThemeBundle: the theme bundle kept in the cache', () => {
  const cacheDir = makeTempDir();
  const { page, input } = createSite(COUNTER);

  it('bundles once and reuses the bundle while every file it was made from is the same', async () => {
    const first = await readThemeBundle(input, cacheDir, KEY);
    expect(first.reused).toBe(false);
    const files = filesOf(first);
    const server = readFileSync(first.serverFile, 'utf8');
    expect(server).toContain('Clicked');
    const second = await readThemeBundle(input, cacheDir, KEY);
    expect(second.reused).toBe(true);
    expect(filesOf(second)).toEqual(files);
    expect(readFileSync(second.serverFile, 'utf8')).toBe(server);
  }, 60_000);

  it("records React's own files among the inputs, and bundles again when one of them differs", async () => {
    const recordFile = join(cacheDir, 'bundles', KEY, 'record.json');
    const record = JSON.parse(readFileSync(recordFile, 'utf8')) as { inputs: Record<string, string> };
    const reactDom = Object.keys(record.inputs).find((file) => /react-dom-client\.production\.js$/.test(file));
    expect(reactDom).toBeDefined();
    // As if the installed react-dom had changed since the bundle was made.
    record.inputs[reactDom!] = 'another version';
    writeFileSync(recordFile, JSON.stringify(record));
    expect((await readThemeBundle(input, cacheDir, KEY)).reused).toBe(false);
    expect((await readThemeBundle(input, cacheDir, KEY)).reused).toBe(true);
  }, 60_000);

  it("bundles again when a page component changes, with the change, and keeps only the key's folder", async () => {
    writeFileSync(page, COUNTER.replace('Clicked', 'Pressed'));
    const changed = await readThemeBundle(input, cacheDir, KEY);
    expect(changed.reused).toBe(false);
    expect(readFileSync(changed.serverFile, 'utf8')).toContain('Pressed');
    await readThemeBundle(input, cacheDir, 'another-key');
    expect(readdirSync(join(cacheDir, 'bundles'))).toEqual(['another-key']);
  }, 60_000);
});

describe('readThemeBundle: the shared cache', () => {
  // By hash: comparing megabytes of Buffers byte by byte (toEqual) took seconds.
  const hashOf = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');
  const clientFilesOf = (bundle: Awaited<ReturnType<typeof readThemeBundle>>) =>
    Object.fromEntries(bundle.client.files.map((file) => [file, hashOf(join(bundle.clientDir, file))]));
  const sharedOf = (sharedDir: string) => readdirSync(join(sharedDir, 'bundles'));

  it('gives another site folder with the same files the same bundle, bundled once, and stamps its own files', async () => {
    const sharedDir = makeTempDir();
    const first = createSite(COUNTER);
    const made = await readThemeBundle(first.input, makeTempDir(), KEY, sharedDir);
    expect(made.reused).toBe(false);
    expect(sharedOf(sharedDir)).toHaveLength(1);
    const second = createSite(COUNTER);
    const secondCache = makeTempDir();
    const taken = await readThemeBundle(second.input, secondCache, KEY, sharedDir);
    expect(taken.reused).toBe(true);
    expect(clientFilesOf(taken)).toEqual(clientFilesOf(made));
    expect(hashOf(taken.serverFile)).toBe(hashOf(made.serverFile));
    // Kept in the second site's cache, where the watcher's stamps point to its own page.
    expect(taken.clientDir.startsWith(secondCache)).toBe(true);
    expect(taken.siteFiles).toEqual([second.page]);
    expect((await readThemeBundle(second.input, secondCache, KEY)).reused).toBe(true);
  }, 60_000);

  it('bundles anew for a site whose file at the same path differs', async () => {
    const sharedDir = makeTempDir();
    await readThemeBundle(createSite(COUNTER).input, makeTempDir(), KEY, sharedDir);
    const other = await readThemeBundle(createSite(COUNTER.replace('Clicked', 'Pressed')).input, makeTempDir(), KEY, sharedDir);
    expect(other.reused).toBe(false);
    expect(readFileSync(other.serverFile, 'utf8')).toContain('Pressed');
  }, 60_000);

  it("keeps out a bundle that reads a site file by its path or a package of the site's", async () => {
    const sharedDir = makeTempDir();
    const styled = createSite(
      `import styles from './counter.module.css';\n${COUNTER.replace('<button', '<button className={styles.counter}')}`,
    );
    writeFileSync(join(styled.input.siteDir, 'pages', 'counter.module.css'), '.counter { color: teal; }\n');
    expect((await readThemeBundle(styled.input, makeTempDir(), KEY, sharedDir)).reused).toBe(false);
    const withPackage = createSite(`import { label } from 'site-widget';\nexport default () => <p>{label}</p>;\n`);
    mkdirSync(join(withPackage.input.siteDir, 'node_modules', 'site-widget'), { recursive: true });
    writeFileSync(
      join(withPackage.input.siteDir, 'node_modules', 'site-widget', 'package.json'),
      '{"name":"site-widget","main":"index.js"}',
    );
    writeFileSync(join(withPackage.input.siteDir, 'node_modules', 'site-widget', 'index.js'), "export const label = 'widget';");
    expect((await readThemeBundle(withPackage.input, makeTempDir(), 'other-key', sharedDir)).reused).toBe(false);
    expect(existsSync(join(sharedDir, 'bundles')) ? sharedOf(sharedDir) : []).toEqual([]);
  }, 60_000);

  it('keeps the eight bundles used last', async () => {
    const sharedDir = makeTempDir();
    // Bundles of other sites, used an hour ago and before.
    for (let index = 0; index < 8; index++) {
      const dir = join(sharedDir, 'bundles', `old-${index}`);
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, 'record.json'), '{}');
      const used = new Date(Date.now() - 3_600_000 * (index + 1));
      utimesSync(join(dir, 'record.json'), used, used);
    }
    await readThemeBundle(createSite(COUNTER).input, makeTempDir(), KEY, sharedDir);
    const kept = sharedOf(sharedDir);
    expect(kept).toHaveLength(8);
    expect(kept).not.toContain('old-7');
    expect(kept.filter((name) => name.startsWith('old-'))).toHaveLength(7);
  }, 60_000);
});

describe("readThemeBundle: the theme's React, whatever copy the site has", () => {
  it("gives a page and the site's packages the theme's React, not the site's own copy", async () => {
    const { input } = createSite(`import { version } from 'react';
import { jsx } from 'react/jsx-runtime';
import { label } from 'site-widget';
export default function Counter() {
  return <p data-jsx={typeof jsx}>{label} {version}</p>;
}
`);
    // A site's node_modules may hold React of another version (Docusaurus sites install their own),
    // and packages that import it: two copies of React in one page break hooks.
    const modules = join(input.siteDir, 'node_modules');
    mkdirSync(join(modules, 'react'), { recursive: true });
    writeFileSync(join(modules, 'react/package.json'), JSON.stringify({ name: 'react', version: '0.0.1', main: 'index.js' }));
    writeFileSync(join(modules, 'react/index.js'), "export const version = 'SITE-OWN-REACT';");
    writeFileSync(join(modules, 'react/jsx-runtime.js'), "export const jsx = 'SITE-OWN-JSX'; export const jsxs = jsx;");
    mkdirSync(join(modules, 'site-widget'), { recursive: true });
    writeFileSync(join(modules, 'site-widget/package.json'), JSON.stringify({ name: 'site-widget', main: 'index.js' }));
    writeFileSync(
      join(modules, 'site-widget/index.js'),
      "import { version } from 'react';\nexport const label = 'widget on React ' + version;",
    );
    const bundle = await readThemeBundle(input, makeTempDir(), KEY);
    const server = readFileSync(bundle.serverFile, 'utf8');
    const client = Object.values(filesOf(bundle)).join('\n');
    expect(server).toContain('widget on React');
    for (const output of [server, client]) expect(output).not.toMatch(/SITE-OWN/);
    const { pages } = (await import(bundle.serverFile)) as { pages: Record<string, () => { props: { children: unknown[] } }> };
    expect(pages['pages/counter.tsx']!().props.children.join('')).toMatch(/^widget on React 19\.\d+\.\d+ 19\.\d+\.\d+$/);
  }, 60_000);
});

describe("readThemeBundle: the site's stylesheets and component overrides", () => {
  const cacheDir = makeTempDir();
  const { input } = createSite(COUNTER);
  const footer = join(input.siteDir, 'src/theme/Footer.tsx');
  const css = join(input.siteDir, 'src/css/custom.css');
  mkdirSync(join(input.siteDir, 'src/theme'), { recursive: true });
  mkdirSync(join(input.siteDir, 'src/css'), { recursive: true });
  mkdirSync(join(input.siteDir, 'static/img'), { recursive: true });
  writeFileSync(join(input.siteDir, 'static/img/hero.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(
    css,
    ':root { --ifm-color-primary: #2e8555; }\n.hero { background: url(/img/hero.svg); }\n.elsewhere { background: url(/not/there.png); }\n',
  );
  const withSiteFiles = { ...input, customCss: ['src/css/custom.css'], overrides: { Footer: 'src/theme/Footer.tsx' } };
  const stylesheetOf = (bundle: Awaited<ReturnType<typeof readThemeBundle>>) =>
    readFileSync(join(bundle.clientDir, bundle.client.stylesheet!), 'utf8');

  it('puts the override in place of the component in both bundles, and the stylesheet after the theme', async () => {
    writeFileSync(
      footer,
      "import Original from '@theme-original/Footer';\nexport default () => <div><b>Site footer</b><Original /></div>;\n",
    );
    const bundle = await readThemeBundle(withSiteFiles, cacheDir, KEY);
    expect(readFileSync(bundle.serverFile, 'utf8')).toContain('Site footer');
    const client = bundle.client.files
      .filter((file) => file.endsWith('.js'))
      .map((file) => readFileSync(join(bundle.clientDir, file), 'utf8'));
    expect(client.some((text) => text.includes('Site footer'))).toBe(true);
    const stylesheet = stylesheetOf(bundle);
    expect(stylesheet.lastIndexOf('#2e8555')).toBeGreaterThan(stylesheet.indexOf('.footer'));
    expect(bundle.client.stylesheet).toMatch(/^assets\/main-[A-Z0-9]+\.css$/);
    // url(/…) names a file of static/ as on a Docusaurus site: bundled when it is there, else kept.
    expect(stylesheet).toMatch(/\.hero\{background:url\("\.\/asset-[A-Z0-9]+\.svg"\)\}/);
    expect(stylesheet).toContain('url(/not/there.png)');
  }, 60_000);

  it('bundles again when an override or a stylesheet changes, or an override is added', async () => {
    writeFileSync(footer, 'export default () => <div>Another footer</div>;\n');
    const changed = await readThemeBundle(withSiteFiles, cacheDir, KEY);
    expect(changed.reused).toBe(false);
    expect(readFileSync(changed.serverFile, 'utf8')).toContain('Another footer');
    writeFileSync(css, ':root { --ifm-color-primary: #123456; }\n');
    const restyled = await readThemeBundle(withSiteFiles, cacheDir, KEY);
    expect(restyled.reused).toBe(false);
    expect(stylesheetOf(restyled)).toContain('#123456');
    expect(restyled.client.stylesheet).not.toBe(changed.client.stylesheet);
    // Without the override in the input (as before src/theme/Footer.tsx was written), then with it.
    expect((await readThemeBundle({ ...withSiteFiles, overrides: {} }, cacheDir, KEY)).reused).toBe(false);
    expect((await readThemeBundle(withSiteFiles, cacheDir, KEY)).reused).toBe(false);
    expect((await readThemeBundle(withSiteFiles, cacheDir, KEY)).reused).toBe(true);
  }, 60_000);

  it('fails with the file, line and column of an override that does not compile', async () => {
    writeFileSync(footer, 'export default function Footer() {\n  return <div>;\n}\n');
    const error = await readThemeBundle(withSiteFiles, cacheDir, 'broken').catch((caught: unknown) => caught as DocgenError);
    expect(error).toBeInstanceOf(DocgenError);
    // esbuild's own location: the `}` that a JSX element cannot hold (the <div> is not closed).
    expect((error as DocgenError).location).toEqual({ file: 'src/theme/Footer.tsx', line: 3, column: 1 });
    expect((error as DocgenError).message).toBe('Bundling failed: The character "}" is not valid inside a JSX element');
  }, 60_000);
});

describe('findThemeOverrides', () => {
  const components = readThemeComponents(THEME_DIR);

  it('finds src/theme/<Name> files of overridable components, and fails on a name the theme does not have', () => {
    const siteDir = makeTempDir();
    expect(findThemeOverrides(siteDir, components)).toEqual({});
    mkdirSync(join(siteDir, 'src/theme'), { recursive: true });
    writeFileSync(join(siteDir, 'src/theme/Footer.tsx'), '');
    writeFileSync(join(siteDir, 'src/theme/TOC.jsx'), '');
    writeFileSync(join(siteDir, 'src/theme/types.d.ts'), '');
    expect(findThemeOverrides(siteDir, components)).toEqual({ Footer: 'src/theme/Footer.tsx', TOC: 'src/theme/TOC.jsx' });
    writeFileSync(join(siteDir, 'src/theme/Fotter.tsx'), '');
    const error = catchDocgenError(() => findThemeOverrides(siteDir, components));
    expect(error.message).toBe('src/theme/Fotter.tsx overrides no theme component: there is none named "Fotter"');
    expect(error.hint).toMatch(/^Did you mean Footer\?/);
    expect(error.location).toEqual({ file: 'src/theme/Fotter.tsx', line: 1, column: 1 });
  });
});
