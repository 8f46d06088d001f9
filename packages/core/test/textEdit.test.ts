import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../src/build/index.js';
import { copyFixture, makeTempDir, removeTempDirs, snapshotDir } from './helpers.js';

/**
 * `docgen build` after edits of docs' text alone renders their pages from what the last build
 * recorded of the site model (build/textEdit.ts). Whichever path a build takes, its output must be
 * what a build without the cache writes from the same sources, byte for byte; and an edit that
 * the record cannot stand for (a doc an MDX page imports, a page with a warning, an output that
 * lost a file the edit reads) must take the whole build.
 */
afterAll(removeTempDirs);

/** A doc with a link (its markdown twin makes it absolute) and a description of its own. */
const LINKED = `---
title: 연결된 문서
description: 설치와 개요를 잇는 문서입니다.
---

이 문서는 [설치](./setup.md)와 [개요](./overview.md#시작)를 가리킵니다.

## 자세히

본문입니다.
`;

/** A doc without links. */
const PLAIN = `---
title: 링크 없는 문서
description: 링크가 하나도 없는 문서입니다.
---

링크 없는 본문입니다.
`;

/** A doc that an MDX page shows whole: its text is that page's too. (A description of its own: an edit does not change it.) */
const SHARED = `---
title: 공유 문단
description: 여러 페이지에 들어가는 문단입니다.
---

여러 페이지에 들어가는 문단입니다.
`;

const USES_SHARED = `---
title: 공유 문단을 쓰는 페이지
description: 공유 문단을 보여 주는 MDX 페이지입니다.
---
import Shared from './shared.md';

앞의 문단입니다.

<Shared />
`;

/** An MDX doc with Docusaurus's tabs and an expression. */
const TABS = `---
title: 탭
description: 운영체제마다 설치 방법이 다릅니다.
---
import Tabs from '@theme/Tabs';
import TabItem from '@theme/TabItem';

export const os = 'macOS';

운영체제를 고릅니다. 기본은 {os}입니다.

<Tabs groupId="os">
  <TabItem value="mac" label="macOS">brew로 설치합니다.</TabItem>
  <TabItem value="win" label="Windows">choco로 설치합니다.</TabItem>
</Tabs>
`;

/** A doc with a broken link: its warning names a line that an edit above it moves. */
const WARNED = `---
title: 경고가 있는 문서
---

[없는 문서](./missing.md)를 가리킵니다.
`;

/**
 * A doc that hides its front matter title and shows its own h1 after a line (as Redux's API pages
 * do): the compile reports the h1 as a second one, which its page does not (it is the one it shows).
 */
const HIDDEN_TITLE = `---
title: compose
hide_title: true
description: 함수를 합칩니다.
---

&nbsp;

# \`compose(...functions)\`

합성한 함수를 돌려줍니다.
`;

/** A doc with a warning of its front matter (a key docgen does not know) and one of its body (a second h1). */
const SECOND_H1 = `---
title: 두 개의 제목
future_key: 1
---

앞 문단입니다.

# 두 번째 제목

끝 문단입니다.
`;

