/**
 * What `docgen build` records of the site model beside its build record, for the next build's
 * text edits (textEdit.ts): each doc's compile key, front matter and routes (and of MDX docs, their
 * imports and what the site's MDX is compiled with), the JSON of each route's inputs, each
 * locale's site data and each search index's pages. Enough to render
 * again the pages of a doc whose text alone changed, without reading the site or making its model.
 */
import { randomUUID } from 'node:crypto';
import { appendFileSync, closeSync, fstatSync, mkdirSync, openSync, readSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CompiledMarkdown, SearchPage, SiteContent, SiteData, SiteManifest, SourceMarkdown } from '@docgen/types';
import type { MdxPageContext } from '../compile/mainThread.js';
import { getLinkedAnchors, normalizeLinkPath } from '../links/index.js';
import { readWholeText, writeFileWhole } from '../processes/index.js';
import { fromRouteKey, hashText, toRouteKey } from './buildPlan.js';
import { getMarkdownSources, type MdxSetup } from './compileKeys.js';
import { appendJournalLine, findKeyedLines, readJournalLines, writeKeyedLines } from './keyedLines.js';
import { getPublicShape } from './renderAhead.js';

/** A doc of the last build, as a text edit compares it. */
export interface DocSnapshot {
  /** The file's stamp as the input fingerprint took it (see InputFingerprints.stamps). */
  stamp: string;
  /** Its compile key. */
  key: string;
  bodyLine: number;
  /** A hash of its front matter as the content read it. */
  frontMatter: string;
  /** A hash of what other pages see of its compiled body but its headings (see getEditShape). */
  shape: string;
  /** A hash of its headings and anchors (see getOutline): its pages' tables of contents. */
  outline: string;
  /**
   * The anchors of its pages that links point at (getLinkedAnchors), each of which it has; absent
   * when a link points at one it lacks (a warning of the last build that a change of its headings may end).
   */
  linkedAnchors?: string[];
  /** The routes that show its content (`locale\0path`): its page, and its fallback pages in other locales. */
  routes: string[];
  /** Where its link targets (LinkTargets) are in the pack file: [start, end) in bytes. */
  links: [number, number];
  /** Of an MDX doc: a hash of what it imports (see getImportsKey), and its docs version (see MdxSetup.docsVersionOf). */
  mdx?: { imports: string; docsVersion?: { pluginId: string; name: string } };
}

/**
 * What of an MDX source's imports the site's MDX runtime is bundled from, or its compile key reads
 * apart from its files' contents: the modules and packages, the partials', texts' and files' paths.
 */
export function getImportsKey(source: SourceMarkdown<unknown>): string {
  const { modules = {}, packages = [], partials = {}, texts = {}, files = [] } = source;
  return hashText(JSON.stringify([modules, packages, Object.keys(partials), Object.keys(texts), files]));
}

/** What the keys of MDX sources are made with (MdxSetup), as a snapshot records it; `key` and `stamps` left out (the frame stands for them). */
export interface MdxSnapshot {
  runtime: string;
  compat: MdxSetup['compat'];
  locales: MdxSetup['locales'];
  defaultLocale: string;
  /** Each locale's page context (MdxSetup.context). */
  contexts: Record<string, MdxPageContext>;
}

/** The MDX setup of a snapshot, for the docs `docs` holds (their versions by site path). */
export function toMdxSetup(mdx: MdxSnapshot, docs: ReadonlyMap<string, DocSnapshot>): MdxSetup {
  return {
    key: '',
    stamps: {},
    warnings: [],
    runtime: mdx.runtime,
    compat: mdx.compat,
    locales: mdx.locales,
    defaultLocale: mdx.defaultLocale,
    context: (locale) => mdx.contexts[locale]!,
    docsVersionOf: (source) => docs.get(source.file.sitePath)?.mdx?.docsVersion,
  };
}

/** Where a doc's links lead, by locale of the page they are on: the URL as written -> the page or file it resolved to. */
export type LinkTargets = Record<string, Record<string, string>>;

