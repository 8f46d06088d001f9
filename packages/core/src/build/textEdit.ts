/**
 * `docgen build` after edits of the text of docs alone (markdown or MDX): their pages rendered
 * from the last build's snapshot of the site model (editSnapshot.ts), without reading the site or
 * making its model again, which at 10,000 pages is most of a full rebuild's time.
 */
import { statSync } from 'node:fs';
import { join } from 'node:path';
import type { CompiledMarkdown, Diagnostic, DocFrontMatter, ManifestRoute, PropSidebar, SiteConfig, SourceMarkdown, TocItem } from '@docgen/types';
import { getSidebarFilePath } from '@docgen/shared/outputPaths';
import { getMarkdownPath } from '@docgen/shared/pageData';
import { appendCompileJournal, readCompileIndex } from '../compile/mainThread.js';
import { ContentCache, findComponentPages, readDocSource } from '../content/index.js';
import { filterToc, hashSearchPages } from '../manifest/index.js';
import { createStagingDir, type StagingDir } from '../output/index.js';
import { getMarkdownTwin, LLMS_FULL_FILE, toLlmsFullPart, toMarkdownTwinText, type LlmsFullParts } from '../seo/index.js';
import type { RenderTask } from '../workers/tasks.js';
import { createBuildThreads, createBundleCopies, toShellAssets } from './builderResources.js';
import { timeStage } from './builderState.js';
import { fromInputData, fromRouteKey, hashText, toRouteKey, type OutputState, type RouteInputs, type RouteRecord } from './buildPlan.js';
import {
  forgetBuildRecord,
  getFrame,
  getOwnCode,
  readRecordedRoutes,
  updateBuildRecord,
  type BuildRecord,
  type InputFingerprints,
} from './buildRecord.js';
import { createSourceKeys, readCompileSalt, type SourceKeys } from './compileKeys.js';
import {
  describeShapeChange,
  getEditShape,
  getOutline,
  getImportsKey,
  readEditSnapshot,
  readSnapshotDocs,
  readSnapshotTexts,
  appendEditSnapshot,
  type DocSnapshot,
  type EditSnapshot,
  type LinkTargets,
  toMdxSetup,
} from './editSnapshot.js';
import { toSearchIndexKey, toSiteKey } from './planRoutes.js';
import { readThemeKey } from './themeKey.js';
import { keepSearchFiles, writeSearchIndex } from './writeSearch.js';
import { getReportedDiagnostics, hidesTitle } from './loadSite.js';
import { getEditedDiagnostics, type EditedBody } from './editDiagnostics.js';
import { DOCGEN_VERSION } from '../version.js';

/** More docs edited than this: the whole build, which compiles and renders on every core, is as quick. */
const MOST_EDITED_DOCS = 50;

export interface TextEditInput {
  siteDir: string;
  outDir: string;
  cacheDir: string;
  config: SiteConfig;
  /** The record of the last build, which describes `outDir`. */
  record: BuildRecord;
  fingerprints: InputFingerprints;
  threads: number | undefined;
  sharedCacheDir: string | undefined;
  onStage?: (stage: string, milliseconds: number) => void;
  /** Whether to say which part of an edited doc other pages show changed, when that is why (it reads the compile store's index). */
  explains?: boolean;
  /** As BuildOptions.onTemporary. */
  onTemporary?: (cleanup: () => void | Promise<void>) => () => void;
}

/** Why a build did not take the text-edit path, as `docgen build --verbose` says. */
export interface TextEditNotTaken {
  notTaken: string;
}

const notTaken = (reason: string): TextEditNotTaken => ({ notTaken: reason });
const isNotTaken = (value: object): value is TextEditNotTaken => 'notTaken' in value;

/** What a text edit built: the routes it rendered, of the record's pages; the last build's warnings, which it cannot have changed. */
export interface TextEditResult {
  pageCount: number;
  renderedCount: number;
  diagnostics: Diagnostic[];
}

