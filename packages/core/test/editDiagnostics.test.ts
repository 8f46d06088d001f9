import type { CompiledMarkdown, ContentLink, Diagnostic } from '@docgen/types';
import { describe, expect, it } from 'vitest';
import { getEditedDiagnostics, type EditedBody } from '../src/build/editDiagnostics.js';

/**
 * The diagnostics of a text edit (build/editDiagnostics.ts): the last build's, with each edited
 * doc's where a whole build gives them, or why the edit cannot tell. textEdit.test checks them
 * against whole builds; these are the cases a site rarely has.
 */
const FILE = 'docs/a.md';
const warning = (line: number, code: string, message = `${code} at ${line}`, file = FILE): Diagnostic => ({
  severity: 'warning',
  code,
  message,
  location: { file, line, column: 1 },
});
const link = (url: string, line: number, column = 1): ContentLink => ({ url, kind: 'link', line, column });
const body = (diagnostics: Diagnostic[], links: ContentLink[] = []) => ({ diagnostics, links }) as unknown as CompiledMarkdown;
const edited = (before: CompiledMarkdown, after: CompiledMarkdown): EditedBody => ({
  sitePath: FILE,
  before,
  after,
  hidingTitle: false,
  bodyLine: 5,
});

describe('the diagnostics of a text edit', () => {
  const frontMatter = warning(3, 'front-matter-unknown-key');
  const other = warning(9, 'markdown-second-h1', 'of another doc', 'docs/b.md');

  it("puts the body's new diagnostics where its old ones were, moves its broken links with their links, and keeps the rest", () => {
    const before = body([warning(8, 'markdown-second-h1')], [link('./x.md', 6), link('./gone.md', 10, 4)]);
    const after = body(
      [warning(12, 'markdown-second-h1'), warning(14, 'markdown-second-h1')],
      [link('./x.md', 6), link('./gone.md', 11, 2)],
    );
    const brokenBefore = { ...warning(10, 'broken-link'), location: { file: FILE, line: 10, column: 4 } };
    const last = [frontMatter, warning(8, 'markdown-second-h1'), other, brokenBefore];
    expect(getEditedDiagnostics(last, [edited(before, after)])).toEqual([
      frontMatter,
      warning(12, 'markdown-second-h1'),
      warning(14, 'markdown-second-h1'),
      other,
      { ...brokenBefore, location: { file: FILE, line: 11, column: 2 } },
    ]);
    // None left: the run goes.
    expect(getEditedDiagnostics(last, [edited(before, body([], after.links))])).toEqual([
      frontMatter,
      other,
      { ...brokenBefore, location: { file: FILE, line: 11, column: 2 } },
    ]);
  });

  it('cannot tell where a whole build reports a new warning, an error, or a warning it did not report as the body gives it', () => {
    const clean = body([]);
    expect(getEditedDiagnostics([other], [edited(clean, body([warning(7, 'markdown-second-h1')]))])).toEqual({
      notTaken: `${FILE} has a warning it did not have`,
    });
    expect(getEditedDiagnostics([], [edited(clean, body([{ ...warning(7, 'mdx-syntax'), severity: 'error' }]))])).toEqual({
      notTaken: `${FILE} has an error`,
    });
    // The last build reported the body's warning with other words (another docgen, or another doc's body).
    const before = body([warning(8, 'markdown-second-h1')]);
    expect(getEditedDiagnostics([warning(8, 'markdown-second-h1', 'other words')], [edited(before, before)])).toEqual({
      notTaken: `the warnings of ${FILE} are not where the last build reported them`,
    });
  });

  it('cannot move a broken link whose links changed, nor a warning of the body it knows nothing of', () => {
    const broken = warning(6, 'broken-link');
    const before = body([], [link('./gone.md', 6)]);
    const moved = `${FILE} had a warning that its edit may have changed`;
    // The same link written twice now: which one the warning is of, the whole build says.
    expect(getEditedDiagnostics([broken], [edited(before, body([], [link('./gone.md', 6), link('./gone.md', 8)]))])).toEqual({
      notTaken: moved,
    });
    // A warning in the body that neither the compile nor a link gives (a later stage's).
    expect(getEditedDiagnostics([warning(7, 'island-render')], [edited(before, before)])).toEqual({ notTaken: moved });
    // Above the body (the front matter, which a text edit does not change): kept.
    expect(getEditedDiagnostics([frontMatter], [edited(before, before)])).toEqual([frontMatter]);
  });
});
