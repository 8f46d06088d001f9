import type { AdmonitionType } from '@docgen/types';

/**
 * Docusaurus's admonition keywords, with the type docgen shows each as (`important` as info,
 * `secondary` as note, `success` as tip): the names of `:::name` blocks in markdown and the `type`
 * of `<Admonition>` in MDX, one list for both.
 */
export const ADMONITION_KEYWORDS: Readonly<Record<string, AdmonitionType>> = {
  note: 'note',
  tip: 'tip',
  info: 'info',
  warning: 'warning',
  danger: 'danger',
  caution: 'caution',
  important: 'info',
  secondary: 'note',
  success: 'tip',
};
