import { useTranslate } from '../i18n.js';

/**
 * Marks a link that leaves the site (navbar, dropdowns, sidebar, footer), with its meaning spelt
 * out for screen readers. A module of its own: the layout imports the navbar, which shows it too.
 */
export function ExternalLinkIcon() {
  const t = useTranslate();
  return (
    <>
      {/*
       * Drawn by the stylesheet (a mask of the icon's path): no path data in the page's code. An
       * <svg>, as Docusaurus's icon is: a site's CSS for it applies (Babel's hides it with
       * `.navbar__item svg { display: none }`).
       */}
      <svg className="external-link-icon" aria-hidden="true" />
      <span className="sr-only">{t('externalLink')}</span>
    </>
  );
}
