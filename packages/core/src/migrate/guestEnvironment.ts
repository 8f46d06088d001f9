/**
 * What the Docusaurus site's code (its config, sidebars and `sidebarItemsGenerator`, run by
 * loadModuleChild.ts) gets of docgen's environment, and what it may give back of it.
 *
 * The child process gets a scrubbed environment (createGuestEnvironment): what Node, npm and
 * Docusaurus itself read, and nothing else of docgen's. In the child, `process.env` records each
 * variable the site's code reads (watchEnvironment); a string of what it gives (the config, the
 * sidebars, generated items) that holds the value of one of them is taken out before it leaves
 * the child (leaveOutEnvironmentValues), so that no value read from the environment, a secret
 * from a `.env` file that the config loads with dotenv included, is written into the new site.
 * docgen's config does not read environment variables: a value taken out is noted, not written as
 * a reference.
 */

/**
 * The variables of the machine itself that the child keeps, for Node, npm and the packages the
 * config imports to work as they do for Docusaurus: where programs and the home and temporary
 * folders are, the locale and the time zone; on Windows, the system folders. Compared without
 * case (Windows's names have none).
 */
const MACHINE_VARIABLES = [
  'PATH',
  'HOME',
  'TMPDIR',
  'TMP',
  'TEMP',
  'LANG',
  'LANGUAGE',
  'TZ',
  // Windows.
  'SYSTEMROOT',
  'WINDIR',
  'USERPROFILE',
  'APPDATA',
  'LOCALAPPDATA',
  'PATHEXT',
  'COMSPEC',
];

/** `LC_ALL`, `LC_CTYPE`, …: the locale too. */
const isLocaleVariable = (name: string) => /^LC_[A-Z_]+$/i.test(name);

/**
 * Whether a variable is one the machine gives every program (MACHINE_VARIABLES, `LC_*`) or one
 * the build mode is told by (`NODE_ENV`, `BABEL_ENV`): values of those are not secrets, and a
 * string of the config is taken out only when it is one of them exactly (a path under `HOME` is
 * not the home folder's).
 */
export function isMachineVariable(name: string): boolean {
  const upper = name.toUpperCase();
  return MACHINE_VARIABLES.includes(upper) || isLocaleVariable(upper) || upper === 'NODE_ENV' || upper === 'BABEL_ENV';
}

/**
 * Whether the child gets a variable of docgen's environment: the machine's (above), the build
 * mode (`NODE_ENV`, `BABEL_ENV`, which Docusaurus's CLI sets), and Docusaurus's own, `DOCUSAURUS_*`
 * (`DOCUSAURUS_CURRENT_LOCALE`, which `docusaurus build` sets for the config to read, and the
 * switches of its build). `NODE_OPTIONS` is not passed: it would load code into the child.
 */
export function isPassedVariable(name: string): boolean {
  return isMachineVariable(name) || /^DOCUSAURUS_/i.test(name);
}

export interface GuestEnvironment {
  /** The child's environment. */
  env: Record<string, string>;
  /** The names it has, sorted. */
  passed: string[];
  /** How many variables of docgen's environment it does not have. */
  dropped: number;
  /** Whether NODE_ENV was unset and is `production`, as `docusaurus build` sets it. */
  nodeEnvSet: boolean;
}

/** The scrubbed environment of the child that runs the site's code, from docgen's. */
export function createGuestEnvironment(from: NodeJS.ProcessEnv): GuestEnvironment {
  const env: Record<string, string> = {};
  let dropped = 0;
  for (const [name, value] of Object.entries(from)) {
    if (value === undefined) continue;
    if (isPassedVariable(name)) env[name] = value;
    else dropped++;
  }
  const nodeEnvSet = !Object.keys(env).some((name) => name.toUpperCase() === 'NODE_ENV');
  if (nodeEnvSet) env.NODE_ENV = 'production';
  return { env, passed: Object.keys(env).sort(), dropped, nodeEnvSet };
}

/** What the site's code read of `process.env` in the child. */
export interface EnvironmentReads {
  /** Each value read, by variable: more than one when the code set it in between (dotenv). */
  values: Map<string, Set<string>>;
  /** The variables the site's own code (not a package it imports) read that were not set. */
  unset: Set<string>;
}

/**
 * Replaces `process.env` with one that records what is read of it (see EnvironmentReads); the
 * site's code reads, sets and lists it as before. `isOwnCaller` tells, from a stack, whether the
 * read is the site's own code (a package's probes of unset variables, such as a colour library's
 * `FORCE_COLOR`, are not worth reporting).
 */
