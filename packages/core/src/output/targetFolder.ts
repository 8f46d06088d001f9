import { accessSync, constants, existsSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { describeErrorCode, DocgenError } from '../diagnostics/index.js';

/**
 * Refuses the folder `dir` (absolute) that a command writes into, or creates, when it cannot:
 * `dir`, or the nearest of its parents that exists, is a file, or this user cannot write in that
 * folder (permission denied, a read-only file system). A usage error (exit code 2) that names the
 * path and what is wrong, with `hint` saying what to do; checked before anything is written.
 */
export function assertWritableFolder(dir: string, hint: string): void {
  let existing = dir;
  while (!existsSync(existing)) existing = dirname(existing);
  if (!statSync(existing).isDirectory()) {
    const creating = existing === dir ? '' : `: cannot create ${dir} in it`;
    throw new DocgenError(`${existing} is a file, not a folder${creating}`, { code: 'usage', hint });
  }
  try {
    accessSync(existing, constants.W_OK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'unknown';
    const creating = existing === dir ? '' : ` to create ${dir}`;
    // No cause: the system error would make the report an environment error (exit code 4).
    throw new DocgenError(`Cannot write in ${existing}${creating} (${describeErrorCode(code) ?? code})`, { code: 'usage', hint });
  }
}
