import { afterAll, describe, expect, it } from 'vitest';
import { readConfig } from '../src/config/index.js';
import { readSiteContent } from '../src/content/index.js';
import { removeTempDirs, writeSite } from './helpers.js';

afterAll(removeTempDirs);

describe("what an MDX page imports, as the site's content is read", () => {
  it("takes each of several imports on one line (React Native's docs), and no import in prose", () => {
    const site = writeSite({
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
    });
    const content = readSiteContent(site, readConfig(site));
    const page = content.versions[0]!.docs.find((doc) => doc.file.sitePath === 'docs/a.mdx')!;
    expect(page.modules).toEqual({ 'core/TabsConstants': 'core/TabsConstants.tsx', 'core/Other': 'core/Other.tsx' });
    expect([...(page.packages ?? [])].sort()).toEqual(['@theme/TabItem', '@theme/Tabs', 'some-chart']);
  });
});

describe("a package's stylesheet an MDX page imports", () => {
  it("is read from the site's node_modules as the page's own stylesheets are (named by its file there), and a missing one is a package", () => {
    const site = writeSite({
      'docgen.config.yaml': 'title: T\nurl: https://t.example.com\nbaseUrl: /\n',
      'node_modules/fake-embed/package.json': JSON.stringify({
        name: 'fake-embed',
        exports: { '.': './index.js', './style.css': './dist/embed.css' },
      }),
      'node_modules/fake-embed/index.js': 'module.exports = () => null;\n',
      'node_modules/fake-embed/dist/embed.css': '.fake-embed-box { aspect-ratio: 16 / 9; }\n',
      'docs/a.mdx': [
        "import Embed from 'fake-embed';",
        "import 'fake-embed/style.css';",
        "import 'not-installed/x.css';",
        '',
        '<Embed />',
        '',
      ].join('\n'),
    });
    const page = readSiteContent(site, readConfig(site)).versions[0]!.docs.find((doc) => doc.file.sitePath === 'docs/a.mdx')!;
    // The package's exports are followed to its file.
    expect(page.modules).toEqual({ 'fake-embed/style.css': 'node_modules/fake-embed/dist/embed.css' });
    expect(page.texts).toEqual({ 'node_modules/fake-embed/dist/embed.css': '.fake-embed-box { aspect-ratio: 16 / 9; }\n' });
    expect([...(page.packages ?? [])].sort()).toEqual(['fake-embed', 'not-installed/x.css']);
  });
});

describe("a file's text an MDX page imports through a loader", () => {
  it("reads it for !!raw-loader! and for the ?raw query (Vite's way, typescript-eslint's !!path?raw), and takes neither for a package", () => {
    const site = writeSite({
      'docgen.config.yaml': 'title: T\nurl: https://t.example.com\nbaseUrl: /\n',
      'src/types.ts': 'export type Version = string;\n',
      'src/example.java': 'class Example {}\n',
      'docs/readme.md': '# Read me\n',
      'docs/a.mdx': [
        "import types from '!!../src/types.ts?raw';",
        "import example from '!!raw-loader!@site/src/example.java';",
        "import readme from './readme.md?raw';",
        '',
        '{types}{example}{readme}',
        '',
      ].join('\n'),
    });
    const page = readSiteContent(site, readConfig(site)).versions[0]!.docs.find((doc) => doc.file.sitePath === 'docs/a.mdx')!;
    expect(page.texts).toEqual({
      'src/types.ts': 'export type Version = string;\n',
      'src/example.java': 'class Example {}\n',
      'docs/readme.md': '# Read me\n',
    });
    expect(page.packages ?? []).toEqual([]);
  });
});
