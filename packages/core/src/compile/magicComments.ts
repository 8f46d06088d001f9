/**
 * Docusaurus's magic comments in code blocks: a line holding only `highlight-next-line`
 * highlights the line after it, and `highlight-start` ... `highlight-end` the lines between.
 * The comment lines themselves are taken out of the code, so they are neither shown nor copied.
 * Each is written in a comment of the block's language: `//` and `/* *\/` in JavaScript,
 * `{/* *\/}` in JSX, `#` in Python and shell, `<!-- -->` in HTML and Markdown, `--` in Lua,
 * Haskell and SQL, `%` in TeX and MATLAB, `;;` in WebAssembly; in any other language, any of them.
 */

type CommentStyle = 'slash' | 'block' | 'jsx' | 'hash' | 'html' | 'dashes' | 'percent' | 'semicolons';

/** Each comment style around the directive (`X`), as a whole line. */
const STYLES: Record<CommentStyle, [string, string]> = {
  slash: ['\\/\\/', ''],
  block: ['\\/\\*', '\\*\\/'],
  jsx: ['\\{\\s*\\/\\*', '\\*\\/\\s*\\}'],
  hash: ['#', ''],
  html: ['<!--', '-->'],
  dashes: ['--', ''],
  percent: ['%', ''],
  semicolons: [';;', ''],
};

/** The comment styles of magic comments by language; any other language takes any style. */
const LANGUAGE_STYLES: [string[], CommentStyle[]][] = [
  [
    ['js', 'javascript', 'ts', 'typescript'],
    ['slash', 'block'],
  ],
  [
    ['jsx', 'tsx'],
    ['slash', 'block', 'jsx'],
  ],
  [
    ['html', 'xml', 'markup', 'svg'],
    ['slash', 'block', 'html'],
  ],
  [['python', 'py', 'bash', 'sh', 'shell', 'zsh'], ['hash']],
  [
    ['markdown', 'md'],
    ['html', 'jsx', 'hash'],
  ],
  [['tex', 'latex', 'matlab'], ['percent']],
  [['lua', 'haskell'], ['dashes']],
  [['sql'], ['dashes', 'block']],
  [['wasm'], ['semicolons']],
];

/** A whole line holding a magic comment in one of `styles`; the directive is the one group that matched. */
function toPattern(styles: CommentStyle[]): RegExp {
  const alternatives = styles.map(
    (style) => `${STYLES[style][0]}\\s*(highlight-next-line|highlight-start|highlight-end)\\s*${STYLES[style][1]}`,
  );
  return new RegExp(`^\\s*(?:${alternatives.join('|')})\\s*$`);
}

const PATTERNS: Record<string, RegExp> = Object.fromEntries(
  LANGUAGE_STYLES.flatMap(([names, styles]) => names.map((name) => [name, toPattern(styles)])),
);
const ANY_STYLE = toPattern(Object.keys(STYLES) as CommentStyle[]);

/**
 * The code without its magic comment lines, and the (1-based) lines of that code they highlight.
 * Code without any is returned as it is.
 */
export function applyMagicComments(code: string, language: string): { code: string; lines: Set<number> } {
  const lines = new Set<number>();
  if (!code.includes('highlight-')) return { code, lines };
  const pattern = (Object.hasOwn(PATTERNS, language) ? PATTERNS[language] : undefined) ?? ANY_STYLE;
  const kept: string[] = [];
  let next = false;
  let open = 0;
  for (const line of code.split('\n')) {
    const match = pattern.exec(line);
    const directive = match?.slice(1).find((group) => group !== undefined);
    if (directive === 'highlight-next-line') next = true;
    else if (directive === 'highlight-start') open++;
    else if (directive === 'highlight-end') open = Math.max(0, open - 1);
    else {
      kept.push(line);
      if (next || open > 0) lines.add(kept.length);
      next = false;
    }
  }
  return { code: kept.join('\n'), lines };
}
