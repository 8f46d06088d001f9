import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readConfig } from '../src/config/index.js';
import { readSiteContent } from '../src/content/index.js';
import { makeTempDir, removeTempDirs } from './helpers.js';

afterAll(removeTempDirs);

describe("what an MDX page imports, as the site's content is read", () => {
  it("takes each of several imports on one line (React Native's docs), and no import in prose", () => {
    const site = makeTempDir('docgen-mdx-imports-');
    const files: Record<string, string> = {
      'docgen.config.yaml': 'title: T\nurl: https://t.example.com\nbaseUrl: /\n',
      'core/TabsConstants.tsx': "export default { defaultLanguage: 'kotlin' };\n",
      'core/Other.tsx': 'export const x = 1;\n',
      'docs/a.mdx': [
        '# A',
        '',
        "import Tabs from '@theme/Tabs'; import TabItem from '@theme/TabItem'; import constants from '@site/core/TabsConstants';",
        "export { x } from '@site/core/Other'; import chart from 'some-chart';",
        '',
        'Some prose; import x from "not-an-import" stays text.',
        '',
      ].join('\n'),
    };
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(site, path)), { recursive: true });
      writeFileSync(join(site, path), text);
    }
    const content = readSiteContent(site, readConfig(site));
    const page = content.versions[0]!.docs.find((doc) => doc.file.sitePath === 'docs/a.mdx')!;
    expect(page.modules).toEqual({ 'core/TabsConstants': 'core/TabsConstants.tsx', 'core/Other': 'core/Other.tsx' });
    expect([...(page.packages ?? [])].sort()).toEqual(['@theme/TabItem', '@theme/Tabs', 'some-chart']);
  });
});
