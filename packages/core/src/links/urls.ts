import { isExternalUrl } from '@docgen/shared';

/**
 * Why a URL that is meant to leave the site cannot work, or undefined when it looks fine.
 * Nothing is fetched: only the URL's shape is checked (CI has no network).
 */
export function getMalformedUrlReason(url: string): string | undefined {
  const missingColon = /^(https?|ftps?|wss?)\/\//i.exec(url);
  if (missingColon) return `missing ":" after "${missingColon[1]}"`;
  if (/^www\.[^/]/i.test(url)) return 'missing "https://" before the host name';
  if (!isExternalUrl(url)) return undefined;
  if (/\s/.test(url)) return 'contains a space';
  const scheme = url.startsWith('//') ? '' : url.slice(0, url.indexOf(':') + 1).toLowerCase();
  if (scheme === '' || scheme === 'http:' || scheme === 'https:') {
    if (!url.slice(scheme.length).startsWith('//')) return `missing "//" after "${scheme}"`;
    if (!/^\/\/[^/?#]/.test(url.slice(scheme.length))) return 'missing host name';
  }
  try {
    new URL(scheme === '' ? `https:${url}` : url);
  } catch {
    return 'not a valid URL';
  }
  return undefined;
}
