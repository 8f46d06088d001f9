import type { RouteData } from '@docgen/types';
import { Breadcrumbs, DocFrame, Link, useTranslate, VersionBadge } from '../firstLoad.js';

type CategoryRoute = Extract<RouteData, { type: 'docCategory' }>;

/** The UI strings of the screen, loaded with it. */
const STRINGS = {
  en: { 'category.items': '{count} items' },
  ko: { 'category.items': '항목 {count}개' },
};

/** A category's generated index: a card for each of its items. */
export function DocCategoryPage({ route }: { route: CategoryRoute }) {
  const t = useTranslate(STRINGS);
  return (
    <DocFrame route={route}>
      <Breadcrumbs items={route.breadcrumbs} />
      <VersionBadge versionName={route.versionName} />
      <header>
        <h1>{route.title}</h1>
        {route.description ? <p className="category-description">{route.description}</p> : null}
      </header>
      <section className="card-grid">
        {route.items.map((item) => (
          <Link key={item.path} className="card" href={item.path}>
            <h2 className="card__title">{item.title}</h2>
            <p className="card__description">{item.count !== undefined ? t('category.items', { count: item.count }) : item.description}</p>
          </Link>
        ))}
      </section>
    </DocFrame>
  );
}
