import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { build } from '../src/build/index.js';
import { compileMarkdown } from '../src/compile/compileMarkdown.js';
import { findSlowSyntax, MAX_NESTING } from '../src/compile/nesting.js';
import { readCompileIndex } from '../src/compile/store.js';
import { catchDocgenErrorAsync, makeTempDir, removeTempDirs, writeSite } from './helpers.js';

afterAll(removeTempDirs);

const errorsOf = (body: string) =>
  compileMarkdown(body, { sourcePath: 'docs/page.md', bodyLine: 1 })
    .meta.diagnostics.filter((diagnostic) => diagnostic.severity === 'error')
    .map(({ message, location }) => `${location!.line}:${location!.column} ${message}`);

describe('the nesting limit', () => {
  it('is 100 levels of the markdown tree, counted the same before and after parsing', () => {
    expect(MAX_NESTING).toBe(100);
    // 99 block quotes, a paragraph and its text: 101 levels.
    expect(errorsOf(`${'> '.repeat(98)}x\n`)).toEqual([]);
    expect(errorsOf(`${'> '.repeat(99)}x\n`)).toEqual([
      '1:199 Markdown nests more than 100 levels deep here (at a text): content may nest at most 100 levels deep',
    ]);
    expect(errorsOf(`${'> '.repeat(101)}x\n`)).toEqual([
      '1:201 Block quotes and lists nest more than 100 levels deep on this line: content may nest at most 100 levels deep',
    ]);
    // A list item is two levels (its list and itself); a tight item's text sits in a paragraph.
    expect(errorsOf(`${'- '.repeat(49)}x\n`)).toEqual([]);
    expect(errorsOf(`${'- '.repeat(51)}x\n`)[0]).toMatch(/^1:101 Block quotes and lists nest/);
  });

  it('leaves long thematic breaks, code and busy prose alone', () => {
    expect(findSlowSyntax(`${'- '.repeat(50_000)}\n`)).toBeUndefined();
    expect(findSlowSyntax(`${'* '.repeat(50_000)}\n`)).toBeUndefined();
    expect(findSlowSyntax(`> ${'- '.repeat(50_000)}\n`)).toBeUndefined();
    // A blank line ends what a paragraph counts.
    expect(findSlowSyntax(`\`\`\`python\n${'def f(*args, **kwargs):\n    pass\n\n'.repeat(300)}\`\`\`\n`)).toBeUndefined();
    expect(findSlowSyntax(`${'Use *.md or *.mdx files, a* b* and [x] '.repeat(60)}\n`)).toBeUndefined();
    expect(findSlowSyntax(`${'**bold** and _em_ and [link](./a.md) '.repeat(2000)}\n`)).toBeUndefined();
    expect(findSlowSyntax(`${':::note\nText\n:::\n\n'.repeat(500)}`)).toBeUndefined();
  });

  it('reports the place, in the file, of the first marker past the limit', () => {
    const body = `# Title\n\n${'*a '.repeat(500)}`;
    const problem = findSlowSyntax(body)!;
    expect(body.slice(problem.offset, problem.offset + 2)).toBe('*a');
    expect(problem.offset).toBe(9 + 400 * 3);
    expect(compileMarkdown(body, { sourcePath: 'docs/page.md', bodyLine: 4 }).meta.diagnostics[0]).toMatchObject({
      severity: 'error',
      code: 'markdown-nesting',
      location: { file: 'docs/page.md', line: 6, column: 1201 },
      hint: expect.stringContaining('backslash'),
    });
  });
});

describe('a build stopped by content that nests too deep', () => {
  it('keeps what it compiled: once the file is fixed, the next build compiles that file alone', async () => {
    const deep = `${'> '.repeat(120)}too deep\n`;
    const site = writeSite({
      'docgen.config.yaml': 'title: Site\nurl: https://example.com\n',
      'docs/one.md': '# One\n\nFirst *page*.\n',
      'docs/two.md': '# Two\n\n- a list\n- of two\n',
      'docs/deep.md': `# Deep\n\n${deep}`,
    });
    const storeDir = join(site, '.docgen', 'compiled');
    const outDir = join(makeTempDir(), 'build');
    const error = await catchDocgenErrorAsync(() => build({ siteDir: site, outDir, threads: 1 }));
    expect(error.diagnostics.map((diagnostic) => diagnostic.location?.file)).toEqual(['docs/deep.md']);
    const kept = [...readCompileIndex(storeDir).entries.values()];
    const countErrors = (entry: (typeof kept)[number]) => entry.diagnostics.filter((diagnostic) => diagnostic.severity === 'error').length;
    // The two docs that compiled, and the one that did not (with its error, reported again unless it changes).
    expect(kept.map(countErrors).sort()).toEqual([0, 0, 1]);
    writeFileSync(join(site, 'docs', 'deep.md'), '# Deep\n\nFixed.\n');
    await build({ siteDir: site, outDir, threads: 1 });
    const after = readCompileIndex(storeDir).entries;
    // The bodies of the two docs are where the failed build stored them: not compiled again.
    const good = kept.filter((entry) => countErrors(entry) === 0);
    expect(good).toHaveLength(2);
    expect(good.map((entry) => after.get(entry.key)?.stored)).toEqual(good.map((entry) => entry.stored));
    expect(after.size).toBe(3);
  });
});
