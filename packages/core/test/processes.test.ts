import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { compileToStore, writeCompileIndex } from '../src/compile/index.js';
import {
  acquireLock,
  getProcessTag,
  getTemporaryName,
  isProcessAlive,
  removeDeadTemporaries,
  getTemporaryOwner,
  tryAcquireLock,
  type LockWait,
} from '../src/processes/index.js';
import { catchDocgenError, makeTempDir, removeTempDirs } from './helpers.js';

const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  removeTempDirs();
});

/** A process that runs until killed: another process's tag, alive. */
async function startOtherProcess(): Promise<{ tag: string; stop: () => Promise<void> }> {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  children.push(child);
  await new Promise((resolve) => child.once('spawn', resolve));
  return {
    tag: getProcessTag(child.pid),
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGKILL');
      }),
  };
}

const lockText = (tag: string, token = 'other') => JSON.stringify({ pid: Number(tag.split('.')[0]), tag, command: 'docgen build', token });
const resource = { kind: 'output', path: '/site/build' } as const;

describe('process tags', () => {
  it('tells a running process from one that is gone, and from a reused pid', async () => {
    const other = await startOtherProcess();
    expect(isProcessAlive(getProcessTag())).toBe(true);
    expect(isProcessAlive(other.tag)).toBe(true);
    if (existsSync('/proc/self/stat')) {
      // The same pid, another start time: the process that had the tag is gone.
      expect(isProcessAlive(`${other.tag.split('.')[0]}.1`)).toBe(false);
    }
    await other.stop();
    expect(isProcessAlive(other.tag)).toBe(false);
    expect(isProcessAlive('not a tag')).toBe(false);
  });
});

describe('lock files', () => {
  it('are held by one holder at a time; the others learn who holds it', async () => {
    const file = join(makeTempDir(), 'sub', 'lock');
    const first = tryAcquireLock(file);
    expect('lock' in first).toBe(true);
    const second = tryAcquireLock(file);
    expect('owner' in second && second.owner).toMatchObject({ pid: process.pid, tag: getProcessTag() });
    if ('lock' in first) first.lock.release();
    expect(existsSync(file)).toBe(false);
    const third = tryAcquireLock(file);
    expect('lock' in third).toBe(true);
    if ('lock' in third) third.lock.release();
  });

  it('outlive no process: the lock of a killed or reused-pid owner is taken over', async () => {
    const dir = makeTempDir();
    const other = await startOtherProcess();
    writeFileSync(join(dir, 'lock'), lockText(other.tag));
    expect(tryAcquireLock(join(dir, 'lock'))).toEqual({ owner: expect.objectContaining({ tag: other.tag }) });
    await other.stop();
    const taken = tryAcquireLock(join(dir, 'lock'));
    expect('lock' in taken).toBe(true);
    expect(JSON.parse(readFileSync(join(dir, 'lock'), 'utf8')).tag).toBe(getProcessTag());
    if ('lock' in taken) taken.lock.release();
    // What the takeover set aside is gone too.
    expect(readdirSync(dir)).toEqual([]);
    if (existsSync('/proc/self/stat')) {
      writeFileSync(join(dir, 'lock'), lockText(`${process.pid}.1`));
      expect('lock' in tryAcquireLock(join(dir, 'lock'))).toBe(true);
    }
  });

  it('respect a lock being written for a moment, then take it for the debris of a killed process', () => {
    const file = join(makeTempDir(), 'lock');
    writeFileSync(file, '');
    expect('owner' in tryAcquireLock(file)).toBe(true);
    const old = new Date(Date.now() - 60_000);
    utimesSync(file, old, old);
    expect('lock' in tryAcquireLock(file)).toBe(true);
  });

  it('that cannot be written are a DocgenError naming the lock file, with a hint', () => {
    const file = join(makeTempDir(), 'a-file');
    writeFileSync(file, '');
    const error = catchDocgenError(() => tryAcquireLock(join(file, 'lock')));
    expect(error.code).toBe('lock-failed');
    expect(error.message).toContain(`Cannot create the lock file ${join(file, 'lock')}`);
    expect(error.hint).toMatch(/writable/);
  });

  it('make acquireLock wait, saying once who it waits for, until the holder releases', async () => {
    const file = join(makeTempDir(), 'lock');
    const held = tryAcquireLock(file);
    if (!('lock' in held)) throw new Error('not taken');
    const waits: LockWait[] = [];
    let acquired = false;
    const waiting = acquireLock({ file, resource, onWait: (wait) => waits.push(wait) }).then((lock) => {
      acquired = true;
      return lock;
    });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(acquired).toBe(false);
    expect(waits).toEqual([{ ...resource, owner: expect.objectContaining({ pid: process.pid }) }]);
    held.lock.release();
    (await waiting).release();
    expect(waits).toHaveLength(1);
  });
});

describe('temporaries', () => {
  it('of processes that are gone are removed; those of running processes and other names stay', async () => {
    const dir = makeTempDir();
    const other = await startOtherProcess();
    const gone = await startOtherProcess();
    await gone.stop();
    const names = {
      own: getTemporaryName('.build.', { unique: false }),
      other: `.build.docgen-tmp-${other.tag}`,
      gone: `.build.docgen-tmp-${gone.tag}`,
      goneFile: `index.json.docgen-tmp-${gone.tag}-abcd`,
      unrelated: 'docgen-tmp-notes.txt',
    };
    for (const name of [names.own, names.other, names.gone]) mkdirSync(join(dir, name, 'docs'), { recursive: true });
    writeFileSync(join(dir, names.goneFile), '{');
    writeFileSync(join(dir, names.unrelated), 'mine');
    expect(removeDeadTemporaries(dir).sort()).toEqual([join(dir, names.gone), join(dir, names.goneFile)].sort());
    // Moved aside at once (under this process's names), deleted in the background.
    const left = readdirSync(dir).filter((name) => ![names.own, names.other, names.unrelated].includes(name));
    expect(left).toHaveLength(2);
    expect(left.every((name) => getTemporaryOwner(name) === getTemporaryOwner(names.own))).toBe(true);
    await expect.poll(() => readdirSync(dir).sort()).toEqual([names.own, names.other, names.unrelated].sort());
  });

  it('in the compile store: compaction keeps what another running process wrote there', async () => {
    const dir = makeTempDir();
    const other = await startOtherProcess();
    const gone = await startOtherProcess();
    await gone.stop();
    const [entry] = compileToStore(dir, [{ key: 'a', body: '# A\n', sourcePath: 'docs/a.md', bodyLine: 1 }]);
    const foreign = [`${other.tag}-0123abcd.pack`, `index.json.docgen-tmp-${other.tag}-ab12`];
    const dead = [`${gone.tag}-4567abcd.pack`, `index.json.docgen-tmp-${gone.tag}-cd34`];
    for (const name of [...foreign, ...dead]) writeFileSync(join(dir, name), 'x');
    writeCompileIndex(dir, new Map([['a', entry!]]));
    expect(readdirSync(dir).sort()).toEqual(['index.json', entry!.stored.main.pack, ...foreign].sort());
  });
});
