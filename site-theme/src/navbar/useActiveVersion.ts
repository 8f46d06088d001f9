import { useEffect, useState } from 'react';
import { usePage, useSiteData } from '@docgen/client';
import { getPreferredVersionStorageKey } from '@docgen/client';
import type { PropVersion } from '@docgen/types';

export const DOCS_PLUGIN_ID = 'default';

/**
 * The docs version the navbar links into: the version of the doc being read, else the reader's
 * preferred version (localStorage, read after hydration), else the latest.
 */
export function useActiveVersion(): PropVersion | undefined {
  const site = useSiteData();
  const { route } = usePage();
  const [preferred, setPreferred] = useState<string | null>(null);
  useEffect(() => {
    try {
      const key = getPreferredVersionStorageKey(DOCS_PLUGIN_ID);
      const stored = window.localStorage.getItem(key);
      if (stored && !site.versions.some((version) => version.name === stored)) window.localStorage.removeItem(key);
      else setPreferred(stored);
    } catch {
      // No storage: use the latest version.
    }
  }, [site.versions]);
  const routeVersion = 'versionName' in route ? route.versionName : undefined;
  const name = routeVersion ?? preferred;
  return site.versions.find((version) => version.name === name) ?? site.versions.find((version) => version.isLast) ?? site.versions[0];
}

export function storePreferredVersion(name: string): void {
  try {
    window.localStorage.setItem(getPreferredVersionStorageKey(DOCS_PLUGIN_ID), name);
  } catch {
    // Without storage the choice lasts for this navigation only.
  }
}
