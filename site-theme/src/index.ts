/**
 * What site pages (`pages/*.tsx`) may use from the theme. Everything else is internal.
 */
export { Link, useSiteData, usePage, useLocation } from '@docgen/client';
export { PageMetadata } from './pages/PageMetadata.js';
export { useTranslate, translate } from './i18n.js';
export { MAIN_ID } from './layout/Layout.js';
