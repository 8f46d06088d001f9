/**
 * A version cut interrupted by SIGINT (Ctrl-C) or SIGTERM undoes what it wrote before it exits
 * with 130 or 143, and says so: the site is as it was before, with no journal, temporary or lock
 * left. (Killed with SIGKILL, it cannot: the next command undoes it, see killedProcesses.test.ts.)
 * The cut is stopped at a moment through core's test seam (DOCGEN_TEST_PAUSE_AT, see pauseForTest),
 * signalled there, and resumed: it takes the signal at its next wait.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { listFiles, runDocgen, spawnDocgen } from '../src/cli.js';
import { findProcessDebris, writeGeneratedSite } from '../src/generatedSite.js';

const scratch = mkdtempSync(join(tmpdir(), 'docgen-interrupted-cut-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** One hash of every path and byte of the site (its cache folder left out). */
function hashSite(site: string): string {
  const hash = createHash('sha256');
  for (const file of listFiles(site).filter((path) => !path.startsWith('.docgen/')))
    hash.update(file).update(readFileSync(join(site, file)));
  return hash.digest('hex');
}

describe.each([
  ['SIGINT', 130],
  ['SIGTERM', 143],
] as const)('a version cut interrupted by %s', (signal, exitCode) => {
  it.each([
    // After the copy of docs/ is written beside its target.
    'cut:stage',
    // After the first rename: versioned_docs/version-3.0 is in place, the rest is not.
    'cut:commit',
  ])(`at %s undoes what it wrote, says so, and exits with ${exitCode}`, async (moment) => {
    const site = writeGeneratedSite(join(scratch, `${signal}-${moment.replace(':', '-')}`), { pages: 12 });
    const before = hashSite(site);
    const resume = join(scratch, `resume-${signal}-${moment.replace(':', '-')}`);
    const cut = spawnDocgen(['version', 'cut', '3.0', site], { DOCGEN_TEST_PAUSE_AT: moment, DOCGEN_TEST_RESUME_FILE: resume });
    await cut.waitFor(new RegExp(`DOCGEN_TEST_PAUSED ${moment}`));
    cut.child.kill(signal);
    // The paused thread takes the signal once it runs again.
    writeFileSync(resume, '');
    expect(await cut.exited, cut.stderr()).toBe(exitCode);
    expect(cut.stderr()).toContain(`Interrupted (${signal}): version 3.0 was not cut; the site is as it was before.`);
    expect(cut.stderr()).not.toContain('crashed');
    expect(cut.stdout()).not.toContain('Cut version');
    expect(hashSite(site)).toBe(before);
    expect(findProcessDebris(site)).toEqual([]);

    // Nothing is left for the next command to undo, and the cut can be run again.
    const again = await runDocgen(['version', 'cut', '3.0', site]);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).not.toContain('did not finish');
    expect(JSON.parse(readFileSync(join(site, 'versions.json'), 'utf8'))).toEqual(['3.0', '1.0']);
  });
});
