import { useState } from 'react';
import { usePage, useSiteData } from '@docgen/client';
import type { PropVersion } from '@docgen/types';
import { useBehaviourEffect } from '../afterHydration.js';
import { getInstanceVersions } from '../docs/instanceVersions.js';

/**
 * The version of each docs instance the navbar links into, as a function of the instance
 * (`undefined`: the default one, `docs`): the version of the doc being read when it is of that
 * instance, else the reader's preferred version of it (behaviours/preferredVersion.ts, read after
 * hydration), else its latest. The server and the first client render know no preference, so
 * hydration always matches.
 */
export function useActiveVersions(): (docsInstance: string | undefined) => PropVersion | undefined {
  const site = useSiteData();
  const { route } = usePage();
  // The preferred version by instance id ('' for the default instance).
  const [preferred, setPreferred] = useState<Record<string, string | null>>({});
  useBehaviourEffect((code) => code.watchPreferredVersions(site.versions, setPreferred), [site.versions]);
  return (docsInstance) => {
    const versions = getInstanceVersions(site, docsInstance);
    const routeVersion = 'versionName' in route && route.docsInstance === docsInstance ? route.versionName : undefined;
    const name = routeVersion ?? preferred[docsInstance ?? ''];
    return versions.find((version) => version.name === name) ?? versions.find((version) => version.isLast) ?? versions[0];
  };
}
