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

/** Line of a config key (`key:`, `'key':` or `"key":`) in a config file's text; the first after the key `within` when given. */
export function findKeyLine(text: string, key: string, within?: string): number | undefined {
  const pattern = (name: string) => new RegExp(`(^|[\\s{,])['"]?${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}['"]?\\s*:`, 'm');
  const start = within === undefined ? -1 : text.search(pattern(within));
  if (start < 0) return findLine(text, pattern(key));
  const line = findLine(text.slice(start), pattern(key));
  return line === undefined ? findLine(text, pattern(key)) : line + text.slice(0, start).split('\n').length - 1;
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
