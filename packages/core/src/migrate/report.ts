/** One thing of the Docusaurus site that the migration did not convert, where it is, and what to do. */
export interface MigrationNote {
  /** Path in the Docusaurus site, `/`-separated. */
  file: string;
  line?: number;
  what: string;
  todo: string;
}

/** Line (1-based) of the first match of `pattern` in `text`, or undefined. */
export function findLine(text: string, pattern: RegExp | string): number | undefined {
  const index = typeof pattern === 'string' ? text.indexOf(pattern) : text.search(pattern);
  return index < 0 ? undefined : text.slice(0, index).split('\n').length;
}

/** Line (1-based) of the nth match (1-based) of a global `pattern`. */
export function findNthLine(text: string, pattern: RegExp, nth: number): number | undefined {
  const match = [...text.matchAll(pattern)][nth - 1];
  return match?.index === undefined ? undefined : text.slice(0, match.index).split('\n').length;
}

export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Line (1-based) of an index of `text`. */
const lineAt = (text: string, index: number) => text.slice(0, index).split('\n').length;

/** Where a config key (`key:`, `'key':` or `"key":`) is written in a config file's text; the first after the key `within` when given. */
function findKeyIndex(text: string, key: string, within?: string): number | undefined {
  const pattern = (name: string) => new RegExp(`(^|[\\s{,])['"]?${escapeRegExp(name)}['"]?\\s*:`, 'm');
  // The key itself, after the character before it.
  const find = (name: string, from = 0) => {
    const match = pattern(name).exec(text.slice(from));
    return match ? from + match.index + match[1]!.length : undefined;
  };
  const start = within === undefined ? undefined : find(within);
  return (start === undefined ? undefined : find(key, start)) ?? find(key);
}

/** Line of a config key (`key:`, `'key':` or `"key":`) in a config file's text; the first after the key `within` when given. */
export function findKeyLine(text: string, key: string, within?: string): number | undefined {
  const index = findKeyIndex(text, key, within);
  return index === undefined ? undefined : lineAt(text, index);
}

/**
 * Lines of the elements of the array literal written after a config key (`items: [...]`, the
 * first after `within` when given), as findKeyLine finds the key: each element's first line,
 * strings, template literals, comments and nested brackets stepped over. Undefined when no array
 * literal follows the key.
 */
export function findArrayElementLines(text: string, key: string, within?: string): number[] | undefined {
  const keyAt = findKeyIndex(text, key, within);
  const open = keyAt === undefined ? null : /^[^:]*:\s*\[/.exec(text.slice(keyAt));
  if (keyAt === undefined || !open) return undefined;
  const lines: number[] = [];
  let depth = 0;
  let expectElement = false;
  for (let index = keyAt + open[0].length - 1; index < text.length; index++) {
    const char = text[index]!;
    if (char === '/' && (text[index + 1] === '/' || text[index + 1] === '*')) {
      // A comment: to its end.
      const end = text[index + 1] === '/' ? text.indexOf('\n', index) : text.indexOf('*/', index + 2) + 1;
      index = end <= 0 ? text.length : end;
      continue;
    }
    if (/\s/.test(char)) continue;
    if (depth === 1 && expectElement && char !== ']') {
      lines.push(lineAt(text, index));
      expectElement = false;
    }
    if (char === '"' || char === "'" || char === '`') index = skipString(text, index);
    else if (char === '[' || char === '{' || char === '(') {
      depth++;
      if (depth === 1) expectElement = true;
    } else if (char === ']' || char === '}' || char === ')') {
      depth--;
      if (depth === 0) return lines;
    } else if (char === ',' && depth === 1) expectElement = true;
  }
  return undefined;
}

/** The index of the quote that closes the string or template literal opened at `start` (a template's `${}` holds no backquote). */
function skipString(text: string, start: number): number {
  const quote = text[start];
  for (let index = start + 1; index < text.length; index++) {
    if (text[index] === '\\') index++;
    else if (text[index] === quote) return index;
  }
  return text.length;
}

export const formatWhere = (note: MigrationNote) => `${note.file}${note.line === undefined ? '' : `:${note.line}`}`;

/** MIGRATION.md: what was converted, then every note, grouped by file. */
export function formatReport(from: string, notes: MigrationNote[], stubs: string[]): string {
  let text = `# Migration from Docusaurus\n\n`;
  text += `Converted from \`${from}\` by \`docgen migrate docusaurus\`. The Docusaurus site was not changed.\n\n`;
  text += `Build the new site with \`docgen build\`, or preview it with \`docgen serve --watch\`.\n\n`;
  if (stubs.length > 0) {
    text += `## Packages the config imports that are not installed\n\n`;
    text += `The config was loaded with empty stand-ins for them; what it read from them is not migrated.\n\n`;
    for (const stub of stubs) text += `- \`${stub}\`\n`;
    text += '\n';
  }
  text += `## Not converted (${notes.length})\n\n`;
  if (notes.length === 0) text += 'Everything was converted.\n';
  for (const note of notes) text += `- \`${formatWhere(note)}\` ${note.what}. ${note.todo}\n`;
  return text;
}
