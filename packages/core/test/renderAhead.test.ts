import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSiteBuilder, type OutputState } from '../src/build/index.js';
import { createOutputDir } from '../src/output/index.js';
import { copyFixture, makeTempDir, removeTempDirs, snapshotDir } from './helpers.js';

/**
 * The dev server reloads the browser when `onPagesWritten` is called. Whether the edited page
 * was rendered ahead of the rebuild (text-only edits) or by the whole rebuild, every page must
 * already be what the rebuild leaves when that happens, and what a fresh builder writes.
 */
afterAll(removeTempDirs);

const htmlOf = (dir: string) =>
  Object.fromEntries(
    Object.entries(snapshotDir(dir))
      .filter(([file]) => file.endsWith('.html'))
      .map(([file, base64]) => [file, Buffer.from(base64, 'base64').toString('utf8')]),
  );

/** A page whose description (the start of its text) does not change when a paragraph is added at the end. */
const LONG_PAGE = `---
title: 긴 문서
sidebar_position: 4
---

${'이 문서는 설명이 본문의 처음 백육십 자에서 만들어지는 긴 문서입니다. '.repeat(6)}

## 자세히

[설치로](./setup.md)
`;

/** An MDX page with Docusaurus's tabs: compiled as MDX ahead of the rebuild too. */
const TABS_PAGE = `---
title: 탭
---
import Tabs from '@theme/Tabs';
import TabItem from '@theme/TabItem';

${'운영체제마다 설치 방법이 다르므로 아래에서 쓰는 운영체제를 고릅니다. '.repeat(6)}

<Tabs groupId="os">
  <TabItem value="mac" label="macOS">brew로 설치합니다.</TabItem>
  <TabItem value="win" label="Windows">choco로 설치합니다.</TabItem>
</Tabs>
`;

