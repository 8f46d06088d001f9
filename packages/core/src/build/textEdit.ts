/**
 * `docgen build` after edits of the text of markdown docs alone: their pages rendered from the
 * last build's snapshot of the site model (editSnapshot.ts), without reading the site or making
 * its model again, which at 10,000 pages is most of a full rebuild's time.
 */
import { join } from 'node:path';
import type { Diagnostic, ManifestRoute, PropSidebar, SiteConfig, SourceMarkdown } from '@docgen/types';
import { getSidebarFilePath } from '@docgen/shared/outputPaths';
import { getMarkdownPath } from '@docgen/shared/pageData';
import { appendCompileJournal } from '../compile/mainThread.js';
import { ContentCache, findComponentPages, readDocSource } from '../content/index.js';
import { readsAsMdx } from '../files/index.js';
import { hashSearchPages } from '../manifest/index.js';
import { createStagingDir, type StagingDir } from '../output/index.js';
import { getMarkdownTwin, LLMS_FULL_FILE, toLlmsFullPart, toMarkdownTwinText } from '../seo/index.js';
import type { RenderTask } from '../workers/tasks.js';
import { createBuildThreads, createBundleCopies, toShellAssets } from './builderResources.js';
import { hashText, type OutputState, type RouteInputs } from './buildPlan.js';
import { forgetBuildRecord, getFrame, writeBuildRecord, type BuildRecord, type InputFingerprints } from './buildRecord.js';
import { createSourceKeys, readCompileSalt } from './compileKeys.js';
import { getEditShape, readEditSnapshot, readSnapshotTexts, writeEditSnapshot, type DocSnapshot, type LinkTargets } from './editSnapshot.js';
import { toSearchIndexKey } from './planRoutes.js';
import { readThemeKey } from './themeKey.js';
import { writeSearchIndex } from './writeSearch.js';
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
  /** As BuildOptions.onTemporary. */
  onTemporary?: (cleanup: () => void | Promise<void>) => () => void;
}

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

/**
 * Builds the site when every input that changed since the last build is the text of markdown docs
 * (not MDX) of that build, with the same front matter, and what other pages show of them is the
 * same once compiled (title, headings, anchors, links, description; see getPublicShape): their
 * routes are rendered from the snapshot's route inputs with the new content, their search indexes
 * updated, their markdown twins and parts of `llms-full.txt` written again, and the record and
 * snapshot updated. What a whole build would write differently (a route's title, files or search
 * key not as the snapshot says) makes it give up. Undefined when it does not apply or gave up,
 * having changed nothing: the caller builds the whole site.
 */
