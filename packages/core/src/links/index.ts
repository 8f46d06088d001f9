import type { Diagnostic, SiteManifest } from '@docgen/types';
import { decodePath } from '@docgen/shared';

/**
 * Checks every resolved internal link and `#anchor` against the routes and heading ids of the
 * site model. Pure: returns diagnostics; `build` prints them as warnings, `check-links` fails.
 */
export function getBrokenLinks(manifest: SiteManifest): Diagnostic[] {
  const { baseUrl } = manifest.config;
  const anchorsByPath = new Map<string, Set<string>>();
  for (const locale of manifest.locales) {
    for (const route of locale.routes) anchorsByPath.set(normalize(route.path), new Set(route.anchorIds));
  }
  const files = new Set([
    ...manifest.staticFiles.map((path) => baseUrl + path.slice(1)),
    ...manifest.assets.map((asset) => baseUrl + asset.outputPath),
  ]);
  const problems: Diagnostic[] = [];
  // An untranslated source appears in every locale: report each written link once.
  const reported = new Set<string>();
  for (const locale of manifest.locales) {
    for (const source of locale.linkSources) {
      for (const link of source.links) {
        const location = { file: source.sourcePath, line: link.line, column: link.column };
        const key = `${location.file}:${location.line}:${location.column}:${link.url}`;
        const report = (message: string, hint: string) => {
          if (reported.has(key)) return;
          reported.add(key);
          problems.push({ severity: 'warning', code: 'broken-link', message, hint, location });
        };
        if (link.unresolved) {
          report(
            `Broken link ${link.url}: ${link.unresolved}`,
            'Point the link at an existing .md file (relative to this file) or an existing URL path.',
          );
          continue;
        }
        if (link.target === undefined) {
          if (!isWellFormedUrl(link.url)) report(`Malformed URL ${link.url}`, 'Write a complete URL such as https://example.com/path.');
          continue;
        }
        const hashIndex = link.target.indexOf('#');
        const path = hashIndex >= 0 ? link.target.slice(0, hashIndex) : link.target;
        const anchor = hashIndex >= 0 ? decodePath(link.target.slice(hashIndex + 1)) : '';
        if (files.has(path)) continue;
        const anchors = anchorsByPath.get(normalize(path));
        if (!anchors) {
          report(
            `Broken link ${link.url}: no page at ${path}`,
            'Check the path; links to other docs are best written as relative .md links.',
          );
        } else if (anchor !== '' && !anchors.has(anchor)) {
          report(
            `Broken anchor ${link.url}: ${path} has no heading with id "${anchor}"`,
            'Heading ids are the heading text in lower case with spaces as "-", or an explicit {#id}.',
          );
        }
      }
    }
  }
  return problems;
}

function normalize(path: string): string {
  return path.length > 1 ? path.replace(/\/$/, '') : path;
}

function isWellFormedUrl(url: string): boolean {
  if (/^(mailto|tel):/i.test(url)) return true;
  try {
    const parsed = new URL(url.startsWith('//') ? `https:${url}` : url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.hostname.length > 0 : true;
  } catch {
    return false;
  }
}
