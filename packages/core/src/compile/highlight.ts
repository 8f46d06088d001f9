import type { Element, ElementContent, Text } from 'hast';
import { refractor } from 'refractor';
import groovy from 'refractor/groovy';
import kotlin from 'refractor/kotlin';
import docker from 'refractor/docker';

refractor.register(groovy);
refractor.register(kotlin);
refractor.register(docker);
refractor.alias({ bash: ['sh', 'shell', 'zsh', 'console'], markup: ['html', 'xml', 'svg'], typescript: ['ts'], javascript: ['js'] });

/** Languages shown as plain text without a warning. */
const PLAIN = new Set(['', 'text', 'txt', 'plain', 'plaintext', 'none']);

/** Registers extra Prism languages by name (`additionalLanguages` in the config). Unknown names are returned. */
export async function registerLanguages(names: readonly string[]): Promise<string[]> {
  const unknown: string[] = [];
  for (const name of names) {
    if (refractor.registered(name)) continue;
    try {
      const module = (await import(`refractor/${name}`)) as { default: Parameters<typeof refractor.register>[0] };
      refractor.register(module.default);
    } catch {
      unknown.push(name);
    }
  }
  return unknown;
}

export function isKnownLanguage(language: string): boolean {
  return PLAIN.has(language) || refractor.registered(language);
}

/**
 * Highlights code and splits it into one `span.code-line` per line, so lines can be
 * highlighted and numbered. Tokens that span several lines are split at each newline.
 */
export function highlightToLines(code: string, language: string, highlighted: ReadonlySet<number>): Element[] {
  const tokens: ElementContent[] =
    !PLAIN.has(language) && refractor.registered(language)
      ? (refractor.highlight(code, language).children as ElementContent[])
      : [{ type: 'text', value: code }];
  const lines: ElementContent[][] = [[]];
  const walk = (nodes: ElementContent[], wrap: (node: ElementContent) => ElementContent) => {
    for (const node of nodes) {
      if (node.type === 'text') {
        node.value.split('\n').forEach((part, index) => {
          if (index > 0) lines.push([]);
          if (part !== '') lines[lines.length - 1]!.push(wrap({ type: 'text', value: part } satisfies Text));
        });
      } else if (node.type === 'element') {
        const { children, ...rest } = node;
        walk(children, (child) => wrap({ ...rest, children: [child] }));
      }
    }
  };
  walk(tokens, (node) => node);
  if (lines.length > 1 && lines[lines.length - 1]!.length === 0) lines.pop();
  return lines.map((children, index) => ({
    type: 'element',
    tagName: 'span',
    properties: { className: highlighted.has(index + 1) ? ['code-line', 'code-line-highlighted'] : ['code-line'] },
    children: [...mergeAdjacent(children), { type: 'text', value: '\n' }],
  }));
}

/** Merges neighbouring token spans of the same class that splitting produced. */
function mergeAdjacent(nodes: ElementContent[]): ElementContent[] {
  const merged: ElementContent[] = [];
  for (const node of nodes) {
    const last = merged[merged.length - 1];
    if (last?.type === 'element' && node.type === 'element' && String(last.properties.className) === String(node.properties.className)) {
      last.children.push(...node.children);
    } else {
      merged.push(node);
    }
  }
  return merged;
}

/**
 * Parses the meta string of a code fence: `title="App.java" {1,3-5} showLineNumbers`.
 * Line numbers are 1-based.
 */
export function parseCodeMeta(meta: string | null | undefined): { title?: string; lines: Set<number>; showLineNumbers: boolean } {
  const text = meta ?? '';
  const title = /title=(?:"([^"]*)"|'([^']*)'|(\S+))/.exec(text);
  const lines = new Set<number>();
  const range = /\{([\d,\s-]+)\}/.exec(text);
  for (const part of range?.[1]?.split(',') ?? []) {
    const [start, end] = part.trim().split('-').map(Number);
    if (start === undefined || Number.isNaN(start)) continue;
    for (let line = start; line <= (end ?? start) && line - start < 10_000; line++) lines.add(line);
  }
  return { title: title ? (title[1] ?? title[2] ?? title[3]) : undefined, lines, showLineNumbers: /\bshowLineNumbers\b/.test(text) };
}