export async function buildTextEdit(input: TextEditInput): Promise<TextEditResult | undefined> {
  const { siteDir, cacheDir, config, record, fingerprints } = input;
  if (config.pdf.build) return undefined;
  const snapshot = readEditSnapshot(cacheDir);
  if (!snapshot || snapshot.fingerprint !== record.fingerprint) return undefined;
  const docPaths = Object.keys(snapshot.docs);
  if (docPaths.some((path) => !fingerprints.stamps.has(path))) return undefined;
  if (getFrame(fingerprints, new Set(docPaths)) !== snapshot.frame) return undefined;
  const changed = docPaths.filter((path) => fingerprints.stamps.get(path) !== snapshot.docs[path]!.stamp);
  if (changed.length === 0 || changed.length > MOST_EDITED_DOCS) return undefined;
  // A doc with a warning: its positions may have moved.
  if (record.diagnostics.some((diagnostic) => diagnostic.location && changed.includes(diagnostic.location.file))) return undefined;
  const salt = readCompileSalt(config);
  if (salt !== snapshot.salt) return undefined;
  const edited = readEditedDocs({ siteDir, config, salt, sitePaths: changed, docs: snapshot.docs });
  if (!edited) return undefined;
  const start = performance.now();

  const storeDir = join(cacheDir, 'compiled');
  const staging = createStagingDir(input.outDir, { keepsAll: true });
  const threads = createBuildThreads({ storeDir, threads: input.threads });
  const bundles = createBundleCopies({ siteDir, cacheDir, sharedCacheDir: input.sharedCacheDir });
  const forgetStaging = input.onTemporary?.(async () => {
    await threads.close();
    staging.discard();
  });
  // Work on the threads that may still write into the staging folder when the edit gives up.
  const underWay: Promise<unknown>[] = [];
  let committed = false;
  try {
    // Two threads: a search index is updated on one while the pages are rendered on the other.
    const pool = threads.start(config, staging.path, { threads: 2, compiles: true, besideCallingThread: true });
    const sourceKeys = createSourceKeys();
    const recompiled = edited.filter((doc) => doc.key !== doc.before.key);
    const compiling = pool.compile(recompiled.map((doc) => sourceKeys.taskOf(doc.key, doc.source)));
    underWay.push(compiling);
    const componentPages = findComponentPages(siteDir);
    const themeKey = readThemeKey(config, siteDir, componentPages);
    if (themeKey !== snapshot.themeKey) return undefined;
    const bundle = await bundles.copy({ config, pages: componentPages, key: themeKey, output: staging });
    pool.loadTheme(bundle.serverFile, themeKey);
    // Read while the thread compiles: the edited docs' routes and links as the last build recorded them.
    const routeKeys = [...new Set(recompiled.flatMap((doc) => doc.before.routes))];
    const ranges = routeKeys.map((key) => snapshot.routes[key]);
    if (ranges.some((range) => range === undefined)) return undefined;
    const read = readSnapshotTexts(cacheDir, [...(ranges as [number, number][]), ...recompiled.map((doc) => doc.before.links)]);
    const compiled = new Map((await compiling).map((result) => [result.key, result]));
    const isSame = (doc: EditedDoc) => {
      const after = compiled.get(doc.key);
      return after !== undefined && after.diagnostics.length === 0 && getEditShape(after, doc.source.frontMatter) === doc.before.shape;
    };
    if (!recompiled.every(isSame)) return undefined;
    // Only the new bodies are located: an index that needs others (made anew) fails, and the whole build runs.
    const locate = (key: string) => compiled.get(key)?.stored;

    // Search indexes that hold the edited docs, updated from their tables while the pages are rendered.
    const newKeys = new Map(recompiled.map((doc) => [doc.before.key, doc.key]));
    const state: OutputState = JSON.parse(JSON.stringify(record.state)) as OutputState;
    const searchInput = snapshot.islands?.key;
    for (const [file, pages] of Object.entries(snapshot.scopes)) {
      if (!pages.some((page) => newKeys.has(page.key))) continue;
      if (toSearchIndexKey(hashSearchPages(pages), searchInput) !== record.state.searchIndexes[file]) return undefined;
      const newPages = pages.map((page) => (newKeys.has(page.key) ? { ...page, key: newKeys.get(page.key)! } : page));
      const into = { pool, output: staging, locate, islandsFile: snapshot.islands?.setup.serverFile };
      underWay.push(timed(input, 'search', () => writeSearchIndex(into, { file, pages: newPages })));
      state.searchIndexes[file] = toSearchIndexKey(hashSearchPages(newPages), searchInput);
      snapshot.scopes[file] = newPages;
    }

    // The routes of the edited docs, from their inputs as the last build hashed them, with the new content.
    const assets = toShellAssets(bundle, config);
    const siteKeys = new Map<string, string>();
    const newTexts = new Map<string, string>();
    const tasks: RenderTask[] = [];
    const sourceOf = new Map<string, EditedDoc>();
    for (const doc of recompiled) for (const key of doc.before.routes) sourceOf.set(key, doc);
    for (const [place, routeKey] of routeKeys.entries()) {
      const text = read.texts[place]!;
      const recorded = record.state.routes[routeKey];
      if (!recorded || hashText(text) !== recorded.inputs) return undefined;
      const [siteKey, data, slots, componentModule] = JSON.parse(text) as [string, ManifestRoute['data'], ManifestRoute['slots'], string | null];
      const locale = recorded.locale;
      const site = snapshot.sites[locale];
      if (!site) return undefined;
      if (!siteKeys.has(locale)) siteKeys.set(locale, hashText(JSON.stringify([site, assets, themeKey, snapshot.islands?.key ?? ''])));
      if (siteKey !== siteKeys.get(locale)) return undefined;
      const rekeyed = Object.fromEntries(Object.entries(slots).map(([name, slot]) => [name, { ...slot, key: newKeys.get(slot.key) ?? slot.key }]));
      const inputs: RouteInputs = [siteKey, data, rekeyed, componentModule ?? undefined];
      const newText = JSON.stringify(inputs);
      newTexts.set(routeKey, newText);
      state.routes[routeKey] = { ...recorded, inputs: hashText(newText) };
      const path = routeKey.slice(locale.length + 1);
      const route: ManifestRoute = {
        path,
        locale,
        key: '',
        isTranslation: false,
        anchorIds: [],
        sources: [sourceOf.get(routeKey)!.sitePath],
        data,
        slots: rekeyed,
        ...(componentModule !== null && { componentModule }),
      };
      tasks.push({ locale, route });
    }

    // The threads' locale setups: each locale's site data and the sidebars its pages show.
    for (const locale of new Set(tasks.map((task) => task.locale))) {
      const sidebarFiles: Record<string, PropSidebar> = {};
      for (const task of tasks) {
        const url = task.locale === locale && 'sidebar' in task.route.data ? task.route.data.sidebar?.url : undefined;
        if (!url) continue;
        const name = url.slice(url.lastIndexOf('/') + 1);
        sidebarFiles[name] ??= JSON.parse(staging.read(getSidebarFilePath(name))) as PropSidebar;
      }
      const setup = { locale, site: snapshot.sites[locale]!, sidebarFiles, assets, themeFile: bundle.serverFile, themeKey };
      threads.setLocale({ ...setup, islands: snapshot.islands?.setup }, 'text-edit');
    }
    const rendering = timed(input, 'render', () => pool.render(tasks, locate));
    underWay.push(rendering);
    const results = await rendering;
    for (const [place, result] of results.entries()) {
      const entry = state.routes[routeKeys[place]!]!;
      const { path, files, ...summary } = result;
      if (JSON.stringify(summary) !== JSON.stringify(entry.summary) || files.some((file) => !entry.files.includes(file))) return undefined;
    }

    // Markdown twins, and the parts of llms-full.txt that hold them.
    // (A doc with no links has an empty text.)
    const linksOf = (place: number) => read.texts[routeKeys.length + place] || '{}';
    const targets = new Map(recompiled.map((doc, place) => [doc, JSON.parse(linksOf(place)) as LinkTargets]));
    const twinTexts = new Map<string, string>();
    for (const { locale, route } of tasks) {
      if (route.data.type !== 'doc') continue;
      const routeKey = `${locale}\0${route.path}`;
      const doc = sourceOf.get(routeKey)!;
      const file = getMarkdownPath(route.path).slice(config.baseUrl.length);
      if (!state.routes[routeKey]!.files.includes(file)) return undefined;
      const byUrl = targets.get(doc)?.[locale] ?? {};
      const links = compiled.get(doc.key)!.links.map((link) => ({ ...link, target: byUrl[link.url] }));
      const text = toMarkdownTwinText(getMarkdownTwin({ title: route.data.title, source: doc.source, links, siteUrl: config.url }));
      staging.write(file, text);
      twinTexts.set(routeKey, text);
    }
    for (const [locale, site] of Object.entries(snapshot.sites)) {
      const fullFile = (site.baseUrl + LLMS_FULL_FILE).slice(config.baseUrl.length);
      const parts = state.llmsFull?.[fullFile];
      if (!parts?.some(([path]) => twinTexts.has(`${locale}\0${path}`))) continue;
      if (!writeLlmsFull(staging, fullFile, parts, (path) => twinTexts.get(`${locale}\0${path}`), site.url)) return undefined;
    }
    await Promise.all(underWay);
    input.onStage?.('edit', performance.now() - start);

    // Recorded as a whole build records its output: the record forgotten until the output is whole.
    forgetBuildRecord(cacheDir);
    staging.commit();
    committed = true;
    forgetStaging?.();
    const stillUsed = new Set(docPaths.filter((path) => !changed.includes(path)).map((path) => snapshot.docs[path]!.key));
    const dropped = recompiled.map((doc) => doc.before.key).filter((key) => !stillUsed.has(key) && !compiled.has(key));
    appendCompileJournal(storeDir, [...compiled.values()], dropped);
    writeBuildRecord(cacheDir, { ...record, docgenVersion: DOCGEN_VERSION, fingerprint: fingerprints.fingerprint, state });
    for (const doc of edited) snapshot.docs[doc.sitePath] = { ...doc.before, key: doc.key, stamp: fingerprints.stamps.get(doc.sitePath)! };
    const links = new Map(recompiled.map((doc, place) => [doc.sitePath, linksOf(place)]));
    writeEditSnapshot(cacheDir, { ...snapshot, fingerprint: fingerprints.fingerprint }, { routes: newTexts, links }, { from: read.length });
    return { pageCount: record.pageCount, renderedCount: tasks.length, diagnostics: record.diagnostics };
  } catch {
    // A task failed (a page that throws, an index to make anew): the whole build runs, and reports what fails.
    return undefined;
  } finally {
    await Promise.allSettled(underWay);
    await threads.close();
    bundles.close();
    if (!committed) {
      staging.discard();
      forgetStaging?.();
    }
  }
}