describe('docgen build: text edits', () => {
  let site: string;
  let out: string;
  let stages: string[] = [];
  // Why the last build was whole (as `docgen build --verbose` says it).
  let notTaken: string[] = [];
  const buildSite = async () => {
    stages = [];
    notTaken = [];
    return build({
      siteDir: site,
      outDir: out,
      onStage: (stage) => stages.push(stage),
      onTextEditNotTaken: (reason) => notTaken.push(reason),
    });
  };
  /**
   * The output equals a build of the same sources without the site's cache; and its diagnostics,
   * `built`'s when given. (The theme's bundle may come from the shared cache, as the edits' does:
   * this file is about the content, and bundling it anew took 0.5 s a build.)
   */
  const expectSameAsClean = async (built?: { diagnostics: unknown[] }) => {
    const clean = join(makeTempDir(), 'out');
    const cleanBuild = await build({ siteDir: site, outDir: clean, cache: false, sharedCache: true, threads: 1 });
    expect(snapshotDir(out)).toEqual(snapshotDir(clean));
    if (built) expect(built.diagnostics).toEqual(cleanBuild.diagnostics);
  };
  const append = (path: string, text: string) => writeFileSync(join(site, path), `${readFileSync(join(site, path), 'utf8')}\n${text}\n`);

  beforeAll(async () => {
    site = copyFixture('autogen');
    writeFileSync(join(site, 'docs/guide/linked.md'), LINKED);
    writeFileSync(join(site, 'docs/guide/plain.md'), PLAIN);
    writeFileSync(join(site, 'docs/guide/shared.md'), SHARED);
    writeFileSync(join(site, 'docs/guide/uses-shared.mdx'), USES_SHARED);
    writeFileSync(join(site, 'docs/guide/warned.md'), WARNED);
    writeFileSync(join(site, 'docs/guide/tabs.mdx'), TABS);
    writeFileSync(join(site, 'docs/guide/hidden-title.md'), HIDDEN_TITLE);
    writeFileSync(join(site, 'docs/guide/second-h1.md'), SECOND_H1);
    out = join(makeTempDir(), 'out');
    await buildSite();
    expect(stages).not.toContain('edit');
    // No record of a last build: nothing to say.
    expect(notTaken).toEqual([]);
  }, 120_000);

  it('renders the pages of an edited doc from the record, as a whole build would', async () => {
    append('docs/guide/linked.md', '덧붙인 문단에는 **굵은 말**이 있습니다.');
    const result = await buildSite();
    expect(stages).toContain('edit');
    // Its page in both locales (the English one shows it for lack of a translation).
    expect(result.renderedCount).toBe(2);
    expect(notTaken).toEqual([]);
    expect(readFileSync(join(out, 'docs/guide/linked.md'), 'utf8')).toContain('](https://autogen.example.com/docs/guide/setup)');
    expect(readFileSync(join(out, 'llms-full.txt'), 'utf8')).toContain('덧붙인 문단에는 **굵은 말**이 있습니다.');
    await expectSameAsClean();
    // Again, from what the first edit recorded.
    append('docs/guide/linked.md', '두 번째 문단입니다.');
    await buildSite();
    expect(stages).toContain('edit');
    await expectSameAsClean();
    // A doc without links, and two docs at once.
    append('docs/guide/plain.md', '링크 없는 문서에 덧붙인 문단입니다.');
    append('docs/guide/linked.md', '함께 고친 문단입니다.');
    expect((await buildSite()).renderedCount).toBe(4);
    expect(stages).toContain('edit');
    await expectSameAsClean();
  }, 120_000);

  it('renders the pages of edited MDX docs from the record, as a whole build would', async () => {
    append('docs/guide/tabs.mdx', '탭 아래에 덧붙인 문단, **굵게**, 그리고 {os.length}자입니다.');
    // A page that imports a partial: its text changes, its imports do not.
    append('docs/guide/uses-shared.mdx', '공유 문단 뒤에 덧붙인 말입니다.');
    const result = await buildSite();
    expect(stages).toContain('edit');
    expect(result.renderedCount).toBe(4);
    const page = readFileSync(join(out, 'docs/guide/tabs/index.html'), 'utf8');
    expect(page).toContain('그리고 5자입니다.');
    expect(readFileSync(join(out, 'docs/guide/tabs.md'), 'utf8')).not.toContain("import Tabs from '@theme/Tabs'");
    await expectSameAsClean();
    // A new import (the site's MDX runtime is made from every page's imports): the whole build.
    writeFileSync(
      join(site, 'docs/guide/tabs.mdx'),
      TABS.replace(
        "import TabItem from '@theme/TabItem';",
        "import TabItem from '@theme/TabItem';\nimport Admonition from '@theme/Admonition';",
      ),
    );
    await buildSite();
    expect(stages).not.toContain('edit');
    expect(notTaken).toEqual(['the imports of docs/guide/tabs.mdx changed']);
    await expectSameAsClean();
  }, 120_000);

  it('builds the whole site when an MDX page imports the edited doc', async () => {
    append('docs/guide/shared.md', '공유 문단에 덧붙인 말입니다.');
    await buildSite();
    expect(stages).not.toContain('edit');
    expect(notTaken).toEqual([expect.stringMatching(/^files other than docs' text changed \(.*a doc that an MDX page imports/)]);
    expect(readFileSync(join(out, 'docs/guide/uses-shared/index.html'), 'utf8')).toContain('공유 문단에 덧붙인 말입니다.');
    await expectSameAsClean();
  }, 120_000);

  it('renders the pages of a doc with a broken link, and reports the warning where the edit moved it', async () => {
    // A heading above the link (the link's paragraph stays the first, the page's description).
    writeFileSync(join(site, 'docs/guide/warned.md'), WARNED.replace('\n[없는', '\n## 위에 더한 절\n\n[없는'));
    const result = await buildSite();
    expect([stages.includes('edit'), notTaken]).toEqual([true, []]);
    const warning = result.diagnostics.find((diagnostic) => diagnostic.location?.file === 'docs/guide/warned.md');
    expect(warning?.location?.line).toBe(7);
    await expectSameAsClean(result);
    // A text edit elsewhere reports the warnings of the last build as they were.
    append('docs/guide/linked.md', '세 번째 문단입니다.');
    const next = await buildSite();
    expect(stages).toContain('edit');
    expect(next.diagnostics).toEqual(result.diagnostics);
  }, 120_000);

  it('renders the pages of a doc with warnings of its body and front matter, reporting them where the edit left them, or none', async () => {
    const file = 'docs/guide/second-h1.md';
    const ownWarnings = (result: { diagnostics: { location?: { file: string; line: number } }[] }) =>
      result.diagnostics.filter((diagnostic) => diagnostic.location?.file === file).map((diagnostic) => diagnostic.location!.line);
    // Its second h1 moves down two lines; the warning of its front matter stays.
    writeFileSync(join(site, file), SECOND_H1.replace('\n# ', '\n위에 더한 문단입니다.\n\n# '));
    let result = await buildSite();
    expect([stages.includes('edit'), notTaken]).toEqual([true, []]);
    expect(ownWarnings(result)).toEqual([3, 10]);
    await expectSameAsClean(result);
    // No second h1 any more: its warning goes, the page shows the heading in its table of contents.
    writeFileSync(join(site, file), readFileSync(join(site, file), 'utf8').replace('\n# ', '\n## '));
    result = await buildSite();
    expect([stages.includes('edit'), notTaken]).toEqual([true, []]);
    expect(ownWarnings(result)).toEqual([3]);
    await expectSameAsClean(result);
    // A body that has a warning it did not have: where a whole build reports it depends on the other docs.
    append(file, '# 다시 생긴 두 번째 제목');
    result = await buildSite();
    expect(notTaken).toEqual([`${file} has a warning it did not have`]);
    expect(ownWarnings(result)).toEqual([3, 14]);
    await expectSameAsClean(result);
  }, 120_000);

  it('renders the pages of one of two docs of the same text and warning, each reporting its own', async () => {
    // A compile key names its doc's path: each doc's warning is its own, at its own place.
    const body = '---\ntitle: 쌍둥이\n---\n\n같은 본문입니다.\n\n# 두 번째 제목\n';
    writeFileSync(join(site, 'docs/guide/twin-a.md'), body);
    writeFileSync(join(site, 'docs/guide/twin-b.md'), body);
    await buildSite();
    writeFileSync(join(site, 'docs/guide/twin-a.md'), body.replace('\n# ', '\n## 위 절\n\n# '));
    const result = await buildSite();
    expect([stages.includes('edit'), notTaken]).toEqual([true, []]);
    const twins = result.diagnostics.filter((diagnostic) => diagnostic.location?.file.startsWith('docs/guide/twin-'));
    expect(twins.map((diagnostic) => `${diagnostic.location!.file}:${diagnostic.location!.line}`).sort()).toEqual([
      'docs/guide/twin-a.md:9',
      'docs/guide/twin-b.md:7',
    ]);
    await expectSameAsClean(result);
  }, 120_000);

  it('renders the pages of a doc that hides its title and shows its own h1, which is no warning of its page', async () => {
    append('docs/guide/hidden-title.md', '덧붙인 문단입니다.');
    const result = await buildSite();
    expect(stages).toContain('edit');
    expect(notTaken).toEqual([]);
    expect(result.diagnostics.filter((diagnostic) => diagnostic.location?.file === 'docs/guide/hidden-title.md')).toEqual([]);
    await expectSameAsClean();
  }, 120_000);

  it('builds the whole site when the output lost a file the edit reads', async () => {
    const sidebars = Object.keys(snapshotDir(out)).filter((file) => file.startsWith('_docgen/sidebars/'));
    expect(sidebars.length).toBeGreaterThan(0);
    for (const file of sidebars) rmSync(join(out, file));
    append('docs/guide/linked.md', '네 번째 문단입니다.');
    await buildSite();
    expect(stages).not.toContain('edit');
    expect(notTaken).toEqual([expect.stringMatching(/^the edit failed: ENOENT: no such file or directory, open '.*_docgen\/sidebars\//)]);
    await expectSameAsClean();
  }, 120_000);

  it("keeps each edit's changes in the snapshot's journal, and builds the whole site when its last line was cut short", async () => {
    const journal = join(site, '.docgen/last-build-model.journal');
    append('docs/guide/plain.md', '저널에 남는 편집입니다.');
    await buildSite();
    append('docs/guide/plain.md', '두 번째 편집입니다.');
    await buildSite();
    expect(stages).toContain('edit');
    expect(readFileSync(journal, 'utf8').split('\n').filter(Boolean)).toHaveLength(2);
    await expectSameAsClean();
    // A process killed while it appended: the snapshot is not read, the whole build runs and writes it anew.
    writeFileSync(journal, readFileSync(journal, 'utf8').slice(0, -20));
    append('docs/guide/plain.md', '세 번째 편집입니다.');
    await buildSite();
    expect(notTaken).toEqual(['the last build left no snapshot of its site model']);
    expect(existsSync(journal)).toBe(false);
    await expectSameAsClean();
    append('docs/guide/plain.md', '네 번째 편집입니다.');
    await buildSite();
    expect(stages).toContain('edit');
    await expectSameAsClean();
  }, 120_000);

  it("updates the search index from the last build's table when an edit killed before its commit left a newer one", async () => {
    const cache = join(site, '.docgen');
    const search = join(cache, 'compiled/search');
    const lastBuild = makeTempDir();
    append('docs/guide/plain.md', '마지막 빌드의 문단입니다.');
    await buildSite();
    cpSync(cache, join(lastBuild, 'cache'), { recursive: true });
    cpSync(out, join(lastBuild, 'out'), { recursive: true });
    // An edit whose process is killed after its search task wrote the table: the table is kept,
    // nothing else of it (neither its output nor its record and snapshot).
    const before = readFileSync(join(site, 'docs/guide/plain.md'), 'utf8');
    append('docs/guide/plain.md', '죽은 편집의 문단입니다.');
    await buildSite();
    expect(stages).toContain('edit');
    const tables = join(lastBuild, 'tables');
    cpSync(search, tables, { recursive: true });
    for (const dir of [cache, out]) rmSync(dir, { recursive: true });
    cpSync(join(lastBuild, 'cache'), cache, { recursive: true });
    cpSync(join(lastBuild, 'out'), out, { recursive: true });
    cpSync(tables, search, { recursive: true });
    // The doc as the last build read it, and another edited: the newer table's page of the first
    // is not the last build's, and the edit does not read it again.
    writeFileSync(join(site, 'docs/guide/plain.md'), before);
    append('docs/guide/linked.md', '죽은 편집 뒤의 편집입니다.');
    await buildSite();
    expect(notTaken).toEqual([]);
    expect(stages).toContain('edit');
    await expectSameAsClean();
    // The table the edit read is kept, the other slot holds the edit's: the next edit goes on from it.
    append('docs/guide/linked.md', '그다음 편집입니다.');
    await buildSite();
    expect(notTaken).toEqual([]);
    expect(stages).toContain('edit');
    await expectSameAsClean();
  }, 120_000);

  it('renders the pages of a doc whose headings changed with their new table of contents, unless a link points at an anchor it gains or loses', async () => {
    // A heading renamed, and a new section (within the numbering of the search index's sections,
    // as a doc of a large site is): no link points at either.
    const text = readFileSync(join(site, 'docs/guide/linked.md'), 'utf8');
    writeFileSync(join(site, 'docs/guide/linked.md'), text.replace('## 자세히', '## 더 자세히'));
    append('docs/guide/plain.md', '## 새 절\n\n새 절의 본문입니다.');
    expect((await buildSite()).renderedCount).toBe(4);
    expect(stages).toContain('edit');
    expect(readFileSync(join(out, 'docs/guide/linked/index.html'), 'utf8')).toContain('href="#더-자세히"');
    expect(readFileSync(join(out, 'docs/guide/plain/index.html'), 'utf8')).toContain('href="#새-절"');
    await expectSameAsClean();
    // More sections than the search index numbers a page's: the index is made anew, by the whole build.
    append('docs/guide/plain.md', '## 둘째 절\n\n본문.\n\n## 셋째 절\n\n본문.\n\n## 넷째 절\n\n본문.');
    await buildSite();
    expect(notTaken).toEqual([expect.stringMatching(/^the edit failed: the search index \S+ could not be updated: /)]);
    await expectSameAsClean();
    // linked.md points at #시작 of overview.md: renaming that heading breaks its link (a warning), the
    // whole build. (Overview given a description first: its opening text, the heading's too, is not.)
    const overview = readFileSync(join(site, 'docs/guide/overview.md'), 'utf8');
    const described = overview.replace('title: 개요', 'title: 개요\ndescription: 개요 문서입니다.');
    writeFileSync(join(site, 'docs/guide/overview.md'), described);
    await buildSite();
    writeFileSync(join(site, 'docs/guide/overview.md'), described.replace('## 시작', '## 출발'));
    const broken = await buildSite();
    expect(notTaken).toEqual(['a link points at #시작 of docs/guide/overview.md, which its headings no longer give']);
    expect(broken.diagnostics.map((diagnostic) => diagnostic.message)).toContain(
      'Broken anchor ./overview.md#시작: /docs/guide/overview has no heading with id "시작"',
    );
    await expectSameAsClean();
    // And back: the link is no longer broken (the last build's warning ends), the whole build again.
    writeFileSync(join(site, 'docs/guide/overview.md'), described);
    await buildSite();
    expect(notTaken).toEqual(['its headings changed, and a link points at an anchor docs/guide/overview.md lacked']);
    await expectSameAsClean();
    writeFileSync(join(site, 'docs/guide/overview.md'), overview);
    await buildSite();
  }, 120_000);

  it('says which part of an edited doc that other pages show changed, when that takes the whole build', async () => {
    // The opening text of a doc without a description in its front matter is its description.
    writeFileSync(join(site, 'docs/guide/no-description.md'), '---\ntitle: 설명 없는 문서\n---\n\n첫 문단입니다.\n');
    await buildSite();
    writeFileSync(join(site, 'docs/guide/no-description.md'), '---\ntitle: 설명 없는 문서\n---\n\n고친 첫 문단입니다.\n');
    await buildSite();
    expect(notTaken).toEqual([
      'what other pages show of docs/guide/no-description.md changed: its opening text, which is its description (the front matter has none)',
    ]);
    await expectSameAsClean();
    // Its front matter.
    writeFileSync(
      join(site, 'docs/guide/no-description.md'),
      '---\ntitle: 설명을 단 문서\ndescription: 이제 설명이 있습니다.\n---\n\n고친 첫 문단입니다.\n',
    );
    await buildSite();
    expect(notTaken).toEqual(['the front matter of docs/guide/no-description.md changed']);
    // Text after the description's opening words: the text edit.
    append('docs/guide/no-description.md', '뒤에 덧붙인 문단입니다.');
    await buildSite();
    expect(stages).toContain('edit');
    expect(notTaken).toEqual([]);
    await expectSameAsClean();
  }, 120_000);
});
