import type { SiteData } from '@docgen/types';
import { getDocumentTitle, PAGE_HEAD_ATTRIBUTE } from '@docgen/shared/documentTitle';
import type { PageState } from './pageState.js';

/**
 * Makes the document's head that of the page a navigation showed: title, language, description,
 * canonical URL, and the page's own tags (front matter `head`, marked PAGE_HEAD_ATTRIBUTE). (The
 * head of the page the server rendered is in its HTML already.)
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
  for (const element of document.head.querySelectorAll(`[${PAGE_HEAD_ATTRIBUTE}]`)) element.remove();
  for (const tag of ('head' in route && route.head) || []) {
    const element = document.createElement(tag.tagName);
    for (const [name, value] of Object.entries(tag.attributes)) element.setAttribute(name, value === true ? '' : value);
    element.setAttribute(PAGE_HEAD_ATTRIBUTE, '');
    document.head.append(element);
  }
}
