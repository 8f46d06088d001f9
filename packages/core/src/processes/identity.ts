import { readFileSync } from 'node:fs';

/**
 * Who a docgen process is, as other docgen processes see it: `<pid>.<start>`, where `start` is
 * when the process started (Linux: clock ticks since boot, from /proc) and 0 where the system
 * does not say. Names and locks carry it, so that a pid reused by an unrelated process is not
 * taken for the docgen process that had it before.
 */
export type ProcessTag = string;

/** The text of a tag inside a regular expression (for names that carry one). */
export const PROCESS_TAG_PATTERN = '\\d+\\.\\d+';

let ownTag: ProcessTag | undefined;

/** The tag of this process (the same in every thread of it), or of the running process `pid`. */
export function getProcessTag(pid?: number): ProcessTag {
  if (pid !== undefined && pid !== process.pid) return `${pid}.${readStartTime(String(pid)) ?? 0}`;
  return (ownTag ??= `${process.pid}.${readStartTime('self') ?? 0}`);
}

/**
 * Whether the process a tag names is still running: its pid is alive and, where the system tells
 * start times, it started at the time the tag says. A pid of another user counts as alive.
 */
export function isProcessAlive(tag: ProcessTag): boolean {
  const match = /^(\d+)\.(\d+)$/.exec(tag);
  if (!match) return false;
  const pid = Number(match[1]);
  if (pid === process.pid) return tag === getProcessTag();
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const start = match[2]!;
  if (start === '0') return true;
  const actual = readStartTime(String(pid));
  return actual === undefined || actual === start;
}

/** Field 22 of /proc/<pid>/stat (start time in clock ticks since boot); undefined off Linux. */
function readStartTime(pid: string): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces: count from after it.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const start = fields[19];
    return start && /^\d+$/.test(start) ? start : undefined;
  } catch {
    return undefined;
  }
}
