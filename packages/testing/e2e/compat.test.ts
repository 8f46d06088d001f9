/**
 * `pnpm compat`: the fidelity harness, run as a user runs it, on a Docusaurus site written here and
 * a Docusaurus build of it written by hand in Docusaurus's markup (its `.markdown` articles): it
 * migrates and builds the site, and its report counts the routes docgen serves, the pages whose
 * article words docgen's page carries and the heading ids it has, naming each one that falls short,
 * with screenshots of both builds side by side.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/paths.js';

const scratch = mkdtempSync(join(tmpdir(), 'docgen-compat-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function writeFiles(root: string, files: Record<string, string>): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
}

/** A page of Docusaurus's build: its article is the `.markdown` element. */
const docusaurusPage = (title: string, article: string) =>
  `<!doctype html><html><head><title>${title}</title></head><body><nav class="navbar">Site Docs Blog</nav><main><div class="theme-doc-markdown markdown">${article}</div></main><footer>Copyright</footer></body></html>`;

describe('pnpm compat', () => {
  it('reports routes served, article words and heading ids against a Docusaurus build, with screenshots', () => {
    const site = join(scratch, 'site');
    writeFiles(site, {
      'docusaurus.config.js':
        "module.exports = { title: 'Compat', url: 'https://compat.example.com', baseUrl: '/', presets: [['classic', { docs: {}, blog: false }]] };\n",
      'docs/intro.md':
        '---\ntitle: Intro\n---\n\nHello world of the docs, and [the guide](./guide.md).\n\n## Set up {#setup}\n\nRun it [twice](#setup).\n',
      'docs/guide.md': '---\ntitle: Guide\n---\n\nThe guide, in short.\n',
      'src/pages/index.md': '# Home\n\nWelcome home.\n',
    });
    const reference = join(scratch, 'docusaurus-build');
    writeFiles(reference, {
      'index.html': docusaurusPage('Home', '<header><h1>Home</h1></header><p>Welcome home.</p>'),
      'docs/intro/index.html': docusaurusPage(
        'Intro',
        // Docusaurus's link to the guide leads to another page than docgen's: the report names it.
        '<header><h1>Intro</h1></header><p>Hello world of the docs, and <a href="/docs/other/">the guide</a>.</p><h2 id="setup">Set up<a class="hash-link" href="#setup">​</a></h2><p>Run it <a href="#setup">twice</a>.</p>',
      ),
      // Words docgen's page does not have: the page falls short.
      'docs/guide/index.html': docusaurusPage(
        'Guide',
        '<header><h1>Guide</h1></header><p>The guide, in short, and at length with many more words.</p>',
      ),
      // A route docgen does not have.
      'docs/gone/index.html': docusaurusPage('Gone', '<p>Nothing.</p><h2 id="away">Away</h2>'),
      '404.html': '<!doctype html><p>Not found</p>',
      'assets/js/main.js': '',
    });
    const out = join(scratch, 'out');
    const run = spawnSync(
      process.execPath,
      [join(REPO_ROOT, 'packages/compat/dist/main.js'), site, '--reference', reference, '--out', out, '--screenshots', '2'],
      { encoding: 'utf8' },
    );
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain('Routes served: 3/4 (75.0%)');
    expect(run.stdout).toContain("Pages with ≥98% of their article's words: 2/4 (50.0%)");
    expect(run.stdout).toContain('Heading ids found: 1/2 (50.0%)');
    // The in-page link leads to the same heading in both (#setup and /docs/intro#setup); the guide's does not.
    expect(run.stdout).toContain("Links leading where Docusaurus's do: 1/2 (50.0%)");
    const report = readFileSync(join(out, 'compat-report.md'), 'utf8');
    expect(report).toContain('## Routes docgen does not serve (1)\n\n- `/docs/gone`');
    expect(report).toMatch(/- `\/docs\/guide`: 5 of 12 words \(41\.7%\); missing: and, at, length, with, many, more, words/);
    expect(report).toContain('- `/docs/intro`: "the guide" to `/docs/guide`, not `/docs/other`');
    const json = JSON.parse(readFileSync(join(out, 'compat-report.json'), 'utf8')) as {
      screenshots: { route: string; docgen: string; docusaurus: string }[];
    };
    expect(json.screenshots.map((shot) => shot.route)).toEqual(['/', '/docs/guide']);
    for (const shot of json.screenshots) {
      for (const file of [shot.docgen, shot.docusaurus]) expect(readFileSync(join(out, file)).subarray(1, 4).toString()).toBe('PNG');
    }
    // The migrated site and its build are kept beside the report.
    expect(existsSync(join(out, 'site/build/docs/intro/index.html'))).toBe(true);
  });
});

describe('compat: the words of a page', () => {
  it("reads a code block's words by its lines, not by the highlighter's tokens, which Prism and docgen cut differently, and no control's label", async () => {
    const { comparePage } = await import('@docgen/compat/compare');
    const reference = join(scratch, 'tokens-reference');
    const docgen = join(scratch, 'tokens-docgen');
    writeFiles(reference, {
      'a/index.html': docusaurusPage(
        'A',
        '<button type="button" aria-label="Copy">COPY</button><pre><code><span class="token-line"><span class="token number">0.25</span><span class="token unit">rem</span><br></span><span class="token-line">margin<br></span></code></pre>',
      ),
    });
    writeFiles(docgen, {
      'a/index.html':
        '<!doctype html><html><body><div data-docgen-slot="content"><pre><code><span class="code-line"><span class="token number">0.25rem</span></span>\n<span class="code-line">margin</span></code></pre></div></body></html>',
    });
    expect(comparePage(reference, docgen, '/a/').words).toEqual({ reference: 2, found: 2, missing: [] });
  });
});
