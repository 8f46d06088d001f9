import { transform } from 'lightningcss';

/** A stylesheet an MDX page imports, as the page shows it: its CSS, and its class names when it is a CSS module. */
export interface PageStylesheet {
  css: string;
  /** A CSS module's (`.module.css`) class names as written, each to the name the page's markup uses. */
  classes: Record<string, string>;
}

/** Where a stylesheet could not be read: its line and column (1-based). */
export class StylesheetError extends Error {
  constructor(
    message: string,
    readonly line: number,
    readonly column: number,
  ) {
    super(message);
  }
}

/**
 * Reads a stylesheet an MDX page imports, as Docusaurus's webpack loads it: plain CSS applies as
 * written; a CSS module's class names are made its own (`button_x7Yq2a`, from the name and the
 * file's site path, the same on every build), and what it `composes` is added to each name.
 */
export function readPageStylesheet(sitePath: string, text: string): PageStylesheet {
  const module = sitePath.endsWith('.module.css');
  let result: ReturnType<typeof transform>;
  try {
    result = transform({
      filename: sitePath,
      code: Buffer.from(text),
      minify: true,
      ...(module && { cssModules: { pattern: '[local]_[hash]' } }),
    });
  } catch (error) {
    const found = error as { message?: string; loc?: { line: number; column: number } };
    throw new StylesheetError(found.message ?? String(error), found.loc?.line ?? 1, found.loc?.column ?? 1);
  }
  const classes: Record<string, string> = {};
  for (const [name, exported] of Object.entries(result.exports ?? {})) {
    const composed = exported.composes.flatMap((other) => (other.type === 'global' || other.type === 'local' ? [other.name] : []));
    classes[name] = [exported.name, ...composed].join(' ');
  }
  return { css: result.code.toString(), classes };
}
