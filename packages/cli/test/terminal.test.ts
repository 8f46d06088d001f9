import { describe, expect, it } from 'vitest';
import { escapeData, escapeProperty, toGithubAnnotation } from '../src/annotations.js';
import { createProgressLine } from '../src/progress.js';
import { createRebuildWarnings } from '../src/rebuildWarnings.js';

describe('GitHub Actions annotations', () => {
  it('escapes messages and properties as workflow commands require', () => {
    expect(escapeData('100% done\r\nnext')).toBe('100%25 done%0D%0Anext');
    expect(escapeProperty('a: b, c%')).toBe('a%3A b%2C c%25');
  });

  it('names the file relative to the repository root, with line and column; errors as ::error', () => {
    const warning = toGithubAnnotation(
      { severity: 'warning', code: 'x', message: 'Broken: 50%', hint: 'Fix it,\nnow', location: { file: 'docs/a.md', line: 3, column: 7 } },
      '/repo/website',
      '/repo',
    );
    expect(warning).toBe('::warning file=website/docs/a.md,line=3,col=7,title=docgen::Broken: 50%25%0Ahint: Fix it,%0Anow\n');
    const error = toGithubAnnotation({ severity: 'error', code: 'x', message: 'No config' }, '/repo', '/repo');
    expect(error).toBe('::error title=docgen::No config\n');
  });
});

describe('the progress line', () => {
  it('redraws in place at most every 80 ms, draws each new stage and the end of one, and clears itself', () => {
    let written = '';
    let now = 0;
    const line = createProgressLine(
      (text) => void (written += text),
      () => now,
    );
    line.update({ stage: 'compiling', done: 0, total: 100 });
    now = 10;
    line.update({ stage: 'compiling', done: 50, total: 100 });
    now = 100;
    line.update({ stage: 'compiling', done: 64, total: 100 });
    now = 110;
    line.update({ stage: 'compiling', done: 100, total: 100 });
    line.update({ stage: 'rendering', done: 0, total: 20 });
    line.clear();
    line.clear();
    expect(written.split('\r\x1b[2K')).toEqual(['', 'compiling 0/100', 'compiling 64/100', 'compiling 100/100', 'rendering 0/20', '']);
  });
});

describe('serve --watch warnings of a rebuild', () => {
  it('are the new ones only, with the count of those the last build had too', () => {
    const warnings = createRebuildWarnings();
    const a = { severity: 'warning', code: 'w', message: 'A', location: { file: 'a.md', line: 1, column: 1 } } as const;
    const b = { ...a, message: 'B' };
    const aMoved = { ...a, location: { file: 'a.md', line: 2, column: 1 } };
    expect(warnings.next([a])).toEqual({ fresh: [a], unchanged: 0 });
    expect(warnings.next([a, b])).toEqual({ fresh: [b], unchanged: 1 });
    expect(warnings.next([aMoved, b])).toEqual({ fresh: [aMoved], unchanged: 1 });
    expect(warnings.next([])).toEqual({ fresh: [], unchanged: 0 });
    expect(warnings.next([b])).toEqual({ fresh: [b], unchanged: 0 });
  });
});
