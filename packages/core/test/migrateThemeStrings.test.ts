import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CODE_JSON_IDS, convertThemeStrings } from '../src/migrate/themeStrings.js';

const REPO = fileURLToPath(new URL('../../../', import.meta.url));

/** Text of every source file below a folder of the repository. */
function readSources(dir: string): string {
  return readdirSync(join(REPO, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file))
    .map((file) => readFileSync(join(REPO, dir, file), 'utf8'))
    .join('\n');
}

describe('code.json to theme strings', () => {
  it('maps Docusaurus ids to docgen keys, renaming placeholders, and lists the ids docgen has no string for', () => {
    expect(
      convertThemeStrings([
        ['theme.docs.versions.latestVersionSuggestionLabel', 'Voir la {latestVersionLink} ({versionLabel}).'],
        ['theme.common.headingLinkTitle', 'Lien direct vers {heading}'],
        ['theme.common.editThisPage', 'Éditer cette page'],
        ['theme.blog.post.plurals', 'Un article|{count} articles'],
        ['theme.blog.archive.title', 'Archives'],
      ]),
    ).toEqual({
      strings: {
        'banner.latestLink': 'Voir la {link} ({latest}).',
        'heading.link': 'Lien direct vers {title}',
        'blog.postCount': 'Un article|{count} articles',
        'blog.archive': 'Archives',
        'blog.archive.title': 'Archives',
      },
      unmapped: ['theme.common.editThisPage'],
    });
  });

  it("names only keys that docgen's theme (or its build) reads", () => {
    const sources = readSources('site-theme/src') + readSources('packages/core/src/manifest');
    const keys = Object.values(CODE_JSON_IDS).flatMap((target) => target.keys);
    const missing = keys.filter((key) => !sources.includes(`'${key}'`) && !new RegExp(`^\\s+${key}:`, 'm').test(sources));
    expect(missing).toEqual([]);
  });
});