/**
 * What other pages see of a doc's compiled body (getPublicShape) but its headings and anchors (its
 * outline), and the files the site copies for it (math, diagrams): two docs of the same shape and
 * outline give the same site model but for their own content. Its outline is only its own pages'
 * (their tables of contents), and the anchors links point at (checked apart: see DocSnapshot.linkedAnchors).
 */
export function getEditShape(compiled: CompiledMarkdown, frontMatter: unknown): string {
  const uses = [compiled.hasMath ?? false, compiled.hasDiagram ?? false, compiled.hasDocCardList ?? false];
  const withoutOutline = { ...compiled, headings: [], anchorIds: [] };
  return hashText(JSON.stringify([getPublicShape(withoutOutline, shownOf(frontMatter)), uses]));
}

/** A hash of a doc's headings and anchors. */
export function getOutline(compiled: CompiledMarkdown): string {
  return hashText(JSON.stringify([compiled.headings, compiled.anchorIds]));
}

const shownOf = (frontMatter: unknown) => ({ description: (frontMatter as { description?: unknown }).description === undefined, readingTime: false });

/**
 * Which parts of a doc's edit shape (getEditShape) differ between two of its compiled bodies, in
 * words, for `docgen build --verbose` to say why an edit took the whole build; undefined when none does.
 */
export function describeShapeChange(before: CompiledMarkdown, after: CompiledMarkdown, frontMatter: unknown): string | undefined {
  const described = shownOf(frontMatter).description;
  const parts: [string, (compiled: CompiledMarkdown) => unknown][] = [
    ['its title', (compiled) => [compiled.contentTitle, compiled.contentTitleId, compiled.hasExcerpt]],
    ['its links', (compiled) => compiled.urls],
    ['its opening text, which is its description (the front matter has none)', (compiled) => (described ? compiled.description : '')],
    ['the components it shows', (compiled) => compiled.components ?? []],
    ['its use of math, diagrams or DocCardList', (compiled) => [compiled.hasMath, compiled.hasDiagram, compiled.hasDocCardList]],
  ];
  const changed = parts.filter(([, part]) => JSON.stringify(part(before)) !== JSON.stringify(part(after))).map(([name]) => name);
  return changed.length > 0 ? changed.join(', ') : undefined;
}

export interface EditSnapshot {
  /** Names the whole build that wrote it: the text edits' journal lines after it carry it (see EditJournalLine). */
  base: string;
  /** The build record's fingerprint: a snapshot is used only with the record it was written with. */
  fingerprint: string;
  /** The fingerprint's frame without the docs' files (see getFrame). */
  frame: string;
  /** The compile salt, theme key, build id and site components' bundle the routes were made with. */
  salt: string;
  themeKey: string;
  buildId: string;
  islands: { key: string; setup: { serverFile: string; srcs: Record<string, string>; stylesheets: Record<string, string> } } | undefined;
  /** Each built locale's site data. */
  sites: Record<string, SiteData>;
  /** What MDX docs are keyed with, when the site has MDX. */
  mdx?: MdxSnapshot;
  /**
   * Each doc's stamp and compile key, by site path (none that an MDX page imports: see
   * toEditSnapshot); the rest of a doc's snapshot is read by its path (readSnapshotDocs).
   */
  docs: Record<string, DocStamp>;
  /** The docs that text edits changed since the snapshot was written, as its journal has them. */
  edited: Record<string, DocSnapshot>;
  /** Where each route's inputs (the JSON its hash was made of) are in the pack file: [start, end) in bytes. */
  routes: Record<string, [number, number]>;
  /** The pages of each search index (by its file), in index order. */
  scopes: Record<string, SearchPage[]>;
}

/** A doc's stamp and compile key, as a snapshot holds every doc's. */
export type DocStamp = Pick<DocSnapshot, 'stamp' | 'key'>;

/** A snapshot as a whole build makes it: every doc's whole snapshot. */
export type BuiltSnapshot = Omit<EditSnapshot, 'base' | 'fingerprint' | 'frame' | 'docs' | 'edited'> & { docs: Record<string, DocSnapshot> };

