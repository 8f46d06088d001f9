import { readdirSync, readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

/** A process this one started, as Linux's /proc tells it. */
export interface ChildProcessInfo {
  pid: number;
  /** Its command line, arguments separated by spaces. */
  command: string;
}

/** The processes this one started that are still there (on Linux; elsewhere none are known). */
export function listChildProcesses(): ChildProcessInfo[] {
  let threads: string[];
  try {
    threads = readdirSync('/proc/self/task');
  } catch {
    return [];
  }
  const children: ChildProcessInfo[] = [];
  for (const thread of threads) {
    let pids: string;
    try {
      pids = readFileSync(`/proc/self/task/${thread}/children`, 'utf8');
    } catch {
      continue;
    }
    for (const pid of pids.split(' ').filter(Boolean)) {
      try {
        children.push({ pid: Number(pid), command: readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim() });
      } catch {
        // It ended in between.
      }
    }
  }
  return children;
}

/**
 * Waits until each of `pids` has ended and been reaped (its /proc entry is gone), at most
 * `timeoutMs`. Node reaps the processes it spawned while its event loop runs, which adds their
 * CPU time to this process's children's: what `time` and `getrusage` report of this process.
 * True when they all ended in time.
 */
export async function waitForChildrenToEnd(pids: number[], timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  let left = pids;
  while (left.length > 0) {
    left = left.filter((pid) => {
      try {
        readFileSync(`/proc/${pid}/stat`);
        return true;
      } catch {
        return false;
      }
    });
    if (left.length === 0) return true;
    if (Date.now() >= deadline) return false;
    await sleep(2);
  }
  return true;
}