export function watchEnvironment(isOwnCaller: (stack: string) => boolean): EnvironmentReads {
  const reads: EnvironmentReads = { values: new Map(), unset: new Set() };
  const real = process.env;
  const record = (name: string | symbol, value: unknown) => {
    if (typeof name !== 'string') return;
    if (typeof value === 'string') {
      if (!reads.values.has(name)) reads.values.set(name, new Set());
      reads.values.get(name)!.add(value);
    } else if (!reads.unset.has(name) && isOwnCaller(new Error().stack ?? '')) {
      reads.unset.add(name);
    }
  };
  process.env = new Proxy(real, {
    get(target, name) {
      const value = Reflect.get(target, name) as unknown;
      record(name, value);
      return value;
    },
    has(target, name) {
      record(name, Reflect.get(target, name));
      return Reflect.has(target, name);
    },
    getOwnPropertyDescriptor(target, name) {
      const descriptor = Reflect.getOwnPropertyDescriptor(target, name);
      record(name, descriptor?.value);
      return descriptor;
    },
    set(target, name, value) {
      // process.env keeps strings: `process.env.X = 1` is '1', as without the proxy.
      (target as Record<string | symbol, unknown>)[name] = value;
      return true;
    },
  });
  return reads;
}

/** A string of the site's code's value that held the value of environment variables: where it was and which. */
export interface LeftOutValue {
  /** Where it was in the value (keys and indexes); its key, when it is a key. */
  path: (string | number)[];
  /** The variables whose value it held. */
  names: string[];
}

/** A value shorter than this is not looked for (`1`, `true`, `en`); nor, inside a longer string, one shorter than CONTAINED_LENGTH. */
const EXACT_LENGTH = 4;
const CONTAINED_LENGTH = 8;

/**
 * `value` (plain JSON data) without the strings that hold the value of a variable read (see
 * EnvironmentReads): a string that is such a value, or (for a variable other than the machine's,
 * see isMachineVariable) contains it, is left out (an object's entry, or an array's element;
 * an entry whose key holds one too); `leftOut` lists each.
 */
export function leaveOutEnvironmentValues(value: unknown, reads: Map<string, Set<string>>): { value: unknown; leftOut: LeftOutValue[] } {
  const exact = new Map<string, string[]>();
  const contained: [string, string][] = [];
  for (const [name, values] of reads) {
    for (const read of values) {
      if (read.trim().length < EXACT_LENGTH) continue;
      exact.set(read, [...(exact.get(read) ?? []), name]);
      if (read.length >= CONTAINED_LENGTH && !isMachineVariable(name)) contained.push([read, name]);
    }
  }
  const leftOut: LeftOutValue[] = [];
  if (exact.size === 0) return { value, leftOut };
  const holds = (text: string): string[] => {
    const names = new Set(exact.get(text) ?? []);
    // The value in the text, or the text in the value (a key parsed out of a JSON value, a part of a split list, a value trimmed).
    for (const [read, name] of contained) {
      if (text.includes(read) || (text.trim().length >= CONTAINED_LENGTH && read.includes(text.trim()))) names.add(name);
    }
    return [...names].sort();
  };
  const walk = (node: unknown, path: (string | number)[]): { keep: boolean; node: unknown } => {
    if (typeof node === 'string') {
      const names = holds(node);
      if (names.length === 0) return { keep: true, node };
      leftOut.push({ path, names });
      return { keep: false, node: undefined };
    }
    if (Array.isArray(node)) {
      const items: unknown[] = [];
      node.forEach((item, index) => {
        const walked = walk(item, [...path, index]);
        if (walked.keep) items.push(walked.node);
      });
      return { keep: true, node: items };
    }
    if (typeof node === 'object' && node !== null) {
      const entries: [string, unknown][] = [];
      for (const [key, item] of Object.entries(node)) {
        const keyNames = holds(key);
        if (keyNames.length > 0) {
          leftOut.push({ path: [...path, key], names: keyNames });
          continue;
        }
        const walked = walk(item, [...path, key]);
        if (walked.keep) entries.push([key, walked.node]);
      }
      return { keep: true, node: Object.fromEntries(entries) };
    }
    return { keep: true, node };
  };
  const walked = walk(value, []);
  return { value: walked.keep ? walked.node : undefined, leftOut };
}

/** `themeConfig.algolia.apiKey`, `scripts[0]`: a path of LeftOutValue as written in JavaScript. */
export function formatValuePath(path: (string | number)[]): string {
  return path
    .map((key, index) =>
      typeof key === 'number'
        ? `[${key}]`
        : /^[A-Za-z_$][\w$]*$/.test(key)
          ? `${index === 0 ? '' : '.'}${key}`
          : `[${JSON.stringify(key)}]`,
    )
    .join('');
}
