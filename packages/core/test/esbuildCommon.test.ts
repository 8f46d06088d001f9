import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { toBundleError } from '../src/bundle/esbuildCommon.js';

/** A failure as esbuild throws it: its first error's text, file (as esbuild names it), line and column (0-based), and a note. */
const failure = (file: string, note?: string) => ({
  errors: [{ text: 'Unexpected "}"', location: { file, line: 3, column: 4 }, notes: note ? [{ text: note }] : [] }],
});

describe('a failed bundle as docgen reports it', () => {
  const siteDir = join('/', 'sites', 'docs');
  const input = { siteDir, workingDir: join('/', 'themes', 'mine'), failed: 'Bundling failed', hint: 'Fix it.' };

  it("names a site module by its site path, and another file from the bundle's working folder, wherever docgen runs", () => {
    expect(toBundleError(failure('docgen-site:src/theme/Footer.tsx'), input).location).toEqual({
      file: 'src/theme/Footer.tsx',
      line: 3,
      column: 5,
    });
    // A theme outside the site: esbuild names its files from the theme's folder (the theme bundle
    // took them from the process's folder before, which is not the theme's).
    const error = toBundleError(failure('src/Broken.tsx', 'Did you mean "{"?'), input);
    expect(error.location?.file).toBe(join('..', '..', 'themes', 'mine', 'src', 'Broken.tsx'));
    expect(error.message).toBe('Bundling failed: Unexpected "}"');
    expect(error.hint).toBe('Did you mean "{"?');
  });

  it('says what failed, with the error, when esbuild gives no error of its own', () => {
    const error = toBundleError(new Error('The service was stopped'), { ...input, failed: 'Bundling a site component failed' });
    expect(error.message).toBe('Bundling a site component failed: The service was stopped');
    expect(error.location).toBeUndefined();
  });
});
