import { App, prepareRoute, startSite, type PageLoaders } from './firstLoad.js';
import './styles.css';

/** The browser entry: docgen's bundle calls it with the site's component pages. */
export function startClient({ pages }: { pages: PageLoaders }): void {
  void startSite({ App, pages, prepare: prepareRoute });
}
