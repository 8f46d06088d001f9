import { useState } from 'react';
import { usePage, useSiteData } from '@docgen/client';
import type { PropVersion } from '@docgen/types';
import { useBehaviourEffect } from '../afterHydration.js';

/**
 * The docs version the navbar links into: the version of the doc being read, else the reader's
 * preferred version (behaviours/preferredVersion.ts, read after hydration), else the latest. The
 * server and the first client render know no preference, so hydration always matches.
 */
export function useActiveVersion(): PropVersion | undefined {
  const site = useSiteData();
  const { route } = usePage();
  const [preferred, setPreferred] = useState<string | null>(null);
  useBehaviourEffect(
    (code) =>
      code.watchPreferredVersion(
        site.versions.map((version) => version.name),
        setPreferred,
      ),
    [site.versions],
  );
  const routeVersion = 'versionName' in route ? route.versionName : undefined;
  const name = routeVersion ?? preferred;
  return site.versions.find((version) => version.name === name) ?? site.versions.find((version) => version.isLast) ?? site.versions[0];
}
