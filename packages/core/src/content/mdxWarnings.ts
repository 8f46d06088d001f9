import { MDX_THEME_IMPORTS } from '@docgen/shared';
import type { Diagnostic } from '@docgen/types';

/**
 * What an `.mdx` file uses that docgen does not build, as `docgen migrate docusaurus` reports it:
 * `export` statements (content runs no code; components an MDX file defines are moved into the
 * site by the migration first) and imports of packages other than the Docusaurus theme
 * components docgen maps (MDX_THEME_IMPORTS). Partials and the site's own modules (relative or
 * `@site/` imports) are supported. Fenced code is skipped: an example of MDX is not MDX.
 * Expressions are checked where they are compiled, with their place.
 */
export function getMdxWarnings(sitePath: string, body: string, bodyLine: number): Diagnostic[] {
  const warnings: Diagnostic[] = [];
  const warn = (line: number, message: string, hint: string) =>
    warnings.push({ severity: 'warning', code: 'mdx-unsupported', message, hint, location: { file: sitePath, line, column: 1 } });
  let fence: string | undefined;
  body.split('\n').forEach((text, index) => {
    const line = bodyLine + index;
    const fenceMatch = /^\s{0,3}(`{3,}|~{3,})/.exec(text);
    if (fence) {
      if (fenceMatch && fenceMatch[1]!.startsWith(fence)) fence = undefined;
      return;
    }
    if (fenceMatch) {
      fence = fenceMatch[1]!;
      return;
    }
    if (/^export\b/.test(text)) {
      warn(
        line,
        `MDX export is not supported: "${truncate(text)}"`,
        'Put the value in the front matter and use {frontMatter.x}, or move the code into a component in src/components and import it.',
      );
      return;
    }
    const source = /^import\s[^'"]*['"]([^'"]+)['"]/.exec(text)?.[1];
    if (source === undefined || Object.hasOwn(MDX_THEME_IMPORTS, source) || /^(\.{1,2}\/|@site\/)/.test(source)) return;
    warn(
      line,
      `MDX import of "${source}" is not supported`,
      `Import components of your site (src/components) or one of ${Object.keys(MDX_THEME_IMPORTS).join(', ')}.`,
    );
  });
  return warnings;
}

function truncate(text: string): string {
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}
