import { getPreferredVersionStorageKey } from '../firstLoad.js';

/** The docs plugin whose version the reader prefers (there is one, `default`). */
const STORAGE_KEY = getPreferredVersionStorageKey('default');

const listeners = new Set<() => void>();

function readPreferred(): string | null {
  try {
    return window.localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

/** Stores the reader's preferred docs version and tells every navbar about it. */
export function storePreferredVersion(name: string | null): void {
  try {
    if (name === null) window.localStorage.removeItem(STORAGE_KEY);
    else window.localStorage.setItem(STORAGE_KEY, name);
  } catch {
    // Without storage the choice lasts for this page view only.
  }
  listeners.forEach((listener) => listener());
}

/**
 * Tells `onChange` the reader's preferred docs version (localStorage), now and whenever it
 * changes, in this tab or another; a name that is not one of `versions` is removed. Returns the
 * function that stops it.
 */
export function watchPreferredVersion(versions: readonly string[], onChange: (name: string | null) => void): () => void {
  const update = () => {
    const preferred = readPreferred();
    if (preferred !== null && !versions.includes(preferred)) storePreferredVersion(null);
    else onChange(preferred);
  };
  listeners.add(update);
  window.addEventListener('storage', update);
  update();
  return () => {
    listeners.delete(update);
    window.removeEventListener('storage', update);
  };
}
