/** One warning a docgen command printed, at one place (`file:line:col`, or none). */
export interface PrintedWarning {
  at?: string;
  message: string;
}

const WARNING =
  /^warning (?:(\S+:\d+:\d+) {2})?(.*)\n(?: {4}hint:.*\n)?(?: {4}also at (.*?)(?: and \d+ more places? \(--verbose lists them\))?\n)?/gm;

/**
 * Every warning of a command's stderr, one per place: a warning repeated at other places is
 * printed once with `also at` and those places (every one of them under `--verbose`), and counts
 * here once per place, as check-links and MIGRATION.md list them.
 */
export function readWarnings(stderr: string): PrintedWarning[] {
  const warnings: PrintedWarning[] = [];
  for (const [, at, message, others] of stderr.matchAll(WARNING)) {
    warnings.push({ ...(at && { at }), message: message! });
    for (const place of others ? others.split(', ') : []) warnings.push({ at: place, message: message! });
  }
  return warnings;
}
