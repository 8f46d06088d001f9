import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { relinkRoute } from '../src/build/relinkRoute.js';
import { createStagingDir } from '../src/output/index.js';
import { findSidebarNames } from '../src/render/index.js';
import { makeTempDir, removeTempDirs } from './helpers.js';

afterAll(removeTempDirs);

const OLD = '/_docgen/sidebars/AAAAAAAAAA.json';
const NEW = '/_docgen/sidebars/BBBBBBBBBB.json';
const files = {
  'docs/a/index.html': `<p>&quot;url&quot;:&quot;${OLD}&quot; as text</p><script>{"sidebar":{"id":"s","url":"${OLD}"}}</script>`,
  '_docgen/data/x/docs/a.json': `{"html":{"main":"<p>\\"url\\":\\"${OLD}\\"</p>"},"sidebar":{"id":"s","url":"${OLD}"}}`,
  'docs/a.md': `# A\n\n"url":"${OLD}"\n`,
};

function makeOutput(): string {
  const outDir = join(makeTempDir('docgen-relink-'), 'build');
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(dirname(join(outDir, file)), { recursive: true });
    writeFileSync(join(outDir, file), text);
  }
  return outDir;
}

describe('relinkRoute', () => {
  it("names the sidebar's new file where the HTML and the page data name it in JSON, and nowhere else", () => {
    const outDir = makeOutput();
    const staging = createStagingDir(outDir);
    expect(relinkRoute(staging, { files: Object.keys(files) }, OLD, NEW)).toBe(true);
    staging.commit();
    const read = (file: string) => readFileSync(join(outDir, file), 'utf8');
    expect(read('docs/a/index.html')).toBe(files['docs/a/index.html'].replace(`"url":"${OLD}"}`, `"url":"${NEW}"}`));
    expect(read('_docgen/data/x/docs/a.json')).toBe(files['_docgen/data/x/docs/a.json'].replace(`"url":"${OLD}"}`, `"url":"${NEW}"}`));
    // The escaped text of the content is left as it is, and so is the markdown twin.
    expect(read('docs/a/index.html')).toContain(`<p>&quot;url&quot;:&quot;${OLD}&quot; as text`);
    expect(read('_docgen/data/x/docs/a.json')).toContain(`\\"url\\":\\"${OLD}\\"`);
    expect(read('docs/a.md')).toBe(files['docs/a.md']);
  });

  it('finds where a rendered text names the file, in UTF-8 bytes to its end, and relinks there alone', () => {
    const html = `<p>한국어 "url":"${OLD}"</p><script>{"sidebar":{"id":"s","url":"${OLD}"}}</script>`;
    const bytes = Buffer.from(html);
    const named = Buffer.from(`"url":"${OLD}"`);
    expect(findSidebarNames(html, OLD)).toEqual([bytes.length - bytes.indexOf(named), bytes.length - bytes.lastIndexOf(named)]);
    expect(findSidebarNames(html, NEW)).toEqual([]);
    // Where the render found the name: the kept files are patched there, as a search of them would.
    const outDir = makeOutput();
    const staging = createStagingDir(outDir);
    const route = Object.keys(files);
    const sidebarAt = route.slice(0, 2).map((file) => findSidebarNames(files[file as keyof typeof files], OLD));
    expect(sidebarAt.every((offsets) => offsets.length === 1)).toBe(true);
    expect(relinkRoute(staging, { files: route, sidebarAt }, OLD, NEW)).toBe(true);
    staging.commit();
    expect(readFileSync(join(outDir, 'docs/a/index.html'), 'utf8')).toBe(
      files['docs/a/index.html'].replace(`"url":"${OLD}"}`, `"url":"${NEW}"}`),
    );
    // Only there: a name elsewhere (which no render wrote) stays.
    const other = makeOutput();
    const again = createStagingDir(other);
    writeFileSync(join(other, 'docs/a/index.html'), `"url":"${OLD}" ${files['docs/a/index.html']}`);
    expect(relinkRoute(again, { files: route, sidebarAt }, OLD, NEW)).toBe(true);
    again.commit();
    expect(readFileSync(join(other, 'docs/a/index.html'), 'utf8')).toBe(
      `"url":"${OLD}" ${files['docs/a/index.html'].replace(`"url":"${OLD}"}`, `"url":"${NEW}"}`)}`,
    );
  });

  it('says false when a file is gone from the previous output, or a URL is not written as it is in JSON', () => {
    const staging = createStagingDir(makeOutput());
    expect(relinkRoute(staging, { files: [...Object.keys(files), 'docs/a/gone.json'] }, OLD, NEW)).toBe(false);
    expect(relinkRoute(staging, { files: Object.keys(files) }, OLD, '/_docgen/sidebars/BBBB"BBBBB.json')).toBe(false);
    expect(relinkRoute(staging, { files: Object.keys(files) }, OLD, '/_docgen/sidebars/BBBB<BBBBB.json')).toBe(false);
    expect(relinkRoute(staging, { files: Object.keys(files) }, OLD, '/_docgen/sidebars/BBBBBBBBBBB.json')).toBe(false);
    staging.discard();
  });
});
