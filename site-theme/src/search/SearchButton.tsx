import { useEffect, useRef, useState } from 'react';
import { usePage, useSiteData } from '@docgen/client';
import { useTranslate } from '../i18n.js';
import { lazyComponent } from '../lazyModule.js';

/**
 * The dialog, its search library and the manifests of the indexes it opens with load only when the
 * reader is about to search: when the pointer is over the button, presses it or focus reaches it
 * (by the click they have usually arrived), else when the shortcut opens it.
 */
const searchModal = lazyComponent('search dialog', () => import('./SearchModal.js'));

function isTyping(target: EventTarget | null): boolean {
  const element = target as HTMLElement | null;
  return !!element && (element.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(element.tagName));
}

/** The navbar search button; Ctrl+K and Cmd+K open and close the search dialog, "/" opens it. */
export function SearchButton() {
  const site = useSiteData();
  const { route } = usePage();
  const t = useTranslate();
  const [open, setOpen] = useState(false);
  const openRef = useRef(open);
  openRef.current = open;
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const shortcut = (event.key === 'k' || event.key === 'K') && (event.ctrlKey || event.metaKey);
      if (shortcut && openRef.current) {
        event.preventDefault();
        setOpen(false);
      } else if (shortcut || (event.key === '/' && !event.ctrlKey && !event.metaKey && !event.altKey && !isTyping(event.target))) {
        event.preventDefault();
        searchModal.open(() => setOpen(true));
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
  if (!site.search || site.search.scopes.length === 0) return null;
  const preload = () => {
    searchModal.preload();
    import('./SearchModal.js').then(
      (module) => module.preloadIndexes(site, route),
      () => undefined,
    );
  };
  return (
    <>
      <button
        type="button"
        className="search-button"
        title={t('search.open')}
        aria-keyshortcuts="Control+K Meta+K /"
        onPointerEnter={preload}
        onPointerDown={preload}
        onFocus={preload}
        onClick={() => searchModal.open(() => setOpen(true))}
      >
        <svg width="18" height="18" viewBox="0 0 20 20" aria-hidden="true">
          <path
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            d="M14.4 14.4 19 19m-2.3-9.6a7.3 7.3 0 1 1-14.6 0 7.3 7.3 0 0 1 14.6 0Z"
          />
        </svg>
        <span className="search-button__label">{t('search.label')}</span>
        <kbd className="search-button__key">Ctrl K</kbd>
      </button>
      {open ? <searchModal.Component onClose={() => setOpen(false)} /> : null}
    </>
  );
}