/** A doc edited since the last build: its file, what the snapshot has of it and its source now. */
interface EditedDoc {
  sitePath: string;
  before: DocSnapshot;
  source: SourceMarkdown<unknown>;
  key: string;
}

/** What a text edit works from: the last build's snapshot, and the docs edited since. */
interface TextEditPlan {
  snapshot: EditSnapshot;
  edited: EditedDoc[];
  /** Those whose text changed (a file only touched keeps its key): compiled and rendered again. */
  recompiled: EditedDoc[];
  /** The compile keys of the edited docs (of MDX docs, with the snapshot's MDX setup). */
  sourceKeys: SourceKeys;
}

/**
 * Builds the site when every input that changed since the last build is the text of docs of that
 * build (markdown, or MDX with the same imports), with the same front matter, and what other
 * pages show of them is the same once compiled (title, headings, anchors, links, description; see
 * getEditShape): their routes are rendered from the snapshot's route inputs with the new content,
 * their search indexes updated, their markdown twins and parts of `llms-full.txt` written again,
 * and the record and snapshot updated. What a whole build would write differently (a route's
 * title, files or search key not as the snapshot says), or a task that fails, makes it give up
 * before its output is committed. Says why when it does not apply or gave up, having changed
 * nothing: the caller builds the whole site (and reports what failed).
 */
