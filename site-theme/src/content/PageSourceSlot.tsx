import { Suspense } from 'react';
import type { PropPageSource, PropTag } from '@docgen/types';
import { lazyModule } from '../lazyModule.js';

/** A doc's tags, "Edit this page", the last update and "Download PDF": nothing a reader uses before hydration, so not first-load code. */
const pageSource = lazyModule('page source', () => import('./PageSource.js'));

/**
 * Where a doc or a post shows its source (see PageSource). The server renders it as it is (its
 * modules are all loaded first); in the browser, hydration waits for its module inside a Suspense
 * boundary, which keeps the server's HTML meanwhile, and a page navigated to shows it once loaded.
 */
export function PageSourceSlot({ source }: { source: PropPageSource }) {
  if (!(source.editUrl || source.lastUpdate || source.manual)) return null;
  return (
    <Suspense fallback={null}>
      <LoadedPageSource source={source} />
    </Suspense>
  );
}

/** The module once loaded; until then, suspends the rendering (the Suspense boundary around waits). */
function loaded() {
  if (!pageSource.isLoaded()) throw pageSource.load();
  return pageSource.get();
}

function LoadedPageSource({ source }: { source: PropPageSource }) {
  const { PageSource } = loaded();
  return <PageSource source={source} />;
}

/** A doc's tags (see DocTags), shown as PageSourceSlot shows the page's source. */
export function DocTagsSlot({ tags }: { tags: PropTag[] }) {
  return (
    <Suspense fallback={null}>
      <LoadedDocTags tags={tags} />
    </Suspense>
  );
}

function LoadedDocTags({ tags }: { tags: PropTag[] }) {
  const { DocTags } = loaded();
  return <DocTags tags={tags} />;
}
