import { useEffect, useState } from 'react';
import { Link, MAIN_ID, useTranslate } from '../firstLoad.js';
import { useTranslateCount } from '../plural.js';
import { STRINGS, useSearch } from './searchEngine.js';
import { Snippet } from './Snippet.js';

/** Results the page lists, at most. */
const PAGE_RESULTS = 50;

/** `?q=` of the page's URL: the query a link or a bookmark gives the page. */
const readQuery = () => new URLSearchParams(window.location.search).get('q') ?? '';

/**
 * The search page (`search.page`, at `<locale base>/search`, as Docusaurus's search themes add
 * one): the query of `?q=`, searched as the dialog searches, every result a link. The URL follows
 * the query as it is typed, so that a search can be shared. The server renders it without a
 * query (it has none); the browser reads `?q=` once hydrated.
 */
export function SearchPage() {
  const t = useTranslate(STRINGS);
  const tCount = useTranslateCount(STRINGS);
  const [query, setQuery] = useState('');
  const [everything, setEverything] = useState(false);
  const { hits, loading, failed, answered } = useSearch(query, everything, PAGE_RESULTS);
  useEffect(() => setQuery(readQuery()), []);
  const change = (value: string) => {
    setQuery(value);
    const url = new URL(window.location.href);
    if (value === '') url.searchParams.delete('q');
    else url.searchParams.set('q', value);
    window.history.replaceState(window.history.state, '', url);
  };
  const searched = query.trim() !== '';
  return (
    <main id={MAIN_ID} className="container search-page">
      <h1>{t('search.title')}</h1>
      <form role="search" className="search-page__form" onSubmit={(event) => event.preventDefault()}>
        <input
          className="search-page__input"
          type="search"
          name="q"
          aria-label={t('search.label')}
          placeholder={t('search.placeholder')}
          value={query}
          onChange={(event) => change(event.target.value)}
          autoComplete="off"
          spellCheck={false}
          autoFocus
        />
        <label className="search-modal__scope">
          <input type="checkbox" checked={everything} onChange={(event) => setEverything(event.target.checked)} />
          {t('search.everything')}
        </label>
      </form>
      <p className="search-page__status" role="status">
        {failed
          ? t('search.failed')
          : loading && searched
            ? t('loading')
            : searched && answered
              ? hits.length === 0
                ? t('search.noResults', { query })
                : tCount('search.found', { query, count: hits.length })
              : null}
      </p>
      <ol className="search-page__results" aria-label={t('search.results')}>
        {(searched ? hits : []).map((hit) => (
          <li key={`${hit.scope}-${hit.id}`} className="search-page__hit">
            <h2 className="search-page__title">
              <Link href={hit.url}>{hit.heading ? `${hit.title} › ${hit.heading}` : hit.title}</Link>
            </h2>
            <p className="search-page__snippet">
              <Snippet text={hit.text} query={query} />
            </p>
          </li>
        ))}
      </ol>
    </main>
  );
}
