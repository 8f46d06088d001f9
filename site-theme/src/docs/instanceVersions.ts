import type { PropDocContext, PropVersion, SiteData } from '@docgen/types';

/** The versions of one docs instance, newest first; `docsInstance` absent is the default instance (`docs`). */
export function getInstanceVersions(site: SiteData, docsInstance: string | undefined): PropVersion[] {
  return site.versions.filter((version) => version.docsInstance === docsInstance);
}

/** The version a doc-like route is of, among the versions of its instance. */
export function findRouteVersion(site: SiteData, route: Pick<PropDocContext, 'docsInstance' | 'versionName'>): PropVersion | undefined {
  return getInstanceVersions(site, route.docsInstance).find((version) => version.name === route.versionName);
}
