import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_EDITOR_URL, toEditorUrl, toOverlayReport } from '../src/dev/overlay.js';
import { makeTempDir, removeTempDirs } from './helpers.js';

afterAll(removeTempDirs);

describe('the serve --watch overlay report', () => {
  it('links each error to the editor (VS Code by default) and frames its lines, the failing one and its column marked', () => {
    const site = makeTempDir('docgen-overlay-unit-');
    writeFileSync(join(site, 'a.md'), 'one\ntwo\nthree: "x\nfour\nfive\nsix\n');
    const report = toOverlayReport(
      [
        { severity: 'error', code: 'yaml-syntax', message: 'Bad', hint: 'Fix', location: { file: 'a.md', line: 3, column: 8 } },
        { severity: 'error', code: 'x', message: 'Nowhere' },
      ],
      site,
    );
    const path = pathToFileURL(join(site, 'a.md')).pathname;
    expect(report.errors[0]).toEqual({
      message: 'Bad',
      hint: 'Fix',
      where: 'a.md:3:8',
      href: `vscode://file${path}:3:8`,
      frame: { start: 1, line: 3, column: 8, lines: ['one', 'two', 'three: "x', 'four', 'five'] },
    });
    expect(report.errors[1]).toEqual({ message: 'Nowhere', hint: undefined });
    expect(report.message).toContain('a.md:3:8');
  });

  it('fills an editor URL template of any editor, the path percent-encoded', () => {
    expect(DEFAULT_EDITOR_URL).toBe('vscode://file{path}:{line}:{column}');
    expect(toEditorUrl('idea://open?file={path}&line={line}', '/home/me/my site/a.md', 4, 2)).toBe(
      'idea://open?file=/home/me/my%20site/a.md&line=4',
    );
  });
});
