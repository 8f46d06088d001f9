import { DocgenError } from '../diagnostics/index.js';
import { walkTree } from './walk.js';

/**
 * How deep content may nest: no node of a page's markdown tree, and no element of its HTML, may
 * lie more than this many levels below the page (each block quote, list, list item, paragraph,
 * emphasis, link, text and raw HTML element is a level). markdown-it's `maxNesting` is 100 too;
 * browsers stop nesting parsed HTML at 512 (Blink, WebKit). Real pages stay below 20; every step
 * after parsing (transforms, raw HTML, search text, the theme's React rendering) is then safe from
 * running out of stack, and the parser's own work grows with depth times length, not faster.
 */
export const MAX_NESTING = 100;

/**
 * Emphasis markers (`*`, `_`) of one kind, or brackets (`[`), that a paragraph may leave open or
 * close without an opener. The markdown parser matches each closer against the openers before it,
 * so its time grows with their square: 50,000 nested `*a` take minutes. Four times MAX_NESTING:
 * far above what prose holds, low enough that a hostile paragraph parses in well under a second.
 */
export const MAX_UNMATCHED_MARKERS = 4 * MAX_NESTING;

/** A node of a markdown (mdast) or HTML (hast) tree, as far as nesting needs it. */
export interface TreeNode {
  type: string;
  tagName?: string;
  position?: { start: { line: number; column: number } };
  children?: TreeNode[];
}

/** Where content nests too deep (a 0-based offset in the markdown body), what and what to do. */
export interface NestingProblem {
  offset: number;
  message: string;
  hint: string;
}

const NESTING_HINT =
  'Flatten the structure: end block quotes and lists sooner, or put text meant literally in a fenced code block. ' +
  'Escape a literal marker with a backslash (\\>, \\-, \\*, \\_, \\[).';

/**
 * Thrown while compiling when content nests too deep; compileMarkdown turns it into an error
 * diagnostic of the file. `line` and `column` are 1-based, in the markdown body.
 */
export class NestingError extends DocgenError {
  constructor(
    message: string,
    readonly position: { line: number; column: number },
    hint = NESTING_HINT,
  ) {
    super(message, { code: 'markdown-nesting', hint });
  }
}

/**
 * Scans a markdown body, before it is parsed, for what would make parsing it slow: block quotes
 * and list items that nest deeper than MAX_NESTING on a line (the parser's work grows with their
 * depth times the length of the text), container directives open more than MAX_NESTING deep, or
 * a paragraph with more unmatched emphasis markers or brackets than
 * MAX_UNMATCHED_MARKERS. One pass, linear in the length of the body. Fenced code is scanned like
 * the rest (telling code apart is the parser's job): a blank line ends what a paragraph counts.
 */
export function findSlowSyntax(body: string): NestingProblem | undefined {
  // Markers of the current paragraph: open (unclosed) and closers that found no opener.
  let counts = { star: 0, underscore: 0, bracket: 0, unmatched: { star: 0, underscore: 0 } };
  // Container directives (`:::note` … `:::`) open: they span blank lines.
  let directives = 0;
  let lineStart = 0;
  while (lineStart <= body.length) {
    let lineEnd = body.indexOf('\n', lineStart);
    if (lineEnd === -1) lineEnd = body.length;
    const end = lineEnd > lineStart && body.charCodeAt(lineEnd - 1) === 13 ? lineEnd - 1 : lineEnd;
    const containers = scanContainers(body, lineStart, end);
    if (containers.tooDeep !== undefined) {
      return {
        offset: containers.tooDeep,
        message: `Block quotes and lists nest more than ${MAX_NESTING} levels deep on this line: content may nest at most ${MAX_NESTING} levels deep`,
        hint: NESTING_HINT,
      };
    }
    const fence = getDirectiveFence(body, containers.contentStart, end);
    if (fence === 'open' && ++directives > MAX_NESTING) {
      return {
        offset: containers.contentStart,
        message: `Container directives (:::) nest more than ${MAX_NESTING} levels deep here: content may nest at most ${MAX_NESTING} levels deep`,
        hint: 'Close each directive with a line of ::: before opening the next one.',
      };
    }
    if (fence === 'close' && directives > 0) directives--;
    if (isBlank(body, containers.contentStart, end)) {
      counts = { star: 0, underscore: 0, bracket: 0, unmatched: { star: 0, underscore: 0 } };
    } else {
      const problem = scanInline(body, containers.contentStart, end, counts);
      if (problem) return problem;
    }
    lineStart = lineEnd + 1;
  }
  return undefined;
}

/** Whether a line (from `start`, after its block quote and list markers) opens or closes a container directive. */
function getDirectiveFence(text: string, start: number, end: number): 'open' | 'close' | undefined {
  let index = start;
  while (index < end && index - start < 3 && text.charCodeAt(index) === 32) index++;
  const colons = index;
  while (index < end && text.charCodeAt(index) === 58 /* : */) index++;
  if (index - colons < 3) return undefined;
  if (/[A-Za-z]/.test(text[index] ?? '')) return 'open';
  return isBlank(text, index, end) ? 'close' : undefined;
}

