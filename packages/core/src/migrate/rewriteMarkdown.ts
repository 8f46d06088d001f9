/**
 * The two MDX comments Docusaurus writers use most, rewritten to what docgen reads: the blog
 * excerpt marker `{/* truncate *\/}` to `<!-- truncate -->`, and a heading id `{/* #id *\/}`
 * to `{#id}`. Fenced code is left alone. Everything else stays as written.
 */
export function rewriteMdxComments(text: string): string {
  let fence: string | undefined;
  return text
    .split('\n')
    .map((line) => {
      const fenceMatch = /^\s{0,3}(`{3,}|~{3,})/.exec(line);
      if (fence) {
        if (fenceMatch && fenceMatch[1]!.startsWith(fence)) fence = undefined;
        return line;
      }
      if (fenceMatch) {
        fence = fenceMatch[1]!;
        return line;
      }
      if (/^\s*\{\/\*\s*truncate\s*\*\/\}\s*$/.test(line)) return '<!-- truncate -->';
      return line.replace(/^(#{1,6}\s.*?)\s*\{\/\*\s*#([^\s*{}]+)\s*\*\/\}\s*$/, '$1 {#$2}');
    })
    .join('\n');
}
