import type { LoadedVersion, LocaleManifest, ManifestRoute, PropSidebarItem, RenderedSummary } from '@docgen/types';
import { DEFAULT_DOCS_ID } from '@docgen/shared/docsInstances';
import { getMarkdownPath } from '@docgen/shared/pageData';
import { toAbsoluteUrl } from './xml.js';
import { isIndexable } from './sitemap.js';

/** File names of the llms.txt convention, relative to a locale's base URL. */
export const LLMS_FILE = 'llms.txt';
export const LLMS_FULL_FILE = 'llms-full.txt';

export interface LlmsInput {
  locale: LocaleManifest;
  /** What the render stage produced for a route (component pages set their own titles). */
  getRendered: (path: string) => RenderedSummary | undefined;
}

interface LlmsSection {
  title: string;
  routes: ManifestRoute[];
}

/**
 * The docs of the latest version of each docs instance grouped by sidebar, in reading order (a doc
 * appears once, in the first sidebar listing it), then listed docs no sidebar names. Unlisted docs
 * and version-root repeats are left out.
 */
function getLatestDocSections(input: LlmsInput): LlmsSection[] {
  const { versions } = input.locale;
  const instances = [...new Set(versions.map((version) => version.instance))];
  return instances.flatMap((instance) => {
    const own = versions.filter((version) => version.instance === instance);
    const latest = own.find((version) => version.isLast) ?? own[0]!;
    return getVersionSections(input, latest);
  });
}

function getVersionSections(input: LlmsInput, latest: LoadedVersion): LlmsSection[] {
  const { locale } = input;
  const instance = latest.instance === DEFAULT_DOCS_ID ? undefined : latest.instance;
  const docs = new Map(
    locale.routes
      .filter(
        (route) =>
          route.data.type === 'doc' &&
          route.data.versionName === latest.name &&
          route.data.docsInstance === instance &&
          !route.data.noIndex,
      )
      .filter((route) => !route.key.startsWith('version-root:'))
      .map((route) => [route.path, route]),
  );
  const used = new Set<string>();
  const collect = (items: PropSidebarItem[], out: ManifestRoute[]) => {
    for (const item of items) {
      const route = item.href && !used.has(item.href) ? docs.get(item.href) : undefined;
      if (route) {
        used.add(route.path);
        out.push(route);
      }
      if (item.type === 'category') collect(item.items, out);
    }
    return out;
  };
  const sidebarLabels = new Map(
    locale.site.navbar.items.flatMap((item) => (item.type === 'docSidebar' ? [[item.sidebarId, item.label] as const] : [])),
  );
  const sections: LlmsSection[] = Object.entries(latest.sidebars).map(([id, sidebar]) => ({
    title: sidebarLabels.get(id) ?? id.charAt(0).toUpperCase() + id.slice(1),
    routes: collect(sidebar, []),
  }));
  sections.push({ title: instance ?? 'Docs', routes: [...docs.values()].filter((route) => !used.has(route.path)) });
  return sections.filter((section) => section.routes.length > 0);
}

const escapeLabel = (text: string) => text.replace(/[[\]\\]/g, '\\$&');
const describe = (description: string) => (description ? `: ${description.replace(/\s+/g, ' ').trim()}` : '');

/**
 * `llms.txt` of a locale (https://llmstxt.org): `# Title`, `> summary`, then `## Section` lists of
 * `- [Title](url): description`. Docs of the latest version link to their markdown twins; blog
 * posts and pages to their HTML.
 */
export function toLlmsTxt(input: LlmsInput): string {
  const { locale } = input;
  const { site } = locale;
  const url = (path: string) => toAbsoluteUrl(site.url, path);
  const latest = locale.versions.find((version) => version.isLast && version.instance === DEFAULT_DOCS_ID);
  const title = (route: ManifestRoute) => input.getRendered(route.path)?.title || route.data.title || site.title;
  const description = (route: ManifestRoute) => input.getRendered(route.path)?.description ?? route.data.description;
  const lines = [`# ${site.title}`, ''];
  if (site.tagline) lines.push(`> ${site.tagline}`, '');
  if (latest) {
    lines.push(
      `Docs of version ${latest.label}. Every doc page is also served as markdown at its URL plus \`.md\`; ` +
        `[${LLMS_FULL_FILE}](${url(site.baseUrl + LLMS_FULL_FILE)}) holds them all in one file.`,
      '',
    );
  }
  for (const section of getLatestDocSections(input)) {
    lines.push(`## ${section.title}`, '');
    for (const route of section.routes)
      lines.push(`- [${escapeLabel(title(route))}](${url(getMarkdownPath(route.path))})${describe(description(route))}`);
    lines.push('');
  }
  const posts = locale.routes
    .flatMap((route) => (route.data.type === 'blogList' ? [route.data] : []))
    .sort((a, b) => a.page - b.page)
    .flatMap((list) => list.posts);
  if (posts.length > 0) {
    lines.push(`## ${site.blog.title}`, '');
    for (const post of posts) lines.push(`- [${escapeLabel(post.title)}](${url(post.path)})${describe(post.description)}`);
    lines.push('');
  }
  const pages = locale.routes.filter(
    (route) => (route.data.type === 'page' || route.data.type === 'markdownPage') && isIndexable(route, site.url),
  );
  if (pages.length > 0) {
    lines.push('## Pages', '');
    for (const route of pages) lines.push(`- [${escapeLabel(title(route))}](${url(route.path)})${describe(description(route))}`);
    lines.push('');
  }
  return `${lines.join('\n').trimEnd()}\n`;
}

/** A part of `llms-full.txt`: the route whose doc it holds ('' for the file's head and end) and its text (or its UTF-8 bytes). */
export type LlmsFullPart = [routePath: string, text: string | Uint8Array];

/**
 * `llms-full.txt` of a locale: every doc of the latest version in full, as markdown, in llms.txt
 * order. Given in parts (one per doc, `getTwinText` reading its markdown twin, unless `getPart`
 * gives the part as an earlier file held it) and written as they come: on a large site the file
 * is tens of megabytes.
 */
export function* toLlmsFullTxt(
  input: LlmsInput & { getTwinText: (routePath: string) => string | undefined; getPart?: (routePath: string) => Uint8Array | undefined },
): Generator<LlmsFullPart> {
  const { site } = input.locale;
  yield ['', `# ${site.title}${site.tagline ? `\n\n> ${site.tagline}` : ''}`];
  for (const section of getLatestDocSections(input)) {
    for (const route of section.routes) {
      const part = input.getPart?.(route.path);
      if (part !== undefined) {
        yield [route.path, part];
        continue;
      }
      const text = input.getTwinText(route.path);
      if (text !== undefined) yield [route.path, toLlmsFullPart(site.url, route.path, text)];
    }
  }
  yield ['', '\n'];
}

/** A doc's part of `llms-full.txt`: its markdown twin's text under a rule, with the page's URL below its heading. */
export function toLlmsFullPart(siteUrl: string, routePath: string, twinText: string): string {
  return `\n\n---\n\n${twinText.replace(/\n/, `\n\nSource: ${toAbsoluteUrl(siteUrl, routePath)}\n`).trimEnd()}`;
}
