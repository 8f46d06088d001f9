import type { BlogTagSource, LoadedDoc, PropTag, SourceDoc } from '@docgen/types';
import { belowVersion, type LocaleContext, toTagSlug } from './context.js';
import type { DocPlace, PendingRoute } from './pendingRoute.js';

/**
 * Tags of a version's docs and their pages, as Docusaurus makes them: `<version>/tags` lists every
 * tag of its docs' front matter with its count, `<version>/tags/<tag>` the docs with that tag. A
 * tag's label, description and permalink come from the version's `tags.yml` when it lists the
 * tag. The pages are not indexed, and not in the previous/next order.
 */
export function getDocTags(
  context: LocaleContext,
  meta: { name: string; key: string; path: string; docsInstance: string | undefined },
  docs: LoadedDoc[],
  sourceById: Map<string, SourceDoc>,
  tagSources: BlogTagSource[],
): { tagsOf: Map<string, PropTag[]>; routes: PendingRoute[] } {
  const tagsPath = belowVersion(meta.path, '/tags');
  const known = new Map(tagSources.map((tag) => [tag.key, tag]));
  // Tags that differ only in case or punctuation share a page, named as first written.
  const byPath = new Map<string, { tag: PropTag; docs: LoadedDoc[] }>();
  const tagsOf = new Map<string, PropTag[]>();
  for (const doc of docs) {
    if (doc.draft) continue;
    const tags: PropTag[] = [];
    for (const key of sourceById.get(doc.id)?.frontMatter.tags ?? []) {
      const source = known.get(key);
      const slug = source?.permalink ?? toTagSlug(key);
      const path = `${tagsPath}/${slug}`;
      const entry =
        byPath.get(path) ??
        byPath
          .set(path, {
            tag: { label: source?.label ?? key, path, ...(source?.description && { description: source.description }) },
            docs: [],
          })
          .get(path)!;
      if (!tags.some((tag) => tag.path === path)) tags.push(entry.tag);
      // An unlisted doc shows its tags but is not listed on their pages.
      if (!doc.unlisted && !entry.docs.includes(doc)) entry.docs.push(doc);
    }
    if (tags.length > 0) tagsOf.set(doc.id, tags);
  }
  const tags = [...byPath].filter(([, entry]) => entry.docs.length > 0).sort(([, a], [, b]) => a.tag.label.localeCompare(b.tag.label));
  if (tags.length === 0) return { tagsOf, routes: [] };
  const route = (path: string, key: string, sources: string[]): PendingRoute['route'] => ({
    path,
    locale: context.locale,
    key: `doc-tags:${meta.key}:${key}`,
    isTranslation: true,
    anchorIds: [],
    sources,
    slots: {},
  });
  const tagsTitle = context.label('Tags');
  const place = (title: string, parent?: string): DocPlace => ({
    ...(meta.docsInstance && { docsInstance: meta.docsInstance }),
    versionName: meta.name,
    breadcrumbs: parent ? [{ label: tagsTitle, href: parent }, { label: title }] : [{ label: title }],
  });
  return {
    tagsOf,
    routes: [
      {
        route: route(tagsPath, '', ['front matter tags']),
        page: {
          type: 'docTagList',
          path: tagsPath,
          title: tagsTitle,
          tags: tags.map(([, entry]) => ({ ...entry.tag, count: entry.docs.length })),
          place: place(tagsTitle),
        },
        links: [],
      },
      ...tags.map(([path, entry]): PendingRoute => ({
        route: route(
          path,
          entry.tag.label,
          entry.docs.map((doc) => `${doc.sourcePath} (tag "${entry.tag.label}")`),
        ),
        page: {
          type: 'docTag',
          path,
          title: `${tagsTitle}: ${entry.tag.label}`,
          tag: { ...entry.tag, count: entry.docs.length },
          allTagsPath: tagsPath,
          docs: entry.docs.map((doc) => ({ title: doc.title, description: doc.description, path: doc.permalink })),
          place: place(entry.tag.label, tagsPath),
        },
        links: [],
      })),
    ],
  };
}
