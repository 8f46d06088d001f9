import type { Diagnostic } from '@docgen/types';

/** System error codes that say the machine, not the site or docgen, stopped the command: what each means and what to do. */
const ENVIRONMENT_CODES: Record<string, { what: string; hint: string }> = {
  ENOSPC: {
    what: 'no space left on the device',
    hint: 'Free some space on that disk, or build into a folder on another one with --out-dir.',
  },
  EDQUOT: {
    what: 'the disk quota is used up',
    hint: 'Free some space within your quota, or build into a folder on another disk with --out-dir.',
  },
  EROFS: {
    what: 'the file system is read-only',
    hint: 'Choose a writable output folder with --out-dir; when it is the cache folder, build with --no-cache.',
  },
  EACCES: {
    what: 'permission denied',
    hint: 'Make the folder writable for this user, or choose another output folder with --out-dir; when it is the cache folder, build with --no-cache.',
  },
  EPERM: {
    what: 'operation not permitted',
    hint: 'Make the folder writable for this user, or choose another output folder with --out-dir; when it is the cache folder, build with --no-cache.',
  },
  EMFILE: {
    what: 'too many open files',
    hint: 'Raise the limit of open files (ulimit -n), or build with fewer threads (--threads 1).',
  },
  ENFILE: {
    what: 'too many open files on the system',
    hint: 'Close other programs or raise the system limit of open files, or build with fewer threads (--threads 1).',
  },
};

/** The system call of a failed file operation, as the message names it. */
const OPERATIONS: Record<string, string> = {
  open: 'open',
  write: 'write to',
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
 * do: an error to report as such (the CLI's exit code 4), not a bug of docgen's.
 */
export function getEnvironmentError(error: unknown): Diagnostic | undefined {
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
        hint: known.hint,
      };
    }
    current = current.cause as SystemError | undefined;
  }
  return undefined;
}
