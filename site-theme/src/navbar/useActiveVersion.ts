import { useEffect, useSyncExternalStore } from 'react';
import { getPreferredVersionStorageKey, usePage, useSiteData } from '@docgen/client';
import type { PropVersion } from '@docgen/types';

export const DOCS_PLUGIN_ID = 'default';
const STORAGE_KEY = getPreferredVersionStorageKey(DOCS_PLUGIN_ID);

const listeners = new Set<() => void>();

function readPreferred(): string | null {
  try {
    return window.localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

/** Stores the reader's preferred docs version (per docs plugin) and tells every navbar about it. */
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
 * The docs version the navbar links into: the version of the doc being read, else the reader's
 * preferred version (localStorage; a stale name is removed), else the latest. The server and the
 * first client render know no preference, so hydration always matches.
 */
export function useActiveVersion(): PropVersion | undefined {
  const site = useSiteData();
  const { route } = usePage();
  const preferred = useSyncExternalStore(subscribe, readPreferred, () => null);
  const known = preferred !== null && site.versions.some((version) => version.name === preferred);
  useEffect(() => {
    if (preferred !== null && !known) storePreferredVersion(null);
  }, [preferred, known]);
  const routeVersion = 'versionName' in route ? route.versionName : undefined;
  const name = routeVersion ?? (known ? preferred : null);
  return site.versions.find((version) => version.name === name) ?? site.versions.find((version) => version.isLast) ?? site.versions[0];
}
