import {
  createSearchFileSource,
  createShardedSearch,
  getDocsSearchScope,
  getHighlightPattern,
  getSearchIndexUrl,
  type SearchManifest,
  type ShardedSearch,
} from '@docgen/client/search';
import type { SiteData } from '@docgen/types';
import { useEffect, useState } from 'react';
import { usePage, useSiteData } from '../firstLoad.js';

/**
 * What the search dialog and the search page share: their UI strings, the indexes of the search
 * scopes (each loaded once per page view), and a query's results. Loaded with either, never with
 * a page's first load.
 */

/** The UI strings of the dialog and the page, loaded with them (they also show some of i18n.ts). */
export const STRINGS = {
  en: {
    'search.placeholder': 'Search the docs',
    'search.everything': 'Search all versions and the blog',
    'search.results': 'Search results',
    'search.noResults': 'No results for "{query}"',
    'search.failed': 'The search index could not be loaded. Check your connection and try again.',
    'search.title': 'Search the documentation',
    'search.found': 'One result for "{query}"|{count} results for "{query}"',
  },
  ko: {
    'search.placeholder': '문서 검색',
    'search.everything': '모든 버전과 블로그에서 검색',
    'search.results': '검색 결과',
    'search.noResults': '"{query}"에 대한 결과가 없습니다',
    'search.failed': '검색 색인을 불러오지 못했습니다. 네트워크 연결을 확인한 뒤 다시 시도하세요.',
    'search.title': '문서 검색',
    'search.found': '"{query}" 검색 결과 {count}건',
  },
};

export interface Section {
  title: string;
  heading: string;
  url: string;
  text: string;
}

export type Hit = Section & { id: number; score: number; scope: string };

/** Results the dialog shows, at most: only their details are fetched. */
const MAX_RESULTS = 10;

const indexes = new Map<string, Promise<ShardedSearch>>();

async function fetchJson(url: string): Promise<unknown> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`Loading ${url} failed with HTTP ${response.status}`);
  return response.json();
}

/**
 * Loads (once per page view) the manifest of a scope's index; its shards and detail chunks are
 * fetched as queries need them, each once (the files are named by their content: the browser
 * may keep them forever).
 */
export function loadIndex(site: SiteData, scope: string): Promise<ShardedSearch> {
  const url = getSearchIndexUrl(site.siteBaseUrl, site.buildId, site.locale, scope);
  let promise = indexes.get(url);
  if (!promise) {
    promise = fetchJson(url).then((manifest) => createShardedSearch(manifest as SearchManifest, createSearchFileSource(site.siteBaseUrl)));
    indexes.set(url, promise);
    promise.catch(() => indexes.delete(url));
  }
  return promise;
}

export type PageRoute = ReturnType<typeof usePage>['route'];

/** The scopes searched on a page: the docs of its version (else the latest of `docs`), or `everything`. */
export function getScopes(site: SiteData, route: PageRoute, everything: boolean): string[] {
  const scopes = site.search?.scopes ?? [];
  const latest = site.versions.find((version) => version.isLast && version.docsInstance === undefined);
  const current =
    'versionName' in route
      ? getDocsSearchScope(route.docsInstance, route.versionName)
      : latest && getDocsSearchScope(undefined, latest.name);
  return scopes.filter((scope) => everything || scope.name === current).map((scope) => scope.name);
}

/** Fetches the manifests the dialog opens with, when the reader is about to open it: they are there by the click. */
export function preloadIndexes(site: SiteData, route: PageRoute): void {
  for (const scope of getScopes(site, route, false)) loadIndex(site, scope).catch(() => undefined);
}

/** The results of a query in the scopes: the shards its terms need, then the details of the best. */
export async function findHits(
  query: string,
  scopes: readonly string[],
  loaded: ReadonlyMap<string, ShardedSearch>,
  limit = MAX_RESULTS,
): Promise<Hit[]> {
  const engines = scopes.map((scope) => ({ scope, index: loaded.get(scope)! }));
  await Promise.all(engines.map(({ index }) => (index.missing(query).length > 0 ? index.load(query) : undefined)));
  const found = engines
    .flatMap(({ scope, index }) =>
      index
        .search(query)
        .slice(0, limit)
        .map((hit) => ({ ...hit, scope, index })),
    )
    .sort((a, b) => b.score - a.score)
    .slice(0, limit);
  return Promise.all(
    found.map(async ({ id, score, scope, index }) => {
      const [detail] = await index.details([id]);
      return { ...detail!, id, score, scope };
    }),
  );
}

/** A window of the text around the first match, split into plain and marked parts. */
export function getSnippet(text: string, query: string): { text: string; marked: boolean }[] {
  const pattern = getHighlightPattern(query);
  const first = pattern ? text.search(pattern) : -1;
  const start = Math.max(0, first - 50);
  const window = (start > 0 ? '…' : '') + text.slice(start, start + 160) + (start + 160 < text.length ? '…' : '');
  if (!pattern) return [{ text: window, marked: false }];
  return window
    .split(pattern)
    .filter((part) => part !== '')
    .map((part) => ({ text: part, marked: new RegExp(`^${pattern.source}$`, 'i').test(part) }));
}

/**
 * The results of `query` on the page being read: in its docs version's scope, or in every scope
 * (`everything`), the best `limit` (the dialog's 10 unless given). Each scope's index loads once; the last results stay while the next query's
 * shards load (`answered` tells whether the hits are the query's).
 */
export function useSearch(
  query: string,
  everything: boolean,
  limit?: number,
): { hits: Hit[]; loading: boolean; failed: boolean; answered: boolean } {
  const site = useSiteData();
  const { route } = usePage();
  const [loaded, setLoaded] = useState<Map<string, ShardedSearch>>(new Map());
  const [result, setResult] = useState<{ query: string; scopes: string; hits: Hit[] }>({ query: '', scopes: '', hits: [] });
  const [failed, setFailed] = useState(false);
  const selected = getScopes(site, route, everything);

  useEffect(() => {
    let live = true;
    for (const scope of selected) {
      if (loaded.has(scope)) continue;
      loadIndex(site, scope).then(
        (index) => live && setLoaded((current) => new Map(current).set(scope, index)),
        () => live && setFailed(true),
      );
    }
    return () => {
      live = false;
    };
  }, [selected.join(' '), site]);

  const scopesKey = selected.join(' ');
  const ready = selected.every((scope) => loaded.has(scope));
  useEffect(() => {
    if (query.trim() === '' || !ready) return;
    let live = true;
    findHits(query, selected, loaded, limit).then(
      (hits) => live && setResult({ query, scopes: scopesKey, hits }),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [query, ready, loaded, scopesKey]);
  // The last results found stay while the next query's shards load.
  const hits = query.trim() === '' ? [] : result.hits;
  const answered = result.query === query && result.scopes === scopesKey;
  const loading = (!ready || (query.trim() !== '' && !answered)) && !failed;
  return { hits, loading, failed, answered };
}
