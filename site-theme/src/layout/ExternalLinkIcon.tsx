import { useTranslate } from '../i18n.js';

/**
 * Marks a link that leaves the site (navbar, dropdowns, sidebar, footer), with its meaning spelt
 * out for screen readers. A module of its own: the layout imports the navbar, which shows it too.
 */
export function ExternalLinkIcon() {
  const t = useTranslate();
  return (
    <>
      <svg className="external-link-icon" width="13" height="13" viewBox="0 0 24 24" aria-hidden="true">
        <path
          fill="currentColor"
          d="M21 13v10h-21v-19h12v2h-10v15h17v-8h2zm3-12h-10.988l4.035 4-6.977 7.07 2.828 2.828 6.977-7.07 4.125 4.172v-11z"
        />
      </svg>
      <span className="sr-only">{t('externalLink')}</span>
    </>
  );
}
