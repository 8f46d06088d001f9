import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readSassImports, resolveSassImport, rewriteSassImports } from '../src/migrate/sassImports.js';

const site = mkdtempSync(join(tmpdir(), 'docgen-sass-imports-'));
afterAll(() => rmSync(site, { recursive: true, force: true }));

describe('migrate: what a Sass stylesheet loads', () => {
  it('reads @use, @forward and @import (several at once), not built-in modules, packages, URLs or comments', () => {
    const text = [
      "@use 'sass:math';",
      "@use 'tokens' as t;",
      '@forward "mixins";',
      "@import 'base/reset', 'base/type';",
      "@import url('https://fonts.example.com/x.css');",
      "@import '~bootstrap/scss/functions';",
      "// @import 'commented';",
      "/* @use 'block'; */",
      '.a { background: url("//cdn.example.com/a.png"); }',
      '',
    ].join('\n');
    expect(readSassImports(text)).toEqual(['tokens', 'mixins', 'base/reset', 'base/type']);
    // The indented syntax has no semicolons.
    expect(readSassImports("@use 'colors'\n.a\n  color: red\n")).toEqual(['colors']);
  });

  it('finds the file as Sass does: the partial, the extension, the folder index; none for a package', () => {
    const files = ['src/css/_tokens.scss', 'src/css/mixins.sass', 'src/css/base/_index.scss', 'src/css/plain.css', 'src/css/_exact.scss'];
    for (const file of files) {
      mkdirSync(dirname(join(site, file)), { recursive: true });
      writeFileSync(join(site, file), '');
    }
    expect(resolveSassImport(site, 'src/css', 'tokens')).toBe('src/css/_tokens.scss');
    expect(resolveSassImport(site, 'src/css', 'mixins')).toBe('src/css/mixins.sass');
    expect(resolveSassImport(site, 'src/css', 'base')).toBe('src/css/base/_index.scss');
    expect(resolveSassImport(site, 'src/css', 'plain')).toBe('src/css/plain.css');
    expect(resolveSassImport(site, 'src/css', 'exact.scss')).toBe('src/css/_exact.scss');
    expect(resolveSassImport(site, 'src/css/base', '../tokens')).toBe('src/css/_tokens.scss');
    expect(resolveSassImport(site, 'src/css', 'bootstrap/scss/functions')).toBeUndefined();
    expect(resolveSassImport(site, 'src', '../../outside')).toBeUndefined();
  });

  it('rewrites the files a stylesheet loads, and nothing else of it', () => {
    const text = "@use 'sass:math';\n@use '../css/tokens' as t;\n@import 'local', '~pkg/x';\n.a { content: '../css/tokens'; }\n";
    const rewritten = rewriteSassImports(text, (specifier) => (specifier.startsWith('../') ? `../src/${specifier.slice(3)}` : undefined));
    expect(rewritten).toBe(
      "@use 'sass:math';\n@use '../src/css/tokens' as t;\n@import 'local', '~pkg/x';\n.a { content: '../css/tokens'; }\n",
    );
  });
});
