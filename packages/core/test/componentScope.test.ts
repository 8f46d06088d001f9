import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { build } from '../src/build/index.js';
import { copyFixture, makeTempDir, removeTempDirs } from './helpers.js';

afterAll(removeTempDirs);

/**
 * Docusaurus's component scope for every MDX page, `src/theme/MDXComponents`: a file, or (as
 * `docusaurus swizzle` writes it, and typescript-eslint's site has it) a folder whose index spreads
 * Docusaurus's scope and adds the components beside it.
 */
describe('the component scope of MDX pages', () => {
  const scope = (badge: string) =>
    [
      "import MDXComponents from '@theme-original/MDXComponents';",
      `import { Badge } from '${badge}';`,
      'export default { ...MDXComponents, Badge };',
      '',
    ].join('\n');
  const BADGE = 'export function Badge({ children }) {\n  return <span className="scoped-badge">{children}</span>;\n}\n';
  const PAGE = '---\ntitle: 범위\n---\n\n<Badge>새 기능</Badge> 가져오지 않고 씁니다.\n';

  it.each([
    ['a folder', 'src/theme/MDXComponents/index.jsx', 'src/theme/MDXComponents/Badge.jsx', './Badge'],
    ['a file', 'src/theme/MDXComponents.jsx', 'src/components/Badge.jsx', '@site/src/components/Badge'],
  ])(
    'given as %s, lets every page use its components without an import',
    async (_, scopeFile, badgeFile, badge) => {
      const site = copyFixture('autogen');
      for (const folder of ['src/theme/MDXComponents', 'src/components']) mkdirSync(join(site, folder), { recursive: true });
      writeFileSync(join(site, scopeFile), scope(badge));
      writeFileSync(join(site, badgeFile), BADGE);
      writeFileSync(join(site, 'docs/guide/scoped.mdx'), PAGE);
      const out = join(makeTempDir(), 'out');
      const result = await build({ siteDir: site, outDir: out });
      expect(result.diagnostics.filter((diagnostic) => diagnostic.severity === 'error')).toEqual([]);
      const html = readFileSync(join(out, 'docs/guide/scoped/index.html'), 'utf8');
      // An island of the scope's module, rendered at build time.
      expect(html).toMatch(
        new RegExp(
          `<docgen-island data-component="${scopeFile}#default\\.Badge"[^>]*><span class="scoped-badge"><docgen-children [^>]*>새 기능</docgen-children></span></docgen-island> 가져오지 않고 씁니다\\.`,
        ),
      );
    },
    120_000,
  );
});
