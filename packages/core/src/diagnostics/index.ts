import type { Diagnostic, DiagnosticCode, SourceLocation } from '@docgen/types';

/**
 * An error a user can act on: what is wrong (`message`), where (`location`) and what to do
 * (`hint`). Commands print it without a stack trace and exit with code 2.
 */
export class DocgenError extends Error {
  readonly location?: SourceLocation;
  readonly hint?: string;
  readonly code: DiagnosticCode;
  /** Further problems found in the same pass, reported together. */
  readonly diagnostics: Diagnostic[];

  constructor(
    message: string,
    options: { code: DiagnosticCode; location?: SourceLocation; hint?: string; cause?: unknown; diagnostics?: Diagnostic[] },
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'DocgenError';
    this.code = options.code;
    this.location = options.location;
    this.hint = options.hint;
    this.diagnostics = options.diagnostics ?? [
      { severity: 'error', code: this.code, message, hint: options.hint, location: options.location },
    ];
  }
}

export function isDocgenError(error: unknown): error is DocgenError {
  return error instanceof DocgenError;
}

/** Formats a location the way editors and terminals make clickable: `file:line:col`. */
export function formatLocation(location: SourceLocation): string {
  return `${location.file}:${location.line}:${location.column}`;
}

/** Plain-text rendering of a diagnostic (the CLI adds colours). */
export function formatDiagnostic(diagnostic: Diagnostic): string {
  const where = diagnostic.location ? `${formatLocation(diagnostic.location)}  ` : '';
  const hint = diagnostic.hint ? `\n  hint: ${diagnostic.hint}` : '';
  return `${where}${diagnostic.message}${hint}`;
}

/** Computes the 1-based line and column of a character offset in a text. */
export function getLineColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let index = 0; index < offset && index < text.length; index++) {
    if (text.charCodeAt(index) === 10) {
      line++;
      lineStart = index + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}

export function assertNever(value: never, what: string): never {
  throw new Error(`Unhandled ${what}: ${JSON.stringify(value)}`);
}

export { describeErrorCode, getEnvironmentError, writingFile } from './environment.js';
export { suggestName } from './suggest.js';
