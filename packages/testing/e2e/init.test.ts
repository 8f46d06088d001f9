import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runDocgen } from '../src/cli.js';

const scratch = mkdtempSync(join(tmpdir(), 'docgen-init-e2e-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Runs docgen and expects exit code 0 with nothing on stderr: no warning, no error. */
async function runClean(args: string[]): Promise<string> {
  const result = await runDocgen(args);
  expect(result.stderr, `docgen ${args.join(' ')}`).toBe('');
  expect(result.code, `docgen ${args.join(' ')}`).toBe(0);
  return result.stdout;
}

/**
 * Every flag combination docgen init supports gives a site that builds without a warning, has no
 * broken link, and takes a version cut after which it still builds cleanly.
 */
describe.each([
  { name: 'defaults', flags: [], blog: true, locales: ['en'] },
  { name: 'no blog', flags: ['--no-blog'], blog: false, locales: ['en'] },
  {
    name: 'two locales',
    flags: ['--locales', 'ko,en', '--title', 'Acme: "API" docs', '--url', 'https://acme.dev'],
    blog: true,
    locales: ['ko', 'en'],
  },
  { name: 'three locales, no blog', flags: ['--locales', 'en,ko,fr', '--no-blog'], blog: false, locales: ['en', 'ko', 'fr'] },
])('docgen init: $name', ({ name, flags, blog, locales }) => {
  const site = join(scratch, name.replace(/\W+/g, '-'));

  it('builds with 0 warnings and no broken link', async () => {
    await runClean(['init', site, ...flags]);
    const built = await runClean(['build', site]);
    expect(built).toMatch(/Built \d+ pages/);
    expect(await runClean(['check-links', site])).toMatch(/No problems found/);
    const out = join(site, 'build');
    for (const [index, locale] of locales.entries()) {
      const prefix = index === 0 ? '' : `${locale}/`;
      for (const page of ['index.html', 'docs/intro/index.html', 'docs/writing/markdown/index.html']) {
        expect(existsSync(join(out, prefix, page)), `${prefix}${page}`).toBe(true);
      }
      expect(existsSync(join(out, prefix, 'blog/welcome/index.html'))).toBe(blog);
    }
    const markdownPage = readFileSync(join(out, 'docs/writing/markdown/index.html'), 'utf8');
    expect(markdownPage).toContain('admonition');
    expect(markdownPage).toContain('role="tablist"');
    expect(markdownPage).toContain('greet.ts');
    expect(markdownPage).toContain('<table');
    expect(markdownPage).toContain('src="/img/docgen-flow.svg"');
    expect(markdownPage).toContain('href="/docs/writing/organize"');
    expect(existsSync(join(out, 'img/docgen-flow.svg'))).toBe(true);
  });

  it('takes a version cut and still builds with 0 warnings', async () => {
    expect(await runClean(['version', 'cut', '1.0', site])).toContain('1.0 is now the latest version, at /docs');
    await runClean(['build', site]);
    expect(await runClean(['check-links', site])).toMatch(/No problems found/);
    expect(existsSync(join(site, 'build/docs/next/writing/markdown/index.html'))).toBe(true);
    expect(existsSync(join(site, 'build/docs/writing/markdown/index.html'))).toBe(true);
  });
});
