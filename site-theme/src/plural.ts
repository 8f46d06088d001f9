import { translateFrom, useSiteData } from './firstLoad.js';
import type { StringTable } from './i18n.js';

/** CLDR's plural categories in the order a string's forms give them. */
const PLURAL_ORDER: Intl.LDMLPluralRule[] = ['zero', 'one', 'two', 'few', 'many', 'other'];
const pluralRules = new Map<string, { rules: Intl.PluralRules; categories: Intl.LDMLPluralRule[] }>();

/**
 * The form of `forms` (`1 item|{count} items`) for `count`: one form per plural category of the
 * locale, in the order zero, one, two, few, many, other (English has one and other; Korean only
 * other), as Docusaurus's `usePluralForm` reads them. A string with fewer forms than the locale has
 * categories gives its last form where it lacks one; a locale Intl does not know counts as English.
 */
export function selectPluralForm(forms: string, locale: string, count: number): string {
  if (!forms.includes('|')) return forms;
  let plural = pluralRules.get(locale);
  if (!plural) {
    let rules: Intl.PluralRules;
    try {
      rules = new Intl.PluralRules(locale);
    } catch {
      rules = new Intl.PluralRules('en');
    }
    const own = new Set(rules.resolvedOptions().pluralCategories);
    pluralRules.set(locale, (plural = { rules, categories: PLURAL_ORDER.filter((category) => own.has(category)) }));
  }
  const parts = forms.split('|');
  const index = plural.categories.indexOf(plural.rules.select(count));
  return parts[Math.min(index, parts.length - 1)]!;
}

/**
 * translateFrom for a string that counts (`{count}`) and may give its plural forms: the form is
 * chosen by the rules of the locale whose string it is (English's, where the locale lacks it).
 * Apart from i18n.ts, so that only the screens that show counts load it.
 */
export function translateCount<Key extends string>(
  table: StringTable<Key>,
  locale: string,
  overrides: Record<string, string>,
  key: Key,
  values: Record<string, string | number> & { count: number },
): string {
  const own = overrides[key] ?? table[locale]?.[key];
  const form = selectPluralForm(own ?? table.en[key], own === undefined ? 'en' : locale, values.count);
  // translateFrom fills in the form's placeholders, given to it as the site's own string.
  return translateFrom(table, locale, { ...overrides, [key]: form }, key, values);
}

/** translateCount in the locale of the site being shown. */
export function useTranslateCount<Key extends string>(table: StringTable<Key>) {
  const site = useSiteData();
  return (key: Key, values: Record<string, string | number> & { count: number }) =>
    translateCount(table, site.locale, site.translations, key, values);
}
