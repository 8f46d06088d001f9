import type { Root as MdastRoot, RootContent as MdastContent } from 'mdast';

/*
 * GFM syntax that micromark and mdast-util-gfm look for far more often than it can be there.
 * Each gate skips work that cannot find anything, and parsing gives the same tree with or without
 * it (compile.test.ts compares both on generated documents).
 */

/** An mdast-util-from-markdown extension, as far as the gates need it. */
interface FromMarkdownExtension {
  transforms?: ((tree: MdastRoot) => MdastRoot | undefined | void)[];
}

/** micromark's tokenizer types (micromark-util-types), as far as the gates need them. */
type State = (code: number | null) => State | undefined;
interface TokenizeContext {
  events: [string, { type: string }, unknown][];
  now(): { line: number };
}
type Tokenizer = (this: TokenizeContext, effects: unknown, ok: State, nok: State) => State;
interface Construct {
  name?: string;
  tokenize: Tokenizer;
}
type ConstructMap = Record<string, Construct | Construct[] | undefined>;
interface SyntaxExtension {
  flow?: ConstructMap;
}

type Parser = (document: string, file: never) => unknown;

/**
 * GFM finds literal autolinks (`https://…`, `www.…`, e-mail addresses) with a transform that runs
 * four regular expressions over every text node of every file: a tenth of parsing on the bench
 * site. Each of them needs `@`, `http://`, `https://` or `www.` in the text, so a tree whose text
 * holds none of them is left out; the transform is found by name (were it renamed, it would just
 * always run).
 */
export function remarkGfmAutolinkGate(this: { data(key: 'fromMarkdownExtensions'): unknown }) {
  const extensions = (this.data('fromMarkdownExtensions') ?? []) as (FromMarkdownExtension | FromMarkdownExtension[])[];
  for (const extension of extensions.flat()) {
    extension.transforms = extension.transforms?.map((transform) =>
      transform.name === 'transformGfmAutolinkLiterals' ? (tree) => (mayHoldAutolinks(tree) ? transform(tree) : undefined) : transform,
    );
  }
}

const AUTOLINK_START = /@|https?:\/\/|www\./i;

/**
 * Whether a text node of the tree holds the start of a literal autolink (a plain loop: it runs on
 * every node of most files; with a stack of its own, as the tree is as deep as the content nests).
 */
function mayHoldAutolinks(tree: MdastRoot): boolean {
  const stack: (MdastRoot | MdastContent)[] = [tree];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.type === 'text') {
      if (AUTOLINK_START.test(node.value)) return true;
    } else if ('children' in node) {
      for (let index = node.children.length - 1; index >= 0; index--) stack.push(node.children[index]!);
    }
  }
  return false;
}

/**
 * micromark tries a GFM table at the start of every line of flow content: it takes the line as a
 * table's head row, token by token, and gives up only at the next line when that is no delimiter
 * row (`| --- | :-: |`); the line is then read again as a paragraph. This gate declines the
 * attempt at once when the next line of the document holds anything but blanks, `>` (block quote
 * markers), `|`, `:` and `-`, or no `-`: no delimiter row can be there. The rows after a head and
 * delimiter row are tried as usual. Measured on the bench site's pages: 6% of compiling them.
 */
export function remarkGfmTableGate(this: { parser?: Parser; data(key: 'micromarkExtensions'): unknown }) {
  // Lines (1-based) of the document being parsed that could be delimiter rows; set while it is.
  let delimiterLines: Set<number> | undefined;
  const gate = (table: Construct): Construct => ({
    ...table,
    tokenize(effects, ok, nok) {
      const next = table.tokenize.call(this, effects, ok, nok);
      return (code) => (delimiterLines && !isAfterTableRow(this) && !delimiterLines.has(this.now().line + 1) ? nok(code) : next(code));
    },
  });
  const extensions = (this.data('micromarkExtensions') ?? []) as (SyntaxExtension | SyntaxExtension[])[];
  for (const extension of extensions.flat()) {
    for (const [code, constructs] of Object.entries(extension.flow ?? {})) {
      const gated = [constructs ?? []].flat().map((construct) => (construct.name === 'table' ? gate(construct) : construct));
      extension.flow![code] = Array.isArray(constructs) ? gated : gated[0];
    }
  }
  const parse = this.parser;
  if (!parse) throw new Error('remarkGfmTableGate must be used after remark-parse');
  this.parser = (document, file) => {
    delimiterLines = getDelimiterLines(document);
    try {
      return parse(document, file);
    } finally {
      delimiterLines = undefined;
    }
  };
}

/** Whether the table tokenizer starts after a row of a table (it then tries a body row), as it decides itself. */
function isAfterTableRow(context: TokenizeContext): boolean {
  let index = context.events.length - 1;
  while (index > -1 && (context.events[index]![1].type === 'lineEnding' || context.events[index]![1].type === 'linePrefix')) index--;
  const tail = index > -1 ? context.events[index]![1].type : undefined;
  return tail === 'tableHead' || tail === 'tableRow';
}

const MAY_BE_DELIMITER_ROW = /^[ \t>|:-]*-[ \t>|:-]*$/;

/** Line numbers (1-based, as micromark counts lines) of the lines that could be table delimiter rows. */
function getDelimiterLines(document: string): Set<number> {
  const lines = new Set<number>();
  document.split(/\r\n|\r|\n/).forEach((line, index) => {
    if (line.includes('-') && MAY_BE_DELIMITER_ROW.test(line)) lines.add(index + 1);
  });
  return lines;
}
