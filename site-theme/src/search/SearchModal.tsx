import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import { useNavigate, useSiteData, useTranslate } from '../firstLoad.js';
import { useFocusTrap } from '../layout/useFocusTrap.js';
import { STRINGS, useSearch, type Hit } from './searchEngine.js';
import { Snippet } from './Snippet.js';

export { preloadIndexes } from './searchEngine.js';

/**
 * The search dialog: searches the docs version being read, or, with the switch, every version and
 * the blog. Arrow keys move through results, Enter opens one at its heading, Escape closes.
 */
export default function SearchModal({ onClose }: { onClose: () => void }) {
  const site = useSiteData();
  const navigate = useNavigate();
  const t = useTranslate(STRINGS);
  const [query, setQuery] = useState('');
  const [everything, setEverything] = useState(false);
  const [active, setActive] = useState(0);
  const inputRef = useRef<HTMLInputElement>(null);
  const listId = useId();
  const { hits, loading, failed, answered } = useSearch(query, everything);

  const dialogRef = useRef<HTMLDivElement>(null);
  useFocusTrap(dialogRef, inputRef);
  useEffect(() => {
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = '';
    };
  }, []);

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
                  <Snippet text={hit.text} query={query} />
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
