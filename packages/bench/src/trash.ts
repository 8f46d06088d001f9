import { existsSync, mkdirSync, renameSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Clears the way for a timed build by renaming what the last run left (outputs, caches) into a
 * folder inside the bench's temporary folder, deleted with it after all timings. Deleting them
 * right before the build would bill the build for the deletion: on ext4 without a journal (as on
 * the VMs this bench runs on), every file or folder created within 30 seconds of deleting
 * thousands skips the recently freed inodes one by one (`find_inode_bit` -> `recently_deleted` in
 * the kernel), which added 5-9 s of system time to docgen's 2,000-page cold build and slows Hugo's
 * the same way. A CI build starts in a fresh checkout, where nothing was just deleted.
 */
export interface Trash {
  /** Moves `path` into the trash, if it exists. */
  setAside(path: string): void;
}

/** A trash folder at `dir`, which must be on the same file system as what is set aside. */
export function createTrash(dir: string): Trash {
  let count = 0;
  return {
    setAside(path) {
      if (!existsSync(path)) return;
      mkdirSync(dir, { recursive: true });
      renameSync(path, join(dir, String(++count)));
    },
  };
}
