import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readBuildRecord, readRecordedOutDir, writeBuildRecord, type BuildRecord } from '../src/build/buildRecord.js';

describe('the record of the last build', () => {
  const dir = mkdtempSync(join(tmpdir(), 'docgen-record-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const record = (outDir: string): BuildRecord => ({
    // Keys in another order than the file's: the writer puts the version and folder first.
    state: {
      routes: { 'ko\0/docs/a': { locale: 'ko', inputs: 'h', files: ['docs/a/index.html'], summary: { title: 'A' } } },
      localeFiles: {},
      searchIndexes: {},
    },
    pageCount: 1,
    diagnostics: [],
    fingerprint: 'f'.repeat(64),
    outDir,
    docgenVersion: '1.0.0',
  });

  it('gives its output folder from the start of the file, as the whole record has it', () => {
    for (const outDir of ['/srv/site/out', 'C:\\sites\\"quoted"\\출력', `/deep/${'x'.repeat(20_000)}`]) {
      writeBuildRecord(dir, record(outDir));
      expect(readRecordedOutDir(dir)).toBe(outDir);
      expect(readBuildRecord(dir)?.outDir).toBe(outDir);
    }
  });

  it('gives none for a missing or unreadable record', () => {
    const empty = mkdtempSync(join(dir, 'none-'));
    expect(readRecordedOutDir(empty)).toBeUndefined();
    writeFileSync(join(empty, 'last-build.json'), '{"docgenVersion":"1.0.0","outDir":');
    expect(readRecordedOutDir(empty)).toBeUndefined();
  });
});
