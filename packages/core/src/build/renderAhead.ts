/**
 * The dev server's fast path: after a save that changed only the text of markdown files, their
 * pages are rendered from the last run's manifest before the rebuild (see renderAhead).
 */
import type { CompiledMarkdown, SiteConfig, SiteContent, SiteManifest, SourceMarkdown } from '@docgen/types';
import { toRouteKey } from './buildPlan.js';
import type { CompileTask } from '../compile/mainThread.js';
import type { FileChange } from '../content/index.js';
import { getMarkdownSources, readCompileSalt, type SourceKeys } from './compileKeys.js';
import { inOrder, type TaskPool } from '../workers/pool.js';
import type { RenderTask } from '../workers/tasks.js';

/** What a watching builder remembers of its last successful run, for renderAhead. */
export interface LastRun {
  manifest: SiteManifest;
  /** Each markdown source by absolute path (see toSourceRecords). */
  sources: Map<string, SourceRecord>;
}

/** What a watching builder remembers of a source file: its compile key and front matter, and whether it is a doc. */
export interface SourceRecord {
  key: string;
  salt: string;
  bodyLine: number;
  frontMatter: string;
  /** A doc (of any version or locale), whose front matter the content takes as the file has it: see canRenderAheadOfReading. */
  isDoc: boolean;
}

/** The source records of a run's content (see LastRun). */
export function toSourceRecords(input: { content: SiteContent; salt: string; sourceKeys: SourceKeys }): Map<string, SourceRecord> {
  const { content, salt, sourceKeys } = input;
  const docs = new Set<object>(content.versions.flatMap((version) => version.docs));
  const records = new Map<string, SourceRecord>();
  for (const source of getMarkdownSources(content)) {
    const key = sourceKeys.keyOf(salt, source);
    const frontMatter = JSON.stringify(source.frontMatter);
    records.set(source.file.absolutePath, { key, salt, bodyLine: source.bodyLine, frontMatter, isDoc: docs.has(source) });
  }
  return records;
}

/**
 * Whether renderAhead may run before the site's content is read (with readDocSource for the
 * changed files): every change is a save of a markdown doc (not MDX, whose compile key needs the
 * MDX runtime of the whole content) the last run read. At 10,000 pages reading the content takes
 * the main thread some 100 ms even when nothing but the saved file is read again.
 */
export function canRenderAheadOfReading(lastRun: LastRun | undefined, changes: FileChange[] | 'all', isMdx: (path: string) => boolean): boolean {
  const saved = getSavedMarkdown(lastRun, changes);
  return lastRun !== undefined && saved !== undefined && saved.every((path) => lastRun.sources.get(path)?.isDoc === true && !isMdx(path));
}

/** The markdown files whose saves are all the changes since the last run; undefined when there is none, or a change of another kind. */
function getSavedMarkdown(lastRun: LastRun | undefined, changes: FileChange[] | 'all'): string[] | undefined {
  if (!lastRun || changes === 'all' || changes.length === 0) return undefined;
  if (changes.some((change) => change.kind !== 'change' || !/\.mdx?$/.test(change.path))) return undefined;
  return [...new Set(changes.map((change) => change.path))];
}

export interface RenderAheadInput {
  lastRun: LastRun | undefined;
  /** Files changed since the last run (the watcher's events); `all` when unknown. */
  changes: FileChange[] | 'all';
  config: SiteConfig;
  /** The source of a file, by absolute path, as the content has it (undefined when it has none). */
  sourceOf: (absolutePath: string) => SourceMarkdown<unknown> | undefined;
  pool: TaskPool;
  /** Bodies compiled so far, by key: those compiled here are added. */
  compiled: Map<string, CompiledMarkdown>;
  /** The builder's compile keys of source files. */
  sourceKeys: SourceKeys;
  /** Locales rendered; all when absent. */
  locales: string[] | undefined;
  /** Locales whose setup (site data, sidebars, theme) the pool's threads hold from the last run. */
  hasLocaleSetup: (locale: string) => boolean;
}