function isBlank(text: string, start: number, end: number): boolean {
  for (let index = start; index < end; index++) {
    const code = text.charCodeAt(index);
    if (code !== 32 && code !== 9) return false;
  }
  return true;
}

/**
 * The block quote markers (`>`) and list item markers (`-`, `+`, `*`, `1.`, `1)`) at the start of
 * a line: where its content starts, and the offset of the marker at which the line reaches past
 * MAX_NESTING, if it does. Levels are counted as the markdown tree will have them: one for a
 * block quote, two for a list item (its list and itself), one for each column of indentation
 * before a marker (a nested list item is indented two columns past its parent's marker). A
 * marker that starts a thematic break (`- - -`, `* * *`) ends the run: the rest is the break.
 */
function scanContainers(text: string, start: number, end: number): { contentStart: number; tooDeep?: number } {
  let levels = 0;
  let position = start;
  let breakFrom: number | undefined; // where a thematic break starts, found once a line has markers
  for (;;) {
    let index = position;
    let indent = 0;
    for (; index < end; index++) {
      const code = text.charCodeAt(index);
      if (code === 32) indent++;
      else if (code === 9) indent += 4;
      else break;
    }
    const code = text.charCodeAt(index);
    let markerEnd = -1;
    let markerLevels = 2;
    if (code === 62 /* > */) {
      markerEnd = index + 1;
      markerLevels = 1;
      // The space after the marker belongs to it.
      if (text.charCodeAt(markerEnd) === 32) markerEnd++;
    } else if (code === 45 /* - */ || code === 43 /* + */ || code === 42 /* * */) {
      if (isSpaceOrEnd(text, index + 1, end)) {
        breakFrom ??= getThematicBreakStart(text, start, end);
        if (index >= breakFrom) break;
        markerEnd = index + 1;
      }
    } else if (code >= 48 && code <= 57) {
      let digits = index;
      while (digits < end && digits - index < 9 && text.charCodeAt(digits) >= 48 && text.charCodeAt(digits) <= 57) digits++;
      const delimiter = text.charCodeAt(digits);
      if ((delimiter === 46 || delimiter === 41) /* . ) */ && isSpaceOrEnd(text, digits + 1, end)) markerEnd = digits + 1;
    }
    if (markerEnd === -1) break;
    // The space after a list marker belongs to it too.
    if (markerLevels === 2 && text.charCodeAt(markerEnd) === 32) markerEnd++;
    levels += indent + markerLevels;
    if (levels > MAX_NESTING) return { contentStart: markerEnd, tooDeep: index };
    position = markerEnd;
  }
  return { contentStart: position };
}

function isSpaceOrEnd(text: string, index: number, end: number): boolean {
  return index >= end || text.charCodeAt(index) === 32 || text.charCodeAt(index) === 9;
}

/**
 * Where the thematic break that ends a line starts (the first of three or more `-`, `*` or `_`,
 * alone with blanks up to the end of the line), or `end` when the line ends in none.
 */
function getThematicBreakStart(text: string, start: number, end: number): number {
  let marker = -1;
  let count = 0;
  let from = end;
  for (let index = end - 1; index >= start; index--) {
    const code = text.charCodeAt(index);
    if (code === 32 || code === 9) continue;
    if ((code === 45 || code === 42 || code === 95) && (marker === -1 || code === marker)) {
      marker = code;
      count++;
      from = index;
      continue;
    }
    break;
  }
  return count >= 3 ? from : end;
}

const PUNCTUATION = /[\p{P}\p{S}]/u;
const WHITESPACE = /\s/;

type Counts = { star: number; underscore: number; bracket: number; unmatched: { star: number; underscore: number } };

/**
 * Counts the emphasis markers and brackets of one line of a paragraph into `counts`, as the
 * CommonMark rules for delimiter runs decide whether a run can open or close, and reports the
 * first place where a paragraph holds more unmatched ones than MAX_UNMATCHED_MARKERS.
 */
function scanInline(text: string, start: number, end: number, counts: Counts): NestingProblem | undefined {
  for (let index = start; index < end; index++) {
    const code = text.charCodeAt(index);
    if (code === 92 /* \ */) {
      index++;
      continue;
    }
    if (code === 91 /* [ */) {
      if (++counts.bracket > MAX_UNMATCHED_MARKERS) return tooManyMarkers(index, '[');
      continue;
    }
    if (code === 93 /* ] */) {
      if (counts.bracket > 0) counts.bracket--;
      continue;
    }
    if (code !== 42 && code !== 95) continue;
    let runEnd = index + 1;
    while (runEnd < end && text.charCodeAt(runEnd) === code) runEnd++;
    const length = runEnd - index;
    const before = index > start ? text[index - 1]! : ' ';
    const after = runEnd < end ? text[runEnd]! : ' ';
    const beforeSpace = WHITESPACE.test(before);
    const afterSpace = WHITESPACE.test(after);
    const beforePunctuation = PUNCTUATION.test(before);
    const afterPunctuation = PUNCTUATION.test(after);
    const left = !afterSpace && (!afterPunctuation || beforeSpace || beforePunctuation);
    const right = !beforeSpace && (!beforePunctuation || afterSpace || afterPunctuation);
    const star = code === 42;
    const opens = star ? left : left && (!right || beforePunctuation);
    const closes = star ? right : right && (!left || afterPunctuation);
    const kind = star ? 'star' : 'underscore';
    if (opens && !closes) {
      counts[kind] += length;
    } else if (closes && !opens) {
      const matched = Math.min(length, counts[kind]);
      counts[kind] -= matched;
      counts.unmatched[kind] += length - matched;
    }
    if (counts[kind] + counts.unmatched[kind] > MAX_UNMATCHED_MARKERS) return tooManyMarkers(index, star ? '*' : '_');
    index = runEnd - 1;
  }
  return undefined;
}

