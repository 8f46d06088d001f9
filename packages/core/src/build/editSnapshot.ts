/**
 * What `docgen build` records of the site model beside its build record, for the next build's
 * text edits (textEdit.ts): each markdown doc's compile key, front matter and routes, the JSON of
 * each route's inputs, each locale's site data and each search index's pages. Enough to render
 * again the pages of a doc whose text alone changed, without reading the site or making its model.
 */
import { closeSync, fstatSync, openSync, readSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { CompiledMarkdown, SearchPage, SiteContent, SiteData, SiteManifest } from '@docgen/types';
import { readWholeText, writeAll, writeFileWhole } from '../processes/index.js';
import { hashText, toRouteKey } from './buildPlan.js';
import { getMarkdownSources } from './compileKeys.js';
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
  /** A hash of what other pages see of its compiled body (see getEditShape). */
  shape: string;
  /** The routes that show its content (`locale\0path`): its page, and its fallback pages in other locales. */
  routes: string[];
  /** Where its link targets (LinkTargets) are in the pack file: [start, end) in bytes. */
  links: [number, number];
}

/** Where a doc's links lead, by locale of the page they are on: the URL as written -> the page or file it resolved to. */
export type LinkTargets = Record<string, Record<string, string>>;

/**
 * What other pages see of a doc's compiled body (getPublicShape), and the files the site copies
 * for it (math, diagrams): two docs of the same shape give the same site model but for their own content.
 */
export function getEditShape(compiled: CompiledMarkdown, frontMatter: unknown): string {
  const shown = { description: (frontMatter as { description?: unknown }).description === undefined, readingTime: false };
  const uses = [compiled.hasMath ?? false, compiled.hasDiagram ?? false, compiled.hasDocCardList ?? false];
  return hashText(JSON.stringify([getPublicShape(compiled, shown), uses, compiled.diagnostics.length]));
}

export interface EditSnapshot {
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
  /** Markdown docs (not MDX) by site path. */
  docs: Record<string, DocSnapshot>;
  /** Where each route's inputs (the JSON its hash was made of) are in the pack file: [start, end) in bytes. */
  routes: Record<string, [number, number]>;
  /** The pages of each search index (by its file), in index order. */
  scopes: Record<string, SearchPage[]>;
}

const SNAPSHOT_FILE = 'last-build-model.json';
/** The JSON texts the snapshot points at (route inputs, link targets), one after the other. */
const PACK_FILE = 'last-build-model.pack';

/** The texts of a snapshot's pack: each route's inputs by route key, each doc's link targets by site path. */
export interface SnapshotTexts {
  routes: ReadonlyMap<string, string>;
  links: ReadonlyMap<string, string>;
}

/** The snapshot of a run's site model, without what `docgen build` adds (fingerprint, frame, stamps). */
export function toEditSnapshot(input: {
  manifest: SiteManifest;
  content: SiteContent;
  keyOf: (source: SiteContent['versions'][number]['docs'][number]) => string;
  compiledOf: (key: string) => CompiledMarkdown | undefined;
  salt: string;
  themeKey: string;
  buildId: string;
  islands: EditSnapshot['islands'];
  /** The JSON of each route's inputs, by route key. */
  routeTexts: ReadonlyMap<string, string>;
  /** Each built locale's search indexes: file and pages. */
  scopes: { file: string; pages: SearchPage[] }[];
  renderLocales: ReadonlySet<string>;
}): { snapshot: Omit<EditSnapshot, 'fingerprint' | 'frame'>; texts: SnapshotTexts } {
  const { manifest, content, renderLocales } = input;
  // A doc an MDX page imports (as a partial, or its text) is part of that page too: not a text edit's.
  const imported = new Set(
    getMarkdownSources(content).flatMap((source) => [...Object.keys(source.partials ?? {}), ...Object.keys(source.texts ?? {}), ...(source.files ?? [])]),
  );
  const docs: Record<string, DocSnapshot> = {};
  const byKey = new Map<string, DocSnapshot>();
  for (const version of content.versions) {
    for (const doc of version.docs) {
      const key = input.keyOf(doc);
      const compiled = input.compiledOf(key);
      if (doc.mdx || docs[doc.file.sitePath] || imported.has(doc.file.sitePath) || !compiled) continue;
      const snapshot: DocSnapshot = {
        stamp: '',
        key,
        bodyLine: doc.bodyLine,
        frontMatter: hashText(JSON.stringify(doc.frontMatter)),
        shape: getEditShape(compiled, doc.frontMatter),
        routes: [],
        links: [0, 0],
      };
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
  const scopes = Object.fromEntries(input.scopes.map(({ file, pages }) => [file, pages]));
  const { salt, themeKey, buildId, islands } = input;
  const links = new Map([...targets].map(([sitePath, byLocale]) => [sitePath, JSON.stringify(byLocale)]));
  return { snapshot: { salt, themeKey, buildId, islands, sites, docs, routes: {}, scopes }, texts: { routes: input.routeTexts, links } };
}

/**
 * Writes the snapshot and its pack: the texts one after the other, each one's range recorded in
 * the snapshot. `appendTo`: the pack holds the other texts already (a text edit's), these are
 * added at its end, `from` bytes.
 */
export function writeEditSnapshot(cacheDir: string, snapshot: EditSnapshot, texts: SnapshotTexts, appendTo?: { from: number }): void {
  const parts: Buffer[] = [];
  let at = appendTo?.from ?? 0;
  const add = (text: string): [number, number] => {
    const bytes = Buffer.from(text);
    parts.push(bytes);
    at += bytes.length;
    return [at - bytes.length, at];
  };
  for (const [key, text] of texts.routes) snapshot.routes[key] = add(text);
  for (const [sitePath, text] of texts.links) snapshot.docs[sitePath]!.links = add(text);
  const packFile = join(cacheDir, PACK_FILE);
  if (appendTo) {
    const fd = openSync(packFile, 'a');
    try {
      for (const part of parts) writeAll(fd, part);
    } finally {
      closeSync(fd);
    }
  } else writeFileWhole(packFile, Buffer.concat(parts));
  writeFileWhole(join(cacheDir, SNAPSHOT_FILE), JSON.stringify(snapshot));
}

export function forgetEditSnapshot(cacheDir: string): void {
  rmSync(join(cacheDir, SNAPSHOT_FILE), { force: true });
}

/** The last build's snapshot, if it wrote one that can be read. */
export function readEditSnapshot(cacheDir: string): EditSnapshot | undefined {
  try {
    return JSON.parse(readWholeText(join(cacheDir, SNAPSHOT_FILE))) as EditSnapshot;
  } catch {
    return undefined;
  }
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
