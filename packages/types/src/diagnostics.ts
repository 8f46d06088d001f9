/** A place in a source file. Both numbers are 1-based, as editors and terminals show them. */
export interface SourceLocation {
  /** Path of the file, relative to the site folder when the file is inside it. */
  file: string;
  line: number;
  column: number;
}

/**
 * A problem found by a stage. Stages return diagnostics as data; commands decide whether a
 * diagnostic is printed as a warning (`build`) or fails the run (`check-links`).
 */
export interface Diagnostic {
  severity: 'error' | 'warning';
  /** Stable machine-readable code, e.g. `broken-link`, `config-invalid`, `duplicate-route`. */
  code: string;
  /** What is wrong. */
  message: string;
  /** What to do about it. */
  hint?: string;
  location?: SourceLocation;
  /**
   * Reported only by a strict build (`docgen build --strict`): what works as written and is often
   * meant, but may be a mistake, e.g. a front matter key docgen does not read, kept for the site's
   * MDX and components as Docusaurus keeps it.
   */
  strictOnly?: true;
}
