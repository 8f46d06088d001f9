import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findSourceFiles } from '../src/importGraph.js';
import { REPO_ROOT } from '../src/paths.js';

/*
 * Node-side code keeps no state at module level that could change what a second build in the same
 * process writes (the dev server rebuilds, tests build many sites): caches and memos belong to the
 * builder or the run that made them. Checked on the source: a module-level `let`, or a collection
 * made empty at module level (to be filled later), is reported unless it is listed below with why.
 */

/** `file: name` -> why it is safe. */
const ALLOWED: Record<string, string> = {
  'packages/core/src/build/buildRecord.ts: ownCode': "the stamp of docgen's own files (getOwnCode), which do not change while it runs",
  'packages/core/src/processes/ownCode.ts: hashes':
    "hashes of docgen's own code (compile, bundle, search, front matter), which does not change while it runs",
  'packages/core/src/processes/identity.ts: ownTag': "this process's pid and start time",
  'packages/core/src/workers/exitGuard.ts: running': "the build tasks under way on this thread, while which the site's process.exit throws",
  'packages/core/src/workers/exitGuard.ts: installed': "whether this thread's process.exit is the guarded one",
  'packages/core/src/workers/worker.ts: runner':
    "a build thread's task runner, made once from its setup (its workerData, or the first message of a thread started ahead)",
  'packages/core/src/workers/prestart.ts: prestarted':
    "the command line's build thread started ahead, until the process's first pool takes it (the command line's process runs one build)",
  'packages/core/src/migrate/loadModuleChild.ts: answered':
    'the entry of a child process that runs one Docusaurus module, once: whether it answered',
  'packages/core/src/migrate/loadModuleChild.ts: exitCalled': 'the same child: whether the module called process.exit',
  'packages/core/src/migrate/loadModuleChild.ts: exitStack': 'the same child: where the module called process.exit',
  'packages/core/src/processes/testPause.ts: paused': 'a test hook that pauses a command at a named point',
  'packages/core/src/compile/highlight.ts: extras': 'facts about Prism grammars registered in this thread (names and aliases)',
  'packages/core/src/compile/highlight.ts: extraNames': 'the same facts, by name',
  'packages/core/src/compile/highlight.ts: enabledExtras':
    "the current config's extra languages, replaced by every registerLanguages call before compiling (Prism's registry is global)",
  'packages/core/src/mdxRuntime/runtime.tsx: current':
    "the page being rendered, set and restored around one synchronous render (each site's MDX runtime bundle has its own copy)",
  'packages/shared/src/koreanStem.ts: stems': 'a memo of a pure function of one word (its stem), the same for every site and run, bounded',
  'packages/core/src/search/searchState.ts: slotsRead':
    'the slot file each search table object was read from, keyed by the object (weakly): a fact of that object, which no other build holds',
};

const NODE_SOURCE_DIRS = ['packages/core/src', 'packages/shared/src', 'packages/cli/src'];

/** Module-level declarations of mutable state in a source text: `let x` and `const x = new Map()` (empty). */
function findModuleState(text: string): string[] {
  const names: string[] = [];
  for (const match of text.matchAll(/^(?:export\s+)?let\s+(\w+)/gm)) names.push(match[1]!);
  for (const match of text.matchAll(
    /^(?:export\s+)?const\s+(\w+)\s*(?::[^=]+)?=\s*new\s+(?:Map|Set|WeakMap|WeakSet)\s*(?:<[^(]*>)?\(\s*\)/gm,
  )) {
    names.push(match[1]!);
  }
  return names;
}

describe('module state', () => {
  it('finds module-level lets and empty collections, not constants or state inside functions', () => {
    const text = [
      'let counter = 0;',
      'export let exported: string | undefined;',
      'const memo = new WeakMap<object, string>();',
      'const cache: Map<string, number> = new Map();',
      "const CONSTANT = new Set(['a', 'b']);",
      'function f() {',
      '  let inner = 1;',
      '  const local = new Map();',
      '}',
    ].join('\n');
    expect(findModuleState(text)).toEqual(['counter', 'exported', 'memo', 'cache']);
  });

  it('fails on a new one: a file that declares module state is reported', () => {
    const dir = mkdtempSync(join(tmpdir(), 'docgen-state-'));
    try {
      writeFileSync(join(dir, 'leaky.ts'), 'const seen = new Set<string>();\nexport const mark = (x: string) => seen.add(x);\n');
      expect(findSourceFiles(dir).flatMap((file) => findModuleState(readFileSync(file, 'utf8')))).toEqual(['seen']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('keeps Node-side code free of module state but the listed exceptions', () => {
    const found: string[] = [];
    for (const dir of NODE_SOURCE_DIRS) {
      for (const file of findSourceFiles(join(REPO_ROOT, dir))) {
        const path = relative(REPO_ROOT, file).split(sep).join('/');
        for (const name of findModuleState(readFileSync(file, 'utf8'))) found.push(`${path}: ${name}`);
      }
    }
    expect(found.filter((entry) => !(entry in ALLOWED))).toEqual([]);
    expect(
      Object.keys(ALLOWED).filter((entry) => !found.includes(entry)),
      'no longer declared: remove it from ALLOWED',
    ).toEqual([]);
  });
});
