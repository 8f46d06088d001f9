import type { Diagnostic } from '@docgen/types';

/**
 * What an `.mdx` file uses that docgen builds as plain markdown for now: `import` and `export`
 * lines, JSX components (`<Tabs>`) and JSX expressions (`{props.x}`, `{/* comment *\/}`). Each is
 * one warning at file:line:col, so that nothing an MDX writer relies on is lost silently. Fenced
 * and inline code is skipped: an example of MDX is not MDX.
 */
export function getMdxWarnings(sitePath: string, body: string, bodyLine: number): Diagnostic[] {
  const warnings: Diagnostic[] = [];
  const warn = (line: number, column: number, message: string, hint: string) =>
    warnings.push({ severity: 'warning', code: 'mdx-unsupported', message, hint, location: { file: sitePath, line, column } });
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
    const statement = /^(import|export)\b/.exec(text);
    if (statement) {
      warn(
        line,
        1,
        `MDX ${statement[1]} is not supported yet: "${truncate(text)}" is shown as text`,
        statement[1] === 'import'
          ? 'Remove the line, and write what its components show as markdown.'
          : 'Remove the line: exported values are not available to the page.',
      );
      return;
    }
    const code = text.replace(/`[^`]*`/g, (span) => ' '.repeat(span.length));
    const component = /<([A-Z][\w.]*)[\s/>]/.exec(code);
    if (component) {
      warn(
        line,
        component.index + 1,
        `MDX component <${component[1]}> is not supported yet: it is shown as text`,
        'Replace it with markdown: a :::note admonition, a table, a fenced code block or a link.',
      );
    }
    const expression = /\{[^}]*\}/.exec(code);
    if (expression && !/^\{#[\w-]+\}$/.test(expression[0])) {
      warn(
        line,
        expression.index + 1,
        `MDX expression ${truncate(expression[0])} is not supported yet: it is shown as text`,
        expression[0].startsWith('{/*') ? 'Write the comment as <!-- ... -->.' : 'Replace the expression by its value.',
      );
    }
  });
  return warnings;
}

function truncate(text: string): string {
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}