export async function buildTextEdit(input: TextEditInput): Promise<TextEditResult | TextEditNotTaken> {
  const plan = planTextEdit(input);
  if (isNotTaken(plan)) return plan;
  const { siteDir, cacheDir, record, fingerprints } = input;
  const { snapshot, edited, recompiled } = plan;
  const start = performance.now();
  const storeDir = join(cacheDir, 'compiled');
  const staging = createStagingDir(input.outDir, { keepsAll: true });
  const threads = createBuildThreads({ storeDir, threads: input.threads });
  const bundles = createBundleCopies({ siteDir, cacheDir, sharedCacheDir: input.sharedCacheDir });
  const forgetStaging = input.onTemporary?.(async () => {
    await threads.close();
    staging.discard();
  });
  let committed = false;
  try {
    let made: Awaited<ReturnType<typeof makeTextEdit>>;
    try {
      made = await makeTextEdit({ ...input, plan, staging, pools: threads, bundles });
    } catch (error) {
      // A task failed (a page that throws, an index to make anew, a file of the output gone): the whole build runs, and reports what fails.
      made = notTaken(`the edit failed: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (isNotTaken(made)) return made;
    input.onStage?.('edit', performance.now() - start);

    // Recorded as a whole build records its output: the record forgotten until the output is whole.
    forgetBuildRecord(cacheDir);
    staging.commit();
    committed = true;
    forgetStaging?.();
    // A body no doc has any more leaves the store's index (another doc may have the same text).
    const replaced = new Set(recompiled.map((doc) => doc.sitePath));
    const stillUsed = new Set(Object.entries(snapshot.docs).flatMap(([sitePath, doc]) => (replaced.has(sitePath) ? [] : [doc.key])));
    const dropped = recompiled.map((doc) => doc.before.key).filter((key) => !stillUsed.has(key) && !made.compiled.has(key));
    appendCompileJournal(storeDir, [...made.compiled.values()], dropped);
    const { routes, ...state } = made.state;
    const { diagnostics } = made;
    updateBuildRecord(
      cacheDir,
      { ...record, docgenVersion: DOCGEN_VERSION, docgenCode: getOwnCode().stamp, fingerprint: fingerprints.fingerprint, diagnostics, state },
      routes,
    );
    const docs: Record<string, DocSnapshot> = {};
    for (const doc of edited) {
      const compiled = made.compiled.get(doc.key);
      const outline = compiled ? getOutline(compiled) : doc.before.outline;
      docs[doc.sitePath] = { ...doc.before, key: doc.key, stamp: fingerprints.stamps.get(doc.sitePath)!, outline };
    }
    const line = { base: snapshot.base, fingerprint: fingerprints.fingerprint, docs, scopes: made.scopes };
    appendEditSnapshot(cacheDir, line, made.texts, made.packLength);
    return { pageCount: record.pageCount, renderedCount: made.rendered, diagnostics };
  } finally {
    // An edit that gave up leaves its thread to the whole build, which comes next.
    await (committed ? threads.close() : threads.release());
    bundles.close();
    if (!committed) {
      staging.discard();
      forgetStaging?.();
    }
  }
}

/**
 * The text edit the inputs allow, from what the fingerprint tells without reading the site: the
 * snapshot of the build the record describes, the docs whose files alone changed (every other
 * input as it was: the frame), each read again with the same front matter.
 */
function planTextEdit(input: TextEditInput): TextEditPlan | TextEditNotTaken {
  const { siteDir, cacheDir, config, record, fingerprints } = input;
  if (config.pdf.build) return notTaken('the config builds PDF manuals (pdf.build)');
  const snapshot = readEditSnapshot(cacheDir);
  if (!snapshot || snapshot.fingerprint !== record.fingerprint) return notTaken('the last build left no snapshot of its site model');
  const docPaths = Object.keys(snapshot.docs);
  const removed = docPaths.find((path) => !fingerprints.stamps.has(path));
  if (removed !== undefined) return notTaken(`${removed} was removed`);
  if (getFrame(fingerprints, new Set(docPaths)) !== snapshot.frame)
    return notTaken(
      "files other than docs' text changed (the config, a sidebar, the theme or a component, a page or blog post, a doc that an MDX page imports, a file added or removed, or docgen itself)",
    );
  const changed = docPaths.filter((path) => fingerprints.stamps.get(path) !== snapshot.docs[path]!.stamp);
  if (changed.length === 0) return notTaken("no doc's text changed");
  if (changed.length > MOST_EDITED_DOCS) return notTaken(`${changed.length} docs changed (a text edit takes ${MOST_EDITED_DOCS} at most)`);
  const salt = readCompileSalt(config);
  if (salt !== snapshot.salt) return notTaken('the markdown settings changed');
  const befores = readSnapshotDocs(cacheDir, snapshot, changed);
  if (!befores) return notTaken('the snapshot of the edited docs cannot be read');
  const sourceKeys = createSourceKeys();
  if (snapshot.mdx) sourceKeys.useMdxSetup(toMdxSetup(snapshot.mdx, befores));
  const edited = readEditedDocs({ siteDir, config, salt, befores, snapshot, sourceKeys });
  if (isNotTaken(edited)) return edited;
  return { snapshot, edited, recompiled: edited.filter((doc) => doc.key !== doc.before.key), sourceKeys };
}

/**
 * The output of a text edit, written into `staging` (not committed): the edited docs compiled, their
 * routes rendered, their search indexes, twins and `llms-full.txt` parts written. Gives the new
 * output state (of its routes, those rendered), the bodies compiled, the snapshot's new texts and the routes rendered; or what is
 * not as the snapshot says (the caller then builds the whole site).
 */
async function makeTextEdit(
  input: TextEditInput & {
    plan: TextEditPlan;
    staging: StagingDir;
    /** The build's threads. */
    pools: ReturnType<typeof createBuildThreads>;
    bundles: ReturnType<typeof createBundleCopies>;
  },
) {
  const { siteDir, cacheDir, config, record, staging, pools, bundles } = input;
  const { snapshot, recompiled } = input.plan;
  // Work on the threads that may still write into the staging folder when the edit gives up.
  const underWay: Promise<unknown>[] = [];
  // Awaited in turn, or all at the end: one that fails meanwhile is no unhandled rejection (which would end the process).
  const track = <T>(promise: Promise<T>): Promise<T> => {
    promise.catch(() => {});
    underWay.push(promise);
    return promise;
  };
  try {
    // One thread compiles and renders (it loads the markdown pipeline and the theme as its tasks
    // need them); this one, which would only wait for it, updates the search indexes. A second
    // thread cost its start (a quarter of a second of CPU) and shared two cores with the other two.
    const pool = pools.start(config, staging, { threads: 1, compiles: false, besideCallingThread: true });
    const searchPool = pools.onCallingThread(config, staging);
    const { sourceKeys } = input.plan;
    // The search indexes that hold the edited docs: their tables are read while the thread compiles.
    const oldKeys = new Set(recompiled.map((doc) => doc.before.key));
    const searchFiles = Object.entries(snapshot.scopes).flatMap(([file, pages]) => (pages.some((page) => oldKeys.has(page.key)) ? [file] : []));
    searchPool.searchAhead(searchFiles.map((file) => ({ file, islandsFile: snapshot.islands?.setup.serverFile })));
    const compiling = pool.compile(recompiled.map((doc) => sourceKeys.taskOf(doc.key, doc.source)));
    track(compiling);
    const componentPages = findComponentPages(siteDir);
    const themeKey = readThemeKey(config, siteDir, componentPages);
    if (themeKey !== snapshot.themeKey) return notTaken("the theme or the site's components changed");
    const bundle = await bundles.copy({ config, pages: componentPages, key: themeKey, output: staging });
    const assets = toShellAssets(bundle, config);
    // Read while the thread compiles: the edited docs' routes and links as the last build recorded them.
    const routeKeys = [...new Set(recompiled.flatMap((doc) => doc.before.routes))];
    const ranges = routeKeys.map((key) => snapshot.routes[key]);
    if (ranges.some((range) => range === undefined)) return notTaken("the snapshot lacks a route of an edited doc's");
    const read = readSnapshotTexts(cacheDir, [...(ranges as [number, number][]), ...recompiled.map((doc) => doc.before.links)]);
    const recordedRoutes = readRecordedRoutes(cacheDir, record, routeKeys);
    if (!recordedRoutes) return notTaken('the routes of the last build cannot be read');
    // (A doc with no links has an empty text.)
    const linkTexts = recompiled.map((_, place) => read.texts[routeKeys.length + place] || '{}');
    // The files of each search index the output has (listing a folder of thousands of files): found while the thread compiles, not after.
    const keptSearchFiles = new Map(searchFiles.map((file) => [file, keepSearchFiles(staging, file).kept]));
    const compiled = new Map((await compiling).map((result) => [result.key, result]));
    const storeDir = join(cacheDir, 'compiled');
    // Why a doc's compiled body cannot take the text edit: undefined when it can.
    const whyNot = (doc: EditedDoc) => {
      const after = compiled.get(doc.key);
      if (after === undefined) return `${doc.sitePath} did not compile`;
      // A page whose own module has islands (`docs/a.mdx#Counter`): its islands bundle changes with its text.
      if (after.components?.some((component) => component.startsWith(`${doc.sitePath}#`)))
        return `${doc.sitePath} shows interactive components of its own module`;
      if (getEditShape(after, doc.source.frontMatter) !== doc.before.shape) {
        const before = input.explains ? readCompileIndex(storeDir).entries.get(doc.before.key) : undefined;
        const changes = before && describeShapeChange(before, after, doc.source.frontMatter);
        return `what other pages show of ${doc.sitePath} changed${changes ? `: ${changes}` : ' (its title, links, or description)'}`;
      }
      // New headings: the table of contents of its own pages, unless a link points at an anchor it gains or loses.
      if (getOutline(after) === doc.before.outline) return undefined;
      if (!doc.before.linkedAnchors) return `its headings changed, and a link points at an anchor ${doc.sitePath} lacked`;
      const has = new Set(after.anchorIds.map((id) => id.normalize('NFC')));
      const lost = doc.before.linkedAnchors.find((anchor) => !has.has(anchor));
      return lost === undefined ? undefined : `a link points at #${lost} of ${doc.sitePath}, which its headings no longer give`;
    };
    const reason = recompiled.map(whyNot).find((why) => why !== undefined);
    if (reason !== undefined) return notTaken(reason);
    const diagnostics = toEditedDiagnostics(record.diagnostics, recompiled, compiled, storeDir);
    if (isNotTaken(diagnostics)) return diagnostics;
    // Only the new bodies are located: an index that needs others (made anew) fails, and the whole build runs.
    const locate = (key: string) => compiled.get(key)?.stored;

    // Search indexes that hold the edited docs, updated from their tables while the pages are rendered.
    const newKeys = new Map(recompiled.map((doc) => [doc.before.key, doc.key]));
    // The record's state stays as it was (the whole build starts from it if this one gives up);
    // the new one holds the routes the edit renders, which the record's are updated with.
    const state: OutputState = {
      ...record.state,
      routes: {},
      searchIndexes: { ...record.state.searchIndexes },
      ...(record.state.llmsFull && { llmsFull: { ...record.state.llmsFull } }),
    };
    const searchInput = snapshot.islands?.key;
    // The pages of each index whose key changed (by their place in it), for the snapshot's journal.
    const scopes: Record<string, Record<number, string>> = {};
    for (const [file, kept] of keptSearchFiles) {
      const pages = snapshot.scopes[file]!;
      if (toSearchIndexKey(hashSearchPages(pages), searchInput) !== record.state.searchIndexes[file])
        return notTaken(`the search index ${file} is not as the last build recorded it`);
      const newPages = pages.map((page) => (newKeys.has(page.key) ? { ...page, key: newKeys.get(page.key)! } : page));
      const into = { pool: searchPool, output: staging, locate, islandsFile: snapshot.islands?.setup.serverFile };
      const searching = timeStage(input.onStage, 'search', () => writeSearchIndex(into, { file, pages: newPages }, kept));
      // A page's sections that no longer fit the index's numbering make it anew, from every page's body: the whole build's.
      track(searching.catch((error: unknown) => Promise.reject(new Error(`the search index ${file} could not be updated: ${(error as Error)?.message}`))));
      state.searchIndexes[file] = toSearchIndexKey(hashSearchPages(newPages), searchInput);
      scopes[file] = Object.fromEntries(newPages.flatMap((page, place) => (page === pages[place] ? [] : [[place, page.key]])));
    }

    const sourceOf = new Map<string, EditedDoc>();
    for (const doc of recompiled) for (const key of doc.before.routes) sourceOf.set(key, doc);
    // The tables of contents of the pages of docs whose headings changed.
    const outlines = new Map(recompiled.map((doc) => [doc, getOutline(compiled.get(doc.key)!)]));
    const tocOf = (routeKey: string) => {
      const doc = sourceOf.get(routeKey)!;
      if (outlines.get(doc) === doc.before.outline) return undefined;
      const { tocMinHeadingLevel: min, tocMaxHeadingLevel: max } = doc.source.frontMatter as DocFrontMatter;
      return filterToc(compiled.get(doc.key)!.headings, config, { min, max });
    };
    const routes = toEditedRoutes({
      routeTexts: routeKeys.map((key, place) => [key, read.texts[place]!]),
      recorded: recordedRoutes,
      state,
      siteKeyOf: (locale) => {
        const site = snapshot.sites[locale];
        return site && toSiteKey(site, { assets, themeKey, islandsKey: snapshot.islands?.key });
      },
      newKeys,
      sourceOf: (routeKey) => sourceOf.get(routeKey)!.sitePath,
      tocOf,
    });
    if (isNotTaken(routes)) return routes;
    // The threads' locale setups: each locale's site data and the sidebars its pages show.
    for (const locale of new Set(routes.tasks.map((task) => task.locale))) {
      const sidebarFiles: Record<string, PropSidebar> = {};
      for (const task of routes.tasks) {
        const url = task.locale === locale && 'sidebar' in task.route.data ? task.route.data.sidebar?.url : undefined;
        if (!url) continue;
        const name = url.slice(url.lastIndexOf('/') + 1);
        sidebarFiles[name] ??= JSON.parse(staging.read(getSidebarFilePath(name))) as PropSidebar;
      }
      const setup = { locale, site: snapshot.sites[locale]!, sidebarFiles, assets, themeFile: bundle.serverFile, themeKey };
      pools.setLocale({ ...setup, islands: snapshot.islands?.setup }, 'text-edit');
    }
    const rendering = timeStage(input.onStage, 'render', () => pool.render(routes.tasks, locate));
    track(rendering);
    const results = await rendering;
    for (const [place, result] of results.entries()) {
      const entry = state.routes[routeKeys[place]!]!;
      const { files, title, description, mainHtml } = result;
      const summary = JSON.stringify({ title, description, mainHtml });
      if (summary !== JSON.stringify(entry.summary) || files.some((file) => !entry.files.includes(file)))
        return notTaken(`${result.path} rendered with another title, description or files than the last build recorded`);
      // The new text moved the sidebar file's name in the page's files.
      if (result.sidebarAt) entry.sidebarAt = result.sidebarAt;
    }

    // Markdown twins, and the parts of llms-full.txt that hold them.
    const targets = new Map(recompiled.map((doc, place) => [doc, JSON.parse(linkTexts[place]!) as LinkTargets]));
    const twinTexts = new Map<string, string>();
    for (const { locale, route } of routes.tasks) {
      if (route.data.type !== 'doc') continue;
      const routeKey = toRouteKey(locale, route.path);
      const doc = sourceOf.get(routeKey)!;
      const file = getMarkdownPath(route.path).slice(config.baseUrl.length);
      if (!state.routes[routeKey]!.files.includes(file)) return notTaken(`the last build wrote no markdown twin of ${route.path}`);
      const byUrl = targets.get(doc)?.[locale] ?? {};
      const links = compiled.get(doc.key)!.links.map((link) => ({ ...link, target: byUrl[link.url] }));
      const text = toMarkdownTwinText(getMarkdownTwin({ title: route.data.title, source: doc.source, links, siteUrl: config.url }));
      staging.write(file, text);
      twinTexts.set(routeKey, text);
    }
    for (const [locale, site] of Object.entries(snapshot.sites)) {
      const fullFile = (site.baseUrl + LLMS_FULL_FILE).slice(config.baseUrl.length);
      const parts = state.llmsFull?.[fullFile];
      const twinOf = (path: string) => twinTexts.get(toRouteKey(locale, path));
      if (!parts?.some(([path]) => twinOf(path) !== undefined)) continue;
      const written = writeLlmsFull(staging, fullFile, parts, twinOf, site.url);
      if (!written) return notTaken(`${fullFile} is not as the last build wrote it`);
      state.llmsFull![fullFile] = written;
    }
    await Promise.all(underWay);
    const links = new Map(recompiled.map((doc, place) => [doc.sitePath, linkTexts[place]!]));
    return { state, compiled, texts: { routes: routes.texts, links }, scopes, packLength: read.length, rendered: routes.tasks.length, diagnostics };
  } finally {
    // Nothing writes into the staging folder once this returns.
    await Promise.allSettled(underWay);
  }
}

/**
 * The diagnostics of the build after the edit: the last build's (`last`), with those of the docs
 * compiled again where a whole build gives them (see getEditedDiagnostics). Only the docs that had
 * diagnostics or have them now are looked at, with their last bodies from the compile store (a
 * compile key names its doc's path: no two docs share a body's diagnostics).
 */
function toEditedDiagnostics(
  last: readonly Diagnostic[],
  recompiled: readonly EditedDoc[],
  compiled: ReadonlyMap<string, CompiledMarkdown>,
  storeDir: string,
): Diagnostic[] | TextEditNotTaken {
  const hidingTitle = (doc: EditedDoc) => hidesTitle(doc.source.frontMatter);
  const warned = recompiled.filter(
    (doc) =>
      last.some((diagnostic) => diagnostic.location?.file === doc.sitePath) ||
      getReportedDiagnostics(compiled.get(doc.key)!, hidingTitle(doc)).length > 0,
  );
  if (warned.length === 0) return [...last];
  const index = readCompileIndex(storeDir).entries;
  const bodies: EditedBody[] = [];
  for (const doc of warned) {
    const before = index.get(doc.before.key);
    if (!before) return notTaken(`the last build's body of ${doc.sitePath} is not in the compile store`);
    bodies.push({ sitePath: doc.sitePath, before, after: compiled.get(doc.key)!, hidingTitle: hidingTitle(doc), bodyLine: doc.source.bodyLine });
  }
  const diagnostics = getEditedDiagnostics(last, bodies);
  return Array.isArray(diagnostics) ? diagnostics : notTaken(diagnostics.notTaken);
}

/**
 * The render tasks of the edited docs' routes, from the JSON of their inputs as the last build
 * hashed them (checked against the record's hash, and their site data against the site key) with
 * the new content keys; each route's new inputs recorded in `state` and their JSON given for the
 * snapshot; or which route is not as the record says.
 */
function toEditedRoutes(input: {
  routeTexts: [routeKey: string, text: string][];
  /** The routes as the last build recorded them. */
  recorded: ReadonlyMap<string, RouteRecord>;
  state: OutputState;
  /** The site key of a locale's routes (see RouteInputs), made from the snapshot's site data and this build's theme; undefined for a locale it lacks. */
  siteKeyOf: (locale: string) => string | undefined;
  newKeys: ReadonlyMap<string, string>;
  sourceOf: (routeKey: string) => string;
  /** A route's new table of contents, when its doc's headings changed. */
  tocOf: (routeKey: string) => TocItem[] | undefined;
}): { tasks: RenderTask[]; texts: Map<string, string> } | TextEditNotTaken {
  const { state, newKeys } = input;
  const siteKeys = new Map<string, string | undefined>();
  const tasks: RenderTask[] = [];
  const texts = new Map<string, string>();
  for (const [routeKey, text] of input.routeTexts) {
    const recorded = input.recorded.get(routeKey);
    if (!recorded || hashText(text) !== recorded.inputs) return notTaken(`the snapshot of the route ${routeKey.replace('\0', ' ')} is not of the last build`);
    const [siteKey, data, slots, componentModule] = JSON.parse(text) as [string, ManifestRoute['data'], ManifestRoute['slots'], string | null];
    const { locale } = recorded;
    if (!siteKeys.has(locale)) siteKeys.set(locale, input.siteKeyOf(locale));
    if (siteKey !== siteKeys.get(locale)) return notTaken(`the site data of ${locale} changed`);
    const rekeyed = Object.fromEntries(Object.entries(slots).map(([name, slot]) => [name, { ...slot, key: newKeys.get(slot.key) ?? slot.key }]));
    const toc = input.tocOf(routeKey);
    if (toc !== undefined) {
      if (!('toc' in data)) return notTaken(`the route ${routeKey.replace('\0', ' ')} has no table of contents to change`);
      data.toc = toc;
    }
    const inputs: RouteInputs = [siteKey, data, rekeyed, componentModule ?? undefined];
    const newText = JSON.stringify(inputs);
    // The inputs name the part of the sidebar the page shows; the page names the sidebar's file.
    const shown = fromInputData(data, recorded.sidebar);
    if (!shown) return notTaken(`the last build recorded no sidebar file of ${routeKey.replace('\0', ' ')}`);
    texts.set(routeKey, newText);
    state.routes[routeKey] = { ...recorded, inputs: hashText(newText) };
    const route: ManifestRoute = {
      path: fromRouteKey(routeKey).path,
      locale,
      key: '',
      isTranslation: false,
      anchorIds: [],
      sources: [input.sourceOf(routeKey)],
      data: shown,
      slots: rekeyed,
      ...(componentModule !== null && { componentModule }),
    };
    tasks.push({ locale, route });
  }
  return { tasks, texts };
}

/**
 * Writes the parts of `llms-full.txt` at `file` (whose parts `parts` tells: route and length of
 * each) of the routes `twinOf` gives a twin's text for: one part is spliced into the output's file
 * in place as the edit commits; several make the file anew from the output's. Gives the new
 * file's parts; undefined when the output's file is not the one `parts` describes (by its size).
 */
function writeLlmsFull(
  staging: StagingDir,
  file: string,
  parts: LlmsFullParts,
  twinOf: (routePath: string) => string | undefined,
  siteUrl: string,
): LlmsFullParts | undefined {
  const size = parts.reduce((sum, [, length]) => sum + length, 0);
  if (sizeOf(join(staging.keptFrom, file)) !== size) return undefined;
  const made = parts.map(([path]) => {
    const twin = twinOf(path);
    return twin === undefined ? undefined : Buffer.from(toLlmsFullPart(siteUrl, path, twin));
  });
  const changed = made.flatMap((bytes, index) => (bytes ? [index] : []));
  if (changed.length === 1) {
    const [index] = changed as [number];
    const at = parts.slice(0, index).reduce((sum, [, length]) => sum + length, 0);
    if (!staging.splice(file, { at, length: parts[index]![1], bytes: made[index]! })) return undefined;
  } else {
    const bytes = staging.readBytes(file);
    let at = 0;
    staging.writeParts(
      file,
      parts.map(([, length], index) => {
        const part = made[index] ?? bytes.subarray(at, at + length);
        at += length;
        return part;
      }),
    );
  }
  return parts.map(([path, length], index) => [path, made[index]?.length ?? length]);
}

/** A file's size; -1 when it cannot be read. */
function sizeOf(file: string): number {
  try {
    return statSync(file).size;
  } catch {
    return -1;
  }
}

/**
 * The edited docs as read now; or which one is no longer a doc of the same front matter and, of an
 * MDX doc, imports (what its page's module and the site's MDX runtime are made from).
 */
function readEditedDocs(input: {
  siteDir: string;
  config: SiteConfig;
  salt: string;
  /** The edited docs' snapshots, by site path. */
  befores: ReadonlyMap<string, DocSnapshot>;
  snapshot: EditSnapshot;
  sourceKeys: SourceKeys;
}): EditedDoc[] | TextEditNotTaken {
  const { siteDir, config, salt, snapshot, sourceKeys } = input;
  const reader = { siteDir, config, cache: new ContentCache(), memo: undefined };
  const edited: EditedDoc[] = [];
  for (const [sitePath, before] of input.befores) {
    const absolutePath = join(siteDir, sitePath);
    let source: SourceMarkdown<unknown>;
    try {
      source = readDocSource(reader, absolutePath);
    } catch {
      // The whole build reports it.
      return notTaken(`${sitePath} cannot be read`);
    }
    if (source.bodyLine !== before.bodyLine || hashText(JSON.stringify(source.frontMatter)) !== before.frontMatter)
      return notTaken(`the front matter of ${sitePath} changed`);
    if (source.mdx ? !snapshot.mdx || getImportsKey(source) !== before.mdx?.imports : before.mdx)
      return notTaken(`the imports of ${sitePath} changed`);
    edited.push({ sitePath, before, source, key: sourceKeys.keyOf(salt, source) });
  }
  return edited;
}


