import type { Document, YAMLError } from 'yaml';
import { isNode, LineCounter, parseDocument, visit } from '../vendor/yaml.js';
import { DocgenError } from '../diagnostics/index.js';
import type { SourceLocation } from '@docgen/types';

/**
 * A markdown file's front matter block, as Docusaurus and docgen read it: `---` lines around the
 * YAML (group 1), at the start of the file.
 */
export const FRONT_MATTER_BLOCK = /^---[^\n]*\n([\s\S]*?)\n---[ \t]*(\n|$)/;

/** A parsed YAML file that can tell where any value of it was written. */
export interface YamlFile {
  value: unknown;
  /** Location of the value at `path`, or of its closest existing parent. */
  locate(path: readonly PropertyKey[]): SourceLocation;
  /** Location of the key that holds the value at `path` (for errors about the key itself). */
  locateKey(path: readonly PropertyKey[]): SourceLocation;
}

/**
 * Parses YAML text safely: one document, no custom tags, aliases bounded (alias bombs fail),
 * `__proto__` stays an ordinary key. Syntax errors throw a DocgenError at file:line:col.
 */
export function parseYamlFile(text: string, file: string, lineOffset = 0): YamlFile {
  const simple = parseFlatMapping(text);
  if (simple) {
    // Locations are asked for only to report a problem: the whole parse is made then.
    let parsed: YamlFile | undefined;
    const full = () => (parsed ??= parseYamlDocument(text, file, lineOffset));
    return { value: simple, locate: (path) => full().locate(path), locateKey: (path) => full().locateKey(path) };
  }
  return parseYamlDocument(text, file, lineOffset);
}

/** A line of a flat mapping: a plain key at the start of the line, `:`, and the rest (the value, spaces around it). */
const FLAT_LINE = /^([A-Za-z_][\w-]*):(?: +(.*?))? *$/;
/** Keys the core schema reads as something else than their text (null, booleans). */
const SPECIAL_KEY = /^(?:null|Null|NULL|true|True|TRUE|false|False|FALSE)$/;
/** Plain scalars the core schema reads as null, and as booleans. */
const NULL_SCALAR = /^(?:~|null|Null|NULL)?$/;
const BOOLEAN_SCALAR = /^(?:true|True|TRUE|false|False|FALSE)$/;
/** A plain scalar that is a decimal integer JavaScript reads exactly; any other number-like scalar is left to the parser. */
const SMALL_INTEGER = /^(?:0|[1-9][0-9]{0,14})$/;
const NUMBER_LIKE = /^[-+.0-9]/;
/** What a plain scalar may not start with (YAML's indicators), or hold anywhere (a comment, a mapping, a tab). */
const PLAIN_START = /^[-?:,[\]{}#&*!|>'"%@`]/;
const PLAIN_NEVER = /: | #|:$|\t/;

/**
 * The value of `text` when it is a flat mapping of plain keys to one-line scalars (most front
 * matter: `title: "…"`, `sidebar_position: 3`), read without the YAML parser, which took a few
 * tenths of a millisecond a file; else undefined, and the parser reads it. What it accepts it
 * reads as the parser does with the core schema: quoted strings without escapes, plain strings,
 * null, booleans and small decimal integers; anything else (a nested value, a list, a flow
 * collection, an escape, another kind of number, a duplicate key, `__proto__`) is left to the
 * parser. yamlFlat.test.ts compares both on generated documents.
 */
export function parseFlatMapping(text: string): Record<string, unknown> | undefined {
  const value: Record<string, unknown> = {};
  let keys = 0;
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#') || /^ *$/.test(line)) continue;
    const match = FLAT_LINE.exec(line);
    if (!match) return undefined;
    const [, key, written = ''] = match;
    if (SPECIAL_KEY.test(key!) || key === '__proto__' || Object.hasOwn(value, key!)) return undefined;
    const scalar = readFlatScalar(written);
    if (scalar === undefined) return undefined;
    value[key!] = scalar.value;
    keys++;
  }
  return keys > 0 ? value : undefined;
}

