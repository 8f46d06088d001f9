import type { ManifestRedirect } from '@docgen/types';
import { decodePath, encodePath, getHtmlFilePath, isExternalUrl } from '@docgen/shared';
import { escapeXml } from './xml.js';

/** The file (relative to the output folder) of a redirect's page: `old/page/index.html`, or `old/page.html` as written (unless `folder`). */
export function getRedirectFile(redirect: ManifestRedirect, baseUrl: string): string {
  const relative = redirect.from.slice(baseUrl.length - 1);
  return /\.html?$/i.test(relative) && !redirect.folder ? relative.replace(/^\/+/, '') : getHtmlFilePath(relative);
}

/** A script JSON string that cannot end its script element. */
const toScriptString = (text: string) =>
  JSON.stringify(text)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/**
 * The page written at a redirect's old URL: it sends the reader on at once with a script that
 * keeps the `?query` and `#hash` the old URL was opened with (the target's own when it has none),
 * else with a meta refresh; search engines get the canonical URL, readers without either a link.
 */
export function toRedirectPage(redirect: ManifestRedirect, input: { siteUrl: string; htmlLang: string }): string {
  const [, pathname = '', query = '', hash = ''] = /^([^?#]*)(\?[^#]*)?(#.*)?$/.exec(redirect.to) ?? [];
  const target = isExternalUrl(redirect.to) ? pathname : encodePath(decodePath(pathname));
  const href = target + query + hash;
  const canonical = isExternalUrl(href) ? target + query : input.siteUrl + target + query;
  const script = `location.replace(${toScriptString(target)}+(location.search||${toScriptString(query)})+(location.hash||${toScriptString(hash)}))`;
  return [
    '<!doctype html>',
    `<html lang="${escapeXml(input.htmlLang)}"><head><meta charset="utf-8">`,
    `<title>${escapeXml(href)}</title>`,
    `<link rel="canonical" href="${escapeXml(canonical)}">`,
    `<script>${script}</script>`,
    `<meta http-equiv="refresh" content="0; url=${escapeXml(href)}">`,
    '</head><body>',
    `<p>This page has moved to <a href="${escapeXml(href)}">${escapeXml(href)}</a>.</p>`,
    '</body></html>',
    '',
  ].join('\n');
}
