/**
 * What site pages (`pages/*.tsx`) may use from the theme. Everything else is internal.
 */
export { Link, useSiteData, usePage, useLocation, useTranslate, translate, MAIN_ID } from './firstLoad.js';
export { PageMetadata } from './pages/PageMetadata.js';
