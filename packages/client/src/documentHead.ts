import type { SiteData } from '@docgen/types';
import { getDocumentTitle } from '@docgen/shared/documentTitle';
import type { PageState } from './pageState.js';

/**
 * Makes the document's head that of the page a navigation showed: title, language, description,
 * canonical URL. (The head of the page the server rendered is in its HTML already.)
 */
export function updateDocumentHead(site: SiteData, page: PageState): void {
  const { route } = page;
  const title = getDocumentTitle(site, route);
  if (document.title !== title) document.title = title;
  const locale = site.locales.find((candidate) => candidate.locale === site.locale);
  if (locale) document.documentElement.lang = locale.htmlLang;
  const setMeta = (selector: string, create: () => HTMLElement, attribute: string, value: string) => {
    let element = document.head.querySelector<HTMLElement>(selector);
    if (!value) {
      element?.remove();
      return;
    }
    if (!element) {
      element = create();
      document.head.append(element);
    }
    element.setAttribute(attribute, value);
  };
  setMeta(
    'meta[name="description"]',
    () => Object.assign(document.createElement('meta'), { name: 'description' }),
    'content',
    route.description,
  );
  setMeta('link[rel="canonical"]', () => Object.assign(document.createElement('link'), { rel: 'canonical' }), 'href', route.canonical);
}
