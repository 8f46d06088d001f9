/**
 * Run as its own Node process by loadDocusaurusModule.ts: evaluates one file of a Docusaurus site
 * (`docusaurus.config.*`, `sidebars.*`) and writes what it exports as JSON into `answer.json` of
 * the folder it is given; given a request file (sidebarGenerator.ts), it runs the config's
 * `sidebarItemsGenerator` and writes what it makes instead. The file is the site's own code, so it
 * never runs inside docgen's process.
 *
 * esbuild bundles the file (TypeScript too) into CommonJS, compiled as a module at the file's own
 * path, so that `require.resolve('./src/css/custom.css')`, `__dirname` and `import.meta.url` mean
 * what they mean under Docusaurus. A bare import that is installed stays a real import; one that is
 * not (a fresh clone has no node_modules) becomes a stand-in that answers every property, call and
 * `new` with another stand-in, and is written in the output as `{ "$stub": "<package>" }`, with the
 * properties read to reach it (`"$path": "themes.github"`, from `import { themes } from
 * 'prism-react-renderer'` and `themes.github`).
 *
 * The process has a scrubbed environment (guestEnvironment.ts): what the site's code reads of it
 * is recorded, and a string of the answer that holds a value it read is left out of the answer
 * (named in it). A file that ends the process before answering (`process.exit`, or a promise that
 * never settles and leaves nothing to run) leaves `exit.json` saying how, for the parent to name.
 */
import { builtinModules, createRequire, Module } from 'node:module';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';
import { getInstalledPackage } from './installedPackage.js';
import { leaveOutEnvironmentValues, watchEnvironment, type LeftOutValue } from './guestEnvironment.js';

const STUB = Symbol.for('docgen.migrate.stub');
const STUB_PATH = Symbol.for('docgen.migrate.stub-path');

/** What the parent reads from `answer.json`. */
export interface ChildOutput {
  value: unknown;
  stubs: string[];
  /** The variables the site's code read of its environment, and what of its value was left out for holding their values. */
  environment: {
    /** Those it read that were set (names only). */
    read: string[];
    /** Those the site's own code read that were not set. */
    unset: string[];
    leftOut: LeftOutValue[];
  };
}

/** What the parent reads from `exit.json` when the process ended before answering. */
export interface ChildExit {
  /** Whether the site's code called process.exit (else the process ran out of things to do). */
  called: boolean;
  code: number;
  /** The stack where it was called: its first frame in the site's own files gives the line. */
  stack?: string;
}

/** The stand-in of package `name`, reached by the properties of `path` (dot-separated; each property's stand-in is one object). */
function makeStub(name: string, path = ''): unknown {
  const properties = new Map<string, unknown>();
  const get = (_target: object, key: PropertyKey) => {
    if (key === STUB) return name;
    if (key === STUB_PATH) return path;
    if (key === Symbol.toPrimitive) return () => '';
    if (key === Symbol.iterator) return function* empty() {};
    // Not a promise, and written as itself by JSON.stringify.
    if (key === 'then' || key === 'toJSON') return undefined;
    // Not an ES module: `import x from` gets the stand-in itself as its default.
    if (key === '__esModule') return undefined;
    if (typeof key === 'symbol') return proxy;
    const property = String(key);
    let stub = properties.get(property);
    if (!stub) properties.set(property, (stub = makeStub(name, path ? `${path}.${property}` : property)));
    return stub;
  };
  // `import * as yaml from 'js-yaml'` (Jest's config): the bundle's namespace object copies the
  // stand-in's own properties (it has none to speak of) and inherits from the stand-in's
  // prototype, which answers as the stand-in does, so `yaml.load` is a stand-in. Its own
  // prototype is null: a walk up the chain (`instanceof`) ends.
  const prototype = new Proxy(Object.create(null) as object, { get });
  const proxy: unknown = new Proxy(function stub() {}, {
    get,
    apply: () => proxy,
    construct: () => proxy as object,
    getPrototypeOf: () => prototype,
  });
  return proxy;
}

function stubPlugin(file: string, stubs: Set<string>): Plugin {
  const requireFromSite = createRequire(file);
  const builtins = new Set(builtinModules);
  return {
    name: 'docgen-missing-packages',
    setup(builder) {
      builder.onResolve({ filter: /^[^./]/ }, (args) => {
        if (args.path.startsWith('node:') || builtins.has(args.path.split('/')[0]!)) return { path: args.path, external: true };
        try {
          return { path: requireFromSite.resolve(args.path), external: true };
        } catch {
          // Left as a require() that the hook in main() answers with a stand-in.
          stubs.add(args.path);
          return { path: args.path, external: true };
        }
      });
    },
  };
}

/**
 * The package and export name of each function that a package the file imports gives it: a remark
 * plugin is known by its package (`docusaurus-remark-plugin-tab-blocks`'s default), not by the
 * name of its function (`plugin`, as many are named).
 */
