import { describe, expect, it } from 'vitest';
import { getMdxWarnings } from '../src/content/index.js';

describe('getMdxWarnings', () => {
  it('names each import, export, component and expression of an .mdx file at its line and column, outside code', () => {
    const body = [
      "import Tabs from '@theme/Tabs';",
      '',
      'Text with `{not an expression}` and `<Code>`.',
      '',
      '<Tabs groupId="os">',
      '',
      '```jsx',
      'import React from "react";',
      '<Tabs>{x}</Tabs>',
      '```',
      '',
      'Value: {props.value}',
      '## Heading {#custom-id}',
      'export const x = 1;',
    ].join('\n');
    const warnings = getMdxWarnings('docs/a.mdx', body, 4);
    expect(warnings.map((warning) => [`${warning.location!.line}:${warning.location!.column}`, warning.message])).toEqual([
      ['4:1', `MDX import is not supported yet: "import Tabs from '@theme/Tabs';" is shown as text`],
      ['8:1', 'MDX component <Tabs> is not supported yet: it is shown as text'],
      ['15:8', 'MDX expression {props.value} is not supported yet: it is shown as text'],
      ['17:1', 'MDX export is not supported yet: "export const x = 1;" is shown as text'],
    ]);
    expect(warnings.every((warning) => warning.severity === 'warning' && warning.code === 'mdx-unsupported')).toBe(true);
  });
});
