import type { LocaleManifest, RedirectConfig, SiteManifest } from '@docgen/types';
import { isExternalUrl } from '@docgen/shared';
import { toComparableRoute } from '../manifest/index.js';

/** A config redirect as `docgen.config.yaml` writes it: paths below the locale's base URL. */
export interface CutRedirect {
  from: string;
  to: string;
}

/**
 * How a cut changes the config's `redirects` so that every URL of the docs before the cut still
 * leads somewhere (see getCutRedirects).
 */
export interface CutRedirects {
  /** Old URLs of pages that the cut moved away, and where those pages are now. */
  added: CutRedirect[];
  /** Redirects whose old URL is a page again (a doc brought back in the new latest version). */
  removed: CutRedirect[];
  /** Redirects that led to a page the cut moved: they now lead to where it is. */
  retargeted: (CutRedirect & { formerTo: string })[];
}

/** Routes that belong to one docs version: docs, generated category indexes, the root, tag pages. */
const VERSION_ROUTE_KEY = /^(doc|category|version-root|doc-tags):/;

/**
 * The redirects a version cut writes. A cut moves the previous latest version from the docs root
 * to `/docs/<name>`; the new latest takes the root. A page of the previous latest that the new
 * version does not have (deleted or moved in the current docs since) would lose its URL: it gets
 * a redirect to the same page in its version's new place. `before` is the site before the cut;
 * `after` the site after it, loaded without the config's redirects (they are what is decided
 * here); `redirects` are the config's after the cut. Paths are compared as routes are (decoded,
 * NFC, no trailing slash); only the default locale is read, since config redirects hold for every
 * locale below its base URL, as its pages do.
 */
export function getCutRedirects(before: SiteManifest, after: SiteManifest, redirects: RedirectConfig[]): CutRedirects {
  const defaultLocale = after.config.i18n.defaultLocale;
  const localeOf = (manifest: SiteManifest): LocaleManifest => manifest.locales.find((entry) => entry.locale === defaultLocale)!;
  const beforeLocale = localeOf(before);
  const afterLocale = localeOf(after);
  const baseUrl = after.config.baseUrl;
  const inLocale = (path: string) => toComparableRoute(baseUrl + path.replace(/^\/+/, ''));
  const belowBase = (path: string) => `/${path.slice(baseUrl.length)}`;

  const pages = new Set(afterLocale.routes.map((route) => toComparableRoute(route.path)));
  const pageByKey = new Map(afterLocale.routes.map((route) => [route.key, route.path]));
  const movedTo = new Map<string, string>();
  for (const route of beforeLocale.routes) {
    const path = toComparableRoute(route.path);
    const now = pageByKey.get(route.key);
    if (VERSION_ROUTE_KEY.test(route.key) && !pages.has(path) && now !== undefined) movedTo.set(path, now);
  }

  const removed: CutRedirect[] = [];
  const retargeted: CutRedirects['retargeted'] = [];
  const taken = new Set(afterLocale.redirects.map((redirect) => toComparableRoute(redirect.from)));
  for (const redirect of redirects) {
    const from = inLocale(redirect.from);
    if (pages.has(from)) {
      removed.push({ from: redirect.from, to: redirect.to });
      continue;
    }
    taken.add(from);
    if (isExternalUrl(redirect.to)) continue;
    const now = movedTo.get(inLocale(redirect.to));
    if (now === undefined) continue;
    const suffix = /[?#].*$/.exec(redirect.to)?.[0] ?? '';
    retargeted.push({ from: redirect.from, to: belowBase(now) + suffix, formerTo: redirect.to });
  }

  const added: CutRedirect[] = [];
  for (const [path, now] of movedTo) {
    if (taken.has(path)) continue;
    added.push({ from: belowBase(path), to: belowBase(now) });
  }
  added.sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : 0));
  return { added, removed, retargeted };
}

export function hasRedirectChanges(changes: CutRedirects): boolean {
  return changes.added.length + changes.removed.length + changes.retargeted.length > 0;
}
