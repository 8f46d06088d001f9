import { useMemo, useState } from 'react';
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
  const instances = useMemo(() => [...new Set(site.versions.map((version) => version.docsInstance))], [site.versions]);
  const [preferred, setPreferred] = useState<ReadonlyMap<string | undefined, string | null>>(new Map());
  useBehaviourEffect(
    (code) => {
      const stops = instances.map((instance) =>
        code.watchPreferredVersion(
          instance,
          getInstanceVersions(site, instance).map((version) => version.name),
          (name) => setPreferred((all) => (all.get(instance) === name ? all : new Map(all).set(instance, name))),
        ),
      );
      return () => stops.forEach((stop) => stop());
    },
    [site, instances],
  );
  return (docsInstance) => {
    const versions = getInstanceVersions(site, docsInstance);
    const routeVersion = 'versionName' in route && route.docsInstance === docsInstance ? route.versionName : undefined;
    const name = routeVersion ?? preferred.get(docsInstance);
    return versions.find((version) => version.name === name) ?? versions.find((version) => version.isLast) ?? versions[0];
  };
}
