import type { RouteData } from '@docgen/types';
import { Breadcrumbs, DocFrame, Link, VersionBadge } from '../firstLoad.js';
import { CARD_STRINGS, CardGrid } from '../content/CardGrid.js';
import { useTranslateCount } from '../plural.js';

type CategoryRoute = Extract<RouteData, { type: 'docCategory' }>;

/** A category's generated index: a card for each of its items. */
export function DocCategoryPage({ route }: { route: CategoryRoute }) {
  const tCount = useTranslateCount(CARD_STRINGS);
  return (
    <DocFrame route={route}>
      {route.breadcrumbs.length > 0 ? <Breadcrumbs items={route.breadcrumbs} /> : null}
      <VersionBadge route={route} />
      <header>
        <h1>{route.title}</h1>
        {route.description ? <p className="category-description">{route.description}</p> : null}
      </header>
      <CardGrid items={route.items} countLabel={(count) => tCount('category.items', { count })} link={Link} />
    </DocFrame>
  );
}
