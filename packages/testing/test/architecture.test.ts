import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, sep } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findImportCycles, findSourceFiles as sourceFiles, readImportGraph, type ImportGraph } from '../src/importGraph.js';
import { REPO_ROOT } from '../src/paths.js';

/*
 * The import rules of ARCHITECTURE.md, checked on the source: who may import whom across
 * packages, that core stages talk only through types (only the command modules compose them), and
 * that no module imports itself back through others.
 */

/** Every module specifier a file names, dynamic `import()` included (a regular expression: it may over-report). */
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

/** The source folders whose modules must not import each other in a cycle: every package's and the theme's. */
const SOURCE_DIRS = [
  ...readdirSync(join(REPO_ROOT, 'packages'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => `packages/${entry.name}/src`)
    .filter((dir) => existsSync(join(REPO_ROOT, dir))),
  'site-theme/src',
];

/**
 * Cycles that are known and owned by planned work, each as its files (repository paths, sorted,
 * space-separated). The test fails on any other cycle, and on an entry here that is no longer a
 * cycle: remove it then. None today.
 */
const KNOWN_CYCLES = new Set<string>([]);

const toRepoPath = (file: string) => relative(REPO_ROOT, file).split(sep).join('/');

describe('architecture', () => {
  let graph: ImportGraph;
  beforeAll(async () => {
    graph = await readImportGraph(SOURCE_DIRS.map((dir) => join(REPO_ROOT, dir)));
  });

  it.each(Object.entries(WORKSPACE_RULES))('%s imports only the workspace packages it may', (dir, allowed) => {
    const violations = sourceFiles(join(REPO_ROOT, dir)).flatMap((file) =>
      importsOf(file)
        .filter((specifier) => specifier.startsWith('@docgen/') && !allowed.includes(specifier.replace(/^(@docgen\/[^/]+).*/, '$1')))
        .map((specifier) => `${relative(REPO_ROOT, file)} imports ${specifier}`),
    );
    expect(violations).toEqual([]);
  });

  it('allows no cycle between packages: the table of allowed imports is itself acyclic', () => {
    const packageOf = (dir: string) => `@docgen/${dir === 'site-theme/src' ? 'site-theme' : dir.split('/')[1]}`;
    const edges = new Map(Object.entries(WORKSPACE_RULES).map(([dir, allowed]) => [packageOf(dir), allowed]));
    expect(findImportCycles(edges)).toEqual([]);
  });

  it('keeps the types package free of runtime code', () => {
    for (const file of sourceFiles(join(REPO_ROOT, 'packages/types/src'))) {
      const code = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
      expect(code, file).not.toMatch(/^\s*(export\s+)?(const|let|var|function|class|enum)\s/m);
    }
  });

  it('reads the import graph of every package and the theme, and resolves every relative import', () => {
    expect(SOURCE_DIRS).toEqual(expect.arrayContaining(['packages/core/src', 'packages/client/src', 'site-theme/src']));
    expect(graph.unresolved).toEqual([]);
    // Type-only and multi-line imports are edges too.
    const edgesOf = (file: string) => (graph.edges.get(join(REPO_ROOT, file)) ?? []).map(toRepoPath);
    expect(edgesOf('packages/client/src/router.tsx')).toContain('packages/client/src/pageState.ts');
    expect(edgesOf('site-theme/src/firstLoad.ts')).toContain('site-theme/src/App.tsx');
    expect(graph.edges.size).toBeGreaterThan(150);
  });

  it('has no import cycle in any package or the theme', () => {
    const cycles = findImportCycles(graph.edges).map((cycle) => cycle.map(toRepoPath));
    const keyOf = (cycle: string[]) => [...new Set(cycle)].sort().join(' ');
    expect(cycles.filter((cycle) => !KNOWN_CYCLES.has(keyOf(cycle))).map((cycle) => cycle.join(' -> '))).toEqual([]);
    const stale = [...KNOWN_CYCLES].filter((known) => !cycles.some((cycle) => keyOf(cycle) === known));
    expect(stale, 'no longer a cycle: remove it from KNOWN_CYCLES').toEqual([]);
  });

  it('keeps core stages independent: a stage imports only itself, diagnostics, yaml, files, processes and vendor, never a command module', () => {
    const core = join(REPO_ROOT, 'packages/core/src');
    // files/: the symlink rule, the same for every stage that reads site files. processes/: locks
    // and temporaries, the same for every stage that writes. vendor/: third-party libraries loaded
    // as one bundled module each.
    const utilities = new Set(['diagnostics', 'yaml', 'files', 'processes', 'vendor']);
    // Command modules chain stages: the build (build/), the files at the root (swizzle.ts), the dev
    // server, version cut, the build's worker threads and migrate (which compiles the site it wrote as loadSite does).
    const commands = new Set(['build', 'dev', 'versioning', 'workers', 'migrate', 'pdf', 'translations']);
    const violations: string[] = [];
    for (const [file, targets] of graph.edges) {
      const path = relative(core, file);
      if (path.startsWith('..')) continue;
      const [stage, ...rest] = path.split(sep);
      if (rest.length === 0 || commands.has(stage!)) continue;
      for (const target of targets) {
        const [targetStage] = relative(core, target).split(sep);
        if (targetStage !== stage && !utilities.has(targetStage!)) violations.push(`${toRepoPath(file)} imports ${toRepoPath(target)}`);
      }
    }
    expect(violations).toEqual([]);
  });

  it('reaches a core folder only through its face: index.ts, and the few second faces ARCHITECTURE.md names', () => {
    const core = join(REPO_ROOT, 'packages/core/src');
    // Command folders (dev, versioning, workers, migrate) are composed by the files at the root and
    // by build/ (whose face, build/index.ts, they use in turn); vendor's modules are each a bundle of their own.
    const open = new Set(['dev', 'versioning', 'workers', 'migrate', 'vendor']);
    // compile/mainThread.ts: the compile store and the tasks' data, for the main thread, which must
    // not load the markdown pipeline that compile/index.ts gives (see the next test).
    // content/preRead.ts: what a build thread reads of a markdown file for the main thread, without
    // the YAML parser and schemas.
    const secondFaces = new Set(['compile/mainThread.ts', 'content/preRead.ts']);
    const violations: string[] = [];
    for (const [file, targets] of graph.edges) {
      const path = relative(core, file);
      if (path.startsWith('..')) continue;
      const [folder] = path.split(sep);
      for (const target of targets) {
        const [targetFolder, ...rest] = relative(core, target).split(sep);
        if (rest.length === 0 || targetFolder === folder || targetFolder!.startsWith('..') || open.has(targetFolder!)) continue;
        const inside = rest.join('/');
        if (inside !== 'index.ts' && !secondFaces.has(`${targetFolder}/${inside}`))
          violations.push(`${toRepoPath(file)} imports ${toRepoPath(target)}`);
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
    visit(join(core, 'build/index.ts'));
    expect([...reached].map((file) => relative(core, file))).toContain('compile/mainThread.ts');
    expect([...reached].map((file) => relative(core, file))).not.toContain('compile/compileMarkdown.ts');
    expect([...packages].filter((name) => /^(unified|remark-|rehype-|micromark|mdast-|hast-util-)/.test(name))).toEqual([]);
  });

  it('loads the libraries core bundles only through their vendor module, so that a thread loads one copy of each', () => {
    const vendor = join(REPO_ROOT, 'packages/core/src/vendor');
    const bundled = new Map<string, string>();
    for (const file of sourceFiles(vendor)) for (const specifier of staticImportsOf(file)) bundled.set(specifier, relative(vendor, file));
    expect(bundled.get('unified')).toBe('markdown.ts');
    const violations: string[] = [];
    for (const file of sourceFiles(join(REPO_ROOT, 'packages/core/src'))) {
      if (file.startsWith(vendor + sep)) continue;
      const dynamic = [...readFileSync(file, 'utf8').matchAll(/import\s*\(\s*['"]([^'"]+)['"]\s*\)/g)].map((match) => match[1]!);
      for (const specifier of [...staticImportsOf(file), ...dynamic]) {
        if (bundled.has(specifier))
          violations.push(`${toRepoPath(file)} imports ${specifier}: import it from vendor/${bundled.get(specifier)}`);
      }
    }
    expect(violations).toEqual([]);
  });

  it('names in ARCHITECTURE.md only files and functions that exist', () => {
    const text = readFileSync(join(REPO_ROOT, 'ARCHITECTURE.md'), 'utf8');
    const code = SOURCE_DIRS.flatMap((dir) => sourceFiles(join(REPO_ROOT, dir)))
      .map((file) => readFileSync(file, 'utf8'))
      .join('\n');
    // Every file of the repository's code, tests and scripts included.
    const paths: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(join(REPO_ROOT, dir), { withFileTypes: true })) {
        const path = dir ? `${dir}/${entry.name}` : entry.name;
        if (!entry.isDirectory()) paths.push(path);
        // Output folders are skipped (a site's build/, not core's src/build/).
        else if (!/^(node_modules|dist|\..*|test-results)$/.test(entry.name) && !(entry.name === 'build' && !dir.endsWith('/src')))
          walk(path);
      }
    };
    walk('');
    const named = [...text.matchAll(/`([^`\s]+)`/g)].map((match) => match[1]!);
    // A file named by its path within a package (`build/planRoutes.ts`, `core/src/build/build.ts`, `planRoutes.ts`).
    const files = named.filter((name) => /^[\w./-]+\.(ts|tsx|mjs)$/.test(name) && !name.includes('*'));
    expect(files.filter((name) => !paths.some((path) => path === name || path.endsWith(`/${name}`)))).toEqual([]);
    // A function or type named alone (camelCase with a capital inside, or a call): declared somewhere.
    const identifiers = named.map((name) => name.replace(/\(\)$/, '')).filter((name) => /^[a-z]+[A-Z]\w*$/.test(name));
    expect(identifiers.length).toBeGreaterThan(100);
    expect(identifiers.filter((name) => !new RegExp(`\\b${name}\\b`).test(code))).toEqual([]);
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

describe('the import graph the architecture test reads', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'docgen-import-graph-'));
    const files: Record<string, string> = {
      // A cycle through a type-only import.
      'a.ts': "import { b } from './b.js';\nexport const a = b;\n",
      'b.ts': "import type { A } from './a.js';\nexport const b = 1;\nexport type B = A;\n",
      // A cycle through a re-export and a multi-line import, next to an import in a comment and a string.
      'c.ts': "export * from './d.js';\n",
      'd.ts':
        "// import { e } from './e.js';\nimport {\n  type C,\n  c,\n} from './c.js';\nexport const d = \"import { f } from './f.js'\";\n",
      // A chunk loaded on demand that imports its loader back: no cycle.
      'e.ts': "export const load = () => import('./f.js');\nexport type F = typeof import('./f.js');\n",
      'f.ts': "import { load } from './e.js';\nexport const f = load;\n",
      // A folder's index, imported without extension, importing a .tsx file back.
      'g.tsx': "import { h } from './h';\nexport const G = () => <div>{h}</div>;\n",
      'h/index.ts': "import { G } from '../g.js';\nexport const h = G;\n",
      'self.ts': "export * from './self.js';\n",
      'styles.ts': "import './styles.css';\nimport './missing.js';\n",
    };
    for (const [name, text] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, name)), { recursive: true });
      writeFileSync(join(dir, name), text);
    }
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('finds cycles through type-only imports, re-exports and folder indexes, and none through a dynamic import', async () => {
    const { edges, unresolved } = await readImportGraph([dir]);
    const cycles = findImportCycles(edges).map((cycle) => cycle.map((file) => relative(dir, file).split(sep).join('/')));
    expect(cycles).toEqual([
      ['a.ts', 'b.ts', 'a.ts'],
      ['c.ts', 'd.ts', 'c.ts'],
      ['g.tsx', 'h/index.ts', 'g.tsx'],
      ['self.ts', 'self.ts'],
    ]);
    expect(unresolved.map((line) => line.replace(dir + sep, ''))).toEqual(['styles.ts imports ./missing.js']);
  });

  it('reports a group of files that import each other once, by a shortest cycle from its first file', () => {
    const edges = new Map([
      ['x', ['y']],
      ['y', ['z', 'w']],
      ['z', ['x']],
      ['w', ['y']],
    ]);
    expect(findImportCycles(edges)).toEqual([['w', 'y', 'w']]);
    edges.delete('w');
    expect(findImportCycles(edges)).toEqual([['x', 'y', 'z', 'x']]);
  });
});