function readFlatScalar(written: string): { value: unknown } | undefined {
  if (written.startsWith('"')) return /^"[^"\\]*"$/.test(written) ? { value: written.slice(1, -1) } : undefined;
  if (written.startsWith("'")) return /^'[^']*'$/.test(written) ? { value: written.slice(1, -1) } : undefined;
  if (NULL_SCALAR.test(written)) return { value: null };
  if (BOOLEAN_SCALAR.test(written)) return { value: written[0] === 't' || written[0] === 'T' };
  if (SMALL_INTEGER.test(written)) return { value: Number(written) };
  if (NUMBER_LIKE.test(written) || PLAIN_START.test(written) || PLAIN_NEVER.test(written)) return undefined;
  return { value: written };
}

function parseYamlDocument(text: string, file: string, lineOffset: number): YamlFile {
  const lineCounter = new LineCounter();
  const document: Document = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true, schema: 'core' });
  const toLocation = (offset: number): SourceLocation => {
    const { line, col } = lineCounter.linePos(offset);
    return { file, line: line + lineOffset, column: col };
  };
  const [firstError] = document.errors;
  if (firstError) {
    throw new DocgenError(`Invalid YAML: ${firstError.message.split('\n')[0]}`, {
      code: 'yaml-syntax',
      location: toLocation(findErrorStart(document, firstError)),
      hint: 'Fix the YAML syntax at this position (indentation, quotes, a missing ":").',
    });
  }
  let value: unknown;
  try {
    value = document.toJS({ maxAliasCount: 50 });
  } catch (cause) {
    throw new DocgenError(`Invalid YAML: ${(cause as Error).message}`, {
      code: 'yaml-syntax',
      location: { file, line: 1 + lineOffset, column: 1 },
      hint: 'Reduce the use of aliases (*name); expanding them would be too large.',
      cause,
    });
  }
  return {
    value,
    locateKey(path) {
      const parent = document.getIn(path.slice(0, -1) as unknown[], true);
      if (parent && typeof parent === 'object' && 'items' in parent && Array.isArray(parent.items)) {
        for (const pair of parent.items as { key?: { value?: unknown; range?: [number, number, number] } }[]) {
          if (pair.key && pair.key.value === path[path.length - 1] && pair.key.range) return toLocation(pair.key.range[0]);
        }
      }
      return this.locate(path);
    },
    locate(path) {
      for (let length = path.length; length >= 0; length--) {
        const node = document.getIn(path.slice(0, length) as unknown[], true);
        if (isNode(node) && node.range) return toLocation(node.range[0]);
        // A key whose value is null has no value node: point at the key instead.
        const parent = length > 0 ? document.getIn(path.slice(0, length - 1) as unknown[], true) : undefined;
        if (parent && typeof parent === 'object' && 'items' in parent && Array.isArray(parent.items)) {
          const key = path[length - 1];
          for (const pair of parent.items as { key?: { value?: unknown; range?: [number, number, number] } }[]) {
            if (pair.key && pair.key.value === key && pair.key.range) return toLocation(pair.key.range[0]);
          }
        }
      }
      return { file, line: 1 + lineOffset, column: 1 };
    },
  };
}

/**
 * Where the problem of a syntax error starts: YAML finds an unclosed quote or bracket only where
 * the text ends (or the next key is misplaced); the quoted value or flow collection that runs
 * up to the error is where it was opened.
 */
function findErrorStart(document: Document, error: YAMLError): number {
  const at = error.pos[0];
  // Only an error about what is missing at the end (a closing quote or bracket) started before it.
  if (error.code !== 'MISSING_CHAR' && !/end with an? ["'\]}]/.test(error.message)) return at;
  let start = at;
  const opened = (node: { range?: [number, number, number] | null }) => {
    const range = node.range;
    // The innermost node that opens before the error and runs up to it.
    if (range && range[0] < at && range[1] >= at && (start === at || range[0] > start)) start = range[0];
  };
  visit(document, {
    Scalar: (_, node) => {
      if (node.type === 'QUOTE_DOUBLE' || node.type === 'QUOTE_SINGLE') opened(node);
    },
    Map: (_, node) => {
      if (node.flow) opened(node);
    },
    Seq: (_, node) => {
      if (node.flow) opened(node);
    },
  });
  return start;
}
