import type { Diagnostic } from '@docgen/types';

/** Whether the command that failed has an option (`--out-dir`): a hint names only the options it has. */
type HasOption = (option: string) => boolean;

const orOtherOutDir = (has: HasOption) => (has('--out-dir') ? ', or choose another output folder with --out-dir' : '');
const orWithoutCache = (has: HasOption) => (has('--no-cache') ? '; when it is the cache folder, build with --no-cache' : '');
const orFewerThreads = (has: HasOption) => (has('--threads') ? ', or build with fewer threads (--threads 1)' : '');

/** System error codes that say the machine, not the site or docgen, stopped the command: what each means and what to do. */
const ENVIRONMENT_CODES: Record<string, { what: string; hint: (has: HasOption) => string }> = {
  ENOSPC: {
    what: 'no space left on the device',
    hint: (has) => `Free some space on that disk${has('--out-dir') ? ', or build into a folder on another one with --out-dir' : ''}.`,
  },
  EDQUOT: {
    what: 'the disk quota is used up',
    hint: (has) => `Free some space within your quota${has('--out-dir') ? ', or build into a folder on another disk with --out-dir' : ''}.`,
  },
  EROFS: {
    what: 'the file system is read-only',
    hint: (has) =>
      `${has('--out-dir') ? 'Choose a writable output folder with --out-dir' : 'Remount the file system writable, or work in a folder on a writable one'}${orWithoutCache(has)}.`,
  },
  EACCES: {
    what: 'permission denied',
    hint: (has) => `Make the folder writable for this user${orOtherOutDir(has)}${orWithoutCache(has)}.`,
  },
  EPERM: {
    what: 'operation not permitted',
    hint: (has) => `Make the folder writable for this user${orOtherOutDir(has)}${orWithoutCache(has)}.`,
  },
  EMFILE: {
    what: 'too many open files',
    hint: (has) => `Raise the limit of open files (ulimit -n)${orFewerThreads(has)}.`,
  },
  ENFILE: {
    what: 'too many open files on the system',
    hint: (has) => `Close other programs or raise the system limit of open files${orFewerThreads(has)}.`,
  },
};

/** The system call of a failed file operation, as the message names it. */
const OPERATIONS: Record<string, string> = {
  open: 'open',
  write: 'write to',
  fsync: 'write to',
  mkdir: 'create the folder',
  mkdtemp: 'create a temporary folder in',
  copyfile: 'copy a file to',
  rename: 'move a file to',
  link: 'link a file to',
  symlink: 'link a file to',
  unlink: 'remove',
  rmdir: 'remove the folder',
  rm: 'remove',
  scandir: 'list the folder',
  utime: 'set the time of',
  chmod: 'set the permissions of',
  close: 'close',
};

interface SystemError {
  code?: unknown;
  syscall?: unknown;
  path?: unknown;
  dest?: unknown;
  cause?: unknown;
}

/**
 * When `error` (or an error that caused it) is the environment's doing (a full disk, a read-only
 * or forbidden folder, too many open files), what was being done, to which path, and what to
 * do: an error to report as such (the CLI's exit code 4), not a bug of docgen's. `options` are
 * the long options of the command that failed (`--out-dir`): the hint names only those.
 */
export function getEnvironmentError(error: unknown, options: readonly string[] = []): Diagnostic | undefined {
  let current = error as SystemError | undefined;
  for (let depth = 0; current && typeof current === 'object' && depth < 8; depth++) {
    const known = typeof current.code === 'string' ? ENVIRONMENT_CODES[current.code] : undefined;
    if (known) {
      const syscall = typeof current.syscall === 'string' ? current.syscall : '';
      const path = typeof current.dest === 'string' ? current.dest : typeof current.path === 'string' ? current.path : undefined;
      const operation = OPERATIONS[syscall] ?? (syscall || 'write');
      const target = path === undefined ? '' : ` ${path}`;
      return {
        severity: 'error',
        code: 'environment',
        message: `Could not ${operation}${target}: ${known.what} (${current.code as string})`,
        hint: known.hint((option) => options.includes(option)),
      };
    }
    current = current.cause as SystemError | undefined;
  }
  return undefined;
}

/** What a system error code of the environment means, in words (`permission denied` for EACCES); undefined for others. */
export function describeErrorCode(code: string): string | undefined {
  return ENVIRONMENT_CODES[code]?.what;
}

/**
 * Runs `write`, which writes the file `path`, and gives a system error of it that names no file
 * the path: what a write, fsync or close of a descriptor throws (a full disk) names none, and the
 * report of the error would not say which file it was.
 */
export function writingFile<T>(path: string, write: () => T): T {
  try {
    return write();
  } catch (error) {
    const system = error as SystemError | undefined;
    if (system && typeof system === 'object' && typeof system.code === 'string' && system.path === undefined) system.path = path;
    throw error;
  }
}