/**
 * Renders the pages of markdown files whose text alone changed since the last run (same front
 * matter; same title, headings, anchors, links, description and reading time once compiled),
 * from the last run's manifest: nothing else they show can have changed. Returns their
 * `locale\0path`, or undefined when the changes are of any other kind. The full run follows and
 * renders whatever else changed, and these pages again.
 */
export async function renderAhead(input: RenderAheadInput): Promise<Set<string> | undefined> {
  const { lastRun, changes, config, sourceOf, pool, compiled, sourceKeys } = input;
  const saved = getSavedMarkdown(lastRun, changes);
  if (!lastRun || !saved) return undefined;
  const salt = readCompileSalt(config);
  const newKeys = new Map<string, string>();
  const sourceOfKey = new Map<string, SourceMarkdown<unknown>>();
  const docKeys = new Set<string>();
  const tasks: CompileTask[] = [];
  for (const path of saved) {
    const before = lastRun.sources.get(path);
    const source = sourceOf(path);
    if (!before || !source || before.salt !== salt || before.bodyLine !== source.bodyLine) return undefined;
    if (before.frontMatter !== JSON.stringify(source.frontMatter)) return undefined;
    const key = sourceKeys.keyOf(salt, source);
    if (key === before.key) continue;
    newKeys.set(before.key, key);
    sourceOfKey.set(key, source);
    if (before.isDoc) docKeys.add(key);
    if (!compiled.has(key)) tasks.push(sourceKeys.taskOf(key, source));
  }
  if (newKeys.size === 0) return undefined;
  for (const result of await pool.compile(tasks)) compiled.set(result.key, result);
  for (const [oldKey, newKey] of newKeys) {
    const shown = {
      description: (sourceOfKey.get(newKey)!.frontMatter as { description?: string }).description === undefined,
      readingTime: !docKeys.has(newKey),
    };
    if (getPublicShape(compiled.get(oldKey), shown) !== getPublicShape(compiled.get(newKey), shown)) return undefined;
  }
  const renderLocales = input.locales ?? lastRun.manifest.locales.map((locale) => locale.locale);
  const renderTasks: RenderTask[] = [];
  for (const locale of lastRun.manifest.locales) {
    if (!renderLocales.includes(locale.locale)) continue;
    const routes = locale.routes.filter((route) => Object.values(route.slots).some((slot) => newKeys.has(slot.key)));
    if (routes.length === 0) continue;
    // The threads render with the locale's setup of the last run: it must still be there.
    if (!input.hasLocaleSetup(locale.locale)) return undefined;
    const rekeyed = routes.map((route) => ({
      ...route,
      slots: Object.fromEntries(
        Object.entries(route.slots).map(([name, slot]) => [name, { ...slot, key: newKeys.get(slot.key) ?? slot.key }]),
      ),
    }));
    for (const route of rekeyed) renderTasks.push({ locale: locale.locale, route });
  }
  // Each page a task of its own, so that the threads share them: a page and its fallback twins in
  // other locales (the same content) are ready together, not one after the other.
  const locate = (key: string) => compiled.get(key)!.stored;
  const results = (await inOrder(renderTasks.map((task) => pool.render([task], locate, 'urgent')))).flat();
  return new Set(results.map((result, index) => toRouteKey(renderTasks[index]!.locale, result.path)));
}

/**
 * What the site model takes from compiled content: equal shapes give equal manifests. The
 * description is taken only when the front matter has none, the reading time only of posts and
 * pages (a doc shows none: a paragraph added to a doc often moves it by a minute).
 */
export function getPublicShape(compiled: CompiledMarkdown | undefined, shown: { description: boolean; readingTime: boolean }): string {
  if (!compiled) return '';
  const { contentTitle, contentTitleId, hasExcerpt, headings, anchorIds, urls, description, readingTimeMinutes, components } = compiled;
  return JSON.stringify([
    // The threads hold the last run's bundle of site components: a page that shows others waits for the run.
    components ?? [],
    contentTitle,
    contentTitleId,
    hasExcerpt,
    headings,
    anchorIds,
    urls,
    shown.description ? description : '',
    shown.readingTime ? readingTimeMinutes : 0,
    // A body that failed to compile is never rendered ahead: the run fails with its error.
    compiled.diagnostics.some((diagnostic) => diagnostic.severity === 'error'),
  ]);
}
