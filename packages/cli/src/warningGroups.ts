import type { Diagnostic } from '@docgen/types';

/** Places of a repeated warning shown after its first, unless every place is asked for. */
const PLACES_SHOWN = 3;

/** One warning as printed: the first of its kind, with the places of the others of the same message. */
export interface WarningGroup {
  first: Diagnostic;
  /** The places of the others (`file:line:col`), in the order they were reported. */
  others: string[];
}

/**
 * Warnings of one message (the same words at other places: "Unknown code language "promql"" in
 * 461 files) as one group, in the order each message was first reported. Errors are never grouped.
 */
export function groupWarnings(diagnostics: Diagnostic[]): WarningGroup[] {
  const groups = new Map<string, WarningGroup>();
  const result: WarningGroup[] = [];
  for (const diagnostic of diagnostics) {
    const key = diagnostic.severity === 'warning' ? `${diagnostic.code}\0${diagnostic.message}` : undefined;
    const group = key === undefined ? undefined : groups.get(key);
    if (group) {
      group.others.push(formatPlace(diagnostic));
      continue;
    }
    const created = { first: diagnostic, others: [] };
    if (key !== undefined) groups.set(key, created);
    result.push(created);
  }
  return result;
}

/** The line under a group's first warning that names its other places: a few, or every one with `verbose`. */
export function formatOtherPlaces(others: string[], verbose: boolean): string {
  if (others.length === 0) return '';
  const shown = verbose ? others : others.slice(0, PLACES_SHOWN);
  const rest = others.length - shown.length;
  return `    also at ${shown.join(', ')}${rest > 0 ? ` and ${rest} more place${rest === 1 ? '' : 's'} (--verbose lists them)` : ''}\n`;
}

function formatPlace(diagnostic: Diagnostic): string {
  const location = diagnostic.location;
  return location ? `${location.file}:${location.line}:${location.column}` : '(no file)';
}
