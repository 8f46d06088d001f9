import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { readConfig } from '../src/config/index.js';
import {
  ContentCache,
  docFrontMatterSchema,
  FrontMatterMemo,
  hashMarkdownBody,
  parseFrontMatter,
  preReadMarkdown,
  readSiteContent,
} from '../src/content/index.js';
import { readSourceFile } from '../src/content/sourceFile.js';
import { getFileStamp } from '../src/content/unchangedSources.js';
import { createSiteBuilder } from '../src/build/index.js';
import { createOutputDir } from '../src/output/index.js';
import { preReadDocs } from '../src/build/preReadDocs.js';
import { createTaskPool, type TaskPool } from '../src/workers/pool.js';
import { catchDocgenError, makeTempDir, removeTempDirs, snapshotDir, writeSite } from './helpers.js';

afterAll(removeTempDirs);

/** Texts a doc may hold, each read by the threads as the main thread reads it. */
const TEXTS: Record<string, string> = {
  'front-matter.md': '---\ntitle: 설치\nsidebar_position: 2\ntags: [start]\nfuture_key: 1\n---\n\n# 설치\n\nWords.\n',
  'none.md': '# No front matter\n\n---\n\nA rule above.\n',
  'crlf-bom.md': '\uFEFF---\r\ntitle: Windows\r\n---\r\n\r\nBody\r\n',
  'empty.md': '---\n---\nBody right after.\n',
  'rule-in-body.md': '---\ntitle: Rules\n---\ntext\n\n---\n\nmore\n',
};

let pool: TaskPool;
/** A sample site made before the tests, which then wait until it has settled (see unchangedSources.test): its files are remembered by their stamps. */
let settledSite: string;
beforeAll(async () => {
  settledSite = writeSampleSite();
  await new Promise((resolve) => setTimeout(resolve, 2100));
  const dir = makeTempDir();
  pool = createTaskPool(2, {
    storeDir: join(dir, 'store'),
    outDir: join(dir, 'out'),
    servedWhileWritten: false,
    languages: [],
    markdown: readConfig(settledSite).markdown,
    compiles: false,
  });
});
afterAll(() => pool.close());
// Small sites, read by the threads as a site of thousands of docs is.
beforeEach(() => {
  vi.stubEnv('DOCGEN_TEST_PRE_READ_MIN', '1');
});
afterEach(() => {
  vi.unstubAllEnvs();
});

describe('preReadMarkdown', () => {
  it("gives a doc's stamp, front matter text, body line and body hash as reading it on the main thread gives them", () => {
    const siteDir = writeSite(Object.fromEntries(Object.entries(TEXTS).map(([name, text]) => [`docs/${name}`, text])));
    for (const name of Object.keys(TEXTS)) {
      const path = join(siteDir, 'docs', name);
      const read = parseFrontMatter(readSourceFile(siteDir, path), docFrontMatterSchema, undefined, false);
      const pre = preReadMarkdown(path)!;
      expect(pre.bodyLine, name).toBe(read.bodyLine);
      expect(pre.bodyHash, name).toBe(hashMarkdownBody(read.body));
      expect(pre.stamp, name).toBe(getFileStamp(path)!.stamp);
    }
    expect(preReadMarkdown(join(siteDir, 'docs/front-matter.md'))!.yamlText).toBe(
      'title: 설치\nsidebar_position: 2\ntags: [start]\nfuture_key: 1\n',
    );
    expect(preReadMarkdown(join(siteDir, 'docs/crlf-bom.md'))!.yamlText).toBe('title: Windows\n');
    expect(preReadMarkdown(join(siteDir, 'docs/none.md'))!.yamlText).toBeUndefined();
  });

  it('leaves to the main thread a file it cannot read or whose front matter is not a closed YAML block', () => {
    const siteDir = writeSite({
      'docs/unclosed.md': '---\ntitle: Open\n\nBody\n',
      'docs/code.md': '---js\nmodule.exports = {}\n---\nBody\n',
    });
    expect(preReadMarkdown(join(siteDir, 'docs/unclosed.md'))).toBeUndefined();
    expect(preReadMarkdown(join(siteDir, 'docs/code.md'))).toBeUndefined();
    expect(preReadMarkdown(join(siteDir, 'docs/missing.md'))).toBeUndefined();
  });
});

