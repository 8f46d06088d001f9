import { spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { getMinimalSiteFiles, writeSiteFiles } from '../src/fixtureSite.js';
import { DOCGEN_BIN } from '../src/paths.js';

/*
 * `docgen serve --watch > dev.log` run in the site folder: the log is where the server prints, not
 * an input; each line written to it must not start a rebuild (which prints a line: it rebuilt
 * forever, 199 times in 10 s).
 */
const scratch = mkdtempSync(join(tmpdir(), 'docgen-log-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('serve --watch with its output redirected into a file of the site', () => {
  it('rebuilds on a save of the site, never on its own log', async () => {
    const site = writeSiteFiles(join(scratch, 'site'), { ...getMinimalSiteFiles('Logged'), 'docs/a.md': '# A\n\nOne.\n' });
    const log = join(site, 'dev.log');
    const fd = openSync(log, 'w');
    const child = spawn(process.execPath, [DOCGEN_BIN, 'serve', '--watch', '--port', '0'], {
      cwd: site,
      env: { ...process.env, CI: '1' },
      stdio: ['ignore', fd, fd],
    });
    closeSync(fd);
    const builds = () => readFileSync(log, 'utf8').match(/Built \d+ pages/g)?.length ?? 0;
    try {
      await expect.poll(builds, { timeout: 60_000 }).toBe(1);
      // The watcher is running once a save rebuilds; then nothing but saves may.
      writeFileSync(join(site, 'docs/a.md'), '# A\n\nTwo.\n');
      await expect.poll(builds, { timeout: 30_000 }).toBe(2);
      await sleep(3000);
      expect(builds()).toBe(2);
    } finally {
      child.kill('SIGINT');
      await new Promise((resolve) => child.once('exit', resolve));
    }
  });
});
