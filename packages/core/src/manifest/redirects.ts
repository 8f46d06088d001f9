import type { Diagnostic, DiagnosticCode, ManifestRedirect } from '@docgen/types';
import { decodePath, isExternalUrl } from '@docgen/shared';
import { getLocaleFiles, getSiteFiles } from '@docgen/shared/outputPaths';
import { DATA_DIR } from '@docgen/shared/pageData';
import { DocgenError } from '../diagnostics/index.js';
import type { LocaleContext } from './context.js';
import type { PendingRoute } from './pendingRoute.js';
import { getLocaleBaseUrl } from '../files/index.js';

/** The code of the error of a redirect whose old URL is a page or a static file (migrate drops those, as Docusaurus ignores them). */
export const REDIRECT_HIDES_PAGE = 'redirect-hides-page' satisfies DiagnosticCode;

/** A path as routes are compared: decoded, NFC, without query, hash or trailing slash (but `/`). */
export function toComparable(path: string): string {
  const pathname = decodePath(path.split(/[?#]/)[0]!).normalize('NFC');
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

/** Folders of the output that are docgen's (bundles, page data): no redirect may write in them. */
const OWN_FOLDERS = ['assets', DATA_DIR];

/**
 * The files the build writes at URLs of a locale besides its pages and static files, by
 * comparable path, each with what it is: the sitemap, robots.txt, the not-found pages and llms.txt
 * files (of every locale), the blog's feeds and each doc's markdown twin.
 */
function getWrittenFiles(context: LocaleContext, pending: PendingRoute[]): Map<string, string> {
  const { config } = context.input;
  const files = getSiteFiles(config.baseUrl);
  // Of every locale: an old URL of the default locale may name a path below another's base.
  for (const locale of config.i18n.locales) {
    const base = getLocaleBaseUrl(config, locale);
    if (base !== context.baseUrl) files.push(...getLocaleFiles(base));
  }
  const hasPosts = pending.some((entry) => entry.page.type === 'blogPost');
  files.push(
    ...getLocaleFiles(context.baseUrl, {
      blogPath: hasPosts ? `${context.baseUrl}${config.blog.routeBasePath}` : undefined,
      docPaths: pending.flatMap((entry) => (entry.page.type === 'doc' ? [entry.route.path] : [])),
    }),
  );
  return new Map(files.map(([path, what]) => [toComparable(path), what]));
}

/**
 * The old URLs of a locale (config `redirects`, front matter `redirect_from`, both below the
 * locale's base URL, as Docusaurus's client redirects are) and the pages they lead to. Fails, with
 * where each was written, when a redirect leads to no page of the locale, when its old URL is a
 * page, a static file or a file the build writes, or when one old URL leads to two places.
 */
export function getLocaleRedirects(context: LocaleContext, pending: PendingRoute[]): ManifestRedirect[] {
  const { config, content } = context.input;
  const routes = new Set(pending.map((entry) => toComparable(entry.route.path)));
  const staticFiles = new Set(content.staticFiles.map((path) => toComparable(config.baseUrl + path.slice(1))));
  const inLocale = (path: string) => context.baseUrl + path.replace(/^\/+/, '');
  const problems: Diagnostic[] = [];
  const problem = (message: string, location: Diagnostic['location'], hint: string, code: DiagnosticCode = 'redirect-invalid') =>
    problems.push({ severity: 'error', code, message, location, hint });

  const candidates: (ManifestRedirect & { docKey?: string })[] = [];
  for (const redirect of config.redirects) {
    const to = isExternalUrl(redirect.to) ? redirect.to : inLocale(redirect.to);
    if (!isExternalUrl(to) && !routes.has(toComparable(to)) && !staticFiles.has(toComparable(to))) {
      problem(
        `Redirect from ${redirect.from} leads to ${redirect.to}, which is no page${context.isDefaultLocale ? '' : ` in locale ${context.locale}`}`,
        redirect.toLocation,
        'Point "to" at an existing page, such as /docs/intro (below the base URL), or a full URL.',
      );
      continue;
    }
    candidates.push({ from: inLocale(redirect.from), to, location: redirect.location });
  }
  for (const entry of pending) {
    for (const written of entry.redirectFrom ?? []) {
      candidates.push({
        from: inLocale(written.path),
        to: entry.route.path,
        location: written.location,
        // The same doc in several versions says the same redirect_from: the first version's wins.
        docKey: entry.route.key.startsWith('doc:') ? entry.route.key.split(':').slice(2).join(':') : undefined,
      });
    }
  }

  // `extensionRedirects`: every page at its path with each extension, where nothing else is there.
  const taken = new Set(candidates.map((redirect) => toComparable(redirect.from)));
  for (const extension of config.extensionRedirects.extensions) {
    for (const entry of pending) {
      const { path } = entry.route;
      if (path === context.baseUrl || path.endsWith('.html') || entry.page.type === 'notFound') continue;
      // A folder's page (`/docs/clients/`) is `/docs/clients.html`, as Docusaurus names it.
      const from = `${path.replace(/\/$/, '')}.${extension}`;
      const key = toComparable(from);
      if (routes.has(key) || staticFiles.has(key) || taken.has(key)) continue;
      taken.add(key);
      candidates.push({ from, to: path, location: config.extensionRedirects.location });
    }
  }

  const written = getWrittenFiles(context, pending);
  const byFrom = new Map<string, ManifestRedirect & { docKey?: string }>();
  for (const redirect of candidates) {
    const key = toComparable(redirect.from);
    const file = written.get(key);
    // The folder itself too (`/assets` is written as `assets/index.html`).
    const folder = OWN_FOLDERS.map((name) => `${config.baseUrl}${name}/`).find((path) => key === path.slice(0, -1) || key.startsWith(path));
    if (file || folder) {
      problem(
        file
          ? `Redirect from ${redirect.from} would replace ${file}, which the build writes at that URL`
          : `Redirect from ${redirect.from} would write into ${folder}, a folder the build keeps for its own files`,
        redirect.location,
        "Remove the redirect: that URL is docgen's to write.",
        REDIRECT_HIDES_PAGE,
      );
      continue;
    }
    if (routes.has(key) || staticFiles.has(key)) {
      problem(
        `Redirect from ${redirect.from} would hide the ${routes.has(key) ? 'page' : 'static file'} at that URL`,
        redirect.location,
        'Remove the redirect, or move the page away from that URL first: an old URL can only redirect once nothing is there.',
        REDIRECT_HIDES_PAGE,
      );
      continue;
    }
    const other = byFrom.get(key);
    if (other) {
      const sameDoc = other.docKey !== undefined && other.docKey === redirect.docKey;
      if (!sameDoc && other.to !== redirect.to) {
        problem(
          `Redirect from ${redirect.from} leads to both ${other.to} and ${redirect.to}`,
          redirect.location,
          `Keep one of them; the other was written at ${other.location.file}:${other.location.line}:${other.location.column}.`,
        );
      }
      continue;
    }
    byFrom.set(key, redirect);
  }
  if (problems.length > 0) {
    const [first] = problems;
    throw new DocgenError(first!.message, {
      code: 'redirect-invalid',
      location: first!.location,
      hint: first!.hint,
      diagnostics: problems,
    });
  }
  // `/x.html` of a page `/x` is a folder: hosts answer `/x` with the file `x.html` where there is one.
  const isPageFile = (from: string) => /\.html?$/i.test(from) && routes.has(toComparable(from.replace(/\.html?$/i, '')));
  return [...byFrom.values()]
    .map(({ from, to, location }) => ({ from, to, location, ...(isPageFile(from) && { folder: true as const }) }))
    .sort((a, b) => (a.from < b.from ? -1 : 1));
}