const SNAPSHOT_FILE = 'last-build-model.json';
/** Each doc's snapshot, by site path (see keyedLines.ts). */
const DOCS_FILE = 'last-build-model.docs.json';
/** What each text edit changed of the snapshot, a line each: a 10,000-page snapshot is not written again per edit. */
const JOURNAL_FILE = 'last-build-model.journal';
/** The JSON texts the snapshot points at (route inputs, link targets), one after the other. */
const PACK_FILE = 'last-build-model.pack';
/** The pack a build writes as it goes, until its snapshot is written (a failed build's is written over by the next). */
const NEXT_PACK_FILE = `${PACK_FILE}.next`;

/** Bytes gathered for one write of a pack. */
const PACK_CHUNK_BYTES = 1 << 20;

/**
 * The pack of a build's snapshot, written as its texts come (the inputs of 10,000 routes are tens
 * of megabytes: never held at once): `add` gives a text's range; `finish` writes what is left.
 */
export function createSnapshotPack(cacheDir: string) {
  mkdirSync(cacheDir, { recursive: true });
  const file = join(cacheDir, NEXT_PACK_FILE);
  writeFileSync(file, '');
  return openPack(file, 0);
}

/**
 * Texts added at the end of the pack `file`, which is `from` bytes long: each one's range, the
 * texts gathered into appends of a megabyte (no descriptor held open through a build that may fail).
 */
function openPack(file: string, from: number) {
  const chunk = Buffer.allocUnsafe(PACK_CHUNK_BYTES);
  let used = 0;
  let at = from;
  const flush = () => {
    if (used > 0) appendFileSync(file, chunk.subarray(0, used));
    used = 0;
  };
  return {
    add(text: string): [number, number] {
      const length = Buffer.byteLength(text);
      if (used + length > PACK_CHUNK_BYTES) flush();
      if (length > PACK_CHUNK_BYTES) appendFileSync(file, text);
      else used += chunk.write(text, used);
      at += length;
      return [at - length, at];
    },
    finish(): void {
      flush();
    },
  };
}

export type SnapshotPack = ReturnType<typeof createSnapshotPack>;

/** Texts a text edit adds to the pack: each route's inputs by route key, each doc's link targets by site path. */
export interface SnapshotTexts {
  routes: ReadonlyMap<string, string>;
  links: ReadonlyMap<string, string>;
}

