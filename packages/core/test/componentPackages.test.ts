import { describe, expect, it } from 'vitest';
import { readMarkdownImports } from '../src/migrate/componentPackages.js';

describe('readMarkdownImports', () => {
  it("reads a page's MDX imports, not those of its fenced code examples", () => {
    const page = [
      "import Embed from 'some-embed';",
      "import 'some-embed/dist/embed.css'; import Tabs from '@theme/Tabs';",
      '',
      '```js',
      "import { createStore } from 'redux';",
      '```',
      '',
      '~~~~ts title="a.ts"',
      '```',
      "import a from 'still-code';",
      '~~~',
      "import b from 'still-code-too';",
      '~~~~',
      '',
      '   ```',
      "import c from 'indented-fence-code';",
      '   ```',
      '',
      "export { default as Chart } from 'some-chart';",
      'Prose that says import x from "nothing".',
    ].join('\n');
    expect(readMarkdownImports(page)).toEqual(['some-embed', 'some-embed/dist/embed.css', '@theme/Tabs', 'some-chart']);
  });

  it('takes a line of backticks with backticks after it as text, not a fence (CommonMark)', () => {
    expect(readMarkdownImports("```inline``` code\nimport a from 'real';\n")).toEqual(['real']);
  });
});
