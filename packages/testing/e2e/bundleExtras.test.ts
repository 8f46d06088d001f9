import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { listFiles, runDocgen } from '../src/cli.js';
import { getMinimalSiteFiles, writeSiteFiles } from '../src/fixtureSite.js';

/*
 * mermaid's browser bundle (megabytes) and KaTeX's stylesheet and fonts are copied only into sites
 * whose pages use them, and a rebuild keeps them where they are rather than copying them again.
 */
const scratch = mkdtempSync(join(tmpdir(), 'docgen-extras-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const DIAGRAM = '```mermaid\ngraph TD\n  Start --> Finish\n```\n';
const MATH = 'Energy $E = mc^2$ inline.\n';

describe('what a site copies of the theme for some pages only', () => {
  it('has mermaid and KaTeX files once a page uses them, keeps them on rebuilds, and drops them when none does', async () => {
    const files = getMinimalSiteFiles('Extras');
    const site = writeSiteFiles(join(scratch, 'site'), {
      ...files,
      // Math is on, but no page has any yet.
      'docgen.config.yaml': `${files['docgen.config.yaml']}markdown:\n  math: true\n`,
      'docs/a.md': '# A\n\nPlain text.\n',
      'docs/b.md': '# B\n\nMore plain text.\n',
    });
    const out = join(site, 'build');
    const build = async () => {
      const result = await runDocgen(['build', site]);
      expect(result.code, result.stderr).toBe(0);
    };
    const extras = () => {
      const all = listFiles(out);
      return {
        mermaid: all.filter((file) => file.startsWith('assets/browser-only/mermaid-')),
        katex: all.filter((file) => /^assets\/.*katex|\.woff2?$/i.test(file)),
      };
    };

    await build();
    expect(extras()).toEqual({ mermaid: [], katex: [] });

    writeFileSync(join(site, 'docs/a.md'), `# A\n\n${DIAGRAM}\n${MATH}`);
    await build();
    const used = extras();
    expect(used.mermaid).toContainEqual(expect.stringMatching(/\/index\.js$/));
    expect(used.katex.some((file) => file.endsWith('.css'))).toBe(true);
    expect(used.katex.some((file) => /\.woff2$/.test(file))).toBe(true);

    // Another page's edit: the files are kept where they are (same inodes), not copied again.
    const inode = (file: string) => statSync(join(out, file)).ino;
    const before = new Map([...used.mermaid, ...used.katex].map((file) => [file, inode(file)]));
    writeFileSync(join(site, 'docs/b.md'), '# B\n\nEdited plain text.\n');
    await build();
    expect(extras()).toEqual(used);
    expect([...before].filter(([file, number]) => inode(file) !== number)).toEqual([]);

    writeFileSync(join(site, 'docs/a.md'), '# A\n\nPlain again.\n');
    await build();
    expect(extras()).toEqual({ mermaid: [], katex: [] });
  }, 120_000);
});
