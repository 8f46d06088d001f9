/** A PDF manual as `docgen pdf` (or `build` under `pdf.build`) wrote it. */
export interface WrittenManual {
  /** Absolute path of the PDF. */
  file: string;
  /** The docs instance (`default` for `docs`), the version's name and the locale. */
  instance: string;
  version: string;
  locale: string;
  pages: number;
  bytes: number;
  milliseconds: number;
}
