/**
 * A full disk met by the write of a descriptor: the system's error names no file (`ENOSPC: no
 * space left on device, write`), yet the report names the file being written. The file system is
 * a stub here: writes of a path holding `full-disk` fail as a full disk fails them.
 */
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { writeBuildRecord } from '../src/build/buildRecord.js';
import { getEnvironmentError } from '../src/diagnostics/index.js';
import { createOutputDir, createStagingDir } from '../src/output/index.js';
import { makeTempDir, removeTempDirs } from './helpers.js';

vi.mock('node:fs', async (importOriginal) => {
  const fs = await importOriginal<typeof import('node:fs')>();
  const full = (path: unknown) => String(path).includes('full-disk');
  // What the system throws: no path, for the write of a descriptor.
  const noSpace = () =>
    Object.assign(new Error('ENOSPC: no space left on device, write'), { errno: -28, code: 'ENOSPC', syscall: 'write' });
  const opened = new Map<number, string>();
  const stub = {
    ...fs,
    openSync: (path: string, ...rest: []) => {
      const fd = fs.openSync(path, ...rest);
      opened.set(fd, path);
      return fd;
    },
    writeSync: (fd: number, ...rest: []) => {
      if (full(opened.get(fd))) throw noSpace();
      return fs.writeSync(fd, ...rest);
    },
    writeFileSync: (path: string, ...rest: []) => {
      if (full(path)) throw noSpace();
      return fs.writeFileSync(path, ...rest);
    },
  };
  return { ...stub, default: stub };
});

afterAll(removeTempDirs);

/** The report of what `write` throws. */
function reportOf(write: () => void): string | undefined {
  try {
    write();
  } catch (error) {
    return getEnvironmentError(error)?.message;
  }
  throw new Error('The write did not fail');
}

describe('a full disk met by the write of a descriptor', () => {
  const root = makeTempDir('docgen-write-errors-');

  it('names the file in the output writer: a whole file, and a file written from parts', () => {
    const output = createOutputDir(join(root, 'out'));
    expect(reportOf(() => output.write('docs/full-disk/index.html', '<p>page</p>'))).toBe(
      `Could not write to ${join(root, 'out', 'docs', 'full-disk', 'index.html')}: no space left on the device (ENOSPC)`,
    );
    expect(reportOf(() => output.writeParts('full-disk/index.json', ['{"a":', Buffer.from('1}')]))).toBe(
      `Could not write to ${join(root, 'out', 'full-disk', 'index.json')}: no space left on the device (ENOSPC)`,
    );
  });

  it('names the file in the staging folder of a build', () => {
    const staging = createStagingDir(join(root, 'build'));
    const report = reportOf(() => staging.writeParts('search/full-disk.json', ['[]']));
    expect(report).toMatch(/^Could not write to \S+\/search\/full-disk\.json: no space left on the device \(ENOSPC\)$/);
    expect(report).toContain(`${root}/.build.docgen-tmp-`);
    staging.discard();
  });

  it('names the temporary of a file written under a temporary name and renamed (the routes of the last build, written before its record)', () => {
    const cacheDir = join(root, 'full-disk-cache');
    const record = { docgenVersion: '0', outDir: root, fingerprint: '', pageCount: 0, diagnostics: [], state: { routes: {} } };
    expect(reportOf(() => writeBuildRecord(cacheDir, record as Parameters<typeof writeBuildRecord>[1]))).toMatch(
      new RegExp(`^Could not write to ${cacheDir}/last-build\\.routes\\.json\\.docgen-tmp-\\S+: no space left on the device \\(ENOSPC\\)$`),
    );
  });
});
