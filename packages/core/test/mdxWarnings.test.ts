import { describe, expect, it } from 'vitest';
import { getMdxWarnings } from '../src/content/index.js';

describe('getMdxWarnings', () => {
  it('names only what docgen does not build: exports and imports of packages it does not map, outside code', () => {
    const body = [
      "import Tabs from '@theme/Tabs';",
      "import Intro from './_intro.mdx';",
      "import Counter from '@site/src/components/Counter';",
      "import Chart from 'some-chart-package';",
      '',
      '<Tabs groupId="os">',
      '',
      '```jsx',
      'import React from "react";',
      'export const y = 2;',
      '```',
      '',
      'Value: {frontMatter.value}',
      'export const x = 1;',
    ].join('\n');
    const warnings = getMdxWarnings('docs/a.mdx', body, 4);
    expect(warnings.map((warning) => [`${warning.location!.line}:${warning.location!.column}`, warning.message])).toEqual([
      ['7:1', 'MDX import of "some-chart-package" is not supported'],
      ['17:1', 'MDX export is not supported: "export const x = 1;"'],
    ]);
    expect(warnings.every((warning) => warning.severity === 'warning' && warning.code === 'mdx-unsupported')).toBe(true);
  });
});
