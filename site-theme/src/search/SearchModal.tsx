import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import {
  createShardedSearch,
  getDocsSearchScope,
  getHighlightPattern,
  getSearchFileUrl,
  getSearchIndexUrl,
  type SearchManifest,
  type ShardedSearch,
} from '@docgen/client/search';
import type { SiteData } from '@docgen/types';
import { useNavigate, usePage, useSiteData, useTranslate } from '../firstLoad.js';
import { useFocusTrap } from '../layout/useFocusTrap.js';

/** The UI strings of the dialog, loaded with it (it also shows some of i18n.ts). */
const STRINGS = {
  en: {
    'search.placeholder': 'Search the docs',
    'search.everything': 'Search all versions and the blog',
    'search.results': 'Search results',
    'search.noResults': 'No results for "{query}"',
    'search.failed': 'The search index could not be loaded. Check your connection and try again.',
  },
  ko: {
    'search.placeholder': '문서 검색',
    'search.everything': '모든 버전과 블로그에서 검색',
    'search.results': '검색 결과',
    'search.noResults': '"{query}"에 대한 결과가 없습니다',
    'search.failed': '검색 색인을 불러오지 못했습니다. 네트워크 연결을 확인한 뒤 다시 시도하세요.',
  },
};

interface Section {
  title: string;
  heading: string;
  url: string;
  text: string;
}

type Hit = Section & { id: number; score: number; scope: string };

/** Results shown, at most: only their details are fetched. */
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
function loadIndex(site: SiteData, scope: string): Promise<ShardedSearch> {
  const url = getSearchIndexUrl(site.siteBaseUrl, site.buildId, site.locale, scope);
  let promise = indexes.get(url);
  if (!promise) {
    promise = fetchJson(url).then((manifest) =>
      createShardedSearch(manifest as SearchManifest, (name) => fetchJson(getSearchFileUrl(site.siteBaseUrl, name))),
    );
    indexes.set(url, promise);
    promise.catch(() => indexes.delete(url));
  }
  return promise;
}

type PageRoute = ReturnType<typeof usePage>['route'];

/** The scopes searched on a page: the docs of its version (else the latest of `docs`), or `everything`. */
function getScopes(site: SiteData, route: PageRoute, everything: boolean): string[] {
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
async function findHits(query: string, scopes: readonly string[], loaded: ReadonlyMap<string, ShardedSearch>): Promise<Hit[]> {
  const engines = scopes.map((scope) => ({ scope, index: loaded.get(scope)! }));
  await Promise.all(engines.map(({ index }) => (index.missing(query).length > 0 ? index.load(query) : undefined)));
  const found = engines
    .flatMap(({ scope, index }) =>
      index
        .search(query)
        .slice(0, MAX_RESULTS)
        .map((hit) => ({ ...hit, scope, index })),
    )
    .sort((a, b) => b.score - a.score)
    .slice(0, MAX_RESULTS);
  return Promise.all(
    found.map(async ({ id, score, scope, index }) => {
      const [detail] = await index.details([id]);
      return { ...detail!, id, score, scope };
    }),
  );
}

/** A window of the text around the first match, split into plain and marked parts. */
function getSnippet(text: string, query: string): { text: string; marked: boolean }[] {
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
 * The search dialog: searches the docs version being read, or, with the switch, every version and
 * the blog. Arrow keys move through results, Enter opens one at its heading, Escape closes.
 */
export default function SearchModal({ onClose }: { onClose: () => void }) {
  const site = useSiteData();
  const { route } = usePage();
  const navigate = useNavigate();
  const t = useTranslate(STRINGS);
  const [query, setQuery] = useState('');
  const [everything, setEverything] = useState(false);
  const [loaded, setLoaded] = useState<Map<string, ShardedSearch>>(new Map());
  const [result, setResult] = useState<{ query: string; scopes: string; hits: Hit[] }>({ query: '', scopes: '', hits: [] });
  const [failed, setFailed] = useState(false);
  const [active, setActive] = useState(0);
  const inputRef = useRef<HTMLInputElement>(null);
  const listId = useId();
  const selected = getScopes(site, route, everything);

  const dialogRef = useRef<HTMLDivElement>(null);
  useFocusTrap(dialogRef, inputRef);
  useEffect(() => {
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = '';
    };
  }, []);

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
    findHits(query, selected, loaded).then(
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

  useEffect(() => setActive(0), [query, everything]);

  const open = (hit: Hit) => {
    onClose();
    navigate(hit.url);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActive((index) => Math.min(index + 1, hits.length - 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((index) => Math.max(index - 1, 0));
    } else if (event.key === 'Enter' && hits[active]) {
      event.preventDefault();
      open(hits[active]);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
    }
  };
  const loading = (!ready || (query.trim() !== '' && !answered)) && !failed;
  const optionId = (index: number) => `${listId}-option-${index}`;

  // A portal puts the dialog above everything, outside the navbar's stacking context.
  return createPortal(
    <div
      className="search-modal"
      role="dialog"
      aria-modal="true"
      aria-label={t('search.label')}
      onKeyDown={(event) => event.key === 'Escape' && onClose()}
      ref={dialogRef}
    >
      <div className="search-modal__backdrop" onClick={onClose} />
      <div className="search-modal__panel">
        <div className="search-modal__bar">
          <input
            ref={inputRef}
            className="search-modal__input"
            type="search"
            role="combobox"
            aria-expanded={hits.length > 0}
            aria-controls={listId}
            aria-activedescendant={hits[active] ? optionId(active) : undefined}
            aria-autocomplete="list"
            aria-label={t('search.label')}
            placeholder={t('search.placeholder')}
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            onKeyDown={onKeyDown}
            autoComplete="off"
            spellCheck={false}
          />
          <button type="button" className="search-modal__close" aria-label={`Esc: ${t('announcement.close')}`} onClick={onClose}>
            Esc
          </button>
        </div>
        <label className="search-modal__scope">
          <input type="checkbox" checked={everything} onChange={(event) => setEverything(event.target.checked)} />
          {t('search.everything')}
        </label>
        <ul id={listId} role="listbox" className="search-modal__results" aria-label={t('search.results')}>
          {hits.map((hit, index) => (
            <li
              key={`${hit.scope}-${hit.id}`}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              className={`search-hit${index === active ? ' search-hit--active' : ''}`}
              onMouseEnter={() => setActive(index)}
              onMouseDown={(event) => {
                event.preventDefault();
                open(hit);
              }}
            >
              <div className="search-hit__link" data-url={hit.url}>
                <span className="search-hit__title">
                  {hit.title}
                  {everything ? (
                    <span className="search-hit__scope">{site.search?.scopes.find((scope) => scope.name === hit.scope)?.label}</span>
                  ) : null}
                </span>
                {hit.heading ? <span className="search-hit__heading">{hit.heading}</span> : null}
                <span className="search-hit__snippet">
                  {getSnippet(hit.text, query).map((part, position) =>
                    part.marked ? <mark key={position}>{part.text}</mark> : <span key={position}>{part.text}</span>,
                  )}
                </span>
              </div>
            </li>
          ))}
        </ul>
        <div className="search-modal__status" role="status">
          {failed
            ? t('search.failed')
            : loading
              ? t('loading')
              : query.trim() !== '' && answered && hits.length === 0
                ? t('search.noResults', { query })
                : null}
        </div>
      </div>
    </div>,
    document.body,
  );
}
