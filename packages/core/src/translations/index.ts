/**
 * `docgen translations`: how each page of the other locales is translated (translated, missing,
 * outdated), from the site model and one pass over git's history (see
 * manifest/translationStatus.ts), with a summary per locale and section.
 */
import type { Diagnostic, PageTranslation } from '@docgen/types';
import { loadSite } from '../build/index.js';
import { readConfig } from '../config/index.js';
import { DocgenError } from '../diagnostics/index.js';
import type { LockWait } from '../processes/index.js';

export interface TranslationsOptions {
  siteDir: string;
  /** Only this locale; every locale but the default one when absent. */
  locale?: string;
  onWait?: (wait: LockWait) => void;
}

/** The counts of a locale's section: a docs version, the blog, the pages. */
export interface TranslationSummary {
  locale: string;
  section: PageTranslation['section'];
  docs?: PageTranslation['docs'];
  translated: number;
  outdated: number;
  missing: number;
}

export interface TranslationsReport {
  defaultLocale: string;
  /** Every page of the locales asked for, by locale, section and path. */
  pages: PageTranslation[];
  summaries: TranslationSummary[];
  /** Why no translation could be found outdated (git has no history to give), and the site's own warnings. */
  diagnostics: Diagnostic[];
}

export async function readTranslations(options: TranslationsOptions): Promise<TranslationsReport> {
  const config = readConfig(options.siteDir);
  const { defaultLocale, locales } = config.i18n;
  if (options.locale && (!locales.includes(options.locale) || options.locale === defaultLocale)) {
    const others = locales.filter((locale) => locale !== defaultLocale);
    throw new DocgenError(
      options.locale === defaultLocale
        ? `"${options.locale}" is the default locale: its pages are the sources of the translations`
        : `Unknown locale "${options.locale}"`,
      { code: 'usage', hint: others.length > 0 ? `Translated locales: ${others.join(', ')}.` : 'The site has no other locale.' },
    );
  }
  const { manifest, diagnostics } = await loadSite({ siteDir: options.siteDir, config, histories: true, onWait: options.onWait });
  const pages = (manifest.translations ?? []).filter((page) => !options.locale || page.locale === options.locale);
  return {
    defaultLocale,
    pages,
    summaries: summarize(pages),
    diagnostics: diagnostics.filter((diagnostic) => diagnostic.code === 'translation-status'),
  };
}

/** A summary per locale and section, in the order the pages come. */
function summarize(pages: PageTranslation[]): TranslationSummary[] {
  const summaries = new Map<string, TranslationSummary>();
  for (const page of pages) {
    const key = [page.locale, page.section, page.docs?.instance, page.docs?.version].join('\0');
    let summary = summaries.get(key);
    if (!summary) {
      summary = {
        locale: page.locale,
        section: page.section,
        ...(page.docs && { docs: page.docs }),
        translated: 0,
        outdated: 0,
        missing: 0,
      };
      summaries.set(key, summary);
    }
    summary[page.status]++;
  }
  return [...summaries.values()];
}
