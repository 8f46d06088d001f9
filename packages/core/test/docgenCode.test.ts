import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { build } from '../src/build/index.js';
import { describesOutput, getOwnCode, readBuildRecord } from '../src/build/buildRecord.js';
import { copyFixture, makeTempDir, removeTempDirs, snapshotDir } from './helpers.js';

/**
 * A build keeps the pages whose inputs are as the last build recorded them, and docgen's own code
 * is none of those inputs: a record written by other code of docgen at the same version (docgen
 * built anew from other sources) describes no output this docgen would write, and every page is
 * rendered again.
 */
afterAll(removeTempDirs);

describe('a build after docgen was built anew at the same version', () => {
  it('renders every page again, as a build without the cache writes them', async () => {
    const site = copyFixture('autogen');
    const out = join(makeTempDir(), 'out');
    const first = await build({ siteDir: site, outDir: out });
    expect(first.renderedCount).toBe(first.pageCount);
    expect((await build({ siteDir: site, outDir: out })).renderedCount).toBe(0);
    const recordFile = join(site, '.docgen', 'last-build.json');
    const record = readBuildRecord(join(site, '.docgen'))!;
    expect(record.docgenCode).toBe(getOwnCode().stamp);
    expect(describesOutput(record, out)).toBe(true);
    // The record as other code left it: another stamp of its code, and so another fingerprint.
    const other = { ...record, docgenCode: `other ${record.docgenCode}`, fingerprint: `other ${record.fingerprint}` };
    writeFileSync(recordFile, JSON.stringify(other));
    expect(describesOutput(readBuildRecord(join(site, '.docgen'))!, out)).toBe(false);
    // A page as that code wrote it (its own markup): a kept page would stay so.
    const page = join(out, 'docs/guide/setup/index.html');
    writeFileSync(page, readFileSync(page, 'utf8').replace('<html', '<!-- other code --><html'));
    const again = await build({ siteDir: site, outDir: out });
    expect(again.renderedCount).toBe(again.pageCount);
    expect(readFileSync(page, 'utf8')).not.toContain('other code');
    const clean = join(makeTempDir(), 'out');
    await build({ siteDir: site, outDir: clean, cache: false, threads: 1 });
    expect(snapshotDir(out)).toEqual(snapshotDir(clean));
    // The record it wrote names this code again: nothing to do next.
    expect(readBuildRecord(join(site, '.docgen'))!.docgenCode).toBe(getOwnCode().stamp);
    expect((await build({ siteDir: site, outDir: out })).renderedCount).toBe(0);
  }, 120_000);
});

describe("docgen's own code", () => {
  it('is stamped by the path, size and time of each file of core and of @docgen/shared', () => {
    const { lines, stamp } = getOwnCode();
    expect(stamp).toMatch(/^[0-9a-f]{32}$/);
    expect(lines).toMatch(/^core\/build\/buildRecord\.(js|ts)\0\d+\0[\d.]+$/m);
    expect(lines).toMatch(/^shared\/search\.(js|ts)\0\d+\0[\d.]+$/m);
    // Listed once a process.
    expect(getOwnCode()).toBe(getOwnCode());
  });
});
