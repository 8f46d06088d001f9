/** A place in a source file. Both numbers are 1-based, as editors and terminals show them. */
export interface SourceLocation {
  /** Path of the file, relative to the site folder when the file is inside it. */
  file: string;
  line: number;
  column: number;
}

/**
 * Every code a diagnostic may carry: `@docgen/core` describes each (its title and what to do) in
 * its catalogue (`diagnostics/catalogue.ts`), from which the manual's list of errors and warnings
 * is generated.
 */
export type DiagnosticCode =
  | 'usage'
  | 'internal'
  | 'environment'
  | 'lock-failed'
  | 'unsafe-out-dir'
  | 'interrupted-cut'
  | 'thread-exit'
  | 'thread-stalled'
  | 'config-missing'
  | 'config-invalid'
  | 'config-custom-css'
  | 'config-markdown-plugin'
  | 'config-theme'
  | 'config-unknown-version'
  | 'config-navbar-item-type'
  | 'config-navbar-doc'
  | 'config-navbar-sidebar'
  | 'config-language'
  | 'config-html'
  | 'versions-invalid'
  | 'redirect-invalid'
  | 'redirect-hides-page'
  | 'yaml-syntax'
  | 'yaml-shape'
  | 'front-matter-invalid'
  | 'front-matter-unclosed'
  | 'source-changed'
  | 'front-matter-language'
  | 'front-matter-unknown'
  | 'front-matter-unsupported'
  | 'head-tag-unsafe'
  | 'route-path'
  | 'blog-permalink'
  | 'blog-date'
  | 'blog-author'
  | 'duplicate-route'
  | 'folder-unreadable'
  | 'symlink-skipped'
  | 'version-missing'
  | 'git-last-update'
  | 'translation-status'
  | 'markdown'
  | 'markdown-second-h1'
  | 'markdown-nesting'
  | 'markdown-plugin'
  | 'mdx-syntax'
  | 'mdx-run'
  | 'mdx-time-limit'
  | 'mdx-island'
  | 'missing-export'
  | 'sidebar-invalid'
  | 'sidebar-unknown-doc'
  | 'displayed-sidebar-unknown'
  | 'pagination-unknown-doc'
  | 'doc-card-list-no-category'
  | 'untranslated-label'
  | 'broken-link'
  | 'theme-invalid'
  | 'theme-override-unknown'
  | 'theme-override-twice'
  | 'bundle-failed'
  | 'render-failed'
  | 'version-exists'
  | 'version-name'
  | 'version-no-docs'
  | 'version-cut-failed'
  | 'migrate-config'
  | 'migrate-path'
  | 'pdf-browser-missing'
  | 'pdf-font-missing'
  | 'pdf-page';

/**
 * A problem found by a stage. Stages return diagnostics as data; commands decide whether a
 * diagnostic is printed as a warning (`build`) or fails the run (`check-links`).
 */
export interface Diagnostic {
  severity: 'error' | 'warning';
  /** Stable machine-readable code, e.g. `broken-link`, `config-invalid`, `duplicate-route`. */
  code: DiagnosticCode;
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
