import { LineCounter, parseDocument, isNode, visit, type Document, type YAMLError } from 'yaml';
import { DocgenError } from '../diagnostics/index.js';
import type { SourceLocation } from '@docgen/types';

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