function tooManyMarkers(offset: number, marker: string): NestingProblem {
  return {
    offset,
    message: `This paragraph holds more than ${MAX_UNMATCHED_MARKERS} "${marker}" that open or close nothing (or nest too deep): content may nest at most ${MAX_NESTING} levels deep`,
    hint: `Escape a literal "${marker}" with a backslash (\\${marker}), put code in backticks or a fenced code block, or split the paragraph with a blank line.`,
  };
}

/**
 * Throws a NestingError at the first node of `tree`, in document order, that lies more than
 * MAX_NESTING levels below it (its children are level 1), counting only the nodes `counts`
 * accepts (all when absent), at the nearest position it or an ancestor has.
 */
export function assertNesting(tree: TreeNode, what: string, counts: (node: TreeNode) => boolean = () => true): void {
  type Position = { line: number; column: number } | undefined;
  walkTree<TreeNode, { depth: number; position: Position }>(tree, { depth: 0, position: tree.position?.start }, (node, parent) => {
    const depth = parent.depth + (counts(node) ? 1 : 0);
    const position = node.position?.start ?? parent.position;
    if (depth <= MAX_NESTING) return { depth, position };
    const name = node.tagName !== undefined ? `<${node.tagName}>` : node.type;
    throw new NestingError(
      `${what} nests more than ${MAX_NESTING} levels deep here (at a ${name}): content may nest at most ${MAX_NESTING} levels deep`,
      position ?? { line: 1, column: 1 },
    );
  });
}

/** Elements that hold no content, or that the HTML parser closes by itself: they do not nest. */
const NOT_NESTING = new Set(
  `area base br col embed hr img input link meta param source track wbr p li dt dd option optgroup tr td th thead tbody
  tfoot rb rt rp rtc colgroup caption`.split(/\s+/),
);

/**
 * Throws a NestingError where raw HTML (the `html` nodes of a markdown tree, in document order)
 * would put an element more than MAX_NESTING levels deep: parsing raw HTML into the page's tree
 * recurses as deep as its elements nest, so this is checked before. Elements are counted from
 * their tags: open tags that are not closed by a later close tag of the page.
 */
export function assertHtmlNesting(tree: TreeNode): void {
  let open = 0;
  walkTree<TreeNode & { value?: string }, number>(tree, 0, (node, parentDepth) => {
    if (node.type === 'html' && typeof node.value === 'string') open = countOpenElements(node.value, node, parentDepth, open);
    return parentDepth + 1;
  });
}

/** The elements open after the tags of an `html` node, `open` before it (see assertHtmlNesting). */
function countOpenElements(value: string, node: TreeNode, parentDepth: number, open: number): number {
  let closing = -1; // the next `>` at or after the scan, found once for every `<` before it
  for (let index = value.indexOf('<'); index !== -1; index = value.indexOf('<', index + 1)) {
    if (value.startsWith('<!--', index)) {
      const end = value.indexOf('-->', index + 4);
      if (end === -1) break;
      index = end + 2;
      continue;
    }
    if (closing < index) closing = value.indexOf('>', index);
    if (closing === -1) break;
    const close = value.charCodeAt(index + 1) === 47; /* / */
    const name = /^[A-Za-z][A-Za-z0-9-]*/.exec(value.slice(index + (close ? 2 : 1), Math.min(closing, index + 40)))?.[0];
    if (name === undefined || NOT_NESTING.has(name.toLowerCase())) continue;
    if (close) open = Math.max(0, open - 1);
    else if (value.charCodeAt(closing - 1) !== 47) open++;
    if (parentDepth + open > MAX_NESTING) {
      const before = value.slice(0, index);
      const newline = before.lastIndexOf('\n');
      const start = node.position?.start ?? { line: 1, column: 1 };
      throw new NestingError(
        `HTML elements nest more than ${MAX_NESTING} levels deep here (at a <${name}>): content may nest at most ${MAX_NESTING} levels deep`,
        { line: start.line + (before.match(/\n/g)?.length ?? 0), column: newline === -1 ? start.column + index : index - newline },
        'Close the HTML elements you open, or flatten the structure.',
      );
    }
  }
  return open;
}
