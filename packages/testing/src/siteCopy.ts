import { cpSync } from 'node:fs';
import { relative } from 'node:path';
import { DOCS_CONTENT } from './paths.js';

/** Copies docs-content's sources (not its build output or caches) to `target`. */
export function copyDocsContent(target: string): string {
  cpSync(DOCS_CONTENT, target, {
    recursive: true,
    filter: (source) => source === DOCS_CONTENT || !/^(build|node_modules|\.docgen)([\\/]|$)/.test(relative(DOCS_CONTENT, source)),
  });
  return target;
}
