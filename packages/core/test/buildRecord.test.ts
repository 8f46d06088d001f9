import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { RouteRecord } from '../src/build/buildPlan.js';
import {
  forgetBuildRecord,
  readBuildRecord,
  readRecordedOutDir,
  readRecordedRoutes,
  readRecordedState,
  updateBuildRecord,
  writeBuildRecord,
  type WholeBuildRecord,
} from '../src/build/buildRecord.js';

describe('the record of the last build', () => {
  const dir = mkdtempSync(join(tmpdir(), 'docgen-record-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const record = (outDir: string): WholeBuildRecord => ({
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
    docgenCode: 'c'.repeat(32),
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

  const route = (title: string, inputs = 'h'): RouteRecord => ({
    locale: 'ko',
    inputs,
    files: [`${title}/index.html`],
    summary: { title },
  });
  // Keys that JSON escapes, a key that another one starts with, and text beyond ASCII.
  const routes: Record<string, RouteRecord> = {
    'ko\0/docs/a': route('A'),
    'ko\0/docs/a-b': route('A B'),
    'ko\0/docs/"quoted"\\': route('Quoted'),
    'en\0/docs/시작': route('시작하기'),
  };
  const whole = (state: Partial<WholeBuildRecord['state']> = {}): WholeBuildRecord => ({
    ...record('/srv/out'),
    state: { routes, localeFiles: { ko: ['sitemap.xml'] }, searchIndexes: { 'search/ko.json': 's1' }, ...state },
  });

  it('reads back the state it wrote, whole or route by route, without parsing the others', () => {
    const cacheDir = mkdtempSync(join(dir, 'routes-'));
    writeBuildRecord(cacheDir, whole());
    const read = readBuildRecord(cacheDir)!;
    expect(read.state).toEqual({ localeFiles: { ko: ['sitemap.xml'] }, searchIndexes: { 'search/ko.json': 's1' } });
    expect(readRecordedState(cacheDir, read)).toEqual(whole().state);
    const keys = [...Object.keys(routes), 'ko\0/docs/missing', 'ko\0/docs'];
    expect(Object.fromEntries(readRecordedRoutes(cacheDir, read, keys)!)).toEqual(routes);
    // A line that is not the route's is not read: a broken one for a key not asked for is no matter.
    const file = join(cacheDir, 'last-build.routes.json');
    writeFileSync(file, readFileSync(file, 'utf8').replace('"A B"', '"A B'));
    expect(readRecordedRoutes(cacheDir, read, ['ko\0/docs/a'])!.get('ko\0/docs/a')).toEqual(routes['ko\0/docs/a']);
    expect(readRecordedRoutes(cacheDir, read, ['ko\0/docs/a-b'])).toBeUndefined();
    expect(readRecordedState(cacheDir, read)).toBeUndefined();
  });

  it('takes the routes text edits changed, in order, and only of the routes the record names', () => {
    const cacheDir = mkdtempSync(join(dir, 'journal-'));
    writeBuildRecord(cacheDir, whole());
    const first = readBuildRecord(cacheDir)!;
    forgetBuildRecord(cacheDir);
    updateBuildRecord(cacheDir, { ...first, fingerprint: '1'.repeat(64) }, { 'ko\0/docs/a': route('A', 'h1') });
    forgetBuildRecord(cacheDir);
    const second = readBuildRecord(cacheDir) ?? { ...first, fingerprint: '1'.repeat(64) };
    updateBuildRecord(
      cacheDir,
      { ...second, fingerprint: '2'.repeat(64), state: { ...second.state, searchIndexes: { 'search/ko.json': 's2' } } },
      {
        'ko\0/docs/a': route('A', 'h2'),
        'en\0/docs/시작': route('시작', 'h2'),
      },
    );
    const edited = readBuildRecord(cacheDir)!;
    expect(edited.fingerprint).toBe('2'.repeat(64));
    const expected = { ...routes, 'ko\0/docs/a': route('A', 'h2'), 'en\0/docs/시작': route('시작', 'h2') };
    expect(readRecordedState(cacheDir, edited)).toEqual({ ...whole().state, searchIndexes: { 'search/ko.json': 's2' }, routes: expected });
    expect(Object.fromEntries(readRecordedRoutes(cacheDir, edited, Object.keys(routes))!)).toEqual(expected);

    // A whole build writes its routes anew: the edits' lines are gone with the routes they changed.
    writeBuildRecord(cacheDir, whole());
    const rebuilt = readBuildRecord(cacheDir)!;
    expect(readRecordedState(cacheDir, rebuilt)!.routes).toEqual(routes);
    // A record whose routes were written over by a later build (of another folder, say) has none.
    expect(readRecordedState(cacheDir, edited)).toBeUndefined();
    expect(readRecordedRoutes(cacheDir, edited, ['ko\0/docs/a'])).toBeUndefined();
    // A line cut short by a killed process: the routes cannot be read, and the build is whole.
    appendFileSync(join(cacheDir, 'last-build.routes.journal'), `{"base":"${rebuilt.routesBase}","routes":{"ko\\u0000/docs/a"`);
    expect(readRecordedState(cacheDir, rebuilt)).toBeUndefined();
    expect(readRecordedRoutes(cacheDir, rebuilt, ['ko\0/docs/a'])).toBeUndefined();
  });

  it('gives no record of an older docgen that kept its routes inside it', () => {
    const cacheDir = mkdtempSync(join(dir, 'older-'));
    const { routesBase: _, ...older } = { ...whole(), routesBase: '' };
    writeFileSync(join(cacheDir, 'last-build.json'), JSON.stringify(older));
    expect(readBuildRecord(cacheDir)).toBeUndefined();
  });
});
