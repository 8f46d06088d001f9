import { startSite, type PageLoaders } from '@docgen/client';
import { App } from './App.js';
import './styles.css';

/** The browser entry: docgen's bundle calls it with the site's component pages. */
export function startClient({ pages }: { pages: PageLoaders }): void {
  void startSite({ App, pages });
}