/** A site of docs in two locales (the second with one translation), an MDX doc and a post. */
function writeSampleSite(extra: Record<string, string> = {}): string {
  return writeSite({
    'docgen.config.yaml': 'title: Site\nurl: https://example.com\ni18n:\n  defaultLocale: ko\n  locales: [ko, en]\n',
    ...Object.fromEntries(Object.entries(TEXTS).map(([name, text]) => [`docs/${name}`, text])),
    'docs/guide/page.mdx': '---\ntitle: MDX\n---\n\nexport const a = 1;\n\n{a}\n',
    'i18n/en/docs/current/front-matter.md': '---\ntitle: Setup\n---\n\nTranslated.\n',
    'blog/2025-01-02-hello.md': '---\ntitle: Hello\n---\n\nPost body.\n',
    ...extra,
  });
}

/** Reads the site's content, the docs read first by the pool's threads (`preRead`) or not, with a memo of its own. */
async function readContent(siteDir: string, preRead: boolean) {
  const config = readConfig(siteDir);
  const cache = new ContentCache();
  const memo = new FrontMatterMemo('salt');
  const read = preRead ? await preReadDocs({ siteDir, config, cache, memo, pool, watching: true, timed: (run) => run() }) : undefined;
  const content = readSiteContent(siteDir, config, cache, memo, { preRead: read });
  const storeDir = makeTempDir();
  memo.write(storeDir);
  return { content, read, memo: JSON.parse(readFileSync(join(storeDir, 'front-matter.json'), 'utf8')) as unknown };
}

/** A source as a build sees it: its getters read, its file's fields copied. */
const asRead = (source: { file: object }) => ({ ...source, file: { ...source.file } });

