import { App, prepareRoute, startSite, type PageLoaders } from './firstLoad.js';
import './styles.css';

/** docgen's navigation code, which the router loads after hydration. */
const loadNavigation = () => import('./navigation.js');

/** The browser entry: docgen's bundle calls it with the site's component pages. */
export function startClient({ pages }: { pages: PageLoaders }): void {
  void startSite({ App, pages, prepare: prepareRoute, navigation: loadNavigation });
}