describe('a watching builder: pages rendered ahead of the rebuild', () => {
  let site: string;
  let out: string;
  let builder: ReturnType<typeof createSiteBuilder>;
  let state: OutputState;
  const stagesDone: string[] = [];
  const output = () => createOutputDir(out);

  beforeAll(async () => {
    site = copyFixture('autogen');
    writeFileSync(join(site, 'docs/guide/long.md'), LONG_PAGE);
    writeFileSync(join(site, 'docs/guide/tabs.mdx'), TABS_PAGE);
    out = join(makeTempDir(), 'out');
    const cacheDir = makeTempDir();
    builder = createSiteBuilder({
      siteDir: site,
      includeDrafts: true,
      buildId: 'dev',
      cacheDir,
      threads: 1,
      watching: true,
      onStage: (stage) => stagesDone.push(stage),
    });
    state = (await builder.run({ output: output() })).state;
  }, 60_000);
  afterAll(() => builder.close());

  /** Saves `file`, rebuilds, and returns the pages as they were when the reload would be sent. */
  async function save(file: string, text: string) {
    writeFileSync(join(site, file), text);
    builder.forget([{ kind: 'change', path: join(site, file) }]);
    stagesDone.length = 0;
    const atReload: { stages: string[]; html: Record<string, string> }[] = [];
    const result = await builder.run({
      output: output(),
      previous: state,
      hooks: {
        onPagesWritten: () => atReload.push({ stages: [...stagesDone], html: htmlOf(out) }),
      },
    });
    state = result.state;
    const fresh = join(makeTempDir(), 'fresh');
    const other = createSiteBuilder({ siteDir: site, includeDrafts: true, buildId: 'dev', cacheDir: makeTempDir(), threads: 1 });
    await other.run({ output: createOutputDir(fresh) });
    await other.close();
    return { atReload, final: htmlOf(out), fresh: htmlOf(fresh), rendered: result.renderedPaths, diagnostics: result.diagnostics };
  }

  it('renders a page whose text alone changed before the rest of the rebuild, as the rebuild would', async () => {
    const { atReload, final, fresh, rendered } = await save('docs/guide/long.md', `${LONG_PAGE}\n새로 쓴 문단입니다.\n`);
    expect(atReload).toHaveLength(1);
    // Nothing of the rebuild has run but the page rendered ahead, not even the reading of the
    // content (the theme bundle, kept from the last run when the theme did not change, is looked
    // up as every run starts).
    expect(atReload[0]!.stages.filter((stage) => stage !== 'bundle')).toEqual(['ahead']);
    expect(atReload[0]!.html['docs/guide/long/index.html']).toContain('새로 쓴 문단입니다.');
    expect(atReload[0]!.html).toEqual(final);
    expect(final).toEqual(fresh);
    expect(rendered.sort()).toEqual(['/docs/guide/long', '/en/docs/guide/long']);
  }, 60_000);

  it('renders ahead a doc whose reading time an added paragraph changed: a doc does not show it', async () => {
    // Some 900 syllables: the page's reading time goes from one minute to two.
    const paragraph = '읽는 시간이 일 분 더 걸리도록 긴 문단을 덧붙입니다. '.repeat(45);
    const { atReload, final, fresh } = await save('docs/guide/long.md', `${LONG_PAGE}\n${paragraph}\n`);
    expect(atReload[0]!.stages.filter((stage) => stage !== 'bundle')).toEqual(['ahead']);
    expect(atReload[0]!.html['docs/guide/long/index.html']).toContain('긴 문단을 덧붙입니다.');
    expect(atReload[0]!.html).toEqual(final);
    expect(final).toEqual(fresh);
  }, 60_000);

  it('renders an MDX page ahead as MDX, as the rebuild would', async () => {
    const { atReload, final, fresh, rendered } = await save('docs/guide/tabs.mdx', `${TABS_PAGE}\n새로 쓴 문단입니다.\n`);
    // After the content is read: an MDX page's compile key holds the MDX runtime of the whole content.
    expect(atReload[0]!.stages.filter((stage) => stage !== 'bundle')).toEqual(['read', 'ahead']);
    expect(atReload[0]!.html['docs/guide/tabs/index.html']).toMatch(
      /<div class="tabs-container" data-group-id="os">.*brew로 설치합니다\..*새로 쓴 문단입니다\./s,
    );
    expect(atReload[0]!.html).toEqual(final);
    expect(final).toEqual(fresh);
    expect(rendered.sort()).toEqual(['/docs/guide/tabs', '/en/docs/guide/tabs']);
  }, 60_000);

  it('waits for the whole rebuild when an edit changes more than the page (a heading, the title)', async () => {
    const file = 'docs/guide/overview.md';
    const original = readFileSync(join(site, file), 'utf8');
    for (const edited of [original.replace('## 시작', '## 처음 시작'), original.replace('title: 개요', 'title: 새 개요')]) {
      const { atReload, final, fresh } = await save(file, edited);
      expect(atReload).toHaveLength(1);
      expect(atReload[0]!.stages).toContain('render');
      expect(atReload[0]!.stages).not.toContain('search');
      expect(atReload[0]!.html).toEqual(final);
      expect(final).toEqual(fresh);
    }
    expect(htmlOf(out)['docs/guide/setup/index.html']).toContain('새 개요');
  }, 60_000);

  it('resolves a link to a file once the watcher says it was added', async () => {
    const file = 'docs/guide/long.md';
    const linked = `${LONG_PAGE}\n[그림](./figure.pdf)\n`;
    const missing = await save(file, linked);
    expect(missing.diagnostics.map((diagnostic) => diagnostic.message).join('\n')).toContain('figure.pdf');
    writeFileSync(join(site, 'docs/guide/figure.pdf'), '%PDF-1.4');
    builder.forget([{ kind: 'add', path: join(site, 'docs/guide/figure.pdf') }]);
    const added = await save(file, linked);
    expect(added.diagnostics.map((diagnostic) => diagnostic.message).join('\n')).not.toContain('figure.pdf');
    expect(added.final['docs/guide/long/index.html']).toMatch(/href="\/assets\/files\/[^"]+-figure\.pdf"/);
    expect(added.final).toEqual(added.fresh);
  }, 60_000);
});

describe('a watching builder started again on an unchanged site', () => {
  it("renders the first save's page ahead of the rebuild, though its first run rendered no page", async () => {
    const site = copyFixture('autogen');
    const file = join(site, 'docs/guide/long.md');
    writeFileSync(file, LONG_PAGE);
    const out = join(makeTempDir(), 'out');
    const options = { siteDir: site, includeDrafts: true, buildId: 'dev', cacheDir: makeTempDir(), threads: 1, watching: true };
    const first = createSiteBuilder(options);
    const { state } = await first.run({ output: createOutputDir(out) });
    await first.close();
    const stages: string[] = [];
    const again = createSiteBuilder({ ...options, onStage: (stage) => stages.push(stage) });
    try {
      const warm = await again.run({ output: createOutputDir(out), previous: state });
      expect(warm.renderedPaths).toEqual([]);
      writeFileSync(file, `${LONG_PAGE}\n새로 쓴 문단입니다.\n`);
      again.forget([{ kind: 'change', path: file }]);
      stages.length = 0;
      const atReload: { stages: string[]; html: Record<string, string> }[] = [];
      await again.run({
        output: createOutputDir(out),
        previous: warm.state,
        hooks: { onPagesWritten: () => void atReload.push({ stages: [...stages], html: htmlOf(out) }) },
      });
      // The threads hold the locale's setup from the run that kept every page: nothing else waits.
      expect(atReload[0]!.stages.filter((stage) => stage !== 'bundle')).toEqual(['ahead']);
      expect(atReload[0]!.html['docs/guide/long/index.html']).toContain('새로 쓴 문단입니다.');
    } finally {
      await again.close();
    }
  }, 60_000);
});