/**
 * Writes `llms-full.txt` at `file` anew from the output's, with the parts of the routes `twinOf`
 * gives a twin's text for made again, updating `parts` (route and length of each). False when the
 * output's file is not the one `parts` describes.
 */
function writeLlmsFull(
  staging: StagingDir,
  file: string,
  parts: [routePath: string, bytes: number][],
  twinOf: (routePath: string) => string | undefined,
  siteUrl: string,
): boolean {
  const bytes = staging.readBytes(file);
  if (bytes.length !== parts.reduce((sum, [, length]) => sum + length, 0)) return false;
  const written: Uint8Array[] = [];
  let at = 0;
  for (const part of parts) {
    const [path, length] = part;
    const twin = twinOf(path);
    const next = twin === undefined ? bytes.subarray(at, at + length) : Buffer.from(toLlmsFullPart(siteUrl, path, twin));
    written.push(next);
    part[1] = next.length;
    at += length;
  }
  staging.writeParts(file, written);
  return true;
}

/** The edited docs as read now, or undefined when one is no longer a markdown doc of the same front matter. */
function readEditedDocs(input: {
  siteDir: string;
  config: SiteConfig;
  salt: string;
  sitePaths: string[];
  docs: Record<string, DocSnapshot>;
}): EditedDoc[] | undefined {
  const { siteDir, config, salt } = input;
  const reader = { siteDir, config, cache: new ContentCache(), memo: undefined };
  const sourceKeys = createSourceKeys();
  const edited: EditedDoc[] = [];
  for (const sitePath of input.sitePaths) {
    const before = input.docs[sitePath]!;
    const absolutePath = join(siteDir, sitePath);
    if (readsAsMdx(absolutePath, config.markdown.format)) return undefined;
    let source: SourceMarkdown<unknown>;
    try {
      source = readDocSource(reader, absolutePath);
    } catch {
      // The whole build reports it.
      return undefined;
    }
    if (source.mdx || (source.warnings?.length ?? 0) > 0 || source.bodyLine !== before.bodyLine) return undefined;
    if (hashText(JSON.stringify(source.frontMatter)) !== before.frontMatter) return undefined;
    edited.push({ sitePath, before, source, key: sourceKeys.keyOf(salt, source) });
  }
  return edited;
}

async function timed<T>(input: TextEditInput, stage: string, run: () => Promise<T>): Promise<T> {
  const start = performance.now();
  const result = await run();
  input.onStage?.(stage, performance.now() - start);
  return result;
}