type PackageFunctions = WeakMap<object, { package: string; export: string }>;

function recordPackageExports(packageFunctions: PackageFunctions, filename: string, exported: unknown): void {
  const name = getInstalledPackage(filename);
  if (!name) return;
  const record = (value: unknown, exportName: string) => {
    if (typeof value === 'function' && !packageFunctions.has(value)) packageFunctions.set(value, { package: name, export: exportName });
  };
  // `module.exports = plugin`: what `import plugin from` gives.
  record(exported, 'default');
  if ((typeof exported === 'object' || typeof exported === 'function') && exported !== null) {
    for (const key of Object.keys(exported)) record((exported as Record<string, unknown>)[key], key);
  }
}

/** JSON of the exported value: functions and stand-ins are named, cycles cut, `undefined` dropped. */
function toJson(value: unknown, packageFunctions: PackageFunctions): string {
  const seen = new WeakSet<object>();
  return JSON.stringify(value, function replace(_key, item: unknown) {
    if ((typeof item === 'function' || typeof item === 'object') && item !== null) {
      const stub = (item as Record<symbol, unknown>)[STUB];
      if (typeof stub === 'string') {
        const path = (item as Record<symbol, unknown>)[STUB_PATH];
        return { $stub: stub, ...(typeof path === 'string' && path !== '' && { $path: path }) };
      }
    }
    if (typeof item === 'function') {
      const from = packageFunctions.get(item);
      return { $function: item.name || 'anonymous', ...(from && { $package: from.package, $export: from.export }) };
    }
    if (item instanceof RegExp) return { $regexp: String(item) };
    if (typeof item === 'bigint') return Number(item);
    if (typeof item === 'object' && item !== null) {
      if (seen.has(item)) return { $cycle: true };
      seen.add(item);
    }
    return item;
  });
}

/** What the site's code prints (console.log) goes to stderr, as the rest of its output: the parent shows it with an error. */
process.stdout.write = process.stderr.write.bind(process.stderr) as typeof process.stdout.write;

const file = process.argv[2]!;
/** The folder of answer.json and exit.json (the parent's, made for this run). */
const answerDir = process.argv[3]!;
const requestFile = process.argv[4];

/** This file and the one that records what is read of `process.env`: their frames in a stack are not the site's code. */
const OWN_FILES = [fileURLToPath(import.meta.url), fileURLToPath(new URL('./guestEnvironment.js', import.meta.url))];

/** Whether the code that read `process.env` (the first frame of a stack past this file) is the site's own, not a package's or Node's. */
function isOwnCaller(stack: string): boolean {
  const frames = stack.split('\n').slice(1);
  const caller = frames.find((frame) => !OWN_FILES.some((own) => frame.includes(own)));
  // `    at name (place)` or `    at place`: Node's own (`node:…`), a built-in's (`<anonymous>`), a package's.
  const place = caller && (/\((.*)\)$/.exec(caller)?.[1] ?? caller.replace(/^\s*at\s+/, ''));
  return (
    place !== undefined &&
    !place.startsWith('node:') &&
    place !== '<anonymous>' &&
    place !== 'native' &&
    !/[\\/]node_modules[\\/]/.test(place)
  );
}

/** Once the answer (or the error) is written, the process may end as it will. */
let answered = false;
let exitCalled = false;
let exitStack: string | undefined;
const exit = process.exit.bind(process);
// A process.exit of the site's code ends the process as it would (its code and all), after the
// parent is told it was called: Docusaurus would end there too, with nothing built.
process.exit = ((code?: number | string | null) => {
  exitCalled = true;
  exitStack = new Error().stack;
  return exit(code as number | undefined);
}) as typeof process.exit;
process.on('exit', (code) => {
  if (answered) return;
  const ended: ChildExit = { called: exitCalled, code, stack: exitStack };
  writeFileSync(join(answerDir, 'exit.json'), JSON.stringify(ended));
});

