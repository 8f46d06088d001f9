import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DIAGNOSTIC_CATALOGUE, DIAGNOSTICS_PAGE, toDiagnosticsPage } from '../src/diagnostics/catalogue.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** The TypeScript sources of a folder, recursively. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sources(join(dir, entry.name)) : /\.tsx?$/.test(entry.name) ? [join(dir, entry.name)] : [],
  );
}

describe('the diagnostics catalogue', () => {
  it("is what the manual's page of errors and warnings shows (pnpm docs:errors writes it)", () => {
    expect(readFileSync(join(ROOT, DIAGNOSTICS_PAGE), 'utf8')).toBe(toDiagnosticsPage());
  });

  it('describes only codes that docgen reports: each is written in the code of core or the CLI', () => {
    const code = [...sources(join(ROOT, 'packages/core/src')), ...sources(join(ROOT, 'packages/cli/src'))]
      .filter((file) => !file.endsWith('catalogue.ts'))
      .map((file) => readFileSync(file, 'utf8'))
      .join('\n');
    const unused = Object.keys(DIAGNOSTIC_CATALOGUE).filter((name) => !code.includes(`'${name}'`));
    expect(unused).toEqual([]);
  });

  it('gives every code a title and a hint, each one sentence a table cell can hold', () => {
    for (const [name, entry] of Object.entries(DIAGNOSTIC_CATALOGUE)) {
      expect(entry.title, name).toMatch(/^\S.*[^.]$/);
      expect(entry.hint, name).toMatch(/\.$/);
      expect(`${entry.title}${entry.hint}`, name).not.toMatch(/\n/);
    }
  });
});
