import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { DOCS_CONTENT, REPO_ROOT } from '../src/paths.js';

const siteUrl = inject('siteUrl');
/** The routes of the product spec; a copy is kept in the repository for clones without shared/. */
const SPEC_ROUTES = join(REPO_ROOT, '..', 'shared', 'spec', 'routes.txt');
const ROUTES_COPY = join(REPO_ROOT, 'packages', 'testing', 'spec', 'routes.txt');
const routes = readFileSync(ROUTES_COPY, 'utf8')
  .split('\n')
  .map((line) => line.trim())
  .filter(Boolean);

async function get(path: string) {
  const response = await fetch(siteUrl + path, { redirect: 'manual' });
  return { status: response.status, html: await response.text() };
}

const h1 = (html: string) => /<h1[^>]*>(.*?)<\/h1>/s.exec(html)?.[1]?.replace(/<[^>]+>/g, '');

describe('the built docs-content', () => {
  it.runIf(existsSync(SPEC_ROUTES))('tests the routes of the current spec (the copy equals shared/spec/routes.txt)', () => {
    expect(readFileSync(ROUTES_COPY, 'utf8')).toBe(readFileSync(SPEC_ROUTES, 'utf8'));
  });

  it('builds without a single warning (no broken links or anchors, no markdown problems)', () => {
    // docs-content dates its pages from git: in a shallow clone of docgen the build says, once, that it shows no dates.
    const shallow =
      execFileSync('git', ['rev-parse', '--is-shallow-repository'], { cwd: DOCS_CONTENT, encoding: 'utf8' }).trim() === 'true';
    expect(inject('buildWarnings')).toEqual(
      shallow ? ["The site's git repository is a shallow clone: its history is cut, so its last-updated dates would be wrong"] : [],
    );
  });

  it.each(routes)('serves %s as a real page', async (route) => {
    const { status, html } = await get(route);
    expect(status).toBe(200);
    expect(html).not.toContain('class="container not-found"');
    expect(h1(html)?.trim().length).toBeGreaterThan(0);
  });

  it('serves unknown routes with the not-found page and status 404, per locale', async () => {
    const en = await get('/en/docs/no-such-page');
    expect(en.status).toBe(404);
    expect(en.html).toContain('<h1>Page Not Found</h1>');
    expect(en.html).toContain('We could not find what you were looking for.');
    expect(en.html).toContain(
      'Please contact the owner of the site that linked you to the original URL and let them know their link is broken.',
    );
    expect(en.html).toContain('<html lang="en-US"');
    const ko = await get('/docs/no-such-page');
    expect(ko.status).toBe(404);
    expect(ko.html).toContain('<title>Page Not Found');
    expect(ko.html).toContain('<html lang="ko-KR"');
    expect(ko.html).toContain('class="container not-found"');
  });

  it.each([
    ['/docs', '제품 이해하기', '/docs/guide/overview'],
    ['/docs/2506.1', '제품 이해하기', '/docs/2506.1/guide/overview'],
    ['/docs/2504.1', '토큰 발급과 인증', '/docs/2504.1/guide/guide/token'],
  ])('serves the main doc of the version at %s', async (path, title, canonicalPath) => {
    const { html } = await get(path);
    expect(h1(html)).toBe(title);
    expect(html).toContain(`<link rel="canonical" href="https://docs.example.com${canonicalPath}">`);
  });

  it('serves 2504.1 guide/api with and without the trailing slash', async () => {
    const withSlash = await get('/docs/2504.1/guide/api/');
    const withoutSlash = await get('/docs/2504.1/guide/api');
    expect(h1(withSlash.html)).toBe('API 레퍼런스');
    expect(withoutSlash.html).toBe(withSlash.html);
  });

  it('renders each page in its locale with hreflang alternates and an honest canonical', async () => {
    const ko = await get('/docs/guide/overview');
    expect(ko.html).toContain('<html lang="ko-KR"');
    expect(ko.html).toContain('hreflang="en-US" href="https://docs.example.com/en/docs/guide/overview"');
    const fallback = await get('/en/docs/guide/start');
    expect(fallback.html).toContain('<html lang="en-US"');
    // Not translated: the English page shows the Korean source, says so, and points search engines at it.
    expect(fallback.html).toContain('<link rel="canonical" href="https://docs.example.com/docs/guide/start">');
    expect(fallback.html).not.toContain('hreflang="en-US"');
    expect(fallback.html).toContain('has not been translated yet');
    const translated = await get('/en/docs/guide/overview');
    expect(translated.html).not.toContain('has not been translated yet');
    expect(translated.html).toContain('>Guide</a>');
    expect(translated.html).toContain('Copyright © 2025 Example Analysis Inc.');
  });
});