async function main(): Promise<void> {
  // Errors of the file point at its own lines, not the bundle's.
  process.setSourceMapsEnabled(true);
  const stubs = new Set<string>();
  const bundled = await build({
    entryPoints: [file],
    bundle: true,
    write: false,
    platform: 'node',
    format: 'cjs',
    target: `node${process.versions.node.split('.')[0]}`,
    logLevel: 'silent',
    sourcemap: 'inline',
    absWorkingDir: dirname(file),
    define: { 'import.meta.url': JSON.stringify(pathToFileURL(file).href), 'import.meta.dirname': JSON.stringify(dirname(file)) },
    loader: { '.json': 'json', '.css': 'empty', '.svg': 'empty', '.png': 'empty' },
    plugins: [stubPlugin(file, stubs)],
  });
  const code = bundled.outputFiles[0]!.text;
  const loader = Module as unknown as {
    _load(request: string, ...rest: unknown[]): unknown;
    _resolveFilename(request: string, ...rest: unknown[]): string;
  };
  const load = loader._load.bind(loader);
  const resolveFilename = loader._resolveFilename.bind(loader);
  // require.resolve('missing-package/style.css'), as configs write for customCss: the name itself.
  loader._resolveFilename = (request, ...rest) => {
    if (stubs.has(request)) return request;
    try {
      return resolveFilename(request, ...rest);
    } catch (error) {
      if ((error as { code?: string }).code !== 'MODULE_NOT_FOUND') throw error;
      // A TypeScript file named as its JavaScript (`./sidebars.js` for sidebars.ts), or without its
      // extension: Docusaurus loads its config with a resolver that finds it, and so does this.
      if (/^\.\.?\//.test(request)) {
        for (const candidate of toTypeScriptNames(request)) {
          try {
            return resolveFilename(candidate, ...rest);
          } catch {
            // The next name.
          }
        }
      }
      if (!/^[^./]/.test(request) || request.startsWith('node:')) throw error;
      stubs.add(request);
      return request;
    }
  };
  const standIns = new Map<string, unknown>();
  const packageFunctions: PackageFunctions = new WeakMap();
  // A package that no bundled file imports but a file the site's code loads as it runs does
  // (Babel's config requires its webpack.plugin.js with a require of its own, and that file
  // requires monaco-editor-webpack-plugin): resolving it first finds it missing (resolveFilename
  // above), and it gets a stand-in as well instead of being read as a file of that name.
  const isMissing = (request: string, rest: unknown[]) => {
    if (stubs.has(request)) return true;
    try {
      loader._resolveFilename(request, ...rest);
    } catch {
      // Not found, and no stand-in: the loader reports it.
    }
    return stubs.has(request);
  };
  loader._load = (request, ...rest) => {
    if (!isMissing(request, rest)) {
      const loaded = load(request, ...rest);
      // What the file itself imports (its bundle is one module): not what those packages import in turn.
      const parent = rest[0] as { filename?: string } | undefined;
      if (parent?.filename === file) recordPackageExports(packageFunctions, resolveFilename(request, ...rest), loaded);
      return loaded;
    }
    if (!standIns.has(request)) standIns.set(request, makeStub(request));
    return standIns.get(request);
  };
  // From here on the site's code runs: what it reads of the environment is recorded.
  const reads = watchEnvironment(isOwnCaller);
  const module = new Module(file) as Module & { _compile(code: string, filename: string): void; paths: string[] };
  module.filename = file;
  module.paths = (Module as unknown as { _nodeModulePaths(dir: string): string[] })._nodeModulePaths(dirname(file));
  module._compile(code, file);
  const exported = module.exports as { default?: unknown };
  let value: unknown = exported && typeof exported === 'object' && 'default' in exported ? exported.default : exported;
  if (typeof value === 'function') value = await (value as () => unknown)();
  value = await value;
  if (requestFile) value = await runSidebarGenerator(file, value, JSON.parse(readFileSync(requestFile, 'utf8')) as GeneratorRequest);
  // As JSON (functions and stand-ins named), then without what holds a value of the environment.
  const plain = JSON.parse(toJson(value, packageFunctions) ?? 'null') as unknown;
  const { value: kept, leftOut } = leaveOutEnvironmentValues(plain, reads.values);
  const output: ChildOutput = {
    value: kept,
    stubs: [...stubs].sort(),
    environment: { read: [...reads.values.keys()].sort(), unset: [...reads.unset].sort(), leftOut },
  };
  // Whole or not at all: written beside, then renamed.
  const answer = join(answerDir, 'answer.json');
  writeFileSync(`${answer}.tmp`, JSON.stringify(output));
  renameSync(`${answer}.tmp`, answer);
  answered = true;
}

/** The file's error (thrown as it loads, or later by what it started), on stderr: the parent shows it. */
function fail(error: unknown): void {
  answered = true;
  const err = error as { errors?: { text: string; location?: { file: string; line: number; column: number } }[]; stack?: string };
  if (err?.errors?.length) {
    // esbuild's own syntax errors, with the place in the file.
    for (const message of err.errors) {
      const where = message.location ? `${message.location.file}:${message.location.line}:${message.location.column + 1}: ` : '';
      process.stderr.write(`${where}${message.text}\n`);
    }
  } else {
    // The error and the frames in the site's own files: Docusaurus's and docgen's are noise here.
    const [first, ...frames] = String(err?.stack ?? error).split('\n');
    const own = frames.filter((frame) => !/node:internal|node_modules|loadModuleChild/.test(frame));
    process.stderr.write(`${[first, ...own].join('\n')}\n`);
  }
  exit(1);
}

