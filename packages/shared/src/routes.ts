/**
 * Strips a trailing `index.html` or `.html` from a URL path, keeping trailing slashes as written
 * (`/docs/x.html` -> `/docs/x`, `/docs/index.html` -> `/docs/`).
 */
export function normalizePathname(pathname: string): string {
  if (pathname.endsWith('/index.html')) return pathname.slice(0, -'index.html'.length);
  if (pathname.endsWith('.html')) return pathname.slice(0, -'.html'.length);
  return pathname;
}

/**
 * Set on the root element of a not-found page opened at an address ending in `.html` or
 * `/index.html` (a static host answers such addresses with the 404 page), until its runtime
 * knows whether the clean path is a page, which it then shows: the theme hides the not-found
 * text meanwhile. Removed after RESOLVING_TIMEOUT_MS when the runtime never starts.
 */
export const RESOLVING_ATTRIBUTE = 'data-docgen-resolving';
export const RESOLVING_TIMEOUT_MS = 3000;

/** Percent-encodes each segment of a decoded URL path, leaving `/` alone. */
export function encodePath(path: string): string {
  return path
    .split('/')
    .map((segment) => encodeURIComponent(segment).replace(/%2B/g, '+').replace(/%40/g, '@'))
    .join('/');
}

/** Decodes a URL path; returns it unchanged when it holds malformed escapes. */
export function decodePath(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/** The file (relative to the output folder) that holds the HTML of a route path. */
export function getHtmlFilePath(routePath: string): string {
  const trimmed = routePath.replace(/^\/+/, '').replace(/\/+$/, '');
  return trimmed === '' ? 'index.html' : `${trimmed}/index.html`;
}

/**
 * The URL of an image a page or the site names (the site's `image` and `favicon`, a page's front
 * matter `image`): an absolute URL (`https://…`, `data:…`) or a protocol-relative one
 * (`//host/x.png`) as written; a path under static/, with or without its leading `/`
 * (`/img/x.png`, `img/x.png`), under the site's base URL.
 */
export function getImageUrl(siteBaseUrl: string, image: string): string {
  return isExternalUrl(image) ? image : siteBaseUrl + image.replace(/^\/+/, '');
}

/**
 * The same markdown file under its other extension (`guide.mdx` for `guide.md`, and back), else
 * undefined: a page is the same page whether it is written as markdown or MDX, so a translation
 * and a link find it by either name (`docgen migrate` writes a `.md` file that uses MDX as `.mdx`).
 */
export function getOtherMarkdownPath(path: string): string | undefined {
  if (path.endsWith('.md')) return `${path}x`;
  if (path.endsWith('.mdx')) return path.slice(0, -1);
  return undefined;
}

/** True for URLs that leave the site: a scheme (`https:`, `mailto:`) or protocol-relative `//`. */
export function isExternalUrl(url: string): boolean {
  return /^[a-zA-Z][a-zA-Z\d+\-.]*:/.test(url) || url.startsWith('//');
}

/**
 * Splits a URL path into the locale it belongs to and the rest. `localeBases` maps locale to
 * its base URL (`/`, `/en/`); the longest matching base wins.
 */
export function getLocaleOfPath(pathname: string, localeBases: Record<string, string>): string | undefined {
  let best: { locale: string; length: number } | undefined;
  for (const [locale, base] of Object.entries(localeBases)) {
    const matches = pathname === base.replace(/\/$/, '') || pathname.startsWith(base);
    if (matches && (!best || base.length > best.length)) best = { locale, length: base.length };
  }
  return best?.locale;
}
