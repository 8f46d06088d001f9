import type { Diagnostic } from '@docgen/types';

/**
 * The warnings of `serve --watch` builds: the first build's all, then a rebuild's new ones only,
 * with how many of the last build's are still there (the writer saw them already).
 */
export function createRebuildWarnings() {
  let shown = new Set<string>();
  return {
    /** Splits a build's warnings into those to print and the count of those printed before. */
    next(warnings: Diagnostic[]): { fresh: Diagnostic[]; unchanged: number } {
      const keys = warnings.map(toKey);
      const fresh = warnings.filter((_, index) => !shown.has(keys[index]!));
      shown = new Set(keys);
      return { fresh, unchanged: warnings.length - fresh.length };
    },
  };
}

function toKey({ severity, code, message, location }: Diagnostic): string {
  return JSON.stringify([severity, code, message, location?.file, location?.line, location?.column]);
}
