/**
 * What an incremental build renders, keeps and writes: the record of the output a build wrote
 * (`OutputState`), the hash of each route's inputs, and `planBuild`, a pure function from the last
 * record and the new site model to the plan of the next build.
 */
import { createHash } from 'node:crypto';
import type { RenderedSummary } from '@docgen/types';

/** What a build remembers of the output it wrote, to render only what changed next time. */
export interface OutputState {
  /** Route key (`locale\0path`) -> hash of its inputs and its output files. */
  routes: Record<string, RouteRecord>;
  /** Files of a locale that are not a route's (search indexes, sidebars, feeds, llms.txt), by locale. */
  localeFiles: Record<string, string[]>;
  /** Search index file -> hash of its sections. */
  searchIndexes: Record<string, string>;
  /** `llms-full.txt` file -> the route and length of each of its parts (see LlmsFullParts in seo/). */
  llmsFull?: Record<string, [routePath: string, length: number][]>;
}

/** One route of the output: its locale, the hash of its inputs (RouteInputs) and the files it wrote. */
export interface RouteRecord {
  locale: string;
  inputs: string;
  files: string[];
  summary: RenderedSummary;
  /** The URL of the sidebar file its files name, when its page has a sidebar (see toInputData). */
  sidebar?: string;
  /** Where its HTML and page data (the first two of `files`) name that file, as the render found them (see findSidebarNames in render/). */
  sidebarAt?: number[][];
}

/** The key of a route in an OutputState: unique across locales. */
export const toRouteKey = (locale: string, path: string) => `${locale}\0${path}`;

/** The locale and path a route key (toRouteKey) names. */
export function fromRouteKey(key: string): { locale: string; path: string } {
  const at = key.indexOf('\0');
  return { locale: key.slice(0, at), path: key.slice(at + 1) };
}

export const hashText = (text: string | Buffer) => createHash('sha256').update(text).digest('hex');

/** What a page shows: the locale's site data (see hashSiteInputs), the route's data (see toInputData) and content, its page component. */
export type RouteInputs = [siteKey: string, data: unknown, slots: unknown, componentModule: string | undefined];

/** The sidebar a route's data names: its id, and the URL of its file or, in route inputs, `shown`. */
type RouteSidebar = { id: string; url: string } | { id: string; shown: string };

/**
 * A route's data as its inputs hold it: the URL of its sidebar's file, a hash of the whole
 * sidebar, stands in for it by `shown`, the key of the part of the sidebar its page shows (see
 * createShownSidebarKeys): a change of the sidebar that the page does not show leaves its inputs
 * as they were, and its files are kept with the file's new name written in (see relinkRoute).
 */
export function toInputData<Data extends object>(data: Data, shownKey: (url: string, pathname: string) => string): Data {
  const sidebar = (data as { sidebar?: RouteSidebar }).sidebar;
  if (!sidebar || !('url' in sidebar)) return data;
  const { path } = data as { path: string };
  return { ...data, sidebar: { id: sidebar.id, shown: shownKey(sidebar.url, path) } };
}

/** Route data from the data of its inputs (toInputData) and the URL of its sidebar's file (RouteRecord.sidebar); undefined when it names a sidebar and `url` is undefined. */
export function fromInputData<Data extends object>(data: Data, url: string | undefined): Data | undefined {
  const sidebar = (data as { sidebar?: RouteSidebar }).sidebar;
  if (!sidebar || !('shown' in sidebar)) return data;
  return url === undefined ? undefined : { ...data, sidebar: { id: sidebar.id, url } };
}

/** The URL of the sidebar file route data names (see RouteRecord.sidebar). */
export const getSidebarUrl = (data: object): string | undefined => {
  const sidebar = (data as { sidebar?: RouteSidebar }).sidebar;
  return sidebar && 'url' in sidebar ? sidebar.url : undefined;
};

/**
 * Hashes route inputs. Remembers the inputs it hashed until `commit`: a route whose inputs equal
 * (deeply) what the last committed run hashed to the recorded hash gets that hash back without
 * serialising them again, as most routes of a rebuild do.
 */
export function createRouteInputHasher() {
  let committed = new Map<string, { hash: string; inputs: RouteInputs }>();
  let next = new Map<string, { hash: string; inputs: RouteInputs }>();
  return {
    /**
     * The hash of a route's inputs; `recorded` is the hash the last build recorded for the route.
     * `onText` is given the JSON hashed, when they were serialised (what build/editSnapshot.ts records).
     */
    hash(key: string, inputs: RouteInputs, recorded: string | undefined, onText?: (text: string) => void): string {
      const last = committed.get(key);
      let hash: string;
      if (recorded !== undefined && last?.hash === recorded && isSameJson(last.inputs, inputs)) hash = recorded;
      else {
        const text = JSON.stringify(inputs);
        onText?.(text);
        hash = hashText(text);
      }
      next.set(key, { hash, inputs });
      return hash;
    },
    /** The run succeeded: what it hashed is what the next run compares with. */
    commit(): void {
      committed = next;
      next = new Map();
    },
    /** The run failed: forget what it hashed. */
    discard(): void {
      next = new Map();
    },
  };
}

export type RouteInputHasher = ReturnType<typeof createRouteInputHasher>;

/** A locale of the new site model, as planBuild sees it. */
export interface PlanLocale {
  locale: string;
  /** Whether this build writes the locale; the others (not asked for with `--locale`) keep what the last build wrote. */
  built: boolean;
  /** Its routes in manifest order, with the hash of their inputs (only those of a built locale are read). */
  routes: { path: string; inputs: string }[];
  /** Its sidebar files (names are hashes of their content). */
  sidebarFiles: string[];
  /** Its search index files with the hash of their sections. */
  searchIndexes: { file: string; key: string }[];
}

