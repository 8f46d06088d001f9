import type { ElementContent, Root as HastRoot } from 'hast';
import { escapeHtml } from '@docgen/shared';
import { isLanguageFile } from './languageFiles.js';
import { refractor, refractorDocker, refractorGroovy, refractorJsx, refractorKotlin, refractorTsx } from '../vendor/refractor.js';

// Besides refractor's common languages, those Docusaurus highlights without being told (jsx, tsx)
// and a few more sites use.
refractor.register(refractorGroovy);
refractor.register(refractorKotlin);
refractor.register(refractorDocker);
refractor.register(refractorJsx);
refractor.register(refractorTsx);
refractor.alias({
  bash: ['sh', 'shell', 'zsh', 'console'],
  markup: ['html', 'xml', 'svg'],
  typescript: ['ts'],
  javascript: ['js'],
  json: ['jsonc'],
  // Gradle's build scripts are Groovy (Android setup pages: Capacitor's, React Native's).
  groovy: ['gradle'],
});

/** Languages shown as plain text without a warning. */
// `mermaid` too: a diagram's source, drawn in the browser (or shown as it is), never highlighted.
const PLAIN = new Set(['', 'text', 'txt', 'plain', 'plaintext', 'none', 'mermaid']);

/**
 * The extra languages (`additionalLanguages`) registered in this thread, each by the name a
 * config gave, with every name it answers to (its id and aliases). Prism's registry only grows:
 * a language registered for one site stays registered for the next build of the process. Which
 * extras a compile may use is therefore the list of the last registerLanguages call, so that a
 * build highlights exactly what its config asks for, whatever an earlier build registered.
 */
const extras = new Map<string, string[]>();
const extraNames = new Set<string>();
let enabledExtras: ReadonlySet<string> = new Set();

type Syntax = Parameters<typeof refractor.register>[0] & { displayName: string; aliases?: string[] };

/**
 * Makes the extra Prism languages of a config (`additionalLanguages`, by name) the ones highlighted
 * besides the defaults from now on in this thread, registering those not registered yet. Call it
 * before compiling with a config: an extra language of an earlier config is no longer highlighted.
 * Unknown names are returned.
 */
export async function registerLanguages(names: readonly string[]): Promise<string[]> {
  const unknown: string[] = [];
  const enabled = new Set<string>();
  for (const name of names) {
    let answers = extras.get(name) ?? [...extras.values()].find((candidate) => candidate.includes(name));
    if (!answers) {
      // One of the defaults.
      if (refractor.registered(name)) continue;
      // Only refractor's language files: importing one of its other entries would register every
      // language (`all`) as a side effect, for this build and the next ones of the thread.
      if (!isLanguageFile(name)) {
        unknown.push(name);
        continue;
      }
      try {
        const syntax = ((await import(`refractor/${name}`)) as { default: Syntax }).default;
        refractor.register(syntax);
        answers = [name, syntax.displayName, ...(syntax.aliases ?? [])];
        extras.set(name, answers);
        for (const answer of answers) extraNames.add(answer);
      } catch {
        unknown.push(name);
        continue;
      }
    }
    for (const answer of answers) enabled.add(answer);
  }
  enabledExtras = enabled;
  return unknown;
}

/** Whether code of `language` is highlighted: a default language or an extra of the current config. */
function isHighlighted(language: string): boolean {
  return refractor.registered(language) && (!extraNames.has(language) || enabledExtras.has(language));
}

/** Whether docgen highlights `language` without the config naming it in `additionalLanguages`. */
export function isDefaultLanguage(language: string): boolean {
  return refractor.registered(language) && !extraNames.has(language);
}

export function isKnownLanguage(language: string): boolean {
  return PLAIN.has(language) || isHighlighted(language);
}

/**
 * Highlights code as HTML, one `span.code-line` per line (ending in its newline), so lines can
 * be highlighted and numbered; `highlighted` holds 1-based line numbers. A token that spans
 * several lines is closed at the end of each line and opened again on the next one, and
 * neighbouring tokens of the same class share one span.
 */
export function highlightToHtml(code: string, language: string, highlighted: ReadonlySet<number>): string {
  return toLinesHtml(
    !PLAIN.has(language) && isHighlighted(language) ? highlightToNodes(code, language) : [{ type: 'text', value: code }],
    highlighted,
  );
}

/** A token of Prism's token stream (Prism.Token). */
interface PrismToken {
  type: string;
  content: TokenStream;
  alias?: string | string[];
}
type TokenStream = string | PrismToken | (string | PrismToken)[];

/** What Prism's `wrap` hooks are given and may change (refractor's shape of it, so that its hooks work). */
interface WrapEnv {
  attributes: Record<string, string>;
  classes: string[];
  content: ElementContent | ElementContent[] | HastRoot;
  language: string;
  tag: string;
  type: string;
}

/** refractor's instance of Prism, as far as highlighting needs it beyond refractor's own API. */
const prism = refractor as unknown as {
  languages: Record<string, unknown>;
  tokenize(code: string, grammar: unknown): TokenStream;
  hooks: { run(name: string, env: object): void };
};

/**
 * The token spans of `code`: what `refractor.highlight(code, language).children` gives, as far as
 * toLinesHtml reads it (text, and elements with their classes and children), made without
 * hastscript. refractor makes each token's span with `h('span.token.…')`, which parses the
 * selector, and that was a quarter of highlighting. Same Prism steps and hooks as refractor
 * (highlightDifferential.test.ts compares the HTML of both for every language).
 */
