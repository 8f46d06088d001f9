import type { CompiledMarkdown, Diagnostic } from '@docgen/types';
import { getReportedDiagnostics } from './loadSite.js';

/** A doc's body as the last build compiled it and as a text edit compiled it again. */
export interface EditedBody {
  sitePath: string;
  before: CompiledMarkdown;
  after: CompiledMarkdown;
  /** Whether its front matter hides its title (see getReportedDiagnostics). */
  hidingTitle: boolean;
  /** The line its body starts on: a diagnostic above it is of its front matter, which the edit did not change. */
  bodyLine: number;
}

/**
 * The diagnostics a whole build would give after a text edit of `bodies` (see textEdit.ts): those
 * of the last build (`last`, in its order), each edited doc's as its new body gives them. A
 * text edit keeps a doc's front matter and the links it writes, so each of its diagnostics is one
 * of these, at the place the whole build gives it:
 *
 * - the body's own (compiling it gives them), one run where the last build's run was;
 * - a broken link, at the link it is of: the same link of the new body (the same links, in the
 *   same order), moved with the text, and in the same order among the others (link warnings are
 *   sorted by file, line and column, see checkLinks);
 * - one of its front matter, above the body, as it was.
 *
 * Gives why not when a doc's diagnostics are not so: a body that has diagnostics where it had
 * none (where a whole build reports them depends on the other docs), or one that the last build
 * reported elsewhere.
 */
export function getEditedDiagnostics(last: readonly Diagnostic[], bodies: readonly EditedBody[]): Diagnostic[] | { notTaken: string } {
  const diagnostics: (Diagnostic | Diagnostic[])[] = [...last];
  for (const body of bodies) {
    const { sitePath, before, after, hidingTitle, bodyLine } = body;
    const was = getReportedDiagnostics(before, hidingTitle);
    const is = getReportedDiagnostics(after, hidingTitle);
    if (is.some((diagnostic) => diagnostic.severity === 'error')) return { notTaken: `${sitePath} has an error` };
    if (was.length === 0 && is.length > 0) return { notTaken: `${sitePath} has a warning it did not have` };
    const run = was.length === 0 ? -1 : findRun(diagnostics, was);
    if (run === -1 && was.length > 0) return { notTaken: `the warnings of ${sitePath} are not where the last build reported them` };
    const sameLinks =
      before.links.length === after.links.length && before.links.every((link, at) => link.url === after.links[at]!.url && link.kind === after.links[at]!.kind);
    for (const [at, diagnostic] of diagnostics.entries()) {
      if (Array.isArray(diagnostic) || diagnostic.location?.file !== sitePath || (at >= run && at < run + was.length)) continue;
      const { location } = diagnostic;
      if (location.line < bodyLine) continue;
      const link = diagnostic.code === 'broken-link' ? before.links.findIndex((written) => written.line === location.line && written.column === location.column) : -1;
      if (link === -1 || !sameLinks) return { notTaken: `${sitePath} had a warning that its edit may have changed` };
      const moved = after.links[link]!;
      diagnostics[at] = { ...diagnostic, location: { ...location, line: moved.line, column: moved.column } };
    }
    // The body's own run, as one entry until all are placed (its length may change).
    if (run !== -1) diagnostics.splice(run, was.length, is);
  }
  return diagnostics.flat();
}

/** Where `run` is, whole and in order, among `diagnostics`; -1 when it is not. */
function findRun(diagnostics: readonly (Diagnostic | Diagnostic[])[], run: readonly Diagnostic[]): number {
  const texts = run.map((diagnostic) => JSON.stringify(diagnostic));
  for (let at = 0; at + run.length <= diagnostics.length; at++) {
    if (texts.every((text, offset) => JSON.stringify(diagnostics[at + offset]) === text)) return at;
  }
  return -1;
}
