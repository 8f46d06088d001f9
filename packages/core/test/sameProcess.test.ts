import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { build } from '../src/build/build.js';
import { copyFixture, makeTempDir, removeTempDirs } from './helpers.js';

afterAll(removeTempDirs);

/**
 * A second build in one process writes what it would write in a fresh process: nothing an
 * earlier build of another site set up (code languages, memos) leaks into it. One thread, so
 * that compiling and rendering run in this process too.
 */
describe('two builds in one process', () => {
  const HASKELL_PAGE = '---\ntitle: Haskell\n---\n\n```haskell\nmain = putStrLn "hi"\n```\n';
  const site = (languages: string[]) => {
    const dir = copyFixture('autogen');
    const config = join(dir, 'docgen.config.yaml');
    writeFileSync(config, `${readFileSync(config, 'utf8')}code:\n  additionalLanguages: [${languages.join(', ')}]\n`);
    writeFileSync(join(dir, 'docs/haskell.md'), HASKELL_PAGE);
    return dir;
  };
  const buildSite = async (siteDir: string) => {
    const outDir = join(makeTempDir(), 'out');
    const result = await build({ siteDir, outDir, threads: 1, cache: false });
    const html = readFileSync(join(outDir, 'docs/haskell/index.html'), 'utf8');
    const code = /<pre[^>]*>(.*?)<\/pre>/s.exec(html)?.[1] ?? '';
    return { code, warnings: result.diagnostics.map((diagnostic) => diagnostic.message) };
  };

  it('highlights a language only for the site whose config adds it, whichever site was built first', async () => {
    const withHaskell = await buildSite(site(['haskell']));
    expect(withHaskell.code).toContain('class="token');
    const without = await buildSite(site([]));
    expect(without.code).not.toContain('class="token');
    expect(without.warnings).toContain('Unknown code language "haskell"; the block is shown without highlighting');
    // And back: the language is highlighted again.
    expect((await buildSite(site(['haskell']))).code).toBe(withHaskell.code);
  }, 60_000);
});