/** The snapshot of a run's site model, without what `docgen build` adds (fingerprint, frame, stamps). */
export function toEditSnapshot(input: {
  manifest: SiteManifest;
  content: SiteContent;
  keyOf: (source: SiteContent['versions'][number]['docs'][number]) => string;
  /** The MDX setup the keys were made with (undefined for a site without MDX). */
  mdxSetup: MdxSetup | undefined;
  compiledOf: (key: string) => CompiledMarkdown | undefined;
  salt: string;
  themeKey: string;
  buildId: string;
  islands: EditSnapshot['islands'];
  /** Where the JSON of each route's inputs is in `pack`, by route key. */
  routes: Record<string, [number, number]>;
  /** The pack the route inputs were written into: the docs' link targets are added, and it is finished. */
  pack: SnapshotPack;
  /** Each built locale's search indexes: file and pages. */
  scopes: { file: string; pages: SearchPage[] }[];
  renderLocales: ReadonlySet<string>;
}): BuiltSnapshot {
  const { manifest, content, renderLocales } = input;
  // A doc an MDX page imports (as a partial, or its text) is part of that page too: not a text edit's.
  const imported = new Set(
    getMarkdownSources(content).flatMap((source) => [...Object.keys(source.partials ?? {}), ...Object.keys(source.texts ?? {}), ...(source.files ?? [])]),
  );
  const docs: Record<string, DocSnapshot> = {};
  const byKey = new Map<string, DocSnapshot>();
  for (const version of content.versions) {
    for (const doc of version.docs) {
      if (docs[doc.file.sitePath] || imported.has(doc.file.sitePath) || (doc.mdx && !input.mdxSetup)) continue;
      const key = input.keyOf(doc);
      const compiled = input.compiledOf(key);
      if (!compiled) continue;
      const snapshot: DocSnapshot = {
        stamp: '',
        key,
        bodyLine: doc.bodyLine,
        frontMatter: hashText(JSON.stringify(doc.frontMatter)),
        shape: getEditShape(compiled, doc.frontMatter),
        outline: getOutline(compiled),
        routes: [],
        links: [0, 0],
      };
      if (doc.mdx) {
        const docsVersion = input.mdxSetup!.docsVersionOf(doc);
        snapshot.mdx = { imports: getImportsKey(doc), ...(docsVersion && { docsVersion }) };
      }
      docs[doc.file.sitePath] = snapshot;
      byKey.set(snapshot.key, snapshot);
    }
  }
  const targets = new Map<string, LinkTargets>();
  const sites: Record<string, SiteData> = {};
  for (const locale of manifest.locales) {
    if (!renderLocales.has(locale.locale)) continue;
    sites[locale.locale] = locale.site;
    for (const route of locale.routes) {
      for (const slot of Object.values(route.slots)) {
        const doc = byKey.get(slot.key);
        const routeKey = toRouteKey(locale.locale, route.path);
        if (doc && !doc.routes.includes(routeKey)) doc.routes.push(routeKey);
      }
    }
    for (const source of locale.linkSources) {
      if (source.origin !== 'markdown' || !docs[source.sourcePath]) continue;
      if (!targets.has(source.sourcePath)) targets.set(source.sourcePath, {});
      const byUrl = (targets.get(source.sourcePath)![locale.locale] ??= {});
      for (const link of source.links) if (link.target !== undefined) byUrl[link.url] = link.target;
    }
  }
  // The anchors links point at in each doc's pages, all of which it must have.
  const linked = getLinkedAnchors(manifest);
  for (const doc of byKey.values()) {
    const anchors = new Set(doc.routes.flatMap((routeKey) => [...(linked.get(normalizeLinkPath(fromRouteKey(routeKey).path)) ?? [])]));
    const has = new Set(input.compiledOf(doc.key)!.anchorIds.map((id) => id.normalize('NFC')));
    if ([...anchors].every((anchor) => has.has(anchor))) doc.linkedAnchors = [...anchors].sort();
  }
  const scopes = Object.fromEntries(input.scopes.map(({ file, pages }) => [file, pages]));
  const { salt, themeKey, buildId, islands, mdxSetup } = input;
  const mdx: MdxSnapshot | undefined = mdxSetup && {
    runtime: mdxSetup.runtime,
    compat: mdxSetup.compat,
    locales: mdxSetup.locales,
    defaultLocale: mdxSetup.defaultLocale,
    contexts: Object.fromEntries(mdxSetup.locales.map(({ locale }) => [locale, mdxSetup.context(locale)])),
  };
  for (const [sitePath, byLocale] of targets) docs[sitePath]!.links = input.pack.add(JSON.stringify(byLocale));
  input.pack.finish();
  return { salt, themeKey, buildId, islands, sites, ...(mdx && { mdx }), docs, routes: input.routes, scopes };
}

/**
 * Writes a build's snapshot (`base` given here), its pack (made by createSnapshotPack) and its
 * docs put in place first; the journal of the last one goes.
 */
export function writeEditSnapshot(cacheDir: string, snapshot: BuiltSnapshot & Pick<EditSnapshot, 'fingerprint' | 'frame'>): void {
  const base = randomUUID();
  renameSync(join(cacheDir, NEXT_PACK_FILE), join(cacheDir, PACK_FILE));
  writeKeyedLines(join(cacheDir, DOCS_FILE), base, Object.entries(snapshot.docs));
  const docs = Object.fromEntries(Object.entries(snapshot.docs).map(([sitePath, { stamp, key }]) => [sitePath, { stamp, key }]));
  const written: Omit<EditSnapshot, 'edited'> = { base, ...snapshot, docs };
  writeFileWhole(join(cacheDir, SNAPSHOT_FILE), JSON.stringify(written));
  rmSync(join(cacheDir, JOURNAL_FILE), { force: true });
}

