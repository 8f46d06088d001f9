import { existsSync, writeSync } from 'node:fs';

/** Whether this process paused already (a moment may come again: every render batch). */
let paused = false;

/**
 * Test-only seam: when the environment variable DOCGEN_TEST_PAUSE_AT names `moment`, the process
 * writes `DOCGEN_TEST_PAUSED <moment>` on stderr and blocks its thread, so that a test can kill
 * it (SIGKILL) at exactly that moment (after a build's first file is written, mid-render, halfway
 * through the final renames, halfway through a version cut) or start another process meanwhile.
 * It blocks for good, or until the file DOCGEN_TEST_RESUME_FILE names exists; once per process.
 * Unset, it costs a lookup.
 */
export function pauseForTest(moment: string): void {
  if (process.env.DOCGEN_TEST_PAUSE_AT !== moment || paused) return;
  paused = true;
  writeSync(2, `DOCGEN_TEST_PAUSED ${moment}\n`);
  const resumeFile = process.env.DOCGEN_TEST_RESUME_FILE;
  const blocker = new Int32Array(new SharedArrayBuffer(4));
  if (!resumeFile) Atomics.wait(blocker, 0, 0);
  while (resumeFile && !existsSync(resumeFile)) Atomics.wait(blocker, 0, 0, 50);
}

/**
 * Test-only seam: when the environment variable DOCGEN_TEST_FS_ERROR names a system error code
 * (`EACCES`, `EPERM`, `EMFILE`, ...), a write of the output or of a version cut's temporaries
 * whose path contains DOCGEN_TEST_FS_ERROR_PATH (any, when unset) fails with that error, as the file system would
 * fail it: for tests of what a machine can refuse where no test can make it (root ignores file
 * permissions). Unset, it costs a lookup.
 */
export function failWriteForTest(syscall: string, path: string): void {
  const code = process.env.DOCGEN_TEST_FS_ERROR;
  if (!code || !path.includes(process.env.DOCGEN_TEST_FS_ERROR_PATH ?? '')) return;
  throw Object.assign(new Error(`${code}: injected by DOCGEN_TEST_FS_ERROR, ${syscall} '${path}'`), { code, syscall, path });
}
