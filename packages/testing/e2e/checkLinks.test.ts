import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runDocgen } from '../src/cli.js';
import { copyDocsContent } from '../src/siteCopy.js';
import { afterAll, describe, expect, it } from 'vitest';
import { DOCS_CONTENT } from '../src/paths.js';

const scratch = mkdtempSync(join(tmpdir(), 'docgen-check-links-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const docgen = runDocgen;

describe('docgen check-links on docs-content', () => {
  it('finds no problem in the real site, without a previous build, and exits with 0', async () => {
    const { code, stdout, stderr } = await docgen(['check-links', DOCS_CONTENT]);
    expect(stderr).toBe('');
    expect(stdout).toMatch(/^✔ No problems found in the links and anchors of \d+ pages\.\n$/);
    expect(code).toBe(0);
  });

  it('prints an empty JSON report for it', async () => {
    const { code, stdout } = await docgen(['check-links', DOCS_CONTENT, '--format', 'json']);
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual({ problems: [], count: 0 });
  });

  it('fails with 1 on a copy with a broken doc link and a broken navbar link, naming where each was written', async () => {
    const site = join(scratch, 'site');
    copyDocsContent(site);
    const doc = join(site, 'docs', 'guide', 'overview.md');
    const lines = readFileSync(doc, 'utf8').split('\n').length;
    appendFileSync(doc, '\n[없는 앵커](./start.md#no-such-heading)\n');
    const configPath = join(site, 'docgen.config.yaml');
    const config = readFileSync(configPath, 'utf8');
    const navbarLine = config.split('\n').findIndex((line) => line === '      to: /blog') + 1;
    expect(navbarLine).toBeGreaterThan(0);
    writeFileSync(configPath, config.replace('      to: /blog\n', '      to: /blogs\n'));

    const { code, stdout } = await docgen(['check-links', site]);
    expect(code).toBe(1);
    expect(stdout).toBe(
      [
        'docgen.config.yaml (1 problem)',
        `  docgen.config.yaml:${navbarLine}:11  /blogs  no page at /blogs: did you mean /blog?`,
        '',
        'docs/guide/overview.md (1 problem)',
        `  docs/guide/overview.md:${lines + 1}:1  ./start.md#no-such-heading  /docs/guide/start has no heading with id "no-such-heading"`,
        '',
        '✖ 2 problems in 2 files',
        '',
      ].join('\n'),
    );
  });
});