/** What a text edit changed of the snapshot `base` names: a line of its journal. */
export interface EditJournalLine {
  base: string;
  fingerprint: string;
  /** The edited docs. */
  docs: Record<string, DocSnapshot>;
  /** Where the edited routes' inputs now are in the pack. */
  routes: Record<string, [number, number]>;
  /** The pages of search indexes whose key changed: by file, the page's place in the index -> its key. */
  scopes: Record<string, Record<number, string>>;
}

/**
 * Adds a text edit's changes to the snapshot's journal, its texts (their ranges recorded in the
 * line) added at the end of the pack first (which is `from` bytes long).
 */
export function appendEditSnapshot(cacheDir: string, line: Omit<EditJournalLine, 'routes'>, texts: SnapshotTexts, from: number): void {
  const pack = openPack(join(cacheDir, PACK_FILE), from);
  const routes: Record<string, [number, number]> = {};
  for (const [key, text] of texts.routes) routes[key] = pack.add(text);
  for (const [sitePath, text] of texts.links) line.docs[sitePath]!.links = pack.add(text);
  pack.finish();
  // A line cut short (a killed process) makes the snapshot unreadable: the next build is whole.
  appendJournalLine(join(cacheDir, JOURNAL_FILE), { ...line, routes });
}

export function forgetEditSnapshot(cacheDir: string): void {
  rmSync(join(cacheDir, SNAPSHOT_FILE), { force: true });
  rmSync(join(cacheDir, JOURNAL_FILE), { force: true });
}

/** The last build's snapshot with the text edits since (its journal), if it wrote one that can be read. */
export function readEditSnapshot(cacheDir: string): EditSnapshot | undefined {
  try {
    const snapshot: EditSnapshot = { ...(JSON.parse(readWholeText(join(cacheDir, SNAPSHOT_FILE))) as Omit<EditSnapshot, 'edited'>), edited: {} };
    // (Lines of the snapshot before are left out: a whole build replaced it, and was stopped before it removed the journal.)
    const lines = readJournalLines<EditJournalLine>(join(cacheDir, JOURNAL_FILE), snapshot.base);
    if (!lines) return undefined;
    for (const line of lines) {
      snapshot.fingerprint = line.fingerprint;
      Object.assign(snapshot.edited, line.docs);
      for (const [sitePath, { stamp, key }] of Object.entries(line.docs)) snapshot.docs[sitePath] = { stamp, key };
      Object.assign(snapshot.routes, line.routes);
      for (const [file, keys] of Object.entries(line.scopes)) {
        const pages = snapshot.scopes[file]!;
        for (const [place, key] of Object.entries(keys)) pages[Number(place)] = { ...pages[Number(place)]!, key };
      }
    }
    return snapshot;
  } catch {
    return undefined;
  }
}

/**
 * The whole snapshots of the docs of `sitePaths`, as the last text edit of each left it; undefined
 * when one of them cannot be read.
 */
export function readSnapshotDocs(cacheDir: string, snapshot: EditSnapshot, sitePaths: readonly string[]): Map<string, DocSnapshot> | undefined {
  const unedited = sitePaths.filter((sitePath) => !snapshot.edited[sitePath]);
  const read = findKeyedLines<DocSnapshot>(join(cacheDir, DOCS_FILE), snapshot.base, unedited);
  if (!read || read.size !== unedited.length) return undefined;
  return new Map(sitePaths.map((sitePath) => [sitePath, snapshot.edited[sitePath] ?? read.get(sitePath)!]));
}

/** Reads texts of the snapshot's pack by their ranges; the pack's length with them (where a text edit appends). */
export function readSnapshotTexts(cacheDir: string, ranges: readonly [number, number][]): { texts: string[]; length: number } {
  const fd = openSync(join(cacheDir, PACK_FILE), 'r');
  try {
    const texts = ranges.map(([start, end]) => {
      const bytes = Buffer.alloc(end - start);
      if (readSync(fd, bytes, 0, bytes.length, start) !== bytes.length) throw new Error('The pack is shorter than its snapshot says');
      return bytes.toString('utf8');
    });
    return { texts, length: fstatSync(fd).size };
  } finally {
    closeSync(fd);
  }
}
