import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/paths.js';

/**
 * The import rules of DESIGN.md, checked on the source: who may import whom across packages, and
 * that core stages talk only through types (only the command modules compose them).
 */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [
    ...text.matchAll(/(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)|import\s+['"]([^'"]+)['"]/g),
  ].map((match) => match[1] ?? match[2] ?? match[3]!);
}

/** What a file imports for its runtime: no `import type`, no dynamic `import()`. */
function staticImportsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/^(?:import|export)\s+(?!type\s)[^'"]*?from\s+['"]([^'"]+)['"]|^import\s+['"]([^'"]+)['"]/gm)].map(
    (match) => match[1] ?? match[2]!,
  );
}

const WORKSPACE_RULES: Record<string, string[]> = {
  'packages/types/src': [],
  'packages/shared/src': ['@docgen/types'],
  'packages/client/src': ['@docgen/types', '@docgen/shared'],
  'site-theme/src': ['@docgen/types', '@docgen/client'],
  'packages/core/src': ['@docgen/types', '@docgen/shared'],
  'packages/cli/src': ['@docgen/core', '@docgen/types'],
};

describe('architecture', () => {
  it.each(Object.entries(WORKSPACE_RULES))('%s imports only the workspace packages it may', (dir, allowed) => {
    const violations = sourceFiles(join(REPO_ROOT, dir)).flatMap((file) =>
      importsOf(file)
        .filter((specifier) => specifier.startsWith('@docgen/') && !allowed.includes(specifier.replace(/^(@docgen\/[^/]+).*/, '$1')))
        .map((specifier) => `${relative(REPO_ROOT, file)} imports ${specifier}`),
    );
    expect(violations).toEqual([]);
  });

  it('keeps the types package free of runtime code', () => {
    for (const file of sourceFiles(join(REPO_ROOT, 'packages/types/src'))) {
      const code = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
      expect(code, file).not.toMatch(/^\s*(export\s+)?(const|let|var|function|class|enum)\s/m);
    }
  });

  it('keeps core stages independent: a stage imports only itself, diagnostics, yaml, files and processes', () => {
    const core = join(REPO_ROOT, 'packages/core/src');
    // files/: the symlink rule, the same for every stage that reads site files. processes/: locks
    // and temporaries, the same for every stage that writes.
    const utilities = new Set(['diagnostics', 'yaml', 'files', 'processes']);
    // Command modules chain stages: build.ts, the dev server, version cut and the build's worker threads.
    const commands = new Set(['dev', 'versioning', 'workers']);
    const violations: string[] = [];
    for (const file of sourceFiles(core)) {
      const [stage] = relative(core, file).split(sep);
      if (!stage || stage.endsWith('.ts') || commands.has(stage)) continue;
      for (const specifier of importsOf(file)) {
        const target = /^\.\.\/([^/]+)\//.exec(specifier)?.[1];
        if (target && target !== stage && !utilities.has(target)) violations.push(`${relative(REPO_ROOT, file)} imports ${specifier}`);
      }
    }
    expect(violations).toEqual([]);
  });

  it("keeps the markdown pipeline off a build's main thread: only the threads that compile load it", () => {
    // Loading unified, remark, rehype and micromark takes a few hundred milliseconds, during which
    // the worker threads would wait: the main thread reaches them only through dynamic imports.
    const core = join(REPO_ROOT, 'packages/core/src');
    const reached = new Set<string>();
    const packages = new Set<string>();
    const visit = (file: string) => {
      if (reached.has(file)) return;
      reached.add(file);
      for (const specifier of staticImportsOf(file)) {
        if (!specifier.startsWith('.')) packages.add(specifier.replace(/^((?:@[^/]+\/)?[^/]+).*/, '$1'));
        else visit(join(file, '..', specifier.replace(/\.js$/, '.ts')));
      }
    };
    visit(join(core, 'build.ts'));
    expect([...reached].map((file) => relative(core, file))).toContain('compile/store.ts');
    expect([...reached].map((file) => relative(core, file))).not.toContain('compile/compileMarkdown.ts');
    expect([...packages].filter((name) => /^(unified|remark-|rehype-|micromark|mdast-|hast-util-)/.test(name))).toEqual([]);
  });

  it('keeps the browser runtime and theme free of Node built-ins', () => {
    for (const dir of ['packages/client/src', 'packages/shared/src', 'site-theme/src']) {
      for (const file of sourceFiles(join(REPO_ROOT, dir))) {
        expect(
          importsOf(file).filter((specifier) => specifier.startsWith('node:')),
          file,
        ).toEqual([]);
      }
    }
  });
});
