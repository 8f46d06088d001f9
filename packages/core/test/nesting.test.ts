import { describe, expect, it } from 'vitest';
import { compileMarkdown } from '../src/compile/compileMarkdown.js';
import { findSlowSyntax, MAX_NESTING } from '../src/compile/nesting.js';

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
