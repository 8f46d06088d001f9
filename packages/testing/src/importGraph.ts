import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parsers } from 'prettier/plugins/typescript';

/**
 * The import graph of the workspace's TypeScript sources, for the architecture test: which file
 * imports which, read with a real parser (the TypeScript parser that Prettier, the workspace's
 * formatter, ships), so that comments, strings and multi-line imports cannot fool it.
 *
 * An edge is a static `import` or `export … from` of a relative module, `import type` included:
 * a type-only cycle still ties two modules together for a reader and for the compiler. A dynamic
 * `import()` (and a type's `typeof import()`) is not an edge: it is where the theme and the client
 * split code into chunks loaded later, and the modules of such a chunk import the first-load code
 * back by design (site-theme/src/firstLoad.ts), without any module's evaluation waiting on it.
 * Imports of packages (`react`, `@docgen/shared`) are left out: the architecture test's table of
 * allowed package imports keeps those acyclic.
 */
export interface ImportGraph {
  /** Absolute path of each source file -> the source files it imports (absolute paths), in order. */
  edges: Map<string, string[]>;
  /** Relative imports of a script that name no source file: `<file> imports <specifier>`. */
  unresolved: string[];
}

/** The `.ts` and `.tsx` files under `dir`, declaration files excepted. */
export function findSourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : findSourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The static imports of one file's source text: each module specifier, in order. */
export async function parseStaticImports(text: string, filepath: string): Promise<string[]> {
  const program = (await parsers.typescript.parse(text, { filepath } as Parameters<typeof parsers.typescript.parse>[1])) as {
    body: { type: string; source?: { value: unknown } | null }[];
  };
  const specifiers: string[] = [];
  for (const node of program.body) {
    const isImport = node.type === 'ImportDeclaration' || node.type === 'ExportAllDeclaration' || node.type === 'ExportNamedDeclaration';
    if (isImport && typeof node.source?.value === 'string') specifiers.push(node.source.value);
  }
  return specifiers;
}

/** Reads the import graph of the source files under `dirs` (absolute paths). */
export async function readImportGraph(dirs: readonly string[]): Promise<ImportGraph> {
  const edges = new Map<string, string[]>();
  const unresolved: string[] = [];
  for (const file of dirs.flatMap(findSourceFiles)) {
    const targets: string[] = [];
    for (const specifier of await parseStaticImports(readFileSync(file, 'utf8'), file)) {
      if (!specifier.startsWith('.')) continue;
      const target = resolveSourceFile(file, specifier);
      if (target) targets.push(target);
      else if (!/\.(css|svg|png|json)$/.test(specifier)) unresolved.push(`${file} imports ${specifier}`);
    }
    edges.set(file, targets);
  }
  return { edges, unresolved };
}

/**
 * The source file a relative specifier names, as TypeScript's NodeNext and Bundler resolution
 * find it: `./x.js` is `./x.ts` or `./x.tsx`; a specifier without extension may also be a folder's
 * index.
 */
function resolveSourceFile(from: string, specifier: string): string | undefined {
  const base = resolve(dirname(from), specifier);
  const stem = base.replace(/\.(js|jsx|ts|tsx)$/, '');
  const candidates = [`${stem}.ts`, `${stem}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')];
  return candidates.find((candidate) => existsSync(candidate) && statSync(candidate).isFile());
}

/**
 * Every import cycle of the graph, one per group of files that import each other (a strongly
 * connected component, Tarjan's algorithm), each given as one concrete cycle through the group:
 * `[a, b, c, a]` when a imports b, b imports c and c imports a. A file importing itself is a cycle
 * too. Sorted, so that the result is the same on every run.
 */
export function findImportCycles(edges: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const lowLink = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const connect = (file: string) => {
    index.set(file, index.size);
    lowLink.set(file, index.get(file)!);
    stack.push(file);
    onStack.add(file);
    for (const target of edges.get(file) ?? []) {
      if (!index.has(target)) {
        connect(target);
        lowLink.set(file, Math.min(lowLink.get(file)!, lowLink.get(target)!));
      } else if (onStack.has(target)) lowLink.set(file, Math.min(lowLink.get(file)!, index.get(target)!));
    }
    if (lowLink.get(file) !== index.get(file)) return;
    const group = new Set<string>();
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.add(member);
    } while (member !== file);
    if (group.size > 1 || edges.get(file)?.includes(file)) cycles.push(getCycleThrough(edges, group));
  };
  for (const file of [...edges.keys()].sort()) if (!index.has(file)) connect(file);
  return cycles.sort((a, b) => (a[0]! < b[0]! ? -1 : 1));
}

/** A shortest cycle from the group's first file (in sorted order) back to it, inside the group. */
function getCycleThrough(edges: ReadonlyMap<string, readonly string[]>, group: ReadonlySet<string>): string[] {
  const start = [...group].sort()[0]!;
  const previous = new Map<string, string>();
  const queue = [start];
  for (let i = 0; i < queue.length; i++) {
    const file = queue[i]!;
    for (const target of edges.get(file) ?? []) {
      if (target === start) {
        const path = [start];
        for (let step = file; step !== start; step = previous.get(step)!) path.splice(1, 0, step);
        return [...path, start];
      }
      if (group.has(target) && !previous.has(target)) {
        previous.set(target, file);
        queue.push(target);
      }
    }
  }
  throw new Error(`no cycle through ${start}`);
}