process.on('uncaughtException', fail);
process.on('unhandledRejection', fail);
main().then(() => exit(0), fail);

/** What migrate asks of a config's `sidebarItemsGenerator` (see sidebarGenerator.ts). */
export interface GeneratorRequest {
  /** Where the function is in the config's value. */
  path: (string | number)[];
  calls: GeneratorCall[];
}

/** One autogenerated item of one version's sidebars, with that version's docs. */
export interface GeneratorCall {
  item: { type: 'autogenerated'; dirName: string };
  version: { versionName: string; contentPath: string };
  /** Each doc's file (content-path-relative), front matter and first heading: the rest is Docusaurus's own (below). */
  docs: { file: string; contentPath: string; frontMatter: Record<string, unknown>; contentTitle?: string }[];
  categoriesMetadata: Record<string, unknown>;
}

/**
 * The site's `sidebarItemsGenerator` run as Docusaurus runs it, with the default generator, number
 * prefix parser and category index matcher of the site's own `@docusaurus/plugin-content-docs`;
 * each doc's id and position as Docusaurus makes them. The value is each call's items.
 */
async function runSidebarGenerator(file: string, config: unknown, request: GeneratorRequest): Promise<unknown[]> {
  let generate: unknown = config;
  for (const key of request.path) generate = (generate as Record<string | number, unknown> | undefined)?.[key];
  if (typeof generate !== 'function') throw new Error(`No sidebarItemsGenerator function at ${request.path.join('.')}`);
  const fromSite = createRequire(file);
  const docsPlugin = (module: string) => {
    const request = `@docusaurus/plugin-content-docs/lib/${module}`;
    // A package that is not installed resolves to its name (a stand-in, see main): here it is needed.
    if (fromSite.resolve(request) === request) throw new Error('@docusaurus/plugin-content-docs is not installed in the site');
    return fromSite(request) as Record<string, unknown>;
  };
  const defaultSidebarItemsGenerator = docsPlugin('sidebars/generator.js').DefaultSidebarItemsGenerator;
  const numberPrefixParser = docsPlugin('numberPrefix.js').DefaultNumberPrefixParser as (name: string) => {
    filename: string;
    numberPrefix?: number;
  };
  const isCategoryIndex = docsPlugin('docs.js').isCategoryIndex;
  const results: unknown[] = [];
  for (const call of request.calls) {
    const docs = call.docs.map(({ file: path, contentPath, frontMatter, contentTitle }) => {
      const slash = path.lastIndexOf('/');
      const sourceDirName = slash === -1 ? '.' : path.slice(0, slash);
      const { filename, numberPrefix } = numberPrefixParser(path.slice(slash + 1).replace(/\.mdx?$/, ''));
      const baseId = typeof frontMatter.id === 'string' ? frontMatter.id : filename;
      const dirs = sourceDirName === '.' ? [] : sourceDirName.split('/').map((dir) => numberPrefixParser(dir).filename);
      const id = [...dirs, baseId].join('/');
      const title = typeof frontMatter.title === 'string' ? frontMatter.title : (contentTitle ?? baseId);
      const sidebarPosition = typeof frontMatter.sidebar_position === 'number' ? frontMatter.sidebar_position : numberPrefix;
      return { id, unversionedId: id, source: `@site/${contentPath}/${path}`, sourceDirName, frontMatter, title, sidebarPosition };
    });
    // A doc's own sidebar_label is left to the doc: each locale's translation gives its own.
    const ownLabels = new Map(docs.map((doc) => [doc.id, doc.frontMatter.sidebar_label]));
    const withoutOwnLabels = (items: unknown): unknown =>
      Array.isArray(items)
        ? items.map((item: Record<string, unknown>) => {
            if (item?.type === 'doc' && item.label !== undefined && item.label === ownLabels.get(String(item.id))) {
              const { label: _, ...rest } = item;
              return rest;
            }
            return Array.isArray(item?.items) ? { ...item, items: withoutOwnLabels(item.items) } : item;
          })
        : items;
    results.push(
      withoutOwnLabels(
        await (generate as (args: unknown) => unknown)({
          item: call.item,
          version: call.version,
          docs,
          categoriesMetadata: call.categoriesMetadata,
          numberPrefixParser,
          defaultSidebarItemsGenerator,
          isCategoryIndex,
        }),
      ),
    );
  }
  return results;
}

/** The names a TypeScript module may have where a config names it as JavaScript or without an extension. */
function toTypeScriptNames(request: string): string[] {
  const written = /\.([cm]?)jsx?$/.exec(request);
  if (written) {
    const base = request.slice(0, written.index);
    return [`${base}.${written[1]}ts`, `${base}.tsx`];
  }
  return /\.[a-z]+$/i.test(request) ? [] : [`${request}.ts`, `${request}.tsx`, `${request}/index.ts`, `${request}/index.tsx`];
}
