import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { readThemeBundle } from '../src/bundle/index.js';
import { makeTempDir, removeTempDirs } from './helpers.js';

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
