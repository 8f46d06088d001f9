import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { readStoredContent } from '../src/compile/store.js';
import { createTaskPool, getThreadCountFor, PAGES_PER_THREAD, ThreadsStoppedError } from '../src/workers/pool.js';
import { returnBuildThread, takePrestartedThread } from '../src/workers/prestart.js';
import { createTaskRunner, type TaskSetup } from '../src/workers/tasks.js';

describe('task pool threads', () => {
  const dir = mkdtempSync(join(tmpdir(), 'docgen-pool-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  /** A pool of two threads with a store and output of its own (`name`). */
  const createPool = (name: string, compiles: boolean) =>
    createTaskPool(2, {
      storeDir: join(dir, `store-${name}`),
      outDir: join(dir, `out-${name}`),
      servedWhileWritten: false,
      languages: [],
      markdown: { math: false, mermaid: false, remarkPlugins: [], rehypePlugins: [] },
      compiles,
    });

  // Threads started only to write search indexes load the markdown pipeline when a compile task
  // comes (a dev server may keep them); they must compile exactly like threads started to compile.
  const compileOn = async (compiles: boolean) => {
    const storeDir = join(dir, `store-${compiles}`);
    mkdirSync(storeDir);
    const pool = createTaskPool(2, {
      storeDir,
      outDir: join(dir, 'out'),
      servedWhileWritten: false,
      languages: ['groovy'],
      markdown: { math: false, mermaid: true, remarkPlugins: [], rehypePlugins: [] },
      compiles,
    });
    try {
      const [compiled] = await pool.compile([
        { key: 'k1', body: '# 제목\n\n## 설치\n\n```groovy\nplugins { id "java" }\n```\n', sourcePath: 'docs/a.md', bodyLine: 4 },
      ]);
      const { stored, ...meta } = compiled!;
      return { meta, content: readStoredContent(storeDir, stored.main) };
    } finally {
      await pool.close();
    }
  };

  it('keeps its threads working when a theme loaded ahead fails to load', async () => {
    const pool = createPool('theme', false);
    try {
      pool.loadTheme(join(dir, 'missing-server.mjs'), 'missing');
      // Both threads still take tasks (an unhandled rejection would have ended them).
      const compiled = await pool.compile([
        { key: 'a', body: '# A\n', sourcePath: 'docs/a.md', bodyLine: 1 },
        { key: 'b', body: '# B\n', sourcePath: 'docs/b.md', bodyLine: 1 },
      ]);
      expect(compiled.map((result) => result.contentTitle)).toEqual(['A', 'B']);
    } finally {
      await pool.close();
    }
  });

  it('fails a task whose arguments cannot be sent with their error, and runs the next', async () => {
    const pool = createPool('unsendable', true);
    try {
      const task = (name: string) => ({ key: name, sourcePath: `docs/${name}.md`, bodyLine: 1, body: `# ${name}\n` });
      // As a compile task's body getter throws when the file changed since it was read (taskOf).
      const unsendable = Object.defineProperty({ key: 'c', sourcePath: 'docs/c.md', bodyLine: 1 }, 'body', {
        enumerable: true,
        get: () => {
          throw new Error('docs/c.md changed');
        },
      }) as ReturnType<typeof task>;
      // Two threads: the third task waits, and is sent when a thread answers (from its message).
      const results = await Promise.allSettled([pool.compile([task('a')]), pool.compile([task('b')]), pool.compile([unsendable])]);
      expect(results.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled', 'rejected']);
      expect((results[2] as PromiseRejectedResult).reason).toMatchObject({ message: 'docs/c.md changed' });
      const [compiled] = await pool.compile([task('d')]);
      expect(compiled!.contentTitle).toBe('d');
    } finally {
      await pool.close();
    }
  });

  it('starts only urgent tasks while held, and the others once released', async () => {
    const pool = createPool('hold', true);
    try {
      const done: string[] = [];
      const task = (key: string) => ({ key, body: `# ${key}\n`, sourcePath: `docs/${key}.md`, bodyLine: 1 });
      const release = pool.hold();
      const normal = pool.compile([task('normal')]).then(() => done.push('normal'));
      const urgent = pool.compile([task('urgent')], 'urgent').then(() => done.push('urgent'));
      await urgent;
      // Both threads are idle, and the normal task still waits.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(done).toEqual(['urgent']);
      // A second release of the same hold does nothing; a nested hold keeps the pool held.
      const inner = pool.hold();
      release();
      release();
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(done).toEqual(['urgent']);
      inner();
      await normal;
      expect(done).toEqual(['urgent', 'normal']);
    } finally {
      await pool.close();
    }
  });

  it("leaves a released pool's idle thread to the next pool, which compiles on it with its own setup; a busy or closed pool leaves none", async () => {
    // A thread another file's build started ahead would take the place of the one released here.
    await takePrestartedThread()?.terminate();
    const task = (key: string) => ({ key, body: `# ${key}\n\nThe text of ${key}.\n`, sourcePath: `docs/${key}.md`, bodyLine: 1 });
    const onThread = (name: string) => {
      const storeDir = join(dir, `store-${name}`);
      mkdirSync(storeDir);
      const setup = { storeDir, outDir: join(dir, `out-${name}`), servedWhileWritten: false, languages: [], compiles: true };
      return {
        storeDir,
        pool: createTaskPool(1, { ...setup, markdown: { math: false, mermaid: false, remarkPlugins: [], rehypePlugins: [] } }, false),
      };
    };
    const first = onThread('released');
    await first.pool.compile([task('first')]);
    await first.pool.release();
    const kept = takePrestartedThread();
    expect(kept).toBeDefined();
    returnBuildThread(kept!);
    // The next pool of one thread takes it (none waits after), and it writes into that pool's store.
    const next = onThread('next');
    expect(takePrestartedThread()).toBeUndefined();
    const exited = new Promise((resolve) => kept!.once('exit', resolve));
    try {
      const [compiled] = await next.pool.compile([task('second')]);
      expect(compiled!.contentTitle).toBe('second');
      expect(JSON.stringify(readStoredContent(next.storeDir, compiled!.stored.main))).toContain('The text of second.');
    } finally {
      await next.pool.close();
    }
    await exited;

    // A pool with a task under way, or closed, ends its thread.
    const busy = onThread('busy');
    const stopped = expect(busy.pool.compile([task('busy')])).rejects.toThrow(ThreadsStoppedError);
    await busy.pool.release();
    await stopped;
    expect(takePrestartedThread()).toBeUndefined();
    const closed = onThread('closed');
    await closed.pool.compile([task('closed')]);
    await closed.pool.close();
    expect(takePrestartedThread()).toBeUndefined();
  });

  it('compiles on threads that were not started to compile, with the same result', async () => {
    const eager = await compileOn(true);
    const lazy = await compileOn(false);
    expect(lazy).toEqual(eager);
    expect(eager.meta.contentTitle).toBe('제목');
    expect(eager.meta.headings.map((heading) => heading.value)).toEqual(['설치']);
    expect(JSON.stringify(eager.content)).toContain('token');
  });

  it("runs the pipeline on a warm start's samples keeping nothing, and compiles a page sent meanwhile before it is done", async () => {
    const storeDir = join(dir, 'store-warm');
    mkdirSync(storeDir);
    const runner = createTaskRunner({
      storeDir,
      outDir: join(dir, 'out-warm'),
      servedWhileWritten: false,
      languages: [],
      markdown: { math: false, mermaid: false, remarkPlugins: [], rehypePlugins: [] },
      compiles: false,
    });
    const task = (key: string, body: string) => ({ key, sourcePath: `docs/${key}.md`, bodyLine: 1, body });
    const samples = ['a', 'b', 'c'].map((key) => task(key, `# ${key}\n\n본문 **${key}**.\n\n\`\`\`js\nconst ${key} = 1;\n\`\`\`\n`));
    // The pipeline loaded first: the warm-up starts at once, in the next microtask.
    await runner.compile([task('first', '# 처음\n')]);
    let warmedUp = false;
    const warming = runner.prepareCompile(samples).then(() => (warmedUp = true));
    await new Promise((resolve) => setImmediate(resolve));
    const [saved] = await runner.compile([task('saved', '# 저장\n\n새 문단.\n')]);
    // Answered between two samples: a save's page does not wait for the whole warm-up.
    expect(warmedUp).toBe(false);
    expect(saved!.contentTitle).toBe('저장');
    await warming;
    // The samples' bodies are in no pack: only the saved page's is.
    const packs = readdirSync(storeDir).filter((name) => !name.startsWith('.'));
    const stored = packs.map((name) => readFileSync(join(storeDir, name), 'utf8')).join('');
    expect(stored).toContain('새 문단');
    expect(stored).not.toContain('본문');
  });
});

describe('threads of a build', () => {
  afterEach(() => vi.unstubAllEnvs());
  const cores = Math.min(availableParallelism(), 64);

  it("updates a search index from the table it read ahead, not from the table's file then", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'docgen-ahead-'));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    const storeDir = join(dir, 'store');
    const outDir = join(dir, 'out');
    mkdirSync(storeDir);
    const setup: TaskSetup = {
      storeDir,
      outDir,
      servedWhileWritten: false,
      languages: [],
      markdown: { math: false, mermaid: false, remarkPlugins: [], rehypePlugins: [] },
      compiles: false,
    };
    const file = '_docgen/search/docs.json';
    const bodies = Array.from({ length: 6 }, (_, index) => `# 문서 ${index}\n\n검색 색인 ${index}번째 문단입니다.\n`);
    const compile = async (runner: ReturnType<typeof createTaskRunner>, keys: string[], texts: string[]) =>
      Object.fromEntries(
        (await runner.compile(keys.map((key, index) => ({ key, body: texts[index]!, sourcePath: `docs/p${index}.md`, bodyLine: 1 })))).map(
          (compiled) => [compiled.key, compiled.stored],
        ),
      );
    const pagesOf = (keys: string[]) => keys.map((key, index) => ({ key, title: `문서 ${index}`, path: `/docs/p${index}` }));
    const keys = bodies.map((_, index) => `k${index}`);
    const first = createTaskRunner(setup);
    await first.search(file, pagesOf(keys), await compile(first, keys, bodies), { paths: [], dir: outDir });
    // Page 3 edited: only its new content is located (as a text edit gives it), so only a table can index the scope.
    const edited = keys.map((key, index) => (index === 3 ? 'k3-edited' : key));
    const located = await compile(first, ['k3-edited'], ['# 문서 3\n\n고친 문단입니다.\n']);
    const existing = {
      paths: readdirSync(join(outDir, '_docgen/search/files')).map((name) => `_docgen/search/files/${name}`),
      dir: outDir,
    };
    const spoilTables = () => {
      for (const name of readdirSync(join(storeDir, 'search'))) writeFileSync(join(storeDir, 'search', name), 'not a table');
    };
    const ahead = createTaskRunner(setup);
    ahead.readAhead([{ file }]);
    const tables = readdirSync(join(storeDir, 'search')).map((name) => [name, readFileSync(join(storeDir, 'search', name))] as const);
    spoilTables();
    // Updated: the other pages' details come from the old pack of detail chunks, since they are not
    // located (reading them would throw, as below); the new pack holds the edit.
    const written = await ahead.search(file, pagesOf(edited), located, existing);
    expect(written.filter((path) => path.endsWith('.bin') && !existing.paths.includes(path))).toHaveLength(1);
    // Without the table read ahead, the spoilt file gives none: the index is made anew, and the other pages are not located.
    for (const [name, bytes] of tables) writeFileSync(join(storeDir, 'search', name), bytes);
    const plain = createTaskRunner(setup);
    spoilTables();
    await expect(plain.search(file, pagesOf(edited), located, existing)).rejects.toThrow(/No stored content given for k0/);
  });

  it('are one per PAGES_PER_THREAD pages of a small site, at most one per core', () => {
    vi.stubEnv('DOCGEN_THREADS', '');
    expect(getThreadCountFor(0)).toBe(1);
    expect(getThreadCountFor(PAGES_PER_THREAD)).toBe(1);
    expect(getThreadCountFor(PAGES_PER_THREAD + 1)).toBe(Math.min(cores, 2));
    expect(getThreadCountFor(100_000)).toBe(cores);
  });

  it('are the count asked for, by --threads or DOCGEN_THREADS, whatever the size', () => {
    vi.stubEnv('DOCGEN_THREADS', '3');
    expect(getThreadCountFor(10)).toBe(3);
    expect(getThreadCountFor(10, 5)).toBe(5);
    vi.stubEnv('DOCGEN_THREADS', '');
    expect(getThreadCountFor(10, 2)).toBe(2);
  });

  it('are limited before the first task starts them, and not after', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'docgen-pool-limit-'));
    const make = () =>
      createTaskPool(2, {
        storeDir: join(dir, 'store'),
        outDir: join(dir, 'out'),
        servedWhileWritten: false,
        languages: [],
        markdown: { math: false, mermaid: false, remarkPlugins: [], rehypePlugins: [] },
        compiles: true,
      });
    const task = { key: 'a', body: '# A\n', sourcePath: 'docs/a.md', bodyLine: 1 };
    const limited = make();
    const late = make();
    try {
      limited.limitThreads(1);
      expect(limited.threads).toBe(1);
      expect((await limited.compile([task])).map((result) => result.contentTitle)).toEqual(['A']);
      // Its first task started the second thread: a limit comes too late.
      expect((await late.compile([task])).map((result) => result.contentTitle)).toEqual(['A']);
      late.limitThreads(1);
      expect(late.threads).toBe(2);
    } finally {
      await Promise.all([limited.close(), late.close()]);
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