describe('docs read by the threads', () => {
  it('give the content, warnings and memo that reading them on the main thread gives, in every locale', async () => {
    const siteDir = settledSite;
    const [main, threads] = [await readContent(siteDir, false), await readContent(siteDir, true)];
    // Every doc but the MDX one (read on the main thread with what it imports), each file once.
    expect([...threads.read!.keys()].map((path) => path.slice(siteDir.length + 1)).sort()).toEqual(
      [
        'docs/crlf-bom.md',
        'docs/empty.md',
        'docs/none.md',
        'docs/rule-in-body.md',
        'i18n/en/docs/current/front-matter.md',
        'docs/front-matter.md',
      ].sort(),
    );
    const docs = (content: typeof main.content) => content.versions.flatMap((version) => version.docs).map(asRead);
    expect(docs(threads.content)).toEqual(docs(main.content));
    expect(threads.content.diagnostics).toEqual(main.content.diagnostics);
    expect(threads.content.diagnostics.map((diagnostic) => diagnostic.message).join('\n')).toContain('future_key');
    expect(threads.memo).toEqual(main.memo);
    // The six docs the threads read and the post, by their stamps.
    expect(Object.keys((threads.memo as { files: object }).files)).toHaveLength(7);
  });

  it('leave a doc whose front matter is wrong to the reading, which reports it at its line', async () => {
    const siteDir = writeSampleSite({ 'docs/wrong.md': '---\ntitle: Wrong\nsidebar_position: first\n---\n\nBody\n' });
    const config = readConfig(siteDir);
    const cache = new ContentCache();
    const memo = new FrontMatterMemo('salt');
    const read = await preReadDocs({ siteDir, config, cache, memo, pool, watching: true, timed: (run) => run() });
    expect(read!.has(join(siteDir, 'docs/wrong.md'))).toBe(false);
    expect(read!.has(join(siteDir, 'docs/none.md'))).toBe(true);
    const error = catchDocgenError(() => readSiteContent(siteDir, config, cache, memo, { preRead: read }));
    expect(error.code).toBe('front-matter-invalid');
    expect(error.location).toMatchObject({ file: 'docs/wrong.md', line: 3 });
  });

  it('are read again when a build asks for their text, and a doc changed since the threads read it stops the build', async () => {
    const siteDir = writeSampleSite();
    const { content } = await readContent(siteDir, true);
    const doc = content.versions[0]!.docs.find((source) => source.relativePath === 'rule-in-body.md' && source.locale === 'ko')!;
    expect(Object.getOwnPropertyDescriptor(doc, 'body')?.get).toBeTypeOf('function');
    const changed = content.versions[0]!.docs.find((source) => source.relativePath === 'none.md' && source.locale === 'ko')!;
    writeFileSync(join(siteDir, 'docs/none.md'), '# Changed\n');
    expect(doc.body).toBe('text\n\n---\n\nmore\n');
    expect(catchDocgenError(() => changed.body).code).toBe('source-changed');
  });

  it('are read on the main thread when there are fewer than the least worth sending', async () => {
    const siteDir = writeSampleSite();
    const config = readConfig(siteDir);
    // When the threads are done reading (what waits for them, the theme's bundle, starts then): at once when they read nothing.
    let readAt: 'at once' | 'after the reading' | undefined;
    const preRead = () => {
      readAt = undefined;
      let called = false;
      const reading = preReadDocs({
        siteDir,
        config,
        cache: new ContentCache(),
        memo: new FrontMatterMemo('salt'),
        pool,
        watching: true,
        timed: (run) => run(),
        onRead: () => {
          expect(readAt).toBeUndefined();
          readAt = called ? 'after the reading' : 'at once';
        },
      });
      called = true;
      return reading;
    };
    vi.stubEnv('DOCGEN_TEST_PRE_READ_MIN', '7');
    expect(await preRead()).toBeUndefined();
    expect(readAt).toBe('at once');
    vi.stubEnv('DOCGEN_TEST_PRE_READ_MIN', '6');
    expect((await preRead())!.size).toBe(6);
    expect(readAt).toBe('after the reading');
    vi.unstubAllEnvs();
    expect(await preRead()).toBeUndefined();
    expect(readAt).toBe('at once');
  });

  it("let a dev server's first run write what a run reading them on the main thread writes, byte for byte", async () => {
    const siteDir = writeSampleSite();
    const firstRun = async () => {
      const stages: string[] = [];
      const outDir = makeTempDir();
      const builder = createSiteBuilder({
        siteDir,
        buildId: 'dev',
        cacheDir: makeTempDir(),
        threads: 2,
        watching: true,
        onStage: (stage) => stages.push(stage),
      });
      try {
        // A watching builder writes the search indexes after its run returns.
        const first = await builder.run({ output: createOutputDir(outDir) });
        await first.searched;
        const files = snapshotDir(outDir);
        // A later run (a save) lists no docs for the threads: only the first run reads ahead.
        const firstStages = [...stages];
        stages.length = 0;
        await (
          await builder.run({ output: createOutputDir(outDir), previous: first.state })
        ).searched;
        return { stages: firstStages, laterStages: [...stages], files };
      } finally {
        await builder.close();
      }
    };
    const threads = await firstRun();
    vi.unstubAllEnvs();
    const main = await firstRun();
    expect(threads.stages).toContain('pre-read');
    expect(main.stages).not.toContain('pre-read');
    expect(threads.laterStages).toContain('read');
    expect(threads.laterStages).not.toContain('pre-read');
    expect(Object.keys(threads.files).length).toBeGreaterThan(20);
    expect(threads.files).toEqual(main.files);
  });

  it('are read on the main thread by a build, which reads every body as it compiles it', async () => {
    const siteDir = writeSampleSite();
    const config = readConfig(siteDir);
    expect(
      await preReadDocs({
        siteDir,
        config,
        cache: new ContentCache(),
        memo: new FrontMatterMemo('salt'),
        pool,
        watching: false,
        timed: (run) => run(),
      }),
    ).toBeUndefined();
  });
});
