import type { PropVersion } from '@docgen/types';
import { getPreferredVersionStorageKey } from '../firstLoad.js';

const listeners = new Set<() => void>();

/** The key of the preferred version of a docs instance (`default` for `docs`), as Docusaurus names it. */
const storageKey = (docsInstance: string | undefined) => getPreferredVersionStorageKey(docsInstance ?? 'default');

function readPreferred(docsInstance: string | undefined): string | null {
  try {
    return window.localStorage.getItem(storageKey(docsInstance));
  } catch {
    return null;
  }
}

/** Stores the reader's preferred version of a docs instance and tells every navbar about it. */
export function storePreferredVersion(docsInstance: string | undefined, name: string | null): void {
  try {
    if (name === null) window.localStorage.removeItem(storageKey(docsInstance));
    else window.localStorage.setItem(storageKey(docsInstance), name);
  } catch {
    // Without storage the choice lasts for this page view only.
  }
  listeners.forEach((listener) => listener());
}

/**
 * Tells `onChange` the reader's preferred version of a docs instance (localStorage), now and
 * whenever it changes, in this tab or another; a name that is not one of `versions` is removed.
 * Returns the function that stops it.
 */
export function watchPreferredVersion(
  docsInstance: string | undefined,
  versions: readonly string[],
  onChange: (name: string | null) => void,
): () => void {
  const update = () => {
    const preferred = readPreferred(docsInstance);
    if (preferred !== null && !versions.includes(preferred)) storePreferredVersion(docsInstance, null);
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

/**
 * Tells `onChange` the reader's preferred version of every docs instance of `versions`, by
 * instance id (`''` for the default one), now and whenever one changes (see watchPreferredVersion).
 * Returns the function that stops it.
 */
export function watchPreferredVersions(
  versions: readonly PropVersion[],
  onChange: (update: (all: Record<string, string | null>) => Record<string, string | null>) => void,
): () => void {
  const instances = [...new Set(versions.map((version) => version.docsInstance))];
  const stops = instances.map((instance) =>
    watchPreferredVersion(
      instance,
      versions.filter((version) => version.docsInstance === instance).map((version) => version.name),
      (name) => onChange((all) => (all[instance ?? ''] === name ? all : { ...all, [instance ?? '']: name })),
    ),
  );
  return () => stops.forEach((stop) => stop());
}
