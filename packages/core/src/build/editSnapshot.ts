/**
 * What `docgen build` records of the site model beside its build record, for the next build's
 * text edits (textEdit.ts): each markdown doc's compile key, front matter and routes, the JSON of
 * each route's inputs, each locale's site data and each search index's pages. Enough to render
 * again the pages of a doc whose text alone changed, without reading the site or making its model.
 */
import { closeSync, fstatSync, openSync, readSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { SearchPage, SiteContent, SiteData, SiteManifest } from '@docgen/types';
import { readWholeText, writeAll, writeFileWhole } from '../processes/index.js';
import { hashText, toRouteKey } from './buildPlan.js';

/** A doc of the last build, as a text edit compares it. */
export interface DocSnapshot {
  /** The file's stamp as the input fingerprint took it (see InputFingerprints.stamps). */
  stamp: string;
  /** Its compile key. */
  key: string;
  bodyLine: number;
  /** A hash of its front matter as the content read it. */
  frontMatter: string;
  /** The routes that show its content (`locale\0path`): its page, and its fallback pages in other locales. */
  routes: string[];
  /** Where its links lead, by locale of the page they are on: the URL as written -> the page or file it resolved to. */
  targets: Record<string, Record<string, string>>;
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
  /** Where each route's inputs are in the routes file: [start, end) in bytes. */
  routes: Record<string, [number, number]>;
  /** The pages of each search index (by its file), in index order. */
  scopes: Record<string, SearchPage[]>;
}

const SNAPSHOT_FILE = 'last-build-model.json';
const ROUTES_FILE = 'last-build-routes.json';

/** The snapshot of a run's site model, without what `docgen build` adds (fingerprint, frame, stamps). */
export function toEditSnapshot(input: {
  manifest: SiteManifest;
  content: SiteContent;
  keyOf: (source: SiteContent['versions'][number]['docs'][number]) => string;
  salt: string;
  themeKey: string;
  buildId: string;
  islands: EditSnapshot['islands'];
  /** The JSON of each route's inputs, by route key. */
  routeTexts: ReadonlyMap<string, string>;
  /** Each built locale's search indexes: file and pages. */
  scopes: { file: string; pages: SearchPage[] }[];
  renderLocales: ReadonlySet<string>;
}): { snapshot: Omit<EditSnapshot, 'fingerprint' | 'frame'>; routeTexts: ReadonlyMap<string, string> } {
  const { manifest, content, renderLocales } = input;
  const docs: Record<string, DocSnapshot> = {};
  const byKey = new Map<string, DocSnapshot>();
  for (const version of content.versions) {
    for (const doc of version.docs) {
      if (doc.mdx || docs[doc.file.sitePath]) continue;
      const snapshot: DocSnapshot = {
        stamp: '',
        key: input.keyOf(doc),
        bodyLine: doc.bodyLine,
        frontMatter: hashText(JSON.stringify(doc.frontMatter)),
        routes: [],
        targets: {},
      };
      docs[doc.file.sitePath] = snapshot;
      byKey.set(snapshot.key, snapshot);
    }
  }
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
      const doc = source.origin === 'markdown' ? docs[source.sourcePath] : undefined;
      if (!doc) continue;
      const targets = (doc.targets[locale.locale] ??= {});
      for (const link of source.links) if (link.target !== undefined) targets[link.url] = link.target;
    }
  }
  const scopes = Object.fromEntries(input.scopes.map(({ file, pages }) => [file, pages]));
  const { salt, themeKey, buildId, islands } = input;
  return { snapshot: { salt, themeKey, buildId, islands, sites, docs, routes: {}, scopes }, routeTexts: input.routeTexts };
}

/**
 * Writes the snapshot and the JSON of its routes' inputs (one file, each route's range recorded
 * in the snapshot). `appendTo`: the routes file holds the other routes already (a text edit's),
 * the texts are added at its end, `from` bytes.
 */
export function writeEditSnapshot(
  cacheDir: string,
  snapshot: EditSnapshot,
  routeTexts: ReadonlyMap<string, string>,
  appendTo?: { from: number },
): void {
  const parts: Buffer[] = [];
  let at = appendTo?.from ?? 0;
  for (const [key, text] of routeTexts) {
    const bytes = Buffer.from(text);
    parts.push(bytes);
    snapshot.routes[key] = [at, at + bytes.length];
    at += bytes.length;
  }
  const routesFile = join(cacheDir, ROUTES_FILE);
  if (appendTo) {
    const fd = openSync(routesFile, 'a');
    try {
      for (const part of parts) writeAll(fd, part);
    } finally {
      closeSync(fd);
    }
  } else writeFileWhole(routesFile, Buffer.concat(parts));
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

/** Reads the JSON of routes' inputs from the routes file, by their ranges; the file's length with them. */
export function readRouteTexts(cacheDir: string, ranges: [number, number][]): { texts: string[]; length: number } {
  const fd = openSync(join(cacheDir, ROUTES_FILE), 'r');
  try {
    const texts = ranges.map(([start, end]) => {
      const bytes = Buffer.alloc(end - start);
      if (readSync(fd, bytes, 0, bytes.length, start) !== bytes.length) throw new Error('The routes file is shorter than its snapshot says');
      return bytes.toString('utf8');
    });
    return { texts, length: fstatSync(fd).size };
  } finally {
    closeSync(fd);
  }
}
