import type { AssetFile } from '@docgen/types';

/** What a relative link to a site file resolved to: a page or a copied asset, or why it did not. */
export type FileLink = { target: string; asset?: AssetFile } | { unresolved: string; asset?: undefined };

/** The locale whose links a `LinkCache` keeps, and the site and base URL they were resolved for. */
export interface LinkScope {
  locale: string;
  siteDir: string;
  baseUrl: string;
}

/**
 * Relative file links resolved by earlier manifests, per locale: valid while the locale's pages
 * are built from the same files at the same paths (and nothing was added or removed: `clear`).
 * It knows nothing of the manifest's context, so that the context (`ManifestInput.linkCache`) can
 * name it without an import cycle.
 */
export class LinkCache {
  private readonly locales = new Map<string, { key: string; pathByFile: Map<string, string>; links: Map<string, FileLink> }>();

  /** The links of `scope.locale`, emptied first when its pages now come from other files (`pathByFile`: file -> route path). */
  get(scope: LinkScope, pathByFile: Map<string, string>): Map<string, FileLink> {
    const key = JSON.stringify([scope.siteDir, scope.baseUrl]);
    const known = this.locales.get(scope.locale);
    if (known && known.key === key && isSameMap(known.pathByFile, pathByFile)) return known.links;
    const links = new Map<string, FileLink>();
    this.locales.set(scope.locale, { key, pathByFile, links });
    return links;
  }

  clear(): void {
    this.locales.clear();
  }
}

function isSameMap(a: Map<string, string>, b: Map<string, string>): boolean {
  if (a.size !== b.size) return false;
  for (const [key, value] of a) if (b.get(key) !== value) return false;
  return true;
}