/** A route of a built locale: kept when `kept` is set and the output still has all its files, else rendered. */
export interface RoutePlan {
  key: string;
  path: string;
  inputs: string;
  /** The last build's record of the route, when its inputs did not change. */
  kept: RouteRecord | undefined;
}

/** A file of a built locale: written again unless `reuse` and the output still has it. */
export interface FilePlan {
  file: string;
  /** The last build wrote the same file (same name, or same hash of its content). */
  reuse: boolean;
}

export interface BuildPlan {
  /**
   * The new record as far as the plan knows it: the routes and files of locales not built, kept
   * as they were, and the sidebar and search index files of built locales. The build adds its
   * routes (kept or rendered) and the seo files it writes.
   */
  state: OutputState;
  /** Files of locales not built, kept as the last build left them. */
  carried: string[];
  /** Built locales, in manifest order. */
  locales: { locale: string; routes: RoutePlan[]; sidebars: FilePlan[]; searchIndexes: FilePlan[] }[];
}

/**
 * Plans a build from the record of the last one (`previous`, none for a first build) and the new
 * site model (`locales`): which routes are rendered and which kept, which sidebars and search
 * indexes are written and which reused, and what of locales not built is carried over. A route
 * is kept when the hash of its inputs is the recorded one, unless it is in `rerender` (written
 * since by a run that then failed, so its files no longer match the record). A locale the site
 * no longer has is dropped: getRemovedFiles then removes its files.
 */
export function planBuild(input: {
  previous: OutputState | undefined;
  locales: readonly PlanLocale[];
  rerender: ReadonlySet<string>;
}): BuildPlan {
  const { previous, locales, rerender } = input;
  const state: OutputState = { routes: {}, localeFiles: {}, searchIndexes: {} };
  const carried: string[] = [];
  const carriedLocales = new Set(locales.filter((locale) => !locale.built).map((locale) => locale.locale));
  for (const [key, entry] of Object.entries(previous?.routes ?? {})) {
    if (!carriedLocales.has(entry.locale)) continue;
    carried.push(...entry.files);
    state.routes[key] = entry;
  }
  for (const [locale, files] of Object.entries(previous?.localeFiles ?? {})) {
    if (!carriedLocales.has(locale)) continue;
    carried.push(...files);
    state.localeFiles[locale] = files;
  }
  const planned: BuildPlan['locales'] = [];
  for (const locale of locales) {
    if (!locale.built) continue;
    const before = new Set(previous?.localeFiles[locale.locale]);
    const routes = locale.routes.map(({ path, inputs }): RoutePlan => {
      const key = toRouteKey(locale.locale, path);
      const recorded = previous?.routes[key];
      return { key, path, inputs, kept: recorded?.inputs === inputs && !rerender.has(key) ? recorded : undefined };
    });
    const sidebars = locale.sidebarFiles.map((file) => ({ file, reuse: before.has(file) }));
    const searchIndexes = locale.searchIndexes.map(({ file, key }) => ({ file, reuse: previous?.searchIndexes[file] === key }));
    state.localeFiles[locale.locale] = [...locale.sidebarFiles, ...locale.searchIndexes.map(({ file }) => file)];
    for (const { file, key } of locale.searchIndexes) state.searchIndexes[file] = key;
    planned.push({ locale: locale.locale, routes, sidebars, searchIndexes });
  }
  return { state, carried, locales: planned };
}

/** Files of the last build's routes that the new record has no route for and no route of it writes: pages that no longer exist leave no files behind. */
export function getRemovedFiles(previous: OutputState | undefined, next: OutputState): string[] {
  const kept = new Set(Object.values(next.routes).flatMap((entry) => entry.files));
  const removed: string[] = [];
  for (const [key, entry] of Object.entries(previous?.routes ?? {})) {
    if (!next.routes[key]) for (const file of entry.files) if (!kept.has(file)) removed.push(file);
  }
  return removed;
}

/**
 * `state` without what `present` (the files of the folder it describes) lacks: a route any of whose
 * files is missing, and missing files of locales, search indexes and `llms-full.txt`. For an output
 * written in place whose state is not known to be whole (a dev server's output kept between runs):
 * what is dropped is rendered and written again, as in a first build.
 */
export function keepPresentFiles(state: OutputState, present: ReadonlySet<string>): OutputState {
  const routes = Object.fromEntries(Object.entries(state.routes).filter(([, entry]) => entry.files.every((file) => present.has(file))));
  const localeFiles = Object.fromEntries(
    Object.entries(state.localeFiles).map(([locale, files]) => [locale, files.filter((file) => present.has(file))]),
  );
  const searchIndexes = Object.fromEntries(Object.entries(state.searchIndexes).filter(([file]) => present.has(file)));
  const llmsFull = state.llmsFull && Object.fromEntries(Object.entries(state.llmsFull).filter(([file]) => present.has(file)));
  return { routes, localeFiles, searchIndexes, ...(llmsFull && { llmsFull }) };
}

/** Whether two JSON-like values would serialise the same (undefined members count as present). */
function isSameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let index = 0; index < a.length; index++) if (!isSameJson(a[index], b[index])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const aKeys = Object.keys(a);
  if (aKeys.length !== Object.keys(b).length) return false;
  for (const key of aKeys) {
    if (!Object.hasOwn(b, key) || !isSameJson((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key])) return false;
  }
  return true;
}
