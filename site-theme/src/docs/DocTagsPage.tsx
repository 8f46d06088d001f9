import type { RouteData } from '@docgen/types';
import { Breadcrumbs, DocFrame, Link, useTranslate, VersionBadge } from '../firstLoad.js';
import { useTranslateCount } from '../plural.js';

type TagsRoute = Extract<RouteData, { type: 'docTagList' | 'docTag' }>;

/** The UI strings of the screen, loaded with it. */
const STRINGS = {
  en: {
    'docTags.title': 'Tags',
    'docTags.tagged': 'One doc tagged with "{tag}"|{count} docs tagged with "{tag}"',
    'docTags.allTags': 'View all tags',
  },
  ko: {
    'docTags.title': '태그',
    'docTags.tagged': '"{tag}" 태그가 붙은 문서 {count}개',
    'docTags.allTags': '모든 태그 보기',
  },
};

/** A version's tags list (every tag with its count) and a tag's page (the docs with the tag). */
export function DocTagsPage({ route }: { route: TagsRoute }) {
  const t = useTranslate(STRINGS);
  const tCount = useTranslateCount(STRINGS);
  return (
    <DocFrame route={route}>
      <Breadcrumbs items={route.breadcrumbs} />
      <VersionBadge route={route} />
      {route.type === 'docTagList' ? (
        <section className="doc-tags">
          <h1>{t('docTags.title')}</h1>
          <ul className="tag-list">
            {route.tags.map((tag) => (
              <li key={tag.path}>
                <Link className="tag" href={tag.path}>
                  {tag.label} <span className="tag__count">{tag.count}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : (
        <section className="doc-tag">
          <header>
            <h1>{tCount('docTags.tagged', { count: route.docs.length, tag: route.tag.label })}</h1>
            {route.tag.description ? <p className="doc-tag__description">{route.tag.description}</p> : null}
            <Link href={route.allTagsPath}>{t('docTags.allTags')}</Link>
          </header>
          <ul className="doc-tag__docs">
            {route.docs.map((doc) => (
              <li key={doc.path}>
                <article>
                  <h2>
                    <Link href={doc.path}>{doc.title}</Link>
                  </h2>
                  {doc.description ? <p>{doc.description}</p> : null}
                </article>
              </li>
            ))}
          </ul>
        </section>
      )}
    </DocFrame>
  );
}