function highlightToNodes(code: string, language: string): ElementContent[] {
  if (!Object.hasOwn(prism.languages, language)) throw new Error(`Unknown language: \`${language}\` is not registered`);
  const env: { code: string; grammar: unknown; language: string; tokens?: TokenStream } = {
    code,
    grammar: prism.languages[language],
    language,
  };
  prism.hooks.run('before-tokenize', env);
  env.tokens = prism.tokenize(env.code, env.grammar);
  prism.hooks.run('after-tokenize', env);
  const nodes = toNodes(env.tokens, language);
  return Array.isArray(nodes) ? nodes : [nodes];
}

/** refractor's Token.stringify, with plain objects for its elements. */
function toNodes(value: TokenStream, language: string): ElementContent | ElementContent[] {
  if (typeof value === 'string') return { type: 'text', value };
  if (Array.isArray(value)) {
    const nodes: ElementContent[] = [];
    for (const item of value) if (item !== null && item !== undefined && item !== '') nodes.push(toNodes(item, language) as ElementContent);
    return nodes;
  }
  const env: WrapEnv = {
    attributes: {},
    classes: ['token', value.type],
    content: toNodes(value.content, language),
    language,
    tag: 'span',
    type: value.type,
  };
  if (value.alias) env.classes.push(...(typeof value.alias === 'string' ? [value.alias] : value.alias));
  prism.hooks.run('wrap', env);
  return { type: 'element', tagName: env.tag, properties: { className: env.classes }, children: toChildren(env.content) };
}

/**
 * A span's children as hastscript adds them: a hook may have set the content to a whole root
 * (markdown's, which highlights a fenced block with `Prism.highlight`, refractor's, giving a
 * root), whose children are added.
 */
function toChildren(content: WrapEnv['content'] | HastRoot): ElementContent[] {
  if (Array.isArray(content)) return content.flatMap(toChildren);
  return content.type === 'root' ? (content.children as ElementContent[]) : [content];
}

/**
 * Code's token spans as HTML lines (see highlightToHtml). Exported for highlightDifferential.test.ts,
 * which gives it refractor's own tree.
 */
export function toLinesHtml(tokens: ElementContent[], highlighted: ReadonlySet<number>): string {
  const lines: string[] = [];
  let line = '';
  // Classes of the token spans open in the current line, outermost first, and of the token being walked.
  const open: string[] = [];
  const classes: string[] = [];
  const endLine = () => {
    lines.push(line + '</span>'.repeat(open.length));
    line = '';
    open.length = 0;
  };
  const write = (text: string) => {
    let shared = 0;
    while (shared < open.length && shared < classes.length && open[shared] === classes[shared]) shared++;
    if (shared < open.length) line += '</span>'.repeat(open.length - shared);
    open.length = shared;
    for (let depth = shared; depth < classes.length; depth++) {
      line += `<span class="${escapeHtml(classes[depth]!)}">`;
      open.push(classes[depth]!);
    }
    line += escapeHtml(text);
  };
  const walk = (nodes: ElementContent[]) => {
    for (const node of nodes) {
      if (node.type === 'text') {
        const { value } = node;
        for (let start = 0; ;) {
          const end = value.indexOf('\n', start);
          if ((end < 0 ? value.length : end) > start) write(end < 0 ? value.slice(start) : value.slice(start, end));
          if (end < 0) break;
          endLine();
          start = end + 1;
        }
      } else if (node.type === 'element') {
        const className = node.properties.className;
        classes.push(Array.isArray(className) ? className.join(' ') : String(className ?? ''));
        walk(node.children);
        classes.pop();
      }
    }
  };
  walk(tokens);
  endLine();
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  return lines
    .map((html, index) => `<span class="code-line${highlighted.has(index + 1) ? ' code-line-highlighted' : ''}">${html}\n</span>`)
    .join('');
}

/**
 * Parses the meta string of a code fence: `title="App.java" {1,3-5} showLineNumbers=10`.
 * Line numbers are 1-based; `lines` is undefined without a `{...}` range. `lineNumbersStart` is
 * the number of the first line when lines are numbered (`showLineNumbers`, from 1, or
 * `showLineNumbers=N`).
 */
export function parseCodeMeta(meta: string | null | undefined): { title?: string; lines?: Set<number>; lineNumbersStart?: number } {
  const text = meta ?? '';
  const title = /title=(?:"([^"]*)"|'([^']*)'|(\S+))/.exec(text);
  const range = /\{([\d,\s-]+)\}/.exec(text);
  const lines = range ? new Set<number>() : undefined;
  for (const part of range?.[1]?.split(',') ?? []) {
    const [start, end] = part.trim().split('-').map(Number);
    if (start === undefined || Number.isNaN(start)) continue;
    for (let line = start; line <= (end ?? start) && line - start < 10_000; line++) lines!.add(line);
  }
  const numbered = /\bshowLineNumbers(?:=(\d+))?(?![\w=])/.exec(text);
  return {
    title: title ? (title[1] ?? title[2] ?? title[3]) : undefined,
    lines,
    lineNumbersStart: numbered ? Number(numbered[1] ?? 1) : undefined,
  };
}
