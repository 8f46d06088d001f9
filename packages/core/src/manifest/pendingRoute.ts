import type { ContentLink, ManifestRoute } from '@docgen/types';

/** A route before links are resolved and alternates computed (internal to the manifest stage). */
export interface PendingRoute {
  route: ManifestRoute;
  /**
   * The site path relative links of the source resolve from. For a translation this is the
   * path of its default-locale source, so that `./other.md` means the same page in every locale.
   */
  linkBase?: string;
  links: ContentLink[];
  docId?: string;
  /** Canonical path when the route repeats another page (a version root showing its main doc). */
  canonicalPath?: string;
}
