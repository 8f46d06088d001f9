import { encodePath } from '@docgen/shared';

/** What escapeXml replaces or drops: most texts (URLs of a sitemap) hold none, and are given back as they are. */
const XML_SPECIAL = /[&<>"'\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/;

/** Text escaped for XML character data and attribute values. */
export function escapeXml(text: string): string {
  if (!XML_SPECIAL.test(text)) return text;
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '');
}

/**
 * What encodePath leaves as it is (encodeURIComponent's unreserved characters, `+`, `@` and `/`):
 * a path of only these (most paths of a site) is its own encoding. Tested here rather than in
 * encodePath, whose bytes the browser's first load carries.
 */
const UNRESERVED_PATH = /^[A-Za-z0-9\-._~!*'()+@/]*$/;

/** The absolute URL of a decoded site path (`/en/docs/x#y`), percent-encoded; absolute URLs pass through. */
export function toAbsoluteUrl(siteUrl: string, path: string): string {
  if (UNRESERVED_PATH.test(path)) return siteUrl + path;
  if (/^[a-z][a-z\d+.-]*:/i.test(path)) return path;
  const hashIndex = path.indexOf('#');
  if (hashIndex < 0) return siteUrl + encodePath(path);
  return siteUrl + encodePath(path.slice(0, hashIndex)) + '#' + encodeURIComponent(path.slice(hashIndex + 1));
}
