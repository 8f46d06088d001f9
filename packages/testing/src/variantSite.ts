import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { copyDocsContent } from './siteCopy.js';

/**
 * A copy of docs-content with what only tests need: a page that crashes on demand, the navbar's
 * hide-on-scroll option, the system's colour mode respected, an unreleased version and a site
 * override of a theme UI string.
 */
export function createVariantSite(root: string): string {
  const site = copyDocsContent(join(root, 'variant-site'));
  const configPath = join(site, 'docgen.config.yaml');
  const config = readFileSync(configPath, 'utf8')
    .replace('  hideOnScroll: false', '  hideOnScroll: true')
    .replace('  respectPrefersColorScheme: false', '  respectPrefersColorScheme: true')
    .replace(/('2506\.1':\n\s+label: '2506\.1'\n\s+path: '2506\.1'\n\s+banner: )unmaintained/, '$1unreleased');
  if (!['hideOnScroll: true', 'respectPrefersColorScheme: true', 'banner: unreleased'].every((line) => config.includes(line))) {
    throw new Error('variant site: docgen.config.yaml no longer has the lines the variant edits');
  }
  writeFileSync(configPath, config);
  writeFileSync(
    join(site, 'pages', 'crash-test.tsx'),
    `import { useState } from 'react';
import { PageMetadata } from '@docgen/site-theme';

export default function CrashTest() {
  const [crash, setCrash] = useState(false);
  if (crash) throw new Error('Deliberate crash for the error boundary test');
  return (
    <div className="container">
      <PageMetadata title="Crash test" />
      <h1>Crash test</h1>
      <button type="button" onClick={() => setCrash(true)}>Crash this page</button>
    </div>
  );
}
`,
  );
  mkdirSync(join(site, 'i18n', 'en'), { recursive: true });
  writeFileSync(join(site, 'i18n', 'en', 'theme.yaml'), "'toc.title': Contents of this page\n");
  return site;
}
